from __future__ import annotations

import io
import itertools
import json
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from boards.fetch import robots
from boards.management.commands.discover_boards import Progress
from boards.services.directory import read_board_lines
from boards.services.discovery import Company, company_discover, name_slugs
from boards.services.leases import lease_acquire
from boards.sources.registry import recognize
from tests.fakes import GREENHOUSE_API, greenhouse_job, serve_greenhouse

pytestmark = pytest.mark.django_db

EXTRA_HOSTS = ("www.globex.example", "www.initech.example", "www.hooli.example")

CAREERS_WITH_EMBED = """<html><body><h1>Work at Acme</h1>
<iframe src="https://boards.greenhouse.io/embed/job_board?for=acme"></iframe>
<a href="https://boards.greenhouse.io/acme">All roles</a></body></html>"""


@pytest.fixture
def world(site: Any, config: Any) -> Any:
    """Four companies: one links its board, one is found by name, one has no board, one is down."""
    config(fetch_host_overrides={**config().fetch_host_overrides, **{h: site.base_url for h in EXTRA_HOSTS}})
    site.serve("careers.acme.example", "/", CAREERS_WITH_EMBED)
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    site.serve("www.globex.example", "/", "<html><body>Globex: we make things.</body></html>")
    site.serve("www.globex.example", "/careers", "<html><body>Write to jobs@globex.example</body></html>")
    serve_greenhouse(site, "globex", [greenhouse_job(7, "Data Engineer")])
    site.serve("www.initech.example", "/", "<html><body>Initech</body></html>")
    serve_greenhouse(site, "initech", [])  # a board exists, but with no open jobs
    for path in ("/", "/careers", "/jobs", "/robots.txt"):
        site.serve("www.hooli.example", path, "down for maintenance", status=503, content_type="text/plain")
    return site


def companies_file(tmp_path: Path) -> Path:
    path = tmp_path / "companies.json"
    path.write_text(
        json.dumps(
            [
                {"name": "Acme Robotics", "website": "https://careers.acme.example"},
                {"name": "Globex", "website": "https://www.globex.example"},
                {"name": "Initech", "website": "www.initech.example"},
                {"name": "Hooli", "website": "https://www.hooli.example"},
            ]
        )
    )
    return path


