"""Dead directory boards retire themselves.

A directory of 27,000 boards gathered from public lists holds boards that have closed: checking them
every four hours forever costs requests and shows as failures. A board that answers "gone" (HTTP
404 or 410, or a platform's own "no such board", code `BOARD_NOT_FOUND`) on every check for at least
`RETIRE_AFTER` (at least `MIN_GONE_CHECKS` checks) is retired: no longer checked, its stale open jobs
dropped, kept with the reason and date (admin), and revived when a watch asks for it or an operator
does (`resources.resource_revive`). A board that is merely failing (5xx, timeouts, refusals) breaks
the run and keeps its backoff. A board a live watch follows is never retired.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

from boards.models import Resource
from boards.services.resources import FORGOTTEN_FIELDS, resource_jobs_forget
from watches.models import Watch
from watchtower.errors import AppError

RETIRE_AFTER = timedelta(days=7)
MIN_GONE_CHECKS = 2
GONE_STATUSES = frozenset({404, 410})
# A source that recognises its platform's own "no such board" answer raises AppError with this code.
GONE_CODE = "BOARD_NOT_FOUND"


def is_gone(exc: AppError) -> bool:
    """Whether a failed check's error says the board no longer exists (not that the host is failing)."""
    if exc.code == GONE_CODE:
        return True
    status = getattr(exc, "http_status", None) or exc.extra.get("http_status")
    return exc.code == "UPSTREAM_ERROR" and status in GONE_STATUSES


def failure_fields(resource: Resource, exc: AppError, *, now: datetime) -> dict[str, Any]:
    """The retirement fields a failed check writes: the start of a "gone" run, or its end."""
    if not is_gone(exc):
        return {"gone_since": None}
    return {"gone_since": resource.gone_since or now}


def retire_if_dead(resource: Resource, exc: AppError, *, now: datetime, failures: int) -> bool:
    """Retire `resource` when its run of "gone" answers has lasted `RETIRE_AFTER` over at least
    `MIN_GONE_CHECKS` consecutive checks, it is in the directory, and no live watch follows it."""
    if not is_gone(exc) or resource.gone_since is None or not resource.indexed or resource.retired_at:
        return False
    if now - resource.gone_since < RETIRE_AFTER or failures < MIN_GONE_CHECKS:
        return False
    if Watch.objects.live(now).filter(resource=resource).exists():
        return False
    reason = f"{exc.code}: {exc.message}"[:260] + f" (gone since {resource.gone_since.date().isoformat()})"
    with transaction.atomic():
        retired = Resource.objects.filter(pk=resource.pk, retired_at__isnull=True).update(
            retired_at=now,
            retired_reason=reason[:300],
            # Its jobs were last seen a week ago: no search finds them any longer, and a revived
            # board's first read is a fresh baseline (no flood of "new" jobs).
            **FORGOTTEN_FIELDS,
        )
        if retired:
            resource_jobs_forget([resource.pk])
    if retired:
        resource.retired_at, resource.retired_reason = now, reason[:300]
    return bool(retired)
