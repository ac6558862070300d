"""MCP protocol details (issue 15 item 9): an unknown tool is JSON-RPC -32602, only served
capabilities are declared, argument errors speak Watchtower's `{error, message}`."""

from __future__ import annotations

import json
from typing import Any

import pytest
import requests

from tests.mcp_bridge.conftest import AsgiServer

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def _rpc(url: str, method: str, params: dict[str, Any]) -> dict[str, Any]:
    response = requests.post(url, json={"jsonrpc": "2.0", "id": 7, "method": method, "params": params}, headers=HEADERS)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_an_unknown_tool_is_a_json_rpc_invalid_params_error(asgi_server: AsgiServer) -> None:
    body = _rpc(asgi_server.mcp_url, "tools/call", {"name": "no_such_tool", "arguments": {}})
    assert body["error"]["code"] == -32602
    assert "no_such_tool" in body["error"]["message"]


def test_only_the_tools_capability_is_declared(asgi_server: AsgiServer) -> None:
    init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    capabilities = _rpc(asgi_server.mcp_url, "initialize", init)["result"]["capabilities"]
    assert "tools" in capabilities
    assert "prompts" not in capabilities and "resources" not in capabilities


@pytest.mark.parametrize(
    ("method", "params"),
    [
        ("prompts/get", {"name": "nope"}),
        ("prompts/list", {}),
        ("resources/read", {"uri": "x://y"}),
        ("resources/list", {}),
    ],
)
def test_undeclared_methods_are_method_not_found_never_code_zero(
    asgi_server: AsgiServer, method: str, params: dict[str, Any]
) -> None:
    assert _rpc(asgi_server.mcp_url, method, params)["error"]["code"] == -32601


@pytest.mark.parametrize(
    ("tool", "arguments", "unknown"),
    [
        ("watch_jobs", {"query": "ios", "location": ["Austin"], "remote": True}, "location, remote"),
        ("search_jobs", {"keyword": ["ios"]}, "keyword"),
        ("list_companies", {"q": "acme"}, "q"),
        ("get_changes", {"cursor": 5}, "cursor"),
    ],
)
def test_an_argument_the_tool_does_not_have_is_named_not_dropped(
    asgi_server: AsgiServer, tool: str, arguments: dict[str, Any], unknown: str
) -> None:
    """The SDK dropped unknown arguments in silence: `location` for `locations` made a watch of every
    place. They are refused by name, with the accepted ones, as the REST API refuses unknown fields."""
    result = _rpc(asgi_server.mcp_url, "tools/call", {"name": tool, "arguments": arguments})["result"]
    assert result["isError"] is True
    error = json.loads(result["content"][0]["text"])
    assert error["error"] == "VALIDATION_ERROR"
    assert error["message"].startswith(f"unknown argument(s) {unknown}; accepted: ")


def test_input_schemas_say_no_other_arguments_are_taken(asgi_server: AsgiServer) -> None:
    listed = _rpc(asgi_server.mcp_url, "tools/list", {})["result"]["tools"]
    assert {tool["name"]: tool["inputSchema"]["additionalProperties"] for tool in listed} == {
        tool["name"]: False for tool in listed
    }
    assert len(listed) == 8


def test_invalid_arguments_are_a_validation_error_in_watchtowers_words(asgi_server: AsgiServer) -> None:
    body = _rpc(asgi_server.mcp_url, "tools/call", {"name": "search_jobs", "arguments": {"limit": "abc", "offset": -1}})
    result = body["result"]
    assert result["isError"] is True
    error = json.loads(result["content"][0]["text"])
    assert error["error"] == "VALIDATION_ERROR"
    assert error["message"].startswith("limit: ")
    assert "offset: " in error["message"]
    assert "pydantic" not in error["message"] and "http" not in error["message"]
    assert "abc" not in error["message"], "the rejected value is the caller's data"


MODERN = "2026-07-28"
MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": MODERN,
    "io.modelcontextprotocol/clientCapabilities": {},
}


def _modern(url: str, method: str, params: dict[str, Any]) -> requests.Response:
    """One request of a 2026-07-28 client: no handshake, the envelope in `_meta`, routing headers."""
    body = {"jsonrpc": "2.0", "id": 7, "method": method, "params": {**params, "_meta": MODERN_META}}
    headers = {**HEADERS, "MCP-Protocol-Version": MODERN, "Mcp-Method": method}
    return requests.post(url, json=body, headers=headers, timeout=(5, 10))


def test_a_2026_client_is_told_the_tool_list_never_changes(asgi_server: AsgiServer) -> None:
    """`server/discover` declared `tools.listChanged: true` where `initialize` says false: the
    list is fixed and a stateless endpoint has no stream to announce a change on."""
    answer = _modern(asgi_server.mcp_url, "server/discover", {})
    assert answer.status_code == 200, answer.text
    assert answer.json()["result"]["capabilities"] == {"tools": {"listChanged": False}}


@pytest.mark.parametrize("notifications", [{"toolsListChanged": True}, {}, {"resourcesListChanged": True}])
def test_a_subscription_stream_is_method_not_found_at_once(
    asgi_server: AsgiServer, notifications: dict[str, Any]
) -> None:
    """The SDK answered `subscriptions/listen` with an event stream held open until the client
    left (up to 1,024 per process), acknowledging even resource notifications; the endpoint has
    no notification to send, so it is refused like GET's stream (test_mcp_http_auth.py)."""
    answer = _modern(asgi_server.mcp_url, "subscriptions/listen", {"notifications": notifications})
    assert answer.headers["Content-Type"] == "application/json"
    assert answer.json()["error"] == {"code": -32601, "message": "Method not found", "data": "subscriptions/listen"}
