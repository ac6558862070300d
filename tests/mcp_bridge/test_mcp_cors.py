"""CORS on /mcp for browser-based MCP clients: preflights are answered, the challenge and session
headers are readable, and only listed origins are allowed (the same list as the DNS-rebinding check)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
import requests

from mcp_bridge.app import cors_origins, transport_security
from tests.mcp_bridge.conftest import AsgiServer

pytestmark = pytest.mark.django_db(transaction=True)

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "browser", "version": "1"}},
}


def _own_origin(settings) -> str:
    public = urlsplit(settings.WATCHTOWER.public_base_url)
    return f"{public.scheme}://{public.netloc}"


def test_a_preflight_from_an_allowed_origin_is_answered(asgi_server: AsgiServer, settings) -> None:
    origin = _own_origin(settings)
    response = requests.options(
        asgi_server.mcp_url,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, mcp-protocol-version",
        },
    )
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == origin
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    allowed = response.headers["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed and "mcp-protocol-version" in allowed


def test_a_browser_can_read_the_oauth_challenge_and_session_headers(asgi_server: AsgiServer, settings) -> None:
    origin = _own_origin(settings)
    response = requests.post(
        asgi_server.mcp_url,
        json=INITIALIZE,
        headers={
            "Origin": origin,
            "Authorization": "Bearer wt_" + "u" * 32,
            "Accept": "application/json, text/event-stream",
        },
    )
    assert response.status_code == 401
    assert response.headers["Access-Control-Allow-Origin"] == origin
    exposed = response.headers["Access-Control-Expose-Headers"].lower()
    assert "www-authenticate" in exposed and "mcp-session-id" in exposed


def test_a_preflight_from_an_unlisted_origin_is_not_allowed(asgi_server: AsgiServer) -> None:
    response = requests.options(
        asgi_server.mcp_url,
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert response.headers.get("Access-Control-Allow-Origin") is None


def test_listed_origins_are_allowed_by_cors_and_the_rebinding_check_alike(config) -> None:
    config(mcp_cors_origins=("https://app.example",))
    assert "https://app.example" in cors_origins()
    assert "https://app.example" in transport_security().allowed_origins
