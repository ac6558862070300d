from __future__ import annotations

import pytest

from tests.api.conftest import add_change, make_board, make_job, make_watch

pytestmark = pytest.mark.django_db


@pytest.fixture
def feed(agent):
    """A board watch with two new jobs on its board since it was created."""
    board = make_board()
    watch = make_watch(agent, board)
    first = add_change(board, make_job("iOS Engineer"))
    second = add_change(board, make_job("Android Engineer"))
    return watch, [first, second]


def get(http, agent, query=""):
    return http.get(f"/v1/changes{query}", **agent.auth)


def test_changes_are_read_once(http, agent, feed) -> None:
    watch, changes = feed
    body = get(http, agent).json()
    assert [c["id"] for c in body["changes"]] == [c.id for c in changes]
    assert body["changes"][0]["watch_id"] == watch.public_id
    assert body["changes"][0]["type"] == "JOB_ADDED"
    assert body["changes"][0]["data"]["job"]["title"] == "iOS Engineer"
    assert body["has_more"] is False and body["cursor"] == changes[-1].id
    assert get(http, agent).json()["changes"] == []


def test_peek_then_ack_is_at_least_once(http, agent, feed) -> None:
    _, changes = feed
    first = get(http, agent, "?peek=true").json()
    again = get(http, agent, "?peek=1").json()
    assert [c["id"] for c in first["changes"]] == [c["id"] for c in again["changes"]] == [c.id for c in changes]
    ack = http.post("/v1/changes/ack", {"cursor": first["cursor"]}, content_type="application/json", **agent.auth)
    assert ack.status_code == 200
    assert ack.json() == {"acknowledged": True, "cursor": first["cursor"]}
    assert get(http, agent, "?peek=true").json()["changes"] == []


def test_limit_pages_and_since_replays(http, agent, feed) -> None:
    watch, changes = feed
    page = get(http, agent, f"?limit=1&watch_id={watch.public_id}").json()
    assert [c["id"] for c in page["changes"]] == [changes[0].id] and page["has_more"] is True
    replay = get(http, agent, "?since=0").json()
    assert [c["id"] for c in replay["changes"]] == [c.id for c in changes]


@pytest.mark.parametrize(
    "query",
    ["?peek=yes", "?limit=0", "?limit=201", "?since=-1", f"?since={2**63}", "?cursor=3"],
)
def test_bad_parameters_are_validation_errors(http, agent, feed, query) -> None:
    response = get(http, agent, query)
    assert response.status_code == 400, query
    assert response.json()["error"] == "VALIDATION_ERROR"


@pytest.mark.parametrize("body", [{}, {"cursor": -1}, {"cursor": "x"}, {"cursor": 1, "extra": 1}])
def test_a_bad_ack_is_a_validation_error(http, agent, body) -> None:
    response = http.post("/v1/changes/ack", body, content_type="application/json", **agent.auth)
    assert (response.status_code, response.json()["error"]) == (400, "VALIDATION_ERROR")


def test_the_feed_needs_a_token(http) -> None:
    assert http.get("/v1/changes").status_code == 401
    assert http.post("/v1/changes/ack", {"cursor": 1}, content_type="application/json").status_code == 401


def test_a_head_request_never_moves_the_cursor(http, agent, feed) -> None:
    """HEAD was served by GET, so a HEAD of /v1/changes (a link checker, a proxy's probe, `curl -I`)
    advanced the cursor and threw the page away unread: those changes were lost. HEAD is safe
    (RFC 9110 §9.2.1, §9.3.2): it reads as a peek, with the headers a GET would have."""
    _, changes = feed
    head = http.head("/v1/changes", **agent.auth)
    assert head.status_code == 200 and head.content == b""
    assert head["Content-Type"] == "application/json"
    assert [c["id"] for c in get(http, agent).json()["changes"]] == [c.id for c in changes]
