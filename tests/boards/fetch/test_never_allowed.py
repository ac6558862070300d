"""ALLOW_PRIVATE_NETWORKS lets tests and the demo fetch from loopback; it never opens link-local or
cloud-metadata destinations (issue 15): not by address, not by name, not after DNS, not by a
redirect. Webhooks go through the same fetch and `validate_url`."""

from __future__ import annotations

import pytest
from pytest_httpserver import HTTPServer

from boards.fetch.client import fetch, validate_url
from boards.fetch.errors import FetchError
from tests.boards.fetch.conftest import StubResolver
from watchtower.config import Config

NEVER = [
    "http://169.254.169.254/latest/meta-data/",
    "http://169.254.0.1/",
    "http://[fe80::1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[fd00:ec2::254]/latest/meta-data/",
    "http://100.100.100.200/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://metadata/computeMetadata/v1/",
    "http://instance-data/latest/",
]


@pytest.mark.parametrize("url", NEVER)
def test_metadata_and_link_local_are_refused_even_with_private_networks_allowed(
    url: str, local: Config, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    for check in (validate_url, lambda u: fetch(u, check_robots=False)):
        with pytest.raises(FetchError) as caught:
            check(url)
        assert caught.value.code == "SSRF_BLOCKED"
    assert connected == []


def test_a_name_resolving_to_link_local_is_refused_at_connect(
    local: Config, dns: StubResolver, connected: list[tuple[str, int]]
) -> None:
    dns["hooks.example.com"] = ["169.254.169.254"]
    with pytest.raises(FetchError) as caught:
        fetch("http://hooks.example.com/hook", method="POST", check_robots=False)
    assert caught.value.code == "SSRF_BLOCKED" and "169.254.169.254" in caught.value.message
    assert connected == []


def test_a_redirect_from_loopback_to_metadata_is_refused(
    local: Config, httpserver: HTTPServer, connected: list[tuple[str, int]]
) -> None:
    httpserver.expect_request("/jobs").respond_with_data(
        "", status=302, headers={"Location": "http://169.254.169.254/latest/meta-data/"}
    )
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/jobs"), check_robots=False)
    assert caught.value.code == "SSRF_BLOCKED"
    assert connected == [("127.0.0.1", httpserver.port)]


def test_loopback_still_works_with_private_networks_allowed(
    local: Config, httpserver: HTTPServer, connected: list[tuple[str, int]]
) -> None:
    httpserver.expect_request("/jobs").respond_with_data("<p>jobs</p>", content_type="text/html")
    assert fetch(httpserver.url_for("/jobs"), check_robots=False).status == 200
