"""End to end (issue 19): a plain-language search watch over a board of 20 varied postings sees
exactly the jobs that qualify on remote scope, visa sponsorship and employment type, both as the
jobs open when it is created and as the changes of a later check."""

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
CONTRACTOR = [{"id": 9, "name": "Employment Type", "value": "Contractor", "value_type": "single_select"}]


def posting(job_id: int, title: str, location: str, text: str = "", **extra: Any) -> dict[str, Any]:
    return greenhouse_job(job_id, title, location, content=f"<p>{text}</p>" if text else "", **extra)


# Qualify: remote, workable from Germany, backend, not a contract, not refusing sponsorship.
SAYS_YES = [
    posting(1, "Senior Backend Engineer", "Remote - Germany", "This is a full-time position. We sponsor visas."),
    posting(2, "Backend Engineer", "Remote (EMEA)", "Employment type: Full-time. Visa sponsorship is available."),
    posting(4, "Backend Engineer (Part-time)", "Remote - Europe", "Relocation and visa support available."),
    posting(
        5,
        "Staff Backend Engineer (Full-time)",
        "Remote",
        "You must reside in Germany. We offer EU Blue Card sponsorship.",
    ),
    posting(7, "Backend Engineer", "Remote - Bavaria, Germany", "We are happy to sponsor your visa."),  # type unstated
]
SAYS_NOTHING = [
    posting(3, "Backend Developer", "Remote - Anywhere", "Python and Go."),
    posting(6, "Backend Engineer", "Remote", "A small team building payment APIs."),
]
# Do not qualify, each for one reason.
OTHERS = [
    posting(8, "Backend Engineer (Contract)", "Remote - Germany", "We sponsor visas."),
    posting(9, "Backend Engineer", "Remote - US", "We sponsor H-1B visas."),
    posting(10, "Backend Engineer", "Berlin, Germany", "Visa sponsorship is available."),
    posting(11, "Backend Engineer", "Remote - Germany", "We are unable to sponsor visas."),
    posting(12, "Frontend Engineer", "Remote - Germany", "We sponsor visas."),
    posting(13, "Backend Engineer", "Remote (LATAM)", "Visa sponsorship is available."),
    posting(14, "Backend Engineer", "Hybrid - Munich, Germany", "We sponsor visas."),
    posting(15, "Backend Engineer", "Remote - Germany", "EU citizenship or a valid work permit is required."),
    posting(16, "Freelance Backend Developer", "Remote - EMEA", "Visa support available."),
    posting(17, "Backend Engineer", "Remote", "You must reside in the United States."),
    posting(18, "Backend Engineer", "Remote, US or Canada", "We sponsor visas."),
    posting(19, "Data Analyst", "Remote - Germany", "We sponsor visas."),
    posting(20, "Backend Engineer", "Remote - Europe", "Visa sponsorship available.", metadata=CONTRACTOR),
]
BOARD = SAYS_YES + SAYS_NOTHING + OTHERS


def ids(jobs: list[dict[str, Any]]) -> set[str]:
    return {str(job["url"]).rsplit("/", 1)[-1] for job in jobs}


def expected(jobs: list[dict[str, Any]]) -> set[str]:
    return {str(job["id"]) for job in jobs}


def test_the_board_holds_twenty_varied_postings() -> None:
    assert len(BOARD) == 20 == len(expected(BOARD))


def test_the_query_is_read_into_the_new_filters() -> None:
    searcher = client_create().client
    created = watch_create(client=searcher, query=QUERY)
    assert created["interpreted"]["filters"] == {
        "keywords": ["backend"],
        "remote_from": ["germany"],
        "visa_sponsorship": True,
        "employment_types": ["full_time", "part_time", "temporary", "internship"],
        "include_unknown": True,
    }
    assert created["interpreted"]["notes"] == []


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
    assert ids(seen) == expected(SAYS_YES + SAYS_NOTHING)
    strictly = [change["data"]["job"] for change in changes_get(client=strict)["changes"]]
    assert ids(strictly) == expected(SAYS_YES) - {"7"}  # include_unknown false: every field must be stated

    by_id = {ids([job]).pop(): job for job in seen}
    assert by_id["1"]["visa_sponsorship"] == "yes" and by_id["1"]["remote_scope"] == ["DE"]
    assert by_id["5"]["remote_scope"] == ["DE"] and "Blue Card" in by_id["5"]["visa_evidence"]
    assert by_id["4"]["employment_type"] == "part_time"
    assert "visa_sponsorship" not in by_id["6"] and "remote_scope" not in by_id["6"]

    # Created after the check, a watch lists the same jobs as open now.
    late = watch_create(client=client_create().client, query=QUERY)
    assert ids(late["current_jobs"]) == expected(SAYS_YES + SAYS_NOTHING)
