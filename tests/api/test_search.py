from __future__ import annotations

import pytest

from tests.api.conftest import add_open_job, make_board, make_job
from watches.models import Client, CountsDaily, UsageDaily

pytestmark = pytest.mark.django_db


@pytest.fixture
def directory():
    acme = make_board(company="Acme Robotics")
    add_open_job(acme, make_job("iOS Engineer", location="Austin, TX", remote=False))
    add_open_job(acme, make_job("iOS Developer", location="Austin, TX", remote=False))
    make_board(company="Beta Labs")
    make_board(company="Watched Only", indexed=False)


def search(http, body, **headers):
    return http.post("/v1/jobs/search", body, content_type="application/json", **headers)


def test_search_needs_no_token_and_pages(http, directory) -> None:
    response = search(http, {"query": "ios jobs in austin", "limit": 1})
    assert response.status_code == 200
    body = response.json()
    assert body["total"] == 2 and len(body["jobs"]) == 1 and body["next_offset"] == 1
    last = search(http, {"query": "ios jobs in austin", "limit": 1, "offset": 1}).json()
    assert last["next_offset"] is None
    assert Client.objects.count() == 0


def test_a_search_without_criteria_is_too_broad(http) -> None:
    response = search(http, {})
    assert (response.status_code, response.json()["error"]) == (400, "QUERY_TOO_BROAD")


@pytest.mark.parametrize("body", [{"query": "ios", "limit": 101}, {"query": "ios", "offset": -1}, {"q": "ios"}])
def test_search_bounds_are_validated(http, body) -> None:
    response = search(http, body)
    assert (response.status_code, response.json()["error"]) == (400, "VALIDATION_ERROR")


def test_anonymous_and_authenticated_searches_are_counted_apart(http, agent, directory) -> None:
    search(http, {"query": "ios"})
    http.get("/v1/companies")
    search(http, {"query": "ios"}, **agent.auth)
    anonymous = dict(CountsDaily.objects.filter(metric="anonymous_search").values_list("dim", "n"))
    assert anonymous == {"rest:search_jobs": 1, "rest:list_companies": 1}
    assert list(UsageDaily.objects.values_list("tool", "calls")) == [("search_jobs", 1)]


def test_companies_are_the_directory_by_name(http, directory) -> None:
    body = http.get("/v1/companies").json()
    assert [c["name"] for c in body["companies"]] == ["Acme Robotics", "Beta Labs"]
    assert body["total"] == 2 and body["next_offset"] is None
    assert http.get("/v1/companies?q=beta").json()["total"] == 1
    assert http.get("/v1/companies?limit=1").json()["next_offset"] == 1


@pytest.mark.parametrize(
    "query", ["?limit=0", "?limit=1001", "?offset=-2", "?query=acme", "?offset=1e20", f"?offset={10**20}"]
)
def test_company_parameters_are_validated(http, query) -> None:
    response = http.get(f"/v1/companies{query}")
    assert (response.status_code, response.json()["error"]) == (400, "VALIDATION_ERROR")
