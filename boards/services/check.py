"""One check of one resource: fetch → read → derive → diff → snapshot, job set and change events
written in ONE transaction (webhook deliveries are fanned out afterwards, off this transaction:
changes/services/webhooks.py).

Steps:
1. Verify the caller's claim (a duplicate task delivery finds another token and does nothing).
2. Take the fetch host's lease (`leases.host_lease`) for the whole read, so at most one request is
   in flight per website across every worker; keep it alive while a source pages; release it
   with HOST_MIN_SPACING_MS so the next request to that host waits. Once it is released, the
   caller's `on_host_free` hears of it (the scheduler queues the host's next check then, while
   this one diffs and writes).
3. Read the board (conditional on the stored validators; a 304 is a cheap no-op).
4. Diff against the stored open set (`boards/diff.py`: detail fields carried over, an incomplete
   view's stale jobs dropped). The first snapshot of a board is its baseline: no events.
5. Write everything in one transaction whose change ids are serialised (SPEC §8): ids become
   visible in order, so a reader that passed id N never later sees a lower id commit (the feed's
   cursors and the webhook fan-out's mark rely on it).
A failed check writes only the failure (code, message, consecutive failures, backoff), whatever
failed: an exception no step anticipated is recorded as CHECK_FAILED, never lost (which would leave
the board looking healthy and due again as soon as its claim ran out).
"""

from __future__ import annotations

import contextlib
import logging
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from boards.diff import DiffResult, carry_details, diff_jobs, drop_stale
from boards.fetch.errors import HOST_REFUSAL_CODES, REFUSAL_CODES
from boards.fingerprint import derivation_version
from boards.models import Job as JobRow
from boards.models import Resource, Snapshot
from boards.services import grouping, jobstore, retirement
from boards.services.intervals import backoff_delay, resource_interval_seconds, with_watch_interval
from boards.services.leases import HostBusy, host_lease, lease_end_of_host, new_holder
from boards.services.reading import BoardReading, DeadlineReached, NotModified, board_read
from boards.services.stored import (
    Deferred,
    StoredSet,
    delete_rows,
    last_seen,
    matched_keys,
    store_row_hashes,
    stored_set,
    touched_groups,
    write_rows,
)
from boards.sources import registry
from boards.sources.base import BoardRef
from boards.sources.payload import clean_text
from changes.models import Change
from matching.tech import is_tech_company, tech_share
from watchtower import metrics
from watchtower.config import current
from watchtower.errors import AppError
from watchtower.gc_pause import collector_paused

logger = logging.getLogger(__name__)

# Transaction-scoped advisory lock key that serialises change-writing transactions on PostgreSQL.
CHANGE_WRITE_LOCK = 727276
# Recorded when a check fails in a way no fetch or source error names (a bug, data the store
# refused): a failure like any other, with backoff, never a check that silently did not happen.
CHECK_FAILED = "CHECK_FAILED"
# Outcomes of a check that did not happen (it is due again soon): not counted as checks.
NOT_A_CHECK = frozenset({"host_busy", "deferred"})
# A claimed check may wait this long for its host: follow-ups are started ahead of the end of the
# spacing (scheduler.FOLLOWUP_LEAD); a dispatched check finds its host free.
CLAIMED_HOST_WAIT = 0.5
# A board whose enriched listing was over the body cap reads the plain one directly for this long,
# then tries the enriched one again (once a day: a 64 MiB read, against one per check).
ENRICHED_RETRY = timedelta(days=1)


@dataclass(frozen=True)
class CheckOutcome:
    resource_id: int
    ok: bool
    outcome: str  # changed | unchanged | not_modified | first_snapshot | error | host_busy | deferred | skipped | raced
    code: str = ""
    message: str = ""
    changes: int = 0
    jobs: int | None = None
    complete: bool | None = None
    linked_boards: tuple[BoardRef, ...] = ()  # boards a page without job markup links to
    fetch_host: str = ""  # the host the check used (the scheduler continues with its next board)

    def as_dict(self) -> dict[str, Any]:
        body = asdict(self)
        body.pop("linked_boards")
        body.pop("fetch_host")
        return {k: v for k, v in body.items() if v not in ("", None)}


