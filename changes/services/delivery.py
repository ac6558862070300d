"""Webhook delivery: the sending side of the outbox (SPEC §9; anchor-services §6.2).

Each run:
1. Picks the watches that have a delivery due, skipping a watch whose older delivery is still
   pending outside this run (waiting for its retry, being sent by another runner, or due but
   beyond `limit`), so one watch's batches reach its receiver in order.
2. Claims those rows with a conditional UPDATE that also pushes `next_attempt_at` ahead as a
   lease, so any number of runners (beat, embedded loop, replicas) never send a row twice at once.
3. Builds the body of each claimed row that has none yet, from the change ids the fan-out
   stored (changes/services/webhooks.py), and stores it in the row before anything is sent: every
   retry then sends these same bytes (a body built again later could differ: `days_open` counts
   days, retention deletes changes). Changes that retention deleted before the first attempt
   are left out of the body; a row left with none is not sent and fails for good (its changes
   are gone from `get_changes` too). Rows written before change ids were stored hold their body
   already and are sent as they are.
4. Sends each watch's rows one after another, watches in parallel (a small thread pool). The
   body is `{delivery_id, ...payload}`, signed with HMAC-SHA256 over "<timestamp>.<body>" using the
   watch's secret, POSTed through the guarded fetch layer (SSRF checks at connect time, no
   redirects). Each sending thread keeps its connections open for the run (fetch.KeepAlive): a
   receiver's next delivery reuses the connection instead of a DNS lookup and a connect, and
   the address rules still hold, because a connection is opened only through the guard.
   A watch that is no longer live (deleted, or expired and not yet swept) when the run starts
   gets nothing: its rows fail for good.
5. 2xx marks the row delivered and renews the watch if it is still live (a delivered webhook
   counts as use; it never brings an expired watch back). Anything
   else counts an attempt for this row and for the rest of the watch's rows in this run (a
   receiver that just failed is not hammered with the others), retried after 30 s × 2^attempts
   (capped at 6 h); the 8th failed attempt is final.
6. The sending threads touch no database. The run's own thread writes what they report, in one
   transaction every RECORD_EVERY rows or RECORD_SECONDS, whichever comes first: every delivered
   row of it in one UPDATE, their watches renewed in one more, a failure in one UPDATE each. A
   statement and a commit per delivery cost more than the POST itself (bench.scheduler --mode
   webhooks; docs/scaling.md, "Webhook deliveries"). A run that dies before it writes leaves its
   rows claimed until the lease runs out; they are then sent again with the same delivery id,
   as after a crash between a POST and its write before: the receiver ignores repeats
   (docs/webhooks.md). The bound keeps that to a second's worth of deliveries.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import threading
import time
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Min
from django.utils import timezone

from boards.fetch.client import KeepAlive, fetch
from boards.fetch.errors import FetchError
from boards.services.leases import new_holder
from changes.models import Change, DeliveryStatus, WebhookDelivery
from changes.services.present import webhook_payload
from watches.models import Watch
from watchtower import metrics
from watchtower.config import current

logger = logging.getLogger(__name__)

MAX_ATTEMPTS = 8
BACKOFF_BASE_SECONDS = 30
BACKOFF_CAP = timedelta(hours=6)
# Rows of one watch sent in one run: bounds how long a slow receiver keeps its claim.
PER_WATCH_BATCH = 10
# The claim lease: longer than PER_WATCH_BATCH sends that each run to the fetch deadline.
CLAIM_LEASE = timedelta(minutes=5)
WORKERS = 8
# The run writes what it learnt at least this often (see 6. above).
RECORD_EVERY = 50
RECORD_SECONDS = 1.0
# Change ids read per query when bodies are built (within every database's bound-parameter limit).
IDS_PER_QUERY = 500
# What a body reads of a change (changes/services/present.py).
BODY_FIELDS = ("id", "type", "role", "summary", "data", "created_at")
PRUNED = "not sent: its changes were deleted by retention (CHANGE_RETENTION_DAYS) before the first attempt"


@dataclass(frozen=True)
class Attempt:
    """What became of one row in a run: delivered, or an error, `final` when it is never retried."""

    ok: bool
    error: str = ""
    final: bool = False


GONE = Attempt(False, "watch deleted or webhook removed", final=True)


def sign(secret: str, timestamp: str, body: bytes) -> str:
    """The `x-watchtower-signature` value: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">."""
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def retry_delay(attempts: int) -> timedelta:
    """How long to wait after the `attempts`-th failure: 60 s, 120 s, 240 s, … capped at 6 h."""
    return min(timedelta(seconds=BACKOFF_BASE_SECONDS * 2**attempts), BACKOFF_CAP)


