"""Webhook fan-out at scale: what a check's transaction pays for webhooks, and how soon deliveries
are enqueued (issue 16 item 4).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_x python -m bench.fanout [--watches 100000]

Seeds `--watches` live search watches (one in ten with a webhook) with filters drawn (seeded) from
5,000 random combinations of keywords, places, salary, remote, seniority and exclusions, a few
expired and deleted webhook watches, then measures, back to back, on one batch of 100 new-job changes (real normalised columns, `bench.search.job_pool`):

- rows: the check's own change rows, written under the change-write lock (what a check pays now);
- before: the same plus the matching the check used to do inside that transaction (every live
  webhook watch loaded and matched in Python, deliveries written) — the removed
  `webhooks_enqueue`, kept here only as the baseline;
- fan-out: `webhooks_fan_out()` over the committed batch, outside any check transaction, wall and
  CPU time (this process's, and its PostgreSQL backend's from /proc), on the same batch each time
  (the mark put back in between), in turns: before = each delivery's whole body built in the
  fan-out from fully loaded watches and written by a COPY of model instances, as the app did
  until 2026-12-02 (kept here only as the baseline); after = the app's (rows of change ids).
  Each as a process's first fan-out (cold caches), as the first fan-out of a process that ran
  `warm_filters()` when it started (as the embedded fan-out thread and a fan-out queue's Celery
  worker do; the warm-up's own CPU printed apart), then again warm. The deliveries must equal
  the number of live webhook watches the in-memory predicate (`search_feed_match`) says match
  (expired/deleted ones get nothing), and both variants must owe the same changes to the same
  watches. The earlier baselines (a feed query per search, `bulk_create`) are in docs/scaling.md.
- moved to sending: what building every row's body from its ids and storing it costs at send
  time (`delivery._with_bodies`, in claims of 50 as `webhooks_deliver_due` claims them; no POST).

`--fanout-only` skips the check-transaction figures (their baseline takes minutes at 100,000
watches).

Targets: the transaction beyond its own rows ≤ 50 ms; deliveries for every matching watch enqueued
≤ 5 s after the commit. Wall times inflate on a shared machine: CPU times and the load average are
printed beside them. Runs against a fresh test database (PostgreSQL when DATABASE_URL is set, else
a SQLite file). Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from bench._databases import fresh_database

EXTRA_TARGET_MS = 50.0
ENQUEUED_TARGET_S = 5.0
CHANGES = 100
REPEATS = 3


def configure() -> None:
    os.environ.update(
        DJANGO_SETTINGS_MODULE="watchtower.settings", LOG_LEVEL="WARNING", DEBUG="false", INDEX_ENABLED="false"
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("REDIS_URL", None)


def seed_watches(rng: random.Random, count: int) -> None:
    from django.utils import timezone

    from watches.filters import Filters
    from watches.models import Client, Watch, WatchKind

    client = Client.objects.create(token_hash="bench-fanout")
    now = timezone.now()
    specs = [Filters.from_dict(search_filters(rng)).as_dict() for _ in range(DISTINCT_FILTERS)]
    rows = []
    for n in range(count + 200):
        hooked = n % 10 == 0 or n >= count
        expires = now + timedelta(days=30)
        deleted = None
        if n >= count + 100:
            deleted = now  # deleted webhook watches: never sent anything
        elif n >= count:
            expires = now - timedelta(minutes=1)  # expired, not swept yet: never sent anything
        rows.append(
            Watch(
                client=client,
                kind=WatchKind.SEARCH,
                query="bench",
                filters=rng.choice(specs),
                webhook_url=f"https://hooks.bench.example/{n}" if hooked else "",
                webhook_secret="whsec_bench" if hooked else "",
                expires_at=expires,
                deleted_at=deleted,
            )
        )
    Watch.objects.bulk_create(rows, batch_size=5000)


KEYWORDS = [
    "ios",
    "android",
    "backend",
    "frontend",
    "python",
    "golang",
    "rust",
    "java",
    "kotlin",
    "swift",
    "react",
    "devops",
    "sre",
    "data",
    "analyst",
    "scientist",
    "designer",
    "product",
    "security",
    "platform",
    "infrastructure",
    "payments",
    "ml",
    "sales",
    "marketing",
    "support",
    "recruiter",
    "finance",
    "legal",
    "nurse",
    "teacher",
    "manager",
    "director",
    "engineer",
    "developer",
    "cloud",
    "embedded",
    "qa",
]
PLACES = ("austin", "new york", "london", "berlin", "california", "germany", "remote", "europe", "us", "toronto")
DISTINCT_FILTERS = 5_000


def search_filters(rng: random.Random) -> dict[str, Any]:
    """One to four filters of every kind, like the searches agents save."""
    filters: dict[str, Any] = {"keywords": rng.sample(KEYWORDS, rng.choice((1, 1, 2)))}
    if rng.random() < 0.4:
        filters["locations"] = [rng.choice(PLACES)]
    if rng.random() < 0.2:
        filters["min_salary"] = rng.randrange(80, 250, 10) * 1000
    if rng.random() < 0.15:
        filters["remote_only"] = True
    if rng.random() < 0.15:
        filters["seniority"] = [rng.choice(("senior", "staff", "mid", "entry"))]
    if rng.random() < 0.1:
        filters["exclude_keywords"] = [rng.choice(KEYWORDS)]
    return filters


def new_changes(rng: random.Random, resource: Any) -> list[Any]:
    from bench import search
    from boards.services.jobstore import FILTER_COLUMNS
    from changes.models import Change, ChangeType

    search.POOL = 2_000  # a hundred rows need no 200,000-row pool
    pool = list(search.job_pool(rng, 100))
    changes = []
    for n in range(CHANGES):
        _index, *base, _data = rng.choice(pool)
        columns = dict(zip(FILTER_COLUMNS, base, strict=True))
        key = f"job-{rng.randrange(10**12)}-{n}"
        changes.append(
            Change(
                resource=resource,
                type=ChangeType.JOB_ADDED,
                role="new",  # a vacancy's announcement: what search watches read (boards/groups.py)
                job_key=key,
                summary=f"New job: {columns['title']}"[:700],
                data={"job": {"title": columns["title"], "company": columns["company"], "url": key}},
                **columns,
            )
        )
    return changes


def write_rows(changes: list[Any]) -> list[Any]:
    from boards.services.check import serialise_change_writes
    from changes.models import Change

    serialise_change_writes()
    return Change.objects.bulk_create([_copy(change) for change in changes], batch_size=500)


def _copy(change: Any) -> Any:
    from changes.models import Change

    fields = {field.attname: getattr(change, field.attname) for field in Change._meta.concrete_fields}
    fields.pop("id")
    return Change(**fields)


def enqueue_in_transaction(resource: Any, changes: list[Any]) -> int:
    """The matching a check used to do inside its transaction (the baseline, not used by the app)."""
    from django.db.models import Q

    from changes.models import ChangeType, WebhookDelivery
    from changes.services.present import change_as_dict
    from watches.filters import Filters, filters_match
    from watches.models import Watch, WatchKind

    watches = Watch.objects.live().exclude(webhook_url="").filter(Q(resource=resource) | Q(kind=WatchKind.SEARCH))
    deliveries = []
    for watch in watches:
        filters = Filters.from_dict(watch.filters)
        matching = [
            change
            for change in changes
            if change.id > watch.baseline
            and (watch.kind == WatchKind.BOARD or change.type == ChangeType.JOB_ADDED)
            and filters_match(filters, change)
        ]
        if matching:
            deliveries.append(
                WebhookDelivery(
                    watch=watch,
                    first_change_id=matching[0].id,
                    last_change_id=matching[-1].id,
                    payload={"watch_id": watch.public_id, "changes": [change_as_dict(c, watch) for c in matching]},
                )
            )
    WebhookDelivery.objects.bulk_create(deliveries)
    return len(deliveries)


def timed(work: Callable[[], Any]) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds of this process, result)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def transaction_costs(resource: Any, changes: list[Any]) -> tuple[list[float], list[float], list[float], list[float]]:
    """Wall and CPU ms of (rows only) and (rows + the old in-transaction matching), rolled back."""
    from django.db import transaction

    rows_wall, rows_cpu, old_wall, old_cpu = [], [], [], []
    for _ in range(REPEATS):
        with transaction.atomic():
            wall, cpu, _ = timed(lambda: write_rows(changes))
            rows_wall.append(wall * 1000)
            rows_cpu.append(cpu * 1000)
            transaction.set_rollback(True)
        with transaction.atomic():

            def before() -> None:
                enqueue_in_transaction(resource, write_rows(changes))

            wall, cpu, _ = timed(before)
            old_wall.append(wall * 1000)
            old_cpu.append(cpu * 1000)
            transaction.set_rollback(True)
    return rows_wall, rows_cpu, old_wall, old_cpu


def expected_deliveries(changes: list[Any]) -> int:
    """Live webhook watches the in-memory predicate says see at least one change, watch by watch."""
    from django.utils import timezone

    from watches.filters import Filters, search_feed_match
    from watches.models import Watch

    now = timezone.now()
    count = 0
    for filters in Watch.objects.live(now).exclude(webhook_url="").values_list("filters", flat=True):
        parsed = Filters.from_dict(filters)
        count += any(search_feed_match(parsed, change, now=now) for change in changes)
    return count


def deliveries_with_payloads(changes: Sequence[Any], *, high: int, now: datetime, seen: Any = None) -> list[Any]:
    """The baseline (not used by the app since 2026-12-02): the fan-out as it was before outbox rows
    held change ids, loading every column of every live webhook watch and building each
    delivery's whole body (one entry per watch and change, each with its job) inside the fan-out,
    matching each search itself (`seen`, the app's per-batch matches, is not used)."""
    import json
    from collections import defaultdict

    from django.db.models import Q

    from changes.models import WebhookDelivery
    from changes.services.feed import changes_seen
    from changes.services.present import change_as_dict, change_common
    from watches.filters import Filters, RowBatch
    from watches.models import Watch, WatchKind

    resource_ids = {change.resource_id for change in changes}
    watches = list(
        Watch.objects.live(now)
        .exclude(webhook_url="")
        .filter(Q(kind=WatchKind.SEARCH) | Q(kind=WatchKind.BOARD, resource_id__in=resource_ids))
        .filter(baseline__lt=high)
        .order_by("id")
    )
    groups: dict[tuple[str, int | None, str], list[Any]] = defaultdict(list)
    for watch in watches:
        groups[(watch.kind, watch.resource_id, json.dumps(watch.filters, sort_keys=True))].append(watch)
    batch = RowBatch(changes)
    matches: dict[int, list[Any]] = {}
    for (kind, resource_id, _), members in groups.items():
        filters = Filters.from_dict(members[0].filters)
        seen = changes_seen(kind=kind, resource_id=resource_id, filters=filters, batch=batch, now=now)
        for watch in members if seen else ():
            matches[watch.pk] = [change for change in seen if change.id > watch.baseline]
    # The payload needs every column of every change; the app's fan-out defers the bodies' columns.
    full = {change.id: change for change in type(changes[0]).objects.filter(id__in=[c.id for c in changes])}
    common = {change.id: change_common(full[change.id]) for change in changes}
    deliveries = []
    for watch in watches:
        matching = matches.get(watch.pk)
        if matching:
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
                        "changes": [change_as_dict(c, watch, common=common[c.id]) for c in matching],
                    },
                )
            )
    return deliveries