def _claim_consume(resource: Resource, claim_token: str) -> bool:
    """Turn the claim into "running" (a token of this run, same expiry), atomically: of two
    deliveries of one task, however they interleave, exactly one goes on. Checked in Python first,
    so a stale delivery costs no write."""
    now = timezone.now()
    if resource.claim_token != claim_token or resource.claimed_until is None or resource.claimed_until < now:
        return False
    running = new_holder()
    taken = Resource.objects.filter(pk=resource.pk, claim_token=claim_token, claimed_until__gte=now).update(
        claim_token=running
    )
    resource.claim_token = running
    return taken == 1


def board_of(resource: Resource) -> BoardRef:
    """The board to read for `resource`: recognised afresh from its URL, so improvements to
    recognition apply to existing resources; the stored fields are the fallback."""
    try:
        board = registry.recognize(resource.url)
        if board.platform == resource.platform:
            return board
    except AppError:
        pass
    return BoardRef(
        platform=resource.platform,
        board_url=resource.url,
        fetch_host=resource.fetch_host,
        key=resource.board_key,
        company=resource.company,
        options=resource.options,
    )


def resource_check(
    *,
    resource_id: int,
    claim_token: str = "",
    wait_for_host: float = 0.0,
    deadline: float | None = None,
    on_host_free: Callable[[str], None] | None = None,
) -> CheckOutcome:
    """Check one resource now. `wait_for_host` > 0 (synchronous API paths) waits that long for a
    busy host's lease; a claimed (scheduled) check waits `CLAIMED_HOST_WAIT`, else is deferred.
    `deadline` (a `time.monotonic()` value, for a request waiting on the check) ends the read
    there: the outcome is `deferred`, nothing is recorded against the board, and the board is left
    due so the scheduler reads it. `on_host_free` is called with the fetch host once the read has
    released the host lease (step 2)."""
    # Read with the board: when its host's lease frees, so a check started ahead of that moment
    # (a follow-up) sleeps until then and takes the lease in one try.
    resource = (
        with_watch_interval(Resource.objects.filter(pk=resource_id)).annotate(host_free_at=lease_end_of_host()).first()
    )
    if resource is None:
        return CheckOutcome(resource_id, False, "skipped", "NOT_FOUND", "resource no longer exists")
    if claim_token and not _claim_consume(resource, claim_token):
        return CheckOutcome(resource_id, False, "skipped", "NOT_CLAIMED", "another worker holds this check")

    started = time.monotonic()
    try:
        # A big board's check holds hundreds of thousands of objects: the collector's passes
        # over them were a third of its CPU (watchtower/gc_pause.py).
        with collector_paused():
            outcome = _check(
                resource,
                claim_token=claim_token,
                wait_for_host=wait_for_host,
                deadline=deadline,
                free_at=resource.host_free_at,
                on_host_free=on_host_free,
            )
    except Exception as exc:  # a bug or bad data anywhere in the check costs this check, with backoff
        logger.exception("check of %s failed unexpectedly", resource.url, extra={"resource_id": resource.pk})
        outcome = _record_failure(resource, AppError(CHECK_FAILED, f"the check failed: {type(exc).__name__}"))
    if outcome.outcome not in NOT_A_CHECK:
        metrics.FETCH_DURATION.labels(platform=resource.platform).observe(time.monotonic() - started)
        metrics.CHECKS.labels(outcome=outcome.outcome, code=outcome.code).inc()
    return replace(outcome, fetch_host=resource.fetch_host)


