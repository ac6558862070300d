"""Database-held leases: at most one holder per key (a fetch host, or a named job such as
maintenance) across every worker and replica.

Taken with a conditional UPDATE and its row count (`if updated != 1: another worker got there
first`), which behaves the same on SQLite and PostgreSQL. A lease has an expiry, so a worker that
dies holding one blocks its key only until then.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from boards.models import HostLease


def new_holder() -> str:
    return secrets.token_hex(8)


def lease_acquire(*, key: str, holder: str, duration: timedelta, now: datetime | None = None) -> bool:
    """Take `key` for `duration` if nobody holds it (or the holder's lease ran out)."""
    now = now or timezone.now()
    until = now + duration
    updated = HostLease.objects.filter(Q(key=key) & (Q(leased_until__lte=now) | Q(holder=holder))).update(
        holder=holder, leased_until=until
    )
    if updated == 1:
        return True
    if HostLease.objects.filter(key=key).exists():
        return False
    try:
        with transaction.atomic():
            HostLease.objects.create(key=key, holder=holder, leased_until=until)
    except IntegrityError:  # another worker inserted the row first: it holds the lease
        return False
    return True


def lease_extend(*, key: str, holder: str, duration: timedelta) -> bool:
    """Push our lease's expiry out (multi-request checks); False if we no longer hold it."""
    until = timezone.now() + duration
    return HostLease.objects.filter(key=key, holder=holder).update(leased_until=until) == 1


def lease_release(*, key: str, holder: str, spacing: timedelta = timedelta(0)) -> None:
    """Give the lease up; with `spacing`, nobody may take it before that much time has passed
    (HOST_MIN_SPACING_MS between two requests to one website)."""
    HostLease.objects.filter(key=key, holder=holder).update(holder="", leased_until=timezone.now() + spacing)


def lease_free_at(*, key: str) -> datetime | None:
    """When `key` can next be taken (None: never leased)."""
    return HostLease.objects.filter(key=key).values_list("leased_until", flat=True).first()
