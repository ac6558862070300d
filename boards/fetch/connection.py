"""Connections that check the address they connect to, and one deadline that covers a whole fetch.

`requests` sends through `GuardedAdapter`, whose urllib3 pools build `GuardedHTTPConnection` /
`GuardedHTTPSConnection`. Their `_new_conn` replaces urllib3's `create_connection`: resolve, refuse
any non-public answer (boards.fetch.guard.resolve_checked), then connect to one of the checked
addresses. The host name stays on the connection, so TLS SNI and certificate verification still
use it. Every new connection of every redirect hop goes through this, which closes the DNS
rebinding window between validation and connect.

`Deadline` bounds the whole fetch, not one socket operation: a watchdog (one thread for every
fetch of the process) shuts the sockets down when time runs out, so a server that drips one byte every few seconds (in the TLS handshake,
the headers or the body) cannot hold a worker past the deadline. A connection kept open for the
next fetch (client.KeepAlive) was checked when it was opened and is still connected to that
address; the next fetch's deadline takes its socket over before the request is sent.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import heapq
import http.client
import itertools
import logging
import os
import socket
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

from requests.adapters import HTTPAdapter
from urllib3 import PoolManager
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError

from boards.fetch import guard
from boards.fetch.errors import FetchError

logger = logging.getLogger(__name__)

# DNS lookups run here so that a resolver that hangs cannot outlive the deadline (getaddrinfo has
# no timeout of its own). A hung lookup holds one worker until the resolver gives up.
_RESOLVER = concurrent.futures.ThreadPoolExecutor(max_workers=16, thread_name_prefix="fetch-dns")


class Deadline:
    """One time budget for a fetch, enforced by a watchdog that shuts down its sockets."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expires_at = time.monotonic() + seconds
        self._lock = threading.Lock()
        # Duplicates of the connections' sockets: shutting one down ends the shared connection,
        # and owning the duplicate means we never touch a descriptor that was closed and reused.
        self._watched: list[socket.socket] = []
        self._expired = False
        self._closed = False
        _WATCHDOG.add(self)

    @property
    def expired(self) -> bool:
        return self._expired or time.monotonic() >= self.expires_at

    @property
    def tripped(self) -> bool:
        """The watchdog fired: the sockets were shut down, so what was read may be cut short."""
        return self._expired

    def remaining(self) -> float:
        """Seconds left; raises TIMEOUT when none are."""
        left = self.expires_at - time.monotonic()
        if left <= 0 or self._expired:
            raise self.error()
        return left

    def error(self) -> FetchError:
        return FetchError("TIMEOUT", f"request timed out after {self.seconds:g} s")

    def watch(self, sock: socket.socket) -> None:
        # A descriptor of our own on the same connection; `fromfd`, not `dup`, because a kept
        # connection's socket is already wrapped in TLS, and an SSLSocket cannot be duplicated.
        duplicate = socket.fromfd(sock.fileno(), sock.family, sock.type, sock.proto)
        with self._lock:
            if self._closed:
                duplicate.close()
                return
            self._watched.append(duplicate)
            if self._expired:
                _shutdown(duplicate)

    def _expire(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._expired = True
            for sock in self._watched:
                _shutdown(sock)

    @property
    def closed(self) -> bool:
        return self._closed

    def close(self) -> None:
        """The fetch is over: its watchdog entry leaves when it comes up (see _Watchdog)."""
        with self._lock:
            self._closed = True
            for sock in self._watched:
                sock.close()
            self._watched.clear()


class _Watchdog:
    """One thread that expires every deadline of the process, soonest first. A timer thread per
    fetch cost a thread start and exit each, about 0.1 ms of CPU: a tenth of a webhook POST on a
    kept connection (bench.scheduler --mode webhooks; docs/scaling.md, "Webhook deliveries").
    A closed deadline is dropped when it reaches the front, not searched for when it closes:
    deadlines of one length come up in the order they were made, so the heap holds at most the
    fetches of the last FETCH_TIMEOUT_SECONDS."""

    def __init__(self) -> None:
        self._reset()
        os.register_at_fork(after_in_child=self._reset)  # a forked worker has no watchdog thread

    def _reset(self) -> None:
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._due: list[tuple[float, int, Deadline]] = []
        self._order = itertools.count()
        self._thread: threading.Thread | None = None

    def add(self, deadline: Deadline) -> None:
        with self._lock:
            heapq.heappush(self._due, (deadline.expires_at, next(self._order), deadline))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="fetch-deadlines", daemon=True)
                self._thread.start()
            elif self._due[0][2] is deadline:
                self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._lock:
                while True:
                    while self._due and self._due[0][2].closed:
                        heapq.heappop(self._due)
                    if self._due and self._due[0][0] <= time.monotonic():
                        due = heapq.heappop(self._due)[2]
                        break
                    self._wake.wait(self._due[0][0] - time.monotonic() if self._due else None)
            try:
                due._expire()
            except Exception:  # the thread must outlive any one deadline
                logger.exception("could not expire a fetch deadline")


_WATCHDOG = _Watchdog()


