"""The enqueue side of the webhook outbox: the fan-out of written changes to webhook watches.
Delivery is in changes/services/delivery.py.

A check's transaction only writes its changes (under the change-write lock, so change ids commit in
order). The fan-out runs beside it — every `FANOUT_EVERY` seconds from the embedded runner's fan-out
thread or Celery beat — and, per batch of changes above the `WebhookFanout` mark:

1. Locks the mark (a second runner at the same time skips, it does not wait).
2. Reads the next `batch` changes above it, and the live webhook watches that could see them:
   search watches, and board watches of the boards in the batch (`Watch.objects.live(now)`, so an
   expired watch that maintenance has not swept yet gets nothing).
3. Matches them in SQL, with each watch's own feed query (`feed.watch_changes`, the predicate
   `get_changes` uses, so a webhook and the feed never disagree), many watches per statement.
4. Writes one delivery row per watch with matches and moves the mark to the batch's last id, in the
   same transaction: a crash before the commit leaves the mark where it was (the batch is fanned out
   again, nothing was written), a crash after it leaves nothing to redo. Exactly once either way.

Change ids above the mark become visible in id order (the change-write lock is held from id
allocation to commit), so moving the mark past what this transaction saw never skips a change.
"""

from __future__ import annotations

import copy
import json
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from changes.models import Change, WebhookDelivery, WebhookFanout
from changes.services.feed import watch_changes
from changes.services.present import change_as_dict
from watches.models import Watch, WatchKind

# Changes fanned out per transaction: bounds the statement sizes and a board watch's payload.
FANOUT_BATCH = 500
# Batches per run, so one run cannot hold a worker forever behind a huge backlog.
MAX_BATCHES = 20
# Watch queries joined with UNION ALL into one statement (SQLite caps a compound SELECT at 500).
WATCHES_PER_STATEMENT = 100


def webhooks_fan_out(*, now: datetime | None = None, batch: int = FANOUT_BATCH, max_batches: int = MAX_BATCHES) -> int:
    """Enqueue the deliveries owed for changes not fanned out yet. Returns how many rows were written."""
    written = 0
    for _ in range(max_batches):
        changes_seen, deliveries = _fan_out_batch(now=now or timezone.now(), batch=batch)
        written += deliveries
        if changes_seen < batch:
            break
    return written


def fanout_backlog() -> int:
    """Changes written but not fanned out yet (a gauge; 0 when the fan-out keeps up)."""
    mark = WebhookFanout.objects.filter(pk=1).values_list("last_change_id", flat=True).first() or 0
    return Change.objects.filter(id__gt=mark).count()


def _fan_out_batch(*, now: datetime, batch: int) -> tuple[int, int]:
    with transaction.atomic():
        mark = _lock_mark()
        if mark is None:  # another runner is fanning out right now
            return 0, 0
        changes = list(Change.objects.filter(id__gt=mark.last_change_id).order_by("id")[:batch])
        if not changes:
            return 0, 0
        deliveries = _deliveries(changes, low=mark.last_change_id, high=changes[-1].id, now=now)
        WebhookDelivery.objects.bulk_create(deliveries, batch_size=500)
        WebhookFanout.objects.filter(pk=mark.pk).update(last_change_id=changes[-1].id, updated_at=now)
    return len(changes), len(deliveries)


def _lock_mark() -> WebhookFanout | None:
    """The mark, row-locked until commit; None while another transaction holds it (PostgreSQL).
    SQLite has one writer at a time, which serialises fan-outs by itself."""
    marks = WebhookFanout.objects.filter(pk=1)
    if connection.features.has_select_for_update_skip_locked:
        marks = marks.select_for_update(skip_locked=True)
    mark = marks.first()
    if mark is not None:
        return mark
    # The row is created by the migration; only a flushed database (tests) lacks it. Creating it
    # at 0 is right there: every change in such a database is newer than any delivery.
    mark, _ = WebhookFanout.objects.get_or_create(pk=1)
    return _lock_mark() if connection.features.has_select_for_update_skip_locked else mark


