"""The whole sign-in an MCP client performs, over real HTTP: register → authorize (consent) → token
with a real PKCE verifier → use → refresh, and the refusals on the way."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
import requests

from tests.mcp_bridge.conftest import (
    REDIRECT_URI,
    AsgiServer,
    code_from,
    oauth_begin,
    oauth_connect,
    oauth_consent,
    oauth_exchange,
    oauth_register,
    pkce_pair,
)
from watches.models import Client
from watches.services.clients import client_create, client_for_bearer

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_consent_page_names_the_app_and_cannot_be_framed_or_cached(asgi_server: AsgiServer) -> None:
    flow = oauth_begin(asgi_server.url)
    assert flow.consent.status_code == 200
    assert "Connect Watchtower" in flow.consent.text
    assert "Test App" in flow.consent.text
    assert "127.0.0.1:8765" in flow.consent.text
    assert flow.consent.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in flow.consent.headers["Content-Security-Policy"]
    assert "no-store" in flow.consent.headers["Cache-Control"]


def test_one_click_creates_a_client_and_the_code_buys_expiring_tokens(asgi_server: AsgiServer, settings) -> None:
    flow = oauth_begin(asgi_server.url)
    redirect = oauth_consent(flow, action="new")
    assert redirect.status_code == 303
    location = urlsplit(redirect.headers["Location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == REDIRECT_URI
    params = parse_qs(location.query)
    assert params["state"] == ["st8"]
    assert params["iss"] == [settings.WATCHTOWER.public_base_url]

    response = oauth_exchange(asgi_server.url, flow, params["code"][0])
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    tokens = response.json()
    assert tokens["token_type"] == "Bearer"
    assert tokens["expires_in"] == 3600
    assert tokens["scope"] == "watches"
    client = client_for_bearer(tokens["access_token"])
    assert client is not None
    assert client.source == "oauth"
    assert client.user_agent == "Test App"
    assert client.user is not None


def test_refresh_tokens_rotate_and_the_old_one_is_refused(asgi_server: AsgiServer) -> None:
    tokens = oauth_connect(asgi_server.url)
    client = client_for_bearer(tokens["access_token"])
    form = {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"], "client_id": tokens["client_id"]}
    refreshed = requests.post(f"{asgi_server.url}/oauth/token", data=form)
    assert refreshed.status_code == 200
    fresh = refreshed.json()
    assert fresh["refresh_token"] != tokens["refresh_token"]
    assert client_for_bearer(fresh["access_token"]) == client

    assert client_for_bearer(tokens["access_token"]) is None, "the refreshed access token is revoked"

    replayed = requests.post(f"{asgi_server.url}/oauth/token", data=form)
    assert replayed.status_code == 400
    assert replayed.json()["error"] == "invalid_grant"
    assert client_for_bearer(fresh["access_token"]) is None, "a replayed refresh token revokes its family"


def test_pasting_an_existing_token_connects_that_client(asgi_server: AsgiServer) -> None:
    legacy = client_create()
    tokens = oauth_connect(asgi_server.url, action="existing", token=legacy.token)
    assert tokens["access_token"] != legacy.token
    assert client_for_bearer(tokens["access_token"]) == legacy.client
    assert Client.objects.count() == 1


def test_pasting_an_unknown_token_shows_the_page_again_without_redirecting(asgi_server: AsgiServer) -> None:
    flow = oauth_begin(asgi_server.url)
    response = oauth_consent(flow, action="existing", token="wt_" + "x" * 32)
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert "not a valid Watchtower token" in response.text
    assert Client.objects.count() == 0


def test_new_clients_share_the_per_address_creation_budget(asgi_server: AsgiServer, config) -> None:
    config(client_creation_per_hour=1)
    code_from(oauth_consent(oauth_begin(asgi_server.url)))
    refused = oauth_consent(oauth_begin(asgi_server.url))
    assert refused.status_code == 429
    assert "Too many clients" in refused.text
    assert Client.objects.count() == 1


def test_the_consent_form_is_protected_against_cross_site_posts(asgi_server: AsgiServer) -> None:
    flow = oauth_begin(asgi_server.url)
    response = requests.post(flow.authorize_url, data={"action": "new"}, allow_redirects=False)
    assert response.status_code == 403
    assert Client.objects.count() == 0


def test_a_wrong_verifier_is_refused(asgi_server: AsgiServer) -> None:
    flow = oauth_begin(asgi_server.url)
    code = code_from(oauth_consent(flow))
    wrong, _ = pkce_pair()
    response = oauth_exchange(asgi_server.url, flow, code, code_verifier=wrong)
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_grant"


def test_a_code_is_good_for_one_exchange_only(asgi_server: AsgiServer) -> None:
    flow = oauth_begin(asgi_server.url)
    code = code_from(oauth_consent(flow))
    assert oauth_exchange(asgi_server.url, flow, code).status_code == 200
    again = oauth_exchange(asgi_server.url, flow, code)
    assert again.status_code == 400
    assert again.json()["error"] == "invalid_grant"


def test_a_replayed_code_revokes_the_tokens_issued_from_it(asgi_server: AsgiServer) -> None:
    """RFC 6749 §4.1.2: one of the two callers stole the code, so nothing bought with it stays valid,
    including the tokens refreshed since."""
    flow = oauth_begin(asgi_server.url)
    code = code_from(oauth_consent(flow))
    first = oauth_exchange(asgi_server.url, flow, code).json()
    form = {"grant_type": "refresh_token", "refresh_token": first["refresh_token"], "client_id": flow.client_id}
    refreshed = requests.post(f"{asgi_server.url}/oauth/token", data=form).json()
    assert client_for_bearer(refreshed["access_token"]) is not None

    replay = oauth_exchange(asgi_server.url, flow, code)
    assert (replay.status_code, replay.json()["error"]) == (400, "invalid_grant")
    assert client_for_bearer(refreshed["access_token"]) is None
    form["refresh_token"] = refreshed["refresh_token"]
    assert requests.post(f"{asgi_server.url}/oauth/token", data=form).status_code == 400


def test_an_unknown_code_revokes_nothing(asgi_server: AsgiServer) -> None:
    tokens = oauth_connect(asgi_server.url)
    flow = oauth_begin(asgi_server.url)
    assert oauth_exchange(asgi_server.url, flow, "never-issued-code").status_code == 400
    assert client_for_bearer(tokens["access_token"]) is not None


def test_a_different_redirect_uri_at_the_token_endpoint_is_refused(asgi_server: AsgiServer) -> None:
    flow = oauth_begin(asgi_server.url)
    code = code_from(oauth_consent(flow))
    response = oauth_exchange(asgi_server.url, flow, code, redirect_uri="http://127.0.0.1:8765/other")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_grant"


def _authorize(base: str, **params: str) -> requests.Response:
    return requests.get(f"{base}/oauth/authorize", params=params, allow_redirects=False)


def _authorize_s256(base: str, client_id: str, **params: str) -> requests.Response:
    """A code request with a fresh S256 challenge, as a conforming client sends one."""
    _, challenge = pkce_pair()
    return _authorize(
        base,
        response_type="code",
        client_id=client_id,
        code_challenge=challenge,
        code_challenge_method="S256",
        **params,
    )


def test_an_unregistered_redirect_uri_is_shown_an_error_and_never_redirected_to(asgi_server: AsgiServer) -> None:
    client_id = oauth_register(asgi_server.url)
    response = _authorize_s256(asgi_server.url, client_id, redirect_uri="https://evil.example/cb")
    assert response.status_code == 400
    assert "Location" not in response.headers
    assert "redirect address does not match" in response.text


def test_an_unknown_app_is_shown_an_error(asgi_server: AsgiServer) -> None:
    response = _authorize(asgi_server.url, response_type="code", client_id="nope", redirect_uri=REDIRECT_URI)
    assert response.status_code == 400
    assert "not registered" in response.text


@pytest.mark.parametrize(
    "pkce",
    [
        {},
        {"code_challenge": "x" * 43},
        {"code_challenge": "x" * 43, "code_challenge_method": "plain"},
    ],
    ids=["no challenge", "no method (plain by default)", "plain"],
)
def test_authorization_without_pkce_s256_goes_back_with_invalid_request(
    asgi_server: AsgiServer, pkce: dict[str, str]
) -> None:
    client_id = oauth_register(asgi_server.url)
    response = _authorize(
        asgi_server.url, response_type="code", client_id=client_id, redirect_uri=REDIRECT_URI, state="s1", **pkce
    )
    assert response.status_code == 302
    params = parse_qs(urlsplit(response.headers["Location"]).query)
    assert params["error"] == ["invalid_request"]
    assert params["state"] == ["s1"]


def test_an_unknown_scope_goes_back_with_invalid_scope(asgi_server: AsgiServer) -> None:
    client_id = oauth_register(asgi_server.url)
    response = _authorize_s256(asgi_server.url, client_id, redirect_uri=REDIRECT_URI, scope="admin")
    assert response.status_code == 302
    assert parse_qs(urlsplit(response.headers["Location"]).query)["error"] == ["invalid_scope"]
