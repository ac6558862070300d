"""paged_read: the one loop of every paging source, and the rule it holds — a listing that may
miss jobs says so (complete=False), so a job it did not see is never reported removed."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from boards.derive import derive_job
from boards.diff import diff_jobs
from boards.sources.base import Listing, Posting, Request, Response
from boards.sources.paging import Page, paged_read
from boards.sources.payload import load_json
from tests.boards.sources.fakes import FakeFetch, json_response, refusal
from watchtower.errors import AppError

API = "https://jobs.example.test/api"


def request_for(offset: int) -> Request:
    return Request(f"{API}?offset={offset}")


def parse(response: Response) -> Page:
    data = load_json(response.body, "example")
    if not isinstance(data, dict) or not isinstance(data.get("jobs"), list):
        raise AppError("PARSE_ERROR", "no job list")
    return Page(data["total"], [Posting(id=str(n), title=f"Job {n}") for n in data["jobs"]])


def board(total: int, *, size: int = 10, answers: dict[int, object] | None = None, stated: int | None = None):
    """A board of `total` jobs served `size` a page; `answers` replaces the page at an offset."""

    def handler(request: Request):
        offset = int(parse_qs(urlsplit(request.url).query)["offset"][0])
        if answers and offset in answers:
            answer = answers[offset]
            if isinstance(answer, Exception):
                return answer
            if isinstance(answer, bytes):
                return Response(url=request.url, status=200, headers={}, body=answer)
            return json_response(request, answer)
        jobs = list(range(offset, min(offset + size, total)))
        return json_response(request, {"total": total if stated is None else stated, "jobs": jobs})

    return FakeFetch(handler)


def read(fetch: FakeFetch, **options) -> Listing:
    settings = {"page_size": 10, "max_jobs": 100} | options
    return paged_read(fetch, request_for, parse, **settings)


def ids(listing: Listing) -> list[str]:
    return [posting.id for posting in listing.postings]


def test_every_page_up_to_the_stated_total_is_read_and_the_listing_is_complete():
    fetch = board(35)

    listing = read(fetch)

    assert (len(fetch.requests), len(listing.postings), listing.complete) == (4, 35, True)
    assert fetch.urls[-1] == f"{API}?offset=30"


def test_the_cap_is_respected_and_a_capped_listing_is_incomplete():
    fetch = board(500)

    listing = read(fetch, max_jobs=50)

    assert (len(fetch.requests), len(listing.postings), listing.complete) == (5, 50, False)


def test_a_page_cap_with_the_first_page_setting_the_step():
    fetch = board(200, size=7)

    listing = read(fetch, page_size=None, max_jobs=100, max_pages=3)

    assert fetch.urls == [f"{API}?offset=0", f"{API}?offset=7", f"{API}?offset=14"]
    assert (len(listing.postings), listing.complete) == (21, False)


@pytest.mark.parametrize("failure", [refusal(429), refusal(503), b"<html>busy</html>", {"error": "later"}])
def test_a_failed_later_page_keeps_what_was_read_and_is_incomplete(failure):
    fetch = board(35, answers={20: failure})

    listing = read(fetch)

    assert (ids(listing), listing.complete) == ([str(n) for n in range(20)], False)
    assert len(fetch.requests) == 3


def test_a_short_page_makes_the_listing_incomplete():
    fetch = board(35, answers={10: {"total": 35, "jobs": list(range(10, 15))}})

    listing = read(fetch)

    assert (len(listing.postings), listing.complete) == (30, False)


def test_an_empty_page_ends_paging():
    fetch = board(35, answers={20: {"total": 35, "jobs": []}})

    listing = read(fetch)

    assert len(fetch.requests) == 3
    assert (len(listing.postings), listing.complete) == (20, False)


def test_pages_that_shifted_keep_the_first_copy_of_a_job_and_count_it_once():
    fetch = board(20, answers={10: {"total": 20, "jobs": list(range(9, 19))}})

    listing = read(fetch)

    assert (len(listing.postings), listing.complete) == (19, False)


def test_a_failure_of_the_first_request_propagates():
    with pytest.raises(AppError) as raised:
        read(board(35, answers={0: refusal(503)}))

    assert raised.value.code == "UPSTREAM_ERROR"


def test_an_unreadable_first_page_propagates():
    with pytest.raises(AppError) as raised:
        read(board(35, answers={0: b"not json"}))

    assert raised.value.code == "PARSE_ERROR"


def test_only_the_first_pages_total_counts_unless_the_platform_restates_it():
    later_zero = board(30, stated=None, answers={10: {"total": 0, "jobs": list(range(10, 20))}})
    assert (len(read(later_zero).postings), len(later_zero.requests)) == (30, 3)

    shrank = board(30, answers={10: {"total": 10, "jobs": []}})
    assert read(shrank, restated_total=True).complete is True
    assert read(board(30, answers={10: {"total": 10, "jobs": []}})).complete is False


def test_a_given_first_page_is_not_requested_again():
    fetch = board(25)

    listing = read(fetch, first=Page(25, [Posting(id=str(n), title=f"Job {n}") for n in range(10)]))

    assert fetch.urls == [f"{API}?offset=10", f"{API}?offset=20"]
    assert (len(listing.postings), listing.complete) == (25, True)


def test_an_incomplete_listing_reports_no_job_removed():
    """With the diff: the jobs behind the refused page are not removed, and stay in the open set."""
    whole = read(board(35))
    partial = read(board(35, answers={20: refusal(429)}))
    before = {job.key: job for job in (derive_job(posting, platform="example") for posting in whole.postings)}
    after = [derive_job(posting, platform="example") for posting in partial.postings]

    result = diff_jobs(before, after, complete=partial.complete)

    assert (partial.complete, len(partial.postings)) == (False, 20)
    assert [event.type for event in result.events] == []
    assert {job.key for job in result.jobs} == set(before)
