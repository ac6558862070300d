"""A request waits on boards for a bounded time, and a client or address can hold only so many
threads with reads (issue 15 item 1; watches/services/waiting.py)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator

import pytest

from boards.fetch import robots
from boards.models import Resource
from tests.fakes import DripServer
from watches.services.clients import client_create
from watches.services.waiting import read_window
from watches.services.watches import watch_create, watch_get
from watchtower.config import Config

pytestmark = pytest.mark.django_db

SLOW = "careers.slow.example"
DEADLINE = 1.0


@pytest.fixture
def drip(config: Callable[..., Config]) -> Iterator[DripServer]:
    server = DripServer()
    config(
        allow_private_networks=True,
        fetch_host_overrides={SLOW: server.base_url},
        host_min_spacing_ms=0,
        request_read_deadline_seconds=DEADLINE,
    )
    robots.robots_cache_clear()
    yield server
    server.close()
    robots.robots_cache_clear()


def test_a_board_slower_than_the_deadline_comes_back_pending_with_nothing_held_against_it(drip: DripServer) -> None:
    client = client_create(source="tests").client
    started = time.monotonic()

    body = watch_create(client=client, url=f"https://{SLOW}/jobs")

    assert time.monotonic() - started < DEADLINE + 2  # not the 15 s fetch deadline, page after page
    assert body["initial_check"]["status"] == "pending"
    resource = Resource.objects.get()
    assert (resource.last_error_code, resource.consecutive_failures, resource.last_checked_at) == ("", 0, None)
    assert resource.claim_token == ""
    assert watch_get(client=client, watch_id=body["id"])["initial_check"] == {"status": "pending"}


def test_a_client_whose_read_slots_are_taken_reads_nothing_and_gets_pending_at_once(
    drip: DripServer, config: Callable[..., Config]
) -> None:
    config(request_reads_per_client=1, request_read_deadline_seconds=30.0)
    client = client_create(source="tests").client
    started = time.monotonic()

    with read_window(client_id=client.pk, address="203.0.113.9"):  # another request of this client
        body = watch_create(client=client, url=f"https://{SLOW}/jobs", address="198.51.100.7")

    assert time.monotonic() - started < 2  # it waited on nothing
    assert body["initial_check"]["status"] == "pending"
    assert Resource.objects.get().last_checked_at is None


def test_an_address_whose_read_slots_are_taken_reads_nothing(drip: DripServer, config: Callable[..., Config]) -> None:
    config(request_reads_per_address=1, request_read_deadline_seconds=30.0)
    first, second = client_create(source="tests").client, client_create(source="tests").client

    with read_window(client_id=first.pk, address="198.51.100.7"):
        body = watch_create(client=second, url=f"https://{SLOW}/jobs", address="198.51.100.7")

    assert body["initial_check"]["status"] == "pending"


def test_a_cut_short_robots_txt_is_not_remembered_as_unreachable(drip: DripServer) -> None:
    """The scheduler's unhurried read of a pending board must not find a refusal cached by the
    hurried one."""
    client = client_create(source="tests").client
    watch_create(client=client, url=f"https://{SLOW}/jobs")

    origins = [origin for origin in robots._cache if SLOW in origin]
    assert origins  # the hurried read did ask for robots.txt…
    assert all(robots._cached(origin) is None for origin in origins)  # …and its verdict is not kept