def _check(
    resource: Resource,
    *,
    claim_token: str,
    wait_for_host: float,
    deadline: float | None,
    free_at: datetime | None,
    on_host_free: Callable[[str], None] | None,
) -> CheckOutcome:
    """Steps 2-5 of the module docstring, once the claim (if any) is consumed."""
    if deadline is not None and deadline <= time.monotonic():
        return _deferred(resource)
    board = board_of(resource)
    # Everything that needs no socket is done before the lease is taken: a follow-up check starts
    # while the host's spacing runs out (scheduler.FOLLOWUP_LEAD) and fetches the moment it has.
    has_snapshot = bool(resource.content_hash)
    stored = stored_set(resource)  # its rows are read when the read first needs them
    if claim_token:
        wait_for_host = max(wait_for_host, CLAIMED_HOST_WAIT)
    try:
        # Released as soon as the last request is answered: diffing and writing need no socket.
        with host_lease(
            resource.fetch_host, wait=wait_for_host, platform=board.platform, free_at=free_at
        ) as keep_alive:
            read = _read_under_lease(resource, board, keep_alive, stored, has_snapshot=has_snapshot, deadline=deadline)
    except HostBusy:
        return _host_busy(resource)
    if on_host_free is not None:
        try:
            on_host_free(resource.fetch_host)
        except Exception:  # the periodic dispatch continues the host; this check goes on
            logger.exception("could not continue %s", resource.fetch_host, extra={"resource_id": resource.pk})
    if isinstance(read, CheckOutcome):
        return read
    return _apply(resource, read, stored, has_snapshot=has_snapshot)


def _read_under_lease(
    resource: Resource,
    board: BoardRef,
    keep_alive: Callable[[], None],
    stored: StoredSet,
    *,
    has_snapshot: bool,
    deadline: float | None,
) -> BoardReading | CheckOutcome:
    """Read the board (all its requests) while holding the host lease; failures are recorded."""
    # Detail pages are read once per job: the ids whose details were read are "known". Both are
    # built from the stored rows when the read first looks into them, after the first response: a
    # 304 or the very bytes of last time never does (`StoredSet`).
    known_ids = Deferred(stored.known_ids)
    plain_listing = _plain_listing(resource)
    # Validators belong to the listing they came from: a rare retry of the enriched listing
    # (`_plain_listing` false again) sends none, lest the plain listing's validators answer for it.
    validators = has_snapshot and (plain_listing or resource.enriched_over_cap_since is None)

    try:
        return board_read(
            board,
            etag=resource.etag if validators else "",
            last_modified=resource.last_modified if validators else "",
            known_ids=known_ids,
            keep_alive=keep_alive,
            known_body_hash=resource.body_hash if has_snapshot else "",
            # The first check is often a watch being created, with an agent waiting: detail pages
            # (3 s apart on Eightfold) are read on the checks after it.
            read_details=has_snapshot,
            deadline=deadline,
            known=Deferred(stored.known),
            plain_listing=plain_listing,
        )
    except DeadlineReached:
        return _deferred(resource)
    except NotModified as exc:
        # A board read before shares were computed gets its share from the jobs it has.
        share = tech_share(job.title for job in stored.jobs.values()) if resource.tech_share is None else None
        _record_healthy(resource, status=exc.status, share=share)
        outcome = "not_modified" if exc.status == 304 else "unchanged"
        return CheckOutcome(resource.pk, True, outcome, jobs=resource.open_jobs, complete=resource.complete)
    except AppError as exc:
        failed = _record_failure(resource, exc)
        # A careers page without job markup names the boards it links to (html.NoJobData).
        linked = tuple(getattr(exc, "boards", ()))
        return replace(failed, linked_boards=linked) if linked else failed
    except Exception as exc:  # a source bug must cost one check, never the worker
        logger.exception("check of %s failed unexpectedly", resource.url, extra={"resource_id": resource.pk})
        return _record_failure(resource, AppError("PARSE_ERROR", f"could not read the board: {type(exc).__name__}"))


def _plain_listing(resource: Resource) -> bool:
    """Whether to read the plain listing directly: the enriched one was over the body cap within
    ENRICHED_RETRY (the retry after it finds out whether the board has shrunk)."""
    since = resource.enriched_over_cap_since
    return since is not None and timezone.now() - since < ENRICHED_RETRY


