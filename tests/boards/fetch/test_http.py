"""Polite HTTP: who we say we are, conditional requests, statuses, Retry-After, POST."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from boards.fetch.client import fetch
from boards.fetch.errors import FetchError
from boards.fetch.refusals import MAX_RETRY_AFTER_SECONDS, parse_retry_after
from tests.boards.fetch.servers import raw_server, read_request
from watchtower.config import Config


def test_every_request_names_the_service_and_its_public_url(
    config: Callable[..., Config], httpserver: HTTPServer
) -> None:
    config(allow_private_networks=True, public_base_url="https://watchtower.example.org")
    httpserver.expect_request("/").respond_with_data("ok", content_type="text/plain")
    fetch(httpserver.url_for("/"), check_robots=False, headers={"User-Agent": "Mozilla/5.0 pretending"})
    request, _ = httpserver.log[0]
    agent = request.headers["User-Agent"]
    assert agent.startswith("WatchtowerBot/")
    assert "https://watchtower.example.org" in agent
    assert "gzip" in request.headers["Accept-Encoding"] and "br" in request.headers["Accept-Encoding"]


def test_a_conditional_request_sends_the_stored_validators_and_returns_a_304(
    local: Config, httpserver: HTTPServer
) -> None:
    def conditional(request: Request) -> Response:
        if request.headers.get("If-None-Match") == '"v1"':
            return Response(status=304, headers={"ETag": '"v1"'})
        return Response("<p>hello</p>", content_type="text/html", headers={"ETag": '"v1"'})

    httpserver.expect_request("/board").respond_with_handler(conditional)
    first = fetch(httpserver.url_for("/board"), check_robots=False)
    assert first.status == 200 and not first.not_modified
    assert first.headers["etag"] == '"v1"'
    again = fetch(
        httpserver.url_for("/board"),
        check_robots=False,
        etag='"v1"',
        last_modified="Wed, 21 Oct 2026 07:28:00 GMT",
    )
    assert again.not_modified
    assert again.status == 304
    assert again.body == b""
    request, _ = httpserver.log[1]
    assert request.headers["If-Modified-Since"] == "Wed, 21 Oct 2026 07:28:00 GMT"


def test_without_validators_the_request_is_unconditional(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/").respond_with_data("ok", content_type="text/plain")
    fetch(httpserver.url_for("/"), check_robots=False)
    request, _ = httpserver.log[0]
    assert "If-None-Match" not in request.headers
    assert "If-Modified-Since" not in request.headers


def test_headers_are_lowercased_and_the_final_url_follows_redirects(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/old").respond_with_data("", status=301, headers={"Location": "/new?x=1"})
    httpserver.expect_request("/new").respond_with_data("landed", content_type="text/plain", headers={"X-Board": "a"})
    result = fetch(httpserver.url_for("/old"), check_robots=False)
    assert result.url == httpserver.url_for("/new?x=1")
    assert result.body == b"landed"
    assert result.headers["x-board"] == "a"
    assert result.content_type == "text/plain"
    assert result.elapsed > 0


def test_a_redirect_is_returned_when_the_caller_does_not_follow(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/old").respond_with_data("", status=302, headers={"Location": "/new"})
    result = fetch(httpserver.url_for("/old"), check_robots=False, follow_redirects=False)
    assert result.status == 302
    assert result.headers["location"] == "/new"


def test_a_json_post_sends_the_body_and_a_303_turns_it_into_a_get(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/search", method="POST", json={"limit": 20, "offset": 0}).respond_with_data(
        "", status=303, headers={"Location": "/results"}
    )
    httpserver.expect_request("/results", method="GET").respond_with_json({"total": 1})
    result = fetch(
        httpserver.url_for("/search"), method="POST", json_body={"limit": 20, "offset": 0}, api=True, check_robots=False
    )
    assert json.loads(result.body) == {"total": 1}
    first, _ = httpserver.log[0]
    assert first.headers["Content-Type"] == "application/json"
    second, _ = httpserver.log[1]
    assert second.method == "GET" and "Content-Type" not in second.headers


def test_a_307_keeps_the_method_and_the_body(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/a", method="POST").respond_with_data("", status=307, headers={"Location": "/b"})
    httpserver.expect_request("/b", method="POST", json={"page": 2}).respond_with_json({"ok": True})
    assert fetch(httpserver.url_for("/a"), method="POST", json_body={"page": 2}, check_robots=False).status == 200


def test_a_webhook_post_sends_raw_bytes_and_returns_any_status(local: Config, httpserver: HTTPServer) -> None:
    payload = b'{"event":"JOB_ADDED"}'
    httpserver.expect_request("/hook", method="POST", data=payload).respond_with_data("nope", status=500)
    httpserver.expect_request("/moved", method="POST").respond_with_data("", status=301, headers={"Location": "/x"})
    sent = dict(
        method="POST",
        body=payload,
        headers={"Content-Type": "application/json", "X-Watchtower-Signature": "sha256=abc"},
        follow_redirects=False,
        check_robots=False,
        raise_for_status=False,
        expect_text=False,
    )
    assert fetch(httpserver.url_for("/hook"), **sent).status == 500  # type: ignore[arg-type]
    assert fetch(httpserver.url_for("/moved"), **sent).status == 301  # type: ignore[arg-type]
    request, _ = httpserver.log[0]
    assert request.headers["X-Watchtower-Signature"] == "sha256=abc"
    assert len(httpserver.log) == 2


def test_json_body_and_raw_body_are_exclusive(local: Config) -> None:
    with pytest.raises(ValueError):
        fetch("http://127.0.0.1/", method="POST", json_body={}, body=b"{}")


@pytest.mark.parametrize(
    ("status", "code", "transient"),
    [
        (404, "UPSTREAM_ERROR", True),
        (410, "UPSTREAM_ERROR", False),
        (400, "UPSTREAM_ERROR", False),
        (500, "UPSTREAM_ERROR", True),
        (502, "UPSTREAM_ERROR", True),
        (503, "UPSTREAM_ERROR", True),
        (401, "ACCESS_DENIED", False),
        (402, "ACCESS_DENIED", False),
        (403, "ACCESS_DENIED", False),
        (429, "RATE_LIMITED", True),
    ],
)
def test_error_statuses_are_classified(
    status: int, code: str, transient: bool, local: Config, httpserver: HTTPServer
) -> None:
    httpserver.expect_request("/").respond_with_data("<p>nope</p>", status=status, content_type="text/html")
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/"), check_robots=False)
    assert caught.value.code == code
    assert caught.value.http_status == status
    assert caught.value.transient is transient
    assert caught.value.refusal is (code == "ACCESS_DENIED")


def test_without_raise_for_status_an_error_status_is_a_result(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/").respond_with_data('{"error":"gone"}', status=404, content_type="application/json")
    result = fetch(httpserver.url_for("/"), check_robots=False, raise_for_status=False)
    assert (result.status, result.body) == (404, b'{"error":"gone"}')


def http_date(delta: timedelta) -> str:
    return format_datetime(datetime.now(UTC) + delta, usegmt=True)


@pytest.mark.parametrize(
    ("status", "retry_after", "code", "low", "high"),
    [
        (429, "120", "RATE_LIMITED", 120, 120),
        (429, None, "RATE_LIMITED", None, None),
        (429, "soon", "RATE_LIMITED", None, None),
        (503, "30", "RATE_LIMITED", 30, 30),
        (429, "date+90", "RATE_LIMITED", 85, 91),
        (503, "date+3600", "RATE_LIMITED", 3590, 3601),
        (429, "date-60", "RATE_LIMITED", 0, 0),
        (503, None, "UPSTREAM_ERROR", None, None),
    ],
)
def test_retry_after_is_honoured_in_seconds_and_http_date_forms(
    status: int,
    retry_after: str | None,
    code: str,
    low: int | None,
    high: int | None,
    local: Config,
    httpserver: HTTPServer,
) -> None:
    headers = {}
    if retry_after is not None:
        if retry_after.startswith("date"):
            retry_after = http_date(timedelta(seconds=int(retry_after[4:])))
        headers["Retry-After"] = retry_after
    httpserver.expect_request("/").respond_with_data("slow down", status=status, headers=headers)
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/"), check_robots=False)
    assert caught.value.code == code
    assert caught.value.transient
    if low is None:
        assert caught.value.retry_after is None
    else:
        assert caught.value.retry_after is not None
        assert low <= caught.value.retry_after <= (high or low)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("0", 0),
        ("  45 ", 45),
        ("Wed, 21 Oct 2026 07:28:00 GMT", 60),
        ("Wednesday, 21-Oct-26 07:28:00 GMT", 60),  # RFC 850, obsolete but still sent
        ("Wed Oct 21 07:28:00 2026", 60),  # asctime
        ("-5", None),
        ("1.5", None),
        ("", None),
        ("tomorrow", None),
        ("²", None),  # a digit to str.isdigit, not to int(): it raised ValueError
        ("٣", None),  # an Arabic-Indic three: not delay-seconds (RFC 9110 §5.6.1 DIGIT is ASCII)
        ("9" * 30, MAX_RETRY_AFTER_SECONDS),  # overflowed timedelta when the failure was recorded
        ("Fri, 31 Dec 9999 23:59:59 GMT", MAX_RETRY_AFTER_SECONDS),
    ],
)
def test_retry_after_values_parse_against_a_fixed_clock(value: str, expected: int | None) -> None:
    assert parse_retry_after(value, now=datetime(2026, 10, 21, 7, 27, tzinfo=UTC)) == expected


def _answering_once(answer: bytes) -> Callable[[socket.socket], None]:
    def handler(conn: socket.socket) -> None:
        read_request(conn)
        conn.sendall(answer)

    return handler


EARLY_HINTS = b"HTTP/1.1 103 Early Hints\r\nLink: </app.css>; rel=preload\r\n\r\n"
PROCESSING = b"HTTP/1.1 102 Processing\r\n\r\n"
PAGE = b'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"jobs":[]}'


@pytest.mark.parametrize("interim", [EARLY_HINTS, PROCESSING, EARLY_HINTS + PROCESSING + EARLY_HINTS])
def test_interim_1xx_answers_are_passed_over_to_the_final_one(local: Config, interim: bytes) -> None:
    """RFC 9110 §15.2: a client MUST parse 1xx responses before the final one. http.client skips
    only 100 Continue: a 103 was the answer, its Link header the page's headers and the real
    status line and headers the page's body; a receiver's 204 after a 102 was a failed webhook."""
    with raw_server(_answering_once(interim + PAGE)) as port:
        page = fetch(f"http://127.0.0.1:{port}/jobs", check_robots=False)
    assert (page.status, page.body, page.content_type) == (200, b'{"jobs":[]}', "application/json")
    with raw_server(_answering_once(interim + b"HTTP/1.1 204 No Content\r\n\r\n")) as port:
        hook = fetch(f"http://127.0.0.1:{port}/hook", method="POST", body=b"{}", check_robots=False, status_only=True)
    assert hook.status == 204


UNREADABLE_LOCATIONS = [b"http://\xff\xfe/jobs", b"http://[::1", b"//[::1/jobs", b"http://[not-an-address]/jobs"]


@pytest.mark.parametrize("location", UNREADABLE_LOCATIONS)
@pytest.mark.parametrize("follow", [True, False], ids=["followed", "not-followed"])
def test_an_unreadable_redirect_location_is_a_fetch_error(local: Config, location: bytes, follow: bool) -> None:
    """requests reads a 3xx's Location even when redirects are not followed (Response.next): one
    that is not UTF-8, or a bracket urlsplit cannot read, raised UnicodeDecodeError or ValueError
    out of the fetch (and out of the webhook sender's whole run)."""
    answer = b"HTTP/1.1 302 Found\r\nLocation: " + location + b"\r\nContent-Length: 0\r\n\r\n"
    with raw_server(_answering_once(answer)) as port, pytest.raises(FetchError) as caught:
        fetch(f"http://127.0.0.1:{port}/jobs", method="POST", body=b"{}", check_robots=False, follow_redirects=follow)
    assert caught.value.code == "SSRF_BLOCKED"
    assert "Location" in caught.value.message
