"""One error type with a code, mapped once for REST (`{"error", "message"}`) and once for MCP.

Services raise `AppError`; the REST exception handler and the MCP tool wrapper turn it into the
documented shape. The status of each code is fixed here (SPEC §3.2) so no caller picks its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

STATUS_BY_CODE: dict[str, int] = {
    # cannot watch (422)
    "NO_JOB_DATA": 422,
    "ROBOTS_DISALLOWED": 422,
    "BOT_CHALLENGE": 422,
    "ACCESS_DENIED": 422,
    "SSRF_BLOCKED": 422,
    "UNSUPPORTED_CONTENT_TYPE": 422,
    "BODY_TOO_LARGE": 422,
    "UNSUPPORTED_URL": 422,
    "DNS_FAILED": 422,
    # transient fetch failures, surfaced only by synchronous paths (probe, read_board, watch creation)
    "TIMEOUT": 502,
    "NETWORK_ERROR": 502,
    "TOO_MANY_REDIRECTS": 422,
    "UPSTREAM_ERROR": 502,
    "PARSE_ERROR": 502,
    "HOST_BUSY": 503,
    # capacity
    "WATCH_LIMIT": 409,
    "HOST_WATCH_LIMIT": 409,
    "HOST_CAPACITY": 429,
    "CAPACITY": 503,
    # the usual
    "QUERY_TOO_BROAD": 400,
    "VALIDATION_ERROR": 400,
    "WEBHOOK_URL_NOT_ALLOWED": 400,
    "UNAUTHORIZED": 401,
    "FORBIDDEN": 403,
    "NOT_FOUND": 404,
    "METHOD_NOT_ALLOWED": 405,
    "NOT_SUPPORTED": 409,
    "PAYLOAD_TOO_LARGE": 413,
    "UNSUPPORTED_MEDIA_TYPE": 415,
    "RATE_LIMITED": 429,
    "INTERNAL_ERROR": 500,
}


class AppError(Exception):
    """A failure the caller should see, with a SPEC error code and a human message."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        status: int | None = None,
        retry_after: int | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status or STATUS_BY_CODE.get(code, 400)
        self.retry_after = retry_after
        self.extra = extra or {}

    def as_dict(self) -> dict[str, Any]:
        body: dict[str, Any] = {"error": self.code, "message": self.message}
        body.update(self.extra)
        return body

    def __repr__(self) -> str:
        return f"AppError({self.code!r}, {self.message!r})"


def unknown_names(given: Iterable[Any], accepted: Iterable[str], kind: str) -> str:
    """The refusal of the names a caller sent that an input does not have ("" when none): REST's
    fields (`StrictSerializer`) and MCP's tool arguments (`mcp_bridge.server.unknown_arguments`)
    in the same words, so an agent that misspells `keywords` learns it from either."""
    known = list(accepted)
    unknown = sorted(str(name) for name in given if name not in known)
    if not unknown:
        return ""
    return f"unknown {kind}(s) {', '.join(unknown)}; accepted: {', '.join(known)}"
