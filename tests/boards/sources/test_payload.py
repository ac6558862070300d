"""payload.py: the one reader of loosely typed platform values.

Real payloads send ids as numbers (Greenhouse and Recruitee `id`, Eightfold's position `id`) and
text fields as strings. So `text` keeps strings only — a number in a text field is not text, and
"3.0" or "nan" must never be stored — while ids go through `identifier`, which writes a number as
its digits; posting text goes through `markup`, which keeps its line breaks for html_to_text."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boards.sources import eightfold, greenhouse, payload, recruitee
from boards.sources.base import BoardRef, Posting, ReadContext, Response
from boards.sources.payload import (
    MAX_OTHER_LOCATIONS,
    TEXT_LIMITS,
    clean_posting,
    clean_text,
    identifier,
    listed,
    listed_objects,
    listed_postings,
    load_json,
    markup,
    others,
    recognised_postings,
    text,
)
from boards.sources.registry import read, recognize
from boards.sources.text import html_to_text
from tests.boards.sources.fakes import FakeFetch, fixture_bytes
from watchtower.errors import AppError


@pytest.mark.parametrize(
    ("value", "expected"),
    [("  Night  Stocker\tClerk ", "Night Stocker Clerk"), (3, ""), (3.5, ""), (True, ""), (None, ""), ({}, "")],
)
def test_text_is_strings_only_with_whitespace_collapsed(value, expected):
    assert text(value) == expected


# Spaces at either end, doubled, beside other whitespace and controls: where the quick path ends.
_SPACED_TEXT = st.text(st.sampled_from([" ", "\t", "\n", "\x00", "\u00a0", "a", "é", "\ud83d"]), max_size=8)


@given(_SPACED_TEXT | st.text())
def test_text_is_its_collapse_whichever_path_it_takes(value: str) -> None:
    # The definition: `text`'s quick path hands back a field that is its own collapse as it is.
    assert text(value) == " ".join(clean_text(value).split())


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (7434393, "7434393"),
        (481080000001.0, "481080000001"),
        (2.5, "2.5"),
        (" R-12 ", "R-12"),
        (True, ""),
        (math.nan, ""),
        (None, ""),
    ],
)
def test_an_identifier_may_be_a_number(value, expected):
    assert identifier(value) == expected


def test_markup_keeps_line_breaks_and_refuses_non_strings():
    assert markup("5+ years\nSalary: $100,000") == "5+ years\nSalary: $100,000"
    assert (markup(42), markup(None)) == (None, None)


def test_others_are_unique_case_insensitively_without_the_primary_and_capped():
    places = ["Berlin", " berlin ", "Paris", "", 7, "LONDON"] + [f"City {n}" for n in range(30)]

    result = others("London", places)

    assert result[:2] == ["Berlin", "Paris"]
    assert len(result) == MAX_OTHER_LOCATIONS


def test_a_body_that_is_not_json_is_a_parse_error_naming_the_platform():
    with pytest.raises(AppError) as raised:
        load_json(b"<html>", "oracle")

    assert (raised.value.code, raised.value.message.startswith("oracle returned")) == ("PARSE_ERROR", True)


def test_numeric_ids_in_recorded_payloads_become_posting_ids():
    board = BoardRef(
        platform="greenhouse", board_url="https://boards.greenhouse.io/airbnb", fetch_host="x", key="airbnb"
    )
    [first, *_] = greenhouse.parse(fixture_bytes("greenhouse-jobs-list.json"), board)
    recorded = json.loads(fixture_bytes("greenhouse-jobs-list.json"))["jobs"][0]["id"]

    assert isinstance(recorded, int)
    assert first.id == str(recorded)

    offers = recruitee.parse(fixture_bytes("recruitee-offers.json"), BoardRef("recruitee", "https://x", "x", "x"))
    assert offers[0].id == str(json.loads(fixture_bytes("recruitee-offers.json"))["offers"][0]["id"])


def test_an_eightfold_position_with_only_its_numeric_id_gets_its_url():
    """eightfold-shape.md: `id` is an integer; without `positionUrl` it is the URL's only source."""
    site = eightfold.Site(origin="https://acme.eightfold.ai", domain="acme.com", company="Acme")
    item = {"id": 481080000001, "displayJobId": 260000001, "name": "Engineer"}

    posting = eightfold.parse_position(item, site)

    assert posting is not None
    assert (posting.id, posting.url) == ("260000001", "https://acme.eightfold.ai/careers/job/481080000001")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("Chef \ud83d de cuisine", "Chef \ufffd de cuisine"),  # a lone surrogate, as JSON can escape it
        ("Rocket \ud83d\ude80", "Rocket \U0001f680"),  # a pair sent as two escapes is one character
        ("Nul\x00 byte", "Nul byte"),
        ("Bell\x07 and \x1b[31mcolour\x9b", "Bell and [31mcolour"),
        ("Tab\tand\nlines stay", "Tab\tand\nlines stay"),
        ("", ""),
    ],
)
def test_clean_text_leaves_only_text_every_store_accepts(value: str, expected: str) -> None:
    cleaned = clean_text(value, 100)
    assert cleaned == expected
    cleaned.encode("utf-8")  # never raises


