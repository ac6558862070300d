"""Between the `ParsedJob` dataclass and the database rows that hold it (`boards.Job`, `changes.Change`).

The filter columns (`JobFields`) are filled here and only here, so a job is matched the same way
whether it sits in a board's open set or in a change event.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from django.utils.dateparse import parse_date, parse_datetime

from boards.derive.company import company_key, is_staffing_agency
from boards.job import ParsedJob, Salary
from matching import places, terms
from watchtower.json_text import compact_encoder

FILTER_COLUMNS = (
    "title",
    "company",
    "location",
    "department",
    "remote",
    "workplace_type",
    "seniority",
    "salary_currency",
    "salary_annual_min",
    "salary_annual_max",
    "experience_years",
    "employment_type",
    "visa_sponsorship",
    "company_key",
    "staffing_agency",
    "posted_at",
    "search_text",
    "place_text",
)
SUMMARY_VERBS = {"JOB_ADDED": "New job", "JOB_REMOVED": "Job removed", "JOB_UPDATED": "Job updated"}


def job_data(job: ParsedJob, *, company_fallback: str = "") -> dict[str, Any]:
    """The job as agents see it (SPEC §3.3), with its resolved places (why a location matched)."""
    data = job.as_dict()
    if not data.get("company") and company_fallback:
        data["company"] = company_fallback
        if is_staffing_agency(company=company_fallback):
            data["staffing_agency"] = True
    locations = [job.location, *job.other_locations] if job.location else list(job.other_locations)
    resolved = places.places_as_dicts(locations)
    if resolved:
        data["places"] = resolved
    data.pop("key", None)
    return data


# JSON text as the job hash writes it (boards/diff.py `job_text`): compact UTF-8, by orjson.
_TEXT = compact_encoder()


def data_text(
    job: ParsedJob,
    hashed: bytes,
    *,
    company_fallback: str = "",
    places_of: Sequence[str] | None = None,
    more: bytes = b"",
) -> bytes:
    """`job_data` as JSON text (UTF-8) with the members `more` (",\"name\":value..."), made from
    `hashed`, the job's `diff.job_text` (its served dict, keys sorted), instead of serialising
    the job a second time: a new 100,000-posting board's rows. Its "key" member is taken out
    and `job_data`'s own appended; `places_of`: the locations whose places it names instead of
    the job's own, even none (`grouping.served` of a group's lead). For a jsonb column, which
    keeps neither key order nor spacing nor escapes: the value stored is `job_data`'s
    (tests/boards/test_write_fast_paths.py).

    Outside a JSON string every '"' opens or closes one, and a string followed by ':' is a
    member's name; "key" is one name of the top level alone (the salary's are others), and
    "partial" (always served) is sorted after it, so the member and its comma occur once."""
    member = b'"key":' + _TEXT(job.key) + b","
    text = hashed.replace(member, b"", 1)
    if len(text) == len(hashed):
        raise ValueError(f"{job.key}: not the job's hashed text")
    added: list[bytes] = []
    if not job.company and company_fallback:
        added.append(b',"company":' + _TEXT(company_fallback))
        if not job.staffing_agency and is_staffing_agency(company=company_fallback):
            added.append(b',"staffing_agency":true')
    if places_of is not None:
        added.append(b',"places":' + _places_text(tuple(places_of)))
    else:
        own = _places_text((job.location, *job.other_locations) if job.location else job.other_locations)
        if own != b"[]":
            added.append(b',"places":' + own)
    if more:
        added.append(more)
    return b"".join((text[:-1], *added, b"}")) if added else text


@functools.lru_cache(maxsize=4096)  # a board's postings share a few hundred locations
def _places_text(locations: tuple[str, ...]) -> bytes:
    """The JSON text of `places.places_as_dicts(locations)`, as `data_text` writes it."""
    return _TEXT(places.places_as_dicts(locations))


def list_text(values: tuple[str, ...]) -> bytes:
    """The JSON text of a list of texts, as `data_text` writes it."""
    return _TEXT(values)


def job_from_data(key: str, data: dict[str, Any], *, same: dict[Any, Any] | None = None) -> ParsedJob:
    """Rebuild a `ParsedJob` from its stored `data` (the previous open set of a board, for the diff).
    `same` keeps one copy of each value it has seen of the fields a board repeats from row to row
    (its company, places, departments, the enumerated fields), for a board's whole set: each row's
    data is decoded afresh, so a 100,000-posting board held 100,000 copies of its company's name."""
    one = (lambda value: value) if same is None else (lambda value: same.setdefault(value, value))
    salary = data.get("salary")
    return ParsedJob(
        key=key,
        title=str(data.get("title", "")),
        company=one(str(data.get("company", ""))),
        location=one(str(data.get("location", ""))),
        other_locations=one(tuple(data.get("other_locations", ()))),
        department=one(str(data.get("department", ""))),
        url=str(data.get("url", "")),
        posted_at=data.get("posted_at"),
        remote=bool(data.get("remote", False)),
        workplace_type=one(str(data.get("workplace_type", "unknown"))),
        seniority=one(str(data.get("seniority", "mid"))),
        salary=Salary(
            min=salary.get("min"),
            max=salary.get("max"),
            currency=one(salary.get("currency")),
            period=one(salary.get("period", "year")),
            annual_min=salary.get("annual_min"),
            annual_max=salary.get("annual_max"),
            source=one(salary.get("source", "structured")),
        )
        if isinstance(salary, dict)
        else None,
        experience_years=data.get("experience_years"),
        experience_years_max=data.get("experience_years_max"),
        experience_source=one(data.get("experience_source")),
        employment_type=one(data.get("employment_type")),
        employment_type_source=one(data.get("employment_type_source")),
        visa_sponsorship=one(data.get("visa_sponsorship")),
        visa_evidence=one(data.get("visa_evidence")),
        remote_scope=one(tuple(data.get("remote_scope", ()))),
        staffing_agency=bool(data.get("staffing_agency", False)),
        partial=bool(data.get("partial", False)),
        details_read=bool(data.get("details_read", False)),
        platform_id=str(data.get("platform_id", "")),
        group=str(data.get("group", "")),
        vacancy=str(data.get("vacancy", "")),
    )