def _shutdown(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


def open_socket(
    address: str, port: int, timeout: float, options: Sequence[tuple[int, int, int | bytes]]
) -> socket.socket:
    """Connect a TCP socket to an address that has already been checked (tests wrap this)."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        for option in options:
            sock.setsockopt(*option)
        sock.settimeout(timeout)
        sock.connect((address, port))
    except BaseException:
        sock.close()
        raise
    return sock


class ConnectGuard:
    """What one fetch's connections need: the policy to check addresses with, and the deadline."""

    def __init__(self, policy: guard.Policy, deadline: Deadline) -> None:
        self.policy = policy
        self.deadline = deadline

    def resolve(self, host: str, port: int) -> list[str]:
        future = _RESOLVER.submit(guard.resolve_checked, host, port, self.policy)
        try:
            return future.result(timeout=self.deadline.remaining())
        except concurrent.futures.TimeoutError:
            raise self.deadline.error() from None

    def connect(self, conn: HTTPConnection) -> socket.socket:
        host, port = conn._dns_host, conn.port or 80
        addresses = self.resolve(host, port)
        options = conn.socket_options or []
        last_error: OSError | None = None
        for address in addresses:
            timeout = self.deadline.remaining()
            if isinstance(conn.timeout, int | float):
                timeout = min(timeout, float(conn.timeout))
            try:
                sock = open_socket(address, port, timeout, options)
            except TimeoutError as exc:
                raise ConnectTimeoutError(conn, f"Connection to {conn.host} timed out") from exc
            except OSError as exc:
                last_error = exc
                continue
            self.deadline.watch(sock)
            sys.audit("http.client.connect", conn, conn.host, port)
            return sock
        raise NewConnectionError(conn, f"Failed to establish a new connection: {last_error}")

    def take_over(self, conn: _Guarded) -> None:
        """Before a request on `conn`: a connection opened under an earlier fetch's deadline (kept
        open for the next fetch, client.KeepAlive) is watched by this fetch's from now on."""
        if conn.sock is not None and conn.watched_by is not self.deadline:
            self.deadline.watch(conn.sock)
        conn.watched_by = self.deadline


class FinalResponse(http.client.HTTPResponse):
    """The final response, past any interim ones. RFC 9110 §15.2: a client MUST parse one or more
    1xx responses before the final one, even unexpected ones; http.client passes over 100 Continue
    only, so a 103 Early Hints or 102 Processing was taken for the answer: a webhook receiver's 204
    read as a failed "HTTP 103" (and its batch sent again), a page's 200 came back as a 103 whose
    body was the real status line and headers. 101 Switching Protocols stays final.

    `_read_status` and `http.client._read_headers` are private: tests/boards/fetch/test_http.py
    fails if an upgrade of Python takes them away."""

    def _read_status(self) -> tuple[str, int, str]:
        while True:
            version, status, reason = super()._read_status()  # type: ignore[misc]
            if not 101 < status < 200:
                return version, status, reason
            http.client._read_headers(self.fp)  # type: ignore[attr-defined]


class _Guarded(HTTPConnection):
    """What both guarded connections add: sockets opened only through the guard, each request's
    deadline taking over a kept socket, and interim 1xx responses passed over (FinalResponse)."""

    watched_by: Deadline | None = None  # the deadline whose watchdog has this socket
    response_class = FinalResponse

    def __init__(self, *args: Any, connect_guard: ConnectGuard, **kwargs: Any) -> None:
        self._connect_guard = connect_guard
        super().__init__(*args, **kwargs)

    def _new_conn(self) -> socket.socket:
        sock = self._connect_guard.connect(self)
        self.watched_by = self._connect_guard.deadline
        return sock

    def request(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        self._connect_guard.take_over(self)
        super().request(*args, **kwargs)


class GuardedHTTPConnection(_Guarded):
    pass


class GuardedHTTPSConnection(_Guarded, HTTPSConnection):
    pass


class GuardedPoolManager(PoolManager):
    def __init__(self, connect_guard: ConnectGuard, **kwargs: Any) -> None:
        self._connect_guard = connect_guard
        super().__init__(**kwargs)

    def _new_pool(
        self, scheme: str, host: str, port: int, request_context: dict[str, Any] | None = None
    ) -> HTTPConnectionPool:
        pool = super()._new_pool(scheme, host, port, request_context)
        pool.ConnectionCls = GuardedHTTPSConnection if scheme == "https" else GuardedHTTPConnection
        pool.conn_kw = {**pool.conn_kw, "connect_guard": self._connect_guard}
        return pool


class GuardedAdapter(HTTPAdapter):
    """A requests adapter whose every connection goes through one fetch's `ConnectGuard`."""

    def __init__(self, connect_guard: ConnectGuard) -> None:
        self._connect_guard = connect_guard
        super().__init__(pool_connections=4, pool_maxsize=1, max_retries=0)

    def init_poolmanager(self, connections: int, maxsize: int, block: bool = False, **pool_kwargs: Any) -> None:
        self.poolmanager = GuardedPoolManager(
            self._connect_guard, num_pools=connections, maxsize=maxsize, block=block, **pool_kwargs
        )
