"""URL canonicalisation for sharing (SPEC §11): lowercase host, no default port, no fragment,
tracking parameters removed, remaining parameters sorted."""

from __future__ import annotations

import re
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from watchtower.errors import AppError

_TRACKING = re.compile(
    r"^(utm_.*|fbclid|gclid|gclsrc|dclid|msclkid|mc_cid|mc_eid|_hsenc|_hsmi|igshid|yclid|twclid|ttclid"
    r"|li_fat_id|_ga|_gl|ref_src|wt_mc|hsa_.*)$",
    re.IGNORECASE,
)
MAX_URL_LENGTH = 2048


def canonical_url(url: str) -> str:
    """Return the canonical form of an absolute http(s) URL, or raise VALIDATION_ERROR."""
    if not isinstance(url, str) or not url.strip():
        raise AppError("VALIDATION_ERROR", "url must be a non-empty string")
    url = url.strip()
    if len(url) > MAX_URL_LENGTH:
        raise AppError("VALIDATION_ERROR", f"url is longer than {MAX_URL_LENGTH} characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise AppError("VALIDATION_ERROR", f"not a valid URL: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in {"http", "https"}:
        raise AppError("VALIDATION_ERROR", "url must start with http:// or https://")
    host = (parts.hostname or "").rstrip(".").lower()
    if not host:
        raise AppError("VALIDATION_ERROR", "url has no host")
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    netloc = host
    if port is not None and not (scheme == "https" and port == 443) and not (scheme == "http" and port == 80):
        netloc = f"{host}:{port}"
    if parts.username or parts.password:
        # Kept so the fetch layer's SSRF guard refuses it with the right code.
        userinfo = parts.netloc.rsplit("@", 1)[0]
        netloc = f"{userinfo}@{netloc}"
    params = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if not _TRACKING.match(k)]
    params.sort()
    path = parts.path or "/"
    return urlunsplit((scheme, netloc, path, urlencode(params), ""))
