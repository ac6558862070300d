"""Microsoft. No recorded response exists (platform-samples/microsoft-shape.md): the fixture follows
the Eightfold PCSX position fields, which Microsoft's site serves."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from boards.sources import eightfold, microsoft
from boards.sources.base import ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, json_response, refusal

API = "https://apply.careers.microsoft.com/api/pcsx/search?domain=microsoft.com&query=&location=&start=0&sort_by=timestamp"


def recognize(url: str):
    return microsoft.recognize(urlsplit(canonical_url(url)))


def position(n: int) -> dict:
    return {
        "id": 1970393557000000 + n,
        "displayJobId": str(200000000 + n),
        "name": f"Software Engineer {n}",
        "locations": ["United States, Washington, Redmond", "United States, Georgia, Atlanta"],
        "standardizedLocations": ["Redmond, WA, US", "Atlanta, GA, US"],
        "postedTs": 1791248905,
        "department": "Software Engineering",
        "workLocationOption": "onsite",
        "positionUrl": f"/careers/job/{1970393557000000 + n}",
    }


@pytest.mark.parametrize(
    "url",
    [
        "https://jobs.careers.microsoft.com/global/en/search?q=ios",
        "https://apply.careers.microsoft.com/careers/job/1970393557018898",
        "https://careers.microsoft.com/",
        "https://apply.careers.microsoft.com/careers",
    ],
)
def test_every_microsoft_careers_host_is_one_board(url):
    board = recognize(url)
    assert board is not None
    assert (board.platform, board.board_url, board.fetch_host) == (
        "microsoft",
        "https://apply.careers.microsoft.com/careers",
        "apply.careers.microsoft.com",
    )
    assert recognize(board.board_url) == board


def test_microsoft_com_itself_is_not_the_board():
    assert recognize("https://www.microsoft.com/en-us/") is None


def test_it_reads_pcsx_pages_with_microsoft_ids_and_company():
    def handler(request: Request):
        start = int(parse_qs(urlsplit(request.url).query)["start"][0])
        if start == 20:
            return refusal(429)
        return json_response(
            request, {"status": 200, "data": {"count": 25, "positions": [position(start + i + 1) for i in range(10)]}}
        )

    fetch = FakeFetch(handler)
    listing = microsoft.read(recognize("https://careers.microsoft.com/"), fetch, ReadContext())
    assert fetch.urls[0] == API
    job = listing.postings[0]
    assert job.id == "200000001"
    assert job.company == "Microsoft"
    assert job.location == "United States, Washington, Redmond"
    assert job.other_locations == ["United States, Georgia, Atlanta"]
    assert job.url == "https://apply.careers.microsoft.com/careers/job/1970393557000001"
    assert job.posted_at == "2026-10-06T01:08:25Z"
    assert len(listing.postings) == 20
    assert listing.complete is False


def test_it_shares_eightfold_spacing_and_request_budget():
    assert microsoft.PAGE_SPACING_MS == 3000
    assert microsoft.MAX_REQUESTS == eightfold.MAX_REQUESTS
