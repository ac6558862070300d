"""Derivation: the one place a source's Posting becomes the `ParsedJob` that is stored (SPEC §3.3, §6).

Pure functions, no Django: strings are tidied, the identity key is chosen, and salary, experience,
workplace type, remote scope, seniority, employment type, visa sponsorship and the staffing-agency
signal are derived. The posting text is read here and then dropped; it never
reaches the ParsedJob. docs/derived-fields.md documents every rule for agents reading the fields.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import math
import re
from collections.abc import Callable
from typing import NamedTuple

from boards.derive.company import is_staffing_agency
from boards.derive.employment import employment_type_of
from boards.derive.experience import experience_from_lowered, experience_from_text
from boards.derive.money import local_dollar, local_krona
from boards.derive.remote_scope import remote_scope_of
from boards.derive.salary import salary_from_structured, salary_from_text, salary_of
from boards.derive.seniority import seniority as seniority_of
from boards.derive.seniority import seniority_of_posting
from boards.derive.text import PostingText
from boards.derive.visa import visa_of
from boards.derive.workplace import is_remote, workplace_from_lowered, workplace_type
from boards.job import KEY_MAX, ParsedJob, Salary, web_url
from boards.sources.base import Posting, StructuredSalary
from matching import identity
from matching.places import Place, resolve

__all__ = [
    "MAX_OTHER_LOCATIONS",
    "derive_job",
    "experience_from_text",
    "is_remote",
    "job_key",
    "salary_from_structured",
    "salary_from_text",
    "seniority_of",
    "workplace_type",
]

MAX_OTHER_LOCATIONS = 20
MAX_STRUCTURED_YEARS = 50.0
_HEAD_END = re.compile(r"[,(|/;–—]|\s-\s")
# JSON-LD postings (platform "html") without an `identifier` carry their URL or "title|location" in
# `Posting.id`; those are keyed by what they really are, so the key says how stable it is.
_JSONLD_PLATFORMS = frozenset({"html", "jsonld"})


def derive_job(posting: Posting, *, platform: str) -> ParsedJob:
    """The normalised job of one posting, with every derived field: its structured fields and
    what its text says by `_derived_fields` (remembered for a posting without a description,
    structured pay or structured years: `_listed_fields`), and what is the posting's own (its
    key, link, date, flags, id and group) here."""
    fields = (
        posting.title,
        posting.company,
        posting.location,
        tuple(posting.other_locations),
        posting.department,
        posting.workplace_hint,
        posting.employment_type,
        tuple(posting.remote_scope_hints),
    )
    if posting.description or posting.salary is not None or posting.experience_years is not None:
        read = _read_text if posting.description else _read_fields
        derived = _derived_fields(read, *fields, posting.description or "", posting.salary, posting.experience_years)
    else:
        derived = _listed_fields(*fields)
    title, company, location, other_locations, department, said, fingerprint, vacancy = derived
    url = _tidy(posting.url)
    platform_id = _tidy(posting.id)
    # ParsedJob's fields in their order (`_FIELD_ORDER`): a call by keyword of each took a tenth
    # longer, and with the fields a board repeats remembered this call is most of the rest.
    return ParsedJob(
        _key(posting, platform, title=title, location=location, url=url, platform_id=platform_id),
        title,
        company,
        location,
        other_locations,
        department,
        web_url(url),
        _tidy(posting.posted_at) or None,
        *said,
        posting.partial,
        posting.details_read,
        platform_id,
        identity.group_key(title=title, requisition=_tidy(posting.requisition_id), fingerprint=fingerprint),
        vacancy,
    )


# ParsedJob's fields as `derive_job` passes them: by position, `_derived_fields`' `said` between
# `posted_at` and `partial`. Checked at import, so a field added or moved fails loudly here.
_SAID_FIELDS = (
    "remote",
    "workplace_type",
    "seniority",
    "salary",
    "experience_years",
    "experience_years_max",
    "experience_source",
    "employment_type",
    "employment_type_source",
    "visa_sponsorship",
    "visa_evidence",
    "remote_scope",
    "staffing_agency",
)
_FIELD_ORDER = (
    "key",
    "title",
    "company",
    "location",
    "other_locations",
    "department",
    "url",
    "posted_at",
    *_SAID_FIELDS,
    "partial",
    "details_read",
    "platform_id",
    "group",
    "vacancy",
    "extra",
)
if tuple(field.name for field in dataclasses.fields(ParsedJob)) != _FIELD_ORDER:
    raise ImportError("boards.derive.derive_job passes ParsedJob's fields by position: update _FIELD_ORDER")


# The values of `_SAID_FIELDS`, in that order.
_SaidValues = tuple[
    bool,
    str,
    str,
    Salary | None,
    float | None,
    float | None,
    str | None,
    str | None,
    str | None,
    str | None,
    str | None,
    tuple[str, ...],
    bool,
]


class _Derived(NamedTuple):
    """What `derive_job` takes of a posting's fields that a board repeats (`_derived_fields`)."""

    title: str
    company: str
    location: str
    other_locations: tuple[str, ...]
    department: str
    said: _SaidValues
    fingerprint: str  # the description's (matching/identity.py), for the group key
    vacancy: str


