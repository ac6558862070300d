"""Request bodies over a real socket (uvicorn, the WSGI bridge, Django): chunked transfer encoding
and the 64 KB cap, for REST and MCP alike."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import requests
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.mcp_bridge.conftest import AsgiServer, mcp_session
from watchtower.api.middleware import MAX_REQUEST_BODY_BYTES

pytestmark = pytest.mark.django_db(transaction=True)

MCP_HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}


def chunked(*parts: bytes) -> Iterator[bytes]:
    """A generator body: requests sends it with `Transfer-Encoding: chunked` and no Content-Length."""
    yield from parts


def test_a_chunked_rest_body_arrives_whole(asgi_server: AsgiServer) -> None:
    """It arrived empty: Django saw no Content-Length and read nothing (issue 15)."""
    response = requests.post(
        f"{asgi_server.url}/v1/jobs/search",
        data=chunked(b'{"query": ', b'"ios jobs", "limit": 1}'),
        headers={"Content-Type": "application/json"},
        timeout=10,
    )
    assert response.request.headers.get("Transfer-Encoding") == "chunked"
    assert response.status_code == 200, response.text
    assert "ios" in str(response.json()["interpreted"]).lower()


def test_a_chunked_rest_body_over_the_cap_is_413(asgi_server: AsgiServer) -> None:
    parts = [b" " * 1024] * (MAX_REQUEST_BODY_BYTES // 1024 + 8)
    response = requests.post(
        f"{asgi_server.url}/v1/clients", data=chunked(*parts), headers={"Content-Type": "application/json"}, timeout=10
    )
    assert response.status_code == 413
    assert response.json()["error"] == "PAYLOAD_TOO_LARGE"


def test_a_chunked_mcp_body_is_read_and_capped(asgi_server: AsgiServer) -> None:
    listed = requests.post(
        asgi_server.mcp_url,
        data=chunked(b'{"jsonrpc": "2.0", "id": 1, ', b'"method": "tools/list"}'),
        headers=MCP_HEADERS,
        timeout=10,
    )
    assert listed.status_code == 200 and listed.json()["result"]["tools"]
    parts = [b" " * 1024] * (MAX_REQUEST_BODY_BYTES // 1024 + 8)
    refused = requests.post(asgi_server.mcp_url, data=chunked(*parts), headers=MCP_HEADERS, timeout=10)
    assert refused.status_code == 413
    assert refused.json()["error"] == {"code": -32000, "message": "Request body too large"}


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_an_mcp_body_over_the_cap_is_a_json_rpc_error(asgi_server: AsgiServer, declared: bool) -> None:
    """The SDK's transport answered 413 in plain text; the Python SDK's client then reported
    -32603 "Server returned an error response", a server failure, instead of the caller's body."""

    async def work(client: Client) -> MCPError:
        with pytest.raises(MCPError) as caught:
            await client.call_tool("search_jobs", {"query": "x" * (MAX_REQUEST_BODY_BYTES + 10)})
        return caught.value

    error = mcp_session(asgi_server.mcp_url, work)
    assert (error.code, error.message) == (-32000, "Request body too large")
    body = b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list", "pad": "' + b"x" * MAX_REQUEST_BODY_BYTES + b'"}'
    raw = requests.post(asgi_server.mcp_url, data=body if declared else chunked(body), headers=MCP_HEADERS, timeout=10)
    assert raw.status_code == 413 and raw.headers["Content-Type"] == "application/json"
    assert raw.json() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": "Request body too large"}}


def test_json_nested_too_deeply_is_refused_by_mcp(asgi_server: AsgiServer) -> None:
    body = b"[" * 30_000 + b"]" * 30_000
    response = requests.post(asgi_server.mcp_url, data=body, headers=MCP_HEADERS, timeout=10)
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32700
