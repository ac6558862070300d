"""SuccessFactors Recruiting Marketing pages, read through their XML job feed. The fixtures are the
recorded feeds of two tenants (descriptions replaced by their recorder), malformed tag included."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards.sources import successfactors, successfactors_rmk
from boards.sources.base import BoardRef, ReadContext
from boards.sources.registry import recognize
from tests.boards.sources.fakes import FakeFetch, fixture_bytes
from watchtower.errors import AppError

COLGATE = "https://career4.successfactors.com/career?company=colgate"


def board(url: str = COLGATE) -> BoardRef:
    return recognize(url)


@pytest.mark.parametrize(
    ("url", "board_url", "company"),
    [
        (COLGATE, COLGATE, "Colgate"),
        (
            "https://career4.successfactors.com/career?career_ns=job_listing&company=colgate&career_job_req_id=173126",
            COLGATE,
            "Colgate",
        ),
        (
            "https://career10.successfactors.com/career/?company=C0001095075P",
            "https://career10.successfactors.com/career?company=C0001095075P",
            "",  # a tenant code names no one: the feed's Company field does
        ),
        (
            "https://performancemanager4.successfactors.com/career?company=AMD",
            "https://performancemanager4.successfactors.com/career?company=AMD",
            "AMD",
        ),
        (
            "https://career2.successfactors.eu/career?company=bayer",
            "https://career2.successfactors.eu/career?company=bayer",
            "Bayer",
        ),
    ],
)
def test_any_page_of_a_tenant_is_its_board(url: str, board_url: str, company: str) -> None:
    found = board(url)
    assert (found.platform, found.board_url, found.fetch_host, found.company) == (
        "successfactors",
        board_url,
        urlsplit(board_url).hostname,
        company,
    )


@pytest.mark.parametrize(
    "url",
    [
        "https://career4.successfactors.com/",  # no tenant
        "https://career4.successfactors.com/career",
        "https://career4.successfactors.com/login?company=colgate",  # not the career page
        "https://career4.successfactors.com/career?company=%2F..%2Fadmin",  # not a tenant code
        "https://career4.successfactors.com.evil.example/career?company=colgate",
    ],
)
def test_other_urls_on_those_hosts_are_not_boards(url: str) -> None:
    assert recognize(url).platform == "html"


def test_the_feed_gives_each_job_with_its_place_company_and_workplace() -> None:
    postings = successfactors_rmk.parse_feed(fixture_bytes("successfactors-rmk-jobs-feed-colgate.xml"), board())
    assert [(p.id, p.title, p.company, p.location, p.workplace_hint, p.requisition_id) for p in postings] == [
        (
            "173126",
            "Advanced Analytics - Retail",
            "Hill's Pet Nutrition",
            "Overland Park, Kansas, United States",
            "hybrid",
            "173126",
        ),
        (
            "164817",
            "(Manufacturing) Operations Assistant",
            "Hill's Pet Nutrition",
            "Emporia, Kansas, United States",
            "",
            "164817",
        ),
    ]
    first = postings[0]
    assert first.description == "Trimmed for the fixture; see the header comment."
    assert parse_qs(urlsplit(first.url).query) == {
        "company": ["colgate"],
        "career_ns": ["job_listing"],
        "navBarLevel": ["JOB_SEARCH"],
        "career_job_req_id": ["173126"],
    }


def test_filters_are_read_by_label_whatever_their_number() -> None:
    zurich = board("https://career5.successfactors.eu/career?company=zurich")
    postings = successfactors_rmk.parse_feed(fixture_bytes("successfactors-rmk-jobs-feed-zurich.xml"), zurich)
    assert [(p.title, p.location, p.department) for p in postings] == [
        ("(Senior) Manager, Distribution Governance (Life Insurance)", "Hong Kong", "Sales & Distribution"),
        ("Accident & Health Underwriter - Zurich Asuransi Indonesia", "Indonesia", "Underwriting"),
    ]


def test_a_check_is_one_request_for_the_feed() -> None:
    fetch = FakeFetch()
    fetch.add(
        "https://career4.successfactors.com/career?company=colgate&career_ns=job_listing_summary&resultType=XML",
        fixture_bytes("successfactors-rmk-jobs-feed-colgate.xml"),
    )
    listing = successfactors.read(board(), fetch, ReadContext())
    assert listing.complete and len(listing.postings) == 2 and len(fetch.requests) == 1


def test_an_empty_feed_is_a_board_without_jobs_and_anything_else_is_a_parse_error() -> None:
    assert successfactors_rmk.parse_feed(b'<?xml version="1.0"?>\n<Job-Listing>\n</Job-Listing>', board()) == []
    for body in (b"", b"<html><body>Sign in</body></html>", b"\x00\xff", b'{"jobs": []}'):
        with pytest.raises(AppError) as raised:
            successfactors_rmk.parse_feed(body, board())
        assert raised.value.code == "PARSE_ERROR"


def test_jobs_without_an_id_or_a_title_are_skipped_and_repeats_kept_once() -> None:
    body = (
        b"<Job-Listing><Job><JobTitle>Nurse</JobTitle></Job>"
        b"<Job><ReqId>7</ReqId></Job>"
        b"<Job><JobTitle>Welder</JobTitle><ReqId>8</ReqId></Job>"
        b"<Job><JobTitle>Welder again</JobTitle><ReqId>8</ReqId></Job></Job-Listing>"
    )
    assert [(p.id, p.title) for p in successfactors_rmk.parse_feed(body, board())] == [("8", "Welder")]


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400) | st.text(max_size=400).map(lambda text: f"<Job-Listing>{text}</Job-Listing>".encode()))
def test_any_body_gives_postings_or_a_parse_error(body: bytes) -> None:
    try:
        postings = successfactors_rmk.parse_feed(body, board())
    except AppError as exc:
        assert exc.code == "PARSE_ERROR"
    else:
        assert all(p.id and p.title for p in postings)