def delivery_body(row: WebhookDelivery) -> bytes:
    assert row.payload is not None, "the body is built when the row is claimed"
    return json.dumps({"delivery_id": str(row.delivery_id), **row.payload}, separators=(",", ":")).encode()


def payloads_build() -> int:
    """Build and store the body of every row that has none (the reverse of the migration that
    introduced change ids: the code before it needs a body on every row). Returns how many."""
    built = 0
    while rows := list(WebhookDelivery.objects.filter(payload__isnull=True).select_related("watch")[:200]):
        _build(rows)
        built += WebhookDelivery.objects.filter(payload__isnull=True).bulk_update(rows, ["payload"], batch_size=50)
    return built


def _with_bodies(rows: Sequence[WebhookDelivery], token: str) -> None:
    """Give each claimed row without a body its body, stored before the first attempt (one
    statement for the run) so that every retry sends the same bytes. The first attempt sends the
    body as read back, as every retry will: PostgreSQL's jsonb orders an object's keys its own
    way, so the dict just built would serialise to other bytes than the stored one."""
    missing = [row for row in rows if row.payload is None]
    if not missing:
        return
    _build(missing)
    _store(missing, token)
    stored = dict(WebhookDelivery.objects.filter(pk__in=[row.pk for row in missing]).values_list("pk", "payload"))
    for row in missing:
        row.payload = stored.get(row.pk) or row.payload  # not stored: the claim ran out meanwhile


def _store(rows: Sequence[WebhookDelivery], token: str) -> None:
    """The built bodies, one parameterised UPDATE sent for all rows (executemany), each only while
    the row is still this run's claim and has no body. Not `bulk_update`: its CASE over the rows
    cost more CPU than building the bodies (a profile of 1,259 rows: 9.7 s of 20 s)."""
    payload = WebhookDelivery._meta.get_field("payload")
    table = connection.ops.quote_name(WebhookDelivery._meta.db_table)
    sql = f"UPDATE {table} SET payload = %s WHERE id = %s AND claim_token = %s AND payload IS NULL"
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(payload.get_db_prep_save(row.payload, connection), row.pk, token) for row in rows])


def _build(rows: Sequence[WebhookDelivery]) -> None:
    """Each row's body from its change ids (rows loaded with their watch), changes read once."""
    wanted = sorted({change_id for row in rows for change_id in row.change_ids})
    found: dict[int, Change] = {}
    for start in range(0, len(wanted), IDS_PER_QUERY):
        for change in Change.objects.filter(id__in=wanted[start : start + IDS_PER_QUERY]).only(*BODY_FIELDS):
            found[change.id] = change
    common: dict[int, dict[str, Any]] = {}
    for row in rows:
        changes = [found[change_id] for change_id in row.change_ids if change_id in found]
        row.payload = webhook_payload(row.watch, changes, common=common)


def webhooks_deliver_due(*, limit: int = 50, workers: int = WORKERS, now: datetime | None = None) -> int:
    """Send up to `limit` due deliveries; returns how many were attempted (sent or failed)."""
    now = now or timezone.now()
    token = new_holder()
    claimed = _claim(limit=limit, token=token, now=now)
    if not claimed:
        return 0
    by_watch: dict[int, list[WebhookDelivery]] = {}
    for row in claimed:
        by_watch.setdefault(row.watch_id, []).append(row)
    live = set(Watch.objects.live(now).filter(pk__in=by_watch).values_list("pk", flat=True))
    outcomes = _Outcomes(token)
    groups: list[list[WebhookDelivery]] = []
    for rows in by_watch.values():
        if rows[0].watch.webhook_url and rows[0].watch_id in live:
            groups.append(rows)
        else:
            outcomes.add([(row, GONE) for row in rows])
    try:
        if workers <= 1 or len(groups) <= 1:
            with KeepAlive() as keep_alive:
                for rows in groups:
                    outcomes.add(_send_group(rows, keep_alive))
                    if outcomes.due():
                        outcomes.write()
        else:
            _send_in_parallel(groups, min(workers, len(groups)), outcomes)
    finally:
        outcomes.write()
    return len(claimed)


