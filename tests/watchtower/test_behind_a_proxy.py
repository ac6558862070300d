"""Behind a TLS proxy (the documented production deployment, docs/operations.md "Behind a proxy"):
the browser posts forms with `Origin: https://host` to a Django that sees plain http plus
`X-Forwarded-Proto: https`. Those posts were refused with 403 "Origin checking failed", so OAuth
connect and the admin login could not work in production (issue 15)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth import get_user_model
from django.test import Client as HttpClient

from tests.mcp_bridge.conftest import CSRF_FIELD, REDIRECT_URI, pkce_pair
from watchtower.config import Config
from watchtower.security import CONTENT_SECURITY_POLICY, http_security

pytestmark = pytest.mark.django_db

HOST = "watchtower.example.com"
BROWSER: dict[str, Any] = {"HTTP_HOST": HOST, "HTTP_X_FORWARDED_PROTO": "https", "HTTP_X_FORWARDED_FOR": "203.0.113.7"}


@pytest.fixture
def behind_tls_proxy(config: Callable[..., Config], settings: Any) -> Config:
    """The production settings for PUBLIC_BASE_URL=https://watchtower.example.com, TRUST_PROXY=true."""
    deployed = config(profile="production", public_base_url=f"https://{HOST}", trust_proxy=True, secret_key="k" * 50)
    for name, value in http_security(deployed).items():
        setattr(settings, name, value)
    settings.ALLOWED_HOSTS = [HOST]
    return deployed


def browser() -> HttpClient:
    return HttpClient(enforce_csrf_checks=True, **BROWSER)


def consent_url(browser: HttpClient) -> str:
    registered = browser.post(
        "/oauth/register",
        {"client_name": "Proxy App", "redirect_uris": [REDIRECT_URI]},
        content_type="application/json",
    )
    assert registered.status_code == 201, registered.content
    _verifier, challenge = pkce_pair()
    query = {
        "response_type": "code",
        "client_id": registered.json()["client_id"],
        "redirect_uri": REDIRECT_URI,
        "state": "st8",
        "code_challenge": challenge,
        "code_challenge_method": "S256",
        "scope": "watches",
        "resource": f"https://{HOST}/mcp",
    }
    return f"/oauth/authorize?{urlencode(query)}"


def csrf_token(page: Any) -> str:
    match = CSRF_FIELD.search(page.content.decode())
    assert match, page.content
    return match.group(1)


def test_the_consent_post_behind_a_tls_proxy_issues_a_code(behind_tls_proxy: Config) -> None:
    client = browser()
    url = consent_url(client)
    page = client.get(url)
    assert page.status_code == 200
    answer = client.post(url, {"csrfmiddlewaretoken": csrf_token(page), "action": "new"}, HTTP_ORIGIN=f"https://{HOST}")
    assert answer.status_code == 303, answer.content[:300]
    assert "code=" in answer["Location"]


def test_a_cross_site_consent_post_is_still_refused(behind_tls_proxy: Config) -> None:
    client = browser()
    url = consent_url(client)
    page = client.get(url)
    answer = client.post(
        url, {"csrfmiddlewaretoken": csrf_token(page), "action": "new"}, HTTP_ORIGIN="https://evil.example"
    )
    assert answer.status_code == 403


def test_the_admin_login_behind_a_tls_proxy_signs_in(behind_tls_proxy: Config) -> None:
    get_user_model().objects.create_superuser("admin", "admin@example.com", "a-long-password-1")
    client = browser()
    page = client.get("/admin/login/?next=/admin/")
    assert page.status_code == 200
    form = {
        "csrfmiddlewaretoken": csrf_token(page),
        "username": "admin",
        "password": "a-long-password-1",
        "next": "/admin/",
    }
    answer = client.post("/admin/login/?next=/admin/", form, HTTP_ORIGIN=f"https://{HOST}")
    assert answer.status_code == 302, answer.content[:300]
    assert answer["Location"] == "/admin/"


def test_behind_the_proxy_requests_are_secure_and_cookies_secure(behind_tls_proxy: Config) -> None:
    client = browser()
    page = client.get(consent_url(client))
    assert page.cookies["csrftoken"]["secure"]
    assert page["Strict-Transport-Security"].startswith("max-age=31536000")
    plain = HttpClient(HTTP_HOST=HOST).get("/llms.txt")  # no X-Forwarded-Proto: plain http
    assert plain.status_code == 301 and plain["Location"] == f"https://{HOST}/llms.txt"
    assert HttpClient(HTTP_HOST=HOST).get("/health").status_code != 301  # the container health check


def test_forms_are_not_posted_with_origin_null(client: HttpClient) -> None:
    """Under `Referrer-Policy: no-referrer` a browser sends `Origin: null` with a same-origin POST,
    which CSRF checking refuses: the pages say `same-origin`, the API keeps `no-referrer`."""
    assert client.get("/").headers["Referrer-Policy"] == "same-origin"
    assert client.get("/v1/companies").headers["Referrer-Policy"] == "no-referrer"


def test_every_page_carries_the_content_security_policy(client: HttpClient) -> None:
    for path in ("/", "/companies", "/llms.txt", "/docs/api", "/v1/companies", "/admin/login/"):
        response = client.get(path)
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, path
    docs = client.get("/docs/api").content.decode()
    assert not re.search(r"<script>(?!\s*</script>)", docs), "Swagger UI must start from a script file"
