"""Periodic clean-up (SPEC §10–§11; anchor-services §5.6), run every ten minutes by whichever
runner gets the single-runner lease (a HostLease row keyed "maintenance", so it works the same on
SQLite and PostgreSQL and a crashed runner's lock runs out).

Every rule is one bulk statement and safe to run twice; the order matters in one place: watches
expire (and old soft-deleted ones are purged) before unwatched resources are looked for.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Max, Model, QuerySet
from django.utils import timezone

from boards.groups import REPOST_WINDOW
from boards.models import HostLease, IndexOrigin, JobGroup, Resource, Snapshot
from boards.services.directory import uncovered_forget
from boards.services.leases import lease_acquire, lease_release, new_holder
from changes.models import Change, DeliveryStatus, WebhookDelivery
from changes.services.matches import matches_prune, searches_prune, searches_register
from watches.models import Client, CountsDaily, UsageDaily, Watch
from watches.services.ratelimits import ratelimits_prune
from watchtower.config import current

logger = logging.getLogger(__name__)

LOCK_KEY = "maintenance"
LOCK_DURATION = timedelta(minutes=10)
# A promoted board that failed this many checks in a row (about a week with backoff) leaves the directory.
PROMOTED_MAX_FAILURES = 8
# Soft-deleted watch rows are kept this long (they still answer "expired"/"deleted" to their client).
DELETED_WATCH_KEEP = timedelta(days=30)
UNWATCHED_RESOURCE_GRACE = timedelta(days=1)
IDLE_CLIENT_AFTER = timedelta(days=90)
RATE_LIMIT_KEEP = timedelta(days=1)
FINISHED_DELIVERY_KEEP = timedelta(days=7)
USAGE_KEEP = timedelta(days=400)
STALE_LEASE_KEEP = timedelta(hours=1)


def maintenance_run(*, now: datetime | None = None) -> dict[str, int] | None:
    """Apply every retention rule once; None when another runner holds the maintenance lock."""
    now = now or timezone.now()
    holder = new_holder()
    if not lease_acquire(key=LOCK_KEY, holder=holder, duration=LOCK_DURATION, now=now):
        return None
    try:
        counts = _run(now)
    finally:
        lease_release(key=LOCK_KEY, holder=holder)
    if any(counts.values()):
        logger.info("maintenance: %s", ", ".join(f"{name}={n}" for name, n in counts.items() if n), extra=counts)
    return counts


def _run(now: datetime) -> dict[str, int]:
    config = current()
    counts: dict[str, int] = {}
    counts["expired_watches"] = Watch.objects.lapsed(now).update(deleted_at=now, delete_reason="expired")
    counts["purged_watches"] = _deleted(Watch.objects.filter(deleted_at__lt=now - DELETED_WATCH_KEEP), Watch)
    counts["deleted_changes"] = _deleted(
        Change.objects.filter(created_at__lt=now - timedelta(days=config.change_retention_days)), Change
    )
    counts["deleted_feed_matches"] = matches_prune()
    # Searches of watches that lapsed are forgotten, those of new (or bulk-made) watches registered.
    counts["deleted_feed_searches"] = searches_prune(now=now)
    counts["registered_feed_searches"] = searches_register(now=now)
    counts["deleted_snapshots"] = _deleted(_old_snapshots(now, config.snapshot_retention_days), Snapshot)
    # A vacancy closed longer than the repost window can no longer be reposted, and no change kept
    # still needs its `closed_at` (the feed's `open: false`): the board forgets it.
    forget_after = max(REPOST_WINDOW, timedelta(days=config.change_retention_days))
    counts["deleted_job_groups"] = _deleted(JobGroup.objects.filter(closed_at__lt=now - forget_after), JobGroup)
    counts["unindexed_boards"] = Resource.objects.filter(
        indexed=True, index_origin=IndexOrigin.WATCHED, consecutive_failures__gte=PROMOTED_MAX_FAILURES
    ).update(indexed=False, index_origin="")
    # Boards no search covers any longer leave search now, not when their row goes (a day, or a
    # month while a deleted watch's row is kept).
    counts["forgotten_boards"] = uncovered_forget(now=now)
    counts["deleted_resources"] = _deleted(
        Resource.objects.filter(indexed=False, created_at__lt=now - UNWATCHED_RESOURCE_GRACE, watches__isnull=True),
        Resource,
    )
    active_clients = Watch.objects.live(now).values("client_id")
    counts["deleted_clients"] = _deleted(
        Client.objects.filter(last_seen_at__lt=now - IDLE_CLIENT_AFTER).exclude(pk__in=active_clients), Client
    )
    counts["deleted_rate_limit_windows"] = ratelimits_prune(older_than=RATE_LIMIT_KEEP)
    counts["deleted_deliveries"] = _deleted(
        WebhookDelivery.objects.filter(
            status__in=[DeliveryStatus.DELIVERED, DeliveryStatus.FAILED], created_at__lt=now - FINISHED_DELIVERY_KEEP
        ),
        WebhookDelivery,
    )
    oldest_day = (now - USAGE_KEEP).date()
    counts["deleted_usage_rows"] = _deleted(UsageDaily.objects.filter(day__lt=oldest_day), UsageDaily) + _deleted(
        CountsDaily.objects.filter(day__lt=oldest_day), CountsDaily
    )
    counts["deleted_host_leases"] = _deleted(
        HostLease.objects.filter(leased_until__lt=now - STALE_LEASE_KEEP).exclude(key=LOCK_KEY), HostLease
    )
    return counts


def _old_snapshots(now: datetime, retention_days: int) -> QuerySet[Snapshot]:
    """Snapshots past retention that are not their resource's newest (the current one)."""
    current_ids = Snapshot.objects.values("resource_id").annotate(newest=Max("id")).values("newest")
    return Snapshot.objects.filter(taken_at__lt=now - timedelta(days=retention_days)).exclude(pk__in=current_ids)


def _deleted(queryset: QuerySet[Any], model: type[Model]) -> int:
    """Rows of `model` itself removed by deleting `queryset` (cascaded rows are not counted)."""
    _, per_model = queryset.delete()
    return int(per_model.get(model._meta.label, 0))
