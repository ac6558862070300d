"""The guard at connect time: the address connected to is the address checked, on every hop."""

from __future__ import annotations

import ssl
from collections.abc import Callable
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from boards.fetch.client import fetch, validate_url
from boards.fetch.errors import FetchError
from tests.boards.fetch.conftest import StubResolver
from tests.boards.fetch.servers import raw_server, read_request, self_signed_context
from watchtower.config import Config

AllowPort = Callable[[int], None]


@pytest.fixture
def board(httpserver: HTTPServer, public_loopback: AllowPort, dns: StubResolver) -> str:
    """http://boards.example.com:PORT, a "public" host served by the local test server."""
    public_loopback(httpserver.port)
    dns["boards.example.com"] = ["127.0.0.1"]
    return f"http://boards.example.com:{httpserver.port}"


def test_it_connects_to_the_address_it_checked_and_keeps_the_host_name(
    board: str, httpserver: HTTPServer, connected: list[tuple[str, int]]
) -> None:
    httpserver.expect_request("/jobs").respond_with_data("<p>jobs</p>", content_type="text/html")
    result = fetch(f"{board}/jobs", check_robots=False)
    assert result.status == 200
    assert result.body == b"<p>jobs</p>"
    assert connected == [("127.0.0.1", httpserver.port)]
    request, _ = httpserver.log[0]
    assert request.headers["Host"] == f"boards.example.com:{httpserver.port}"


def test_a_redirect_to_the_metadata_address_is_refused_at_the_hop(
    board: str, httpserver: HTTPServer, connected: list[tuple[str, int]]
) -> None:
    httpserver.expect_request("/jobs").respond_with_data(
        "", status=302, headers={"Location": "http://169.254.169.254/latest/meta-data/"}
    )
    with pytest.raises(FetchError) as caught:
        fetch(f"{board}/jobs", check_robots=False)
    assert caught.value.code == "SSRF_BLOCKED"
    assert "redirect blocked" in caught.value.message
    assert connected == [("127.0.0.1", httpserver.port)]


def test_a_redirect_to_a_name_with_a_private_address_is_refused_at_connect(
    board: str, httpserver: HTTPServer, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    dns["internal.example.com"] = ["10.0.0.5"]
    location = f"http://internal.example.com:{httpserver.port}/admin"
    httpserver.expect_request("/jobs").respond_with_data("", status=301, headers={"Location": location})
    with pytest.raises(FetchError) as caught:
        fetch(f"{board}/jobs", check_robots=False)
    assert caught.value.code == "SSRF_BLOCKED"
    assert "resolves to non-public address 10.0.0.5" in caught.value.message
    assert dns.calls == ["boards.example.com", "internal.example.com"]
    assert connected == [("127.0.0.1", httpserver.port)]


def test_a_redirect_to_a_file_url_is_refused_even_when_private_networks_are_allowed(
    local: Config, httpserver: HTTPServer
) -> None:
    httpserver.expect_request("/jobs").respond_with_data("", status=302, headers={"Location": "file:///etc/passwd"})
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/jobs"), check_robots=False)
    assert caught.value.code == "SSRF_BLOCKED"
    assert "scheme" in caught.value.message


def test_a_dns_answer_that_changes_after_validation_is_refused_at_connect(
    strict: Config, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    dns["rebind.example.com"] = ["93.184.216.34"]
    validate_url("https://rebind.example.com/careers")
    dns["rebind.example.com"] = ["127.0.0.1"]
    with pytest.raises(FetchError) as caught:
        fetch("https://rebind.example.com/careers", check_robots=False)
    assert caught.value.code == "SSRF_BLOCKED"
    assert "non-public address 127.0.0.1" in caught.value.message
    assert connected == []


def test_a_dns_answer_that_changes_between_two_hops_is_refused_at_the_second_connect(
    board: str, httpserver: HTTPServer, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    def first(request: Request) -> Response:
        dns["boards.example.com"] = ["10.0.0.7"]  # the attacker's DNS flips while we read
        return Response("", status=302, headers={"Location": "/second", "Connection": "close"})

    httpserver.expect_request("/first").respond_with_handler(first)
    httpserver.expect_request("/second").respond_with_data("secret", content_type="text/plain")
    with pytest.raises(FetchError) as caught:
        fetch(f"{board}/first", check_robots=False)
    assert caught.value.code == "SSRF_BLOCKED"
    assert "10.0.0.7" in caught.value.message
    assert connected == [("127.0.0.1", httpserver.port)]


def test_a_mixed_answer_is_refused_whole(strict: Config, dns: StubResolver, connected: list[tuple[str, int]]) -> None:
    dns["mixed.example.com"] = ["93.184.216.34", "192.168.0.10"]
    with pytest.raises(FetchError) as caught:
        fetch("https://mixed.example.com/", check_robots=False)
    assert caught.value.code == "SSRF_BLOCKED"
    assert connected == []


def test_the_strict_policy_refuses_a_loopback_server(
    strict: Config, httpserver: HTTPServer, connected: list[tuple[str, int]]
) -> None:
    httpserver.expect_request("/").respond_with_data("hello")
    for url in (f"http://127.0.0.1:{httpserver.port}/", "http://127.0.0.1/", "http://localhost/", "http://[::1]/"):
        with pytest.raises(FetchError) as caught:
            fetch(url, check_robots=False)
        assert caught.value.code == "SSRF_BLOCKED"
    assert connected == []
    assert httpserver.log == []


def test_an_unresolvable_host_is_a_network_error(strict: Config, dns: StubResolver) -> None:
    with pytest.raises(FetchError) as caught:
        fetch("https://gone.example.com/", check_robots=False)
    assert caught.value.code == "NETWORK_ERROR"
    assert caught.value.transient


def test_tls_uses_the_host_name_for_sni_and_verifies_the_certificate(
    tmp_path: Path, public_loopback: AllowPort, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    context = self_signed_context("boards.example.com", tmp_path)
    names: list[str | None] = []

    def remember(sock: ssl.SSLObject | ssl.SSLSocket, name: str | None, ctx: ssl.SSLContext) -> None:
        names.append(name)

    context.sni_callback = remember

    def handler(conn: object) -> None:
        read_request(conn)  # type: ignore[arg-type]

    with raw_server(handler, tls=context) as port:
        public_loopback(port)
        dns["boards.example.com"] = ["127.0.0.1"]
        with pytest.raises(FetchError) as caught:
            fetch(f"https://boards.example.com:{port}/jobs", check_robots=False)
    assert caught.value.code == "NETWORK_ERROR"
    assert "certificate" in caught.value.message.lower()
    assert names == ["boards.example.com"]
    assert connected == [("127.0.0.1", port)]
