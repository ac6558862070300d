"""Every posting the source parsers make of a large, varied set of bodies, as JSON lines: the
equality check of parsing speed work (bench/derive_dump.py is derivation's).

Run: `.venv/bin/python -m bench.parse_dump OUT.jsonl` on main, again on the branch, then `cmp`
the two files: a change that only makes parsing faster must leave them identical. Not collected
by pytest.

What is parsed (deterministic: fixed seeds, files read in sorted order):

- the source fixtures (tests/boards/**/fixtures) and the real platform samples under
  /work/shared/platform-samples/ (read here at run time only, when present; tests never read it),
  each through every pure parser of boards/sources that accepts it (a parser's error is written
  too: a refusal must stay the same refusal);
- bench.check_pipeline's board (10,000 `content=true` jobs) and bench.big_board's plain listings;
- the text helpers (`html_to_text`, `clean_text`, `payload.text`) on every string of those files,
  every string literal of the test suite (tests/**/*.py, read with `ast`), bench.derive's hostile
  inputs, and each of these entity-escaped (as Greenhouse sends posting text), with carriage
  returns, with no-break spaces and wrapped in markup.

Each posting is written as the parser made it and as `payload.clean_posting` (the parse boundary
of `registry.read`) leaves it.
"""

from __future__ import annotations

import copy
import dataclasses
import html
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bench.big_board import listings
from bench.check_pipeline import build_listing
from bench.derive import hostile_inputs
from bench.derive_dump import dump_line, json_strings, test_literals, write_dump
from boards.sources import (
    amazon,
    apple,
    ashby,
    eightfold,
    google,
    greenhouse,
    icims,
    jsonld,
    lever,
    oracle,
    payload,
    recruitee,
    smartrecruiters,
    successfactors,
    successfactors_rmk,
    workable,
    workday,
)
from boards.sources.base import BoardRef, Posting
from boards.sources.text import clean_text, html_to_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = Path("/work/shared/platform-samples")
BOARD = BoardRef(platform="greenhouse", board_url="https://example.com/acme", fetch_host="example.com", key="acme")
SITE = eightfold.Site(origin="https://acme.eightfold.ai", domain="acme.com", company="Acme")
Parser = Callable[[bytes], Any]


def main(argv: list[str]) -> int:
    return write_dump(argv, "bench.parse_dump", lines)


def lines() -> Iterator[str]:
    files = sorted((ROOT / "tests").rglob("fixtures/*"))
    if SAMPLES.is_dir():
        files += sorted(path for path in SAMPLES.iterdir() if path.is_file())
    bodies = [
        (path.name if path.is_relative_to(SAMPLES) else str(path.relative_to(ROOT)), path.read_bytes())
        for path in files
    ]
    before, after = listings(2_000)
    generated = [
        ("check_pipeline", build_listing(10_000)),
        ("check_pipeline plain", build_listing(1_000, content=False)),
        ("big_board before", before),
        ("big_board after", after),
    ]
    for name, body in bodies + generated:
        for platform, parse in _parsers():
            yield from _parsed(f"{name} {platform}", parse, body)
    strings: set[str] = set()
    for _, body in bodies:
        strings |= _body_strings(body)
    strings |= test_literals(shortest=0, longest=200_000)
    strings |= set(hostile_inputs().values())
    for number, value in enumerate(sorted(strings)):
        for variant, text in _variants(value):
            yield dump_line("text", f"{number} {variant}", _texts(text))


def _parsers() -> list[tuple[str, Parser]]:
    def page(read: Callable[[Any], Any]) -> Parser:
        return lambda body: read(json.loads(body))

    def detail(read: Callable[[Any, Posting], None]) -> Parser:
        def parse(body: bytes) -> Posting:
            posting = Posting(id="1", title="Engineer")
            read(body, posting)
            return posting

        return parse

    return [
        ("greenhouse", lambda body: greenhouse.parse(body, BOARD)),
        ("ashby", lambda body: ashby.parse(body, BOARD)),
        ("lever", lambda body: lever.parse(body, BOARD)),
        ("recruitee", lambda body: recruitee.parse(body, BOARD)),
        ("smartrecruiters", lambda body: smartrecruiters.parse_page(body, BOARD)),
        ("workable", lambda body: workable.parse(body, BOARD)),
        ("icims search", lambda body: icims.parse_search(body, BOARD)),
        ("icims sitemap", lambda body: icims.parse_sitemap(body, BOARD)),
        ("icims detail", detail(icims.parse_detail)),
        ("successfactors rss", lambda body: successfactors.parse_rss(body, BOARD)),
        ("successfactors search", lambda body: successfactors.parse_search(body, BOARD)),
        ("successfactors_rmk", lambda body: successfactors_rmk.parse_feed(body, BOARD)),
        ("html", lambda body: jsonld.parse_jsonld(body, base_url="https://example.com/careers", company="Acme")),
        ("google", google.parse_sitemap),
        ("amazon", page(amazon.parse_page)),
        ("apple", page(apple.parse_page)),
        ("eightfold", page(lambda data: eightfold.parse_page(data, SITE))),
        ("eightfold detail", detail(lambda body, posting: eightfold.parse_detail(json.loads(body), posting))),
        ("oracle", page(lambda data: oracle.parse_page(data, BOARD))),
        ("workday", page(lambda data: workday.parse_page(data, BOARD))),
        ("workday detail", detail(lambda body, posting: workday.parse_detail(json.loads(body), posting))),
    ]


def _parsed(name: str, parse: Parser, body: bytes) -> Iterator[str]:
    try:
        found = parse(body)
    except Exception as error:  # a refusal must stay the same refusal
        yield dump_line("refused", name, {"error": f"{type(error).__name__}: {error}"})
        return
    if isinstance(found, Posting):
        found = [found]
    elif not isinstance(found, list):
        yield dump_line("page", name, {"total": found.total})
        found = found.postings
    for number, posting in enumerate(found):
        yield dump_line("posting", f"{name} {number}", dataclasses.asdict(posting))
        cleaned = payload.clean_posting(copy.deepcopy(posting))
        yield dump_line("cleaned", f"{name} {number}", dataclasses.asdict(cleaned))


def _body_strings(body: bytes) -> set[str]:
    try:
        return set(json_strings(json.loads(body)))
    except ValueError:
        text = body.decode("utf-8", "replace")
        return {text, *(chunk for chunk in text.split("\n\n") if chunk.strip())}


def _variants(value: str) -> Iterator[tuple[str, str]]:
    yield "as is", value
    yield "escaped", html.escape(value)
    yield "escaped unquoted", html.escape(value, quote=False)
    yield "crlf", value.replace("\n", "\r\n")
    yield "escaped crlf", html.escape(value.replace("\n", "\r\n"))
    yield "nbsp", value.replace(" ", "\u00a0 ", 3).replace("  ", "&nbsp; ")
    yield "wrapped", f"<div><p>{value}</p>\n<ul><li>{value[:40]}</li><li>\t{value[-40:]}  </li></ul>x<br>y</div>"
    yield "escaped wrapped", html.escape(f"<p>{value}</p><script>no</script><br/>&nbsp;{value[:20]}&#39;")


def _texts(value: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name, read in (
        ("html_to_text", html_to_text),
        ("clean_text", clean_text),
        ("clean_text 300", lambda text: clean_text(text, 300)),
        ("text", payload.text),
    ):
        try:
            found[name] = read(value)
        except Exception as error:  # a failure must stay the same failure
            found[name] = f"{type(error).__name__}: {error}"
    return found


if __name__ == "__main__":
    sys.exit(main(sys.argv))