def test_clean_text_caps_the_length() -> None:
    assert clean_text("x" * 10_000, 300) == "x" * 300


# What clean_text drops, and what text collapses, said once as a regular expression: the functions
# find clean text without one (boards/sources/text.py `_is_clean`), so any string must agree.
_DROPPED = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_RUN = re.compile(r"\s+")
_CHARACTERS = st.one_of(
    st.characters(codec=None),
    st.sampled_from("\x00\x07\t\n\r\x0b\x0c\x1f\x7f\x80\x9f\xa0\xc2\u2028\u3000\ud83d\ude80\ufffe é–"),
)


@settings(max_examples=500, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(_CHARACTERS, max_size=60))
def test_clean_text_drops_exactly_controls_and_joins_or_replaces_surrogates(value: str) -> None:
    expected = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    expected = _DROPPED.sub("", expected)
    assert clean_text(value) == expected
    assert clean_text(value, 5) == expected[:5]
    assert text(value) == _RUN.sub(" ", expected).strip()


def test_every_posting_a_source_reads_comes_out_cleaned(fake_fetch: FakeFetch) -> None:
    """`registry.read` is the parse boundary: whatever the source, its postings leave it clean."""
    jobs = [
        {"id": 1, "title": "Bad \ud83d title\x00", "location": {"name": "L" * 5000}, "absolute_url": "https://x/1"},
        {"id": 2, "title": "Good", "departments": [{"name": "Eng\x1b"}], "absolute_url": "https://x/2"},
    ]
    body = json.dumps({"jobs": jobs, "meta": {"total": 2}}).encode()  # ASCII, with "\ud83d" escaped
    board = recognize("https://boards.greenhouse.io/acme")
    fake_fetch.handler = lambda request: Response(url=request.url, status=200, headers={}, body=body)

    first, second = read(board, fake_fetch).postings

    assert first.title == "Bad \ufffd title"
    assert first.location == "L" * TEXT_LIMITS["location"]
    assert second.department == "Eng"


class _Text(str):
    """A string of another type (a source bug): cleaned as a string, its type not asked for."""


def _cleaned_by_loop(posting: Posting) -> Posting:
    """`clean_posting`'s text fields as the loop over TEXT_LIMITS it replaces cleaned them."""
    for name, limit in TEXT_LIMITS.items():
        value = getattr(posting, name)
        if isinstance(value, str):
            if not (value.isprintable() and len(value) <= limit):
                setattr(posting, name, clean_text(value, limit))
        elif value is not None:
            setattr(posting, name, "" if name != "posted_at" else None)
    return posting


_FIELD_VALUES = st.one_of(
    st.text(_CHARACTERS, max_size=12),
    st.text(min_size=199, max_size=202, alphabet="ab \n"),  # around the shorter limits
    st.text(max_size=5).map(_Text),
    st.none(),
    st.integers(),
    st.just(["a list"]),
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.fixed_dictionaries({}, optional={name: _FIELD_VALUES for name in TEXT_LIMITS if name != "id"}))
def test_a_postings_fields_are_cleaned_as_by_a_loop_over_their_limits(fields: dict[str, Any]) -> None:
    def posting() -> Posting:
        return Posting(**{"id": "1", "title": "", **fields})

    expected = _cleaned_by_loop(posting())
    cleaned = clean_posting(posting())
    for name in TEXT_LIMITS:
        assert getattr(cleaned, name) == getattr(expected, name)
        assert type(getattr(cleaned, name)) is type(getattr(expected, name))


