from __future__ import annotations

from boards.sources import recruitee
from boards.sources.base import ReadContext, StructuredSalary
from boards.sources.registry import recognize
from tests.boards.sources.fakes import FakeFetch, fixture_bytes

BOARD = recognize("https://germanzeroev.recruitee.com/")


def test_it_reads_recorded_offers_field_by_field() -> None:
    first, second, third = recruitee.parse(fixture_bytes("recruitee-offers.json"), BOARD)

    assert first.id == "2691426"
    assert first.title == "Team-Assistenz/Projektkoordinator:in für unser Projekt #Platzmachen (30 bis 35h/Wo)"
    assert first.company == "GermanZero e.V."
    assert first.location == "Berlin, Berlin, Deutschland"
    assert first.department == ""
    assert (
        first.url
        == "https://germanzeroev.recruitee.com/o/team-assistenzprojektkoordinatorin-fur-unser-projekt-platzmachen-30-bis-35hwo"
    )
    assert first.posted_at == "2026-07-27T15:33:54Z"
    assert first.salary == StructuredSalary(min=3500.0, max=3800.0, currency="EUR", period="month")
    assert first.workplace_hint == "hybrid"

    assert second.salary == StructuredSalary(min=None, max=5000.0, currency="EUR", period="month")

    assert third.title == "Praktikum im Bereich Kommunikation"
    assert third.location == "Homeoffice"
    assert third.department == "GermanZero"
    assert third.salary is None
    assert third.workplace_hint == "remote"
    assert (first.employment_type, third.employment_type) == ("parttime_fixed_term", "internship")


def test_description_requirements_and_locations_are_read_when_present() -> None:
    body = b"""{"offers": [{"id": 7, "title": "Engineer", "location": "", "city": "Utrecht", "country": "Netherlands",
      "description": "<p>Build things.</p>", "requirements": "<ul><li>4+ years</li></ul>",
      "locations": [{"name": "Utrecht, Netherlands"}, {"city": "Ghent", "country": "Belgium"}],
      "salary": {"min": 60000, "max": 70000, "period": null, "currency": "eur"},
      "remote": true, "on_site": true}]}"""

    (offer,) = recruitee.parse(body, BOARD)

    assert offer.location == "Utrecht, Netherlands"
    assert offer.other_locations == ["Ghent, Belgium"]
    assert offer.description == "Build things.\n4+ years"
    assert offer.salary == StructuredSalary(min=60000.0, max=70000.0, currency="EUR", period="year")
    assert offer.workplace_hint == "hybrid"
    assert offer.company == "Germanzeroev"


def test_read_is_one_request_to_the_offers_api(fake_fetch: FakeFetch) -> None:
    fake_fetch.add("https://germanzeroev.recruitee.com/api/offers/", fixture_bytes("recruitee-offers.json"))

    listing = recruitee.read(BOARD, fake_fetch, ReadContext())

    assert len(listing.postings) == 3
    assert fake_fetch.urls == ["https://germanzeroev.recruitee.com/api/offers/"]
