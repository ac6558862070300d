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
