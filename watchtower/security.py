"""The deployment's HTTP security settings, derived from the typed `Config` (settings.py applies
them; tests apply them to a configuration of their own): the secret key, the proxy in front,
cookies, HSTS and the site-wide Content-Security-Policy. docs/operations.md "Behind a proxy" and
docs/safety.md describe what each one guarantees.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.http import HttpRequest, HttpResponse

from watchtower.config import BASE_DIR, Config

SECRET_KEY_FILE = BASE_DIR / "var" / "secret_key"
HSTS_SECONDS = 365 * 24 * 3600
# Everything is served from this origin; inline <style> blocks (the consent page) are allowed,
# scripts never inline (Swagger UI loads its start-up script as a file). No `form-action`: the
# consent form's answer is a redirect to the app's own redirect URI, which it would block.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
# Plain-http probes from inside the deployment (the container health check, a Prometheus scrape)
# are answered, not redirected to https.
REDIRECT_EXEMPT = [r"^health$", r"^metrics$"]


def local_secret_key(path: Path = SECRET_KEY_FILE) -> str:
    """The key of this installation when SECRET_KEY is unset: made once with `secrets`, kept in
    `var/secret_key` (mode 0600), so sessions survive restarts and no key is published in code."""
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process made it first: use theirs
        return path.read_text(encoding="utf-8").strip()
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        file.write(key + "\n")
    return key


def public_origin(config: Config) -> str:
    parts = urlsplit(config.public_base_url)
    return f"{parts.scheme}://{parts.netloc}"


def http_security(config: Config) -> dict[str, Any]:
    """Django settings for the proxy, cookies and HSTS.

    - `CSRF_TRUSTED_ORIGINS` is the origin of PUBLIC_BASE_URL, so a browser's `Origin:
      https://host` is accepted on the consent page and the admin login even when the request
      reached Django as plain http.
    - With TRUST_PROXY, `X-Forwarded-Proto: https` makes a request secure and `X-Forwarded-Host`
      names the host (still checked against ALLOWED_HOSTS); only set it behind a proxy that
      overwrites those headers.
    - In the production profile with an https PUBLIC_BASE_URL: Secure cookies, HSTS (with
      subdomains; `preload` only with HSTS_PRELOAD=true, which is a commitment to browser
      vendors) and, behind a trusted proxy, a redirect of plain http to https.
    """
    hardened = config.profile == "production" and config.public_base_url.startswith("https://")
    # oauth2_provider.W008 warns that http redirect URIs are allowed: they are, on loopback only
    # (RFC 8252 §7.3 native apps; mcp_bridge/oauth/registration.py refuses any other http one).
    silenced = ["oauth2_provider.W008"]
    if not config.hsts_preload:
        silenced.append("security.W021")  # preload is a commitment to browser vendors: the operator's
    return {
        "CSRF_TRUSTED_ORIGINS": [public_origin(config)],
        "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https") if config.trust_proxy else None,
        "USE_X_FORWARDED_HOST": config.trust_proxy,
        "SESSION_COOKIE_SECURE": hardened,
        "CSRF_COOKIE_SECURE": hardened,
        "SESSION_COOKIE_HTTPONLY": True,
        "SECURE_SSL_REDIRECT": hardened and config.trust_proxy,
        "SECURE_REDIRECT_EXEMPT": REDIRECT_EXEMPT,
        "SECURE_HSTS_SECONDS": HSTS_SECONDS if hardened else 0,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": hardened,
        "SECURE_HSTS_PRELOAD": hardened and config.hsts_preload,
        "SILENCED_SYSTEM_CHECKS": silenced,
    }


class ContentSecurityPolicyMiddleware:
    """Django 5.2 has no CSP setting (6.0 adds one), and django-csp's nonces are not needed: no
    page has an inline script. One header on every response that has not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response
