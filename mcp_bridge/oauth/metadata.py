"""Discovery documents: RFC 9728 protected-resource metadata (where `/mcp` sends clients on a 401)
and RFC 8414 authorization-server metadata. Built from `PUBLIC_BASE_URL` rather than the request's
Host header, so they name the public address even behind a proxy."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_http_methods

from mcp_bridge.oauth.cors import open_cors
from watches.services.clients import OAUTH_SCOPE
from watchtower.config import current


@open_cors
@require_http_methods(["GET", "HEAD", "OPTIONS"])
def protected_resource(request: HttpRequest) -> HttpResponse:
    base = current().public_base_url
    return JsonResponse(
        {
            "resource": f"{base}/mcp",
            "authorization_servers": [base],
            "scopes_supported": [OAUTH_SCOPE],
            "bearer_methods_supported": ["header"],
            "resource_name": "Watchtower",
            "resource_documentation": f"{base}/",
        }
    )


@open_cors
@require_http_methods(["GET", "HEAD", "OPTIONS"])
def authorization_server(request: HttpRequest) -> HttpResponse:
    base = current().public_base_url
    return JsonResponse(
        {
            "issuer": base,
            "authorization_endpoint": f"{base}/oauth/authorize",
            "token_endpoint": f"{base}/oauth/token",
            "registration_endpoint": f"{base}/oauth/register",
            "scopes_supported": [OAUTH_SCOPE],
            "response_types_supported": ["code"],
            "response_modes_supported": ["query"],
            "grant_types_supported": ["authorization_code", "refresh_token"],
            "token_endpoint_auth_methods_supported": ["none"],
            "code_challenge_methods_supported": ["S256"],
            "authorization_response_iss_parameter_supported": True,
            "service_documentation": f"{base}/",
        }
    )
