"""The REST exception handler: every error as `{"error": CODE, "message": "…"}`."""

from __future__ import annotations

from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from watchtower.errors import AppError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, AppError):
        response = Response(exc.as_dict(), status=exc.status)
        if exc.retry_after is not None:
            response["Retry-After"] = str(exc.retry_after)
        return response
    return drf_exception_handler(exc, context)
