"""Bot walls, login walls and 401/403 are recognised and reported, never worked around."""

from __future__ import annotations

import logging

import pytest
from pytest_httpserver import HTTPServer

from boards.fetch.client import fetch
from boards.fetch.errors import FetchError
from boards.fetch.refusals import is_bot_challenge, is_login_wall
from watchtower.config import Config

CLOUDFLARE_CHALLENGE = """<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div class="main-wrapper" role="main">
<noscript>Enable JavaScript and cookies to continue</noscript></div>
<script>(function(){window._cf_chl_opt={cvId: '3',cZone: "boards.example.com",cType: 'managed'};
var a = document.createElement('script');a.src = '/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1?ray=8a';
document.getElementsByTagName('head')[0].appendChild(a);}());</script></body></html>"""

AKAMAI_BLOCK = """<HTML><HEAD><TITLE>Access Denied</TITLE></HEAD><BODY><H1>Access Denied</H1>
You don't have permission to access "http&#58;&#47;&#47;careers&#46;example&#46;com&#47;" on this server.<P>
Reference&#32;&#35;18&#46;6f2d1402&#46;1700000000&#46;1a2b3c4d
<P>https&#58;&#47;&#47;errors&#46;edgesuite&#46;net&#47;18&#46;6f2d1402</P></BODY></HTML>""".replace(
    "errors&#46;edgesuite&#46;net", "errors.edgesuite.net"
)

PERIMETERX_BLOCK = """<html><head><title>Access to this page has been denied</title></head><body>
<div id="px-captcha"></div><p>Press &amp; Hold to confirm you are a human (and not a bot).</p>
<script src="https://captcha.px-cloud.net/PXabc123/captcha.js"></script></body></html>"""

DATADOME_BLOCK = """<html><head><title>careers.example.com</title></head><body>
<iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=AHrlqAAAAAMA&cid=abc&referer=x"
 title="DataDome CAPTCHA" width="100%" height="100%"></iframe></body></html>"""

HCAPTCHA_PAGE = """<html><head><title>One more step</title></head><body>
<form><div class="h-captcha" data-sitekey="10000000-ffff-ffff-ffff-000000000001"></div></form></body></html>"""

RECAPTCHA_VERIFY = """<html><head><title>Please verify you are a human</title></head><body>
<div class="g-recaptcha" data-sitekey="6Lc"></div></body></html>"""

# A normal careers page on a Cloudflare zone: the bot-management script and an application form
# with reCAPTCHA are everywhere and say nothing about a wall.
NORMAL_PAGE = """<html><head><title>Careers at Acme</title>
<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script></head><body>
<h1>Open roles</h1><ul><li><a href="/jobs/1">Staff Engineer</a></li></ul>
<form action="/apply"><div class="g-recaptcha" data-sitekey="6Lc"></div><p>Verify you are human before
applying: we use reCAPTCHA.</p></form></body></html>"""


@pytest.mark.parametrize(
    ("status", "body", "headers"),
    [
        (403, CLOUDFLARE_CHALLENGE, {}),
        (503, CLOUDFLARE_CHALLENGE, {}),
        (403, "<html><body>blocked</body></html>", {"cf-mitigated": "challenge"}),
        (403, AKAMAI_BLOCK, {}),
        (403, PERIMETERX_BLOCK, {}),
        (403, DATADOME_BLOCK, {}),
        (429, HCAPTCHA_PAGE, {}),
        (503, RECAPTCHA_VERIFY, {}),
        (401, "<p>Are you a robot?</p>", {}),
    ],
)
def test_a_bot_check_on_an_error_status_is_a_bot_challenge(
    status: int, body: str, headers: dict[str, str], local: Config, httpserver: HTTPServer
) -> None:
    httpserver.expect_request("/jobs").respond_with_data(body, status=status, content_type="text/html", headers=headers)
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/jobs"), check_robots=False)
    assert caught.value.code == "BOT_CHALLENGE"
    assert caught.value.http_status == status
    assert caught.value.refusal
    assert "does not bypass" in caught.value.message


