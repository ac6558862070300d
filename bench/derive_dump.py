"""Every derived field of a large, varied set of postings, as JSON lines: the equality check of
derivation speed work.

Run: `.venv/bin/python -m bench.derive_dump OUT.jsonl` on main, again on the branch, then
`diff` (or `cmp`) the two files: a change that only makes derivation faster must leave them
identical. The line count is the number of postings compared. Not collected by pytest.

What is derived (deterministic: fixed seeds, files read in sorted order):

- bench.derive's own board of 10,000 postings and its hostile inputs;
- every string literal of the test suite (tests/**/*.py, read with `ast`), which holds the phrasing
  tables (salary, experience, visa, remote scope, employment, levels...): each as a description,
  as a title, as a location, and uppercased;
- the source fixtures (tests/boards/**/fixtures) and the real platform samples under
  /work/shared/platform-samples/ (read here at run time only, when present; tests never read it),
  each parsed by every source parser that accepts it, and every string value inside them;
- seeded random postings mixing all of the above (descriptions of several fragments around
  bench.derive's paragraphs, titles, locations, other locations, platform hints and structured
  fields), which is where readers' windows and prechecks meet text they did not expect;
- the readers' own `str` entry points (salary_from_text, experience_from_text, workplace_type,
  scope_from_text, visa_sponsorship_of, seniority_of) on each literal;
- each posting's description fingerprint (matching/identity.py), which `group` and `vacancy` only
  show through a hash, and not at all beside a requisition id.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bench.derive import (
    ABOUT,
    BENEFITS,
    CLOSING,
    LOCATIONS,
    PAY,
    REQUIREMENTS,
    ROLE,
    TEAM,
    TITLES,
    board,
    hostile_inputs,
)
from boards.derive import derive_job, experience_from_text, salary_from_text, seniority_of, workplace_type
from boards.derive.remote_scope import scope_from_text
from boards.derive.visa import visa_sponsorship_of
from boards.sources import (
    amazon,
    ashby,
    greenhouse,
    icims,
    jsonld,
    lever,
    oracle,
    recruitee,
    smartrecruiters,
    successfactors,
    successfactors_rmk,
    workable,
    workday,
)
from boards.sources.base import BoardRef, Posting, SalaryPeriod, StructuredSalary
from matching import identity

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = Path("/work/shared/platform-samples")
RANDOM_POSTINGS = 12_000
PARAGRAPHS = [
    ABOUT,
    ROLE,
    TEAM,
    REQUIREMENTS.format(years="5+"),
    BENEFITS,
    CLOSING,
    *(p.format(low=120, high=160) for p in PAY),
]
HINTS = ["", "", "remote", "Hybrid", "on-site", "ONSITE", "Remote - US", "flexible", "telecommute"]
EMPLOYMENT = ["", "", "FULL_TIME", "Intern", "Part-time", "contract", "Temporary", "Contractor", "Full-time; Contract"]
PERIODS: list[SalaryPeriod | None] = [None, "year", "month", "week", "day", "hour"]


def main(argv: list[str]) -> int:
    return write_dump(argv, "bench.derive_dump", lines)


def write_dump(argv: list[str], program: str, dump: Callable[[], Iterator[str]]) -> int:
    """Write `dump()`'s lines to the one file `argv` names (bench.parse_dump shares it)."""
    if len(argv) != 2:
        print(f"usage: python -m {program} OUT.jsonl", file=sys.stderr)
        return 2
    count = 0
    with open(argv[1], "w", encoding="utf-8") as out:
        for line in dump():
            out.write(line + "\n")
            count += 1
    print(f"{count} lines written to {argv[1]}")
    return 0


def lines() -> Iterator[str]:
    literals = sorted(test_literals())
    sample_postings, sample_strings = samples()
    strings = sorted(set(literals) | sample_strings)
    for number, posting in enumerate(postings(strings, sample_postings)):
        yield dump_line("job", number, _job(posting))
    for number, text in enumerate(strings):
        yield dump_line("readers", number, _readers(text))
    for name, text in sorted(hostile_inputs().items()):
        yield dump_line("hostile", name, _readers(text))


def postings(strings: list[str], sample_postings: list[tuple[str, Posting]]) -> Iterator[tuple[str, Posting]]:
    for posting in board():
        yield "greenhouse", posting
    for name, text in sorted(hostile_inputs().items()):
        yield "greenhouse", Posting(id=name, title=text[:300], location=text[:300], description=text)
    yield from sample_postings
    short = [text for text in strings if len(text) <= 200]
    for number, text in enumerate(strings):
        yield "greenhouse", Posting(id=f"d{number}", title="Engineer", description=text)
        yield "greenhouse", Posting(id=f"U{number}", title="Engineer", description=text.upper())
        if len(text) <= 300:
            yield "greenhouse", Posting(id=f"t{number}", title=text, location="Remote", description="")
            yield "lever", Posting(id=f"l{number}", title="Engineer", location=text, other_locations=[text, "Remote"])
    rng = random.Random(19)
    for number in range(RANDOM_POSTINGS):
        yield rng.choice(["greenhouse", "html", "lever", "workday"]), _random_posting(rng, number, strings, short)


