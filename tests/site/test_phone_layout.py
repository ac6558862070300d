"""A browser at a phone's width: nothing may scroll sideways. Needs Debian's Chromium and the
Python playwright package; skipped (with the reason) where either is missing."""

from __future__ import annotations

import importlib.util
import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's Chromium (/usr/bin/chromium) is not installed"),
    pytest.mark.skipif(
        importlib.util.find_spec("playwright") is None, reason="the Python playwright package is not installed"
    ),
]

# Debian's Chromium as root, on a closed network: no sandbox, no GPU, and none of the background
# connections it would otherwise keep trying to make.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@pytest.fixture
def live_site(config: Any) -> Iterator[str]:
    """The Django app on a loopback port, served by a WSGI thread."""
    from wsgiref.simple_server import WSGIRequestHandler, make_server

    from django.core.wsgi import get_wsgi_application

    class Quiet(WSGIRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return None

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config(public_base_url=f"http://127.0.0.1:{port}", stats_token="phone-test")
    server = make_server("127.0.0.1", port, get_wsgi_application(), handler_class=Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.shutdown()


def test_the_home_page_companies_and_stats_fit_a_phone(live_site: str) -> None:
    from playwright.sync_api import sync_playwright

    from boards.models import Resource

    Resource.objects.create(
        url="https://boards.greenhouse.io/averyveryverylongcompanynamewithoutanyspacesatall",
        platform="greenhouse",
        fetch_host="boards-api.greenhouse.io",
        company="Averyveryverylongcompanynamewithoutanyspacesatall Incorporated",
        indexed=True,
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True)
            for path, name in (("/", "home"), ("/companies", "companies"), ("/companies?q=avery", "search")):
                page.goto(live_site + path)
                page.screenshot(path=str(ARTIFACTS / f"phone-{name}.png"), full_page=True)
                assert page.evaluate(OVERFLOW) <= 0, f"{path} scrolls sideways on a phone"
            assert "Averyvery" in page.content()
            stats = browser.new_page(
                viewport={"width": 360, "height": 740},
                is_mobile=True,
                http_credentials={"username": "operator", "password": "phone-test"},
            )
            stats.goto(live_site + "/stats")
            stats.screenshot(path=str(ARTIFACTS / "phone-stats.png"), full_page=True)
            assert stats.locator("svg.chart").count() == 4
            assert stats.evaluate(OVERFLOW) <= 0, "/stats scrolls sideways on a phone"
        finally:
            browser.close()
