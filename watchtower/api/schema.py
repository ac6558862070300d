"""The OpenAPI 3 schema (`/v1/openapi.json`) and the interactive docs (`/docs/api`, Swagger UI from
the sidecar package's static files: no CDN)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularSwaggerView
from rest_framework.permissions import AllowAny

from watchtower.api.base import ApiView
from watchtower.api.errors import ErrorSerializer

ERROR_MEANINGS = {
    400: "VALIDATION_ERROR (with the fields at fault), QUERY_TOO_BROAD or WEBHOOK_URL_NOT_ALLOWED.",
    401: "UNAUTHORIZED: missing, malformed or unknown bearer token (with WWW-Authenticate).",
    404: "NOT_FOUND: no such watch for this client.",
    409: "WATCH_LIMIT, HOST_WATCH_LIMIT or NOT_SUPPORTED.",
    413: "PAYLOAD_TOO_LARGE: bodies are limited to 64 KB.",
    415: "UNSUPPORTED_MEDIA_TYPE: send Content-Type: application/json.",
    422: "The URL cannot be watched: NO_JOB_DATA, ROBOTS_DISALLOWED, BOT_CHALLENGE, ACCESS_DENIED, "
    "SSRF_BLOCKED, UNSUPPORTED_CONTENT_TYPE, BODY_TOO_LARGE, UNSUPPORTED_URL.",
    429: "RATE_LIMITED (with Retry-After) or HOST_CAPACITY.",
    502: "The board could not be read right now: TIMEOUT, NETWORK_ERROR, UPSTREAM_ERROR, PARSE_ERROR.",
    503: "CAPACITY or HOST_BUSY: try again later.",
}


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    """Error responses for `@extend_schema(responses=…)`, each with the `{error, message}` body."""
    return {
        status: OpenApiResponse(response=ErrorSerializer, description=ERROR_MEANINGS[status]) for status in statuses
    }


class OpenApiSchemaApi(ApiView, SpectacularJSONAPIView):
    """GET /v1/openapi.json: counted against the global budget like every /v1/ request."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    schema = None


class ApiDocsView(SpectacularSwaggerView):
    """GET /docs/api: Swagger UI on the schema above, every asset served from /static/."""

    url_name = "openapi-schema"
    title = "Watchtower REST API"