def _apply(resource: Resource, reading: BoardReading, stored: StoredSet, *, has_snapshot: bool) -> CheckOutcome:
    # The stored jobs the listing does not show as they are, whole; the rest stay light.
    stored.rebuild_unlisted(reading.jobs)
    previous = stored.jobs
    result = diff_jobs(
        previous,
        carry_details(previous, reading.jobs),
        complete=reading.listing.complete,
        known_hashes=stored.hashes,
        baseline=not has_snapshot,
    )
    complete = reading.listing.complete
    if not complete:
        seen = {job.key for job in reading.jobs}
        result = drop_stale(result, seen=seen, last_seen=last_seen(stored, resource), now=timezone.now())
    if has_snapshot and result.content_hash == resource.content_hash and not result.events:
        if not complete:
            _touch_seen(resource, reading, timezone.now())
        # Postings derived afresh into the same jobs (a new derivation version, a detail page
        # read last time) keep their new fingerprints, so the next check does not derive them.
        store_row_hashes(
            {
                stored.ids[key]: (fingerprint, result.job_hashes.get(key, ""))
                for key, fingerprint in reading.fingerprints.items()
                if key in stored.ids and stored.fingerprints.get(key) != fingerprint
            }
        )
        _record_healthy(resource, status=200, reading=reading)
        return CheckOutcome(resource.pk, True, "unchanged", jobs=len(result.jobs), complete=complete)
    try:
        written = _write(resource, reading, result, stored=stored, first=not has_snapshot)
    except Raced:
        return CheckOutcome(resource.pk, True, "raced", "RACED", "another check of this board wrote first")
    outcome = "first_snapshot" if not has_snapshot else ("changed" if written else "unchanged")
    return CheckOutcome(resource.pk, True, outcome, changes=written, jobs=len(result.jobs), complete=complete)


def _touch_seen(resource: Resource, reading: BoardReading, now: datetime) -> None:
    """Only the jobs this listing showed: an incomplete view's unseen jobs keep aging."""
    _touch_keys(resource, [job.key for job in reading.jobs], now)


def _touch_keys(resource: Resource, keys: list[str], now: datetime) -> None:
    seen_keys = [key[:600] for key in keys]
    for start in range(0, len(seen_keys), 5000):
        JobRow.objects.filter(resource=resource, key__in=seen_keys[start : start + 5000]).update(last_seen_at=now)


class Raced(Exception):
    """Another check of the same board committed between our read and our write: its events
    stand, ours would duplicate them, so this check writes nothing."""