def _derived_fields(
    read: Callable[..., _Said],
    title: str,
    company: str,
    location: str,
    places: tuple[str, ...],
    department: str,
    hint: str,
    stated_employment: str,
    scope_hints: tuple[str, ...],
    description: str,
    structured_salary: StructuredSalary | None,
    stated: float | None,
) -> _Derived:
    """Every field of a posting's job but its own (key, link, date, flags, id, group): the text fields
    tidied, and what they and the posting text say, read by `read` (`_read_text`, or for a
    posting without a description `_read_fields`)."""
    title = _tidy(title)
    location = _tidy(location)
    other_locations = _unique_locations(location, places)
    company = _tidy(company)
    salary: Salary | None = salary_from_structured(structured_salary) if structured_salary is not None else None
    structured_years = stated is not None and math.isfinite(stated) and 0 <= stated <= MAX_STRUCTURED_YEARS
    said = read(
        title,
        location,
        other_locations,
        description,
        company,
        hint,
        stated_employment,
        scope_hints,
        salary=salary is None,
        experience=not structured_years,
    )
    if structured_years:
        assert stated is not None
        experience: tuple[float | None, float | None, str | None] = (float(stated), None, "structured")
    else:
        experience = said.experience
    return _Derived(
        title,
        company,
        location,
        other_locations,
        _tidy(department),
        (
            said.workplace_type == "remote",
            said.workplace_type,
            said.seniority,
            salary or said.salary,
            experience[0],
            experience[1],
            experience[2],
            said.employment[0] if said.employment else None,
            said.employment[1] if said.employment else None,
            said.visa[0] if said.visa else None,
            said.visa[1] if said.visa else None,
            said.remote_scope,
            said.staffing_agency,
        ),
        said.fingerprint,
        said.vacancy,
    )


@functools.lru_cache(maxsize=32768)
def _listed_fields(
    title: str,
    company: str,
    location: str,
    places: tuple[str, ...],
    department: str,
    hint: str,
    stated_employment: str,
    scope_hints: tuple[str, ...],
) -> _Derived:
    """`_derived_fields` of a posting without a description, structured pay or structured years,
    remembered: such a posting (a plain listing's, as a 100,000-posting Greenhouse board's whose
    enriched listing is over the body cap) is read from a few short fields that a board repeats,
    and reading is pure, so each distinct combination is read once (bench/big_board.py's
    100,000 postings hold 16,000; each posting's tidying, place and reading look-ups and the
    job's fields put together again were half of deriving it). Only strings and tuples of them
    make the key: no number, whose equal values (3 and 3.0, 0.0 and -0.0) are not always
    stored alike, and no flag (`partial`, `details_read` are the posting's own)."""
    return _derived_fields(
        _read_text, title, company, location, places, department, hint, stated_employment, scope_hints, "", None, None
    )


class _Said(NamedTuple):
    """What a posting's title, description, places and text fields say (`_read_text`)."""

    workplace_type: str
    seniority: str
    salary: Salary | None  # None when not asked for
    experience: tuple[float | None, float | None, str | None]  # min, max, source; Nones when not asked for
    employment: tuple[str, str] | None
    visa: tuple[str, str] | None
    remote_scope: tuple[str, ...]
    staffing_agency: bool
    fingerprint: str  # the description's (matching/identity.py), for the group key
    vacancy: str


class _TextSaid(NamedTuple):
    """What a posting's title and description say whatever its places and workplace field
    (`_text_said`), and the text they were read from, for the readers that take those too."""

    read: PostingText
    seniority: str
    salary: Salary | None  # None when not asked for
    experience: tuple[float | None, float | None, str | None]
    employment: tuple[str, str] | None
    visa: tuple[str, str] | None
    staffing_agency: bool


