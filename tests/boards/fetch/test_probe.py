"""`manage.py probe URL`: the full guarded fetch, reported as one JSON object."""

from __future__ import annotations

import gzip
import io
import json
from collections.abc import Callable

import pytest
from django.core.management import call_command
from pytest_httpserver import HTTPServer

from watchtower.config import Config


def probe(*args: str) -> tuple[dict[str, object], int]:
    out = io.StringIO()
    code = 0
    try:
        call_command("probe", *args, stdout=out)
    except SystemExit as exc:
        code = int(exc.code or 0)
    return json.loads(out.getvalue()), code


def test_it_reports_status_final_url_type_decompressed_size_and_time(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/robots.txt").respond_with_data("User-agent: *\nAllow: /\n")
    httpserver.expect_request("/careers").respond_with_data("", status=302, headers={"Location": "/jobs"})
    httpserver.expect_request("/jobs").respond_with_data(
        gzip.compress(b"<p>job</p>" * 100), content_type="text/html", headers={"Content-Encoding": "gzip"}
    )
    report, code = probe(httpserver.url_for("/careers"))
    assert code == 0
    assert report["status"] == 200
    assert report["final_url"] == httpserver.url_for("/jobs")
    assert report["content_type"] == "text/html"
    assert report["bytes"] == 1000
    assert isinstance(report["elapsed"], float)


def test_it_reports_why_a_url_cannot_be_fetched_and_exits_non_zero(strict: Config) -> None:
    report, code = probe("http://169.254.169.254/latest/meta-data/")
    assert code == 1
    assert report["error"] == "SSRF_BLOCKED"
    assert "non-public" in str(report["message"])


def test_it_runs_the_robots_check(local: Config, httpserver: HTTPServer) -> None:
    httpserver.expect_request("/robots.txt").respond_with_data("User-agent: WatchtowerBot\nDisallow: /\n")
    report, code = probe(httpserver.url_for("/jobs"))
    assert (report["error"], code) == ("ROBOTS_DISALLOWED", 1)


@pytest.mark.parametrize("flag", [[], ["--api"]])
def test_the_api_flag_selects_the_larger_cap(
    flag: list[str], config: Callable[..., Config], httpserver: HTTPServer
) -> None:
    config(allow_private_networks=True, max_body_bytes=1024, max_api_body_bytes=8192)
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    httpserver.expect_request("/api").respond_with_json({"jobs": "x" * 2000})
    report, code = probe(httpserver.url_for("/api"), *flag)
    if flag:
        assert code == 0
        assert isinstance(report["bytes"], int) and report["bytes"] > 2000
    else:
        assert (report["error"], code) == ("BODY_TOO_LARGE", 1)