@pytest.mark.parametrize(
    ("body", "headers"),
    [
        (CLOUDFLARE_CHALLENGE, {}),
        ("<html><body>ok?</body></html>", {"cf-mitigated": "challenge"}),
        (PERIMETERX_BLOCK, {}),
        (DATADOME_BLOCK, {}),
        (RECAPTCHA_VERIFY, {}),
        (AKAMAI_BLOCK, {}),
    ],
)
def test_a_challenge_interstitial_served_with_200_is_a_bot_challenge(
    body: str, headers: dict[str, str], local: Config, httpserver: HTTPServer
) -> None:
    httpserver.expect_request("/jobs").respond_with_data(body, content_type="text/html", headers=headers)
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/jobs"), check_robots=False)
    assert caught.value.code == "BOT_CHALLENGE"


def test_a_normal_page_with_a_captcha_widget_is_not_a_wall(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/careers").respond_with_data(NORMAL_PAGE, content_type="text/html")
    assert b"Staff Engineer" in fetch(httpserver.url_for("/careers"), check_robots=False).body


def test_a_plain_403_is_access_denied(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/jobs").respond_with_data("<h1>Forbidden</h1>", status=403, content_type="text/html")
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/jobs"), check_robots=False)
    assert caught.value.code == "ACCESS_DENIED"


def test_a_redirect_to_a_sign_in_page_is_access_denied(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/careers").respond_with_data(
        "", status=302, headers={"Location": "/users/sign_in?return_to=%2Fcareers"}
    )
    httpserver.expect_request("/users/sign_in").respond_with_data("<form>password</form>", content_type="text/html")
    with pytest.raises(FetchError) as caught:
        fetch(httpserver.url_for("/careers"), check_robots=False)
    assert caught.value.code == "ACCESS_DENIED"
    assert "sign-in" in caught.value.message


@pytest.mark.parametrize(
    ("original", "final", "wall"),
    [
        ("https://acme.example.com/careers", "https://login.microsoftonline.com/common/oauth2/authorize", True),
        ("https://acme.example.com/careers", "https://accounts.google.com/ServiceLogin", True),
        ("https://acme.example.com/careers", "https://acme.okta.com/app/x/sso/saml", True),
        ("https://acme.example.com/careers", "https://acme.example.com/login?next=/careers", True),
        ("https://acme.example.com/careers", "https://acme.example.com/careers/", False),
        ("https://acme.example.com/careers", "https://acme.example.com/jobs/loginless-engineer", False),
        ("https://acme.example.com/careers", "https://acme.example.com/careers", False),
        ("https://acme.example.com/login/jobs", "https://acme.example.com/login/jobs/", False),
    ],
)
def test_login_walls_are_told_apart_from_ordinary_redirects(original: str, final: str, wall: bool) -> None:
    assert is_login_wall(original, final) is wall


def test_json_and_other_statuses_are_never_taken_for_a_wall() -> None:
    assert not is_bot_challenge(200, {"content-type": "application/json"}, b'{"captcha": "Just a moment..."}')
    assert not is_bot_challenge(404, {"content-type": "text/html"}, b"<p>captcha</p>")


def test_a_refusal_is_logged_as_the_host_refusing_us(
    local: Config, httpserver: HTTPServer, caplog: pytest.LogCaptureFixture
) -> None:
    httpserver.expect_request("/jobs").respond_with_data(CLOUDFLARE_CHALLENGE, status=403, content_type="text/html")
    with caplog.at_level(logging.WARNING, logger="boards.fetch"), pytest.raises(FetchError):
        fetch(httpserver.url_for("/jobs"), check_robots=False)
    [record] = [r for r in caplog.records if r.getMessage() == "host is refusing us"]
    assert record.host == "localhost"  # type: ignore[attr-defined]
    assert record.code == "BOT_CHALLENGE"  # type: ignore[attr-defined]


def test_an_upstream_error_is_not_logged_as_a_refusal(
    local: Config, httpserver: HTTPServer, caplog: pytest.LogCaptureFixture
) -> None:
    httpserver.expect_request("/jobs").respond_with_data("oops", status=500)
    with caplog.at_level(logging.WARNING, logger="boards.fetch"), pytest.raises(FetchError):
        fetch(httpserver.url_for("/jobs"), check_robots=False)
    assert not [r for r in caplog.records if r.getMessage() == "host is refusing us"]
