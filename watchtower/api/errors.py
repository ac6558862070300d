"""The REST exception handler: every error as `{"error": CODE, "message": "…"}` (SPEC §3.2).

Services raise `AppError` with a SPEC code; DRF raises its own exceptions for parsing, content
types, methods, authentication and validation. Both end here, so a client sees one format with
one status per code. Anything else is a bug: it is logged with its traceback and the client sees
`INTERNAL_ERROR` "internal error", never the exception text.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import set_rollback

from watchtower.errors import STATUS_BY_CODE, AppError

logger = logging.getLogger(__name__)

INTERNAL_MESSAGE = "internal error"
ROUTE_NOT_FOUND = "no such route; see /llms.txt"


class ErrorSerializer(serializers.Serializer):
    """The body of every error response."""

    error = serializers.CharField(help_text="A stable code, e.g. VALIDATION_ERROR, NOT_FOUND, RATE_LIMITED.")
    message = serializers.CharField(help_text="What went wrong, for a person or an agent to read.")


def flatten_errors(detail: Any, prefix: str = "") -> list[str]:
    """DRF's nested error detail as "field: message" strings (`keywords.2: …` for list items)."""
    if isinstance(detail, Mapping):
        parts: list[str] = []
        for key, value in detail.items():
            name = prefix if key == "non_field_errors" else (f"{prefix}.{key}" if prefix else str(key))
            parts.extend(flatten_errors(value, name))
        return parts
    if isinstance(detail, Sequence) and not isinstance(detail, str):
        if detail and all(isinstance(item, str) for item in detail):
            return [f"{prefix}: {item}" if prefix else str(item) for item in detail]
        parts = []
        for index, item in enumerate(detail):
            if item:
                parts.extend(flatten_errors(item, f"{prefix}.{index}" if prefix else str(index)))
        return parts
    return [f"{prefix}: {detail}" if prefix else str(detail)]


def error_response(code: str, message: str, *, status: int | None = None, retry_after: int | None = None) -> Response:
    response = Response({"error": code, "message": message}, status=status or STATUS_BY_CODE.get(code, 400))
    if retry_after is not None:
        response["Retry-After"] = str(max(1, int(retry_after)))
    return response


def api_exception_response(exc: exceptions.APIException) -> Response:
    """DRF's own exceptions in the documented format."""
    if isinstance(exc, exceptions.ValidationError):
        message = "; ".join(flatten_errors(exc.detail)) or "invalid request"
        return error_response("VALIDATION_ERROR", message)
    if isinstance(exc, exceptions.ParseError):
        return error_response("VALIDATION_ERROR", f"the body is not valid JSON: {exc.detail}")
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        response = error_response("UNAUTHORIZED", str(exc.detail), status=exc.status_code)
        challenge = getattr(exc, "auth_header", None)  # set by APIView.handle_exception
        if challenge:
            response["WWW-Authenticate"] = challenge
        return response
    if isinstance(exc, exceptions.Throttled):
        return error_response("RATE_LIMITED", str(exc.detail), retry_after=int(getattr(exc, "wait", None) or 60))
    codes: dict[type[exceptions.APIException], str] = {
        exceptions.NotFound: "NOT_FOUND",
        exceptions.PermissionDenied: "FORBIDDEN",
        exceptions.MethodNotAllowed: "METHOD_NOT_ALLOWED",
        exceptions.UnsupportedMediaType: "UNSUPPORTED_MEDIA_TYPE",
        exceptions.NotAcceptable: "NOT_ACCEPTABLE",
    }
    code = next((name for kind, name in codes.items() if isinstance(exc, kind)), None)
    if code is None:
        code = "INTERNAL_ERROR" if exc.status_code >= 500 else "BAD_REQUEST"
    message = INTERNAL_MESSAGE if exc.status_code >= 500 else str(exc.detail)
    return error_response(code, message, status=exc.status_code)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response:
    set_rollback()
    if isinstance(exc, AppError):
        response = Response(exc.as_dict(), status=exc.status)
        if exc.retry_after is not None:
            response["Retry-After"] = str(max(1, int(exc.retry_after)))
        return response
    if isinstance(exc, Http404):
        return error_response("NOT_FOUND", "not found")
    if isinstance(exc, DjangoPermissionDenied):
        return error_response("FORBIDDEN", "forbidden")
    if isinstance(exc, RequestDataTooBig):
        return error_response("PAYLOAD_TOO_LARGE", "request bodies are limited to 64 KB")
    if isinstance(exc, exceptions.APIException):
        return api_exception_response(exc)
    view = type(context.get("view")).__name__
    logger.error("unhandled error in %s", view, exc_info=exc, extra={"view": view})
    return error_response("INTERNAL_ERROR", INTERNAL_MESSAGE, status=500)
