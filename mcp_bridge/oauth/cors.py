"""CORS for the endpoints browser-based MCP clients call directly: metadata, registration and token
(anchor-services.md §10.1). They carry no cookies, so any origin may read them."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt

View = Callable[..., HttpResponse]

ALLOW_HEADERS = "authorization, content-type, mcp-protocol-version"
ALLOW_METHODS = "GET, POST, OPTIONS"


def open_cors(view: View) -> View:
    """`Access-Control-Allow-Origin: *` on every answer, and a 204 for preflights. CSRF does not
    apply: these endpoints read no cookie and change nothing a cookie could authorise."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        response = HttpResponse(status=204) if request.method == "OPTIONS" else view(request, *args, **kwargs)
        response["Access-Control-Allow-Origin"] = "*"
        response["Access-Control-Allow-Headers"] = ALLOW_HEADERS
        response["Access-Control-Allow-Methods"] = ALLOW_METHODS
        response["Access-Control-Max-Age"] = "86400"
        return response

    return csrf_exempt(wrapped)
