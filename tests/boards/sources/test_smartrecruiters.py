from __future__ import annotations

import json

from boards.sources import smartrecruiters
from boards.sources.base import ReadContext
from boards.sources.registry import recognize
from tests.boards.sources.fakes import FakeFetch, fixture_bytes

BOARD = recognize("https://jobs.smartrecruiters.com/AcmeCorp")


def page(board_total: int, ids: range) -> bytes:
    content = [{"id": str(n), "name": f"Role {n}", "location": {"city": "Austin", "country": "us"}} for n in ids]
    return json.dumps({"offset": ids.start, "limit": 100, "totalFound": board_total, "content": content}).encode()


def test_it_reads_postings_field_by_field() -> None:
    first, second = smartrecruiters.parse(fixture_bytes("smartrecruiters-postings.json"), BOARD)

    assert first.id == "744000012345678"
    assert first.title == "Senior Data Engineer"
    assert first.company == "Acme Corp"
    assert first.location == "Austin, TX, US"
    assert first.department == "Data"
    assert first.url == "https://jobs.smartrecruiters.com/AcmeCorp/744000012345678"
    assert first.posted_at == "2026-07-15T09:30:00.000Z"
    assert first.workplace_hint == ""
    assert first.description == "" and first.salary is None
    assert first.employment_type == "Full-time"

    assert second.location == "London, United Kingdom"
    assert second.workplace_hint == "remote"
    assert second.department == ""


def test_a_board_of_one_page_is_one_request(fake_fetch: FakeFetch) -> None:
    fake_fetch.add(smartrecruiters.page_url(BOARD, 0), fixture_bytes("smartrecruiters-postings.json"))

    listing = smartrecruiters.read(BOARD, fake_fetch, ReadContext())

    assert fake_fetch.urls == ["https://api.smartrecruiters.com/v1/companies/AcmeCorp/postings?limit=100&offset=0"]
    assert listing.complete is True
    assert len(listing.postings) == 2


def test_every_page_is_read_past_the_first_hundred(fake_fetch: FakeFetch) -> None:
    for offset in (0, 100, 200):
        fake_fetch.add(smartrecruiters.page_url(BOARD, offset), page(250, range(offset, min(offset + 100, 250))))

    listing = smartrecruiters.read(BOARD, fake_fetch, ReadContext())

    assert [url.rsplit("=", 1)[1] for url in fake_fetch.urls] == ["0", "100", "200"]
    assert len(listing.postings) == 250
    assert listing.complete is True


def test_a_failing_later_page_keeps_what_was_read_and_marks_it_incomplete(fake_fetch: FakeFetch) -> None:
    fake_fetch.add(smartrecruiters.page_url(BOARD, 0), page(250, range(0, 100)))
    fake_fetch.fail(smartrecruiters.page_url(BOARD, 100), "RATE_LIMITED")

    listing = smartrecruiters.read(BOARD, fake_fetch, ReadContext())

    assert len(listing.postings) == 100
    assert listing.complete is False
    assert len(fake_fetch.requests) == 2


def test_a_later_page_that_is_not_json_marks_it_incomplete(fake_fetch: FakeFetch) -> None:
    fake_fetch.add(smartrecruiters.page_url(BOARD, 0), page(150, range(0, 100)))
    fake_fetch.add(smartrecruiters.page_url(BOARD, 100), b"<html>maintenance</html>")

    listing = smartrecruiters.read(BOARD, fake_fetch, ReadContext())

    assert (len(listing.postings), listing.complete) == (100, False)


def test_a_board_over_the_page_cap_is_read_to_the_cap_and_marked_incomplete(fake_fetch: FakeFetch) -> None:
    total = smartrecruiters.MAX_PAGES * 100 + 1
    for number in range(smartrecruiters.MAX_PAGES):
        offset = number * 100
        fake_fetch.add(smartrecruiters.page_url(BOARD, offset), page(total, range(offset, offset + 100)))

    listing = smartrecruiters.read(BOARD, fake_fetch, ReadContext())

    assert len(fake_fetch.requests) == smartrecruiters.MAX_PAGES == smartrecruiters.MAX_REQUESTS
    assert len(listing.postings) == smartrecruiters.MAX_PAGES * 100
    assert listing.complete is False


def test_postings_that_shift_between_pages_are_kept_once_and_the_gap_is_admitted(fake_fetch: FakeFetch) -> None:
    # A posting published while paging pushes posting 99 onto the second page: it is seen twice,
    # and one posting is never seen, so removals cannot be trusted this time.
    fake_fetch.add(smartrecruiters.page_url(BOARD, 0), page(150, range(0, 100)))
    fake_fetch.add(smartrecruiters.page_url(BOARD, 100), page(150, range(99, 149)))

    listing = smartrecruiters.read(BOARD, fake_fetch, ReadContext())

    assert len(listing.postings) == 149
    assert len({posting.id for posting in listing.postings}) == 149
    assert listing.complete is False


def test_an_empty_later_page_ends_paging_and_a_shortfall_is_admitted(fake_fetch: FakeFetch) -> None:
    fake_fetch.add(smartrecruiters.page_url(BOARD, 0), page(300, range(0, 100)))
    fake_fetch.add(smartrecruiters.page_url(BOARD, 100), page(300, range(100, 100)))

    listing = smartrecruiters.read(BOARD, fake_fetch, ReadContext())

    assert (len(fake_fetch.requests), len(listing.postings), listing.complete) == (2, 100, False)


def test_a_board_that_shrank_while_paging_is_complete(fake_fetch: FakeFetch) -> None:
    fake_fetch.add(smartrecruiters.page_url(BOARD, 0), page(300, range(0, 100)))
    fake_fetch.add(smartrecruiters.page_url(BOARD, 100), page(100, range(100, 100)))

    listing = smartrecruiters.read(BOARD, fake_fetch, ReadContext())

    assert (len(fake_fetch.requests), listing.complete) == (2, True)
