"""robots.txt (RFC 9309): our group by product token, precedence, wildcards, and what a failed
robots.txt means."""

from __future__ import annotations

import socket
from collections.abc import Callable

import pytest
from pytest_httpserver import HTTPServer

from boards.fetch import robots
from boards.fetch.client import fetch, fetch_robots_txt
from boards.fetch.errors import FetchError
from boards.fetch.robots import robots_allowed, robots_cache_clear, robots_verdict
from watchtower.config import Config

# The fixture of the prior implementation's tests (anchor-sources.md §8.4).
MIXED = """# robots for the test site
User-agent: *
Disallow: /private
Allow: /private/public
Disallow: /*.pdf$

User-agent: WatchtowerBot
User-agent: OtherBot
Disallow: /no-watchtower
"""

STAR_ONLY = """User-agent: *
Disallow: /private
Allow: /private/public
Disallow: /*.pdf$
Disallow: /*/apply
Allow: /same
Disallow: /same
"""


@pytest.fixture
def site(local: Config, httpserver: HTTPServer) -> Callable[[str], str]:
    """Serve `text` as robots.txt; returns the site's base URL."""

    def serve(text: str) -> str:
        httpserver.expect_request("/robots.txt").respond_with_data(text, content_type="text/plain")
        return httpserver.url_for("").rstrip("/")

    return serve


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/no-watchtower/x", False),
        ("/no-watchtower", False),
        ("/private", True),  # our group does not mention it, and the * group no longer applies to us
        ("/docs/a.pdf", True),
        ("/", True),
        ("/robots.txt", True),
    ],
)
def test_our_group_replaces_the_star_group(path: str, allowed: bool, site: Callable[[str], str]) -> None:
    assert robots_allowed(site(MIXED) + path, fetch=fetch_robots_txt) is allowed


@pytest.mark.parametrize(
    ("path", "allowed"),
    [
        ("/private/x", False),
        ("/private/public/page", True),  # the longer Allow wins
        ("/same", True),  # an Allow and a Disallow of the same length: Allow wins (RFC 9309 §2.2.2)
        ("/docs/a.pdf", False),
        ("/docs/a.pdf?x=1", True),  # `$` anchors the end
        ("/jobs/42/apply", False),  # `*` matches any run of characters
        ("/jobs/42", True),
        ("/", True),
    ],
)
def test_the_star_group_applies_when_no_group_names_us(path: str, allowed: bool, site: Callable[[str], str]) -> None:
    assert robots_allowed(site(STAR_ONLY) + path, fetch=fetch_robots_txt) is allowed


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("User-agent: WATCHTOWERBOT\nDisallow: /\n", False),  # case-insensitive
        ("User-agent: watchtowerbot\nDisallow: /jobs\n", False),
        ("User-agent: Googlebot\nUser-agent: WatchtowerBot\nDisallow: /jobs\n", False),
        ("User-agent: bot\nDisallow: /\n", True),  # a substring of our token is somebody else
        ("User-agent: Watchtower\nDisallow: /\n", True),  # a prefix too
        ("User-agent: WatchtowerBotPro\nDisallow: /\n", True),
        ("User-agent: Watchtower\nDisallow: /\n\nUser-agent: *\nDisallow: /jobs\n", False),  # so * applies
        ("User-agent: *\nDisallow:\n", True),  # an empty Disallow allows everything
        ("User-agent: *\nDisallow: /\n", False),
        ("User-agent: *\nDisallow: /\n\nUser-agent: WatchtowerBot\nAllow: /\n", True),
        ("", True),
    ],
)
def test_our_group_is_matched_by_product_token(text: str, allowed: bool, site: Callable[[str], str]) -> None:
    assert robots_allowed(site(text) + "/jobs", fetch=fetch_robots_txt) is allowed


@pytest.mark.parametrize(
    ("status", "allowed", "unreachable"),
    [
        (404, True, False),
        (410, True, False),
        (401, True, False),
        (403, True, False),
        (500, False, True),
        (503, False, True),
        (429, False, True),
    ],
)
def test_an_unavailable_robots_txt_allows_all_and_an_unreachable_one_disallows_all(
    status: int, allowed: bool, unreachable: bool, local: Config, httpserver: HTTPServer
) -> None:
    httpserver.expect_request("/robots.txt").respond_with_data("nope", status=status)
    verdict = robots_verdict(httpserver.url_for("/jobs"), fetch=fetch_robots_txt)
    assert verdict.allowed is allowed
    assert verdict.unreachable is unreachable
    assert verdict.status == status


