"""Audience (RFC 8707; the MCP authorization spec's MUST): an OAuth token is accepted only for the
resource it was issued for, `PUBLIC_BASE_URL/mcp`."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
import requests
from django.utils import timezone
from oauth2_provider.models import get_access_token_model

from tests.mcp_bridge.conftest import (
    AsgiServer,
    call,
    code_from,
    oauth_begin,
    oauth_connect,
    oauth_consent,
    oauth_exchange,
)
from tests.mcp_bridge.test_mcp_http_auth import _post
from watches.services.clients import client_create, client_for_bearer, technical_user
from watchtower.config import current

pytestmark = pytest.mark.django_db(transaction=True)

OTHER = "https://other.example/mcp"


def test_a_token_issued_for_another_resource_gets_401_invalid_token(asgi_server: AsgiServer) -> None:
    tokens = oauth_connect(asgi_server.url, resource=OTHER)
    response = _post(asgi_server.mcp_url, token=tokens["access_token"])
    assert response.status_code == 401
    assert 'error="invalid_token"' in response.headers["WWW-Authenticate"]
    assert client_for_bearer(tokens["access_token"]) is None, "REST refuses it too"


def test_a_token_issued_for_this_resource_is_served(asgi_server: AsgiServer) -> None:
    tokens = oauth_connect(asgi_server.url)
    assert list(get_access_token_model().objects.get().resource) == [current().mcp_resource]
    assert _post(asgi_server.mcp_url, token=tokens["access_token"]).status_code == 200


def test_a_token_for_the_whole_server_covers_mcp(asgi_server: AsgiServer) -> None:
    tokens = oauth_connect(asgi_server.url, resource=current().public_base_url)
    assert _post(asgi_server.mcp_url, token=tokens["access_token"]).status_code == 200


def test_without_a_resource_the_grant_is_bound_to_this_server(asgi_server: AsgiServer) -> None:
    """The MCP spec says clients MUST send `resource`; one that does not gets a token for this
    server (RFC 8707 §2 lets the authorization server choose a default), never an unrestricted one."""
    tokens = oauth_connect(asgi_server.url, resource=None)
    assert list(get_access_token_model().objects.get().resource) == [current().mcp_resource]
    assert _post(asgi_server.mcp_url, token=tokens["access_token"]).status_code == 200


def test_the_token_request_cannot_widen_the_audience_of_the_grant(asgi_server: AsgiServer) -> None:
    flow = oauth_begin(asgi_server.url)
    response = oauth_exchange(asgi_server.url, flow, code_from(oauth_consent(flow)), resource=OTHER)
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_target"


def test_a_refreshed_token_keeps_the_audience_of_its_grant(asgi_server: AsgiServer) -> None:
    tokens = oauth_connect(asgi_server.url, resource=OTHER)
    form = {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"], "client_id": tokens["client_id"]}
    refreshed = requests.post(f"{asgi_server.url}/oauth/token", data=form)
    assert refreshed.status_code == 200
    assert _post(asgi_server.mcp_url, token=refreshed.json()["access_token"]).status_code == 401


def test_a_token_without_a_recorded_audience_is_accepted(asgi_server: AsgiServer) -> None:
    """Tokens issued before audiences were recorded carry none; they stay valid until they expire
    (docs/mcp.md, "Audience")."""
    client = client_create().client
    get_access_token_model().objects.create(
        user=technical_user(client),
        token="issued-before-audiences-0123456789",
        scope="watches",
        expires=timezone.now() + timedelta(hours=1),
        resource=[],
    )
    assert client_for_bearer("issued-before-audiences-0123456789") == client
    result = call(asgi_server.mcp_url, "list_watches", token="issued-before-audiences-0123456789")
    assert not result.is_error


MALFORMED_RESOURCES = ["http://[::1", "https://[not-an-address]/mcp", "http://exa mple.com:99999999/mcp"]


@pytest.mark.parametrize("resource", MALFORMED_RESOURCES)
def test_a_malformed_resource_at_authorization_is_invalid_target_not_a_500(
    asgi_server: AsgiServer, resource: str
) -> None:
    """`urlsplit` raises on an unclosed or bogus IPv6 bracket, and django-oauth-toolkit's resource
    check let that out as a 500; it is refused like any other bad resource, back at the app."""
    flow = oauth_begin(asgi_server.url, resource=resource)
    assert flow.consent.status_code == 302, flow.consent.text
    params = parse_qs(urlsplit(flow.consent.headers["Location"]).query)
    assert params["error"] == ["invalid_target"] and params["state"] == ["st8"]


@pytest.mark.parametrize("resource", MALFORMED_RESOURCES)
def test_a_malformed_resource_at_the_token_endpoint_is_invalid_target_not_a_500(
    asgi_server: AsgiServer, resource: str
) -> None:
    flow = oauth_begin(asgi_server.url)
    exchanged = oauth_exchange(asgi_server.url, flow, code_from(oauth_consent(flow)), resource=resource)
    assert exchanged.status_code == 400 and exchanged.json()["error"] == "invalid_target"
    tokens = oauth_connect(asgi_server.url)
    form = {
        "grant_type": "refresh_token",
        "refresh_token": tokens["refresh_token"],
        "client_id": tokens["client_id"],
        "resource": resource,
    }
    refreshed = requests.post(f"{asgi_server.url}/oauth/token", data=form)
    assert refreshed.status_code == 400 and refreshed.json()["error"] == "invalid_target"