def _random_posting(rng: random.Random, number: int, strings: list[str], short: list[str]) -> Posting:
    parts = [rng.choice(strings) for _ in range(rng.randrange(1, 6))]
    parts += rng.sample(PARAGRAPHS, rng.randrange(0, 4))
    rng.shuffle(parts)
    separator = rng.choice(["\n", " ", ". ", "\n\n", " - "])
    salary = None
    if rng.random() < 0.1:
        low = rng.choice([None, 0.0, 15.0, 52_000.0, 120_000.0, 1e12, float("nan")])
        high = rng.choice([None, 25.0, 80_000.0, 150_000.0])
        salary = StructuredSalary(low, high, rng.choice([None, "USD", "EUR", "GBP", "INR", "usd"]), rng.choice(PERIODS))
    return Posting(
        id=rng.choice(["", str(number), f"https://example.com/jobs/{number}"]),
        title=rng.choice([rng.choice(TITLES), rng.choice(short), f"{rng.choice(TITLES)} ({rng.choice(short)})"]),
        company=rng.choice(["Acme", "", rng.choice(short), "Robert Half", "TEKsystems Staffing"]),
        location=rng.choice([rng.choice(LOCATIONS), rng.choice(short), ""]),
        other_locations=[rng.choice([*LOCATIONS, *short]) for _ in range(rng.randrange(0, 4))],
        department=rng.choice(["", "Engineering", rng.choice(short)]),
        url=rng.choice(["", f"https://example.com/jobs/{number}"]),
        posted_at=rng.choice([None, "2026-10-01"]),
        description=separator.join(parts),
        salary=salary,
        workplace_hint=rng.choice(HINTS),
        employment_type=rng.choice(EMPLOYMENT),
        experience_years=rng.choice([None, None, None, 3.0, 60.0, -1.0, float("inf")]),
        remote_scope_hints=[rng.choice(short) for _ in range(rng.randrange(0, 3))] if rng.random() < 0.2 else [],
        requisition_id=rng.choice(["", "", "R-1", rng.choice(short)]),
    )


def test_literals(shortest: int = 2, longest: int = 20_000) -> set[str]:
    """Every string constant of the test suite (the phrasing tables among them)."""
    found: set[str] = set()
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and shortest <= len(node.value) <= longest
            ):
                found.add(node.value)
    return found


BOARD = BoardRef(platform="greenhouse", board_url="https://example.com/acme", fetch_host="example.com", key="acme")
Parser = Callable[[bytes], list[Posting]]


def _parsers() -> list[tuple[str, Parser]]:
    def page(read: Callable[[Any], Any]) -> Parser:
        def parse(body: bytes) -> list[Posting]:
            found = read(json.loads(body))
            jobs = found[1] if isinstance(found, tuple) else getattr(found, "postings", found)
            return [job for job in jobs if isinstance(job, Posting)]

        return parse

    return [
        ("greenhouse", lambda body: greenhouse.parse(body, BOARD)),
        ("ashby", lambda body: ashby.parse(body, BOARD)),
        ("lever", lambda body: lever.parse(body, BOARD)),
        ("recruitee", lambda body: recruitee.parse(body, BOARD)),
        ("smartrecruiters", lambda body: smartrecruiters.parse(body, BOARD)),
        ("workable", lambda body: workable.parse(body, BOARD)),
        ("icims", lambda body: icims.parse_search(body, BOARD)),
        ("successfactors", lambda body: successfactors.parse_rss(body, BOARD)),
        ("successfactors_rmk", lambda body: successfactors_rmk.parse_feed(body, BOARD)),
        ("html", lambda body: jsonld.parse_jsonld(body, base_url="https://example.com/careers")),
        ("amazon", page(amazon.parse_page)),
        ("oracle", page(lambda data: oracle.parse_page(data, BOARD))),
        ("workday", page(lambda data: workday.parse_page(data, BOARD))),
    ]


def samples() -> tuple[list[tuple[str, Posting]], set[str]]:
    """The fixtures' and platform samples' postings (every parser that accepts a file) and strings."""
    files = sorted((ROOT / "tests").rglob("fixtures/*"))
    if SAMPLES.is_dir():
        files += sorted(path for path in SAMPLES.iterdir() if path.is_file())
    found: list[tuple[str, Posting]] = []
    strings: set[str] = set()
    for path in files:
        body = path.read_bytes()
        for platform, parse in _parsers():
            try:
                found += [(platform, posting) for posting in parse(body)]
            except Exception:  # a parser that refuses this file is not its parser
                continue
        try:
            strings |= set(json_strings(json.loads(body)))
        except ValueError:
            text = body.decode("utf-8", "replace")
            strings |= {chunk for chunk in text.split("\n\n") if chunk.strip()}
    return found, {text for text in strings if 2 <= len(text) <= 20_000}


def json_strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from json_strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from json_strings(value)


def _job(item: tuple[str, Posting]) -> dict[str, Any]:
    platform, posting = item
    try:
        job = derive_job(posting, platform=platform)
    except Exception as error:  # a failure must stay the same failure
        return {"error": f"{type(error).__name__}: {error}"}
    row = {field.name: getattr(job, field.name) for field in dataclasses.fields(job)}
    row["salary"] = dataclasses.asdict(job.salary) if job.salary is not None else None
    # The fingerprint itself, as derive_job computes it: `group` hides it behind a requisition.
    row["fingerprint"] = identity.description_fingerprint(
        posting.description or "", locations=(job.location, *job.other_locations)
    )
    return row


def _readers(text: str) -> dict[str, Any]:
    try:
        return _read(text)
    except Exception as error:  # a failure must stay the same failure
        return {"error": f"{type(error).__name__}: {error}"}


def _read(text: str) -> dict[str, Any]:
    return {
        "salary": dataclasses.asdict(found) if (found := salary_from_text(text)) is not None else None,
        "experience": experience_from_text(text),
        "workplace": workplace_type(title=text[:300], location=text[:300], description=text),
        "scope": scope_from_text(text.lower()),
        "visa": visa_sponsorship_of(text),
        "seniority": seniority_of(text[:500]),
    }


def dump_line(kind: str, name: object, row: dict[str, Any]) -> str:
    return json.dumps({"kind": kind, "name": name, **row}, default=repr, ensure_ascii=True, sort_keys=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
