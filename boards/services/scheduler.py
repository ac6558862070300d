"""Which resources are due, and handing them to whoever runs checks (Celery workers or the
embedded thread pool) without ever running two checks of one host at once.

The rules (SPEC §11, anchor-services §5.3):

1. A resource is *monitored* when it is in the directory or has an active watch; it is *due*
   when its `next_check_at` has passed.
2. Every host with a due resource gets at most one claim at a time: a host whose lease is live
   (a check is fetching, or the spacing after one has not run out) or that already has a claimed
   resource (a check is queued) is skipped, so the queue never fills with checks that would only
   find the host busy.
3. A claim is a conditional UPDATE of `claim_token`/`claimed_until` (healthchecks-style: the row
   count says whether we won). The check only runs for the holder of the current token, so a
   duplicate task delivery does nothing. A claim expires, so a dead worker's claim blocks the
   resource only until then.
4. Throughput per host is bounded by politeness, not by a tick: the moment a check gives its host
   lease back (its last answer is in; it has yet to diff and write), the runner claims the same
   host's next due resource and starts it as soon as the host's spacing has passed
   (`check_and_continue`), so the next request never waits for the previous check's writes. The
   periodic dispatch is the entry point for idle hosts and the safety net for chains that broke
   (a worker died between check and follow-up).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any, Protocol

from django.db import connection
from django.db.models import Exists, F, OuterRef, Q, QuerySet, Window
from django.db.models.functions import RowNumber
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from boards.models import HostLease, Resource
from boards.services.directory import monitored_q
from boards.services.leases import lease_end_of_host
from boards.services.liveness import scheduler_tick
from boards.sources.registry import max_requests, page_spacing_ms
from watchtower.config import current
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

# How long a claimed check may wait in a queue before it starts: a claim that outlives this
# is presumed lost (its worker died) and the resource becomes due again.
CLAIM_QUEUE_SLACK = timedelta(minutes=5)
# A follow-up further away than this is left to the periodic dispatch (someone else holds the
# host, e.g. a synchronous check from the API, and its runner continues the chain).
FOLLOWUP_MAX_DELAY = timedelta(seconds=60)
# Follow-ups are started this long before their host's lease frees, so that what a check does
# before its first request (loading the board's stored jobs) overlaps the spacing; the check then
# waits for the lease (check.CLAIMED_HOST_WAIT). Measured on bench/scheduler.py.
FOLLOWUP_LEAD = timedelta(milliseconds=100)
# An indexed board this far past due counts as overdue (`watchtower_directory_overdue_boards`).
OVERDUE_AFTER = timedelta(minutes=15)
# Outcomes after which the runner does not continue with the host: the check did not run.
_NO_FOLLOWUP = frozenset({"skipped", "host_busy"})


class Outcome(Protocol):
    """What the scheduler reads of `boards.services.check.CheckOutcome`."""

    @property
    def resource_id(self) -> int: ...

    @property
    def ok(self) -> bool: ...

    @property
    def outcome(self) -> str: ...

    @property
    def code(self) -> str: ...

    @property
    def message(self) -> str: ...

    @property
    def changes(self) -> int: ...

    @property
    def fetch_host(self) -> str: ...


# Called with `resource_id`, `claim_token` and `on_host_free`: a callable the check calls with its
# fetch host as soon as it has released the host lease (boards.services.check.resource_check).
CheckFunction = Callable[..., Outcome]
Submit = Callable[[int, str], None]
SubmitLater = Callable[[int, str, float], None]


@dataclass(frozen=True)
class Claimed:
    """A claimed resource and how long to wait before starting it: until `FOLLOWUP_LEAD` before its
    host's lease frees."""

    resource_id: int
    token: str
    delay_seconds: float


def new_claim_token() -> str:
    return secrets.token_hex(16)


def claim_duration(*, platform: str) -> timedelta:
    """Longer than the longest check of `platform` (every request timing out, with spacing), plus
    time to wait in a queue."""
    config = current()
    try:
        requests = max_requests(platform)
        page_spacing = max(page_spacing_ms(platform), config.host_min_spacing_ms)
    except AppError:
        requests, page_spacing = 1, config.host_min_spacing_ms
    check = timedelta(seconds=config.fetch_timeout_seconds * (requests + 1), milliseconds=page_spacing * requests)
    return check + CLAIM_QUEUE_SLACK


def _monitored(now: datetime) -> Q:
    return monitored_q(now)


