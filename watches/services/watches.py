"""Creating, listing, reading, deleting and force-checking watches (SPEC §3, §10, §12, §14)."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from boards.fetch.client import validate_url
from boards.fetch.errors import REFUSAL_CODES
from boards.models import IndexOrigin, Job, Platform, Resource
from boards.services.check import resource_check
from boards.services.resources import resource_get_or_create, resource_revive
from boards.sources.base import BoardRef
from boards.sources.canonical import canonical_url
from boards.sources.registry import recognize
from changes.models import Change
from changes.services.feed import pending_count
from changes.services.matches import searches_register
from watches.filters import Filters, filters_q
from watches.models import Client, Watch, WatchKind, live_watch_q
from watches.services.lookup import active_watches, watch_for_client, watches_touch
from watches.services.present import count_capped, jobs_as_dicts, newest_jobs, watch_as_dict
from watches.services.search import coverage, filters_build, newest_matching
from watches.services.waiting import ReadWindow, read_window
from watchtower.config import current
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

MAX_URLS = 25
CURRENT_JOBS_LIMIT = 50
MAX_INTERVAL_SECONDS = 7 * 24 * 3600
INITIAL_CHECK_WAIT_SECONDS = 10.0
# `initial_check` of a board watch whose first read has not finished (docs/rest.md).
PENDING = {
    "status": "pending",
    "note": "the board has not been read yet; it is read within a minute, and get_watch shows its jobs then",
}
PROMOTED_MAX_FAILURES = 8


def _interval_seconds(interval_minutes: int | None) -> int:
    config = current()
    if interval_minutes is None:
        seconds = config.default_check_interval_seconds
    else:
        if interval_minutes < 1:
            raise AppError("VALIDATION_ERROR", "interval_minutes must be at least 1")
        seconds = interval_minutes * 60
    return min(max(seconds, config.min_check_interval_seconds), MAX_INTERVAL_SECONDS)


def _check_webhook_url(webhook_url: str) -> str:
    if not webhook_url:
        return ""
    try:
        url = canonical_url(webhook_url)
        validate_url(url)
    except AppError as exc:
        raise AppError("WEBHOOK_URL_NOT_ALLOWED", f"webhook_url is not allowed: {exc.message}") from None
    return url


def _validate_page_url(url: str) -> None:
    try:
        validate_url(url)
    except AppError as exc:
        if exc.code == "NETWORK_ERROR":  # the caller's host does not resolve: their input, not our failure
            raise AppError("DNS_FAILED", f"could not resolve the host of {url}") from None
        raise


def _lock_client(client: Client) -> None:
    """Serialise one client's creations so two concurrent requests cannot both take the last slot."""
    Client.objects.select_for_update().filter(pk=client.pk).first()


def _check_client_limit(client: Client) -> None:
    limit = current().max_watches_per_client
    if active_watches(client=client).count() >= limit:
        raise AppError("WATCH_LIMIT", f"each client may have at most {limit} active watches; delete one first")


def watch_create(
    *,
    client: Client,
    query: str = "",
    url: str | None = None,
    urls: Sequence[str] | None = None,
    filters: Mapping[str, Any] | None = None,
    label: str = "",
    webhook_url: str = "",
    interval_minutes: int | None = None,
    address: str = "",
) -> dict[str, Any]:
    """A board watch per URL, or a search watch when no URL is given. `address` is the caller's
    (REST and MCP alike): with the client, it decides whether this request may read boards now
    (`waiting.read_window`).

    A request that fails leaves no watch behind: boards are read first, and the watches of the
    request are written in one transaction at the end."""
    if url and urls:
        raise AppError("VALIDATION_ERROR", "pass url or urls, not both")
    query = " ".join((query or "").split())[:1000]
    if len(label) > 200:
        raise AppError("VALIDATION_ERROR", "label must be at most 200 characters")
    interpretation = filters_build(query=query, explicit=filters, search=not (url or urls))
    options = WatchOptions(
        query=query,
        filters=interpretation.filters,
        label=label,
        webhook_url=_check_webhook_url(webhook_url),
        interval_seconds=_interval_seconds(interval_minutes),
    )
    if urls is None and not url:
        body = _create_search_watch(client=client, options=options)
    else:
        with read_window(client_id=client.pk, address=address) as window:
            if urls is not None:
                return _create_many(
                    client=client, urls=urls, interpretation=interpretation.as_dict(), options=options, window=window
                )
            assert url is not None
            planned = _plan_board_watch(client=client, url=url, window=window)
        with transaction.atomic():
            body = _record_board_watch(client=client, planned=planned, options=options)
    if query or filters:
        body["interpreted"] = interpretation.as_dict()
    return body