def copy_rows(deliveries: Sequence[Any]) -> None:
    """The baseline's writer (not used by the app since 2026-12-02): one COPY of model instances,
    each field prepared through Django per row."""
    from django.db import connection

    from changes.models import WebhookDelivery

    if connection.vendor != "postgresql":
        WebhookDelivery.objects.bulk_create(deliveries, batch_size=500)
        return
    fields = [field for field in WebhookDelivery._meta.concrete_fields if not field.primary_key]
    columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
    table = connection.ops.quote_name(WebhookDelivery._meta.db_table)
    with connection.cursor() as cursor, cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
        for delivery in deliveries:
            copy.write_row([field.get_db_prep_save(getattr(delivery, field.attname), connection) for field in fields])


def cold_caches() -> None:
    """Empty what a process's first fan-out fills: the term and place keys of every search, the
    parsed filters."""
    from changes.services import webhooks
    from matching import terms
    from matching.places import tokens

    terms.term_key.cache_clear()
    tokens._filter_keys.cache_clear()
    tokens.remote_from_keys.cache_clear()
    webhooks._filters.cache_clear()


def delivered_pairs() -> set[tuple[int, int]]:
    """{(watch id, change id)} owed by the outbox, from change ids or, for the baseline, payloads."""
    from changes.models import WebhookDelivery

    pairs: set[tuple[int, int]] = set()
    for watch_id, change_ids, payload in WebhookDelivery.objects.values_list("watch_id", "change_ids", "payload"):
        ids = change_ids or [change["id"] for change in (payload or {})["changes"]]
        pairs.update((watch_id, change_id) for change_id in ids)
    return pairs


