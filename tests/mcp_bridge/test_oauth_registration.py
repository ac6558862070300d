from __future__ import annotations

import pytest
import requests
from oauth2_provider.models import get_application_model

from mcp_bridge.oauth.registration import redirect_uri_problem
from tests.mcp_bridge.conftest import REDIRECT_URI, AsgiServer, code_from, oauth_begin, oauth_consent, oauth_exchange

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_mcp_client_registers_itself_as_a_public_client(asgi_server: AsgiServer) -> None:
    response = requests.post(
        f"{asgi_server.url}/oauth/register",
        json={"client_name": "Test\x07 App", "redirect_uris": ["https://app.example/cb", "http://127.0.0.1/cb"]},
    )
    assert response.status_code == 201
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    body = response.json()
    assert body["client_name"] == "Test App"
    assert body["token_endpoint_auth_method"] == "none"
    assert body["grant_types"] == ["authorization_code", "refresh_token"]
    assert "client_secret" not in body
    application = get_application_model().objects.get(client_id=body["client_id"])
    assert application.client_type == "public"
    assert application.redirect_uris.split() == ["https://app.example/cb", "http://127.0.0.1/cb"]


@pytest.mark.parametrize(
    "uri",
    [
        "http://evil.example/cb",
        "https://app.example/cb#fragment",
        "https://user:pass@app.example/cb",
        "javascript:alert(1)",
        "ftp://app.example/cb",
        "/relative",
    ],
)
def test_it_refuses_redirect_uris_that_are_not_https_or_loopback(asgi_server: AsgiServer, uri: str) -> None:
    response = requests.post(f"{asgi_server.url}/oauth/register", json={"redirect_uris": [uri]})
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_redirect_uri"


@pytest.mark.parametrize("uri", ["https://app.example/cb", "http://localhost:6274/cb", "http://[::1]:9/cb"])
def test_https_and_loopback_http_redirects_are_accepted(uri: str) -> None:
    assert redirect_uri_problem(uri) is None


@pytest.mark.parametrize("method", ["client_secret_basic", "client_secret_post"])
def test_a_client_asking_for_a_secret_is_registered_as_public_and_told_so(asgi_server: AsgiServer, method: str) -> None:
    """RFC 7591 §3.2.1: the server may replace requested metadata; the response is what it registered."""
    response = requests.post(
        f"{asgi_server.url}/oauth/register",
        json={"redirect_uris": [REDIRECT_URI], "token_endpoint_auth_method": method},
    )
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["token_endpoint_auth_method"] == "none"
    assert "client_secret" not in body
    assert get_application_model().objects.get(client_id=body["client_id"]).client_type == "public"
    flow = oauth_begin(asgi_server.url, client_id=body["client_id"])
    assert oauth_exchange(asgi_server.url, flow, code_from(oauth_consent(flow))).status_code == 200


def test_it_refuses_authentication_methods_that_need_keys_it_does_not_hold(asgi_server: AsgiServer) -> None:
    response = requests.post(
        f"{asgi_server.url}/oauth/register",
        json={"redirect_uris": ["https://app.example/cb"], "token_endpoint_auth_method": "private_key_jwt"},
    )
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_client_metadata"


def test_it_refuses_a_body_that_is_not_a_json_object(asgi_server: AsgiServer) -> None:
    response = requests.post(
        f"{asgi_server.url}/oauth/register", data="[1]", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_client_metadata"


def test_registrations_are_limited_per_address(asgi_server: AsgiServer, monkeypatch: pytest.MonkeyPatch) -> None:
    from watches.services import ratelimits

    original = ratelimits.budgets

    def small() -> dict[str, ratelimits.Budget]:
        limits = original()
        limits["oauth_register"] = ratelimits.Budget("oauth_register", 1, 3600)
        return limits

    monkeypatch.setattr("mcp_bridge.oauth.registration.budgets", small)
    body = {"redirect_uris": ["https://app.example/cb"]}
    assert requests.post(f"{asgi_server.url}/oauth/register", json=body).status_code == 201
    refused = requests.post(f"{asgi_server.url}/oauth/register", json=body)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