def serialise_change_writes() -> None:
    """Take the cluster-wide change-writing lock for the rest of this transaction. SQLite needs
    none: its write transactions are serialised (BEGIN IMMEDIATE, see settings)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [CHANGE_WRITE_LOCK])


def _write(
    resource: Resource,
    reading: BoardReading,
    result: DiffResult,
    *,
    stored: StoredSet,
    first: bool,
) -> int:
    """Write the check's result. The stored job rows (`stored`) were read during the read, after
    `resource` was; the resource's content hash, re-read under a row lock, proves nobody changed
    them since it was (else `Raced`), so only rows that differ are written. A row whose posting and group did not change
    is not even rebuilt (`stored.clean_keys`)."""
    previous, row_ids = stored.jobs, stored.ids
    now = timezone.now()
    company = reading.company or resource.company
    new_keys = {job.key for job in result.jobs}
    with transaction.atomic():
        # One statement takes the board's row lock, proves nobody wrote since our read (its content
        # hash is still the one we read) and records this check.
        recorded = _update_resource_healthy(
            resource,
            now=now,
            status=200,
            reading=reading,
            content_hash=result.content_hash,
            open_jobs=len(result.jobs),
            changed=not first and bool(result.events),
            expected_hash=resource.content_hash,
        )
        if not recorded:
            raise Raced
        # Vacancies: events regrouped, each row's group fields (boards/services/grouping.py); only
        # the groups this check may write once every group was planned under this version.
        version = derivation_version()
        everything = first or resource.groups_planned != version
        matched = matched_keys(stored, reading.fingerprints)
        only = None if everything else touched_groups(stored, result.jobs, matched=matched)
        plan = grouping.plan(resource, result, previous, first_seen=stored.first_seen, now=now, first=first, only=only)
        grouping.save(resource, plan, now)
        if everything:
            Resource.objects.filter(pk=resource.pk).update(groups_planned=version)
            resource.groups_planned = version
        delete_rows([pk for key, pk in row_ids.items() if key not in new_keys])
        unchanged = write_rows(resource, reading, result, stored, plan, company=company, now=now, matched=matched)
        if not reading.listing.complete:
            # Rows written above were seen now; of the rest, only those this listing showed (a
            # complete listing showed every one: `Resource.listed_complete_at` says when).
            shown = {job.key for job in reading.jobs}
            _touch_keys(resource, [key for key in unchanged if key in shown], now)

        Snapshot.objects.create(
            resource=resource,
            taken_at=now,
            complete=reading.listing.complete,
            job_count=len(result.jobs),
            content_hash=result.content_hash,
        )
        if current().snapshot_retention_days == 0 and not first:
            Snapshot.objects.filter(resource=resource).exclude(
                pk=Snapshot.objects.filter(resource=resource).order_by("-taken_at", "-id").values("pk")[:1]
            ).delete()
        changes: list[Change] = []
        if not first and result.events:
            for grouped in plan.events:
                event = grouped.event
                job_served = grouping.served(plan, event.job, jobstore.job_data(event.job, company_fallback=company))
                data: dict[str, Any] = {"job": job_served}
                if event.changed_fields:
                    data["changed_fields"] = list(event.changed_fields)
                group_columns = grouping.change_fields(plan, grouped, data)
                changes.append(
                    Change(
                        resource=resource,
                        type=event.type,
                        job_key=event.job.key[:600],
                        summary=jobstore.summary(event.type, event.job, event.changed_fields),
                        data=data,
                        changed_fields=list(event.changed_fields),
                        created_at=now,
                        **group_columns,
                        **jobstore.filter_columns(event.job, company=data["job"].get("company", company)),
                    )
                )
            # Held from the moment change ids are allocated until commit, and only by checks that
            # write changes: a first snapshot or a job-set refresh never waits for it.
            serialise_change_writes()
            changes = Change.objects.bulk_create(changes, batch_size=500)
            if changes and changes[0].pk is None:  # a backend without RETURNING: read them back in order
                changes = list(Change.objects.filter(resource=resource, created_at=now).order_by("id"))
    for change in changes:
        metrics.CHANGES_EMITTED.labels(type=change.type).inc()
    return len(changes)


def _update_resource_healthy(
    resource: Resource,
    *,
    now: datetime,
    status: int,
    reading: BoardReading | None = None,
    content_hash: str | None = None,
    open_jobs: int | None = None,
    changed: bool = False,
    expected_hash: str | None = None,
    share: float | None = None,
) -> bool:
    """Record a healthy check; with `expected_hash`, only if the stored content hash is still that
    (False otherwise, and nothing is written)."""
    interval = resource_interval_seconds(resource, now=now)
    fields: dict[str, Any] = {
        "last_checked_at": now,
        "last_status": status,
        "consecutive_failures": 0,
        "last_error_code": "",
        "last_error": "",
        "interval_seconds": interval,
        "next_check_at": now + timedelta(seconds=interval),
        "claim_token": "",
        "claimed_until": None,
        "gone_since": None,
    }
    if share is not None:
        fields["tech_share"] = share
    if reading is None and status in (200, 304) and resource.complete:
        fields["listed_complete_at"] = now  # the very listing of the last check, complete
    if reading is not None:
        fields["tech_share"] = tech_share(job.title for job in reading.jobs)
        fields["etag"] = reading.etag[:500]
        fields["body_hash"] = reading.body_hash
        fields["last_modified"] = reading.last_modified[:100]
        fields["complete"] = reading.listing.complete
        if reading.listing.complete:
            fields["listed_complete_at"] = now
        if reading.listing.enriched is not None:
            fields["enriched_over_cap_since"] = _over_cap_since(resource, reading, now)
        if reading.company and not resource.company:
            fields["company"] = reading.company[:200]
    if content_hash is not None:
        fields["content_hash"] = content_hash
    if open_jobs is not None:
        fields["open_jobs"] = open_jobs
    if changed:
        fields["last_changed_at"] = now
    rows = Resource.objects.filter(pk=resource.pk)
    if expected_hash is not None:
        rows = rows.filter(content_hash=expected_hash)
    tech = is_tech_company(fields.get("tech_share", resource.tech_share))
    crossed = tech != is_tech_company(resource.tech_share)
    # When the share crossed the line, the board's rows take its new flag in the same transaction
    # (`Job.tech`), so that a search never sees the board one way and its jobs the other.
    with transaction.atomic() if crossed else contextlib.nullcontext():
        if rows.update(**fields) != 1:
            return False
        if crossed:
            JobRow.objects.filter(resource_id=resource.pk).exclude(tech=tech).update(tech=tech)
    for name, value in fields.items():
        setattr(resource, name, value)
    return True


def _over_cap_since(resource: Resource, reading: BoardReading, now: datetime) -> datetime | None:
    """Since when the enriched listing has been over the cap: kept while the plain one is read
    directly, restarted when a retry finds it still over, cleared when it was read."""
    if reading.listing.enriched:
        return None
    if reading.plain_listing and resource.enriched_over_cap_since is not None:
        return resource.enriched_over_cap_since
    return now


def _record_healthy(
    resource: Resource, *, status: int, reading: BoardReading | None = None, share: float | None = None
) -> None:
    _update_resource_healthy(resource, now=timezone.now(), status=status, reading=reading, share=share)


def _record_failure(resource: Resource, exc: AppError) -> CheckOutcome:
    now = timezone.now()
    failures = resource.consecutive_failures + 1
    refusal = bool(getattr(exc, "refusal", exc.code in REFUSAL_CODES))
    interval = resource_interval_seconds(resource, now=now)
    delay = backoff_delay(interval_seconds=interval, failures=failures, refusal=refusal, retry_after=exc.retry_after)
    fields: dict[str, Any] = {
        "last_checked_at": now,
        "consecutive_failures": failures,
        "last_error_code": exc.code[:40],
        "last_error": clean_text(exc.message, 500),  # may quote what a server sent
        "next_check_at": now + delay,
        "last_status": getattr(exc, "http_status", None),
        "claim_token": "",
        "claimed_until": None,
        **retirement.failure_fields(resource, exc, now=now),
    }
    if exc.code in HOST_REFUSAL_CODES and refusal:  # an unreachable robots.txt is an outage, not a refusal
        fields["blocked_at"] = now
        metrics.BLOCKED.labels(code=exc.code).inc()
        logger.warning(
            "host is refusing us: %s (%s)", resource.fetch_host, exc.code, extra={"host": resource.fetch_host}
        )
    Resource.objects.filter(pk=resource.pk).update(**fields)
    for name, value in fields.items():
        setattr(resource, name, value)
    if retirement.retire_if_dead(resource, exc, now=now, failures=failures):
        metrics.RETIRED.inc()
        logger.warning("directory board retired: %s (%s)", resource.url, resource.retired_reason)
    logger.info("check of %s failed: %s %s", resource.url, exc.code, exc.message, extra={"resource_id": resource.pk})
    return CheckOutcome(resource.pk, False, "error", exc.code, exc.message)


def _deferred(resource: Resource) -> CheckOutcome:
    """The caller's deadline ended the read: the board is due now, for the scheduler."""
    now = timezone.now()
    Resource.objects.filter(pk=resource.pk, next_check_at__gt=now).update(next_check_at=now)
    Resource.objects.filter(pk=resource.pk, claim_token=resource.claim_token).exclude(claim_token="").update(
        claim_token="", claimed_until=None
    )
    return CheckOutcome(
        resource.pk,
        False,
        "deferred",
        "DEFERRED",
        "the board did not answer within the time this request may wait; the scheduler reads it shortly",
    )


def _host_busy(resource: Resource) -> CheckOutcome:
    spacing = current().host_min_spacing_ms / 1000
    retry_at = timezone.now() + timedelta(seconds=spacing + 1 + random.uniform(0, 5))
    Resource.objects.filter(pk=resource.pk).update(next_check_at=retry_at, claim_token="", claimed_until=None)
    metrics.HOST_BUSY.inc()
    return CheckOutcome(
        resource.pk, False, "host_busy", "HOST_BUSY", f"another check of {resource.fetch_host} is running"
    )
