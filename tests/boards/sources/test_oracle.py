"""Oracle Recruiting: recorded finder responses (Kroger, UT Health San Antonio) trimmed by their
collector to two requisitions each, plus built pages for paging."""

from __future__ import annotations

import json
from urllib.parse import urlsplit

import pytest

from boards.sources import oracle
from boards.sources.base import ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, fixture_bytes, json_response, refusal
from watchtower.errors import AppError

ORIGIN = "https://acme.fa.us2.oraclecloud.com"
API = (
    f"{ORIGIN}/hcmRestApi/resources/latest/recruitingCEJobRequisitions?onlyData=true"
    "&expand=requisitionList.secondaryLocations&finder=findReqs;siteNumber=CX_1001,limit=100,offset=0,sortBy=POSTING_DATES_DESC"
)


def recognize(url: str):
    return oracle.recognize(urlsplit(canonical_url(url)))


def req(n: int, **extra) -> dict:
    return {
        "Id": str(210000000 + n),
        "Title": f"Engineer {n}",
        "PostedDate": "2026-10-07",
        "PrimaryLocation": "Wilmington, DE, United States",
        "JobFamily": "Software Engineering",
        "WorkplaceType": "",
        "ShortDescriptionStr": "You have 5+ years of experience building iOS apps.",
        "secondaryLocations": [{"Name": "Wilmington, DE, United States"}, {"Name": "Plano, TX, United States"}],
        **extra,
    }


def pages(total: int, *, fail_at: int | None = None):
    def handler(request: Request):
        offset = int(request.url.split("offset=")[1].split(",")[0])
        if offset == fail_at:
            return refusal(429)
        count = max(0, min(100, total - offset))
        items = [{"TotalJobsCount": total, "requisitionList": [req(offset + i) for i in range(count)]}]
        return json_response(request, {"items": items})

    return handler


@pytest.mark.parametrize(
    "url",
    [
        f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001/job/210704129?utm_source=x",
        f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001",
        f"{ORIGIN}/hcmUI/CandidateExperience/fr-FR/sites/CX_1001/requisitions",
        API,
    ],
)
def test_every_candidate_site_shape_is_the_same_board(url):
    board = recognize(url)
    assert board is not None
    assert board.board_url == f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001"
    assert board.options == {"site": "CX_1001"}
    assert oracle.page_url(board, 0) == API
    assert recognize(board.board_url) == board


@pytest.mark.parametrize("url", [f"{ORIGIN}/fscmUI/faces/FuseWelcome", "https://www.oracle.com/careers/"])
def test_other_oracle_pages_are_not_boards(url):
    assert recognize(url) is None


def test_known_hosts_name_their_company():
    assert (
        recognize("https://eluq.fa.us2.oraclecloud.com/hcmUI/CandidateExperience/en/sites/CX_2001").company == "Kroger"
    )
    assert recognize(f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001").company == ""


def test_it_parses_a_requisition_field_by_field():
    board = recognize(f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001")
    total, [job] = oracle.parse_page({"items": [{"TotalJobsCount": 1, "requisitionList": [req(1)]}]}, board)
    assert total == 1
    assert job.id == "210000001"
    assert job.title == "Engineer 1"
    assert job.location == "Wilmington, DE, United States"
    assert job.other_locations == ["Plano, TX, United States"]
    assert job.department == "Software Engineering"
    assert job.url == f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001/job/210000001"
    assert job.posted_at == "2026-10-07"
    assert job.description == "You have 5+ years of experience building iOS apps."


def test_a_remote_workplace_is_said_in_the_location():
    board = recognize(f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001")
    item = req(2, WorkplaceType="Fully Remote", PrimaryLocation="Columbus, OH, United States")
    _, [job] = oracle.parse_page({"items": [{"requisitionList": [item]}]}, board)
    assert job.location == "Columbus, OH, United States, Remote"
    assert job.workplace_hint == "Fully Remote"


def test_it_reads_the_recorded_responses():
    board = recognize("https://fa-eomf-saasfaprod1.fa.ocs.oraclecloud.com/hcmUI/CandidateExperience/en/sites/CX_1002")
    total, jobs = oracle.parse_page(json.loads(fixture_bytes("oracle-uthealthsa.json")), board)
    assert total == 222
    assert [(j.id, j.department, j.location, j.posted_at, j.workplace_hint) for j in jobs] == [
        ("7237", "Clinical Programs & Services", "San Antonio, TX, United States", "2026-07-27", "On-site"),
        ("7238", "Clinical Programs & Services", "San Antonio, TX, United States", "2026-07-27", "On-site"),
    ]
    sparse = recognize("https://eluq.fa.us2.oraclecloud.com/hcmUI/CandidateExperience/en/sites/CX_2001")
    total, jobs = oracle.parse_page(json.loads(fixture_bytes("oracle-kroger.json")), sparse)
    assert total == 15120
    assert [(j.title, j.department, j.company, j.description) for j in jobs] == [
        ("Night Stocker Clerk", "", "Kroger", ""),
        ("PRODUCE/ASST DEPT LEADER", "", "Kroger", ""),
    ]


def test_a_response_without_items_is_a_parse_error():
    board = recognize(f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001")
    with pytest.raises(AppError) as caught:
        oracle.parse_page({"items": []}, board)
    assert caught.value.code == "PARSE_ERROR"


def test_paging_stops_at_300():
    board = recognize(f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001")
    fetch = FakeFetch(pages(7410))
    listing = oracle.read(board, fetch, ReadContext())
    assert [url.split("offset=")[1].split(",")[0] for url in fetch.urls] == ["0", "100", "200"]
    assert len(listing.postings) == 300
    assert listing.complete is False


def test_a_small_board_is_complete_in_one_request():
    board = recognize(f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001")
    fetch = FakeFetch(pages(42))
    listing = oracle.read(board, fetch, ReadContext())
    assert len(fetch.requests) == 1
    assert len(listing.postings) == 42
    assert listing.complete is True


def test_a_refused_later_request_keeps_what_was_read():
    board = recognize(f"{ORIGIN}/hcmUI/CandidateExperience/en/sites/CX_1001")
    listing = oracle.read(board, FakeFetch(pages(250, fail_at=100)), ReadContext())
    assert len(listing.postings) == 100
    assert listing.complete is False
