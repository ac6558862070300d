"""A KeepAlive: a connection one fetch leaves open serves the next fetch to that host, and every
rule of a fetch still holds for it (the address checked at connect, the deadline, no state carried
from one fetch to the next)."""

from __future__ import annotations

import contextlib
import socket
import ssl
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from boards.fetch.client import KeepAlive, fetch
from boards.fetch.connection import Deadline
from boards.fetch.errors import FetchError
from tests.boards.fetch.conftest import StubResolver
from tests.boards.fetch.servers import raw_server, read_request, self_signed_context
from watchtower.config import Config

AllowPort = Callable[[int], None]


def answering(*answers: bytes, then: Callable[[socket.socket], None] | None = None) -> Callable[[socket.socket], None]:
    """Answer the requests of one connection with `answers` in turn, keeping it open; record each
    request head in `heads`; after the last answer hand the connection to `then`."""

    def handler(conn: socket.socket) -> None:
        for answer in answers:
            head = read_request(conn)
            if not head:
                return
            handler.heads.append(head)  # type: ignore[attr-defined]
            conn.sendall(answer)
        if then is not None:
            then(conn)

    handler.heads = []  # type: ignore[attr-defined]
    return handler


OK = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\nok"
NO_CONTENT = b"HTTP/1.1 204 No Content\r\n\r\n"


# How long the slow servers below keep a connection going: far beyond the deadlines under test, so
# a fetch that ends sooner was ended by its deadline, however loaded the machine (no tight bound).
SLOW_FOR = 30.0


def never_answers(conn: socket.socket) -> None:
    read_request(conn)
    time.sleep(SLOW_FOR)


