"""FETCH_HOST_OVERRIDES: a simulated internet on 127.0.0.1 for the demo, benchmarks and tests."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
from pytest_httpserver import HTTPServer

from boards.fetch.client import fetch, validate_url
from boards.fetch.errors import FetchError
from tests.boards.fetch.conftest import StubResolver
from watchtower.config import Config

HOST = "boards-api.greenhouse.io"


@pytest.fixture
def simulated(config: Callable[..., Config], httpserver: HTTPServer, dns: StubResolver) -> HTTPServer:
    """Two platform hosts served by one local server, as the demo does."""
    base = f"http://127.0.0.1:{httpserver.port}"
    config(allow_private_networks=True, fetch_host_overrides={"api.lever.co": base, HOST: base})
    httpserver.expect_request("/robots.txt").respond_with_data("User-agent: *\nDisallow: /private\n")
    return httpserver


def test_the_request_goes_to_the_override_with_the_path_query_and_host(
    simulated: HTTPServer, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    simulated.expect_request("/v1/boards/acme/jobs", query_string="content=true").respond_with_json({"jobs": []})
    result = fetch(f"https://{HOST}/v1/boards/acme/jobs?content=true", api=True)
    assert result.status == 200
    assert result.url == f"https://{HOST}/v1/boards/acme/jobs?content=true"
    robots_request, _ = simulated.log[0]
    request, _ = simulated.log[1]
    assert robots_request.path == "/robots.txt"
    assert robots_request.headers["Host"] == HOST
    assert request.headers["Host"] == HOST
    assert dns.calls == []
    assert {address for address, _ in connected} == {"127.0.0.1"}


def test_robots_txt_of_the_overridden_host_is_honoured(simulated: HTTPServer) -> None:
    with pytest.raises(FetchError) as caught:
        fetch(f"https://{HOST}/private/jobs")
    assert caught.value.code == "ROBOTS_DISALLOWED"


@pytest.mark.parametrize(
    "location",
    ["/v1/boards/acme/jobs", f"https://{HOST}/v1/boards/acme/jobs", "{base}/v1/boards/acme/jobs"],
    ids=["relative", "original-host", "override-base"],
)
def test_redirects_are_reported_with_the_original_host(simulated: HTTPServer, location: str) -> None:
    base = f"http://127.0.0.1:{simulated.port}"
    simulated.expect_request("/v1/boards/acme").respond_with_data(
        "", status=301, headers={"Location": location.format(base=base)}
    )
    simulated.expect_request("/v1/boards/acme/jobs").respond_with_json({"jobs": [1]})
    result = fetch(f"https://{HOST}/v1/boards/acme", api=True)
    assert result.url == f"https://{HOST}/v1/boards/acme/jobs"
    assert [r.headers["Host"] for r, _ in simulated.log[1:]] == [HOST, HOST]


def test_logs_name_the_original_host(simulated: HTTPServer, caplog: pytest.LogCaptureFixture) -> None:
    simulated.expect_request("/v1/boards/acme/jobs").respond_with_data("<h1>Forbidden</h1>", status=403)
    with caplog.at_level(logging.WARNING, logger="boards.fetch"), pytest.raises(FetchError):
        fetch(f"https://{HOST}/v1/boards/acme/jobs")
    [record] = [r for r in caplog.records if r.getMessage() == "host is refusing us"]
    assert record.host == HOST  # type: ignore[attr-defined]


def test_validate_url_does_not_resolve_an_overridden_host(simulated: HTTPServer, dns: StubResolver) -> None:
    validate_url(f"https://{HOST}/v1/boards/acme/jobs")
    assert dns.calls == []


def test_overrides_are_ignored_without_allow_private_networks(
    config: Callable[..., Config], httpserver: HTTPServer, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    config(allow_private_networks=False, fetch_host_overrides={HOST: f"http://127.0.0.1:{httpserver.port}"})
    with pytest.raises(FetchError) as caught:
        fetch(f"https://{HOST}/v1/boards/acme/jobs", check_robots=False)
    assert caught.value.code == "NETWORK_ERROR"  # the real host was looked up (and does not resolve here)
    assert dns.calls == [HOST]
    assert connected == []
