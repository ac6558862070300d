"""Fixtures for the REST tests: an HTTP test client that shows error responses instead of raising,
clients with tokens, and boards, jobs and changes written straight to the database."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client as HttpClient
from django.utils import timezone

from boards.job import ParsedJob
from boards.models import Job as JobRow
from boards.models import Platform, Resource
from boards.services.jobstore import filter_columns, job_data, summary
from changes.models import Change
from watches.models import Client, Watch, WatchKind
from watches.services.clients import client_create

_serial = itertools.count(1)


@dataclass
class Agent:
    """A client as a caller sees it: its row, its token and the header that carries it."""

    client: Client
    token: str

    @property
    def auth(self) -> dict[str, str]:
        return {"HTTP_AUTHORIZATION": f"Bearer {self.token}"}


@pytest.fixture(autouse=True)
def roomy_limits(config: Callable[..., Any]) -> None:
    """Budgets out of the way; the rate-limit tests lower the one they test."""
    config(
        rate_limit_per_minute=100_000,
        client_creation_per_hour=100_000,
        search_per_minute=100_000,
        check_now_per_minute=100_000,
    )


@pytest.fixture(autouse=True)
def _no_outside_dns(no_outside_dns: None) -> None:
    """Every REST test runs with `no_outside_dns` (tests/conftest.py)."""


@pytest.fixture
def http(db: None) -> HttpClient:
    return HttpClient(raise_request_exception=False)


@pytest.fixture
def agent(db: None) -> Agent:
    created = client_create(source="tests")
    return Agent(created.client, created.token)


@pytest.fixture
def other_agent(db: None) -> Agent:
    created = client_create(source="tests")
    return Agent(created.client, created.token)


def make_board(*, company: str = "Acme Robotics", indexed: bool = True) -> Resource:
    n = next(_serial)
    return Resource.objects.create(
        url=f"https://boards.greenhouse.io/acme{n}",
        platform=Platform.GREENHOUSE,
        fetch_host="boards-api.greenhouse.io",
        company=company,
        board_key=f"acme{n}",
        indexed=indexed,
        content_hash="seen",
        last_checked_at=timezone.now() - timedelta(hours=2),
        open_jobs=0,
    )


def make_job(title: str, *, location: str = "Remote - US", remote: bool = True, **fields: Any) -> ParsedJob:
    return ParsedJob(key=f"id:{next(_serial)}", title=title, location=location, remote=remote, **fields)


def add_open_job(resource: Resource, job: ParsedJob) -> JobRow:
    row = JobRow.objects.create(
        resource=resource,
        key=job.key,
        data=job_data(job, company_fallback=resource.company),
        **filter_columns(job, company=resource.company),
    )
    Resource.objects.filter(pk=resource.pk).update(open_jobs=resource.jobs.count())
    return row


def add_change(resource: Resource, job: ParsedJob, change_type: str = "JOB_ADDED") -> Change:
    return Change.objects.create(
        resource=resource,
        type=change_type,
        role="new" if change_type == "JOB_ADDED" else "",  # the vacancy's announcing event
        job_key=job.key,
        summary=summary(change_type, job),
        data={"job": job_data(job, company_fallback=resource.company)},
        **filter_columns(job, company=resource.company),
    )


def make_watch(agent: Agent, resource: Resource | None = None, *, filters: dict[str, Any] | None = None) -> Watch:
    """A watch created at "now": it sees only changes written after it."""
    top = Change.objects.order_by("-id").values_list("id", flat=True).first() or 0
    return Watch.objects.create(
        client=agent.client,
        resource=resource,
        kind=WatchKind.BOARD if resource else WatchKind.SEARCH,
        source_url=resource.url if resource else "",
        filters=filters or {"include_unknown": True},
        baseline=top,
        cursor=top,
        expires_at=timezone.now() + timedelta(days=30),
    )