def webhooks_deliver_backlog(*, seconds: float, limit: int = 50) -> int:
    """Runs of `webhooks_deliver_due` one after another while they find rows due, for up to
    `seconds`; returns how many rows were attempted. The runners call this once a tick
    (WEBHOOKS_EVERY, 5 s): one run a tick would cap delivery at `limit` rows a tick, 10 a second,
    however fast a run sends, so a burst of matches (one check's changes for thousands of
    watches) would wait minutes; now it drains at the pace of the runs."""
    ends = time.monotonic() + seconds
    attempted = 0
    while sent := webhooks_deliver_due(limit=limit):
        attempted += sent
        if time.monotonic() >= ends:
            break
    return attempted


def _claim(*, limit: int, token: str, now: datetime) -> list[WebhookDelivery]:
    due = list(
        WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING, next_attempt_at__lte=now)
        .order_by("next_attempt_at", "id")
        .values_list("id", "watch_id")[: max(limit, 0)]
    )
    if not due:
        return []
    first_due: dict[int, int] = {}
    for row_id, watch_id in due:
        first_due[watch_id] = min(row_id, first_due.get(watch_id, row_id))
    # A watch with an older pending row than its first one here waits: that row waits for its
    # retry, is claimed by another runner, or is due but beyond `limit` (retried after a failure,
    # it can be due later than a newer row queued meanwhile).
    waiting = (
        WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING, watch_id__in=first_due)
        .values("watch_id")
        .annotate(oldest=Min("id"))
    )
    blocked = {entry["watch_id"] for entry in waiting if entry["oldest"] < first_due[entry["watch_id"]]}
    wanted: list[int] = []
    per_watch: dict[int, int] = {}
    for row_id, watch_id in sorted(due):
        if watch_id in blocked or per_watch.get(watch_id, 0) >= PER_WATCH_BATCH:
            continue
        per_watch[watch_id] = per_watch.get(watch_id, 0) + 1
        wanted.append(row_id)
    WebhookDelivery.objects.filter(pk__in=wanted, status=DeliveryStatus.PENDING, next_attempt_at__lte=now).update(
        claim_token=token, next_attempt_at=now + CLAIM_LEASE
    )
    claimed = list(WebhookDelivery.objects.filter(claim_token=token).select_related("watch").order_by("id"))
    _with_bodies(claimed, token)
    return claimed


class _Connections:
    """One KeepAlive per sending thread of a run (a KeepAlive is for one thread at a time)."""

    def __init__(self) -> None:
        self._local = threading.local()
        self._opened: list[KeepAlive] = []

    def mine(self) -> KeepAlive:
        keep_alive: KeepAlive | None = getattr(self._local, "keep_alive", None)
        if keep_alive is None:
            keep_alive = self._local.keep_alive = KeepAlive()
            self._opened.append(keep_alive)
        return keep_alive

    def close(self) -> None:
        """Once every thread is done."""
        for keep_alive in self._opened:
            keep_alive.close()


def _send_in_parallel(groups: Sequence[list[WebhookDelivery]], workers: int, outcomes: _Outcomes) -> None:
    """Each watch's rows on one of `workers` threads, in order; outcomes written as they come in.
    If writing fails, the watches not started yet are not sent (what is sent must be written)."""
    connections = _Connections()
    try:
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="webhooks") as pool:
            pending: set[Future[list[tuple[WebhookDelivery, Attempt]]]] = {
                pool.submit(lambda rows: _send_group(rows, connections.mine()), rows) for rows in groups
            }
            try:
                while pending:
                    done, pending = wait(pending, timeout=outcomes.wait_seconds(), return_when=FIRST_COMPLETED)
                    for future in done:
                        outcomes.add(future.result())
                    if outcomes.due():
                        outcomes.write()
            except BaseException:
                for future in pending:
                    future.cancel()
                raise
    finally:
        connections.close()


def _send_group(rows: list[WebhookDelivery], keep_alive: KeepAlive) -> list[tuple[WebhookDelivery, Attempt]]:
    """Send one watch's claimed rows in order; the first failure ends the run for the rest (they
    count the same failed attempt, not sent). Reads and writes no database."""
    watch = rows[0].watch
    outcomes: list[tuple[WebhookDelivery, Attempt]] = []
    for index, row in enumerate(rows):
        if row.payload is not None and row.change_ids and not row.payload["changes"]:
            outcomes.append((row, Attempt(False, PRUNED, final=True)))
            continue
        attempt = _post(row, watch, keep_alive)
        outcomes.append((row, attempt))
        if not attempt.ok:
            error = f"not sent: delivery {row.delivery_id} to this URL failed first ({attempt.error})"
            outcomes += [(later, Attempt(False, error)) for later in rows[index + 1 :]]
            break
    return outcomes


