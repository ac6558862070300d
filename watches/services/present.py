"""The JSON shapes of watches and jobs, shared by REST and MCP."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from boards.job import served_job
from boards.models import Job, Resource
from changes.models import DeliveryStatus
from watches.models import Watch, WatchKind

# Newest first, served by the job_newest_idx index. A board's baseline jobs carry their posting
# date as first_seen_at (boards/services/check.py), so this is "newest posting" from the first check.
NEWEST_FIRST = ("-first_seen_at", "id")
# Counting every match of a broad search costs a scan; above this many, `total` is a lower bound
# (bench/search.py: p95 24 ms with the count capped at 100, 124 ms at 1,000, on 1,000,000 jobs).
COUNT_CAP = 100


def newest_jobs(jobs: QuerySet[Job]) -> QuerySet[Job]:
    return jobs.order_by(*NEWEST_FIRST)


def count_capped(jobs: QuerySet[Job], cap: int = COUNT_CAP) -> tuple[int, bool]:
    """How many rows match, counting at most `cap` (and whether there are more)."""
    found = jobs.values("id")[: cap + 1].count()
    return min(found, cap), found > cap


def job_as_dict(data: dict[str, Any], *, board_url: str, platform: str) -> dict[str, Any]:
    return {**served_job(data), "board_url": board_url, "platform": platform}


def jobs_as_dicts(jobs: QuerySet[Job], *, limit: int, offset: int = 0) -> list[dict[str, Any]]:
    """A page of jobs; a vacancy open on other boards too names them in `also_at` (one query for
    the page, on job_vacancy_idx)."""
    rows = list(
        jobs.values_list("id", "vacancy_key", "data", "resource__url", "resource__platform")[offset : offset + limit]
    )
    keys = {vacancy for _, vacancy, _, _, _ in rows if vacancy}
    elsewhere: dict[str, list[tuple[int, Any, str]]] = {}
    if keys:
        copies = Job.objects.filter(vacancy_key__in=keys, lead=True).values_list(
            "id", "vacancy_key", "data", "resource__url"
        )
        for pk, vacancy, data, board_url in copies.order_by("id"):
            url = data.get("url") if isinstance(data, dict) else None
            elsewhere.setdefault(vacancy, []).append((pk, url, board_url))
    return [
        page_job(pk, data, board_url=url, platform=platform, copies=elsewhere.get(vacancy, []))
        for pk, vacancy, data, url, platform in rows
    ]


def page_job(
    pk: int, data: dict[str, Any], *, board_url: str, platform: str, copies: list[tuple[int, Any, str]]
) -> dict[str, Any]:
    """One job of a page; `copies` are the vacancy's lead rows on every board, by id, each with
    its posting's own URL (or None) and its board's: the others are its `also_at`."""
    job = job_as_dict(data, board_url=board_url, platform=platform)
    also = [str(url or other_board) for other, url, other_board in copies if other != pk]
    if also:
        job["also_at"] = also
    return job


def resource_health(resource: Resource) -> dict[str, Any]:
    return {
        "board_url": resource.url,
        "platform": resource.platform,
        "company": resource.company or None,
        "last_checked_at": resource.last_checked_at.isoformat() if resource.last_checked_at else None,
        "last_changed_at": resource.last_changed_at.isoformat() if resource.last_changed_at else None,
        "next_check_at": resource.next_check_at.isoformat(),
        "healthy": bool(resource.content_hash) and not resource.last_error_code,
        "last_error": f"{resource.last_error_code}: {resource.last_error}" if resource.last_error_code else None,
        "consecutive_failures": resource.consecutive_failures,
        "open_jobs": resource.open_jobs if resource.content_hash else None,
        "complete": resource.complete,
    }


def watch_as_dict(watch: Watch, *, pending: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": watch.public_id,
        "type": watch.kind,
        "url": watch.source_url or None,
        "label": watch.label or None,
        "query": watch.query or None,
        "filters": watch.filters,
        "created_at": watch.created_at.isoformat(),
        "expires_at": watch.expires_at.isoformat(),
        "cursor": watch.cursor,
    }
    if watch.kind == WatchKind.BOARD and watch.resource is not None:
        body["interval_minutes"] = round(watch.interval_seconds / 60)
        body["resource"] = resource_health(watch.resource)
        if watch.resource.last_checked_at is None:  # its first read has not finished
            body["initial_check"] = {"status": "pending"}
        if watch.resolved_from:
            body["resolved_from"] = watch.resolved_from
    else:
        body["resource"] = None
    if watch.webhook_url:
        failed = watch.deliveries.filter(status=DeliveryStatus.FAILED).count()
        waiting = watch.deliveries.filter(status=DeliveryStatus.PENDING).count()
        body["webhook"] = {"url": watch.webhook_url, "pending_deliveries": waiting, "failed_deliveries": failed}
    if pending is not None:
        body["pending_changes"] = pending
    return body