def _unclaimed(now: datetime) -> Q:
    return Q(claimed_until__isnull=True) | Q(claimed_until__lte=now)


def _due(now: datetime) -> QuerySet[Resource]:
    return Resource.objects.filter(_monitored(now), _unclaimed(now), next_check_at__lte=now)


def resources_due(*, limit: int, now: datetime | None = None) -> list[int]:
    """The earliest-due resource of every host that is free, then the `limit` earliest of those."""
    now = now or timezone.now()
    if limit <= 0:
        return []
    busy_hosts = HostLease.objects.filter(leased_until__gt=now).values("key")
    queued_hosts = Resource.objects.filter(claimed_until__gt=now).values("fetch_host")
    ranked = (
        _due(now)
        .exclude(fetch_host__in=busy_hosts)
        .exclude(fetch_host__in=queued_hosts)
        .annotate(
            host_rank=Window(
                RowNumber(), partition_by=[F("fetch_host")], order_by=[F("next_check_at").asc(), F("id").asc()]
            )
        )
        .filter(host_rank=1)
        .order_by("next_check_at", "id")
        .values_list("id", flat=True)
    )
    return list(ranked[:limit])


def resource_claim(*, resource_id: int, now: datetime | None = None, duration: timedelta | None = None) -> str | None:
    """Claim a due resource for one check; None when it is claimed already (or no longer due)."""
    now = now or timezone.now()
    if duration is None:
        platform = Resource.objects.filter(pk=resource_id).values_list("platform", flat=True).first()
        if platform is None:
            return None
        duration = claim_duration(platform=platform)
    token = new_claim_token()
    updated = Resource.objects.filter(_unclaimed(now), pk=resource_id, next_check_at__lte=now).update(
        claim_token=token, claimed_until=now + duration
    )
    return token if updated == 1 else None


def resource_unclaim(*, resource_id: int, token: str) -> None:
    """Give a claim back (the check could not be handed over, e.g. the broker is down)."""
    Resource.objects.filter(pk=resource_id, claim_token=token).update(claim_token="", claimed_until=None)


def dispatch(*, limit: int, submit: Submit, now: datetime | None = None) -> int:
    """Claim up to `limit` due resources (one per free host) and hand each to `submit`.

    If `submit` fails (the broker is unreachable) the claim is given back and the error raised:
    nothing stays claimed by a check that was never queued.
    """
    scheduler_tick(now=now)
    submitted = 0
    for resource_id in resources_due(limit=limit, now=now):
        token = resource_claim(resource_id=resource_id, now=now)
        if token is None:  # another dispatcher got there first
            continue
        try:
            submit(resource_id, token)
        except Exception:
            resource_unclaim(resource_id=resource_id, token=token)
            raise
        submitted += 1
    return submitted


def next_on_host_queryset(*, host: str, now: datetime, running: int = 0) -> QuerySet[Any, Any]:
    """`host`'s earliest due resource (id, platform, when the host's lease frees), unless a check
    of the host other than `running` (the check asking, still writing) is queued already."""
    queued = Resource.objects.filter(fetch_host=OuterRef("fetch_host"), claimed_until__gt=now).exclude(pk=running)
    return (
        _due(now)
        .filter(~Exists(queued), fetch_host=host)
        .annotate(free_at=lease_end_of_host())
        .order_by("next_check_at", "id")
        .values_list("id", "platform", "free_at")[:1]
    )


# Stand-ins that `_next_on_host_sql` compiles the query with, then finds among its parameters.
_HOST = "\x00host\x00"
_NOW = datetime(2000, 1, 2, 3, 4, 5, 678901, tzinfo=UTC)
_RUNNING = -271828182  # no resource has a negative id
_HOST_MARK = object()
_NOW_MARK = object()
_RUNNING_MARK = object()


@cache
def _next_on_host_sql(vendor: str, index_enabled: bool) -> tuple[str, tuple[object, ...]]:
    """`next_on_host_queryset`'s SQL, compiled once per process (per database vendor and
    configuration): it runs after every check, and building and compiling it cost twice the CPU of
    running it (bench/scheduler.py). Parameters that are the stand-in host or time are marked."""
    sql, params = next_on_host_queryset(host=_HOST, now=_NOW, running=_RUNNING).query.sql_with_params()
    now_forms = {_NOW, connection.ops.adapt_datetimefield_value(_NOW)}

    def mark(p: object) -> object:
        if isinstance(p, str) and p == _HOST:
            return _HOST_MARK
        if isinstance(p, int) and p == _RUNNING:
            return _RUNNING_MARK
        return _NOW_MARK if p in now_forms else p

    marked = tuple(mark(p) for p in params)
    missing = {_HOST_MARK, _NOW_MARK, _RUNNING_MARK} - {p for p in marked if p is not None}
    assert not missing, "the stand-ins were not found among the parameters"
    return sql, marked