def run(tmp_path: Path) -> str:
    out, err = io.StringIO(), io.StringIO()
    call_command("discover_boards", str(companies_file(tmp_path)), str(tmp_path / "boards.txt"), stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


def test_it_writes_confirmed_boards_and_records_how_each_was_found(world: Any, tmp_path: Path) -> None:
    run(tmp_path)
    urls = [line.url for line in read_board_lines(tmp_path / "boards.txt")]
    assert urls == ["https://boards.greenhouse.io/acme", "https://boards.greenhouse.io/globex"]
    assert all(recognize(url).platform == "greenhouse" for url in urls)
    record = {c["name"]: c for c in json.loads((tmp_path / "boards.json").read_text())["companies"]}
    acme = record["Acme Robotics"]
    assert acme["status"] == "found"
    assert acme["boards"] == [
        {
            "url": "https://boards.greenhouse.io/acme",
            "platform": "greenhouse",
            "open_jobs": 2,
            "how": "careers_page",
            "via": "https://careers.acme.example/",
        }
    ]
    globex = record["Globex"]
    assert globex["status"] == "found"
    assert [(b["how"], b["via"], b["open_jobs"]) for b in globex["boards"]] == [("name_guess", "globex", 1)]
    assert record["Initech"]["status"] == "none"  # its board has no open jobs: not kept
    assert record["Hooli"]["status"] == "retry"
    assert any("503" in note or "UPSTREAM_ERROR" in note for note in record["Hooli"]["notes"])


def test_a_linked_board_with_open_jobs_means_no_name_guessing(world: Any, tmp_path: Path) -> None:
    company_discover(Company("Acme Robotics", "https://careers.acme.example"))
    assert world.requests_to("api.ashbyhq.com") == []
    assert world.requests_to("api.lever.co") == []


def test_a_rerun_skips_decided_companies_and_retries_undecided_ones(world: Any, tmp_path: Path) -> None:
    run(tmp_path)
    acme_requests = len(world.requests_to("careers.acme.example"))
    hooli_requests = len(world.requests_to("www.hooli.example"))
    world.serve("www.hooli.example", "/", '<a href="https://jobs.lever.co/hooli">Jobs</a>')
    world.serve("www.hooli.example", "/robots.txt", "User-agent: *\nAllow: /\n", content_type="text/plain")
    robots.robots_cache_clear()  # a re-run is a new process with a fresh robots.txt cache
    world.serve(
        "api.lever.co",
        "/v0/postings/hooli",
        [{"id": "abc", "text": "SRE", "hostedUrl": "https://jobs.lever.co/hooli/abc"}],
    )
    output = run(tmp_path)
    assert "3 companies already decided" in output
    assert len(world.requests_to("careers.acme.example")) == acme_requests
    assert len(world.requests_to("www.hooli.example")) > hooli_requests
    urls = [line.url for line in read_board_lines(tmp_path / "boards.txt")]
    assert "https://jobs.lever.co/hooli" in urls and "https://boards.greenhouse.io/acme" in urls
    record = {c["name"]: c["status"] for c in json.loads((tmp_path / "boards.json").read_text())["companies"]}
    assert record == {"Acme Robotics": "found", "Globex": "found", "Initech": "none", "Hooli": "found"}


def test_requests_to_one_host_are_spaced_by_the_host_minimum(world: Any, config: Any) -> None:
    config(host_min_spacing_ms=150)
    company_discover(Company("Initech", "https://www.initech.example"))
    times = [t for host, path, t in world.log if host == "www.initech.example" and path != "/robots.txt"]
    assert len(times) == 3  # the home page, /careers, /jobs
    assert all(later - earlier >= 0.14 for earlier, later in itertools.pairwise(times))


def test_it_waits_for_a_host_lease_held_by_a_running_check(world: Any) -> None:
    assert lease_acquire(key="careers.acme.example", holder="a-check", duration=timedelta(milliseconds=400))
    started = time.monotonic()
    decision = company_discover(Company("Acme Robotics", "https://careers.acme.example"))
    assert decision.status == "found"
    first = min(t for host, _, t in world.log if host == "careers.acme.example")
    assert first - started >= 0.3


def test_the_progress_is_a_bar_on_a_terminal_and_lines_otherwise(world: Any, tmp_path: Path) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    from django.core.management.base import OutputWrapper

    screen = Terminal()
    bar = Progress(OutputWrapper(screen), total=4)
    bar.update(2, "Globex")
    bar.finish()
    assert screen.getvalue().startswith("\r[" + "#" * 14 + "." * 14 + "] 2/4 Globex")
    output = run(tmp_path)
    assert (
        "1/4 Globex" in output and "Acme Robotics: https://boards.greenhouse.io/acme (2 jobs, careers_page)" in output
    )


def test_company_names_become_plausible_slugs() -> None:
    assert name_slugs("Acme Robotics, Inc.") == ["acmerobotics", "acme-robotics"]
    assert name_slugs("Société Générale") == ["societegenerale", "societe-generale"]
    assert name_slugs("Stripe") == ["stripe"]
    assert name_slugs("!!!") == []


def test_a_companies_file_that_is_not_a_list_is_refused(tmp_path: Path) -> None:
    from django.core.management.base import CommandError

    path = tmp_path / "companies.json"
    path.write_text('{"name": "Acme"}')
    with pytest.raises(CommandError, match="JSON list"):
        call_command("discover_boards", str(path), str(tmp_path / "boards.txt"))


def test_greenhouse_api_is_asked_once_per_board(world: Any, tmp_path: Path) -> None:
    run(tmp_path)
    assert len([p for p in world.requests_to(GREENHOUSE_API) if p.startswith("/v1/boards/acme/")]) == 1