def test_a_host_that_cannot_be_reached_is_disallowed(local: Config) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]  # nothing listens here once the socket is closed
    verdict = robots_verdict(f"http://127.0.0.1:{port}/jobs", timeout=2, fetch=fetch_robots_txt)
    assert not verdict.allowed
    assert verdict.unreachable


def test_fetching_a_disallowed_url_is_a_refusal(site: Callable[[str], str], httpserver: HTTPServer) -> None:
    base = site("User-agent: *\nDisallow: /jobs\n")
    httpserver.expect_request("/jobs").respond_with_data("never served")
    with pytest.raises(FetchError) as caught:
        fetch(base + "/jobs")
    assert caught.value.code == "ROBOTS_DISALLOWED"
    assert caught.value.refusal and not caught.value.transient
    assert [r.path for r, _ in httpserver.log] == ["/robots.txt"]


def test_an_unreachable_robots_txt_refuses_but_asks_for_a_soon_retry(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/robots.txt").respond_with_data("down", status=503)
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/jobs"))
    assert caught.value.code == "ROBOTS_DISALLOWED"
    assert caught.value.transient and not caught.value.refusal
    assert "RFC 9309" in caught.value.message


def test_a_redirect_hop_is_checked_against_robots_too(site: Callable[[str], str], httpserver: HTTPServer) -> None:
    base = site("User-agent: *\nDisallow: /hidden\n")
    httpserver.expect_request("/jobs").respond_with_data("", status=302, headers={"Location": "/hidden/jobs"})
    with pytest.raises(FetchError) as caught:
        fetch(base + "/jobs")
    assert caught.value.code == "ROBOTS_DISALLOWED"


def test_robots_txt_is_fetched_once_per_origin_and_cached_for_an_hour(
    site: Callable[[str], str], httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr(robots, "_clock", lambda: now[0])
    base = site("User-agent: *\nDisallow: /private\n")
    assert robots_allowed(base + "/a", fetch=fetch_robots_txt) and robots_allowed(base + "/b", fetch=fetch_robots_txt)
    assert not robots_allowed(base + "/private", fetch=fetch_robots_txt)
    assert len(httpserver.log) == 1
    now[0] += 3599
    robots_allowed(base + "/c", fetch=fetch_robots_txt)
    assert len(httpserver.log) == 1
    now[0] += 2
    robots_allowed(base + "/c", fetch=fetch_robots_txt)
    assert len(httpserver.log) == 2
    robots_cache_clear()
    robots_allowed(base + "/c", fetch=fetch_robots_txt)
    assert len(httpserver.log) == 3


def test_an_unreachable_verdict_is_cached_for_five_minutes_only(
    local: Config, httpserver: HTTPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr(robots, "_clock", lambda: now[0])
    httpserver.expect_oneshot_request("/robots.txt").respond_with_data("down", status=500)
    assert not robots_allowed(httpserver.url_for("/jobs"), fetch=fetch_robots_txt)
    httpserver.expect_request("/robots.txt").respond_with_data("User-agent: *\nAllow: /\n")
    now[0] += 299
    assert not robots_allowed(httpserver.url_for("/jobs"), fetch=fetch_robots_txt)
    now[0] += 2
    assert robots_allowed(httpserver.url_for("/jobs"), fetch=fetch_robots_txt)


def test_the_robots_request_names_us_and_follows_redirects(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/robots.txt").respond_with_data("", status=301, headers={"Location": "/r.txt"})
    httpserver.expect_request("/r.txt").respond_with_data(
        "User-agent: *\nDisallow: /x\n", content_type="application/octet-stream"
    )
    assert not robots_allowed(httpserver.url_for("/x"), fetch=fetch_robots_txt)
    request, _ = httpserver.log[0]
    assert request.headers["User-Agent"].startswith("WatchtowerBot/")


def test_only_the_first_512_kib_of_a_huge_robots_txt_are_read(site: Callable[[str], str]) -> None:
    filler = "# " + "x" * 1000 + "\n"
    text = "User-agent: *\nDisallow: /early\n" + filler * 600 + "Disallow: /late\n"
    base = site(text)
    assert not robots_allowed(base + "/early", fetch=fetch_robots_txt)
    assert robots_allowed(base + "/late", fetch=fetch_robots_txt)
