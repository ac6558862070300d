"""The HTTP-level rules of /mcp: 401 with a challenge for an unknown token and on ?auth=required,
host checks, and stateless JSON answers."""

from __future__ import annotations

import pytest
import requests

from tests.conftest import PATIENCE
from tests.mcp_bridge.conftest import AsgiServer, oauth_connect
from watches.services.clients import client_create

pytestmark = pytest.mark.django_db(transaction=True)

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "curl", "version": "1"}},
}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}


def _post(url: str, token: str | None = None, **headers: str) -> requests.Response:
    extra = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.post(url, json=INITIALIZE, headers={**HEADERS, **extra, **headers}, timeout=PATIENCE)


def test_an_unknown_bearer_token_gets_401_with_the_oauth_challenge(asgi_server: AsgiServer, settings) -> None:
    response = _post(asgi_server.mcp_url, token="wt_" + "u" * 32)
    assert response.status_code == 401
    challenge = response.headers["WWW-Authenticate"]
    base = settings.WATCHTOWER.public_base_url
    assert challenge.startswith("Bearer ")
    assert f'resource_metadata="{base}/.well-known/oauth-protected-resource/mcp"' in challenge
    assert 'error="invalid_token"' in challenge
    assert response.json()["error"]["code"] == -32001
    assert response.json()["id"] is None


def test_an_expired_or_unknown_oauth_token_gets_401(asgi_server: AsgiServer) -> None:
    assert _post(asgi_server.mcp_url, token="NotAnIssuedAccessToken123").status_code == 401


def test_auth_required_without_a_token_gets_401_so_clients_start_oauth(asgi_server: AsgiServer) -> None:
    response = _post(f"{asgi_server.mcp_url}?auth=required")
    assert response.status_code == 401
    challenge = response.headers["WWW-Authenticate"]
    assert "resource_metadata=" in challenge
    assert "error" not in challenge, "RFC 6750 §3.1: no error code when no token was sent"


def test_auth_required_with_a_valid_token_is_served(asgi_server: AsgiServer) -> None:
    created = client_create()
    assert _post(f"{asgi_server.mcp_url}?auth=required", token=created.token).status_code == 200
    tokens = oauth_connect(asgi_server.url)
    assert _post(f"{asgi_server.mcp_url}?auth=required", token=tokens["access_token"]).status_code == 200


def test_without_a_token_the_endpoint_answers_plain_json_without_a_session(asgi_server: AsgiServer) -> None:
    response = _post(asgi_server.mcp_url)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/json")
    assert "mcp-session-id" not in {key.lower() for key in response.headers}
    assert response.json()["result"]["serverInfo"]["name"] == "watchtower"


@pytest.mark.parametrize(
    ("headers", "status", "words"),
    [
        ({"Host": "evil.example"}, 421, "Invalid Host header"),
        ({"Origin": "https://evil.example"}, 403, "Invalid Origin header"),
        ({"Content-Type": "text/plain"}, 400, "Invalid Content-Type header"),
    ],
    ids=["host", "origin", "content-type"],
)
def test_a_transport_refusal_is_a_json_rpc_error(
    asgi_server: AsgiServer, headers: dict[str, str], status: int, words: str
) -> None:
    """The SDK's transport refuses these in plain text; a client reads a JSON-RPC error body on any
    status (the TypeScript SDK's transport answers them so), with the status kept."""
    response = _post(asgi_server.mcp_url, **headers)
    assert response.status_code == status
    assert response.headers["Content-Type"] == "application/json"
    assert response.json() == {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": words}}


@pytest.mark.parametrize("method", ["GET", "DELETE"])
def test_the_stateless_endpoint_only_takes_post(asgi_server: AsgiServer, method: str) -> None:
    response = requests.request(method, asgi_server.mcp_url, headers={"Accept": "text/event-stream"}, timeout=PATIENCE)
    assert response.status_code == 405
    assert response.headers["Allow"] == "POST"
    assert response.json()["error"]["code"] == -32000
