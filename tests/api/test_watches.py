from __future__ import annotations

import pytest

from tests.api.conftest import add_open_job, make_board, make_job, make_watch
from tests.fakes import greenhouse_job, serve_greenhouse
from watches.models import UsageDaily, Watch

pytestmark = pytest.mark.django_db

QUERY = "iOS jobs in Austin making at least 150k a year with a maximum of 6 years of experience"


def post(http, agent, body):
    return http.post("/v1/watches", body, content_type="application/json", **agent.auth)


def test_a_query_alone_creates_a_search_watch(http, agent) -> None:
    board = make_board()
    add_open_job(board, make_job("iOS Engineer", location="Austin, TX", remote=False))
    add_open_job(board, make_job("Producer, Game Studios", location="Austin, TX", remote=False))
    response = post(http, agent, {"query": QUERY})
    assert response.status_code == 201
    body = response.json()
    assert body["type"] == "search" and body["id"].startswith("w_")
    assert body["interpreted"]["filters"]["keywords"] == ["ios"]
    assert [job["title"] for job in body["current_jobs"]] == ["iOS Engineer"]
    assert Watch.objects.get(public_id=body["id"]).client == agent.client


def test_explicit_filters_reach_the_service(http, agent) -> None:
    body = post(http, agent, {"keywords": ["backend"], "remote_only": True, "label": "be", "type": "jobs"}).json()
    assert body["filters"]["keywords"] == ["backend"] and body["filters"]["remote_only"] is True
    assert body["label"] == "be"


def test_a_search_watch_without_a_filter_is_too_broad(http, agent) -> None:
    response = post(http, agent, {"query": "jobs"})
    assert (response.status_code, response.json()["error"]) == (400, "QUERY_TOO_BROAD")


def test_a_board_url_creates_a_board_watch(http, agent, site) -> None:
    serve_greenhouse(site, "acme", [greenhouse_job(1, "iOS Engineer")])
    response = post(http, agent, {"url": "https://boards.greenhouse.io/acme", "interval_minutes": 30})
    assert response.status_code == 201
    body = response.json()
    assert body["type"] == "board" and body["url"] == "https://boards.greenhouse.io/acme"
    assert [job["title"] for job in body["current_jobs"]] == ["iOS Engineer"]


def test_urls_answer_watches_and_errors(http, agent, site) -> None:
    serve_greenhouse(site, "acme", [greenhouse_job(1, "iOS Engineer")])
    site.serve("careers.acme.example", "/blank", "<html><body><h1>Careers</h1>Nothing here.</body></html>")
    urls = ["https://boards.greenhouse.io/acme", "https://careers.acme.example/blank"]
    response = post(http, agent, {"urls": urls, "keywords": ["ios"]})
    assert response.status_code == 201
    body = response.json()
    assert [w["url"] for w in body["watches"]] == [urls[0]]
    assert [(e["url"], e["error"]) for e in body["errors"]] == [(urls[1], "NO_JOB_DATA")]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": "https://a.example/x", "urls": ["https://b.example/y"]}, "url or urls"),
        ({"url": "ftp://a.example/x"}, "url:"),
        ({"urls": []}, "urls:"),
        ({"urls": ["https://a.example/"] * 26}, "urls:"),
        ({"query": "x" * 501}, "query:"),
        ({"keywords": ["a"] * 21}, "keywords:"),
        ({"keywords": ["x" * 101]}, "keywords.0:"),
        ({"salary_currency": "dollars"}, "salary_currency:"),
        ({"max_experience_years": 99}, "max_experience_years:"),
        ({"interval_minutes": 10_081}, "interval_minutes:"),
        ({"label": "x" * 201}, "label:"),
        ({"type": "pages"}, "type:"),
        ({"webhook_url": "not a url"}, "webhook_url:"),
        ({"keywordz": ["ios"]}, "keywordz"),
    ],
)
def test_out_of_bounds_input_is_refused_with_the_field_named(http, agent, body, field) -> None:
    response = post(http, agent, body)
    assert response.status_code == 400
    assert response.json()["error"] == "VALIDATION_ERROR"
    assert field in response.json()["message"]


def test_authentication_comes_before_validation(http) -> None:
    response = http.post("/v1/watches", {"keywordz": 1}, content_type="application/json")
    assert response.status_code == 401


def test_the_list_holds_only_the_callers_watches(http, agent, other_agent) -> None:
    mine = make_watch(agent, filters={"keywords": ["ios"], "include_unknown": True})
    make_watch(other_agent, filters={"keywords": ["go"], "include_unknown": True})
    response = http.get("/v1/watches", **agent.auth)
    assert response.status_code == 200
    assert [w["id"] for w in response.json()["watches"]] == [mine.public_id]
    assert response.json()["limit"] == 50


def test_one_watch_shows_its_current_jobs(http, agent) -> None:
    board = make_board()
    add_open_job(board, make_job("Staff iOS Engineer"))
    watch = make_watch(agent, board)
    response = http.get(f"/v1/watches/{watch.public_id}?limit=5", **agent.auth)
    assert response.status_code == 200
    assert [job["title"] for job in response.json()["current_jobs"]] == ["Staff iOS Engineer"]


def test_deleting_a_watch_frees_it(http, agent) -> None:
    watch = make_watch(agent, make_board())
    response = http.delete(f"/v1/watches/{watch.public_id}", **agent.auth)
    assert response.json() == {"deleted": True, "id": watch.public_id}
    assert http.get(f"/v1/watches/{watch.public_id}", **agent.auth).status_code == 404
    assert http.delete(f"/v1/watches/{watch.public_id}", **agent.auth).status_code == 404


def test_a_forced_check_reads_the_board(http, agent, site) -> None:
    serve_greenhouse(site, "acme", [greenhouse_job(1, "iOS Engineer")])
    watch_id = post(http, agent, {"url": "https://boards.greenhouse.io/acme"}).json()["id"]
    serve_greenhouse(site, "acme", [greenhouse_job(1, "iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    response = http.post(f"/v1/watches/{watch_id}/check", **agent.auth)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {"check", "watch"} and body["watch"]["id"] == watch_id


def test_a_search_watch_cannot_be_checked(http, agent) -> None:
    watch = make_watch(agent, filters={"keywords": ["ios"], "include_unknown": True})
    response = http.post(f"/v1/watches/{watch.public_id}/check", **agent.auth)
    assert (response.status_code, response.json()["error"]) == (409, "NOT_SUPPORTED")


def test_calls_are_counted_under_the_mcp_tool_names(http, agent) -> None:
    watch = make_watch(agent, make_board())
    http.get("/v1/watches", **agent.auth)
    http.get("/v1/watches", **agent.auth)
    http.get(f"/v1/watches/{watch.public_id}", **agent.auth)
    http.get("/v1/changes", **agent.auth)
    http.post("/v1/jobs/search", {"query": "ios"}, content_type="application/json", **agent.auth)
    http.delete(f"/v1/watches/{watch.public_id}", **agent.auth)
    counted = dict(UsageDaily.objects.filter(client_id=agent.client.pk).values_list("tool", "calls"))
    assert counted == {"list_watches": 2, "get_watch": 1, "get_changes": 1, "search_jobs": 1, "delete_watch": 1}
    assert set(UsageDaily.objects.values_list("interface", flat=True)) == {"rest"}
