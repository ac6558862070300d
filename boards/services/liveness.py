"""Whether the scheduler is alive (issue 15 item 3), for `/health`.

Both modes hand due checks out through one function, `scheduler.dispatch`: the embedded loop calls
it every second, Celery beat's `dispatch_due` task every two. Each call stamps the "scheduler"
heartbeat row (at most every `TICK_WRITE_EVERY` per process), so any process that shares the
database sees when the scheduler last ran. Two observations say it has stalled, each past
`SCHEDULER_STALL_SECONDS`: no tick for that long (the loop died, beat or every worker is down, the
broker is gone), or a watched board due for that long (ticks happen, checks do not).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Min
from django.utils import timezone

from boards.models import Heartbeat, Resource
from watches.models import live_watch_q
from watchtower.config import current

SCHEDULER = "scheduler"
TICK_WRITE_EVERY = 10.0  # seconds: a tick a second needs no write a second
_next_write = 0.0  # time.monotonic() of this process's next heartbeat write
# A process that has never seen a tick counts its silence from its own start.
_STARTED = timezone.now()


def scheduler_tick(*, now: datetime | None = None) -> None:
    """Record that the scheduler ran (called by `scheduler.dispatch`)."""
    global _next_write
    if time.monotonic() < _next_write:
        return
    now = now or timezone.now()
    if not Heartbeat.objects.filter(name=SCHEDULER).update(beat_at=now):
        Heartbeat.objects.get_or_create(name=SCHEDULER, defaults={"beat_at": now})
    _next_write = time.monotonic() + TICK_WRITE_EVERY


@dataclass(frozen=True)
class Liveness:
    last_tick_at: datetime | None
    tick_age_seconds: float
    oldest_overdue_seconds: float  # of the watched boards that are due; 0 when none is
    stalled: bool

    def as_dict(self) -> dict[str, object]:
        return {
            "last_tick_at": self.last_tick_at.isoformat() if self.last_tick_at else None,
            "tick_age_seconds": round(self.tick_age_seconds, 1),
            "oldest_overdue_check_seconds": round(self.oldest_overdue_seconds, 1),
            "stalled": self.stalled,
        }


def scheduler_liveness(*, now: datetime | None = None) -> Liveness:
    now = now or timezone.now()
    threshold = current().scheduler_stall_seconds
    last = Heartbeat.objects.filter(name=SCHEDULER).values_list("beat_at", flat=True).first()
    tick_age = (now - (last or _STARTED)).total_seconds()
    oldest_due = (
        Resource.objects.filter(
            pk__in=Resource.objects.filter(live_watch_q(now, through="watches__")).values("pk"),
            next_check_at__lte=now,
        )
        .aggregate(oldest=Min("next_check_at"))
        .get("oldest")
    )
    overdue = max(0.0, (now - oldest_due).total_seconds()) if oldest_due else 0.0
    stalled = tick_age > threshold or overdue > threshold
    return Liveness(
        last_tick_at=last, tick_age_seconds=max(0.0, tick_age), oldest_overdue_seconds=overdue, stalled=stalled
    )