def _deliveries(changes: Sequence[Change], *, low: int, high: int, now: datetime) -> list[WebhookDelivery]:
    resource_ids = {change.resource_id for change in changes}
    watches = list(
        Watch.objects.live(now)
        .exclude(webhook_url="")
        .filter(Q(kind=WatchKind.SEARCH) | Q(kind=WatchKind.BOARD, resource_id__in=resource_ids))
        .filter(baseline__lt=high)
        .order_by("id")
    )
    matches = _match(watches, low=low, high=high)
    by_id = {change.id: change for change in changes}
    deliveries = []
    for watch in watches:
        ids = sorted(matches.get(watch.pk, ()))
        if not ids:
            continue
        matching = [by_id[change_id] for change_id in ids]
        deliveries.append(
            WebhookDelivery(
                watch=watch,
                first_change_id=ids[0],
                last_change_id=ids[-1],
                payload={
                    "watch_id": watch.public_id,
                    "label": watch.label,
                    "url": watch.source_url or None,
                    "query": watch.query or None,
                    "changes": [change_as_dict(change, watch) for change in matching],
                },
            )
        )
    return deliveries


def _match(watches: Sequence[Watch], *, low: int, high: int) -> dict[int, set[int]]:
    """{watch id: ids of the changes in (low, high] it sees}, asked of the database with the
    watches' feed queries, `WATCHES_PER_STATEMENT` queries per statement.

    Watches that differ only in their baseline share one query (many watches repeat a search),
    compiled once per process (`_feed_sql`): compiling a queryset costs about a millisecond, which
    for ten thousand webhook watches would be most of the fan-out. Each watch's baseline is then
    applied to the ids its query returned."""
    groups: dict[tuple[str, int | None, str], list[Watch]] = defaultdict(list)
    for watch in watches:
        groups[_query_key(watch)].append(watch)
    keys = list(groups)
    found: dict[int, list[int]] = defaultdict(list)
    for start in range(0, len(keys), WATCHES_PER_STATEMENT):
        parts: list[str] = []
        params: list[Any] = []
        for number, key in enumerate(keys[start : start + WATCHES_PER_STATEMENT], start=start):
            sql, sql_params = _feed_sql(key, groups[key][0])
            parts.append(f"SELECT {number}, matched.id FROM ({sql}) matched WHERE matched.id > %s AND matched.id <= %s")
            params.extend((*sql_params, low, high))
        with connection.cursor() as cursor:
            cursor.execute(" UNION ALL ".join(parts), params)
            for number, change_id in cursor.fetchall():
                found[number].append(change_id)
    matches: dict[int, set[int]] = {}
    for number, change_ids in found.items():
        for watch in groups[keys[number]]:
            matches[watch.pk] = {change_id for change_id in change_ids if change_id > watch.baseline}
    return matches


def _query_key(watch: Watch) -> tuple[str, int | None, str]:
    """What `watch_changes` reads of a watch besides its baseline."""
    return (watch.kind, watch.resource_id, json.dumps(watch.filters, sort_keys=True))


# Compiled feed queries by `_query_key`; bounded, cleared when full (recompiling is only slower).
_COMPILED: dict[tuple[str, int | None, str], tuple[str, tuple[Any, ...]]] = {}
COMPILED_MAX = 50_000


def _feed_sql(key: tuple[str, int | None, str], watch: Watch) -> tuple[str, tuple[Any, ...]]:
    """The SQL of `watch_changes` for watches with this key, without the baseline (0)."""
    compiled = _COMPILED.get(key)
    if compiled is None:
        template = copy.copy(watch)
        template.baseline = 0
        sql, params = watch_changes(template).values_list("id").query.sql_with_params()
        compiled = (sql, tuple(params))
        if len(_COMPILED) >= COMPILED_MAX:
            _COMPILED.clear()
        _COMPILED[key] = compiled
    return compiled
