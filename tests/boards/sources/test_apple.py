"""Apple. No recorded response exists (platform-samples/apple-shape.md): these fixtures follow the
documented `/api/v1/search` shape."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from boards.sources import apple
from boards.sources.base import ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, json_response, refusal


def recognize(url: str):
    return apple.recognize(urlsplit(canonical_url(url)))


def role(job_id: str, title: str = "Senior iOS Engineer", **extra) -> dict:
    return {
        "id": job_id,
        "positionId": job_id.removeprefix("PIPE-").split("-")[0],
        "postingTitle": title,
        "transformedPostingTitle": title.lower().replace(" ", "-"),
        "postDateInGMT": "2026-10-06T01:52:04.545Z",
        "locations": [{"name": "Cupertino", "countryName": "United States of America"}],
        "team": {"teamName": "Software and Services", "teamCode": "SFTWR"},
        "jobSummary": "Build the frameworks behind every app. You have 5+ years of experience shipping iOS software.",
        "homeOffice": False,
        **extra,
    }


def pages(total: int, *, fail_at: int | None = None):
    def handler(request: Request):
        page = request.json_body["page"]
        if page == fail_at:
            return refusal(429)
        start = (page - 1) * 20
        n = max(0, min(20, total - start))
        return json_response(
            request, {"res": {"totalRecords": total, "searchResults": [role(f"{start + i}-0836") for i in range(n)]}}
        )

    return handler


@pytest.mark.parametrize(
    "url",
    [
        "https://jobs.apple.com/en-us/search?team=SFTWR",
        "https://jobs.apple.com/en-gb/details/200668060-0836/senior-leader",
        "https://jobs.apple.com/",
    ],
)
def test_every_jobs_apple_com_url_is_the_board(url):
    board = recognize(url)
    assert board is not None and board.board_url == "https://jobs.apple.com/en-us/search"
    assert recognize(board.board_url) == board


def test_other_apple_pages_are_not_the_board():
    assert recognize("https://www.apple.com/careers/us/") is None


def test_it_parses_a_role_field_by_field():
    item = role(
        "200668060-0836",
        locations=[
            {"name": "Cupertino", "countryName": "United States of America"},
            {"name": "Austin", "countryName": "United States of America"},
        ],
    )
    total, [job] = apple.parse_page({"res": {"totalRecords": 2, "searchResults": [item]}})
    assert total == 2
    assert job.id == "200668060-0836"
    assert job.title == "Senior iOS Engineer"
    assert job.location == "Cupertino, United States of America"
    assert job.other_locations == ["Austin, United States of America"]
    assert job.department == "Software and Services"
    assert job.company == "Apple"
    assert job.url == "https://jobs.apple.com/en-us/details/200668060-0836/senior-ios-engineer"
    assert job.posted_at == "2026-10-06T01:52:04.545Z"
    assert "5+ years of experience" in job.description


def test_home_office_roles_say_remote():
    _, [job] = apple.parse_page({"res": {"searchResults": [role("1-1", homeOffice=True)]}})
    assert job.location == "Cupertino, United States of America, Remote"


def test_an_evergreen_role_stamped_with_the_request_time_has_no_date():
    item = role(
        "PIPE-200313970",
        postDateInGMT="2026-10-06T02:58:12.914728295Z",
        locations=[{"name": "United States", "countryName": "United States"}],
    )
    _, [job] = apple.parse_page({"res": {"searchResults": [item]}})
    assert job.location == "United States"
    assert job.posted_at is None


def test_one_posting_per_location():
    items = [
        role("200-0836"),
        role("200-0157", locations=[{"name": "Austin", "countryName": "United States of America"}]),
    ]
    _, jobs = apple.parse_page({"res": {"searchResults": items}})
    assert [(j.id, j.location) for j in jobs] == [
        ("200-0836", "Cupertino, United States of America"),
        ("200-0157", "Austin, United States of America"),
    ]


def test_paging_stops_at_300():
    fetch = FakeFetch(pages(6201))
    listing = apple.read(recognize("https://jobs.apple.com/"), fetch, ReadContext())
    assert [r.json_body["page"] for r in fetch.requests] == list(range(1, 16))
    assert all(
        r.method == "POST" and r.json_body["sort"] == "newest" and r.json_body["locale"] == "en-us"
        for r in fetch.requests
    )
    assert len(listing.postings) == 300
    assert listing.complete is False


def test_a_refused_later_page_keeps_what_was_read():
    listing = apple.read(recognize("https://jobs.apple.com/"), FakeFetch(pages(6201, fail_at=3)), ReadContext())
    assert len(listing.postings) == 40 and listing.complete is False


def test_a_small_result_is_complete():
    listing = apple.read(recognize("https://jobs.apple.com/"), FakeFetch(pages(21)), ReadContext())
    assert len(listing.postings) == 21 and listing.complete is True


def test_a_lone_surrogate_in_an_id_or_slug_still_gives_a_url() -> None:
    """JSON may escape half a surrogate pair ("\\udc80"); the job URL is built from those fields."""
    item = json.loads('{"id": "2006\\udc80", "postingTitle": "Engineer", "transformedPostingTitle": "eng\\udc80"}')
    posting = apple.parse_role(item)
    assert posting is not None
    assert posting.url == "https://jobs.apple.com/en-us/details/2006%EF%BF%BD/eng%EF%BF%BD"
