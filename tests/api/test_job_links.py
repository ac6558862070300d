"""A job's link is served only when it is http(s): `javascript:` and friends never reach an agent,
whether derivation dropped them or an older stored job still carries one (issue 15)."""

from __future__ import annotations

import pytest

from boards.derive import derive_job
from boards.job import served_job, web_url
from boards.sources.base import Posting
from tests.api.conftest import add_change, add_open_job, make_board, make_job, make_watch

pytestmark = pytest.mark.django_db

UNSAFE = [
    "javascript:alert(document.cookie)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "file:///etc/passwd",
    "vbscript:msgbox(1)",
    "//evil.example/jobs/1",
    "/jobs/1",
    "https://[::1/jobs",
]


@pytest.mark.parametrize("url", UNSAFE)
def test_derivation_drops_a_link_that_is_not_http(url: str) -> None:
    job = derive_job(Posting(id="1", title="iOS Engineer", url=url), platform="greenhouse")
    assert job.url == ""
    assert "url" not in job.as_dict()


@pytest.mark.parametrize("url", ["https://boards.greenhouse.io/acme/jobs/1", "HTTP://acme.example/jobs?id=1"])
def test_derivation_keeps_an_http_link(url: str) -> None:
    assert derive_job(Posting(id="1", title="iOS Engineer", url=url), platform="greenhouse").url == url
    assert web_url(url) == url


@pytest.mark.parametrize("url", UNSAFE)
def test_a_stored_unsafe_link_is_never_served(http, agent, url: str) -> None:
    board = make_board()
    watch = make_watch(agent, board)
    job = make_job("iOS Engineer", url=url)
    add_open_job(board, job)
    add_change(board, job)

    found = http.post("/v1/jobs/search", {"query": "ios"}, content_type="application/json").json()["jobs"]
    assert [j["title"] for j in found] == ["iOS Engineer"] and "url" not in found[0]
    changes = http.get("/v1/changes", **agent.auth).json()["changes"]
    assert [c["watch_id"] for c in changes] == [watch.public_id]
    assert changes[0]["data"]["job"]["title"] == "iOS Engineer" and "url" not in changes[0]["data"]["job"]


def test_served_job_keeps_a_web_link_and_the_rest() -> None:
    data = {"title": "iOS Engineer", "url": "https://acme.example/jobs/1"}
    assert served_job(data) == data
    assert served_job({"title": "iOS Engineer", "url": "javascript:x"}) == {"title": "iOS Engineer"}
