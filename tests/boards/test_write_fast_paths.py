"""The shortcuts of a check's write (a new 100,000-posting board writes every row) give what the
definitions they replace give: a posting row's data and group fields (`grouping.posting_row`),
the group's first sighting from its postings' dates
(`grouping._listed_at`, `_first_listed`), a sighting's text (`grouping.isoformat`), a row's filter
columns of its company (`jobstore.filter_values`), a jsonb value handed to COPY as a tuple
(`rows._JsonbDumper`), and a new row's data written from the job's hash text
(`grouping.posting_row_text`, `jobstore.data_text`) and handed to COPY as that text."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boards import groups
from boards.derive.company import company_key, is_staffing_agency
from boards.diff import job_text
from boards.job import ParsedJob, Salary
from boards.services import grouping, jobstore
from boards.services.rows import JsonText, _JsonbDumper

NOW = datetime(2026, 10, 1, 12, 0, tzinfo=UTC)
ZONES = st.builds(lambda minutes: timezone(timedelta(minutes=minutes)), st.integers(-14 * 60, 14 * 60)) | st.just(UTC)
MOMENTS = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2040, 1, 1), timezones=ZONES)
# What a posting says of its date: an ISO moment in some zone, a day, a naive moment, or junk.
POSTED = (
    st.none()
    | MOMENTS.map(datetime.isoformat)
    | MOMENTS.map(lambda moment: moment.date().isoformat())
    | MOMENTS.map(lambda moment: moment.replace(tzinfo=None).isoformat())
    | st.text(max_size=12)
)


def listed_at(job: ParsedJob, now: datetime) -> datetime:
    """`grouping._listed_at` as it was defined: the parsed date converted for each posting."""
    posted = jobstore.parse_posted_at(job.posted_at)
    return posted.astimezone(UTC) if posted is not None and posted < now else now


def same_moment(one: datetime, other: datetime) -> bool:
    return one == other and one.tzinfo is other.tzinfo and one.isoformat() == other.isoformat()


@settings(max_examples=300)
@given(st.lists(POSTED, min_size=1, max_size=4), MOMENTS)
def test_a_group_starts_when_its_postings_say_as_before(dates: list[str | None], now: datetime) -> None:
    postings = [ParsedJob(key=f"id:{number}", title="Engineer", posted_at=date) for number, date in enumerate(dates)]
    for posting in postings:
        assert same_moment(grouping._listed_at(posting, now), listed_at(posting, now))
    assert same_moment(grouping._first_listed(postings, now), min(listed_at(job, now) for job in postings))


@settings(max_examples=300)
@given(st.lists(MOMENTS, min_size=1, max_size=6))
def test_a_sighting_is_written_as_isoformat_writes_it(moments: list[datetime]) -> None:
    # Each moment in its own zone and in UTC, one after the other: equal moments of two zones
    # are one key of a cache, and must not share a text.
    for moment in moments:
        for shown in (moment, moment.astimezone(UTC)):
            assert grouping.isoformat(shown) == shown.isoformat()


COMPANIES = st.sampled_from(["Acme", "Acme Staffing", "Robert Half", "", "x" * 250, "Hays plc", "Ünïcode GmbH"])


@settings(max_examples=200, deadline=None)  # the first call loads the place gazetteer
@given(COMPANIES, st.booleans(), st.text(max_size=8))
def test_the_company_columns_are_its_key_and_agency_as_before(company: str, agency: bool, title: str) -> None:
    job = ParsedJob(key="id:1", title=title, staffing_agency=agency, location="Berlin, Germany")
    columns = jobstore.filter_columns(job, company=company)
    assert columns["company"] == company[:200]
    assert columns["company_key"] == company_key(company)[:200]
    assert columns["staffing_agency"] == (agency or is_staffing_agency(company=company))


# Finite: PostgreSQL's jsonb refuses json's Infinity and NaN (orjson writes null, tested below).
JSON_SCALARS = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=6)
)
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300)
@given(st.lists(JSON, max_size=4) | st.lists(st.text(max_size=6), max_size=4))
def test_a_tuple_is_dumped_as_its_list(items: list[Any]) -> None:
    """As its list, and as the value json.dumps writes (jsonb keeps the value, not the text)."""
    dumper = _JsonbDumper(dict)
    expected = dumper.dump(items)
    assert expected is not None and expected[:1] == b"\x01"
    assert json.loads(expected[1:].decode("utf-8", "surrogatepass")) == json.loads(json.dumps(items))
    for _ in range(2):  # the second from the cache, where its items are hashable
        assert dumper.dump(tuple(items)) == expected


def test_a_value_jsonb_refuses_is_dumped_as_null() -> None:
    """json writes NaN and Infinity, which jsonb refuses (the COPY failed); orjson writes null."""
    assert _JsonbDumper(dict).dump([float("inf"), float("nan")]) == b"\x01[null,null]"


def row_values(plan: grouping.Plan, job: ParsedJob, now: datetime) -> tuple[Any, ...]:
    """`grouping.row_values` as it was defined."""
    key = grouping.group_of(job)
    history = plan.history.get(key)
    return (
        key[:40],
        job.vacancy[:40],
        job.key in plan.leads,
        history.first_seen_at if history else now,
        history.times_posted if history else 1,
    )


def row_job(plan: grouping.Plan, job: ParsedJob) -> ParsedJob:
    """`grouping.row_job` as it was defined."""
    return plan.group_jobs[grouping.group_of(job)] if job.key in plan.leads else job


PLACES = st.sampled_from(["Berlin, Germany", "Austin, TX", "Remote", "", "Atlantis"])
POSTINGS = st.lists(
    st.builds(
        lambda number, group, vacancy, location, others: ParsedJob(
            key=f"id:{number}",
            title="Engineer",
            group=group,
            vacancy=vacancy,
            location=location,
            other_locations=others,
        ),
        st.integers(0, 30),
        st.sampled_from(["", "g1", "g2", "x" * 45]),
        st.sampled_from(["", "v1", "v" * 45]),
        PLACES,
        st.lists(PLACES, max_size=2).map(tuple),
    ),
    min_size=1,
    max_size=8,
    unique_by=lambda job: job.key,
)


def _plan_of(postings: list[ParsedJob], remembered: set[str], times: int, first: datetime) -> grouping.Plan:
    """A vacancy plan of `postings`: the groups whose key is in `remembered` with a history (first
    seen at `first`, posted `times` times), the others without one (the row's own moment then)."""
    by_group = groups.by_group(postings)
    group_jobs = {key: groups.group_job(jobs) for key, jobs in by_group.items()}
    return grouping.Plan(
        events=[],
        remembered={},
        history={key: groups.GroupHistory(first, times) for key in by_group if key[:40] in remembered},
        closed=[],
        group_jobs=group_jobs,
        locations={key: groups.locations_of(jobs) for key, jobs in by_group.items() if len(jobs) > 1},
        leads={job.key for job in group_jobs.values()},
        also_at={},
    )


@settings(max_examples=200, deadline=None)  # the first call loads the place gazetteer
@given(POSTINGS, st.sets(st.sampled_from(["g1", "g2", "x" * 40, "id:1", "id:2"])), st.integers(1, 4), MOMENTS)
def test_a_posting_row_is_served_and_its_group_fields_as_before(
    postings: list[ParsedJob], remembered: set[str], times: int, first: datetime
) -> None:
    plan = _plan_of(postings, remembered, times, first)
    for job in postings:
        expected = grouping.served(plan, job, jobstore.job_data(job, company_fallback="Acme"))
        data = jobstore.job_data(job, company_fallback="Acme")
        fields, filtered = grouping.posting_row(plan, job, data, NOW)
        assert data == expected and list(data) == list(expected)
        assert fields == row_values(plan, job, NOW)
        assert filtered is row_job(plan, job)


# Texts that look like the JSON around them: quotes, backslashes, a "key" member's spelling.
TRICKY = st.sampled_from(['"key":"id:1",', "back\\slash", 'say "hi"', "Zürich 💼", "tab\there", "key"])
TEXTS = st.sampled_from(["", "Berlin, Germany", "Austin, TX", "Remote", "Atlantis", "Engineer"]) | TRICKY
NEW_POSTINGS = st.lists(
    st.builds(
        ParsedJob,
        key=st.integers(0, 30).map(lambda n: f"id:{n}") | TRICKY.map(lambda text: f"tl:{text}|x"),
        title=TEXTS,
        company=st.sampled_from(["", "Acme"]) | TRICKY,
        location=TEXTS,
        other_locations=st.lists(TEXTS, max_size=2).map(tuple),
        department=TEXTS,
        posted_at=st.none() | st.just("2026-09-15T09:00:00-04:00"),
        remote=st.booleans(),
        salary=st.none()
        | st.builds(
            Salary,
            min=st.sampled_from([1.5, 2.0, None]),
            max=st.none(),
            currency=st.sampled_from(["USD", None]),
            period=st.just("year"),
            annual_min=st.sampled_from([150_000, None]),
            annual_max=st.none(),
            source=st.just("text"),
        ),
        experience_years=st.none() | st.sampled_from([0.0, -0.0, 2.0, 2.5]),
        remote_scope=st.lists(st.sampled_from(["US", "EMEA"]), max_size=2).map(tuple),
        staffing_agency=st.booleans(),
        partial=st.booleans(),
        details_read=st.booleans(),
        group=st.sampled_from(["", "g1", "g2", "x" * 45]),
        vacancy=st.sampled_from(["", "v1"]),
    ),
    min_size=1,
    max_size=8,
    unique_by=lambda job: job.key,
)


def canonical(data: Any) -> str:
    """A JSON value's text with its keys sorted: 2 and 2.0 are two texts (json.loads keeps which)."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


@settings(max_examples=300, deadline=None)  # the first call loads the place gazetteer
@given(
    NEW_POSTINGS,
    st.sets(st.sampled_from(["g1", "g2", "x" * 40, "id:1", "id:2"])),
    st.integers(1, 4),
    MOMENTS,
    st.sampled_from(["", "Acme", "Acme Staffing", "Robert Half"]) | TRICKY,
)
def test_a_new_rows_data_text_means_its_served_data(
    postings: list[ParsedJob], remembered: set[str], times: int, first: datetime, company: str
) -> None:
    plan = _plan_of(postings, remembered, times, first)
    for job in postings:
        served = jobstore.job_data(job, company_fallback=company)
        fields, filtered = grouping.posting_row(plan, job, served, NOW)
        text_fields, text_filtered, text = grouping.posting_row_text(plan, job, job_text(job), company=company, now=NOW)
        assert canonical(json.loads(text)) == canonical(served)
        assert text_fields == fields
        assert text_filtered is filtered
        assert (job.company or company) == served.get("company", company)  # the filter columns' company


@settings(max_examples=100)
@given(JSON)
def test_a_json_text_is_copied_as_it_is(value: Any) -> None:
    text = json.dumps(value).encode()
    assert _JsonbDumper(dict).dump(JsonText(text)) == b"\x01" + text
