"""A client never sees, changes or learns about another client's watches: every route that takes a
watch id answers NOT_FOUND for a watch that is not the caller's, exactly as for one that does not
exist."""

from __future__ import annotations

import pytest

from tests.api.conftest import add_change, make_board, make_job, make_watch
from watches.models import Watch

pytestmark = pytest.mark.django_db


@pytest.fixture
def theirs(other_agent):
    board = make_board()
    watch = make_watch(other_agent, board)
    add_change(board, make_job("iOS Engineer"))
    return watch


def routes(watch_id: str):
    return [
        ("get", f"/v1/watches/{watch_id}", None),
        ("delete", f"/v1/watches/{watch_id}", None),
        ("post", f"/v1/watches/{watch_id}/check", None),
        ("get", f"/v1/changes?watch_id={watch_id}", None),
        ("post", "/v1/changes/ack", {"cursor": 1, "watch_id": watch_id}),
    ]


@pytest.mark.parametrize("index", range(5))
def test_another_clients_watch_is_not_found(http, agent, theirs, index) -> None:
    method, path, body = routes(theirs.public_id)[index]
    kwargs = {"content_type": "application/json", "data": body} if body is not None else {}
    response = getattr(http, method)(path, **kwargs, **agent.auth)
    missing = getattr(http, method)(path.replace(theirs.public_id, "w_doesnotexist"), **kwargs, **agent.auth)
    assert response.status_code == missing.status_code == 404
    assert response.json() == missing.json() == {"error": "NOT_FOUND", "message": "watch not found"}


def test_nothing_of_the_other_client_changed(http, agent, theirs) -> None:
    for method, path, body in routes(theirs.public_id):
        kwargs = {"content_type": "application/json", "data": body} if body is not None else {}
        getattr(http, method)(path, **kwargs, **agent.auth)
    watch = Watch.objects.get(pk=theirs.pk)
    assert watch.deleted_at is None and watch.cursor == theirs.cursor


def test_the_general_feed_holds_only_the_callers_changes(http, agent, theirs) -> None:
    assert http.get("/v1/changes", **agent.auth).json()["changes"] == []