@dataclass(frozen=True)
class WatchOptions:
    """What every watch of one request shares."""

    query: str
    filters: Filters
    label: str
    webhook_url: str
    interval_seconds: int


@dataclass(frozen=True)
class PlannedWatch:
    """A board watch whose board has been recognised, admitted and (if the request could) read."""

    url: str  # the board's URL (a linked board's, when `resolved_from` names the page)
    board: BoardRef
    resource: Resource
    initial: dict[str, Any]
    resolved_from: str = ""


def _create_many(
    *, client: Client, urls: Sequence[str], interpretation: dict[str, Any], options: WatchOptions, window: ReadWindow
) -> dict[str, Any]:
    unique = list(dict.fromkeys(u.strip() for u in urls if isinstance(u, str) and u.strip()))
    if not unique:
        raise AppError("VALIDATION_ERROR", "urls must hold at least one URL")
    if len(unique) > MAX_URLS:
        raise AppError("VALIDATION_ERROR", f"urls may hold at most {MAX_URLS} URLs")

    errors: list[dict[str, Any]] = []

    def refused(url: str, exc: AppError) -> None:
        errors.append({"url": url, "error": exc.code, "message": exc.message})

    planned: list[tuple[str, PlannedWatch]] = []
    for url in unique:
        try:
            planned.append((url, _plan_board_watch(client=client, url=url, window=window)))
        except AppError as exc:
            refused(url, exc)
        except Exception:
            logger.exception("watch creation failed for %s", url)
            refused(url, AppError("INTERNAL_ERROR", "internal error"))
    watches: list[dict[str, Any]] = []
    with transaction.atomic():
        for url, plan in planned:
            try:
                with transaction.atomic():
                    watches.append(_record_board_watch(client=client, planned=plan, options=options))
            except AppError as exc:  # a limit reached by the watches before it
                refused(url, exc)
    order = {url: i for i, url in enumerate(unique)}
    errors.sort(key=lambda error: order[error["url"]])
    return {"watches": watches, "errors": errors, "interpreted": interpretation}


def _create_search_watch(*, client: Client, options: WatchOptions) -> dict[str, Any]:
    filters = options.filters
    if filters.is_empty():
        raise AppError(
            "QUERY_TOO_BROAD",
            "a search watch needs at least one filter: a role, a place, a salary, experience or a level",
        )
    with transaction.atomic():
        _lock_client(client)
        _check_client_limit(client)
        baseline = int(Change.objects.aggregate(top=Max("id"))["top"] or 0)
        watch = Watch.objects.create(
            client=client,
            kind=WatchKind.SEARCH,
            query=options.query,
            filters=filters.as_dict(),
            label=options.label,
            interval_seconds=current().index_check_interval_seconds,
            webhook_url=options.webhook_url,
            webhook_secret=_new_secret() if options.webhook_url else "",
            baseline=baseline,
            cursor=baseline,
            expires_at=timezone.now() + timedelta(days=current().watch_ttl_days),
        )
        searches_register(watch_ids=[watch.pk])
        body = watch_as_dict(watch, pending=0)
        body.update(_search_preview(filters, limit=CURRENT_JOBS_LIMIT))
        _add_secret(body, watch)
    return body


def _search_preview(filters: Filters, *, limit: int) -> dict[str, Any]:
    """What a search watch shows of the jobs it matches now: the search's own newest page and
    its count capped at COUNT_CAP (`newest_matching`, the plans `jobs_search` reads by; with
    `limit` <= COUNT_CAP the cap is COUNT_CAP, as `count_capped` counted it). A plain queryset of
    the matches, counted and then paged, read the way the planner alone picks: up to seconds of
    database CPU for a common term at 1M jobs (docs/scaling.md)."""
    page, (count, more) = newest_matching(filters, offset=0, limit=limit)
    return {
        "coverage": coverage(tech_companies_only=filters.tech_companies_only),
        "matching_jobs_count": count,
        "matching_jobs_count_is_lower_bound": more,
        "current_jobs": page,
    }


