from __future__ import annotations

import dataclasses
import os
import socket
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine

from watchtower.config import Config

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def config(settings: Any) -> Iterator[Callable[..., Config]]:
    """Replace fields of the configuration for one test: `config(allow_private_networks=True)`."""

    def replace(**changes: Any) -> Config:
        settings.WATCHTOWER = dataclasses.replace(settings.WATCHTOWER, **changes)
        return settings.WATCHTOWER

    yield replace


@pytest.fixture
def fresh_window() -> Iterator[None]:
    """The clock moved to just after the start of an hour, and running: rate-limit budgets are fixed
    windows (a minute, an hour), and a test that spends one must not straddle a window's end."""
    now = datetime.now(UTC)
    with time_machine.travel(now.replace(minute=0, second=1, microsecond=0) + timedelta(hours=1), tick=True):
        yield


# How long a test waits for something that should happen soon (a server up, a worker's task
# done). It only keeps a broken test from hanging: nothing is measured against it, and a passing
# test never waits it out, so it is long enough for a CI machine under any load.
PATIENCE = 120.0

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


@pytest.fixture
def no_outside_dns(monkeypatch: pytest.MonkeyPatch) -> None:
    """No name leaves the machine, not even as a DNS query: generated inputs (schemathesis,
    hypothesis) name arbitrary hosts, and the fake sites are reached through host overrides. A
    lookup of any other name fails as an unknown host would."""
    real = socket.getaddrinfo

    def loopback_only(host: Any, *args: Any, **kwargs: Any) -> Any:
        if str(host) not in LOOPBACK_NAMES:
            raise socket.gaierror(socket.EAI_NONAME, f"tests resolve no outside names ({host})")
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", loopback_only)


@pytest.fixture(autouse=True)
def fresh_coverage_count() -> None:
    """A search's `coverage` is counted at most once a minute per process
    (watches.services.search.coverage): a count left by an earlier test, on its own rows, must not
    answer this one (it did when the minute ran out between a test's two searches)."""
    from watches.services import search

    search._coverage.clear()


def postgres_and_redis() -> bool:
    return bool(os.environ.get("DATABASE_URL")) and bool(os.environ.get("CELERY_BROKER_URL"))


@pytest.fixture
def site(httpserver: Any, config: Callable[..., Config]) -> Any:
    """Platform hosts and careers pages served from 127.0.0.1 (see tests/fakes.py)."""
    from boards.fetch import robots
    from tests.fakes import GREENHOUSE_API, FakeSite

    fake = FakeSite(httpserver)
    hosts = [
        GREENHOUSE_API,
        "boards.greenhouse.io",
        "api.lever.co",
        "jobs.lever.co",
        "api.ashbyhq.com",
        "careers.acme.example",
        "hooks.acme.example",
    ]
    config(
        allow_private_networks=True,
        fetch_host_overrides={host: fake.base_url for host in hosts},
        host_min_spacing_ms=0,
        min_check_interval_seconds=0,
    )
    robots.robots_cache_clear()
    yield fake
    robots.robots_cache_clear()