def test_the_next_fetch_to_a_host_reuses_the_connection_checked_for_the_first(
    public_loopback: AllowPort, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    """One DNS answer checked, one connect, three requests (a 204 included: its empty body is read
    to the end so the connection goes back to the pool)."""
    handler = answering(NO_CONTENT, OK, OK)
    with raw_server(handler) as port, KeepAlive() as keep_alive:
        public_loopback(port)
        dns["hooks.example.com"] = ["127.0.0.1"]
        url = f"http://hooks.example.com:{port}/hook"
        statuses = [fetch(url, check_robots=False, keep_alive=keep_alive).status for _ in range(3)]
    assert statuses == [204, 200, 200]
    assert connected == [("127.0.0.1", port)]
    assert dns.calls == ["hooks.example.com"]
    assert len(handler.heads) == 3  # type: ignore[attr-defined]


def test_without_a_keep_alive_every_fetch_connects_again(
    public_loopback: AllowPort, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    with raw_server(answering(OK, OK)) as port:
        public_loopback(port)
        dns["hooks.example.com"] = ["127.0.0.1"]
        for _ in range(2):
            fetch(f"http://hooks.example.com:{port}/hook", check_robots=False)
    assert connected == [("127.0.0.1", port)] * 2
    assert dns.calls == ["hooks.example.com"] * 2


def drips(conn: socket.socket) -> None:
    """Answer the next request one byte every 50 ms for SLOW_FOR, so no single read ever waits long."""
    read_request(conn)
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n")
    for _ in range(int(SLOW_FOR / 0.05)):
        conn.sendall(b"a")
        time.sleep(0.05)


def test_a_kept_connection_is_bound_by_the_next_fetchs_deadline(local: Config) -> None:
    """The second request goes out on the connection the first opened, under a deadline made after
    that connection: the watchdog must still shut it down in time."""
    with raw_server(answering(OK, then=drips)) as port, KeepAlive() as keep_alive:
        url = f"http://127.0.0.1:{port}/hook"
        assert fetch(url, check_robots=False, keep_alive=keep_alive).status == 200
        started = time.monotonic()
        with pytest.raises(FetchError) as caught:
            fetch(url, check_robots=False, keep_alive=keep_alive, timeout=0.4)
        took = time.monotonic() - started
    assert caught.value.code == "TIMEOUT"
    assert took < SLOW_FOR  # the deadline ended it, not the end of the drip


def test_a_failed_fetch_leaves_no_connection_for_the_next(local: Config, connected: list[tuple[str, int]]) -> None:
    def then(conn: socket.socket) -> None:
        read_request(conn)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\ncut short")  # then closes: broken

    with raw_server(answering(OK, then=then)) as port, KeepAlive() as keep_alive:
        url = f"http://127.0.0.1:{port}/hook"
        fetch(url, check_robots=False, keep_alive=keep_alive)
        with pytest.raises(FetchError):
            fetch(url, check_robots=False, keep_alive=keep_alive)
        assert fetch(url, check_robots=False, keep_alive=keep_alive).status == 200
    assert connected == [("127.0.0.1", port)] * 2


def test_a_status_only_fetch_drains_a_short_body_and_keeps_the_connection(
    local: Config, connected: list[tuple[str, int]]
) -> None:
    """A webhook's receiver answering "ok" with its length: the body is read to its end (not
    returned), so the next delivery goes out on the same connection."""
    handler = answering(OK, OK)
    with raw_server(handler) as port, KeepAlive() as keep_alive:
        url = f"http://127.0.0.1:{port}/hook"
        results = [fetch(url, check_robots=False, keep_alive=keep_alive, status_only=True) for _ in range(2)]
    assert [(result.status, result.body) for result in results] == [(200, b""), (200, b"")]
    assert connected == [("127.0.0.1", port)]


def test_a_status_only_fetch_answers_its_status_when_a_short_body_drips_past_the_deadline(
    local: Config, connected: list[tuple[str, int]]
) -> None:
    """A short declared body that never comes: the status stands, the deadline still ends the
    wait, and the broken connection serves no later fetch."""

    def slow_body(conn: socket.socket) -> None:
        read_request(conn)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nab")
        time.sleep(SLOW_FOR)

    with raw_server(answering(OK, then=slow_body)) as port, KeepAlive() as keep_alive:
        url = f"http://127.0.0.1:{port}/hook"
        fetch(url, check_robots=False, keep_alive=keep_alive, status_only=True)
        started = time.monotonic()
        result = fetch(url, check_robots=False, keep_alive=keep_alive, status_only=True, timeout=0.4)
        took = time.monotonic() - started
        assert fetch(url, check_robots=False, keep_alive=keep_alive, status_only=True).status == 200
    assert result.status == 200
    assert took < SLOW_FOR
    assert connected == [("127.0.0.1", port)] * 2


def test_no_cookie_is_carried_from_one_fetch_to_the_next(local: Config) -> None:
    with_cookie = b"HTTP/1.1 200 OK\r\nSet-Cookie: session=abc; Path=/\r\nContent-Length: 2\r\n\r\nok"
    handler = answering(with_cookie, OK)
    with raw_server(handler) as port, KeepAlive() as keep_alive:
        for _ in range(2):
            fetch(f"http://127.0.0.1:{port}/hook", check_robots=False, keep_alive=keep_alive)
    _, second = handler.heads  # type: ignore[attr-defined]
    assert b"cookie" not in second.lower()


def test_the_watchdog_shuts_down_a_connection_already_wrapped_in_tls(tmp_path: Path) -> None:
    """A kept https connection's socket is an SSLSocket by the time the next fetch takes it over."""
    context = self_signed_context("hooks.example.com", tmp_path)
    with raw_server(never_answers, tls=context) as port:
        client = ssl.create_default_context()
        client.check_hostname = False
        client.verify_mode = ssl.CERT_NONE
        with client.wrap_socket(
            socket.create_connection(("127.0.0.1", port)), server_hostname="hooks.example.com"
        ) as tls:
            deadline = Deadline(0.3)
            deadline.watch(tls)
            started = time.monotonic()
            tls.sendall(b"GET / HTTP/1.1\r\nHost: hooks.example.com\r\n\r\n")
            with contextlib.suppress(OSError):  # the shutdown reads as an end of the stream, or a TLS error
                tls.recv(10)
            took = time.monotonic() - started
            deadline.close()
    assert took < SLOW_FOR  # shut down by the watchdog, not closed by the server
