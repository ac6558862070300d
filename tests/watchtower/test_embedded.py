"""The embedded scheduler with a stand-in check (the real check is covered in tests/integration):
it keeps one check per host, spaces them, continues a host's backlog without waiting for a tick,
and stops cleanly."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from itertools import count, pairwise

import pytest
from django.db import close_old_connections, connection
from django.utils import timezone

from boards.models import IndexOrigin, Resource
from boards.services.check import CLAIMED_HOST_WAIT
from boards.services.leases import lease_release, lease_wait, new_holder
from tests.conftest import PATIENCE
from watchtower.embedded import EmbeddedScheduler, warm_up

pytestmark = pytest.mark.django_db(transaction=True)

SPACING = 0.2
TICK = 30  # seconds between dispatch ticks in the backlog test
LATENCY = 0.05
_numbers = count(1)


@dataclass(frozen=True)
class FakeOutcome:
    resource_id: int
    ok: bool
    outcome: str
    code: str = ""
    message: str = ""
    changes: int = 0
    fetch_host: str = ""  # unknown: the scheduler looks it up


class FakeCheck:
    """Honours the claim and the host lease like the real check; records when each fetch ran."""

    def __init__(self, *, latency: float = LATENCY, block: threading.Event | None = None) -> None:
        self.latency = latency
        self.block = block
        self.started = threading.Event()
        self.lock = threading.Lock()
        self.fetches: list[tuple[str, int, float, float]] = []  # host, resource, start, end
        self.outcomes: list[str] = []

    def __call__(
        self, *, resource_id: int, claim_token: str, on_host_free: Callable[[str], None] | None = None
    ) -> FakeOutcome:
        resource = Resource.objects.get(pk=resource_id)
        if resource.claim_token != claim_token or resource.claimed_until is None:
            return self._done(FakeOutcome(resource_id, False, "skipped"))
        holder = new_holder()
        deadline = time.monotonic() + CLAIMED_HOST_WAIT  # as the real check: follow-ups come early
        if not lease_wait(key=resource.fetch_host, holder=holder, duration=timedelta(seconds=30), deadline=deadline):
            Resource.objects.filter(pk=resource_id).update(claim_token="", claimed_until=None)
            return self._done(FakeOutcome(resource_id, False, "host_busy"))
        start = time.monotonic()
        self.started.set()
        if self.block is not None:
            self.block.wait(60)
        time.sleep(self.latency)
        end = time.monotonic()
        lease_release(key=resource.fetch_host, holder=holder, spacing=timedelta(seconds=SPACING))
        if on_host_free is not None:
            on_host_free(resource.fetch_host)
        Resource.objects.filter(pk=resource_id).update(
            next_check_at=timezone.now() + timedelta(hours=4), claim_token="", claimed_until=None
        )
        with self.lock:
            self.fetches.append((resource.fetch_host, resource_id, start, end))
        return self._done(FakeOutcome(resource_id, True, "unchanged"))

    def _done(self, outcome: FakeOutcome) -> FakeOutcome:
        with self.lock:
            self.outcomes.append(outcome.outcome)
        close_old_connections()
        return outcome


@pytest.fixture(autouse=True, scope="module")
def warmed_up() -> None:
    # The dispatcher thread loads the place gazetteer before its first tick, as a process does once
    # in its life: 1-3 s of CPU, 16 s of wall time on a loaded 2-core machine, which ate the
    # timeouts below (the backlog test failed under load that way). The tests time dispatching.
    warm_up()


@pytest.fixture(autouse=True)
def shared_database() -> None:
    # In-memory SQLite shared between threads locks whole tables instead of waiting; the real
    # embedded mode runs on a SQLite file (WAL, busy timeout) or PostgreSQL.
    if connection.vendor == "sqlite" and connection.is_in_memory_db():  # type: ignore[attr-defined]
        pytest.skip("needs a database that threads can share: a SQLite file or PostgreSQL")


def make_boards(host: str, n: int) -> list[int]:
    ids = []
    for _ in range(n):
        number = next(_numbers)
        resource = Resource.objects.create(
            url=f"https://{host}/board{number}",
            platform="greenhouse",
            fetch_host=host,
            indexed=True,
            index_origin=IndexOrigin.DIRECTORY,
            next_check_at=timezone.now() - timedelta(seconds=60),
        )
        ids.append(resource.pk)
    return ids


def wait_until(predicate, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def test_a_hosts_backlog_is_checked_back_to_back_at_the_spacing_not_per_tick() -> None:
    boards = {host: make_boards(host, 4) for host in ("a.example", "b.example", "c.example")}
    check = FakeCheck()
    # One dispatch tick per 30 s: everything after the first check of each host is a follow-up.
    scheduler = EmbeddedScheduler(concurrency=4, check=check, housekeeping=False, dispatch_every=TICK)
    began = time.monotonic()
    scheduler.start()
    try:
        wait_until(lambda: len(check.fetches) == 12, timeout=PATIENCE)
    finally:
        assert scheduler.stop(timeout=5)
    # Without follow-ups the later checks would wait for the next ticks: all twelve ran within the
    # first. The pace itself is measured by bench/scheduler.py, not here, where a loaded machine
    # would make a tight bound flaky.
    assert time.monotonic() - began < TICK
    for host, ids in boards.items():
        fetches = sorted((start, end, rid) for h, rid, start, end in check.fetches if h == host)
        assert sorted(rid for _, _, rid in fetches) == sorted(ids)
        for (_, end, _), (start, _, _) in pairwise(fetches):
            assert start - end >= SPACING - 0.01  # never overlapping, always spaced
    assert set(check.outcomes) == {"unchanged"}


def test_no_host_ever_has_two_checks_at_once_even_with_spare_threads() -> None:
    make_boards("one.example", 5)
    check = FakeCheck()
    scheduler = EmbeddedScheduler(concurrency=8, check=check, housekeeping=False, dispatch_every=0.05)
    scheduler.start()
    try:
        wait_until(lambda: len(check.fetches) == 5)
    finally:
        scheduler.stop(timeout=5)
    fetches = sorted((start, end) for _, _, start, end in check.fetches)
    assert all(later[0] >= earlier[1] for earlier, later in pairwise(fetches))
    assert "host_busy" not in check.outcomes


def test_stop_waits_for_a_running_check_and_starts_nothing_new() -> None:
    ids = make_boards("slow.example", 3)
    release = threading.Event()
    check = FakeCheck(block=release)
    scheduler = EmbeddedScheduler(concurrency=2, check=check, housekeeping=False, dispatch_every=0.05)
    scheduler.start()
    wait_until(check.started.is_set)
    threading.Timer(0.3, release.set).start()
    assert scheduler.stop(timeout=5) is True
    assert len(check.fetches) == 1
    time.sleep(SPACING + 0.1)
    assert len(check.fetches) == 1
    # Nothing is left claimed by a check that will not run: another runner can take over at once.
    assert not Resource.objects.filter(pk__in=ids, claimed_until__isnull=False).exists()


def test_stop_gives_up_after_its_bound_on_a_stuck_check() -> None:
    make_boards("stuck.example", 1)
    never = threading.Event()
    check = FakeCheck(block=never)
    scheduler = EmbeddedScheduler(concurrency=1, check=check, housekeeping=False, dispatch_every=0.05)
    scheduler.start()
    wait_until(check.started.is_set)
    assert scheduler.stop(timeout=0.3) is False
    # It gave up while the check was still stuck (it ends only when `never` is set), so its bound
    # ended the wait: proven by the check's state, not by a timing a loaded machine would stretch.
    assert scheduler.running == 1 and not check.fetches
    never.set()
    wait_until(lambda: scheduler.running == 0)
