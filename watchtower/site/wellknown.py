"""Machine-readable descriptions of the service under /.well-known/: Watchtower's own metadata,
the MCP server card (served at two paths), and the MCP registry's HTTP namespace proof."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET

from watchtower.config import Config, current
from watchtower.site import catalog
from watchtower.site.pageviews import counted


def _json(body: dict[str, Any]) -> JsonResponse:
    response = JsonResponse(body, json_dumps_params={"indent": 2})
    response["Access-Control-Allow-Origin"] = "*"
    response["Cache-Control"] = "public, max-age=3600"
    return response


def server_card(config: Config) -> dict[str, Any]:
    base = config.public_base_url
    return {
        "name": "watchtower",
        "title": catalog.NAME,
        "description": catalog.TAGLINE,
        "version": catalog.version(),
        "websiteUrl": f"{base}/",
        "transport": {"type": "streamable-http", "url": catalog.mcp_url(config)},
        "remotes": [{"type": "streamable-http", "url": catalog.mcp_url(config)}],
        "authentication": (
            "OAuth 2.1 with PKCE and dynamic client registration (no account: connecting creates an anonymous "
            "client), or an Authorization: Bearer token from POST /v1/clients. search_jobs and list_companies "
            "need no sign-in."
        ),
        "instructions": catalog.AGENT_GUIDANCE,
        "tools": [{"name": t.name, "title": t.title, "description": t.description} for t in catalog.tools()],
        "documentation": {"llms_txt": f"{base}/llms.txt", "metadata": f"{base}/.well-known/watchtower.json"},
        "privacy_policy": f"{base}/privacy",
    }


@require_GET
@counted
def mcp_server_card(request: HttpRequest) -> JsonResponse:
    return _json(server_card(current()))


@require_GET
@counted
def watchtower_json(request: HttpRequest) -> JsonResponse:
    config = current()
    base = config.public_base_url
    return _json(
        {
            "name": catalog.NAME,
            "description": catalog.TAGLINE,
            "version": catalog.version(),
            "agent_guidance": catalog.AGENT_GUIDANCE,
            "pricing": "free",
            "auth": {
                "type": "bearer",
                "obtain": {"method": "POST", "url": f"{base}/v1/clients"},
                "header": "Authorization: Bearer <token>",
                "mcp_oauth": {
                    "protected_resource_metadata": f"{base}/.well-known/oauth-protected-resource/mcp",
                    "authorization_server_metadata": f"{base}/.well-known/oauth-authorization-server",
                },
            },
            "search": {
                "how": "watch_jobs (or POST /v1/watches) with a plain-language query and no url watches every board",
                "example_query": "iOS jobs in Austin paying at least 150k with at most 6 years of experience",
                "coverage": f"{base}/companies",
                "focus": "every role at tech companies and startups",
            },
            "supported_sources": {
                "platforms": catalog.platforms(),
                "other_careers_pages": "schema.org JobPosting (JSON-LD), or a link to / embed of a supported board",
            },
            "filters": list(catalog.FILTERS),
            "limits": {
                "max_watches_per_client": config.max_watches_per_client,
                "min_check_interval_minutes": max(config.min_check_interval_seconds // 60, 1),
                "watch_expires_after_unread_days": config.watch_ttl_days,
            },
            "features": {
                "webhooks": {
                    "signature": 'x-watchtower-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>"> with the watch\'s webhook_secret'
                },
                "at_least_once": "get_changes(peek=true), then ack_changes(cursor)",
            },
            "mcp": {
                "transport": "streamable-http",
                "url": catalog.mcp_url(config),
                "tools": [tool.name for tool in catalog.tools()],
            },
            "rest": {"base_url": f"{base}/v1", "endpoints": list(catalog.REST_ENDPOINTS)},
            "change_types": list(catalog.CHANGE_TYPES),
            "policies": {
                "public_resources_only": True,
                "respects_robots_txt": True,
                "bypasses_captchas_or_logins": False,
            },
            "docs": f"{base}/",
            "llms_txt": f"{base}/llms.txt",
            "privacy_policy": f"{base}/privacy",
        }
    )


@require_GET
def mcp_registry_auth(request: HttpRequest) -> HttpResponse:
    """The MCP registry's HTTP namespace verification: the proof string, served only when set."""
    proof = current().mcp_registry_auth
    if not proof:
        raise Http404("MCP_REGISTRY_AUTH is not set")
    return HttpResponse(proof, content_type="text/plain; charset=utf-8")
