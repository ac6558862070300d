"""`list_companies` (REST and MCP), /companies and a search's `coverage` count one set of boards:
the directory (not retired) plus every board a live watch follows (boards.services.directory.monitored_q)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client as HttpClient
from django.utils import timezone

from boards.models import Resource
from tests.fakes import greenhouse_job, serve_greenhouse
from watches.models import Watch
from watches.services import search
from watches.services.clients import client_create
from watches.services.watches import watch_create

pytestmark = pytest.mark.django_db


def fresh_coverage() -> None:
    search._coverage[:] = [0, float("-inf")]  # counted once a minute per process


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