def _read_text(
    title: str,
    location: str,
    other_locations: tuple[str, ...],
    description: str,
    company: str,
    hint: str,
    stated_employment: str,
    scope_hints: tuple[str, ...],
    *,
    salary: bool,
    experience: bool,
) -> _Said:
    """Every reader of a posting's text, on the tidied fields `derive_job` gives; the salary and
    the experience only when asked for (the posting states none in a field). What the text says
    of itself is `_text_said`'s (for a posting without a description, `_title_said`'s); the
    workplace and the remote scope read the places and the workplace field too, and the
    description's fingerprint leaves the places' words out."""
    locations = (location, *other_locations)
    # The currency of a bare "$" is the posting's places' (only a text holding "$" asks for it).
    dollar = _dollar_of(locations) if salary and ("$" in title or "$" in description) else "USD"
    # Likewise the krona or krone of "kr": one cached look-up (searching the text for "kr" first costs
    # more, ~3 µs a 3 KB description for each spelling).
    krona = _krona_of(locations) if salary else "SEK"
    if description:
        said = _text_said(
            title,
            company,
            stated_employment,
            description,
            salary=salary,
            experience=experience,
            dollar=dollar,
            krona=krona,
        )
    else:
        said = _title_said(
            title, company, stated_employment, salary=salary, experience=experience, dollar=dollar, krona=krona
        )
    places = " / ".join(place for place in locations if place)
    workplace = workplace_from_lowered(title=title, location=places, hint=hint, text=said.read)
    fingerprint = identity.description_fingerprint(description, locations=locations)
    return _Said(
        workplace_type=workplace,
        seniority=said.seniority,
        salary=said.salary,
        experience=said.experience,
        employment=said.employment,
        visa=said.visa,
        remote_scope=remote_scope_of(
            locations=[place for place in locations if place],
            remote=workplace == "remote",
            hints=scope_hints,
            text=said.read,
        ),
        staffing_agency=said.staffing_agency,
        fingerprint=fingerprint,
        vacancy=identity.vacancy_key(title=title, fingerprint=fingerprint),
    )


def _text_said(
    title: str,
    company: str,
    stated_employment: str,
    description: str,
    *,
    salary: bool,
    experience: bool,
    dollar: str,
    krona: str,
) -> _TextSaid:
    """The readers of a posting's text that read neither its places nor its workplace field (the
    salary takes from them only `dollar`, the currency of a bare "$", and `krona`, that of "kr":
    `_dollar_of`, `_krona_of`)."""
    # One lowercased copy of the text serves every reader; the description is dropped after this.
    read = PostingText.of_posting(title, description)
    found = experience_from_lowered(read.low) if experience else None
    employment = employment_type_of(stated=stated_employment, title=title, text=read)
    seniority = seniority_of_posting(title, _tidy(stated_employment))
    if employment is not None and employment[0] == "internship":
        seniority = "intern"  # an internship is an intern's job whatever the title says
    return _TextSaid(
        read=read,
        seniority=seniority,
        salary=salary_of(read, dollar=dollar, krona=krona) if salary else None,
        experience=(*found, "text") if found is not None else (None, None, None),
        employment=employment,
        visa=visa_of(read),
        staffing_agency=is_staffing_agency(company=company, text=read),
    )


@functools.lru_cache(maxsize=8192)
def _title_said(
    title: str, company: str, stated_employment: str, *, salary: bool, experience: bool, dollar: str, krona: str
) -> _TextSaid:
    """`_text_said` of a posting without a description: its title says it all, so it is read once
    per title, company and employment field, not once per combination of those with the places
    and the workplace field (bench/big_board.py's 100,000 postings: 546 titles, 16,168
    combinations). The text it keeps is only ever read (`PostingText` scans once, for every
    registered anchor word, and keeps what it found)."""
    return _text_said(
        title, company, stated_employment, "", salary=salary, experience=experience, dollar=dollar, krona=krona
    )


# A posting without a description (a plain listing, as a 100,000-posting Greenhouse board's whose
# enriched listing is over the body cap) is read from a few short fields that a board repeats (its
# titles, places, workplace field), and reading is pure: equal fields say equal things, so each
# distinct combination is read once (bench/big_board.py's 100,000 postings hold 16,000; reading
# was half of derivation's CPU). Only strings, tuples of them and flags make the key. Postings with
# a description are not remembered: the text is long and rarely repeats, and the key would hold it.
# (A posting with neither a description nor structured pay is remembered whole: `_listed_fields`.)
_read_fields = functools.lru_cache(maxsize=32768)(_read_text)


def job_key(posting: Posting, *, platform: str) -> str:
    """Identity within the board: "id:<platform id>", else "url:<url>", else "tl:<title|location>"."""
    return _key(
        posting,
        platform,
        title=_tidy(posting.title),
        location=_tidy(posting.location),
        url=_tidy(posting.url),
        platform_id=_tidy(posting.id),
    )


