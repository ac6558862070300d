from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

CHALLENGE = 'Bearer realm="watchtower"'
REFUSED = 'Bearer realm="watchtower", error="invalid_token"'


def test_a_missing_token_is_401_with_a_challenge(http) -> None:
    response = http.get("/v1/watches")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == CHALLENGE
    assert response.json()["error"] == "UNAUTHORIZED"


@pytest.mark.parametrize(
    ("header", "challenge"),
    [
        ("Bearer wt_" + "A" * 32, REFUSED),
        ("Bearer not-a-token", REFUSED),
        ("Basic dXNlcjpwYXNz", CHALLENGE),
        ("Bearer", CHALLENGE),
        ("Bearer a b", CHALLENGE),
    ],
)
def test_an_unknown_or_malformed_token_is_401_with_a_challenge(http, agent, header: str, challenge: str) -> None:
    """RFC 6750 §3.1: `invalid_token` only when a bearer token was sent and refused."""
    response = http.get("/v1/watches", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == challenge
    assert response.json()["error"] == "UNAUTHORIZED"


def test_the_scheme_is_case_insensitive(http, agent) -> None:
    response = http.get("/v1/watches", HTTP_AUTHORIZATION=f"bearer {agent.token}")
    assert response.status_code == 200


def test_tokenless_routes_still_refuse_a_bad_token(http) -> None:
    response = http.get("/v1/companies", HTTP_AUTHORIZATION="Bearer wt_" + "B" * 32)
    assert response.status_code == 401
    assert http.get("/v1/companies").status_code == 200


def test_an_oauth_access_token_of_a_connected_app_works_on_rest(http, agent) -> None:
    from datetime import timedelta

    from django.utils import timezone
    from oauth2_provider.models import get_access_token_model

    from watches.services.clients import technical_user

    get_access_token_model().objects.create(
        user=technical_user(agent.client),
        token="oauth-connected-app-token-0123456789",
        scope="watches",
        expires=timezone.now() + timedelta(hours=1),
    )
    response = http.get("/v1/watches", HTTP_AUTHORIZATION="Bearer oauth-connected-app-token-0123456789")
    assert response.status_code == 200
    unknown = http.get("/v1/watches", HTTP_AUTHORIZATION="Bearer oauth-unknown-token-0123456789")
    assert (unknown.status_code, unknown["WWW-Authenticate"]) == (401, REFUSED)
