"""How the API describes itself in OpenAPI 3: component names and the documented error responses."""

from __future__ import annotations

import inspect
import sys
from typing import Any, Literal

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse

from watchtower.api.errors import ErrorSerializer
from watchtower.api.serializers import StrictSerializer

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


class ApiSchema(AutoSchema):
    """Names components after their view: the nested `InputSerializer` of `ChangeAckApi` becomes
    `ChangeAckInput`, so the one-view-per-operation serializers do not collide in the schema."""

    def get_serializer_name(self, serializer: Any, direction: Literal["request", "response"]) -> str:
        qualname = type(serializer).__qualname__
        if "." not in qualname:
            return super().get_serializer_name(serializer, direction)
        owner, _, name = qualname.rpartition(".")
        return owner.removesuffix("Api") + name.removesuffix("Serializer")

    def _map_basic_serializer(self, serializer: Any, direction: str) -> dict[str, Any]:
        """Strict inputs say so: `additionalProperties: false`, as the server refuses unknown fields."""
        schema: dict[str, Any] = super()._map_basic_serializer(serializer, direction)
        if direction == "request" and isinstance(serializer, StrictSerializer):
            schema["additionalProperties"] = False
        return schema

    def get_description(self) -> str:  # type: ignore[override]
        """The docstring of the view class that owns the handler (a method route holds the
        handlers of several views)."""
        handler = getattr(self.view, self.method.lower(), None)
        owner_name = getattr(handler, "__qualname__", "").partition(".")[0]
        owner = getattr(sys.modules.get(getattr(handler, "__module__", ""), None), owner_name, None)
        if isinstance(owner, type) and owner.__doc__:
            return inspect.cleandoc(owner.__doc__)
        return str(super().get_description())


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    """Error responses for `@extend_schema(responses=…)`, each with the `{error, message}` body."""
    return {
        status: OpenApiResponse(response=ErrorSerializer, description=ERROR_MEANINGS[status]) for status in statuses
    }
