"""Request-level guards shared by every route: the 64 KB body cap, no NUL character in a query or
form parameter, and JSON errors under /v1/."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

MAX_REQUEST_BODY_BYTES = 64 * 1024
API_PREFIX = "/v1/"
# What the API answers when something outside DRF (host validation, a middleware, a crash
# Django turned into its HTML error page) produced the response.
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
FALLBACK_ERRORS = {
    400: ("BAD_REQUEST", "bad request"),
    403: ("FORBIDDEN", "forbidden"),
    404: ("NOT_FOUND", "no such route; see /llms.txt"),
    405: ("METHOD_NOT_ALLOWED", "method not allowed"),
    413: ("PAYLOAD_TOO_LARGE", f"request bodies are limited to {MAX_REQUEST_BODY_BYTES} bytes"),
}


class BodySizeLimitMiddleware:
    """1. Refuse bodies over 64 KB before anything reads them (SPEC §14), in the documented format.
    2. Under /v1/, never let an HTML error page (or a DEBUG traceback) reach an API client: any
       error response that is not JSON is replaced by `{"error", "message"}` with its status."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > MAX_REQUEST_BODY_BYTES:
            return with_security_headers(
                JsonResponse(
                    {
                        "error": "PAYLOAD_TOO_LARGE",
                        "message": f"request bodies are limited to {MAX_REQUEST_BODY_BYTES} bytes",
                    },
                    status=413,
                )
            )
        response = self.get_response(request)
        if not is_api_path(request.path):
            return response
        if response.status_code >= 400 and not is_json(response):
            return json_error_for(response)
        # The pages use "same-origin" (settings.SECURE_REFERRER_POLICY); the API never needs one.
        response["Referrer-Policy"] = SECURITY_HEADERS["Referrer-Policy"]
        return response


# DRF's words for the same refusal of a JSON field (its CharField's ProhibitNullCharactersValidator),
# and MCP's (mcp_bridge/server.py): every interface answers a NUL alike.
NULL_CHARACTERS = "Null characters are not allowed."
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


class NullCharacterMiddleware:
    """Refuse a request whose query string or form body holds a NUL character (`?q=%00`), with
    400 `VALIDATION_ERROR` naming the parameter, before any view sees it. PostgreSQL refuses NUL in
    text, so such a value failed whichever statement stored or compared it: the /companies page's
    search and OAuth's authorize answered 500. No name, place, URL, id or token has one. JSON
    bodies are the serializers' (REST) and the MCP server's to refuse, field by field."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        parameters = list(request.GET.lists())
        # Form bodies of the pages and OAuth's endpoints; the API takes JSON only (a form body is its
        # 415), and parsing one here would make DRF take it as already parsed.
        if request.method == "POST" and request.content_type in FORM_TYPES and not is_api_path(request.path):
            parameters += request.POST.lists()
        for name, values in parameters:
            if "\x00" in name or any("\x00" in value for value in values):
                shown = name.replace("\x00", "\\0") or "query"
                return with_security_headers(
                    JsonResponse({"error": "VALIDATION_ERROR", "message": f"{shown}: {NULL_CHARACTERS}"}, status=400)
                )
        return self.get_response(request)


def is_api_path(path: str) -> bool:
    return path.startswith(API_PREFIX) or path == API_PREFIX.rstrip("/")


def is_json(response: HttpResponse) -> bool:
    return (response.get("Content-Type") or "").split(";")[0].strip().lower() == "application/json"


def json_error_for(response: HttpResponse) -> HttpResponse:
    status = response.status_code
    code, message = FALLBACK_ERRORS.get(status, ("INTERNAL_ERROR", "internal error"))
    if status < 500 and status not in FALLBACK_ERRORS:
        code, message = "BAD_REQUEST", "bad request"
    replacement = JsonResponse({"error": code, "message": message}, status=status)
    for header in ("Allow", "Retry-After", "WWW-Authenticate", "X-Content-Type-Options"):
        if header in response:
            replacement[header] = response[header]
    return with_security_headers(replacement)


def with_security_headers(response: HttpResponse) -> HttpResponse:
    """This middleware sits outside SecurityMiddleware, so its own answers set the headers that
    every response carries (SPEC §14) themselves."""
    for header, value in SECURITY_HEADERS.items():
        response.setdefault(header, value)
    return response
