from __future__ import annotations

import pytest

from boards.sources import lever
from boards.sources.base import ReadContext, StructuredSalary
from boards.sources.registry import recognize
from tests.boards.sources.fakes import FakeFetch, fixture_bytes
from watchtower.errors import AppError

BOARD = recognize("https://jobs.lever.co/acme")


def test_it_reads_a_posting_field_by_field() -> None:
    first = lever.parse(fixture_bytes("lever-postings.json"), BOARD)[0]

    assert first.id == "5ac21346-8e0c-4494-8e7a-3eb92ff77902"
    assert first.title == "Senior Backend Engineer"
    assert first.company == "Acme"
    assert first.location == "San Francisco, CA"
    assert first.other_locations == ["New York, NY", "Remote - US"]
    assert first.department == "Engineering, Platform"
    assert first.url == "https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902"
    assert first.posted_at == "2026-10-06T01:08:25.000Z"
    assert first.workplace_hint == "hybrid"
    assert first.salary == StructuredSalary(min=180000.0, max=220000.0, currency="USD", period="year")
    assert first.description == (
        "Join us.\nBuild the platform.\nRequirements\n6+ years of backend experience\nGo or Python\n"
        "We offer equity.\nBase pay varies by location."
    )


def test_html_only_fields_and_hourly_wages_are_read() -> None:
    second = lever.parse(fixture_bytes("lever-postings.json"), BOARD)[1]

    assert second.description == "Help customers. At least two years in support."
    assert second.salary == StructuredSalary(min=18.0, max=22.0, currency="EUR", period="hour")
    assert second.workplace_hint == ""  # "unspecified" says nothing
    assert second.department == "Support"
    assert second.other_locations == []
    assert second.employment_type == "Part-time"


def test_read_uses_json_mode_on_the_eu_host_for_an_eu_board(fake_fetch: FakeFetch) -> None:
    board = recognize("https://jobs.eu.lever.co/acme")
    fake_fetch.add("https://api.eu.lever.co/v0/postings/acme?mode=json", fixture_bytes("lever-postings.json"))

    listing = lever.read(board, fake_fetch, ReadContext())

    assert listing.complete is True
    assert len(listing.postings) == 2


@pytest.mark.parametrize("body", [b'{"ok": false}', b"not json", b"null"])
def test_anything_but_a_list_is_a_parse_error(body: bytes) -> None:
    with pytest.raises(AppError) as caught:
        lever.parse(body, BOARD)

    assert caught.value.code == "PARSE_ERROR"


def test_without_a_primary_location_the_first_listed_one_is_primary() -> None:
    body = b'[{"id": "x", "text": "Nurse", "categories": {"allLocations": ["Leeds", "York"]}}]'

    (posting,) = lever.parse(body, BOARD)

    assert (posting.location, posting.other_locations) == ("Leeds", ["York"])
