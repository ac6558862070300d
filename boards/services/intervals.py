"""How often a resource is checked: the shortest interval its active watches ask for, or the
directory interval for indexed boards, never below MIN_CHECK_INTERVAL_SECONDS (SPEC §11)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Min, QuerySet

from boards.models import Resource
from watches.models import live_watch_q
from watchtower.config import current

# Backoff after failures: interval x 2^failures, capped; a refusal (robots, bot wall, 403) waits a day.
MAX_BACKOFF = timedelta(days=1)
MAX_RETRY_AFTER = timedelta(days=7)


def with_watch_interval(resources: QuerySet[Resource], *, now: datetime | None = None) -> QuerySet[Resource]:
    """`resources`, each with the shortest interval its active watches ask for (None: no watch)
    read along with it, so the end of a check need not ask for it in a statement of its own."""
    return resources.annotate(shortest_watch_interval=_shortest_watch_interval(now))


def _shortest_watch_interval(now: datetime | None) -> Min:
    return Min("watches__interval_seconds", filter=live_watch_q(now, through="watches__"))


def resource_interval_seconds(resource: Resource, *, now: datetime | None = None) -> int:
    config = current()
    candidates: list[int] = []
    if hasattr(resource, "shortest_watch_interval"):  # read by `with_watch_interval`
        shortest = resource.shortest_watch_interval
    else:
        shortest = Resource.objects.filter(pk=resource.pk).aggregate(shortest=_shortest_watch_interval(now))["shortest"]
    if shortest:
        candidates.append(int(shortest))
    if resource.indexed:
        candidates.append(config.index_check_interval_seconds)
    interval = min(candidates) if candidates else config.default_check_interval_seconds
    return max(interval, config.min_check_interval_seconds)


def backoff_delay(*, interval_seconds: int, failures: int, refusal: bool, retry_after: int | None) -> timedelta:
    """Exponential backoff for a failing resource, honouring the site's Retry-After."""
    if refusal:
        delay = MAX_BACKOFF
    else:
        delay = min(timedelta(seconds=interval_seconds * 2 ** min(failures, 6)), MAX_BACKOFF)
    if retry_after:
        delay = min(max(delay, timedelta(seconds=retry_after)), MAX_RETRY_AFTER)
    return delay
