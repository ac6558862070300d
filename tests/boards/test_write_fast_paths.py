"""The shortcuts of a check's write (a new 100,000-posting board writes every row) give what the
definitions they replace give: the group's first sighting from its postings' dates
(`grouping._listed_at`, `_first_listed`), a sighting's text (`grouping.isoformat`), a row's filter
columns of its company (`jobstore.filter_values`), and a jsonb value handed to COPY as a tuple
(`rows._JsonbDumper`)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boards.derive.company import company_key, is_staffing_agency
from boards.job import ParsedJob
from boards.services import grouping, jobstore
from boards.services.rows import _JsonbDumper

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


JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6)
JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300)
@given(st.lists(JSON, max_size=4) | st.lists(st.text(max_size=6), max_size=4))
def test_a_tuple_is_dumped_as_its_list(items: list[Any]) -> None:
    dumper = _JsonbDumper(dict)
    expected = b"\x01" + json.dumps(items).encode()
    for _ in range(2):  # the second from the cache, where its items are hashable
        assert dumper.dump(tuple(items)) == expected
    assert dumper.dump(items) == expected