Run = tuple[float, float, float | None, int, set[tuple[int, int]]]


def fan_out_runs(variants: dict[str, tuple[Callable[..., Any], Callable[..., Any]]]) -> dict[str, Run]:
    """Each variant (a deliveries builder and its writer) fans out the committed batch, cold then warm, in turns:
    (wall s, CPU s of this process, CPU s of its PostgreSQL backend or None, deliveries, pairs) by
    run name. The mark and the outbox are put back between runs, so each fans out the same batch."""
    from django.db import transaction

    from bench.big_board import backend_cpu
    from changes.models import FeedMatch, FeedSearch, WebhookDelivery, WebhookFanout
    from changes.services import webhooks

    mark = WebhookFanout.objects.get().last_change_id
    real = webhooks._deliveries, webhooks._write
    results = {}
    for warmth in ("cold", "started", "warm"):
        for name, variant in variants.items():
            with transaction.atomic():
                WebhookDelivery.objects.all().delete()
                FeedMatch.objects.all().delete()
                FeedSearch.objects.update(matched_from=None)
                WebhookFanout.objects.update(last_change_id=mark)
            if warmth != "warm":
                cold_caches()
            if warmth == "started":  # what the process that fans out does when it starts
                began = time.process_time()
                compiled = webhooks.warm_filters()
                print(
                    f"  warm_filters() at start: {compiled:,} distinct filters, {time.process_time() - began:.2f} s CPU"
                )
            webhooks._deliveries, webhooks._write = variant  # type: ignore[assignment]
            db_before = backend_cpu()
            try:
                wall, cpu, made = timed(webhooks.webhooks_fan_out)
            finally:
                webhooks._deliveries, webhooks._write = real  # type: ignore[assignment]
            db_after = backend_cpu()
            db = None if db_before is None or db_after is None else db_after - db_before
            results[f"{name}, {warmth}"] = (wall, cpu, db, made, delivered_pairs())
    return results


