from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boards.sources import greenhouse, payload
from boards.sources.base import Posting, ReadContext, StructuredSalary
from boards.sources.registry import recognize
from tests.boards.sources.fakes import FakeFetch, fixture_bytes
from watchtower.errors import AppError

BOARD = recognize("https://boards.greenhouse.io/vaulttec")
API = "https://boards-api.greenhouse.io/v1/boards/vaulttec/jobs"


def test_it_reads_a_recorded_listing_field_by_field() -> None:
    board = recognize("https://boards.greenhouse.io/airbnb")
    postings = greenhouse.parse(fixture_bytes("greenhouse-jobs-list.json"), board)

    assert postings == [
        Posting(
            id="7434393",
            title="Account Executive, Airbnb for Business",
            company="Airbnb",
            location="Canada",
            url="https://careers.airbnb.com/positions/7434393?gh_jid=7434393",
            posted_at="2025-12-02T09:49:28-05:00",
            workplace_hint="Remote",
            requisition_id="ONE",  # as given: matching/identity.py reads it as no requisition
        ),
        Posting(
            id="7467432",
            title="Acquisition Lead, Experiences, Mexico City (12 month contract)",
            company="Airbnb",
            location="Mexico",
            url="https://careers.airbnb.com/positions/7467432?gh_jid=7467432",
            posted_at="2025-12-12T16:01:08-05:00",
            workplace_hint="Remote",
            requisition_id="ONE",  # as given: matching/identity.py reads it as no requisition
        ),
    ]


def test_it_reads_content_departments_and_pay_ranges() -> None:
    first = greenhouse.parse(fixture_bytes("greenhouse-jobs-content.json"), BOARD)[0]

    assert first.id == "127817"
    assert first.title == "Vault Designer"
    assert first.company == "Vaulttec"  # the API names no company: the slug does
    assert first.location == "NYC"
    assert first.department == "Department of Departments, Design"
    assert first.url == "https://boards.greenhouse.io/vaulttec/jobs/127817"
    assert first.posted_at == "2016-01-10T09:00:00-05:00"
    assert first.workplace_hint == "Hybrid"
    assert first.salary == StructuredSalary(min=150000.0, max=200000.0, currency="USD", period="year")
    assert (
        first.description
        == "Design vaults.\n5+ years of experience designing shelters\nThe pay range is $150,000 - $200,000"
    )


def test_custom_workplace_and_employment_fields_are_read() -> None:
    """An "Office" field holding a city does not hide a later "Work Model" field; an office-only
    field is read when nothing else names the workplace."""
    body = b"""{"jobs": [
      {"id": 1, "title": "Engineer", "metadata": [
        {"name": "Office", "value": "London", "value_type": "single_select"},
        {"name": "Work Model", "value": "Hybrid (3 days)", "value_type": "single_select"},
        {"name": "Employment Type", "value": "Intern", "value_type": "single_select"}]},
      {"id": 2, "title": "Engineer", "metadata": [
        {"name": "Office Type", "value": "Office-based", "value_type": "single_select"},
        {"name": "Job Type", "value": ["Internship"], "value_type": "multi_select"}]}
    ]}"""
    first, second = greenhouse.parse(body, BOARD)
    assert (first.workplace_hint, first.employment_type) == ("Hybrid (3 days)", "Intern")
    assert (second.workplace_hint, second.employment_type) == ("Office-based", "Internship")


def test_an_hourly_range_is_read_as_hourly_pay_in_upper_case_currency() -> None:
    second = greenhouse.parse(fixture_bytes("greenhouse-jobs-content.json"), BOARD)[1]

    assert second.salary == StructuredSalary(min=45.0, max=60.0, currency="USD", period="hour")
    assert second.posted_at is None
    assert second.department == ""
    assert "This is the job description." in second.description


def test_read_asks_for_content_and_pay_in_one_request(fake_fetch: FakeFetch) -> None:
    fake_fetch.add(
        f"{API}?content=true&pay_transparency=true",
        fixture_bytes("greenhouse-jobs-content.json"),
        headers={"etag": '"v1"', "last-modified": "Tue, 07 Oct 2026 10:00:00 GMT"},
    )

    listing = greenhouse.read(BOARD, fake_fetch, ReadContext())

    assert fake_fetch.urls == [f"{API}?content=true&pay_transparency=true"]
    assert listing.complete is True
    assert [posting.id for posting in listing.postings] == ["127817", "127818"]
    assert (listing.etag, listing.last_modified) == ('"v1"', "Tue, 07 Oct 2026 10:00:00 GMT")


