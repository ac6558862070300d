"""The ASGI-to-WSGI bridge that serves Django (watchtower/wsgi_bridge.py)."""

from __future__ import annotations

import asyncio
from typing import Any

from watchtower.wsgi_bridge import WsgiBridge


def scope(method: str = "GET", path: str = "/", headers: list[tuple[bytes, bytes]] | None = None) -> dict[str, Any]:
    return {
        "type": "http",
        "http_version": "1.1",
        "method": method,
        "path": path,
        "query_string": b"a=1",
        "headers": headers or [],
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 50000),
    }


def call(bridge: WsgiBridge, scope: dict[str, Any], chunks: list[bytes]) -> tuple[list[dict[str, Any]], int]:
    """Run one request; returns what was sent and how many body messages were read."""
    sent: list[dict[str, Any]] = []
    reads = 0

    async def receive() -> dict[str, Any]:
        nonlocal reads
        reads += 1
        if reads > len(chunks):
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": chunks[reads - 1], "more_body": reads < len(chunks)}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(bridge(scope, receive, send))  # type: ignore[arg-type]
    return sent, reads


def echo(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    body = environ["wsgi.input"].read()
    start_response("201 Created", [("Content-Type", "text/plain"), ("X-Seen", str(len(body)))])
    return [environ["REQUEST_METHOD"].encode(), b" ", environ["QUERY_STRING"].encode(), b" ", body]


def test_a_request_reaches_the_app_and_the_whole_response_comes_back() -> None:
    sent, _ = call(WsgiBridge(echo, workers=2, max_body=100), scope("POST"), [b"hel", b"lo"])
    assert sent[0] == {
        "type": "http.response.start",
        "status": 201,
        "headers": [(b"content-type", b"text/plain"), (b"x-seen", b"5")],
    }
    assert sent[1] == {"type": "http.response.body", "body": b"POST a=1 hello"}
    assert len(sent) == 2


def test_a_body_is_read_only_up_to_one_byte_past_the_cap() -> None:
    """The app sees a body longer than the cap (and refuses it), and the rest is never read."""
    chunks = [b"x" * 40] * 10
    sent, reads = call(WsgiBridge(echo, workers=1, max_body=100), scope("POST"), chunks)
    assert reads == 3  # 120 bytes > 100: stop
    assert dict(sent[0]["headers"])[b"x-seen"] == b"120"


def by_length(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    """Reads as Django does: no more than CONTENT_LENGTH says (nothing without it)."""
    body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
    start_response("200 OK", [("X-Length", environ.get("CONTENT_LENGTH", "none"))])
    return [body]


def test_a_chunked_body_reaches_the_app_with_its_length() -> None:
    """`Transfer-Encoding: chunked` sends no Content-Length; Django read an empty body (issue 15)."""
    chunked = scope("POST", headers=[(b"transfer-encoding", b"chunked"), (b"content-type", b"application/json")])
    sent, _ = call(WsgiBridge(by_length, workers=1, max_body=100), chunked, [b'{"a":', b" 1}"])
    assert dict(sent[0]["headers"])[b"x-length"] == b"8"
    assert sent[1]["body"] == b'{"a": 1}'


def test_a_chunked_body_past_the_cap_carries_a_length_past_the_cap() -> None:
    """So the body-size middleware, which reads CONTENT_LENGTH, refuses it."""
    chunked = scope("POST", headers=[(b"transfer-encoding", b"chunked")])
    sent, reads = call(WsgiBridge(by_length, workers=1, max_body=100), chunked, [b"x" * 40] * 10)
    assert reads == 3
    assert dict(sent[0]["headers"])[b"x-length"] == b"120"


def test_writes_and_iterables_are_joined_and_close_is_called() -> None:
    closed: list[bool] = []

    class Body(list[bytes]):
        def close(self) -> None:
            closed.append(True)

    def app(environ: dict[str, Any], start_response: Any) -> Body:
        write = start_response("200 OK", [])
        write(b"first ")
        return Body([b"second ", b"third"])

    sent, _ = call(WsgiBridge(app, workers=1, max_body=10), scope(), [b""])
    assert sent[1]["body"] == b"first second third"
    assert closed == [True]


def test_a_client_that_disconnects_mid_body_leaves_the_app_what_arrived() -> None:
    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        start_response("400 Bad Request", [])
        return [environ["wsgi.input"].read()]

    async def run() -> list[dict[str, Any]]:
        sent: list[dict[str, Any]] = []
        arriving: list[dict[str, Any]] = [
            {"type": "http.request", "body": b"par", "more_body": True},
            {"type": "http.disconnect"},
        ]
        messages = iter(arriving)

        async def receive() -> dict[str, Any]:
            return next(messages)

        async def send(message: dict[str, Any]) -> None:
            sent.append(message)

        await WsgiBridge(app, workers=1, max_body=10)(scope("POST"), receive, send)  # type: ignore[arg-type]
        return sent

    sent = asyncio.run(run())
    assert sent[0]["status"] == 400 and sent[1]["body"] == b"par"
