"""Recognising a host that refuses us — bot walls, login walls, 401/403, rate limits — so that the
caller is told and the scheduler backs off. Recognised, never evaded (SPEC §14).

The markers are deliberately narrower on a 200 than on an error status: a careers page may embed a
reCAPTCHA widget on its application form, so on a 200 only whole-page interstitials count (a
challenge page's own title or script, a block page of a known vendor).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from urllib.parse import urlsplit

from boards.fetch.body import media_type
from boards.fetch.errors import FetchError

SNIFF_CHARS = 50_000  # how much of a body the markers are looked for in
# A Retry-After is read as at most a year: a longer one is a mistake (the scheduler waits a week
# at most, boards/services/intervals.py), and a bigger number overflowed `timedelta` when the
# check's failure was recorded, so the board's RATE_LIMITED became CHECK_FAILED, a bug of ours.
MAX_RETRY_AFTER_SECONDS = 365 * 24 * 3600
CHALLENGE_STATUSES = frozenset({401, 403, 429, 503})

# On an error status, any of these says "bot check" (anchor-sources.md §3.3, plus vendor markers).
_ERROR_PAGE_MARKERS = re.compile(
    r"cf-challenge|challenge-platform|cf_chl_|cf-browser-verification|captcha|perimeterx|px-cloud"
    r"|datadome|distil_r_|incapsula|_incapsula_resource|are you a robot|verify you are human"
    r"|human verification|checking your browser|errors\.edgesuite\.net|sec-if-cpt-container"
    r"|request unsuccessful\. incapsula",
    re.IGNORECASE,
)
# On a 200, only markers a normal page never carries: the challenge runtime itself, a vendor's
# block-page iframe or container, or a challenge page's title.
_INTERSTITIAL_MARKERS = re.compile(
    r"window\._cf_chl_opt|cf-browser-verification|id=\"challenge-form\"|id=[\"']px-captcha[\"']"
    r"|captcha-delivery\.com|sec-if-cpt-container|_incapsula_resource\?|errors\.edgesuite\.net",
    re.IGNORECASE,
)
_INTERSTITIAL_TITLES = re.compile(
    r"<title[^>]*>\s*(?:just a moment\.{0,3}|attention required!?(?: \| cloudflare)?|access denied"
    r"|are you a robot\??|human verification|verify you are (?:a )?human|please verify you are a human"
    r"|security check|pardon our interruption|checking your browser[^<]*|ddos-guard)\s*</title>",
    re.IGNORECASE,
)
# Sign-in pages of common identity providers and the usual login paths: a job board that redirects
# here wants a session we will not have.
_LOGIN_HOSTS = re.compile(
    r"^(?:login\.microsoftonline\.com|accounts\.google\.com|login\.live\.com|[a-z0-9-]+\.okta\.com"
    r"|[a-z0-9-]+\.auth0\.com|[a-z0-9-]+\.onelogin\.com|sso\.[a-z0-9.-]+|login\.[a-z0-9.-]+)$"
)
_LOGIN_PATHS = re.compile(
    r"/(?:login|log-in|logon|signin|sign-in|sign_in|sso|saml2?|oauth2?/authorize|adfs/ls|idp)(?:[/.?;]|$)",
    re.IGNORECASE,
)


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> int | None:
    """Seconds to wait from a Retry-After value: delay-seconds or an HTTP-date (RFC 9110 §10.2.3),
    at most MAX_RETRY_AFTER_SECONDS. Delay-seconds is ASCII digits (RFC 9110 §5.6.1's DIGIT):
    `str.isdigit` also takes "²", which `int` then refuses with a ValueError."""
    if value is None:
        return None
    text = value.strip()
    if not text:
        return None
    if text.isascii() and text.isdigit():
        return min(int(text), MAX_RETRY_AFTER_SECONDS)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    delta = (when - (now or datetime.now(UTC))).total_seconds()
    return min(max(0, math.ceil(delta)), MAX_RETRY_AFTER_SECONDS)


def _sniff(body: bytes) -> str:
    return body[: SNIFF_CHARS * 4].decode("utf-8", errors="replace")[:SNIFF_CHARS]


def _challenge_header(headers: Mapping[str, str]) -> bool:
    # Cloudflare marks its challenge responses with `cf-mitigated: challenge`.
    return headers.get("cf-mitigated", "").strip().lower() == "challenge"


def is_bot_challenge(status: int, headers: Mapping[str, str], body: bytes) -> bool:
    """A bot check or CAPTCHA, judged from an error response (401, 403, 429, 503) or a 200 page."""
    if _challenge_header(headers):
        return True
    if status in CHALLENGE_STATUSES:
        return _ERROR_PAGE_MARKERS.search(_sniff(body)) is not None
    if 200 <= status < 300 and media_type(headers.get("content-type", "")) in {
        "",
        "text/html",
        "application/xhtml+xml",
    }:
        text = _sniff(body)
        return _INTERSTITIAL_MARKERS.search(text) is not None or _INTERSTITIAL_TITLES.search(text) is not None
    return False


def is_login_wall(original_url: str, final_url: str) -> bool:
    """We were redirected from a public URL to a sign-in page."""
    if original_url == final_url:
        return False
    before, after = urlsplit(original_url), urlsplit(final_url)
    if _LOGIN_PATHS.search(before.path):
        return False
    host = (after.hostname or "").lower()
    return _LOGIN_HOSTS.match(host) is not None or _LOGIN_PATHS.search(after.path) is not None


def error_for_status(status: int, headers: Mapping[str, str], body: bytes, host: str) -> FetchError:
    """The classified error for an upstream status of 400 or more (anchor-sources.md §3.3)."""
    if is_bot_challenge(status, headers, body):
        return FetchError(
            "BOT_CHALLENGE",
            f"HTTP {status}: {host} presented a bot check or CAPTCHA; Watchtower does not bypass these",
            http_status=status,
        )
    if status in {401, 402, 403}:
        return FetchError(
            "ACCESS_DENIED",
            f"HTTP {status}: {host} requires authentication or payment; Watchtower only monitors public pages",
            http_status=status,
        )
    retry_after = parse_retry_after(headers.get("retry-after")) if status in {429, 503} else None
    if status == 429 or (status == 503 and retry_after is not None):
        return FetchError(
            "RATE_LIMITED",
            f"HTTP {status}: {host} asked us to slow down",
            http_status=status,
            retry_after=retry_after,
        )
    return FetchError("UPSTREAM_ERROR", f"HTTP {status} from {host}", http_status=status)


def error_for_page(
    status: int, headers: Mapping[str, str], body: bytes, host: str, *, original_url: str, final_url: str
) -> FetchError | None:
    """A successful response that is really a wall: a challenge interstitial or a login redirect."""
    if is_bot_challenge(status, headers, body):
        return FetchError(
            "BOT_CHALLENGE",
            f"{host} answered with a bot check page; Watchtower does not bypass these",
            http_status=status,
        )
    if is_login_wall(original_url, final_url):
        return FetchError(
            "ACCESS_DENIED",
            f"{host} redirected to a sign-in page; Watchtower only monitors public pages",
            http_status=status,
        )
    return None
