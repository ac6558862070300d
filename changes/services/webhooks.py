"""The enqueue side of the webhook outbox: the fan-out of written changes to webhook watches.
Delivery is in changes/services/delivery.py.

A check's transaction only writes its changes (under the change-write lock, so change ids commit in
order). The fan-out runs beside it — every `FANOUT_EVERY` seconds from the embedded runner's fan-out
thread or Celery beat — and, per batch of changes above the `WebhookFanout` mark:

1. Locks the mark (a second runner at the same time skips, it does not wait).
2. Reads the next `batch` changes above it, and the live webhook watches that could see them:
   search watches, and board watches of the boards in the batch (`Watch.objects.live(now)`, so an
   expired watch that maintenance has not swept yet gets nothing).
3. Matches them in memory: each distinct search once against the whole batch, with the feed's own
   rules (`feed.changes_seen`, the in-memory form of the `watch_changes` query that `get_changes`
   runs, held to the same meaning by the agreement tests, so a webhook and the feed never disagree).
4. Writes one delivery row per watch with matches and moves the mark to the batch's last id, in the
   same transaction: a crash before the commit leaves the mark where it was (the batch is fanned out
   again, nothing was written), a crash after it leaves nothing to redo. Exactly once either way.

Change ids above the mark become visible in id order (the change-write lock is held from id
allocation to commit), so moving the mark past what this transaction saw never skips a change.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from datetime import datetime

from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from changes.models import Change, WebhookDelivery, WebhookFanout
from changes.services.feed import changes_seen
from changes.services.present import change_as_dict, change_common
from watches.filters import Filters, RowBatch
from watches.models import Watch, WatchKind

# Changes fanned out per transaction: bounds the batch held in memory and a board watch's payload.
FANOUT_BATCH = 500
# Batches per run, so one run cannot hold a worker forever behind a huge backlog.
MAX_BATCHES = 20


def webhooks_fan_out(*, now: datetime | None = None, batch: int = FANOUT_BATCH, max_batches: int = MAX_BATCHES) -> int:
    """Enqueue the deliveries owed for changes not fanned out yet. Returns how many rows were written."""
    written = 0
    for _ in range(max_batches):
        read, deliveries = _fan_out_batch(now=now or timezone.now(), batch=batch)
        written += deliveries
        if read < batch:
            break
    return written


def fanout_backlog() -> int:
    """Changes written but not fanned out yet (the `watchtower_webhook_fanout_backlog` gauge; 0
    when the fan-out keeps up). Counted, not the highest id less the mark: ids a rolled-back check
    took would count too. The count reads the primary key index above the mark only."""
    mark = WebhookFanout.objects.filter(pk=1).values_list("last_change_id", flat=True).first() or 0
    return Change.objects.filter(id__gt=mark).count()


def _fan_out_batch(*, now: datetime, batch: int) -> tuple[int, int]:
    with transaction.atomic():
        mark = _lock_mark()
        if mark is None:  # another runner is fanning out right now
            return 0, 0
        changes = list(
            Change.objects.filter(id__gt=mark.last_change_id).select_related("resource").order_by("id")[:batch]
        )
        if not changes:
            return 0, 0
        deliveries = _deliveries(changes, high=changes[-1].id, now=now)
        _write(deliveries)
        WebhookFanout.objects.filter(pk=mark.pk).update(last_change_id=changes[-1].id, updated_at=now)
    return len(changes), len(deliveries)


def _lock_mark() -> WebhookFanout | None:
    """The mark, row-locked until commit; None while another transaction holds it (PostgreSQL).
    SQLite has one writer at a time, which serialises fan-outs by itself.

    A locked row and a missing one both read as nothing through SKIP LOCKED, so a miss is told
    apart by a plain read. (It once called itself again on every miss: while another runner held
    the lock, get_or_create found the row, the retry skipped it again, and so on until
    RecursionError, the error once seen in the `fan_out_webhooks` task when two runs overlapped.)"""
    marks = WebhookFanout.objects.filter(pk=1)
    skip_locked = connection.features.has_select_for_update_skip_locked
    mark = (marks.select_for_update(skip_locked=True) if skip_locked else marks).first()
    if mark is not None:
        return mark
    if skip_locked and marks.exists():
        return None  # another runner is fanning out right now
    # The row is created by the migration; only a flushed database (tests) lacks it. Creating it
    # at 0 is right there: every change in such a database is newer than any delivery.
    mark, _ = WebhookFanout.objects.get_or_create(pk=1)
    return mark


def _deliveries(changes: Sequence[Change], *, high: int, now: datetime) -> list[WebhookDelivery]:
    resource_ids = {change.resource_id for change in changes}
    watches = list(
        Watch.objects.live(now)
        .exclude(webhook_url="")
        .filter(Q(kind=WatchKind.SEARCH) | Q(kind=WatchKind.BOARD, resource_id__in=resource_ids))
        .filter(baseline__lt=high)
        .order_by("id")
    )
    matches = _match(watches, changes, now=now)
    common = {change.id: change_common(change) for change in changes}
    deliveries = []
    for watch in watches:
        matching = matches.get(watch.pk)
        if not matching:
            continue
        deliveries.append(
            WebhookDelivery(
                watch_id=watch.pk,
                first_change_id=matching[0].id,
                last_change_id=matching[-1].id,
                payload={
                    "watch_id": watch.public_id,
                    "label": watch.label,
                    "url": watch.source_url or None,
                    "query": watch.query or None,
                    "changes": [change_as_dict(change, watch, common=common[change.id]) for change in matching],
                },
            )
        )
    return deliveries


def _write(deliveries: Sequence[WebhookDelivery]) -> None:
    """The outbox rows, on PostgreSQL in one COPY. `bulk_create` sends each column as one array
    (UNNEST), and psycopg escapes every quote of every JSON payload into the array's text: for a
    batch of 100 changes to 10,000 webhook watches (6,186 rows, 12 MB of JSON) the fan-out took
    4.8 s CPU and 21.4 s wall with it, 3.0 s CPU and 9.8 s wall with COPY (load 17;
    bench/fanout.py)."""
    if connection.vendor != "postgresql" or not deliveries:
        WebhookDelivery.objects.bulk_create(deliveries, batch_size=500)
        return
    fields = [field for field in WebhookDelivery._meta.concrete_fields if not field.primary_key]
    columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
    table = connection.ops.quote_name(WebhookDelivery._meta.db_table)
    with connection.cursor() as cursor, cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        for delivery in deliveries:
            copy.write_row([field.get_db_prep_save(getattr(delivery, field.attname), connection) for field in fields])


def _match(watches: Sequence[Watch], changes: Sequence[Change], *, now: datetime) -> dict[int, list[Change]]:
    """{watch id: the changes of the batch it sees, in id order}, decided in memory.

    A batch is a few hundred changes at most, so each distinct search (watches that differ only
    in their baseline share one) is evaluated against the whole batch in Python (`changes_seen`,
    the feed's own rules held to the SQL's meaning; `RowBatch` hands each search only the changes
    holding one of its keywords) instead of one feed query per search. For 100 new jobs and
    10,000 webhook watches with 2,872 distinct searches, the whole fan-out took 10.3 s CPU and
    43.5 s wall with a query per search, 4.8 s CPU and 21.4 s wall matching in memory (same
    writer, load 17; bench/fanout.py). Each watch's baseline is then applied to what its search
    matched.
    """
    groups: dict[tuple[str, int | None, str], list[Watch]] = defaultdict(list)
    for watch in watches:
        groups[(watch.kind, watch.resource_id, json.dumps(watch.filters, sort_keys=True))].append(watch)
    batch = RowBatch(changes)
    matches: dict[int, list[Change]] = {}
    for (kind, resource_id, _), members in groups.items():
        seen = changes_seen(
            kind=kind, resource_id=resource_id, filters=Filters.from_dict(members[0].filters), batch=batch, now=now
        )
        if not seen:
            continue
        for watch in members:
            matches[watch.pk] = [change for change in seen if change.id > watch.baseline]
    return matches
