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
4. Writes one delivery row per watch with matches, holding the ids of its changes (the body is
   built from them when the row is first sent: changes/services/delivery.py), the batch's matches
   of the searches that keep them, matched the same way (changes/services/matches.py: the feed
   reads a rare search's page from them), and moves the mark to the batch's last id, in the same
   transaction: a crash before the commit leaves the mark
   where it was (the batch is fanned out again, nothing was written), a crash after it leaves
   nothing to redo. Exactly once either way.

Change ids above the mark become visible in id order (the change-write lock is held from id
allocation to commit), so moving the mark past what this transaction saw never skips a change.
"""

from __future__ import annotations

import functools
import json
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple

from django.db import connection, transaction
from django.db.models import Q, TextField
from django.db.models.functions import Cast
from django.utils import timezone

from changes.models import Change, WebhookDelivery, WebhookFanout
from changes.services.feed import changes_seen
from changes.services.matches import indexed_searches, matches_write
from watches.filters import Filters, RowBatch
from watches.models import Watch, WatchKind

# Changes fanned out per transaction: bounds the batch held in memory and a board watch's payload.
FANOUT_BATCH = 500
# What matching never reads of a change (the body is built from it when the delivery is sent).
BODY_ONLY = ("data", "summary", "changed_fields")
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


def warm_filters(*, now: datetime | None = None) -> int:
    """Parse and compile every live webhook watch's filters, and those of the searches that keep
    matches (changes/services/matches.py), before this process's first fan-out.

    A process's first fan-out otherwise compiles every distinct search's term and place keys
    inside its batch (2,872 searches of 10,000 webhook watches: 0.1-1 s of CPU by the load, the
    difference between a cold and a warm fan-out in bench/fanout.py), delaying the first
    deliveries after a start or a deploy. Called where the fan-out runs: the embedded fan-out
    thread, and Celery worker processes that consume the fan-out queue. Returns the distinct
    filters compiled (watches with the same filters share one)."""
    texts = (
        Watch.objects.live(now or timezone.now())
        .exclude(webhook_url="")
        .values_list(Cast("filters", TextField()), flat=True)
        .distinct()
    )
    compiled = set()
    for text in [*texts.iterator(chunk_size=2_000), *(search.filters for search in indexed_searches())]:
        if text not in compiled:
            _filters(text).keys  # noqa: B018 - a cached property: reading it compiles the keys
            compiled.add(text)
    return len(compiled)


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
            Change.objects.filter(id__gt=mark.last_change_id)
            .select_related("resource")
            .defer(*BODY_ONLY)
            .order_by("id")[:batch]
        )
        if not changes:
            return 0, 0
        seen = BatchSeen(changes, now=now)
        deliveries = _deliveries(changes, high=changes[-1].id, now=now, seen=seen)
        _write(deliveries)
        _keep_matches(seen, mark=mark.last_change_id)
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


class Candidate(NamedTuple):
    """What matching reads of a live webhook watch; the rest of the watch is read when its
    delivery is sent (changes/services/delivery.py)."""

    pk: int
    kind: str
    resource_id: int | None
    filters: str  # the stored JSON text: watches with the same text share one evaluation
    baseline: int


class Owed(NamedTuple):
    """One outbox row to write: a watch and the ids of the changes of this batch it sees."""

    watch_id: int
    change_ids: list[int]


def _deliveries(changes: Sequence[Change], *, high: int, now: datetime, seen: BatchSeen) -> list[Owed]:
    """One row per watch with matches, holding the ids of what it is owed (each watch's baseline
    applied to what its search matched); the body is built when the row is sent, so what is
    written here is small whatever the size of the jobs."""
    resource_ids = {change.resource_id for change in changes}
    watches = [
        Candidate(*row)
        for row in Watch.objects.live(now)
        .exclude(webhook_url="")
        .filter(Q(kind=WatchKind.SEARCH) | Q(kind=WatchKind.BOARD, resource_id__in=resource_ids))
        .filter(baseline__lt=high)
        .order_by("id")
        .values_list("id", "kind", "resource_id", Cast("filters", TextField()), "baseline")
    ]
    owed = []
    for watch in watches:
        found = seen((watch.kind, watch.resource_id, watch.filters))
        matching = [change.id for change in found if change.id > watch.baseline]
        if matching:
            owed.append(Owed(watch.pk, matching))
    return owed


def _keep_matches(seen: BatchSeen, *, mark: int) -> None:
    """The batch's matches for every search that keeps them (changes/services/matches.py),
    decided as the webhook watches' are; a search matched for the first time keeps matches from
    `mark`, the batch's lower bound, on."""
    searches = indexed_searches()
    if not searches:
        return
    pairs = [(search.pk, change.id) for search in searches for change in seen((WatchKind.SEARCH, None, search.filters))]
    matches_write(pairs, started=[search.pk for search in searches if search.matched_from is None], mark=mark)


def _write(owed: Sequence[Owed]) -> None:
    """The outbox rows, on PostgreSQL in one COPY of plain values: each column's default is
    prepared once per batch, not once per row through the model (preparing 12 fields per row
    through Django was a third of the fan-out's CPU in a profile). Elsewhere `bulk_create`."""
    if not owed:
        return
    now = timezone.now()
    if connection.vendor != "postgresql":
        WebhookDelivery.objects.bulk_create(
            [
                WebhookDelivery(
                    watch_id=row.watch_id,
                    change_ids=row.change_ids,
                    first_change_id=row.change_ids[0],
                    last_change_id=row.change_ids[-1],
                    created_at=now,
                    next_attempt_at=now,
                )
                for row in owed
            ],
            batch_size=500,
        )
        return
    fields = [field for field in WebhookDelivery._meta.concrete_fields if not field.primary_key]
    per_row = ("delivery_id", "watch_id", "change_ids", "first_change_id", "last_change_id")
    given = {"created_at": now, "next_attempt_at": now}
    constant = {
        field.attname: field.get_db_prep_save(given.get(field.attname, field.get_default()), connection)
        for field in fields
        if field.attname not in per_row
    }
    columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
    table = connection.ops.quote_name(WebhookDelivery._meta.db_table)
    names = [field.attname for field in fields]
    with connection.cursor() as cursor, cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        for row in owed:
            values = {
                "delivery_id": uuid.uuid4(),
                "watch_id": row.watch_id,
                "change_ids": json.dumps(row.change_ids),  # jsonb from its text form
                "first_change_id": row.change_ids[0],
                "last_change_id": row.change_ids[-1],
            }
            copy.write_row([values[name] if name in values else constant[name] for name in names])


Group = tuple[str, int | None, str]  # kind, board, the filters' stored text


class BatchSeen:
    """What each group (kind, board, filters' stored text) sees of one batch: the changes, in id
    order, decided in memory, each group once. The webhook watches' groups and those of the
    searches that keep matches (changes/services/matches.py) ask the same instance, so a search
    both kinds share is evaluated once a batch.

    A batch is a few hundred changes at most, so each distinct search (watches that differ only
    in their baseline share one) is evaluated against the whole batch in Python (`changes_seen`,
    the feed's own rules held to the SQL's meaning; `RowBatch` hands each search only the changes
    holding one of its keywords) instead of one feed query per search. For 100 new jobs and
    10,000 webhook watches with 2,872 distinct searches, the whole fan-out took 10.3 s CPU and
    43.5 s wall with a query per search, 4.8 s CPU and 21.4 s wall matching in memory (same
    writer, load 17; bench/fanout.py).
    """

    def __init__(self, changes: Sequence[Change], *, now: datetime) -> None:
        self.batch = RowBatch(changes)
        self.now = now
        self._seen: dict[Group, list[Change]] = {}

    def __call__(self, group: Group) -> list[Change]:
        if group not in self._seen:
            kind, resource_id, text = group
            self._seen[group] = changes_seen(
                kind=kind, resource_id=resource_id, filters=_filters(text), batch=self.batch, now=self.now
            )
        return self._seen[group]


@functools.lru_cache(maxsize=50_000)
def _filters(text: str) -> Filters:
    """A stored filters text, parsed once per process: the `Filters` keeps its compiled keys
    (`Filters.keys`), so a search is compiled once, not once per batch. Bounded: at most one entry
    per distinct search (a few KB each)."""
    return Filters.from_dict(json.loads(text))
