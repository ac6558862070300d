"""A request waits on boards for a bounded time, and a client or address can hold only so many
threads with reads (issue 15 item 1; watches/services/waiting.py).

The slow board here never answers (tests/fakes.py's HoldServer) and the fetch's own timeout is far
away, so a request that comes back was ended by its read deadline; what it read is counted on the
server rather than timed, which a loaded machine would make flaky."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from boards.fetch import robots
from boards.models import Resource
from tests.fakes import HoldServer
from watches.services.clients import client_create
from watches.services.waiting import read_window
from watches.services.watches import watch_create, watch_get
from watchtower.config import Config

pytestmark = pytest.mark.django_db

SLOW = "careers.slow.example"
DEADLINE = 1.0
ATTEMPTS = 10


@pytest.fixture
def drip(config: Callable[..., Config]) -> Iterator[HoldServer]:
    server = HoldServer()  # never released: every read of it waits until its reader gives up
    config(
        allow_private_networks=True,
        fetch_host_overrides={SLOW: server.base_url},
        host_min_spacing_ms=0,
        request_read_deadline_seconds=DEADLINE,
        fetch_timeout_seconds=600,
    )
    robots.robots_cache_clear()
    yield server
    server.close()
    robots.robots_cache_clear()


def test_a_board_slower_than_the_deadline_comes_back_pending_with_nothing_held_against_it(drip: HoldServer) -> None:
    client = client_create(source="tests").client

    body = watch_create(client=client, urls=[f"https://{SLOW}/jobs/{page}" for page in range(3)])

    # Ended by the request's deadline: the board never answered and the fetch's own timeout is
    # minutes away. At most the first request went out (on a loaded machine the deadline may pass
    # before it arrives) and no page after it was asked for.
    assert [watch["initial_check"]["status"] for watch in body["watches"]] == ["pending"] * 3
    assert len(drip.paths) <= 1, drip.paths
    for resource in Resource.objects.all():
        assert (resource.last_error_code, resource.consecutive_failures, resource.last_checked_at) == ("", 0, None)
        assert resource.claim_token == ""
    watch_id = body["watches"][0]["id"]
    assert watch_get(client=client, watch_id=watch_id)["initial_check"] == {"status": "pending"}


def test_a_client_whose_read_slots_are_taken_reads_nothing_and_gets_pending_at_once(
    drip: HoldServer, config: Callable[..., Config]
) -> None:
    config(request_reads_per_client=1, request_read_deadline_seconds=600.0)
    client = client_create(source="tests").client

    with read_window(client_id=client.pk, address="203.0.113.9"):  # another request of this client
        body = watch_create(client=client, url=f"https://{SLOW}/jobs", address="198.51.100.7")

    assert drip.paths == []  # it waited on nothing: with a read, it would wait on the board for 600 s
    assert body["initial_check"]["status"] == "pending"
    assert Resource.objects.get().last_checked_at is None


def test_an_address_whose_read_slots_are_taken_reads_nothing(drip: HoldServer, config: Callable[..., Config]) -> None:
    config(request_reads_per_address=1, request_read_deadline_seconds=600.0)
    first, second = client_create(source="tests").client, client_create(source="tests").client

    with read_window(client_id=first.pk, address="198.51.100.7"):
        body = watch_create(client=second, url=f"https://{SLOW}/jobs", address="198.51.100.7")

    assert body["initial_check"]["status"] == "pending"
    assert drip.paths == []


def test_a_cut_short_robots_txt_is_not_remembered_as_unreachable(drip: HoldServer) -> None:
    """The scheduler's unhurried read of a pending board must not find a refusal cached by the
    hurried one."""
    for attempt in range(ATTEMPTS):
        robots.robots_cache_clear()
        watch_create(client=client_create(source="tests").client, url=f"https://{SLOW}/jobs/{attempt}")
        # On a loaded machine the deadline may pass before robots.txt is even asked for: that
        # attempt proves nothing, so another is made (counted at the server, not timed).
        if "/robots.txt" in drip.paths:
            break

    origins = [origin for origin in robots._cache if SLOW in origin]
    assert origins  # the hurried read did ask for robots.txt…
    assert all(robots._cached(origin) is None for origin in origins)  # …and its verdict is not kept
