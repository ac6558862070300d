"""A real server for the MCP and OAuth tests: `watchtower.asgi.application` under uvicorn on a free
loopback port, with lifespan on (the MCP session manager runs in it), and the SDK's own client."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import secrets
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import parse_qs, urlencode, urlsplit

import anyio
import httpx2
import pytest
import requests
import uvicorn
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult

from tests.conftest import PATIENCE

T = TypeVar("T")


@dataclass(frozen=True)
class AsgiServer:
    url: str

    @property
    def mcp_url(self) -> str:
        return f"{self.url}/mcp"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def asgi_server(django_db_setup: None, django_db_blocker: Any) -> Iterator[AsgiServer]:
    """One server for the session: the SDK's session manager can be started once per process."""
    from watchtower.asgi import application

    port = _free_port()
    server = uvicorn.Server(
        uvicorn.Config(application, host="127.0.0.1", port=port, lifespan="on", log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    with django_db_blocker.unblock():
        thread.start()
        deadline = time.monotonic() + PATIENCE
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        yield AsgiServer(url=f"http://127.0.0.1:{port}")
        server.should_exit = True
        thread.join(timeout=10)


def mcp_session(
    url: str,
    work: Callable[[Client], Awaitable[T]],
    *,
    token: str | None = None,
    mode: str = "legacy",
    client_name: str | None = None,
) -> T:
    """Open the SDK client over Streamable HTTP (optionally with a bearer token), run `work`, close."""
    from mcp_types import Implementation

    async def run() -> T:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
            info = Implementation(name=client_name, version="1.0") if client_name else None
            async with Client(streamable_http_client(url, http_client=http), mode=mode, client_info=info) as client:
                return await work(client)

    return anyio.run(run)


def call(url: str, tool: str, arguments: dict[str, Any] | None = None, **options: Any) -> CallToolResult:
    async def work(client: Client) -> CallToolResult:
        return await client.call_tool(tool, arguments or {})

    return mcp_session(url, work, **options)


def payload(result: CallToolResult) -> dict[str, Any]:
    """The JSON text of a result (success or error); for a success it equals structuredContent."""
    text = result.content[0].text  # type: ignore[union-attr]
    data: dict[str, Any] = json.loads(text)
    return data


def pkce_pair() -> tuple[str, str]:
    """A real RFC 7636 verifier and its S256 challenge."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


CSRF_FIELD = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
REDIRECT_URI = "http://127.0.0.1:8765/callback"


@dataclass
class Authorization:
    """One pass through register → authorize (consent) → the code, as an MCP client would do it."""

    session: requests.Session
    client_id: str
    verifier: str
    authorize_url: str
    consent: requests.Response


def oauth_register(base: str, *, name: str = "Test App", redirect_uri: str = REDIRECT_URI) -> str:
    response = requests.post(f"{base}/oauth/register", json={"client_name": name, "redirect_uris": [redirect_uri]})
    assert response.status_code == 201, response.text
    client_id: str = response.json()["client_id"]
    return client_id


def oauth_begin(
    base: str, *, client_id: str | None = None, state: str = "st8", resource: str | None = ""
) -> Authorization:
    """`resource` defaults to the one the protected-resource metadata names (what a client sends,
    RFC 8707); None leaves the parameter out."""
    from watchtower.config import current

    client_id = client_id or oauth_register(base)
    verifier, challenge = pkce_pair()
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": REDIRECT_URI,
        "state": state,
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "scope": "watches",
    }
    if resource is not None:
        params["resource"] = resource or current().mcp_resource
    query = urlencode(params)
    session = requests.Session()
    url = f"{base}/oauth/authorize?{query}"
    consent = session.get(url, allow_redirects=False)
    return Authorization(session, client_id, verifier, url, consent)


def oauth_consent(flow: Authorization, *, action: str = "new", token: str = "") -> requests.Response:
    match = CSRF_FIELD.search(flow.consent.text)
    assert match, flow.consent.text
    form = {"csrfmiddlewaretoken": match.group(1), "action": action, "token": token}
    return flow.session.post(flow.authorize_url, data=form, allow_redirects=False)


def code_from(response: requests.Response) -> str:
    assert response.status_code == 303, response.text
    params = parse_qs(urlsplit(response.headers["Location"]).query)
    return params["code"][0]


def oauth_exchange(base: str, flow: Authorization, code: str, **overrides: str) -> requests.Response:
    form = {
        "grant_type": "authorization_code",
        "code": code,
        "redirect_uri": REDIRECT_URI,
        "client_id": flow.client_id,
        "code_verifier": flow.verifier,
        **overrides,
    }
    return requests.post(f"{base}/oauth/token", data=form)


def oauth_connect(base: str, *, action: str = "new", token: str = "", resource: str | None = "") -> dict[str, Any]:
    """The whole flow; returns the token response (access_token, refresh_token, …)."""
    flow = oauth_begin(base, resource=resource)
    response = oauth_exchange(base, flow, code_from(oauth_consent(flow, action=action, token=token)))
    assert response.status_code == 200, response.text
    tokens: dict[str, Any] = response.json()
    tokens["client_id"] = flow.client_id
    return tokens