def _plan_board_watch(
    *, client: Client, url: str, window: ReadWindow, resolved_from: str = "", board: BoardRef | None = None
) -> PlannedWatch:
    """Recognise and admit the board, and read it if it was never read and the window is open.
    Raises the `AppError` that refuses the URL; writes no watch. `board` is given when a careers
    page resolved to it (a page whose own markers name its platform is not recognised again from
    its URL)."""
    board = board or recognize(url)
    if board.platform == Platform.HTML:
        # Platform boards live on known public API hosts; an arbitrary page is checked here once,
        # and every request is checked again at connect time.
        _validate_page_url(board.board_url)
    _check_client_limit(client)  # early, so a refused URL costs no read; again when written
    _check_capacity(client, board)
    resource, _ = resource_get_or_create(board=board, resolved_from=resolved_from)
    initial, linked = _initial_check(resource, window)
    if initial.get("ok") is False and initial.get("error_code") in REFUSAL_CODES | {"NO_JOB_DATA"}:
        if initial["error_code"] == "NO_JOB_DATA" and not resolved_from and board.platform == Platform.HTML:
            target = next((b for b in linked if b.platform != Platform.HTML), None)
            if target is not None:
                return _plan_board_watch(
                    client=client, url=target.board_url, window=window, resolved_from=board.board_url, board=target
                )
            raise AppError(
                "NO_JOB_DATA",
                "no job postings found on this page: it has no schema.org JobPosting markup and links to no "
                "supported board (Greenhouse, Lever, Ashby, Workable, SmartRecruiters, Recruitee, Workday, "
                "iCIMS, Oracle, Eightfold, SuccessFactors)",
            )
        raise AppError(initial["error_code"], f"cannot monitor this URL: {initial.get('error', '')}")
    return PlannedWatch(
        url=url,
        board=board,
        resource=resource,
        initial=initial,
        resolved_from=resolved_from,
    )


def _record_board_watch(*, client: Client, planned: PlannedWatch, options: WatchOptions) -> dict[str, Any]:
    """Write the watch and answer with it; inside the caller's transaction."""
    _lock_client(client)
    _check_client_limit(client)
    _check_capacity(client, planned.board)
    resource = Resource.objects.get(pk=planned.resource.pk)
    now = timezone.now()
    # A retired directory board a client watches is checked again; revived only here, once the
    # watch is written, so a refused request (robots, access denied) leaves it retired.
    resource_revive(resource, now=now)
    baseline = int(Change.objects.aggregate(top=Max("id"))["top"] or 0)
    watch = Watch.objects.create(
        client=client,
        resource=resource,
        kind=WatchKind.BOARD,
        source_url=canonical_url(planned.url),
        resolved_from=planned.resolved_from,
        query=options.query,
        filters=options.filters.as_dict(),
        label=options.label,
        interval_seconds=options.interval_seconds,
        webhook_url=options.webhook_url,
        webhook_secret=_new_secret() if options.webhook_url else "",
        baseline=baseline,
        cursor=baseline,
        expires_at=now + timedelta(days=current().watch_ttl_days),
    )
    sooner = (resource.last_checked_at or now) + timedelta(seconds=options.interval_seconds)
    if sooner < resource.next_check_at:
        Resource.objects.filter(pk=resource.pk).update(next_check_at=sooner)
        resource.next_check_at = sooner
    _promote(resource)
    body = watch_as_dict(watch, pending=0)
    body["initial_check"] = planned.initial
    body["current_jobs"] = jobs_as_dicts(
        newest_jobs(Job.objects.filter(resource=resource).filter(filters_q(options.filters))),
        limit=CURRENT_JOBS_LIMIT,
    )
    _add_secret(body, watch)
    return body


def _check_capacity(client: Client, board: BoardRef) -> None:
    """SPEC §14 limits on careers pages; platform boards are exempt from the per-host ones, and
    a board somebody already watches can always be watched."""
    config = current()
    existing = Resource.objects.filter(url=board.board_url).first()
    now = timezone.now()
    if board.platform == Platform.HTML:
        same_host = active_watches(client=client).filter(
            resource__fetch_host=board.fetch_host, resource__platform=Platform.HTML
        )
        if same_host.count() >= config.max_watches_per_client_per_host:
            raise AppError(
                "HOST_WATCH_LIMIT",
                f"each client may watch at most {config.max_watches_per_client_per_host} careers pages "
                f"on {board.fetch_host}",
            )
    if existing is not None and existing.watches.live(now).exists():
        return
    watched = Resource.objects.filter(live_watch_q(now, through="watches__")).distinct()
    if watched.count() >= config.max_active_resources:
        raise AppError("CAPACITY", "Watchtower is at capacity; try again later")
    if (
        board.platform == Platform.HTML
        and watched.filter(fetch_host=board.fetch_host).count() >= config.max_resources_per_host
    ):
        raise AppError("HOST_CAPACITY", f"too many pages of {board.fetch_host} are watched already; try again later")