@functools.lru_cache(maxsize=4096)  # a board repeats its posting dates
def parse_posted_at(value: str | None) -> datetime | None:
    """A posting's date, aware, or None when the text names no instant a calendar has. Boards do
    write "0000-00-00" (a database's empty date), "2026-02-30", or an offset that carries
    9999-12-31 past the year 9999 in UTC: Django's parsers raise ValueError on a well-formed but
    impossible date, and the conversion to UTC (to store it) OverflowError, and either failed the
    whole board's check (CHECK_FAILED, no job stored) for one posting."""
    if not value:
        return None
    try:
        parsed = parse_datetime(value)
        if parsed is None:
            day = parse_date(value[:10]) if len(value) >= 10 else None
            if day is None:
                return None
            parsed = datetime(day.year, day.month, day.day)
        if parsed.tzinfo is None:
            parsed = parsed.replace(tzinfo=UTC)
        parsed.astimezone(UTC)
    except (ValueError, OverflowError):
        return None
    return parsed


# The annual pay columns are PostgreSQL `integer`s, at most 2,147,483,647, and a year's pay in
# some currencies passes that: VND 3,000,000,000 is about 120,000 USD, IDR 2,500,000,000 about
# 160,000. Written as stated, one such posting failed its whole board's check on PostgreSQL
# (SQLite stores any integer). Only filters read these columns, and no threshold they compare
# with comes near the cap (a `min_salary` is at most 10,000,000; job_words' pay keys stop at
# 400,000), so a figure held at the cap meets every filter as the stated one would; the job as
# served (its JSON) keeps the stated figures.
ANNUAL_COLUMN_MAX = 2**31 - 1


def _annual_column(amount: int | None) -> int | None:
    return None if amount is None else min(amount, ANNUAL_COLUMN_MAX)


def filter_columns(job: ParsedJob, *, company: str) -> dict[str, Any]:
    """Values of the `JobFields` columns for `job` (what filters are evaluated on)."""
    return dict(zip(FILTER_COLUMNS, filter_values(job, company=company), strict=True))


def filter_values(job: ParsedJob, *, company: str) -> tuple[Any, ...]:
    """`filter_columns`' values in the order of FILTER_COLUMNS (a row written with COPY). The
    search and place texts asked of their remembered forms by position, with the job's own
    tuples (a new 100,000-posting board writes as many rows)."""
    salary = job.salary
    name, key, agency = _company_values(company)
    location, others = job.location, job.other_locations
    years = job.experience_years
    return (
        job.title[:500],
        name,
        location[:500],
        job.department[:300],
        job.remote,
        job.workplace_type,
        job.seniority,
        (salary.currency or "")[:3] if salary else "",
        _annual_column(salary.annual_min) if salary else None,
        _annual_column(salary.annual_max) if salary else None,
        # The years a job asks at least, as `max_experience_years` filters them: a ceiling alone
        # ("less than 2 years") asks at least nothing, so it is 0, not unknown.
        0.0 if years is None and job.experience_years_max is not None else years,
        job.employment_type or "",
        job.visa_sponsorship or "",
        key,
        job.staffing_agency or agency,
        parse_posted_at(job.posted_at),
        terms.search_text_of(job.title, company, location, others, job.department),
        places.place_text_of((location, *others) if location else others, job.remote, job.remote_scope),
    )


@functools.lru_cache(maxsize=1024)  # every row of a board names its company, or a few
def _company_values(company: str) -> tuple[str, str, bool]:
    """`filter_values`' columns of a company: its name as stored, its key, whether it is an agency."""
    return company[:200], company_key(company)[:200], is_staffing_agency(company=company)


def summary(change_type: str, job: ParsedJob, changed_fields: tuple[str, ...] = ()) -> str:
    text = f"{SUMMARY_VERBS[change_type]}: {job.title}"
    if job.location:
        text += f" ({job.location})"
    if changed_fields:
        text += f" ({', '.join(changed_fields)})"
    return text[:700]