def bodies_at_send() -> tuple[float, float, int]:
    """What the change ids move to the sending side: every row's body built from its ids and
    stored, as `webhooks_deliver_due` does for the rows it claims (`delivery._with_bodies`), in
    claims of 50, without sending. Only that step is timed (claiming and loading the rows with
    their watch is the same with or without change ids). (wall s, CPU s, rows), rolled back."""
    from django.db import transaction

    from changes.models import WebhookDelivery
    from changes.services import delivery

    wall = cpu = 0.0
    with transaction.atomic():
        rows = list(WebhookDelivery.objects.select_related("watch").order_by("id"))
        for start in range(0, len(rows), 50):
            claim = rows[start : start + 50]
            WebhookDelivery.objects.filter(pk__in=[row.pk for row in claim]).update(claim_token="bench")
            claim_wall, claim_cpu, _ = timed(partial(delivery._with_bodies, claim, "bench"))
            wall, cpu = wall + claim_wall, cpu + claim_cpu
        transaction.set_rollback(True)
    return wall, cpu, len(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watches", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument(
        "--fanout-only",
        action="store_true",
        help="skip the check-transaction figures (their baseline alone takes minutes at 100,000 watches)",
    )
    args = parser.parse_args()
    configure()
    with fresh_database("fanout"):
        return run(args.watches, random.Random(args.seed), transaction_figures=not args.fanout_only)