def _post(row: WebhookDelivery, watch: Watch, keep_alive: KeepAlive) -> Attempt:
    body = delivery_body(row)
    timestamp = str(int(time.time()))
    headers = {
        "content-type": "application/json",
        "user-agent": current().user_agent,
        "x-watchtower-timestamp": timestamp,
        "x-watchtower-signature": sign(watch.webhook_secret, timestamp, body),
        "x-watchtower-delivery": str(row.delivery_id),
    }
    try:
        result = fetch(
            watch.webhook_url,
            method="POST",
            body=body,
            headers=headers,
            follow_redirects=False,
            check_robots=False,
            raise_for_status=False,
            expect_text=False,
            keep_alive=keep_alive,
            status_only=True,
        )
    except FetchError as exc:
        return Attempt(False, f"{exc.code}: {exc.message}")
    except Exception:
        # Whatever a receiver's answer makes go wrong fails this attempt only: raised, it ended the
        # whole run, every other watch's batch left claimed and unsent until the lease ran out,
        # and this one never counted an attempt (so it was never given up on).
        logger.exception("webhook delivery %s failed in the sender", row.delivery_id)
        return Attempt(False, "INTERNAL_ERROR: the sender failed on this receiver's answer")
    if 200 <= result.status < 300:
        return Attempt(True)
    return Attempt(False, f"HTTP {result.status}")


class _Outcomes:
    """What a run has learnt and not written yet (see 6. above)."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.rows: list[tuple[WebhookDelivery, Attempt]] = []
        self.since = 0.0

    def add(self, outcomes: Sequence[tuple[WebhookDelivery, Attempt]]) -> None:
        if not self.rows:
            self.since = time.monotonic()
        self.rows += outcomes

    def wait_seconds(self) -> float | None:
        """How long the run may wait for more before it must write; None: nothing to write."""
        if not self.rows:
            return None
        return max(0.0, self.since + RECORD_SECONDS - time.monotonic())

    def due(self) -> bool:
        return len(self.rows) >= RECORD_EVERY or self.wait_seconds() == 0.0

    def write(self) -> None:
        rows, self.rows = self.rows, []
        if not rows:
            return
        delivered = [row for row, attempt in rows if attempt.ok]
        with transaction.atomic():
            if delivered:
                _record_delivered(delivered, self.token)
                _renew_watches({row.watch_id for row in delivered})
            for row, attempt in rows:
                if not attempt.ok:
                    _record_failure(row, self.token, attempt.error, final=attempt.final)


def _record_delivered(rows: Sequence[WebhookDelivery], token: str) -> None:
    WebhookDelivery.objects.filter(pk__in=[row.pk for row in rows], claim_token=token).update(
        status=DeliveryStatus.DELIVERED,
        attempts=F("attempts") + 1,
        delivered_at=timezone.now(),
        last_error="",
        claim_token="",
    )
    metrics.WEBHOOKS.labels(result="delivered").inc(len(rows))


def _record_failure(row: WebhookDelivery, token: str, error: str, *, final: bool = False) -> None:
    attempts = row.attempts + 1
    failed = final or attempts >= MAX_ATTEMPTS
    WebhookDelivery.objects.filter(pk=row.pk, claim_token=token).update(
        status=DeliveryStatus.FAILED if failed else DeliveryStatus.PENDING,
        attempts=attempts,
        last_error=error[:500],
        next_attempt_at=timezone.now() + retry_delay(attempts),
        claim_token="",
    )
    metrics.WEBHOOKS.labels(result="failed" if failed else "retry").inc()
    if failed:
        logger.warning(
            "webhook delivery %s failed for good: %s",
            row.delivery_id,
            error,
            extra={"delivery_id": str(row.delivery_id), "watch_id": row.watch_id},
        )


def _renew_watches(watch_ids: set[int]) -> None:
    """A delivered webhook is use: a live watch lives another WATCH_TTL_DAYS (one that expired
    meanwhile stays expired)."""
    now = timezone.now()
    Watch.objects.live(now).filter(pk__in=watch_ids).update(
        last_accessed_at=now, expires_at=now + timedelta(days=current().watch_ttl_days)
    )