def _initial_check(resource: Resource, window: ReadWindow) -> tuple[dict[str, Any], tuple[BoardRef, ...]]:
    """Read the board now unless it has been read before, so `current_jobs` is the baseline.
    Also returns the supported boards a careers page without job markup links to.

    The read ends with the request's window: a board not read by then (or a request with no
    window left) is `pending`, and the scheduler reads it."""
    if resource.content_hash:
        return {"status": "done", "ok": True, "shared_resource": True, "note": "this board is already monitored"}, ()
    if not window.open:
        return dict(PENDING), ()
    outcome = resource_check(
        resource_id=resource.pk,
        wait_for_host=min(INITIAL_CHECK_WAIT_SECONDS, window.remaining()),
        deadline=window.deadline,
    )
    if outcome.outcome in {"deferred", "host_busy"}:
        return dict(PENDING), ()
    if outcome.ok:
        if outcome.jobs == 0 and resource.platform == Platform.HTML:
            return {
                "status": "failed",
                "ok": False,
                "error_code": "NO_JOB_DATA",
                "error": "no job postings on this page",
            }, ()
        return {"status": "done", "ok": True, "snapshot_taken": True, "jobs": outcome.jobs}, ()
    initial = {
        "status": "failed",
        "ok": False,
        "error_code": outcome.code,
        "error": outcome.message,
        "note": "will retry automatically with backoff",
    }
    return initial, outcome.linked_boards


def _promote(resource: Resource) -> None:
    """Use grows the directory (SPEC §12): a platform board with open jobs joins it."""
    config = current()
    if (
        not config.index_enabled
        or config.index_max_promoted <= 0
        or resource.indexed
        or resource.platform == Platform.HTML
        or resource.last_error_code
        or resource.open_jobs < 1
    ):
        return
    if Resource.objects.filter(index_origin=IndexOrigin.WATCHED).count() >= config.index_max_promoted:
        return
    Resource.objects.filter(pk=resource.pk, indexed=False).update(indexed=True, index_origin=IndexOrigin.WATCHED)


def _soft_delete(watch: Watch, reason: str) -> None:
    Watch.objects.filter(pk=watch.pk).update(deleted_at=timezone.now(), delete_reason=reason)


def _new_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(24)


def _add_secret(body: dict[str, Any], watch: Watch) -> None:
    if watch.webhook_secret:
        body["webhook_secret"] = watch.webhook_secret
        body["webhook_note"] = (
            "Shown once. Each POST carries x-watchtower-signature: sha256=<hex HMAC-SHA256 of "
            '"<x-watchtower-timestamp>.<body>"> keyed by this secret.'
        )


def watch_list(*, client: Client) -> dict[str, Any]:
    watches = list(active_watches(client=client))
    watches_touch(watches=watches)
    return {
        "watches": [watch_as_dict(watch, pending=pending_count(watch)) for watch in watches],
        "limit": current().max_watches_per_client,
    }


def watch_get(*, client: Client, watch_id: str, limit: int = CURRENT_JOBS_LIMIT) -> dict[str, Any]:
    watch = watch_for_client(client=client, watch_id=watch_id)
    watches_touch(watches=[watch])
    filters = Filters.from_dict(watch.filters)
    body = watch_as_dict(watch, pending=pending_count(watch))
    limit = max(1, min(limit, 100))
    if watch.kind == WatchKind.SEARCH:
        body.update(_search_preview(filters, limit=limit))
        return body
    matching = newest_jobs(Job.objects.filter(resource=watch.resource).filter(filters_q(filters)))
    body["matching_jobs_count"], body["matching_jobs_count_is_lower_bound"] = count_capped(matching)
    body["current_jobs"] = jobs_as_dicts(matching, limit=limit)
    return body


def watch_delete(*, client: Client, watch_id: str) -> dict[str, Any]:
    watch = watch_for_client(client=client, watch_id=watch_id)
    _soft_delete(watch, "deleted")
    return {"deleted": True, "id": watch.public_id}


def watch_check_now(*, client: Client, watch_id: str, address: str = "") -> dict[str, Any]:
    """Read the watch's board now, within the request's read window (`waiting.read_window`): a
    read the window does not cover is `deferred` to the scheduler, which does it at once."""
    watch = watch_for_client(client=client, watch_id=watch_id)
    if watch.kind == WatchKind.SEARCH or watch.resource is None:
        raise AppError("NOT_SUPPORTED", "search watches cover every board and cannot be checked on demand")
    minimum = current().min_check_interval_seconds
    checked = watch.resource.last_checked_at
    if checked is not None:
        elapsed = (timezone.now() - checked).total_seconds()
        if elapsed < minimum:
            raise AppError(
                "NOT_SUPPORTED",
                f"the board was checked {int(elapsed)}s ago; the minimum interval is {minimum}s",
                retry_after=max(1, int(minimum - elapsed)),
            )
    with read_window(client_id=client.pk, address=address) as window:
        outcome = resource_check(
            resource_id=watch.resource.pk,
            wait_for_host=min(INITIAL_CHECK_WAIT_SECONDS, window.remaining()),
            deadline=window.deadline,
        )
    return {"check": outcome.as_dict(), "watch": watch_get(client=client, watch_id=watch_id)}