LISTING = b'{"jobs": [{"id": 1, "title": "iOS"}, 2, {"id": 3, "tags": ["a", {"b": null}]}], "meta": {"total": 3}}'


@pytest.mark.parametrize(
    "body",
    [
        LISTING,
        b' {"meta": {}, "jobs" : [ ] }\n',
        b'{"jobs": [{"id": 1}], "jobs": [{"id": 2}, {"id": 3}]}',  # the last of a repeated name wins
        b'{"jobs":[{"id":1},{"id":2},3,{"id":4}]}',  # compact: no space after the separators
        b'{"jobs": [\n\t{"id": 1}\r\n ,\t{"id": 2} \n]\n}',  # every kind of whitespace around them
        b'{"jobs": 5, "jobs": [{"id": 1}]}',
        b'{"\\u006aobs": [{"id": 1, "id": 2, "pay": NaN}]}',
        b"\xef\xbb\xbf" + LISTING,  # a byte order mark, as json.loads takes one
        '{"jobs": [{"title": "Caf\u00e9 \U0001f680"}]}'.encode("utf-16"),
    ],
)
def test_a_listing_is_read_object_by_object_into_what_json_loads_reads(body: bytes) -> None:
    objects = listed_objects(body, "greenhouse", "jobs")

    assert list(objects) == listed(body, "greenhouse", "jobs")[1]
    assert [json.loads(objects.raw(index)) for index in range(len(objects))] == list(objects)


def outcome(read, body: bytes) -> object:
    """The objects `read` finds in `body`, or its error's code and message."""
    try:
        return list(read(body, "greenhouse", "jobs"))
    except AppError as exc:
        return (exc.code, exc.message)


def objects_of_listed(body: bytes, platform: str, key: str) -> list[dict]:
    return listed(body, platform, key)[1]


BOARD = BoardRef(platform="greenhouse", board_url="https://boards.greenhouse.io/acme", fetch_host="x", key="acme")
# The raw fingerprint of the first object of LISTING: a posting the board holds.
HELD_FINGERPRINT = payload._raw_digest(payload._raw_prefix(BOARD, "v1"), '{"id": 1, "title": "iOS"}')
HELD = ReadContext(raw_version="v1", known=frozenset({HELD_FINGERPRINT}))


def _built(item: Mapping[str, Any]) -> Posting | None:
    """A posting of each object with an id (None for the others); an id of "boom" raises."""
    if item.get("id") == "boom":
        raise KeyError("boom")
    return Posting(id=str(item["id"]), title=str(item.get("title", ""))) if "id" in item else None


def two_steps(context: ReadContext) -> Callable[[bytes, str, str], object]:
    def read(body: bytes, platform: str, key: str) -> object:
        return recognised_postings(listed_objects(body, platform, key), BOARD, context, _built)

    return read


def one_walk(context: ReadContext) -> Callable[[bytes, str, str], object]:
    def read(body: bytes, platform: str, key: str) -> object:
        return listed_postings(body, platform, key, BOARD, context, _built)

    return read


def read_outcome(read: Callable[[bytes, str, str], object], body: bytes) -> object:
    """What `read` makes of `body`: the postings (with their fingerprints) and the recognised
    positions, or the error's kind and message."""
    try:
        postings, recognised = cast(tuple[list[Posting], dict[int, str]], read(body, "greenhouse", "jobs"))
    except Exception as exc:
        return (type(exc).__name__, getattr(exc, "code", ""), str(exc))
    return [(posting, posting.fingerprint) for posting in postings], recognised


