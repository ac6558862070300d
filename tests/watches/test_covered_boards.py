"""`list_companies` (REST and MCP), /companies and a search's `coverage` count one set of boards:
the directory (not retired) plus every board a live watch follows (boards.services.directory.monitored_q)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client as HttpClient
from django.utils import timezone

from boards.models import Resource
from boards.services.check import resource_check
from boards.services.directory import UNCOVERED_GRACE, directory_sync
from changes.services.maintenance import maintenance_run
from tests.fakes import greenhouse_job, serve_greenhouse
from watches.models import Watch
from watches.services import search
from watches.services.clients import client_create
from watches.services.watches import watch_create, watch_get

pytestmark = pytest.mark.django_db


def fresh_coverage() -> None:
    search._coverage.clear()  # counted once a minute per process


def counts(http: HttpClient) -> tuple[int, int, int, str]:
    fresh_coverage()
    covered = search.jobs_search(filters={"keywords": ["ios"]})
    listed = http.get("/v1/companies").json()
    page = http.get("/companies").content.decode()
    return covered["coverage"], listed["total"], listed["coverage"], page


def test_with_the_directory_off_a_watched_board_is_searched_listed_and_counted(site: Any, config) -> None:
    config(index_enabled=False)
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    watch_create(client=client_create().client, url="https://boards.greenhouse.io/acme")
    coverage, total, listed_coverage, page = counts(HttpClient())
    assert (coverage, total, listed_coverage) == (1, 1, 1)
    assert "reads these 1 board " in page and "boards.greenhouse.io/acme" in page
    assert search.jobs_search(filters={"keywords": ["ios"]})["total"] == 1


def test_a_retired_board_leaves_all_three(site: Any) -> None:
    for token in ("acme", "globex"):
        serve_greenhouse(site, token, [greenhouse_job(1, "Senior iOS Engineer")])
    client = client_create().client
    for token in ("acme", "globex"):
        watch_create(client=client, url=f"https://boards.greenhouse.io/{token}")
    Resource.objects.update(indexed=True, index_origin="directory")
    Watch.objects.update(deleted_at=timezone.now())  # nobody watches them any more: directory boards
    assert counts(HttpClient())[:3] == (2, 2, 2)
    Resource.objects.filter(url__endswith="/globex").update(retired_at=timezone.now(), retired_reason="gone")
    coverage, total, listed_coverage, page = counts(HttpClient())
    assert (coverage, total, listed_coverage) == (1, 1, 1)
    assert "globex" not in page


def test_a_board_nothing_covers_any_longer_leaves_search_at_the_next_maintenance(site: Any, config) -> None:
    config(index_enabled=False)
    for token in ("acme", "globex", "initech"):
        serve_greenhouse(site, token, [greenhouse_job(1, "Senior iOS Engineer")])
    client = client_create().client
    kept = watch_create(client=client, url="https://boards.greenhouse.io/acme")
    deleted = watch_create(client=client, url="https://boards.greenhouse.io/globex")
    expired = watch_create(client=client, url="https://boards.greenhouse.io/initech")
    Watch.objects.filter(public_id=deleted["id"]).update(deleted_at=timezone.now())
    Watch.objects.filter(public_id=expired["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    http = HttpClient()
    # Read a moment ago (a watch being created reads its board before it writes the watch): kept.
    assert (maintenance_run() or {}).get("forgotten_boards") == 0
    assert search.jobs_search(filters={"keywords": ["ios"]})["total"] == 3
    later = timezone.now() + UNCOVERED_GRACE + timedelta(seconds=1)
    with time_machine.travel(later, tick=False):
        assert (maintenance_run(now=later) or {}).get("forgotten_boards") == 2
        coverage, total, listed_coverage, page = counts(http)
        found = search.jobs_search(filters={"keywords": ["ios"]})
    assert (coverage, total, listed_coverage) == (1, 1, 1)
    assert "reads these 1 board " in page and "globex" not in page
    assert [job["board_url"] for job in found["jobs"]] == ["https://boards.greenhouse.io/acme"]
    assert Resource.objects.get(url__endswith="/globex").content_hash == ""  # the next read is a baseline
    assert watch_get(client=client, watch_id=kept["id"])["resource"]["open_jobs"] == 1
    # Watched again: read afresh, its jobs back in search without a flood of "new" changes.
    again = watch_create(client=client, url="https://boards.greenhouse.io/globex")
    assert [job["title"] for job in again["current_jobs"]] == ["Senior iOS Engineer"]
    assert search.jobs_search(filters={"keywords": ["ios"]})["total"] == 2


def test_boards_the_directory_no_longer_lists_leave_search_with_it(site: Any, config, tmp_path) -> None:
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    listed = tmp_path / "boards.txt"
    listed.write_text("https://boards.greenhouse.io/acme\n", encoding="utf-8")
    directory_sync(files=[listed])
    resource_check(resource_id=Resource.objects.get().pk)
    assert search.jobs_search(filters={"keywords": ["ios"]})["total"] == 1
    config(index_enabled=False)
    directory_sync(files=[listed])
    later = timezone.now() + UNCOVERED_GRACE + timedelta(seconds=1)
    with time_machine.travel(later, tick=False):
        maintenance_run(now=later)
        assert counts(HttpClient())[:3] == (0, 0, 0)
        assert search.jobs_search(filters={"keywords": ["ios"]})["total"] == 0


def test_in_every_tier_a_searchs_coverage_counts_the_boards_it_reads_and_the_list_agrees(site: Any, config) -> None:
    titles = {"tech": ["Senior iOS Engineer", "Data Engineer"], "care": ["Nurse", "Maintenance Engineer"]}
    for token, jobs in titles.items():
        serve_greenhouse(site, token, [greenhouse_job(i, title) for i, title in enumerate(jobs)])
        resource, _ = Resource.objects.get_or_create(
            url=f"https://boards.greenhouse.io/{token}",
            defaults={"platform": "greenhouse", "fetch_host": "boards-api.greenhouse.io", "board_key": token},
        )
        resource_check(resource_id=resource.pk)
    Resource.objects.update(indexed=True, index_origin="directory")
    http = HttpClient()

    def agreed(tech: bool) -> tuple[int, set[str]]:
        fresh_coverage()
        found = search.jobs_search(filters={"keywords": ["engineer"], "tech_companies_only": tech})
        flag = "true" if tech else "false"
        listed = http.get(f"/v1/companies?tech_companies_only={flag}").json()
        page = http.get(f"/companies?tech_companies_only={flag}").content.decode()
        boards = {company["board_url"] for company in listed["companies"]}
        assert found["coverage"] == listed["coverage"] == listed["total"] == len(boards)
        assert f"reads these {listed['total']} board" in page
        assert {job["board_url"] for job in found["jobs"]} <= boards
        return found["coverage"], boards

    # The curated tier: a search reads every board unless it asks for tech companies only.
    assert agreed(tech=False)[0] == 2
    assert agreed(tech=True) == (1, {"https://boards.greenhouse.io/tech"})
    fresh_coverage()
    assert search.jobs_search(filters={"keywords": ["engineer"]})["coverage"] == 2
    # The extended tier: tech companies by default, and what says so counts the same boards.
    config(directory="extended")
    fresh_coverage()
    default = search.jobs_search(filters={"keywords": ["engineer"]})
    assert default["interpreted"]["filters"]["tech_companies_only"] is True and default["coverage"] == 1
    assert agreed(tech=True)[0] == 1 and agreed(tech=False)[0] == 2
    page = http.get("/companies").content.decode()
    assert "keeps to the 1 tech company among them" in page
    watch = watch_create(client=client_create().client, query="engineer")
    assert watch["coverage"] == 1
