"""End to end on wording the readers were not first written for (issue 19 acceptance audit): the
search watch of test_search_watch_derived_filters.py over a second board, whose postings state
sponsorship, remote scope and employment type in other words ("Sponsorship for this role is not
available", "Fully remote within EU time zones", "Remote | Germany", "US-based", a fixed-term
contract, a listing of US states by abbreviation). Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from boards.models import Resource
from boards.services.check import resource_check
from changes.services.feed import changes_get
from tests.fakes import greenhouse_job, serve_greenhouse
from watches.services.clients import client_create
from watches.services.watches import watch_create

pytestmark = pytest.mark.django_db

QUERY = "remote backend jobs I can do from Germany with visa sponsorship, no contract roles"


def posting(job_id: int, title: str, location: str, text: str) -> dict[str, Any]:
    return greenhouse_job(job_id, title, location, content=f"<p>{text}</p>")


QUALIFY = [
    posting(1, "Backend Engineer", "Remote | Germany", "Visa sponsorship and relocation assistance are available."),
    posting(
        2,
        "Senior Backend Engineer",
        "Remote",
        "Fully remote within EU time zones. We can offer sponsorship for the Blue Card.",
    ),
    posting(
        3,
        "Backend Engineer (Fixed-term contract)",
        "Remote — Europe",
        "Applicants who require sponsorship will be considered.",
    ),
    posting(4, "Backend Engineer", "Remote (EMEA)", "Blue Card sponsorship and relocation to Munich provided."),
]
SILENT = [posting(5, "Backend Engineer", "Remote, Europe", "A remote-first team. Python, Go, Postgres.")]
OTHERS = [
    posting(6, "Backend Engineer", "Remote - Germany", "Sponsorship for this role is not available."),
    posting(7, "Backend Engineer", "Remote", "Remote-first, US-based. Visa sponsorship available."),
    posting(
        8,
        "Backend Engineer",
        "Remote",
        "You must be authorized to work and reside in the United States. We sponsor visas.",
    ),
    posting(9, "Backend Engineer", "US-Remote", "We sponsor visas."),
    posting(
        10,
        "Backend Engineer",
        "Remote",
        "You must reside in one of the following states: CA, NY, TX, WA. We sponsor visas.",
    ),
    posting(11, "Backend Engineer", "Hybrid - London", "Visa sponsorship available."),
    posting(12, "Backend Engineer", "Remote - Germany", "Sponsorship: Not offered"),
    posting(13, "Backend Engineer", "Remote (EMEA)", "You must hold EU citizenship or permanent residency."),
    posting(14, "Backend Contractor", "Remote - EMEA", "Visa support provided."),
    posting(15, "Backend Engineer", "LATAM Remote", "Visa sponsorship provided."),
]
BOARD = QUALIFY + SILENT + OTHERS


def ids(jobs: list[dict[str, Any]]) -> set[str]:
    return {str(job["url"]).rsplit("/", 1)[-1] for job in jobs}


def expected(jobs: list[dict[str, Any]]) -> set[str]:
    return {str(job["id"]) for job in jobs}


def test_a_search_watch_sees_exactly_the_jobs_that_qualify(site) -> None:
    serve_greenhouse(site, "acme", [])
    watch_create(client=client_create().client, url="https://boards.greenhouse.io/acme")
    searcher = client_create().client
    watch_create(client=searcher, query=QUERY)
    strict = client_create().client
    watch_create(client=strict, query=QUERY, filters={"include_unknown": False})

    serve_greenhouse(site, "acme", BOARD)
    resource_check(resource_id=Resource.objects.get().pk)

    seen = [change["data"]["job"] for change in changes_get(client=searcher)["changes"]]
    assert ids(seen) == expected(QUALIFY + SILENT)
    strictly = [change["data"]["job"] for change in changes_get(client=strict)["changes"]]
    assert ids(strictly) == expected(QUALIFY) - {"1", "2", "4"}  # 1, 2, 4 state no employment type

    by_id = {ids([job]).pop(): job for job in seen}
    assert by_id["2"]["remote_scope"] == ["EU"] and by_id["2"]["visa_sponsorship"] == "yes"
    assert by_id["3"]["employment_type"] == "temporary"
    late = watch_create(client=client_create().client, query=QUERY)
    assert ids(late["current_jobs"]) == expected(QUALIFY + SILENT)
