from __future__ import annotations

import pytest
import requests

from tests.mcp_bridge.conftest import AsgiServer

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("path", ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"])
def test_the_protected_resource_metadata_points_to_the_built_in_authorization_server(
    asgi_server: AsgiServer, settings, path: str
) -> None:
    base = settings.WATCHTOWER.public_base_url
    response = requests.get(f"{asgi_server.url}{path}")
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert response.json() == {
        "resource": f"{base}/mcp",
        "authorization_servers": [base],
        "scopes_supported": ["watches"],
        "bearer_methods_supported": ["header"],
        "resource_name": "Watchtower",
        "resource_documentation": f"{base}/",
    }


def test_the_authorization_server_metadata_offers_pkce_s256_registration_and_refresh(
    asgi_server: AsgiServer, settings
) -> None:
    base = settings.WATCHTOWER.public_base_url
    response = requests.get(f"{asgi_server.url}/.well-known/oauth-authorization-server")
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert response.json() == {
        "issuer": base,
        "authorization_endpoint": f"{base}/oauth/authorize",
        "token_endpoint": f"{base}/oauth/token",
        "registration_endpoint": f"{base}/oauth/register",
        "scopes_supported": ["watches"],
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "token_endpoint_auth_methods_supported": ["none"],
        "code_challenge_methods_supported": ["S256"],
        "authorization_response_iss_parameter_supported": True,
        "client_id_metadata_document_supported": False,
        "service_documentation": f"{base}/",
    }


@pytest.mark.parametrize(
    "path",
    [
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-authorization-server",
        "/oauth/register",
        "/oauth/token",
    ],
)
def test_preflights_are_answered_with_204_and_open_cors(asgi_server: AsgiServer, path: str) -> None:
    response = requests.options(
        f"{asgi_server.url}{path}",
        headers={"Origin": "https://app.example", "Access-Control-Request-Method": "POST"},
    )
    assert response.status_code == 204
    assert response.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    assert "mcp-protocol-version" in response.headers["Access-Control-Allow-Headers"]
