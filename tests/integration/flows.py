"""Assertions and waits shared by the scheduling scenarios of every runner."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import datetime
from itertools import pairwise

from django.db import connection
from django.db.models import QuerySet

from boards.models import HostLease, Resource
from changes.models import Change, WebhookDelivery
from tests.integration.platform import Hit, HookCall


def assert_one_at_a_time_and_spaced(hits: list[Hit], *, spacing: float) -> None:
    """Requests to one host never overlap, and each starts at least `spacing` after the last ended."""
    assert hits, "no requests to the host"
    for earlier, later in pairwise(hits):
        gap = later.start - earlier.end
        assert gap >= spacing - 0.02, f"{later.path} started {gap:.3f}s after {earlier.path} ended"


def assert_signed(call: HookCall, secret: str) -> dict:
    timestamp = call.headers["x-watchtower-timestamp"]
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + call.body, hashlib.sha256).hexdigest()
    assert call.headers["x-watchtower-signature"] == f"sha256={expected}"
    body = json.loads(call.body)
    assert body["delivery_id"] == call.headers["x-watchtower-delivery"]
    return body


def over_other_backends(select: str, where: str = "TRUE") -> int:
    """`select` (an aggregate) over the other connections to the test database that match `where`."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {select} FROM pg_stat_activity "
            f"WHERE datname = current_database() AND pid <> pg_backend_pid() AND {where}"
        )
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def others_waiting_on_a_lock() -> int:
    return over_other_backends("count(*)", "wait_event_type = 'Lock'")


def others_in_a_transaction() -> int:
    return over_other_backends(
        "count(*)", "state IN ('active', 'idle in transaction') AND backend_type = 'client backend'"
    )


def terminate_backends_of_others() -> int:
    """Drop every other connection to the test database, as a PostgreSQL restart would."""
    return over_other_backends("count(pg_terminate_backend(pid))")


def time_passes_for_a_dead_worker(resource: Resource) -> None:
    """What the clock would do after a worker died holding a claim and a host lease: both run out."""
    from django.utils import timezone

    now = timezone.now()
    HostLease.objects.filter(key=resource.fetch_host).update(leased_until=now)
    Resource.objects.filter(pk=resource.pk).update(claimed_until=now)


def checked(*resources: Resource) -> bool:
    ids = [r.pk for r in resources]
    return Resource.objects.filter(pk__in=ids, last_checked_at__isnull=False).count() == len(ids)


def checked_since(moment: datetime, *resources: Resource) -> bool:
    ids = [r.pk for r in resources]
    return Resource.objects.filter(pk__in=ids, last_checked_at__gte=moment).count() == len(ids)


def change_count_is(n: int) -> bool:
    return Change.objects.count() == n


def attempts_exceed(rows: QuerySet[WebhookDelivery], attempts: int) -> bool:
    return sum(rows.all().values_list("attempts", flat=True)) > attempts
