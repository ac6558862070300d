"""Slow boards cannot hold the web threads (issue 15 item 1), on the real served app.

Seen before: twelve `POST /v1/watches`, each with three careers pages on hosts that answer one
byte a second, held all twelve request threads, and `GET /health` took 43 s. Here the twelve
requests read pages of a server that answers nothing until the test releases it, so the requests
that read are held for as long as the test likes, with no clock involved. While they are held:
exactly half the web threads read (the process's cap), the other requests came back at once with
their boards pending, and `/health`, `POST /v1/clients`, `GET /v1/changes` and an MCP `tools/list`
each answer. Timings would prove nothing on a loaded machine; the held readers prove it by count.
(That a request stops reading at its deadline is tests/watches/test_read_window.py's.)
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import requests
from django.utils import timezone
from mcp import Client

from boards.fetch import robots
from boards.models import Heartbeat
from tests.fakes import HoldServer
from tests.mcp_bridge.conftest import AsgiServer, mcp_session
from watches.services.clients import client_create
from watchtower.config import Config, current

pytestmark = pytest.mark.django_db(transaction=True)

REQUESTS = 12
PATIENCE = 120.0  # only keeps a broken test from hanging: nothing is measured against it


def host(i: int) -> str:
    """A host per request, so no request waits on another's host lease: each reader is held by
    the slow board alone."""
    return f"careers{i}.hold.example"


def page(path: str) -> tuple[int, bytes, str]:
    """What the board answers once released: no robots.txt, and a page with one job."""
    if path == "/robots.txt":
        return 404, b"", "text/plain"
    posting = {"@context": "https://schema.org", "@type": "JobPosting", "title": f"Engineer {path}", "url": path}
    body = f'<html><script type="application/ld+json">{json.dumps(posting)}</script></html>'
    return 200, body.encode(), "text/html"


@pytest.fixture
def board(config: Callable[..., Config]) -> Iterator[HoldServer]:
    server = HoldServer(page)
    config(
        allow_private_networks=True,
        fetch_host_overrides={host(i): server.base_url for i in range(REQUESTS)},
        # Neither deadline ends a read while the test holds it: only the release does.
        request_read_deadline_seconds=600.0,
        fetch_timeout_seconds=600,
        # Every request comes from 127.0.0.1 with a client of its own: the cap that binds is the
        # process's, half the web threads.
        request_reads_per_address=REQUESTS,
        rate_limit_per_minute=100_000,
        client_creation_per_hour=100_000,
    )
    robots.robots_cache_clear()
    yield server
    server.close()
    robots.robots_cache_clear()


def test_creations_held_by_slow_boards_leave_health_clients_changes_and_mcp_answering(
    asgi_server: AsgiServer, board: HoldServer
) -> None:
    Heartbeat.objects.update_or_create(name="scheduler", defaults={"beat_at": timezone.now()})
    tokens = [client_create(source="tests").token for _ in range(REQUESTS)]
    base = asgi_server.url
    readers = current().web_threads // 2
    answers: dict[int, requests.Response] = {}
    answered = threading.Condition()

    def create(i: int) -> None:
        urls = [f"https://{host(i)}/team{i}/page{j}" for j in range(3)]
        headers = {"Authorization": f"Bearer {tokens[i]}"}
        answer = requests.post(f"{base}/v1/watches", json={"urls": urls}, headers=headers, timeout=PATIENCE * 2)
        with answered:
            answers[i] = answer
            answered.notify_all()

    creators = [threading.Thread(target=create, args=(i,)) for i in range(REQUESTS)]
    for thread in creators:
        thread.start()

    # Half the web threads read and are held; the other requests found no read slot and answered.
    assert board.wait_for(lambda server: server.held == readers, PATIENCE), board.held
    with answered:
        assert answered.wait_for(lambda: len(answers) == REQUESTS - readers, PATIENCE), len(answers)
    assert 0 < readers < current().web_threads

    health = requests.get(f"{base}/health", timeout=PATIENCE)
    created = requests.post(f"{base}/v1/clients", timeout=PATIENCE)
    changes = requests.get(f"{base}/v1/changes", headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=PATIENCE)

    async def list_tools(client: Client) -> Any:
        return await client.list_tools()

    tools = mcp_session(asgi_server.mcp_url, list_tools)

    # Every probe was answered while the readers were still held: none of them had let go.
    assert (health.status_code, created.status_code, changes.status_code) == (200, 201, 200)
    assert tools.tools
    assert (board.held, board.abandoned, len(answers)) == (readers, 0, REQUESTS - readers)
    deferred = dict(answers)

    board.release()
    for thread in creators:
        thread.join(timeout=PATIENCE)
    assert len(answers) == REQUESTS
    for i, answer in answers.items():
        assert answer.status_code == 201, answer.text
        body = answer.json()
        assert body["errors"] == [] and len(body["watches"]) == 3, body
        statuses = {watch["initial_check"]["status"] for watch in body["watches"]}
        # A request without a read slot waited on nothing; a held one read its pages once let go.
        assert statuses == ({"pending"} if i in deferred else {"done"}), (i, statuses)
    assert board.abandoned == 0
