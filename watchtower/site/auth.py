"""The two operator-only doors: /metrics (bearer METRICS_TOKEN) and /stats (HTTP basic auth with
any user name and the stats token as password). Secrets are compared in constant time."""

from __future__ import annotations

import base64
import binascii
import hmac

from django.http import HttpRequest


def _same(given: str, expected: str) -> bool:
    return hmac.compare_digest(given.encode(), expected.encode())


def bearer_matches(request: HttpRequest, token: str) -> bool:
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    return scheme.lower() == "bearer" and _same(value.strip(), token)


def basic_password_matches(request: HttpRequest, token: str) -> bool:
    """RFC 7617: `Basic base64(user:password)`; the user name is ignored."""
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "basic":
        return False
    try:
        decoded = base64.b64decode(value.strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return False
    _, separator, password = decoded.partition(":")
    return bool(separator) and _same(password, token)