def _key(posting: Posting, platform: str, *, title: str, location: str, url: str, platform_id: str) -> str:
    """`job_key` of `posting`, given its fields tidied (`derive_job` has them already)."""
    if platform_id and platform in _JSONLD_PLATFORMS and _is_fallback_id(posting, platform_id, url):
        platform_id = ""
    if platform_id:
        return _bounded(f"id:{platform_id}")
    if url:
        return _bounded(f"url:{url.lower()}")
    return _bounded(f"tl:{title}|{location}".lower())


def _bounded(key: str) -> str:
    """At most KEY_MAX characters (the stored column's width): a longer key keeps its prefix and
    a digest of the whole, so two long keys that share a prefix stay two jobs."""
    if len(key) <= KEY_MAX:
        return key
    digest = hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()[:16]
    return f"{key[: KEY_MAX - 17]}#{digest}"


def _is_fallback_id(posting: Posting, platform_id: str, url: str) -> bool:
    fallbacks = {url, f"{posting.title}|{posting.location}", f"{_tidy(posting.title)}|{_tidy(posting.location)}"}
    return platform_id in fallbacks or _tidy(posting.url) == platform_id


def _tidy(value: str | None) -> str:
    """Trimmed, with inner runs of whitespace (newlines and tabs in titles) as one space.

    A value with spaces that is printable text (whose only whitespace is the space:
    `str.isprintable`), none doubled, leading or trailing, is its own tidy form and is returned
    as it is: nearly every title, place and company, which `payload.text` left so already;
    splitting and joining one took twice as long (8 calls a posting, 100,000 postings on a big
    board's first read). A value without a space splits into itself, which `join` returns.
    tests/boards/derive/test_tidy.py compares this with the split and join alone."""
    if not value:
        return ""
    if " " in value and value.isprintable() and "  " not in value and value[0] != " " and value[-1] != " ":
        return value
    return " ".join(value.split())


@functools.lru_cache(maxsize=4096)  # a board repeats its location lists
def _unique_locations(primary: str, places: tuple[str, ...]) -> tuple[str, ...]:
    """Unique further locations, at most 20, never the primary one nor one already listed — also
    not in another spelling of the same place ("Berlin" next to "Berlin, Germany", "Utrecht" next
    to "Utrecht, Utrecht, Netherlands")."""
    seen = {primary.casefold()} if primary else set()
    kept = [primary] if primary else []
    unique: list[str] = []
    for place in places:
        tidy = _tidy(place)
        folded = tidy.casefold()
        if not tidy or folded in seen:
            continue
        seen.add(folded)
        if any(_same_place(tidy, other) for other in kept):
            continue
        kept.append(tidy)
        unique.append(tidy)
        if len(unique) == MAX_OTHER_LOCATIONS:
            break
    return tuple(unique)


def _same_place(one: str, other: str) -> bool:
    """Whether two spellings name the same place. Only spellings that start with the same name are
    compared ("Berlin" / "Berlin, Germany"), since resolving every pair of locations would cost
    more than the rest of the derivation; the place resolver then decides ("Portland" and
    "Portland, ME" are two cities)."""
    if one[:2].casefold() != other[:2].casefold() or _head(one) != _head(other):
        return False
    resolved = _places_of(one)
    return bool(resolved) and resolved == _places_of(other)


def _head(location: str) -> str:
    """The leading name of a location: "berlin" of "Berlin, Germany", "remote" of "Remote (US)"."""
    return _HEAD_END.split(location, 1)[0].strip().casefold()


@functools.lru_cache(maxsize=4096)
def _places_of(location: str) -> frozenset[Place]:
    return frozenset(resolve(location))


@functools.lru_cache(maxsize=4096)  # a board repeats its location lists
def _dollar_of(locations: tuple[str, ...]) -> str:
    """The currency a bare "$" stands for in a posting at these locations (money.local_dollar of the
    countries they resolve to): "Toronto, ON" is CAD; "Remote" (no one country), "Toronto / New
    York", "Remote - US" or no known place is USD. A location that names no known place adds
    nothing."""
    return local_dollar({place.country for location in locations if location for place in _places_of(location)})


@functools.lru_cache(maxsize=4096)  # a board repeats its location lists
def _krona_of(locations: tuple[str, ...]) -> str:
    """The currency "kr" stands for in a posting at these locations (money.local_krona of the
    countries they resolve to, as `_dollar_of`): "Oslo" is NOK, "Copenhagen" DKK; no known place or
    several countries is SEK."""
    return local_krona({place.country for location in locations if location for place in _places_of(location)})
