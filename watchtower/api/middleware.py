"""Request-level guards shared by every route."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

MAX_REQUEST_BODY_BYTES = 64 * 1024


class BodySizeLimitMiddleware:
    """Refuse bodies over 64 KB before anything reads them (SPEC §14), in the documented format."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_REQUEST_BODY_BYTES:
            return JsonResponse(
                {
                    "error": "PAYLOAD_TOO_LARGE",
                    "message": f"request bodies are limited to {MAX_REQUEST_BODY_BYTES} bytes",
                },
                status=413,
            )
        return self.get_response(request)
