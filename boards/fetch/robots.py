"""robots.txt (RFC 9309), read with protego, cached per origin.

Choices, each from the RFC:

* Our group is the one whose user-agent line equals our product token `WatchtowerBot`,
  case-insensitively (§2.2.1); without one, the `*` group applies. Not a substring match: a group
  for `bot` or `Watchtower` is somebody else's.
* 2xx: parse the body, at most the first 512 KiB (§2.5 requires at least 500 KiB to be parsed).
* 4xx "unavailable": no rules, everything allowed (§2.3.1.3). Too many redirects counts as
  unavailable too (§2.3.1.2).
* 5xx, 429 and network failures "unreachable": everything disallowed (§2.3.1.4). The refusal is
  marked transient, so the scheduler retries soon instead of backing off a day, and the verdict
  is cached for only five minutes.
* Rules are cached per origin (scheme, host, port) for an hour (§2.4 allows up to 24 hours).

The client asks this module before every fetch and this module reads robots.txt through the
client, so the reader is passed in (`fetch`, the client's `fetch_robots_txt`) rather than imported:
the two modules do not import each other.
"""

from __future__ import annotations

import re
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Protocol

from protego import Protego

from boards.fetch import guard
from boards.fetch.errors import FetchError
from watchtower.config import current

PRODUCT_TOKEN = "watchtowerbot"
MAX_ROBOTS_BYTES = 512 * 1024
RULES_TTL = 3600.0
UNREACHABLE_TTL = 300.0
MAX_ORIGINS = 5000

_USER_AGENT_LINE = re.compile(r"^\s*user[-_ ]?agent\s*:\s*([^#\r\n]*)", re.IGNORECASE | re.MULTILINE)


class RobotsResponse(Protocol):
    @property
    def status(self) -> int: ...

    @property
    def body(self) -> bytes: ...


class RobotsFetch(Protocol):
    """Reads a robots.txt: any status returned, the body cut at `max_bytes` (the client's
    `fetch_robots_txt`, which skips the robots check of its own request)."""

    def __call__(self, url: str, *, max_bytes: int, timeout: float | None) -> RobotsResponse: ...


@dataclass(frozen=True)
class RobotsVerdict:
    allowed: bool
    reason: str  # "rules", "unavailable (HTTP 404)", "unreachable (HTTP 503)", …
    unreachable: bool = False
    status: int | None = None


@dataclass(frozen=True)
class _Entry:
    parser: Protego | None  # None: the outcome below applies to every path
    agent: str  # the name to ask the parser about (see _agent_for)
    allow_all: bool
    reason: str
    unreachable: bool
    status: int | None
    expires_at: float


_clock = time.monotonic  # replaced in tests to age the cache
_lock = threading.Lock()
_cache: OrderedDict[str, _Entry] = OrderedDict()


def robots_cache_clear() -> None:
    with _lock:
        _cache.clear()


def robots_allowed(url: str, *, fetch: RobotsFetch, timeout: float | None = None) -> bool:
    """May WatchtowerBot fetch `url`? Reads (with `fetch`) and caches the origin's robots.txt when needed."""
    return robots_verdict(url, fetch=fetch, timeout=timeout).allowed


def robots_verdict(url: str, *, fetch: RobotsFetch, timeout: float | None = None) -> RobotsVerdict:
    target = guard.check_url(url, guard.Policy(allow_private=current().allow_private_networks))
    entry = _cached(target.origin)
    if entry is None:
        entry = _load(target.origin, fetch, timeout)
        with _lock:
            _cache[target.origin] = entry
            _cache.move_to_end(target.origin)
            while len(_cache) > MAX_ORIGINS:
                _cache.popitem(last=False)
    if entry.parser is None:
        return RobotsVerdict(entry.allow_all, entry.reason, entry.unreachable, entry.status)
    allowed = entry.parser.can_fetch(target.url, entry.agent)
    return RobotsVerdict(allowed, entry.reason, False, entry.status)


def _cached(origin: str) -> _Entry | None:
    with _lock:
        entry = _cache.get(origin)
        if entry is None:
            return None
        if entry.expires_at <= _clock():
            del _cache[origin]
            return None
        _cache.move_to_end(origin)
        return entry


def _full_time() -> float:
    """The least timeout that counts as the configured one (a fetch spends a little before its
    robots.txt request)."""
    return current().fetch_timeout_seconds - 1.0


def _agent_for(text: str) -> str:
    """The name to ask protego about: our token when a group names it exactly, else "*".

    protego matches a group whose name *starts* our token ("watchtower" would match
    "watchtowerbot"), and RFC 9309 §2.2.1 asks for the product token itself. Asked about "*",
    protego picks the `*` group and no other.
    """
    agents = {match.strip().lower().replace("*", "") for match in _USER_AGENT_LINE.findall(text)}
    return PRODUCT_TOKEN if PRODUCT_TOKEN in agents else "*"


def _load(origin: str, fetch: RobotsFetch, timeout: float | None) -> _Entry:
    now = _clock()
    try:
        result = fetch(f"{origin}/robots.txt", max_bytes=MAX_ROBOTS_BYTES, timeout=timeout)
    except FetchError as exc:
        if exc.code == "TOO_MANY_REDIRECTS":
            return _Entry(None, "*", True, "unavailable (too many redirects)", False, None, now + RULES_TTL)
        if exc.code in {"TIMEOUT", "NETWORK_ERROR"}:
            # A timeout shorter than the configured one was set by a caller in a hurry (a request
            # waiting on a first read, boards/services/reading.py): the site did not get its full
            # time, so the verdict is used once and not remembered.
            hurried = exc.code == "TIMEOUT" and timeout is not None and timeout < _full_time()
            expires = now if hurried else now + UNREACHABLE_TTL
            return _Entry(None, "*", False, f"unreachable ({exc.message})", True, None, expires)
        raise
    status = result.status
    if 200 <= status < 300:
        text = result.body.decode("utf-8", errors="replace")
        return _Entry(Protego.parse(text), _agent_for(text), True, "rules", False, status, now + RULES_TTL)
    if status == 429 or status >= 500:
        return _Entry(None, "*", False, f"unreachable (HTTP {status})", True, status, now + UNREACHABLE_TTL)
    return _Entry(None, "*", True, f"unavailable (HTTP {status})", False, status, now + RULES_TTL)
