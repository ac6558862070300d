"""Eightfold. No recorded `/api/pcsx/search` or `/api/apply/v2/jobs` body exists
(platform-samples/eightfold-shape.md): these fixtures are built from the documented position fields."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from boards.sources import eightfold
from boards.sources.base import ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, json_response, refusal
from watchtower.errors import AppError

PCSX = "https://acme.eightfold.ai/api/pcsx/search?domain=acme.com&query=&location=&start=0&sort_by=timestamp"


def recognize(url: str):
    return eightfold.recognize(urlsplit(canonical_url(url)))


def position(n: int, **extra) -> dict:
    return {
        "id": 481080000000 + n,
        "displayJobId": str(260000000 + n),
        "name": f"Engineer {n}",
        "locations": ["Seattle, Washington, United States"],
        "standardizedLocations": ["Seattle, WA, US"],
        "postedTs": 1791413813,
        "department": "Technology",
        "workLocationOption": "onsite",
        "positionUrl": f"/careers/job/{481080000000 + n}",
        **extra,
    }


def start_of(request: Request) -> int:
    return int(parse_qs(urlsplit(request.url).query)["start"][0])


def pcsx_pages(count: int, *, fail_at: int | None = None, status: int = 429):
    def handler(request: Request):
        path = urlsplit(request.url).path
        if path == "/api/pcsx/position_details":
            position_id = parse_qs(urlsplit(request.url).query)["position_id"][0]
            return json_response(
                request,
                {
                    "status": 200,
                    "data": {
                        "id": int(position_id),
                        "jobDescription": "<p>7+ years of experience. $120,000 - $140,000 a year.</p>",
                        "workLocationOption": "hybrid",
                    },
                },
            )
        start = start_of(request)
        if start == fail_at:
            return refusal(status)
        n = max(0, min(10, count - start))
        return json_response(
            request, {"status": 200, "data": {"count": count, "positions": [position(start + i + 1) for i in range(n)]}}
        )

    return handler


@pytest.mark.parametrize(
    ("url", "domain"),
    [
        ("https://acme.eightfold.ai/careers?domain=acme.com&query=ios", "acme.com"),
        ("https://acme.eightfold.ai/careers", "acme.com"),
        ("https://acme.eightfold.ai/careers/job/481080000001?domain=Acme-Coffee.com", "acme-coffee.com"),
        ("https://acme.eightfold.ai/api/apply/v2/jobs?domain=acme.com&start=0&num=10", "acme.com"),
        ("https://acme.eightfold.ai/careers?domain=not a domain", "acme.com"),
    ],
)
def test_every_tenant_url_is_its_board(url, domain):
    board = recognize(url)
    assert board is not None
    assert board.board_url == f"https://acme.eightfold.ai/careers?domain={domain}"
    assert board.options == {"domain": domain, "legacy": False}
    assert board.company == "Acme"
    assert recognize(board.board_url) == board


@pytest.mark.parametrize(
    "url", ["https://app.eightfold.ai/", "https://www.eightfold.ai/careers", "https://eightfold.ai/"]
)
def test_eightfold_own_hosts_are_not_boards(url):
    assert recognize(url) is None


def test_legacy_tenants_are_marked_and_named():
    board = recognize("https://hsbc.eightfold.ai/careers?domain=hsbc.com")
    assert board.options == {"domain": "hsbc.com", "legacy": True}
    assert board.company == "HSBC"


def test_it_parses_a_pcsx_position_field_by_field():
    site = eightfold.site_of(recognize("https://acme.eightfold.ai/careers"))
    count, [job] = eightfold.parse_page(
        {"status": 200, "data": {"count": 1, "positions": [position(1, name="principal architect- cloud")]}}, site
    )
    assert count == 1
    assert job.id == "260000001"
    assert job.title == "principal architect- cloud"
    assert job.location == "Seattle, Washington, United States"
    assert job.other_locations == []
    assert job.department == "Technology"
    assert job.url == "https://acme.eightfold.ai/careers/job/481080000001"
    assert job.posted_at == "2026-10-07T22:56:53Z"
    assert job.company == "Acme"
    assert job.description == ""
    assert job.workplace_hint == "onsite"


def test_a_legacy_position_carries_its_text():
    site = eightfold.site_of(recognize("https://hsbc.eightfold.ai/careers?domain=hsbc.com"))
    legacy = {
        "count": 1435,
        "positions": [
            {
                "id": 563774612161615,
                "display_job_id": "57513",
                "name": "AVP US Liquidity Management",
                "locations": ["New York, New York, United States"],
                "t_create": 1787694138,
                "department": ["Finance", "Treasury"],
                "canonicalPositionUrl": "https://portal.careers.hsbc.com/careers/job/563774612161615",
                "work_location_option": "remote",
                "job_description": "<p>At least 7 years of experience in treasury. Base salary $150,000 - $190,000 per year.</p>",
            }
        ],
    }
    count, [job] = eightfold.parse_page(legacy, site)
    assert count == 1435
    assert job.id == "57513"
    assert job.location == "New York, New York, United States, Remote"
    assert job.url == "https://portal.careers.hsbc.com/careers/job/563774612161615"
    assert job.posted_at == "2026-08-25T21:42:18Z"
    assert job.department == "Finance, Treasury"
    assert job.description.startswith("At least 7 years of experience in treasury.")


def test_a_position_with_an_empty_id_is_skipped():
    site = eightfold.site_of(recognize("https://acme.eightfold.ai/careers"))
    _, jobs = eightfold.parse_page(
        {"data": {"positions": [position(1, displayJobId="", atsJobId="X1"), position(2)]}}, site
    )
    assert [j.id for j in jobs] == ["260000002"]


def test_paging_stops_at_50_and_the_view_is_incomplete():
    fetch = FakeFetch(pcsx_pages(21417))
    listing = eightfold.read(recognize("https://acme.eightfold.ai/careers"), fetch, ReadContext())
    assert fetch.urls[0] == PCSX
    assert [start_of(r) for r in fetch.requests] == [0, 10, 20, 30, 40]
    assert len(listing.postings) == 50
    assert listing.complete is False


def test_a_small_tenant_is_complete():
    listing = eightfold.read(recognize("https://acme.eightfold.ai/careers"), FakeFetch(pcsx_pages(11)), ReadContext())
    assert len(listing.postings) == 11
    assert listing.complete is True


@pytest.mark.parametrize("status", [429, 403])
def test_a_refused_later_page_keeps_what_was_read(status):
    fetch = FakeFetch(pcsx_pages(25, fail_at=20, status=status))
    listing = eightfold.read(recognize("https://acme.eightfold.ai/careers"), fetch, ReadContext())
    assert [start_of(r) for r in fetch.requests] == [0, 10, 20]
    assert len(listing.postings) == 20
    assert listing.complete is False


def legacy_handler(request: Request):
    path = urlsplit(request.url).path
    if path.startswith("/api/pcsx"):
        return refusal(403)
    start = start_of(request)
    n = max(0, min(10, 15 - start))
    return json_response(
        request,
        {"count": 15, "positions": [position(start + i + 1, job_description="<p>3+ years.</p>") for i in range(n)]},
    )


def test_a_tenant_refusing_pcsx_is_read_through_the_legacy_list():
    fetch = FakeFetch(legacy_handler)
    listing = eightfold.read(recognize("https://acme.eightfold.ai/careers"), fetch, ReadContext(detail_budget=20))
    assert fetch.urls == [
        PCSX,
        "https://acme.eightfold.ai/api/apply/v2/jobs?domain=acme.com&start=0&num=10",
        "https://acme.eightfold.ai/api/apply/v2/jobs?domain=acme.com&start=10&num=10",
    ]
    assert len(listing.postings) == 15
    assert listing.complete is True
    assert all(p.description == "3+ years." for p in listing.postings)  # no detail requests needed


def test_a_legacy_tenant_is_read_there_directly():
    fetch = FakeFetch(legacy_handler)
    eightfold.read(recognize("https://hsbc.eightfold.ai/careers?domain=hsbc.com"), fetch, ReadContext())
    assert fetch.urls[0] == "https://hsbc.eightfold.ai/api/apply/v2/jobs?domain=hsbc.com&start=0&num=10"


def test_any_other_first_failure_propagates():
    with pytest.raises(AppError) as caught:
        eightfold.read(
            recognize("https://acme.eightfold.ai/careers"), FakeFetch(pcsx_pages(25, fail_at=0)), ReadContext()
        )
    assert caught.value.code == "RATE_LIMITED"


def test_new_pcsx_jobs_read_position_details_within_the_budget():
    fetch = FakeFetch(pcsx_pages(25))
    known = frozenset({"260000001"})
    listing = eightfold.read(
        recognize("https://acme.eightfold.ai/careers"), fetch, ReadContext(known_ids=known, detail_budget=2)
    )
    details = [url for url in fetch.urls if "position_details" in url]
    assert details == [
        f"https://acme.eightfold.ai/api/pcsx/position_details?position_id={481080000000 + n}&domain=acme.com&hl=en"
        for n in (2, 3)
    ]
    by_id = {p.id: p for p in listing.postings}
    assert by_id["260000002"].description.startswith("7+ years of experience.")
    assert by_id["260000002"].workplace_hint == "onsite"  # the listing's own field wins
    assert by_id["260000001"].description == "" and by_id["260000004"].description == ""


def test_a_rate_limited_detail_stops_the_detail_reads():
    def handler(request: Request):
        if "position_details" in request.url:
            return refusal(429)
        return pcsx_pages(25)(request)

    fetch = FakeFetch(handler)
    listing = eightfold.read(recognize("https://acme.eightfold.ai/careers"), fetch, ReadContext(detail_budget=20))
    assert sum("position_details" in url for url in fetch.urls) == 1
    assert len(listing.postings) == 25 and listing.complete is True


def test_spacing_is_declared_for_the_check_service_to_honour():
    assert eightfold.PAGE_SPACING_MS == 3000