def run(watch_count: int, rng: random.Random, *, transaction_figures: bool = True) -> int:
    from django.db import transaction

    from boards.services.resources import resource_get_or_create
    from boards.sources.registry import recognize
    from changes.models import FeedSearch, WebhookFanout
    from changes.services import webhooks
    from changes.services.matches import searches_register
    from watches.models import Watch

    started = time.perf_counter()
    resource, _ = resource_get_or_create(board=recognize("https://boards.greenhouse.io/benchfanout"))
    seed_watches(rng, watch_count)
    changes = new_changes(rng, resource)
    print(
        f"database: {connection_vendor()}; {watch_count:,} live search watches ({watch_count // 10:,} with webhooks)"
        f" + 100 expired and 100 deleted webhook watches; seeded in {time.perf_counter() - started:.1f} s"
    )
    distinct = Watch.objects.exclude(webhook_url="").values("filters").distinct().count()
    print(f"distinct filters among the webhook watches: {distinct:,}")
    print(f"load average before: {load()}")

    if transaction_figures:
        rows_wall, rows_cpu, old_wall, old_cpu = transaction_costs(resource, changes)
        extra_before = min(old_wall) - min(rows_wall)
        print(f"check transaction with {CHANGES} new jobs (best of {REPEATS}, rolled back):")
        print(f"  its own change rows:              {min(rows_wall):7.1f} ms wall, {min(rows_cpu):7.1f} ms CPU")
        print(f"  before (matching in the txn):     {min(old_wall):7.1f} ms wall, {min(old_cpu):7.1f} ms CPU")
        print(
            f"  beyond its own rows, before:      {extra_before:7.1f} ms wall, {min(old_cpu) - min(rows_cpu):7.1f} ms CPU"
        )
        print(
            f"  beyond its own rows, after:          0.0 ms (the check writes only its rows; target <= {EXTRA_TARGET_MS:.0f})"
        )

    WebhookFanout.objects.update(last_change_id=0)
    with transaction.atomic():
        written = write_rows(changes)
    expected = expected_deliveries(written)
    registered = searches_register()
    kept = FeedSearch.objects.filter(indexed=True).count()
    print(
        f"searches of the {watch_count:,} watches registered for the feed: {registered:,}, {kept:,} of them keep"
        " matches (the fan-out matches each batch to those too)"
    )
    print(f"fan-out of the committed batch of {CHANGES} (load average {load()}):")
    results = fan_out_runs(
        {
            "before: bodies built in the fan-out": (deliveries_with_payloads, copy_rows),
            "after: change ids": (webhooks._deliveries, webhooks._write),
        }
    )
    agree = len({frozenset(pairs) for *_, pairs in results.values()}) == 1
    ok = agree
    for name, (wall, cpu, db, made, _pairs) in results.items():
        on_time = wall <= ENQUEUED_TARGET_S
        ok = ok and made == expected and (on_time or not name.startswith("after"))
        database = "" if db is None else f" + {db:5.2f} s database"
        print(
            f"  {name + ':':44} {wall:6.2f} s wall, {cpu:5.2f} s CPU{database}, {made:,} deliveries"
            f" {'ok' if made == expected else 'MISMATCH'}"
        )
    print(
        f"  the in-memory predicate says {expected:,} watches match; both variants owe the same changes to the same watches: {agree}"
    )
    print(f"  target: enqueued within {ENQUEUED_TARGET_S:.0f} s of the commit (the after runs)")
    wall, cpu, built = bodies_at_send()
    print(
        f"moved to sending: {built:,} bodies built from their ids and stored, in claims of 50:"
        f" {wall:.2f} s wall, {cpu:.2f} s CPU ({cpu / max(built, 1) * 1000:.2f} ms CPU a delivery)"
    )
    print(f"load average after: {load()}")
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


def connection_vendor() -> str:
    from django.db import connection

    return connection.vendor


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


if __name__ == "__main__":
    sys.exit(main())
