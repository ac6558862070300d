"""Amazon: a recorded search.json (2 jobs), plus built pages for paging."""

from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from boards.sources import amazon
from boards.sources.base import ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, fixture_bytes, json_response, refusal
from watchtower.errors import AppError


def recognize(url: str):
    return amazon.recognize(urlsplit(canonical_url(url)))


def job(n: int, **extra) -> dict:
    return {
        "id": f"uuid-{n}",
        "id_icims": str(n),
        "title": "Software Development Engineer",
        "job_path": f"/en/jobs/{n}/software-development-engineer",
        "location": "US, WA, Seattle",
        "normalized_location": "Seattle, Washington, USA",
        "locations": [
            json.dumps(
                {"type": "ONSITE", "location": "US, WA, Seattle", "normalizedLocation": "Seattle, Washington, USA"}
            ),
            json.dumps({"type": "ONSITE", "location": "US, TX, Austin", "normalizedLocation": "Austin, Texas, USA"}),
            "{not json",
        ],
        "job_category": "Software Development",
        "company_name": "Amazon Web Services, Inc.",
        "posted_date": "October  6, 2026",
        "description": "Build things.<br/>",
        "basic_qualifications": "- 3+ years of non-internship professional software development experience",
        "preferred_qualifications": "",
        **extra,
    }


@pytest.mark.parametrize(
    "url", ["https://www.amazon.jobs/en/search?base_query=ios", "https://amazon.jobs/en/jobs/10570004/sde"]
)
def test_amazon_jobs_urls_are_the_board(url):
    board = recognize(url)
    assert board is not None and board.board_url == "https://www.amazon.jobs/en/search"
    assert recognize(board.board_url) == board


def test_amazon_com_is_not_the_board():
    assert recognize("https://www.amazon.com/jobs") is None


def test_it_parses_a_job_field_by_field():
    hits, [parsed] = amazon.parse_page({"error": None, "hits": 1, "jobs": [job(10570004)]})
    assert hits == 1
    assert parsed.id == "10570004"
    assert parsed.location == "Seattle, Washington, USA"
    assert parsed.other_locations == ["Austin, Texas, USA"]
    assert parsed.department == "Software Development"
    assert parsed.company == "Amazon"
    assert parsed.url == "https://www.amazon.jobs/en/jobs/10570004/software-development-engineer"
    assert parsed.posted_at == "2026-10-06"
    assert "3+ years of non-internship professional software development experience" in parsed.description


def test_a_virtual_location_says_remote():
    virtual = json.dumps(
        {
            "type": "VIRTUAL",
            "location": "IN, TS, Hyderabad - Virtual",
            "normalizedLocation": "Hyderabad, Telangana, IND",
        }
    )
    _, [parsed] = amazon.parse_page(
        {
            "jobs": [
                job(
                    1,
                    location="IN, TS, Hyderabad - Virtual",
                    normalized_location="Hyderabad, Telangana, IND",
                    locations=[virtual],
                )
            ]
        }
    )
    assert parsed.location == "Hyderabad, Telangana, IND, Remote"
    assert parsed.other_locations == []


def test_it_reads_the_recorded_response():
    hits, jobs = amazon.parse_page(json.loads(fixture_bytes("amazon-search.json")))
    assert hits == 2
    assert [(j.id, j.location, j.posted_at, j.department) for j in jobs] == [
        ("10464593", "Bengaluru, Karnataka, IND", "2026-07-02", "Human Resources"),
        ("10423247", "Hyderabad, Telangana, IND", "2026-05-19", "Administrative Support"),
    ]
    assert "Bachelor's degree or equivalent" in jobs[0].description and "<br" not in jobs[0].description


def test_a_stated_error_is_a_parse_error():
    with pytest.raises(AppError, match="Result limit"):
        amazon.parse_page({"error": "Result limit cannot be greater than 100", "hits": 0, "jobs": None})


def paged(*, fail_at: int | None = None):
    def handler(request: Request):
        offset = int(parse_qs(urlsplit(request.url).query)["offset"][0])
        if offset == fail_at:
            return refusal(429)
        return json_response(request, {"error": None, "hits": 10000, "jobs": [job(offset + i) for i in range(100)]})

    return handler


def test_paging_stops_at_300_and_is_never_complete():
    fetch = FakeFetch(paged())
    listing = amazon.read(recognize("https://amazon.jobs/"), fetch, ReadContext())
    assert fetch.urls == [
        f"https://www.amazon.jobs/en/search.json?offset={o}&result_limit=100&sort=recent" for o in (0, 100, 200)
    ]
    assert len(listing.postings) == 300
    assert listing.complete is False


def test_a_refused_later_page_keeps_what_was_read():
    listing = amazon.read(recognize("https://amazon.jobs/"), FakeFetch(paged(fail_at=200)), ReadContext())
    assert len(listing.postings) == 200 and listing.complete is False
