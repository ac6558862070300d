from __future__ import annotations

from boards.sources import ashby
from boards.sources.base import ReadContext, StructuredSalary
from boards.sources.registry import recognize
from tests.boards.sources.fakes import FakeFetch, fixture_bytes

BOARD = recognize("https://jobs.ashbyhq.com/ashby")
API = "https://api.ashbyhq.com/posting-api/job-board/ashby"


def test_it_reads_a_recorded_board_field_by_field() -> None:
    first, second = ashby.parse(fixture_bytes("ashby-job-board.json"), BOARD)

    assert first.id == "27df9873-a3f3-487c-ba3d-4705b6bcbcb0"
    assert first.title == "Enterprise Account Executive - Americas (West)"
    assert first.company == "Ashby"
    assert first.location == "Remote - North America"
    assert first.other_locations == []
    assert first.department == "Sales"  # department and team are the same word
    assert first.url == "https://jobs.ashbyhq.com/ashby/27df9873-a3f3-487c-ba3d-4705b6bcbcb0"
    assert first.posted_at == "2025-01-09T22:59:15.552+00:00"
    assert first.workplace_hint == "remote"
    assert first.salary == StructuredSalary(min=270000.0, max=320000.0, currency="USD", period="year")
    assert first.description.startswith("ABOUT ASHBY\n\nWe’re building")

    assert second.title == "Head of Engineering, Americas"
    assert second.department == "Engineering, Americas Engineering"
    assert second.other_locations == ["Remote - Canada", "Toronto", "Vancouver", "Montreal", "Waterloo"]
    assert second.salary == StructuredSalary(min=280000.0, max=320000.0, currency="CAD", period="year")


def test_a_board_without_compensation_gives_no_salary_and_no_remote_hint() -> None:
    (job,) = ashby.parse(
        fixture_bytes("ashby-job-board-no-compensation.json"), recognize("https://jobs.ashbyhq.com/notion")
    )

    assert job.title == "Manager, Enterprise Sales"
    assert job.salary is None
    assert job.workplace_hint == ""  # isRemote is null
    assert job.other_locations == ["San Francisco, California"]
    assert job.company == "Notion"


def test_unlisted_jobs_are_dropped_and_tiers_are_the_fallback() -> None:
    body = b"""{"jobs": [
      {"id": "a", "title": "Hidden", "isListed": false},
      {"id": "b", "title": "Tiered", "isListed": true, "workplaceType": "Hybrid",
       "descriptionHtml": "<p>Hourly role</p>",
       "compensation": {"summaryComponents": [],
         "compensationTiers": [{"components": [
           {"compensationType": "EquityPercentage", "minValue": null, "maxValue": 0.1},
           {"compensationType": "Salary", "interval": "1 HOUR", "currencyCode": "GBP", "minValue": 20, "maxValue": 25}]}]}}
    ]}"""

    (job,) = ashby.parse(body, BOARD)

    assert job.id == "b"
    assert job.workplace_hint == "hybrid"
    assert job.description == "Hourly role"
    assert job.salary == StructuredSalary(min=20.0, max=25.0, currency="GBP", period="hour")


def test_read_asks_for_compensation_and_falls_back_when_too_large(fake_fetch: FakeFetch) -> None:
    fake_fetch.fail(f"{API}?includeCompensation=true", "BODY_TOO_LARGE")
    fake_fetch.add(API, b'{"jobs": [{"id": "x", "title": "Engineer"}]}')

    listing = ashby.read(BOARD, fake_fetch, ReadContext())

    assert fake_fetch.urls == [f"{API}?includeCompensation=true", API]
    assert [posting.title for posting in listing.postings] == ["Engineer"]
    assert listing.complete is True


def test_without_a_location_name_the_postal_address_is_used() -> None:
    body = b"""{"jobs": [{"id": "c", "title": "Chef", "location": "",
      "address": {"postalAddress": {"addressLocality": "Lyon", "addressRegion": "", "addressCountry": "France"}}}]}"""

    (job,) = ashby.parse(body, BOARD)

    assert job.location == "Lyon, France"


def test_the_employment_type_is_kept_as_given() -> None:
    body = (
        b"""{"jobs": [{"id": "i", "title": "Software Engineer", "location": "Berlin", "employmentType": "Intern"}]}"""
    )
    (job,) = ashby.parse(body, BOARD)
    assert job.employment_type == "Intern"
