"""The detail-read bound shared by Workday, iCIMS and Eightfold (and open to SmartRecruiters)."""

from __future__ import annotations

from boards.sources import details
from boards.sources.base import Posting, ReadContext, Request, Response
from tests.boards.sources.fakes import FakeFetch, body_response, refusal


def postings(n: int) -> list[Posting]:
    return [Posting(id=str(i), title=f"Job {i}", url=f"https://x.example/{i}") for i in range(n)]


def fill(posting: Posting, response: Response) -> None:
    posting.description = response.text()


def request_for(posting: Posting) -> Request:
    return Request(posting.url)


def test_it_reads_only_new_jobs_newest_first_up_to_the_budget():
    jobs = postings(10)
    fetch = FakeFetch(lambda request: body_response(request, "text of " + request.url))
    made = details.read_details(
        jobs, fetch, ReadContext(known_ids=frozenset({"0", "2"}), detail_budget=3), request_for=request_for, apply=fill
    )
    assert made == 3
    assert fetch.urls == ["https://x.example/1", "https://x.example/3", "https://x.example/4"]
    assert [bool(job.description) for job in jobs] == [
        False,
        True,
        False,
        True,
        True,
        False,
        False,
        False,
        False,
        False,
    ]


def test_the_ceiling_caps_a_larger_budget():
    fetch = FakeFetch(lambda request: body_response(request, "x"))
    made = details.read_details(
        postings(80), fetch, ReadContext(detail_budget=500), request_for=request_for, apply=fill
    )
    assert made == details.DETAIL_CEILING


def test_a_failed_request_counts_and_skips_only_that_job():
    def handler(request: Request):
        return refusal(404) if request.url.endswith("/1") else body_response(request, "ok")

    jobs = postings(3)
    made = details.read_details(
        jobs, FakeFetch(handler), ReadContext(detail_budget=3), request_for=request_for, apply=fill
    )
    assert made == 3
    assert [job.description for job in jobs] == ["ok", "", "ok"]


def test_a_rate_limit_stops_the_detail_reads_of_this_check():
    fetch = FakeFetch(lambda request: refusal(429))
    details.read_details(postings(5), fetch, ReadContext(detail_budget=5), request_for=request_for, apply=fill)
    assert len(fetch.requests) == 1


def test_a_body_it_cannot_read_leaves_the_job_as_listed():
    def broken(posting: Posting, response: Response) -> None:
        raise KeyError("jobPostingInfo")

    jobs = postings(2)
    made = details.read_details(
        jobs,
        FakeFetch(lambda r: body_response(r, "{}")),
        ReadContext(detail_budget=2),
        request_for=request_for,
        apply=broken,
    )
    assert made == 2 and all(job.description == "" for job in jobs)
