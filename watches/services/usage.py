"""Daily usage counters (SPEC §15): one row per (UTC day, client, tool, interface) and per (UTC
day, metric, dim), bumped in place, so a busy client costs one UPDATE per call and never a row per
request. Nothing here stores an address or anything else about a visitor."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime

from django.db import IntegrityError, connection, transaction
from django.db.models import F, Model
from django.utils import timezone

from watches.models import CountsDaily, UsageDaily

MAX_DIM_LENGTH = 120
MAX_NAME_LENGTH = 40


def utc_today(now: datetime | None = None) -> date:
    return (now or timezone.now()).astimezone(UTC).date()


@contextmanager
def counter_writes() -> Iterator[None]:
    """A transaction for counters bumped on every request (daily usage, rate-limit windows) that
    does not wait for the write-ahead log to reach the disk (PostgreSQL `synchronous_commit = off`
    for this transaction only). A crash of the database server may lose the last fraction of a
    second of increments, never corrupt anything; waiting for an fsync per counter would cost each
    request several milliseconds."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL synchronous_commit TO OFF")
        yield


def _bump(model: type[Model], counter: str, key: dict[str, object]) -> None:
    """Add one to `counter` of the row at `key`, creating it on first use.

    1. A conditional UPDATE: the common case, one statement and no read.
    2. No row yet: INSERT it with 1, inside a savepoint so a failure leaves the caller's
       transaction usable.
    3. Another process inserted the same row between 1 and 2 (the unique constraint says so):
       the UPDATE now finds it.
    """
    manager = model._default_manager
    with counter_writes():
        if manager.filter(**key).update(**{counter: F(counter) + 1}):
            return
        try:
            with transaction.atomic():
                manager.create(**key, **{counter: 1})
        except IntegrityError:
            manager.filter(**key).update(**{counter: F(counter) + 1})


def usage_record(*, client_id: int, tool: str, interface: str, now: datetime | None = None) -> None:
    """Count one call of `tool` (the MCP tool name, also for REST) by a client today."""
    _bump(
        UsageDaily,
        "calls",
        {"day": utc_today(now), "client_id": client_id, "tool": tool[:MAX_NAME_LENGTH], "interface": interface},
    )


def counts_record(*, metric: str, dim: str, now: datetime | None = None) -> None:
    """Count one anonymous event (`page_view`, `mcp_connect`, `anonymous_search`, …) today."""
    _bump(CountsDaily, "n", {"day": utc_today(now), "metric": metric[:MAX_NAME_LENGTH], "dim": dim[:MAX_DIM_LENGTH]})
