"""One budget per address and one per client, shared by REST and MCP (issue 15 item 11): after REST
answered 429, MCP used to serve 300 of 300 calls from the same address in the same minute."""

from __future__ import annotations

import pytest
import requests

from tests.mcp_bridge.conftest import AsgiServer
from tests.mcp_bridge.test_mcp_http_auth import HEADERS, INITIALIZE
from watches.services.clients import client_create

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fresh_window")]


def _mcp(server: AsgiServer, **headers: str) -> requests.Response:
    return requests.post(server.mcp_url, json=INITIALIZE, headers={**HEADERS, **headers})


def test_after_rest_refuses_an_address_mcp_refuses_it_too(asgi_server: AsgiServer, config) -> None:
    config(rate_limit_per_minute=3)
    statuses = [requests.get(f"{asgi_server.url}/v1/companies").status_code for _ in range(4)]
    assert statuses[-1] == 429
    refused = _mcp(asgi_server)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.json()["error"]["data"]["error"] == "RATE_LIMITED"


def test_mcp_calls_spend_the_budget_rest_draws_on(asgi_server: AsgiServer, config) -> None:
    config(rate_limit_per_minute=3)
    assert [_mcp(asgi_server).status_code for _ in range(3)] == [200, 200, 200]
    assert _mcp(asgi_server).status_code == 429
    assert requests.get(f"{asgi_server.url}/v1/companies").status_code == 429


def test_a_client_spread_over_addresses_gets_one_budget(asgi_server: AsgiServer, config) -> None:
    """Behind a trusted proxy each request names another public address; the client's budget is
    still one, across REST and MCP."""
    config(rate_limit_per_minute=2, trust_proxy=True)
    token = client_create().token
    auth = {"Authorization": f"Bearer {token}"}
    rest = requests.get(f"{asgi_server.url}/v1/watches", headers={**auth, "X-Forwarded-For": "203.0.113.1"})
    assert rest.status_code == 200
    assert _mcp(asgi_server, **auth, **{"X-Forwarded-For": "203.0.113.2"}).status_code == 200
    assert _mcp(asgi_server, **auth, **{"X-Forwarded-For": "203.0.113.3"}).status_code == 429
    again = requests.get(f"{asgi_server.url}/v1/watches", headers={**auth, "X-Forwarded-For": "203.0.113.4"})
    assert again.status_code == 429