def test_a_listing_over_the_body_cap_is_read_again_without_content(fake_fetch: FakeFetch) -> None:
    fake_fetch.fail(f"{API}?content=true&pay_transparency=true", "BODY_TOO_LARGE")
    fake_fetch.add(API, fixture_bytes("greenhouse-jobs-list.json"))

    listing = greenhouse.read(BOARD, fake_fetch, ReadContext())

    assert fake_fetch.urls == [f"{API}?content=true&pay_transparency=true", API]
    assert len(listing.postings) == 2
    assert all(posting.description == "" and posting.salary is None for posting in listing.postings)


def test_other_failures_are_not_retried(fake_fetch: FakeFetch) -> None:
    fake_fetch.fail(f"{API}?content=true&pay_transparency=true", "TIMEOUT")

    with pytest.raises(AppError) as caught:
        greenhouse.read(BOARD, fake_fetch, ReadContext())

    assert caught.value.code == "TIMEOUT"
    assert len(fake_fetch.requests) == 1


def test_an_eu_board_is_read_from_the_eu_api(fake_fetch: FakeFetch) -> None:
    board = recognize("https://job-boards.eu.greenhouse.io/vaulttec")
    eu_api = "https://boards-api.eu.greenhouse.io/v1/boards/vaulttec/jobs"
    fake_fetch.add(f"{eu_api}?content=true&pay_transparency=true", b'{"jobs": []}')

    assert greenhouse.read(board, fake_fetch, ReadContext()).postings == []


@pytest.mark.parametrize("body", [b"<html>", b'{"jobs": {}}', b"[]", b'"jobs"'])
def test_a_body_that_is_not_a_listing_is_a_parse_error(body: bytes) -> None:
    with pytest.raises(AppError) as caught:
        greenhouse.parse(body, BOARD)

    assert caught.value.code == "PARSE_ERROR"


def test_jobs_of_the_wrong_shape_are_skipped() -> None:
    body = b'{"jobs": [null, 3, {"id": 1}, {"title": "No id"}, {"id": 2, "title": "Kept", "location": "Paris"}]}'

    postings = greenhouse.parse(body, BOARD)

    assert [(posting.id, posting.title, posting.location) for posting in postings] == [("2", "Kept", "")]


def _field_by_names(metadata: Any, names: re.Pattern[str]) -> str:
    """A custom field's value as it was read before the one pass: the first field whose cleaned
    name `names` matches and that has a value, as text."""
    if not isinstance(metadata, list):
        return ""
    for field in metadata:
        name = field.get("name") if isinstance(field, dict) else None
        if isinstance(name, str) and names.search(payload.text(name)):
            value = field.get("value")
            if isinstance(value, list):
                value = next((item for item in value if isinstance(item, str)), "")
            found = payload.text(value)
            if found:
                return found
    return ""


_NAMES = st.sampled_from(
    [
        "Workplace Type",
        "Remote Status",
        "Office",
        "In Office",
        "Employment Type",
        "Job Type",
        "Team",
        " work\nmodel ",
        "",
    ]
)
_VALUES = st.one_of(
    st.sampled_from(["Remote", "Hybrid", "Berlin office", "Full-time", "", "  "]),
    st.lists(st.one_of(st.just("Contract"), st.integers(), st.none()), max_size=2),
    st.none(),
    st.integers(),
)
_METADATA = st.one_of(
    st.none(),
    st.just("not a list"),
    st.lists(
        st.one_of(st.fixed_dictionaries({"name": _NAMES | st.integers(), "value": _VALUES}), st.just("field")),
        max_size=5,
    ),
)


@given(_METADATA)
def test_the_custom_fields_are_read_in_one_pass_as_field_by_field(metadata: Any) -> None:
    workplace, office, employment = greenhouse._custom_fields(metadata)
    first, second = (_field_by_names(metadata, names) for names in greenhouse._WORKPLACE_FIELDS)
    assert (workplace, office) == (first, second)
    assert employment == _field_by_names(metadata, greenhouse._EMPLOYMENT_FIELD)
