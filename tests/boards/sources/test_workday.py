"""Workday. No recorded response body exists (platform-samples/workday-shape.md): these fixtures are
built from the documented CXS shape, and one item copies the real NVIDIA list item quoted there."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from boards.sources import workday
from boards.sources.base import ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, json_response, refusal
from watchtower.errors import AppError

API = "https://acme.wd5.myworkdayjobs.com/wday/cxs/acme/Careers/jobs"


def recognize(url: str):
    return workday.recognize(urlsplit(canonical_url(url)))


def posting(n: int, *, locations: str = "Berlin") -> dict:
    return {
        "title": f"Role {n}",
        "externalPath": f"/job/US-CA-Santa-Clara/Role-{n}_JR{n}",
        "locationsText": locations,
        "postedOn": "Posted 3 Days Ago",
        "bulletFields": [f"JR{n}"],
    }


def pages(total: int, *, fail_at: int | None = None, status: int = 429):
    def handler(request: Request):
        if request.url != API:
            return refusal(404)
        offset = request.json_body["offset"]
        if offset == fail_at:
            return refusal(status)
        count = max(0, min(20, total - offset))
        reported = total if offset == 0 else 0  # later pages may report 0 (documented)
        return json_response(request, {"total": reported, "jobPostings": [posting(offset + i) for i in range(count)]})

    return handler


@pytest.mark.parametrize(
    "url",
    [
        "https://acme.wd5.myworkdayjobs.com/Careers",
        "https://acme.wd5.myworkdayjobs.com/en-US/Careers",
        "https://acme.wd5.myworkdayjobs.com/fr-FR/Careers/job/Berlin/Engineer_JR1",
        "https://acme.wd5.myworkdayjobs.com/Careers/details/Engineer_JR1?q=x",
        "https://ACME.wd5.myworkdayjobs.com/Careers#top",
        "https://acme.wd5.myworkdayjobs.com/wday/cxs/acme/Careers/jobs",
    ],
)
def test_it_maps_every_myworkdayjobs_shape_to_the_site(url):
    board = recognize(url)
    assert board is not None
    assert board.board_url == "https://acme.wd5.myworkdayjobs.com/Careers"
    assert board.fetch_host == "acme.wd5.myworkdayjobs.com"
    assert board.options == {"tenant": "acme", "site": "Careers"}
    assert board.company == "Acme"
    assert workday.api_url(board) == API


@pytest.mark.parametrize(
    "url",
    [
        "https://wd3.myworkdaysite.com/recruiting/acme/External",
        "https://wd3.myworkdaysite.com/en-US/recruiting/acme/External/job/Remote/Engineer_R1",
    ],
)
def test_it_maps_the_myworkdaysite_form_to_its_recruiting_url(url):
    board = recognize(url)
    assert board is not None
    assert board.board_url == "https://wd3.myworkdaysite.com/recruiting/acme/External"
    assert workday.api_url(board) == "https://wd3.myworkdaysite.com/wday/cxs/acme/External/jobs"


@pytest.mark.parametrize(
    "url",
    [
        "https://acme.wd5.myworkdayjobs.com/",
        "https://acme.wd5.myworkdayjobs.com/en-US",
        "https://wd3.myworkdaysite.com/",
    ],
)
def test_a_workday_url_without_a_site_is_not_a_board(url):
    assert recognize(url) is None


def test_its_board_url_recognises_as_itself():
    board = recognize("https://acme.wd5.myworkdayjobs.com/en-US/Careers/job/x_JR1")
    assert recognize(board.board_url) == board


def test_it_parses_a_posting_field_by_field():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    real = {  # the recorded NVIDIA item from workday-shape.md
        "title": "Regional Developer Relations Manager - Israel",
        "externalPath": "/job/Israel-Tel-Aviv/Regional-Developer-Relations-Manager---Israel_JR2010933",
        "locationsText": "Israel, Tel Aviv",
        "postedOn": "Posted 30+ Days Ago",
        "bulletFields": ["JR2010933"],
    }
    [parsed] = workday.parse_page({"total": 1, "jobPostings": [real]}, board)
    assert parsed.id == "JR2010933"
    assert parsed.title == "Regional Developer Relations Manager - Israel"
    assert parsed.location == "Israel, Tel Aviv"
    assert parsed.company == "Acme"
    assert parsed.url == (
        "https://acme.wd5.myworkdayjobs.com/Careers/job/Israel-Tel-Aviv/Regional-Developer-Relations-Manager---Israel_JR2010933"
    )
    assert parsed.posted_at is None  # "Posted 30+ Days Ago" is relative: never kept
    assert parsed.partial is False


def test_n_locations_names_the_place_in_the_path():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    item = posting(7, locations="3 Locations")
    [parsed] = workday.parse_page({"jobPostings": [item]}, board)
    assert parsed.location == "US CA Santa Clara (+2 more)"


def test_two_postings_of_one_requisition_keep_distinct_ids():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    items = [
        {"title": "Nurse", "externalPath": "/job/A/Nurse_R100-1", "bulletFields": ["R100"]},
        {"title": "Nurse", "externalPath": "/job/B/Nurse_R100-2", "bulletFields": ["R100"]},
        {"title": "No path"},
    ]
    assert [p.id for p in workday.parse_page({"jobPostings": items}, board)] == ["R100-1", "R100-2"]


def test_it_posts_the_documented_body_and_stops_at_the_total():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    fetch = FakeFetch(pages(25))
    listing = workday.read(board, fetch, ReadContext())
    assert [r.json_body for r in fetch.requests] == [
        {"appliedFacets": {}, "limit": 20, "offset": 0, "searchText": ""},
        {"appliedFacets": {}, "limit": 20, "offset": 20, "searchText": ""},
    ]
    assert all(r.method == "POST" and r.url == API for r in fetch.requests)
    assert len(listing.postings) == 25
    assert listing.complete is True


def test_paging_stops_at_200_and_the_view_is_incomplete():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    fetch = FakeFetch(pages(2000))
    listing = workday.read(board, fetch, ReadContext())
    assert [r.json_body["offset"] for r in fetch.requests] == list(range(0, 200, 20))
    assert len(fetch.requests) == workday.MAX_PAGES
    assert len(listing.postings) == 200
    assert listing.complete is False


@pytest.mark.parametrize("status", [429, 403])
def test_a_refused_later_page_keeps_what_was_read(status):
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    listing = workday.read(board, FakeFetch(pages(60, fail_at=40, status=status)), ReadContext())
    assert len(listing.postings) == 40
    assert listing.complete is False


def test_a_refused_first_page_propagates():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    with pytest.raises(AppError) as caught:
        workday.read(board, FakeFetch(pages(60, fail_at=0)), ReadContext())
    assert caught.value.code == "RATE_LIMITED"


def detail_handler(listed: int, *, failing: frozenset[int] = frozenset()):
    def handler(request: Request):
        if request.method == "POST":
            return pages(listed)(request)
        n = int(request.url.rsplit("_JR", 1)[1])
        if n in failing:
            return refusal(404)
        return json_response(
            request,
            {
                "jobPostingInfo": {
                    "title": f"Role {n}",
                    "jobDescription": "<p>5+ years of experience.</p><p>Pay: $150,000 - $180,000 per year</p>",
                    "startDate": "2026-10-01",
                    "remoteType": "Hybrid",
                    "location": "Santa Clara",
                    "additionalLocations": ["Austin", "Santa Clara"],
                    "postedOn": "Posted Today",
                }
            },
        )

    return handler


def test_new_jobs_get_their_details_once_within_the_budget():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    fetch = FakeFetch(detail_handler(25))
    known = frozenset({"JR0", "JR1"})
    listing = workday.read(board, fetch, ReadContext(known_ids=known, detail_budget=3))
    details = [r for r in fetch.requests if r.method == "GET"]
    assert [r.url for r in details] == [
        f"https://acme.wd5.myworkdayjobs.com/wday/cxs/acme/Careers/job/US-CA-Santa-Clara/Role-{n}_JR{n}"
        for n in (2, 3, 4)
    ]
    by_id = {p.id: p for p in listing.postings}
    filled = by_id["JR2"]
    assert "5+ years of experience." in filled.description
    assert filled.posted_at == "2026-10-01"
    assert filled.workplace_hint == "Hybrid"
    assert filled.other_locations == ["Austin"]
    assert filled.location == "Berlin"  # listed fields stay as listed, so details never cause an update
    assert by_id["JR0"].description == "" and by_id["JR5"].description == ""


def test_a_failing_detail_leaves_only_that_job_without_details():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    fetch = FakeFetch(detail_handler(3, failing=frozenset({1})))
    listing = workday.read(board, fetch, ReadContext(detail_budget=20))
    assert [bool(p.description) for p in listing.postings] == [True, False, True]
    assert listing.complete is True


def test_no_budget_means_no_detail_requests():
    board = recognize("https://acme.wd5.myworkdayjobs.com/Careers")
    fetch = FakeFetch(detail_handler(3))
    workday.read(board, fetch, ReadContext())
    assert all(r.method == "POST" for r in fetch.requests)