@pytest.mark.parametrize(
    "body",
    [
        b"<html>",
        b"",
        b'{"jobs": [{"id": 1},]}',
        b'{"jobs": [{"id": 1}],}',
        b'{"jobs": [{"id": 1}]} {}',
        b'{"jobs": [{"id": 1} {"id": 2}]}',
        b'{"jobs": [{"id": "\x01"}]}',
        b'{"jobs": [{"id": "\xff"}]}',
        b'{"jobs": [{"id": 1}]',
        b'{"jobs": [{"id": 1}], "jobs": {}}',
        b"{}",
        b"[]",
    ],
)
def test_a_body_that_is_not_a_listing_fails_as_json_loads_says(body: bytes) -> None:
    failure = outcome(listed_objects, body)

    assert isinstance(failure, tuple) and failure[0] == "PARSE_ERROR"
    assert failure == outcome(objects_of_listed, body)
    for context in (ReadContext(), HELD):
        assert read_outcome(one_walk(context), body) == read_outcome(two_steps(context), body)


@pytest.mark.parametrize(
    "body",
    [
        LISTING,
        b' {"meta": {}, "jobs" : [ ] }\n',
        b'{"jobs": [{"id": 1, "title": "iOS"}], "jobs": [{"id": 2}, {"id": 3}]}',  # the last list wins
        b'{"jobs": [{"id": 1, "title": "iOS"}, {"id": 2}], "jobs": 5, "jobs": [{"id": 3}]}',
        b'{"jobs": [{"id": 1, "title": "iOS"}, {"id": "boom"}, {"id": 3}]}',  # build raises
        b'{"jobs": [{"id": "boom"}, {"id": 3}]',  # ... in a body that is not JSON: the JSON error
        b'{"jobs": [{"id": 1, "title": "iOS"}, {"id": 2}]} {}',
    ],
)
def test_postings_built_in_the_walk_are_those_of_the_two_steps(body: bytes) -> None:
    for context in (ReadContext(), HELD):
        assert read_outcome(one_walk(context), body) == read_outcome(two_steps(context), body)
    postings, recognised = listed_postings(LISTING, "greenhouse", "jobs", BOARD, HELD, _built)
    assert recognised == {0: HELD_FINGERPRINT} and [posting.id for posting in postings] == ["3"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=len(LISTING)),
            st.integers(min_value=0, max_value=2),
            st.sampled_from(["{", "}", "[", "]", ",", ":", '"', " ", "\\", "1", "jobs", '"jobs"', "null", "\u00e9"]),
        ),
        max_size=3,
    )
)
def test_any_edit_of_a_listing_reads_as_json_loads_reads_it(edits: list[tuple[int, int, str]]) -> None:
    text = LISTING.decode()
    for at, cut, insert in edits:
        text = text[:at] + insert + text[at + cut :]
    body = text.encode()

    assert outcome(listed_objects, body) == outcome(objects_of_listed, body)
    assert read_outcome(one_walk(HELD), body) == read_outcome(two_steps(HELD), body)


_MARKUP = st.lists(
    st.one_of(
        st.text(_CHARACTERS, max_size=8), st.sampled_from(["<br>", "<p>", "</p>", "<li>", "&lt;br&gt;", "&amp;"])
    ),
    max_size=12,
).map("".join)


@pytest.mark.parametrize("value", ["<br>\ufffe", "<p>x</p>\uffffy", "<li>a</li>\ufffeb<br>c"])
def test_html_to_text_drops_what_xml_refuses_after_a_block(value: str) -> None:
    """U+FFFE and U+FFFF: libxml2's parser keeps them in a block's tail, lxml refuses them when
    the line break is written back, which failed a whole board's read."""
    assert "\ufffe" not in html_to_text(value) and "\uffff" not in html_to_text(value)


@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(_MARKUP)
def test_html_to_text_reads_any_fragment(value: str) -> None:
    assert isinstance(html_to_text(value), str)


# Any code point, lone surrogates too (JSON's "\ud83d" escapes decode to them).
_ANY_TEXT = st.text(st.characters(blacklist_categories=()))


@given(_ANY_TEXT, _ANY_TEXT)
def test_a_listings_digester_gives_each_objects_raw_digest(prefix: str, raw: str) -> None:
    # "surrogatepass" writes each code point alone: the joined text's bytes are the two texts'.
    assert payload._raw_digester(prefix)(raw) == payload._raw_digest(prefix, raw)
    assert payload._raw_digester("v|\ud83d")("\ude00" + raw) == payload._raw_digest("v|\ud83d", "\ude00" + raw)
