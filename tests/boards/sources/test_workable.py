from __future__ import annotations

from boards.sources import workable
from boards.sources.base import ReadContext
from boards.sources.registry import recognize
from tests.boards.sources.fakes import FakeFetch, fixture_bytes

BOARD = recognize("https://apply.workable.com/acme-robotics/")
API = "https://apply.workable.com/api/v1/widget/accounts/acme-robotics"


def test_it_reads_a_job_field_by_field() -> None:
    first = workable.parse(fixture_bytes("workable-widget.json"), BOARD)[0]

    assert first.id == "A1B2C3D4E5"
    assert first.title == "Robotics Engineer"
    assert first.company == "Acme Robotics"
    assert first.location == "Munich, Bavaria, Germany"
    assert first.other_locations == ["Berlin, Germany"]  # the hidden Vienna place is not listed
    assert first.department == "Engineering"
    assert first.url == "https://apply.workable.com/j/A1B2C3D4E5"
    assert first.posted_at == "2026-07-01"
    assert first.workplace_hint == ""
    assert first.salary is None  # Workable has no structured pay: derivation reads the text
    assert first.description == "Build arms.\n3-5 years of experience with ROS\nSalary: €60k - €75k per year"


def test_a_telecommuting_job_without_top_level_place_uses_its_listed_place() -> None:
    second = workable.parse(fixture_bytes("workable-widget.json"), BOARD)[1]

    assert second.location == "United Kingdom"
    assert second.workplace_hint == "remote"
    assert second.posted_at == "2026-05-02"  # published_on is null
    assert second.department == ""


def test_read_asks_for_details_and_falls_back_when_too_large(fake_fetch: FakeFetch) -> None:
    fake_fetch.fail(f"{API}?details=true", "BODY_TOO_LARGE")
    fake_fetch.add(API, b'{"name": "Acme Robotics", "jobs": [{"shortcode": "Q1", "title": "Welder"}]}')

    listing = workable.read(BOARD, fake_fetch, ReadContext())

    assert fake_fetch.urls == [f"{API}?details=true", API]
    assert [(posting.id, posting.company) for posting in listing.postings] == [("Q1", "Acme Robotics")]
