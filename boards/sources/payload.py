"""Reading platform payloads: loosely typed JSON values, and the enriched-listing fallback.

Platform payloads are untrusted: a field documented as a string may be null, a number or an
object. These helpers return an empty value for anything of the wrong type, so a parser never
raises on a surprising field and never stores "None", "3.0" or "[object]" as text. Ids are the
exception: real payloads send them as numbers (Greenhouse and Recruitee `id`, Eightfold's position
`id`), so an id is read with `identifier`, which writes a number as its digits, never with `text`.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, TypedDict

from boards.sources.base import (
    BoardRef,
    Fetch,
    Posting,
    ReadContext,
    Request,
    Response,
    SalaryPeriod,
    StructuredSalary,
)
from boards.sources.paging import first_response
from boards.sources.text import clean_text, html_to_text
from watchtower.errors import AppError

MAX_OTHER_LOCATIONS = 20

_NUMBER = re.compile(r"^[+-]?\d+(?:\.\d+)?$")
_PERIODS: tuple[tuple[re.Pattern[str], SalaryPeriod], ...] = (
    (re.compile(r"year|annual|annum|\byr\b|yearly"), "year"),
    (re.compile(r"month|\bmo\b"), "month"),
    (re.compile(r"week|\bwk\b"), "week"),
    (re.compile(r"hour|\bhr\b"), "hour"),
    (re.compile(r"\bday\b|daily|\bdays\b|per-day"), "day"),
)


# The longest a posting's field may be once read (SPEC §3.3 serves these to agents as given): longer
# text is cut here, before derivation, so the stored job, its filter columns and the events agree.
# The database columns (boards.models.JobFields) are wider than these.
TEXT_LIMITS = {
    "id": 200,
    "title": 300,
    "company": 200,
    "location": 300,
    "department": 200,
    "url": 2048,
    "posted_at": 64,
    "workplace_hint": 200,
    "employment_type": 200,
    "description": 200_000,
}
CURRENCY_LIMIT = 8


def clean_posting(posting: Posting) -> Posting:
    """Every text field of a posting as `clean_text` leaves it. `registry.read` applies this to
    each posting of every source, so no source can hand on text the store cannot hold."""
    _clean_fields(posting)
    if posting.other_locations != []:  # most postings have none
        places = (
            clean_text(place, TEXT_LIMITS["location"])
            for place in posting.other_locations[:MAX_OTHER_LOCATIONS]
            if isinstance(place, str)
        )
        posting.other_locations = [place for place in places if place]
    if posting.remote_scope_hints != []:
        areas = (
            clean_text(area, TEXT_LIMITS["location"])
            for area in posting.remote_scope_hints[:MAX_OTHER_LOCATIONS]
            if isinstance(area, str)
        )
        posting.remote_scope_hints = [area for area in areas if area]
    salary = posting.salary
    if salary is not None and salary.currency:
        posting.salary = replace(salary, currency=clean_text(salary.currency, CURRENCY_LIMIT) or None)
    return posting


def _cleaned(value: Any, name: str, limit: int) -> Any:
    """A posting's text field `name` as `clean_posting` leaves it."""
    if isinstance(value, str):
        # Nearly every field a source gives is clean already (`text` cleans what it reads), and
        # `clean_text` leaves printable text within its limit as it is.
        return value if value.isprintable() and len(value) <= limit else clean_text(value, limit)
    if value is not None:  # a source bug: a non-string where text belongs
        return "" if name != "posted_at" else None
    return value


def _compile_clean_fields() -> Callable[[Posting], None]:
    """`_cleaned` of each field of TEXT_LIMITS, written out field by field (as boards/job.py writes
    `ParsedJob.as_dict`): a plain `str` that is printable and within its limit, nearly every
    field of every posting, is left as it is without a call; anything else is set to what
    `_cleaned` makes of it. A loop over the names with `getattr` took 2.6 µs a posting, of a
    100,000-posting listing's read (tests/boards/sources/test_payload.py compares the two)."""
    lines = ["def clean_fields(posting):"]
    for name, limit in TEXT_LIMITS.items():
        lines += [
            f"    value = posting.{name}",
            f"    if not (type(value) is str and value.isprintable() and len(value) <= {limit}):",
            f"        posting.{name} = _cleaned(value, {name!r}, {limit})",
        ]
    namespace: dict[str, Any] = {"_cleaned": _cleaned}
    exec("\n".join(lines), namespace)  # the code above, made of TEXT_LIMITS alone
    compiled: Callable[[Posting], None] = namespace["clean_fields"]
    return compiled


