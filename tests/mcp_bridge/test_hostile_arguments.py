"""Hostile input at the MCP tools, generated: the URLs, wrong types, NUL bytes and other controls,
huge strings and numbers, bad ids and cursors of tests/api/test_hostile_input.py, sent as
`tools/call` arguments to the served app (JSON-RPC over HTTP, as any MCP client sends them).

Whatever comes in, the answer is a result or a tool error whose text is `{"error": CODE,
"message": "…"}` with a documented code (docs/mcp.md), never INTERNAL_ERROR nor a JSON-RPC
failure of the server; a refused call writes no watch. Deterministic and small, for CI.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import requests
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.api.test_hostile_input import DOCUMENTED, hostile_urls, junk, watch_ids
from tests.mcp_bridge.conftest import AsgiServer
from watches.filters import FILTER_FIELDS
from watches.models import Watch
from watches.services.clients import NewClient, client_create
from watchtower.config import Config

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("no_outside_dns")]

FUZZ = settings(
    max_examples=40,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


@pytest.fixture
def owner(config: Any) -> NewClient:
    config(rate_limit_per_minute=1_000_000, search_per_minute=1_000_000, client_creation_per_hour=1_000_000)
    return client_create(source="tests")


def tool(server: AsgiServer, name: str, arguments: Any, token: str) -> dict[str, Any] | None:
    """Call `name`; the tool error's body, or None for a success. A JSON-RPC error is only allowed
    for arguments that are not an object (the request itself is invalid)."""
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": name, "arguments": arguments}}
    raw = json.dumps(message)  # NaN and Infinity as Python writes them, as a careless client would
    response = requests.post(
        server.mcp_url, data=raw, headers={**HEADERS, "Authorization": f"Bearer {token}"}, timeout=120
    )
    assert response.status_code in (200, 400), (response.status_code, response.text[:500])
    body = response.json()
    if "error" in body:
        assert not isinstance(arguments, dict), body  # the envelope is refused only when malformed
        assert body["error"]["code"] in (-32600, -32602), body
        return None
    result = body["result"]
    if not result.get("isError"):
        return None
    error: dict[str, Any] = json.loads(result["content"][0]["text"])
    assert set(error) - {"retry_after"} == {"error", "message"}, error
    assert error["error"] in DOCUMENTED, error  # never INTERNAL_ERROR
    assert isinstance(error["message"], str) and error["message"].strip(), error
    return error


def watches() -> int:
    return Watch.objects.count()


@FUZZ
@given(url=hostile_urls)
@example(url="http://[::ffff:127.0.0.1]/")
@example(url="https://careers.example/\x00")
@example(url="http://169.254.169.254./latest/meta-data/")
def test_a_hostile_board_url_is_a_documented_tool_error_and_writes_nothing(
    asgi_server: AsgiServer, owner: NewClient, url: str
) -> None:
    before = watches()
    error = tool(asgi_server, "watch_jobs", {"url": url}, owner.token)
    assert error is not None, url  # none of these can be read from here
    assert watches() == before


@FUZZ
@given(urls=st.lists(hostile_urls, min_size=1, max_size=3), webhook=hostile_urls.filter(str.strip))
def test_hostile_batches_and_webhooks_are_documented_errors_and_write_nothing(
    asgi_server: AsgiServer, owner: NewClient, urls: list[str], webhook: str
) -> None:
    before = watches()
    tool(asgi_server, "watch_jobs", {"urls": urls}, owner.token)
    # No webhook is blank here (blank is "no webhook"), and none of these may be posted to.
    assert tool(asgi_server, "watch_jobs", {"keywords": ["ios"], "webhook_url": webhook}, owner.token) is not None
    assert watches() == before


# Every filter argument of watch_jobs (watches/filters.py) and its own arguments but the webhook.
WATCH_FIELDS = [*FILTER_FIELDS, "query", "url", "urls", "interval_minutes", "label", "client_token"]
text = st.sampled_from(["\x00", "ios\x00", "a\x00b", "\u202e", "\x7f", "\x1b[2J", "🙂", "x" * 600, " ", "ios"])


@FUZZ
@given(arguments=st.dictionaries(st.sampled_from(WATCH_FIELDS), junk | text | st.lists(text, max_size=3), max_size=3))
@example(arguments={"query": "ios\x00"})
@example(arguments={"keywords": ["ios\x00"]})
@example(arguments={"keywords": ["ios"], "label": "\x00"})
def test_odd_watch_arguments_are_answered_in_the_documented_shape(
    asgi_server: AsgiServer, owner: NewClient, arguments: dict[str, Any]
) -> None:
    before = watches()
    if tool(asgi_server, "watch_jobs", arguments, owner.token) is not None:
        assert watches() == before, arguments


numbers = st.integers(min_value=-(2**70), max_value=2**70) | st.sampled_from([2**63, 2**63 - 1, -(2**63), 2**31])


@FUZZ
@given(
    since=numbers | junk, limit=numbers | junk, offset=numbers | junk, cursor=numbers | junk, watch_id=watch_ids | junk
)
@example(since=2**63, limit=1, offset=2**63, cursor=2**63, watch_id="w_\x00")
def test_odd_numbers_ids_and_cursors_are_answered_in_the_documented_shape(
    asgi_server: AsgiServer, owner: NewClient, since: Any, limit: Any, offset: Any, cursor: Any, watch_id: Any
) -> None:
    token = owner.token
    tool(asgi_server, "get_changes", {"since": since, "limit": limit}, token)
    tool(asgi_server, "get_changes", {"watch_id": watch_id}, token)
    tool(asgi_server, "ack_changes", {"cursor": cursor, "watch_id": watch_id}, token)
    tool(asgi_server, "search_jobs", {"keywords": ["ios"], "limit": limit, "offset": offset}, token)
    tool(asgi_server, "list_companies", {"limit": limit, "offset": offset, "query": watch_id}, token)
    tool(asgi_server, "get_watch", {"watch_id": watch_id}, token)
    tool(asgi_server, "delete_watch", {"watch_id": watch_id}, token)


@pytest.mark.parametrize(
    "arguments",
    [None, [], "url", 5, {"": 1}, {"\x00": "x"}, {"url": None, "urls": None}, {"client_token": "\x00"}],
)
def test_arguments_that_are_not_an_object_of_known_fields_are_refused_cleanly(
    asgi_server: AsgiServer, owner: NewClient, arguments: Any
) -> None:
    tool(asgi_server, "watch_jobs", arguments, owner.token)
    assert watches() == 0


def test_private_networks_allowed_still_never_let_a_nul_byte_through(
    asgi_server: AsgiServer, owner: NewClient, config: Any
) -> None:
    """With ALLOW_PRIVATE_NETWORKS (local use) the address rules are lifted, not the URL's."""
    cfg: Config = config(allow_private_networks=True)
    assert cfg.allow_private_networks
    error = tool(asgi_server, "watch_jobs", {"url": "http://127.0.0.1:9/\x00jobs"}, owner.token)
    assert error is not None and error["error"] in {"SSRF_BLOCKED", "VALIDATION_ERROR", "UNSUPPORTED_URL"}, error
    assert watches() == 0
