"""Database-held leases: at most one holder per key (a fetch host, or a named job such as
maintenance) across every worker and replica.

Taken with a conditional UPDATE and its row count (`if updated != 1: another worker got there
first`), which behaves the same on SQLite and PostgreSQL. A lease has an expiry, so a worker that
dies holding one blocks its key only until then.

Every request to a website goes through `host_lease()`: checks and directory discovery alike wait
for the host the same way, hold it for the same duration (renewed before every request) and leave
HOST_MIN_SPACING_MS before the next request to it.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from boards.models import HostLease
from boards.sources import registry
from watchtower.config import current
from watchtower.errors import AppError

LEASE_POLL_MIN = 0.002  # seconds between two tries of a lease whose holder is still fetching...
LEASE_POLL_MAX = 0.2  # ...and at most this, for a holder whose end is unknown


def new_holder() -> str:
    return secrets.token_hex(8)


def lease_acquire(*, key: str, holder: str, duration: timedelta, now: datetime | None = None) -> bool:
    """Take `key` for `duration` if nobody holds it (or the holder's lease ran out)."""
    return _lease_take(key=key, holder=holder, duration=duration, now=now or timezone.now()) is None


def _lease_take(*, key: str, holder: str, duration: timedelta, now: datetime) -> datetime | None:
    """None when `key` is now ours; otherwise when its current holder's lease ends."""
    until = now + duration
    updated = HostLease.objects.filter(Q(key=key) & (Q(leased_until__lte=now) | Q(holder=holder))).update(
        holder=holder, leased_until=until
    )
    if updated == 1:
        return None
    held_until = HostLease.objects.filter(key=key).values_list("leased_until", flat=True).first()
    if held_until is not None:
        return held_until
    try:
        with transaction.atomic():
            HostLease.objects.create(key=key, holder=holder, leased_until=until)
    except IntegrityError:  # another worker inserted the row first: it holds the lease
        return now
    return None


def lease_extend(*, key: str, holder: str, duration: timedelta) -> bool:
    """Push our lease's expiry out (multi-request checks); False if we no longer hold it."""
    until = timezone.now() + duration
    return HostLease.objects.filter(key=key, holder=holder).update(leased_until=until) == 1


def lease_release(*, key: str, holder: str, spacing: timedelta = timedelta(0)) -> None:
    """Give the lease up; with `spacing`, nobody may take it before that much time has passed
    (HOST_MIN_SPACING_MS between two requests to one website)."""
    HostLease.objects.filter(key=key, holder=holder).update(holder="", leased_until=timezone.now() + spacing)


def lease_end_of_host() -> Subquery:
    """For a query of resources: when the lease of each one's fetch host ends (None: never leased)."""
    return Subquery(HostLease.objects.filter(key=OuterRef("fetch_host")).values("leased_until")[:1])


def lease_wait(*, key: str, holder: str, duration: timedelta, deadline: float, free_at: datetime | None = None) -> bool:
    """Take `key`, waiting until `deadline` (monotonic) if someone holds it: asleep until the moment
    the lease says it frees (for a host, the end of the spacing after its last request), not in
    fixed steps, so a waiting check fetches as soon as politeness allows. `free_at`, when the caller
    has read it already, saves asking the lease first."""
    if free_at is not None:
        until_free = (free_at - timezone.now()).total_seconds()
        if 0 < until_free < deadline - time.monotonic():
            time.sleep(until_free)
    while (held_until := _lease_take(key=key, holder=holder, duration=duration, now=timezone.now())) is not None:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        until_free = (held_until - timezone.now()).total_seconds()
        time.sleep(min(max(until_free, LEASE_POLL_MIN), remaining, LEASE_POLL_MAX))
    return True


class HostBusy(AppError):
    """The host's lease stayed taken for as long as the caller would wait."""

    def __init__(self, host: str, waited: float) -> None:
        super().__init__("HOST_BUSY", f"{host} stayed busy for {waited:.0f} s")


def host_lease_duration(platform: str = "") -> timedelta:
    """Long enough for one request and the pause before it (a source's own page spacing, or part
    of the host spacing): the keep-alive renews the lease before every request, so a long paged
    read keeps it while a dead worker's lease runs out quickly."""
    config = current()
    pause_ms = max(min(config.host_min_spacing_ms, 750), registry.page_spacing_ms(platform) if platform else 0)
    return timedelta(seconds=config.fetch_timeout_seconds * 2 + pause_ms / 1000 + 5)


@contextmanager
def host_lease(
    host: str,
    *,
    wait: float,
    platform: str = "",
    holder: str | None = None,
    free_at: datetime | None = None,
) -> Iterator[Callable[[], None]]:
    """Hold `host`'s lease for the block, waiting up to `wait` seconds for it (`lease_wait`), else
    raise `HostBusy`. Yields a keep-alive to call before each request of a multi-request read
    (`platform` names the source, whose page spacing the lease must outlast). On leaving, the lease
    is released with HOST_MIN_SPACING_MS, so nobody's next request to the host comes sooner."""
    holder = holder or new_holder()
    duration = host_lease_duration(platform)
    if not lease_wait(key=host, holder=holder, duration=duration, deadline=time.monotonic() + wait, free_at=free_at):
        raise HostBusy(host, wait)

    def keep_alive() -> None:
        lease_extend(key=host, holder=holder, duration=duration)

    try:
        yield keep_alive
    finally:
        lease_release(key=host, holder=holder, spacing=timedelta(milliseconds=current().host_min_spacing_ms))
