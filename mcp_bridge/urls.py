"""OAuth for MCP clients (SPEC §13). `/mcp` itself is served by the ASGI bridge (watchtower/asgi.py),
not by Django."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from mcp_bridge.oauth import metadata, registration
from mcp_bridge.oauth.consent import AuthorizeView
from mcp_bridge.oauth.cors import open_cors
from mcp_bridge.oauth.token import WatchtowerTokenView

urlpatterns: list[URLPattern | URLResolver] = [
    path(".well-known/oauth-protected-resource", metadata.protected_resource, name="oauth-protected-resource"),
    path(
        ".well-known/oauth-protected-resource/mcp",
        metadata.protected_resource,
        name="oauth-protected-resource-mcp",
    ),
    path(
        ".well-known/oauth-authorization-server",
        metadata.authorization_server,
        name="oauth-authorization-server",
    ),
    path("oauth/register", registration.register, name="oauth-register"),
    path("oauth/authorize", AuthorizeView.as_view(), name="oauth-authorize"),
    path("oauth/token", open_cors(WatchtowerTokenView.as_view()), name="oauth-token"),
]
