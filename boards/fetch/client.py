"""The one guarded fetch: job boards, platform APIs, robots.txt and webhooks all go through it.

What a call goes through, in order, for the first request and again for every redirect hop:

1. `guard.check_url` — the static SSRF rules (scheme, credentials, port, host name, literal address).
2. robots.txt for that URL (`check_robots`), through this same function (boards.fetch.robots).
3. FETCH_HOST_OVERRIDES routing (only with ALLOW_PRIVATE_NETWORKS): the request goes to the local
   base URL, the Host header and everything we report keep the original host.
4. The request, on a connection that checks the address it connects to (boards.fetch.connection),
   inside one deadline for the whole fetch.
5. Redirects (at most MAX_REDIRECTS) back to step 1; otherwise classify the status, check the
   content type, read the body with the cap on decompressed bytes, and look for walls.

A fetch opens its connections and closes them when it ends, unless the caller passes a
`KeepAlive`: then a connection left idle by one fetch serves the next fetch to the same host.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit, urlunsplit

import requests
import urllib3
from requests.structures import CaseInsensitiveDict

from boards.fetch import guard, robots
from boards.fetch.body import CHUNK, is_textual, read_capped, too_large
from boards.fetch.connection import ConnectGuard, Deadline, GuardedAdapter
from boards.fetch.errors import HOST_REFUSAL_CODES, FetchError
from boards.fetch.refusals import error_for_page, error_for_status
from watchtower.config import Config, current

logger = logging.getLogger(__name__)

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
ERROR_BODY_CAP = 256 * 1024  # enough of an error page to recognise a bot wall
# A status-only fetch reads a body of at most this declared length to the end, so a KeepAlive can
# reuse the connection; a longer one, or one of unknown length, closes the connection unread.
DRAIN_CAP = 64 * 1024
ACCEPT_TEXT = (
    "text/html,application/xhtml+xml,application/json,application/ld+json,"
    "application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.1"
)
# Headers only this module sets: we always say who we are, and Host follows the routing.
_RESERVED_HEADERS = frozenset({"user-agent", "host"})


@dataclass(frozen=True)
class FetchResult:
    url: str  # final URL after redirects, with the original host even when an override applied
    status: int
    headers: Mapping[str, str]  # lowercased names; repeated headers joined with ", "
    body: bytes  # decompressed
    elapsed: float  # seconds, all hops
    content_type: str

    @property
    def not_modified(self) -> bool:
        return self.status == 304


@dataclass(frozen=True)
class _Options:
    method: Literal["GET", "POST"]
    headers: CaseInsensitiveDict[str]
    payload: bytes | None
    cap: int
    follow_redirects: bool
    check_robots: bool
    raise_for_status: bool
    expect_text: bool
    seconds: float
    truncate: bool = False  # robots.txt: keep the first `cap` bytes instead of failing (RFC 9309 §2.5)
    status_only: bool = False  # webhooks: the answer is its status; the body is never read (`_drain`)


def fetch(
    url: str,
    *,
    method: Literal["GET", "POST"] = "GET",
    headers: Mapping[str, str] | None = None,
    json_body: Any = None,
    body: bytes | None = None,
    etag: str = "",
    last_modified: str = "",
    api: bool = False,
    max_bytes: int | None = None,
    follow_redirects: bool = True,
    check_robots: bool = True,
    raise_for_status: bool = True,
    expect_text: bool = True,
    timeout: float | None = None,
    keep_alive: KeepAlive | None = None,
    status_only: bool = False,
) -> FetchResult:
    """Fetch `url` under every rule of SPEC §14, or raise a classified `FetchError`.

    `api` selects the larger MAX_API_BODY_BYTES cap (an explicit `max_bytes` wins); `etag` and
    `last_modified` make the request conditional, and a 304 comes back as a result. With
    `raise_for_status`, statuses of 400 and more, bot walls and login walls raise. `keep_alive`
    keeps the connection open for the caller's next fetch (see `KeepAlive`). `status_only` is for
    a caller that needs the status alone (a webhook's receiver has answered once its status line
    is in): the body comes back empty and is not read, so a receiver whose answer is large or slow
    after its status cannot turn that status into a body error or a timeout.
    """
    config = current()
    if json_body is not None and body is not None:
        raise ValueError("pass json_body or body, not both")
    sent = _headers(config, headers, etag=etag, last_modified=last_modified, expect_text=expect_text)
    payload = body
    if json_body is not None:
        payload = json.dumps(json_body).encode()
        sent.setdefault("Content-Type", "application/json")
    if max_bytes is not None:
        cap = max_bytes
    else:
        cap = config.max_api_body_bytes if api else config.max_body_bytes
    options = _Options(
        method=method,
        headers=sent,
        payload=payload,
        cap=cap,
        follow_redirects=follow_redirects,
        check_robots=check_robots,
        raise_for_status=raise_for_status,
        expect_text=expect_text,
        seconds=float(timeout if timeout is not None else config.fetch_timeout_seconds),
        status_only=status_only,
    )
    return _fetch(url, options, config, keep_alive)


def fetch_robots_txt(url: str, *, max_bytes: int, timeout: float | None) -> FetchResult:
    """GET a robots.txt: no robots check of its own, any status returned, truncated at `max_bytes`."""
    config = current()
    options = _Options(
        method="GET",
        headers=_headers(config, None, etag="", last_modified="", expect_text=False),
        payload=None,
        cap=max_bytes,
        follow_redirects=True,
        check_robots=False,
        raise_for_status=False,
        expect_text=False,
        seconds=float(timeout if timeout is not None else config.fetch_timeout_seconds),
        truncate=True,
    )
    return _fetch(url, options, config)


def validate_url(url: str) -> None:
    """The static checks plus one DNS resolution, for a URL we are about to store (a watched page,
    a webhook). Connect time checks again: this only lets us refuse early with a clear message.
    With ALLOW_PRIVATE_NETWORKS there is no address rule left for DNS to check, so none is made."""
    config = current()
    policy = guard.Policy(allow_private=config.allow_private_networks)
    target = guard.check_url(url, policy)
    if config.allow_private_networks or guard.parse_address(target.host) is not None:
        return
    deadline = Deadline(float(config.fetch_timeout_seconds))
    try:
        ConnectGuard(policy, deadline).resolve(target.host, target.port)
    finally:
        deadline.close()


def _headers(
    config: Config, extra: Mapping[str, str] | None, *, etag: str, last_modified: str, expect_text: bool
) -> CaseInsensitiveDict[str]:
    sent: CaseInsensitiveDict[str] = CaseInsensitiveDict()
    sent["Accept"] = ACCEPT_TEXT if expect_text else "*/*"
    sent["Accept-Encoding"] = "gzip, deflate, br"
    if etag:
        sent["If-None-Match"] = etag
    if last_modified:
        sent["If-Modified-Since"] = last_modified
    for name, value in (extra or {}).items():
        if name.lower() not in _RESERVED_HEADERS:
            sent[name] = value
    sent["User-Agent"] = config.user_agent
    return sent


def _session(connect_guard: ConnectGuard) -> requests.Session:
    """A session for one fetch only: its pooled connections were checked under this fetch's policy
    and are bound to its deadline, so none outlives it."""
    session = requests.Session()
    session.trust_env = False  # no proxy or .netrc from the environment: the guard must see the destination
    session.headers.clear()
    adapter = GuardedAdapter(connect_guard)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


class KeepAlive:
    """Connections kept open from one fetch to the next, for a caller that sends many requests to
    a few hosts: the webhook sender, whose receiver gets a run's deliveries on one connection
    instead of a DNS lookup, a connect and a TCP handshake each (docs/webhooks.md).

    Every rule of a fetch still holds. A connection is opened only through the guard, so it goes
    to the address checked when it was opened, and a host name that resolves elsewhere later is
    checked again when a new connection is opened. Each fetch's deadline takes over the sockets it
    reuses (connection.ConnectGuard.take_over), so its watchdog covers them. No cookie is carried
    from one fetch to the next, and a fetch that fails closes every connection, so a connection
    that timed out or broke serves no later fetch. A connection is reused only when its response
    was read to the end; otherwise urllib3 closes it.

    For one thread at a time; close it when done (or use it as a context manager).
    """

    def __init__(self) -> None:
        self._guard: ConnectGuard | None = None
        self._session: requests.Session | None = None

    def session(self, policy: guard.Policy, deadline: Deadline) -> requests.Session:
        """The session for a fetch under `policy` and `deadline`; a new one when the policy changed."""
        if self._session is None or self._guard is None or self._guard.policy != policy:
            self.close()
            self._guard = ConnectGuard(policy, deadline)
            self._session = _session(self._guard)
        else:
            self._guard.deadline = deadline
            self._session.cookies.clear()
        return self._session

    def close(self) -> None:
        if self._session is not None:
            self._session.close()
        self._session = None
        self._guard = None

    def __enter__(self) -> KeepAlive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _fetch(url: str, options: _Options, config: Config, keep_alive: KeepAlive | None = None) -> FetchResult:
    policy = guard.Policy(allow_private=config.allow_private_networks)
    overrides = config.fetch_host_overrides if config.allow_private_networks else {}
    deadline = Deadline(options.seconds)
    if keep_alive is None:
        session = _session(ConnectGuard(policy, deadline))
    else:
        session = keep_alive.session(policy, deadline)
    started = time.monotonic()
    done = False
    try:
        result = _follow(url, options, config, policy, overrides, deadline, session, started)
        done = True
        return result
    except FetchError as exc:
        if exc.code == "NETWORK_ERROR" and deadline.expired:
            raise deadline.error() from exc
        raise
    except requests.exceptions.Timeout as exc:
        raise deadline.error() from exc
    except requests.exceptions.InvalidURL as exc:
        raise guard.refuse(f"invalid URL: {exc}") from exc
    except (
        requests.exceptions.RequestException,
        urllib3.exceptions.HTTPError,
        http.client.HTTPException,
        OSError,
    ) as exc:
        if deadline.expired:
            raise deadline.error() from exc
        kind = "TLS error" if isinstance(exc, requests.exceptions.SSLError) else "network error"
        raise FetchError("NETWORK_ERROR", f"{kind}: {exc}") from exc
    finally:
        deadline.close()
        if keep_alive is None:
            session.close()
        elif not done or deadline.tripped:
            keep_alive.close()


def _follow(
    url: str,
    options: _Options,
    config: Config,
    policy: guard.Policy,
    overrides: Mapping[str, str],
    deadline: Deadline,
    session: requests.Session,
    started: float,
) -> FetchResult:
    current_url, method, payload, headers = url, options.method, options.payload, options.headers.copy()
    hops = 0
    while True:
        try:
            target = guard.check_url(current_url, policy)
        except FetchError as exc:
            if hops:
                raise guard.refuse(f"redirect blocked: {exc.message}") from None
            raise
        if options.check_robots:
            _check_robots(target, deadline)
        send_url = current_url
        hop_headers = headers.copy()
        base = overrides.get(target.host)
        if base is not None:
            send_url = base + target.path
            hop_headers["Host"] = target.netloc
        remaining = deadline.remaining()
        try:
            response = session.request(
                method,
                send_url,
                headers=hop_headers,
                data=payload,
                stream=True,
                allow_redirects=False,
                timeout=(remaining, remaining),
            )
        except ValueError as exc:
            if isinstance(exc, requests.exceptions.RequestException):
                raise
            # requests reads a 3xx's Location even when it does not follow it (Response.next): one
            # that is not UTF-8, or holds a bracket urlsplit cannot read, raised UnicodeDecodeError
            # or ValueError out of the fetch, and out of the webhook sender's whole run.
            raise guard.refuse(f"unreadable redirect Location: {exc}") from exc
        try:
            location = response.headers.get("location")
            if not (options.follow_redirects and response.status_code in REDIRECT_STATUSES and location):
                return _finish(response, target, url, options, deadline, started)
            hops += 1
            if hops > config.max_redirects:
                raise FetchError("TOO_MANY_REDIRECTS", f"more than {config.max_redirects} redirects")
            try:
                next_url = _location(current_url, location, overrides)
            except ValueError as exc:  # urljoin and urlsplit raise on a bracket they cannot read
                raise guard.refuse(f"redirect blocked: unreadable Location: {exc}") from exc
            if response.status_code == 303 or (response.status_code in {301, 302} and method == "POST"):
                method, payload = "GET", None
                headers.pop("Content-Type", None)
            if urlsplit(next_url).hostname != urlsplit(current_url).hostname:
                headers.pop("Authorization", None)
            current_url = next_url
        finally:
            response.close()


def _location(current_url: str, location: str, overrides: Mapping[str, str]) -> str:
    """The absolute next URL; a Location naming an override's base URL names the host it stands for
    (the current host first, when several hosts share one simulated server)."""
    with contextlib.suppress(UnicodeError):
        location = location.encode("latin-1").decode("utf-8")  # as requests does (RFC 9110 §5.5)
    parts = urlsplit(urljoin(current_url, location.strip()))
    current = urlsplit(current_url)
    hosts = sorted(overrides, key=lambda host: host != current.hostname)
    for host in hosts:
        base = urlsplit(overrides[host])
        prefix = base.path.rstrip("/")
        if (parts.scheme, parts.netloc) == (base.scheme, base.netloc) and parts.path.startswith(prefix):
            path = parts.path[len(prefix) :] or "/"
            return urlunsplit((current.scheme or "https", host, path, parts.query, ""))
    return urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, ""))


def _check_robots(target: guard.Target, deadline: Deadline) -> None:
    verdict = robots.robots_verdict(target.url, fetch=fetch_robots_txt, timeout=deadline.remaining())
    if verdict.allowed:
        return
    if verdict.unreachable:
        raise FetchError(
            "ROBOTS_DISALLOWED",
            f"robots.txt of {target.host} is {verdict.reason}; RFC 9309 §2.3.1.4 says to assume everything "
            "is disallowed until it can be read",
            http_status=verdict.status,
            transient=True,
        )
    _refused(
        FetchError(
            "ROBOTS_DISALLOWED",
            f"robots.txt disallows fetching {target.url}; Watchtower respects robots.txt",
        ),
        target,
    )


def _refused(error: FetchError, target: guard.Target) -> None:
    if error.code in HOST_REFUSAL_CODES:
        logger.warning(
            "host is refusing us",
            extra={"host": target.host, "code": error.code, "http_status": error.http_status, "url": target.url},
        )
    raise error


def _finish(
    response: requests.Response,
    target: guard.Target,
    original_url: str,
    options: _Options,
    deadline: Deadline,
    started: float,
) -> FetchResult:
    status = response.status_code
    headers = {name.lower(): value for name, value in response.headers.items()}
    content_type = headers.get("content-type", "")
    if status == 304 or status == 204:
        body = b""
        response.raw.drain_conn()  # no body by definition; ends the response, so a KeepAlive reuses it
    elif options.status_only:
        body = b""
        _drain(response, headers)
    elif status >= 400:
        cap = min(options.cap, ERROR_BODY_CAP) if options.raise_for_status else options.cap
        body = _read(response, headers, cap=cap, truncate=True, deadline=deadline)
        if options.raise_for_status:
            _refused(error_for_status(status, headers, body, target.host), target)
    else:
        if options.expect_text and status < 300 and not is_textual(content_type):
            raise FetchError(
                "UNSUPPORTED_CONTENT_TYPE", f"unsupported content-type {content_type.split(';')[0].strip()}"
            )
        truncate = options.truncate or status >= 300
        body = _read(response, headers, cap=options.cap, truncate=truncate, deadline=deadline)
        if options.raise_for_status and options.expect_text and status < 300:
            wall = error_for_page(status, headers, body, target.host, original_url=original_url, final_url=target.url)
            if wall is not None:
                _refused(wall, target)
    return FetchResult(
        url=target.url,
        status=status,
        headers=headers,
        body=body,
        elapsed=time.monotonic() - started,
        content_type=content_type,
    )


def _drain(response: requests.Response, headers: Mapping[str, str]) -> None:
    """Read to its end a body nobody wants when its declared length is at most DRAIN_CAP (the
    connection can then serve a KeepAlive's next fetch); otherwise leave it unread, and the
    response's close closes the connection. A failure while draining (the watchdog included)
    changes nothing of the answer already in: the connection is simply not reused."""
    declared = headers.get("content-length", "")
    if not declared.isdigit() or int(declared) > DRAIN_CAP:
        return
    with contextlib.suppress(urllib3.exceptions.HTTPError, http.client.HTTPException, OSError, ValueError):
        while response.raw.read(CHUNK, decode_content=False):
            pass


def _read(
    response: requests.Response, headers: Mapping[str, str], *, cap: int, truncate: bool, deadline: Deadline
) -> bytes:
    encoding = headers.get("content-encoding", "")
    declared = headers.get("content-length", "")
    if not truncate and not encoding and declared.isdigit() and int(declared) > cap:
        raise too_large(cap)
    raw = response.raw

    def chunks() -> Any:
        while True:
            data = raw.read(CHUNK, decode_content=False)
            if not data:
                return
            yield data

    body = read_capped(chunks(), content_encoding=encoding, cap=cap, truncate=truncate, check=deadline.remaining)
    if deadline.tripped:
        raise deadline.error()  # the watchdog's shutdown reads as an early end of the body
    return body