_clean_fields = _compile_clean_fields()


def load_json(body: bytes, platform: str) -> Any:
    """Decode a platform response, or raise PARSE_ERROR (never a bare ValueError)."""
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise AppError("PARSE_ERROR", f"{platform} returned a body that is not JSON: {exc}") from None


def listed(body: bytes, platform: str, key: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A JSON object body and the objects of its `key` list (anything else in the list is skipped),
    or PARSE_ERROR: one rule for every platform that answers `{"<key>": [...], ...}`."""
    data = load_json(body, platform)
    items = data.get(key) if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise AppError("PARSE_ERROR", f"{platform} response has no {key} list")
    return data, [item for item in items if isinstance(item, dict)]


@dataclass(frozen=True)
class ListedObjects:
    """The objects of a listing's list (as `listed` gives them), held as their spans in the
    body's decoded text and decoded one at a time, when asked for: a 100,000-posting Greenhouse
    listing decoded whole was 200 MB of objects (from 53 MB of body), the peak of its check."""

    text: str
    starts: array[int]
    ends: array[int]

    def __len__(self) -> int:
        return len(self.starts)

    def raw(self, index: int) -> str:
        """The object's JSON text, as the body has it."""
        return self.text[self.starts[index] : self.ends[index]]

    def item(self, index: int) -> dict[str, Any]:
        item: dict[str, Any] = _SCAN(self.text, self.starts[index])[0]
        return item

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return (self.item(index) for index in range(len(self)))


# json's own scanners (C), which json.loads parses with: one value from an offset, with its end;
# one string's rest after its opening quote. Undocumented names: tests/boards/sources/test_payload.py
# fails if they change. Whitespace as RFC 8259 §2 (and json) has it.
_SCAN: Callable[[str, int], tuple[Any, int]] = json.JSONDecoder().scan_once  # type: ignore[attr-defined]
_SCANSTRING: Callable[[str, int, bool], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
_SPACE = re.compile(r"[ \t\n\r]*")
_SPACE_CHARACTERS = " \t\n\r"  # what `_SPACE` skips (`in` it: one of them, or "")


class _NotAListing(Exception):
    """The walk of `_list_spans` found no `{"<key>": [...]}` document (json.loads says why)."""


def listed_objects(body: bytes, platform: str, key: str) -> ListedObjects:
    """`listed`'s objects, without decoding the body into one list: the same objects in the same
    order, and for any other body the very error `listed` raises (it is called for that error:
    `json.loads`' own message, or no `key` list)."""
    try:
        return _list_spans(body.decode(json.detect_encoding(body), "surrogatepass"), key)  # as json.loads
    except (ValueError, RecursionError, StopIteration, _NotAListing):
        pass
    _, items = listed(body, platform, key)
    # Not reached while the walk accepts what json.loads does: the objects, re-encoded.
    return _list_spans(json.dumps({key: items}), key)


def _list_spans(text: str, key: str, collector: _Collector | None = None) -> ListedObjects:
    """Walk the top-level object of `text` as json.loads decodes it (the same whitespace, string
    and value scanners, the last of repeated names winning), each element of its `key` list
    decoded to validate it and let go at once; the spans of the elements that are objects.
    Anything else raises (ValueError, StopIteration from the scanner, `_NotAListing`)."""
    at = _skip_space(text, 0)
    if text[at : at + 1] != "{":
        raise _NotAListing
    at = _skip_space(text, at + 1)
    found: tuple[array[int], array[int]] | None = None
    closing = text[at : at + 1] == "}"
    if closing:
        at += 1
    while not closing:
        if text[at : at + 1] != '"':
            raise _NotAListing
        name, at = _SCANSTRING(text, at + 1, True)
        at = _skip_space(text, at)
        if text[at : at + 1] != ":":
            raise _NotAListing
        at = _skip_space(text, at + 1)
        if name == key and collector is not None:
            collector.start()  # the last list of a repeated name wins
        if name == key and text[at : at + 1] == "[":
            found, at = _element_spans(text, at, collector)
        else:
            _, at = _SCAN(text, at)
            if name == key:
                found = None
        at = _skip_space(text, at)
        closing = text[at : at + 1] == "}"
        if not closing and text[at : at + 1] != ",":
            raise _NotAListing
        at = _skip_space(text, at + 1)
    if _skip_space(text, at) != len(text) or found is None:
        raise _NotAListing
    return ListedObjects(text, *found)


def _element_spans(
    text: str, at: int, collector: _Collector | None = None
) -> tuple[tuple[array[int], array[int]], int]:
    """The spans of the objects of the list opening at `at`, and where the list ends; each
    object, as decoded, handed to `collector` too. Between two elements the separator is looked
    at first and the whitespace scanner run only where there is whitespace (`json.dumps` writes
    ", ", compact bodies ","): two calls of it an element were a sixth of the walk's own time.
    No names bound before the loop: under tracemalloc (bench/big_board.py's traced run) each of
    the scanner's allocations looks up its line in this function's line table from the start,
    and three such lines made the traced walk a fifth slower."""
    starts: array[int] = array("q")
    ends: array[int] = array("q")
    at = _skip_space(text, at + 1)
    if text[at : at + 1] == "]":
        return (starts, ends), at + 1
    while True:
        item, end = _SCAN(text, at)
        if isinstance(item, dict):
            starts.append(at)
            ends.append(end)
            if collector is not None:
                collector.visit(at, end, item)
        del item
        mark = text[end : end + 1]
        if mark in _SPACE_CHARACTERS:  # "" too (the end of the text): the scanner finds no space there
            end = _skip_space(text, end)
            mark = text[end : end + 1]
        if mark == "]":
            return (starts, ends), end + 1
        if mark != ",":
            raise _NotAListing
        at = end + 1
        if text[at : at + 1] in _SPACE_CHARACTERS:
            at = _skip_space(text, at)


def _skip_space(text: str, at: int) -> int:
    """`at`, past any whitespace (RFC 8259 §2, as json has it)."""
    space = _SPACE.match(text, at)
    assert space is not None  # the pattern matches nothing too
    return space.end()


def raw_fingerprint(raw: str, *, board: BoardRef, version: str) -> str:
    """32 hex digits identifying a raw posting object of `board` (its JSON text, `ListedObjects.raw`)
    as read under `version` (boards/fingerprint.py `source_version`: the derivation's version and
    the sources' code). A source builds its posting from the object and the board alone, so an
    equal fingerprint means an equal posting, cleaned, and an equal job."""
    return _raw_digest(_raw_prefix(board, version), raw)


def _raw_prefix(board: BoardRef, version: str) -> str:
    return f"{version}|{board!r}|"


def _raw_digest(prefix: str, raw: str) -> str:
    """The object's text as the body has it: the same object written otherwise (its fields in
    another order, other spacing) only costs a derivation. Cheaper than its decoded object's
    `repr` (which the text was decoded to validate anyway)."""
    text = prefix + raw
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _raw_digester(prefix: str) -> Callable[[str], str]:
    """`_raw_digest` with this prefix, for every object of a listing: the prefix hashed once and
    the hash's state copied for each object, instead of the prefix joined to each object's text
    and encoded and hashed with it (1.59 -> 1.30 µs an object, timeit; a check fingerprints every
    object of the listing, 100,000 on a big board's every changed read). The same digest: UTF-8
    (with "surrogatepass", which writes each code point alone) of a joined text is the two texts'
    bytes joined (tests/boards/sources/test_payload.py)."""
    seeded = hashlib.blake2b(prefix.encode("utf-8", "surrogatepass"), digest_size=16)

    def digest(raw: str) -> str:
        hashed = seeded.copy()
        hashed.update(raw.encode("utf-8", "surrogatepass"))
        return hashed.hexdigest()

    return digest


def listed_postings(
    body: bytes,
    platform: str,
    key: str,
    board: BoardRef,
    context: ReadContext,
    build: Callable[[Mapping[str, Any]], Posting | None],
) -> tuple[list[Posting], dict[int, str]]:
    """`recognised_postings` of `listed_objects(body, platform, key)`, made in the walk that
    validates the listing: each object is built as it is decoded there, not decoded a second
    time (a 100,000-posting listing's objects took 2.3 µs each to decode). The same postings and
    the same errors: a body the walk does not accept, and a posting `build` fails on, are read
    in the two steps instead (the error of an invalid body comes before any posting's)."""
    try:
        text = body.decode(json.detect_encoding(body), "surrogatepass")  # as listed_objects
        collector = _Collector(text, board, context, build)
        _list_spans(text, key, collector)
        return collector.postings, collector.recognised
    except (ValueError, RecursionError, StopIteration, _NotAListing, _BuildFailed):
        pass
    return recognised_postings(listed_objects(body, platform, key), board, context, build)


class _BuildFailed(Exception):
    """`build` raised on an object during the walk (`listed_postings` reads in two steps then)."""


class _Collector:
    """`recognised_postings` made object by object, as `_list_spans` meets each one."""

    def __init__(
        self, text: str, board: BoardRef, context: ReadContext, build: Callable[[Mapping[str, Any]], Posting | None]
    ) -> None:
        self.text = text
        self.build = build
        self.known = context.known
        self.digest = _raw_digester(_raw_prefix(board, context.raw_version)) if context.raw_version else None
        self.postings: list[Posting] = []
        self.recognised: dict[int, str] = {}

    def start(self) -> None:
        """A list of the key begins: what an earlier one gave is dropped."""
        self.postings = []
        self.recognised = {}

    def visit(self, start: int, end: int, item: dict[str, Any]) -> None:
        fingerprint = self.digest(self.text[start:end]) if self.digest is not None else ""
        if fingerprint and fingerprint in self.known:
            self.recognised[len(self.postings) + len(self.recognised)] = fingerprint
            return
        try:
            posting = self.build(item)
        except Exception as exc:
            raise _BuildFailed from exc
        if posting is not None:
            if fingerprint:
                posting.fingerprint = fingerprint
            self.postings.append(posting)


def recognised_postings(
    items: ListedObjects,
    board: BoardRef,
    context: ReadContext,
    build: Callable[[Mapping[str, Any]], Posting | None],
) -> tuple[list[Posting], dict[int, str]]:
    """The postings of a listing's raw objects, built by `build` (None: not a posting), but for
    those whose raw fingerprint the board holds (`context.known`): those are only recognised,
    by position (`Listing.recognised`), and the check takes the stored job of each (their
    objects are not even decoded again). Building and cleaning every posting of a
    100,000-posting board was a quarter of its check's CPU. Without `context.raw_version`
    every object is built, and none fingerprinted."""
    if not context.raw_version:
        return [posting for item in items if (posting := build(item)) is not None], {}
    digest = _raw_digester(_raw_prefix(board, context.raw_version))
    known = context.known
    postings: list[Posting] = []
    recognised: dict[int, str] = {}
    for index in range(len(items)):
        fingerprint = digest(items.raw(index))
        if fingerprint in known:
            recognised[len(postings) + len(recognised)] = fingerprint
            continue
        posting = build(items.item(index))
        if posting is not None:
            posting.fingerprint = fingerprint
            postings.append(posting)
    return postings, recognised


def text(value: Any) -> str:
    """A string field, whitespace collapsed and trimmed; "" for anything that is not a string.
    Cleaned (`clean_text`) here, not only at the parse boundary: sources build URLs from these
    fields, and `quote` refuses a lone surrogate that JSON can carry."""
    if not isinstance(value, str):
        return ""
    # Most fields are already so (a 100,000-posting listing reads 700,000): printable text has no
    # whitespace but the space (str.isprintable), so without a double, leading or trailing one it
    # is its own collapse, and `clean_text` leaves it as it is. `strip` hands back the very text
    # when it has no space to take, which `==` finds equal at once: the two ends in one call,
    # not two slices compared (about 80 ns less a field, timeit, load 5).
    if value.isprintable() and "  " not in value and value.strip(" ") == value:
        return value
    # str.split() and re's \s both split at str.isspace(): the regex collapse and strip, cheaper.
    return " ".join(clean_text(value).split())


def markup(value: Any) -> str | None:
    """A posting-text field (HTML or plain) exactly as given, for `html_to_text`: its line breaks
    mean something, so it is not collapsed like `text`. None for anything that is not a string."""
    return value if isinstance(value, str) else None


def posting_text(item: Mapping[str, Any], *fields: str) -> str:
    """The posting text of several markup fields (summary, qualifications, …), as plain text,
    one after another."""
    parts = (html_to_text(markup(item.get(field))) for field in fields)
    return "\n".join(part for part in parts if part)


def identifier(value: Any) -> str:
    """A platform id, which some platforms send as a number and others as a string."""
    if isinstance(value, bool):
        return ""
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return str(int(value)) if value.is_integer() else str(value)
    return text(value)


def join_parts(*parts: Any) -> str:
    """Non-empty string parts joined with ", ", each kept once (case-insensitively)."""
    seen: set[str] = set()
    kept: list[str] = []
    for part in parts:
        value = text(part)
        if value and value.lower() not in seen:
            seen.add(value.lower())
            kept.append(value)
    return ", ".join(kept)


def others(primary: str, candidates: Iterable[Any]) -> list[str]:
    """Further locations: unique, trimmed, without the primary, at most MAX_OTHER_LOCATIONS."""
    seen = {primary.lower()} if primary else set()
    result: list[str] = []
    for candidate in candidates:
        value = text(candidate)
        if value and value.lower() not in seen:
            seen.add(value.lower())
            result.append(value)
            if len(result) == MAX_OTHER_LOCATIONS:
                break
    return result


def number(value: Any) -> float | None:
    """A finite number, or a numeric string ("3800", "120,000.50"); None otherwise."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        result = float(value)
    elif isinstance(value, str):
        cleaned = value.strip().replace(",", "").replace("_", "")
        if not _NUMBER.match(cleaned):
            return None
        result = float(cleaned)
    else:
        return None
    return result if math.isfinite(result) else None


def period_of(label: Any) -> SalaryPeriod | None:
    """The pay period a platform's interval label names ("1 YEAR", "per-hour-wage", "month")."""
    value = text(label).lower()
    if not value:
        return None
    for pattern, period in _PERIODS:
        if pattern.search(value):
            return period
    return None


def structured_salary(
    minimum: Any, maximum: Any, currency: Any, period: SalaryPeriod | None
) -> StructuredSalary | None:
    """Structured pay as the platform states it, or None when it states no positive amount.

    Zero means "not disclosed" on every platform seen, so it counts as absent. When the platform
    names no period, a top figure of 10,000 or more is yearly and one of 500 or less hourly; in
    between the period is a guess we do not make, so there is no structured salary.
    """
    low = number(minimum)
    high = number(maximum)
    low = low if low is not None and low > 0 else None
    high = high if high is not None and high > 0 else None
    if low is None and high is None:
        return None
    if low is not None and high is not None and low > high:
        low, high = high, low
    if period is None:
        top = high if high is not None else low
        assert top is not None
        if top >= 10_000:
            period = "year"
        elif top <= 500:
            period = "hour"
        else:
            return None
    code = text(currency).upper() or None
    return StructuredSalary(min=low, max=high, currency=code, period=period)


def iso_from_epoch(seconds: Any) -> str | None:
    """Epoch seconds (Eightfold `postedTs`, `t_create`) as an ISO 8601 UTC timestamp."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return None
    try:
        moment = datetime.fromtimestamp(seconds, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_from_epoch_ms(value: Any) -> str | None:
    """Epoch milliseconds as an ISO 8601 UTC timestamp (Lever `createdAt`)."""
    millis = number(value)
    if millis is None or millis <= 0:
        return None
    try:
        moment = datetime.fromtimestamp(millis / 1000, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def iso_date_prefix(value: Any) -> str | None:
    """`YYYY-MM-DD` from an ISO date or timestamp, else None (relative texts are never kept)."""
    match = _ISO_DATE.match(text(value))
    return match.group(0) if match else None


_UTC_SUFFIX = re.compile(r"^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.\d+)?\s*UTC$")


def iso_timestamp(value: Any) -> str | None:
    """A platform timestamp as ISO 8601; "2026-07-27 15:33:54 UTC" (Recruitee) becomes
    "2026-07-27T15:33:54Z", anything already ISO-like is kept as given."""
    raw = text(value)
    if not raw:
        return None
    match = _UTC_SUFFIX.match(raw)
    if match:
        return f"{match.group(1)}T{match.group(2)}Z"
    return raw


def fetch_enriched(
    fetch: Fetch, enriched_url: str, plain_url: str, *, plain_only: bool = False
) -> tuple[Response, bool]:
    """GET the listing with its posting text and pay; a board whose enriched listing exceeds the
    API body cap is read once more as the plain listing (SPEC §7), and, while it is known to
    (`plain_only`, ReadContext.plain_listing), only as that. Returns (response, enriched)."""
    if plain_only:
        return first_response(fetch, Request(plain_url)), False
    try:
        return first_response(fetch, Request(enriched_url)), True
    except AppError as exc:
        if exc.code != "BODY_TOO_LARGE":
            raise
    return first_response(fetch, Request(plain_url)), False


class Validators(TypedDict):
    etag: str
    last_modified: str


def listing_validators(response: Response) -> Validators:
    """The conditional-request validators of a listing's first response."""
    return {
        "etag": response.headers.get("etag", ""),
        "last_modified": response.headers.get("last-modified", ""),
    }