def _next_on_host(*, host: str, now: datetime, running: int = 0) -> tuple[int, str, datetime | None] | None:
    sql, marked = _next_on_host_sql(connection.vendor, current().index_enabled)
    adapted_now = connection.ops.adapt_datetimefield_value(now)
    values = {id(_HOST_MARK): host, id(_NOW_MARK): adapted_now, id(_RUNNING_MARK): running}
    params: list[Any] = [values.get(id(p), p) for p in marked]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    resource_id, platform, free_at = row
    if isinstance(free_at, str):  # SQLite returns a computed column's timestamp as text
        free_at = parse_datetime(free_at)
    if free_at is not None and timezone.is_naive(free_at):
        free_at = timezone.make_aware(free_at, UTC)
    return int(resource_id), str(platform), free_at


def host_claim_next(*, host: str, now: datetime | None = None, running: int = 0) -> Claimed | None:
    """Claim `host`'s earliest due resource, to start when the host's lease frees.

    None when nothing on the host is due, a check of the host (other than `running`, the check
    asking) is already queued, or the host is held for longer than `FOLLOWUP_MAX_DELAY` (its
    holder continues the chain). One read (the candidate, its platform and the lease's end) and
    the claim: this runs after every check.
    """
    now = now or timezone.now()
    candidate = _next_on_host(host=host, now=now, running=running)
    if candidate is None:
        return None
    resource_id, platform, free_at = candidate
    delay = max(free_at - now, timedelta(0)) if free_at else timedelta(0)
    if delay > FOLLOWUP_MAX_DELAY:
        return None
    token = resource_claim(resource_id=resource_id, now=now, duration=claim_duration(platform=platform))
    if token is None:
        return None
    return Claimed(
        resource_id=resource_id, token=token, delay_seconds=max(delay - FOLLOWUP_LEAD, timedelta(0)).total_seconds()
    )


def check_and_continue(
    *, resource_id: int, claim_token: str, check: CheckFunction, submit_later: SubmitLater
) -> Outcome:
    """Run one claimed check and hand the same host's next due resource to `submit_later` (with
    the delay until the host's spacing has passed), so a host with a backlog is checked back to
    back at the pace politeness allows: as soon as the check releases the host lease, while it
    still diffs and writes (a check's writes may take longer than the spacing), or after it when
    it never held the lease.

    Then once more after the writes, whether or not the first try queued anything: a check's claim
    stays live until its writes commit, so a try made while the host's previous check is still
    writing (under load, writing can outlast the spacing) finds the host "queued" and claims
    nothing, and without this second try nobody would continue the host before a dispatch tick
    (which skips it as well until the writes end). The second try claims only when no other check
    of the host is queued, running or writing, so a healthy chain costs it one read."""

    def host_free(host: str) -> None:
        _continue(host, running=resource_id, submit_later=submit_later)

    outcome = check(resource_id=resource_id, claim_token=claim_token, on_host_free=host_free)
    if outcome.outcome in _NO_FOLLOWUP:
        return outcome
    host = outcome.fetch_host or Resource.objects.filter(pk=resource_id).values_list("fetch_host", flat=True).first()
    if host:
        _continue(host, running=resource_id, submit_later=submit_later)
    return outcome


def _continue(host: str, *, running: int, submit_later: SubmitLater) -> None:
    following = host_claim_next(host=host, running=running)
    if following is None:
        return
    try:
        submit_later(following.resource_id, following.token, following.delay_seconds)
    except Exception:
        # The periodic dispatch picks the host up again; the check itself goes on.
        resource_unclaim(resource_id=following.resource_id, token=following.token)
        logger.warning("could not queue the next check of %s", host, exc_info=True, extra={"host": host})


def directory_overdue_count(*, now: datetime | None = None) -> int:
    """Directory boards more than `OVERDUE_AFTER` past due: how far the directory cycle lags."""
    now = now or timezone.now()
    return Resource.objects.filter(indexed=True, retired_at__isnull=True, next_check_at__lt=now - OVERDUE_AFTER).count()
