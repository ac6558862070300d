"""Resources: the one row per canonical board that every watch of that board shares."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import Field
from django.utils import timezone

from boards.models import Job, Resource
from boards.sources.base import BoardRef
from watchtower.config import current
from watchtower.errors import AppError


def _max_length(name: str) -> int:
    column = Resource._meta.get_field(name)
    assert isinstance(column, Field) and column.max_length is not None
    return int(column.max_length)


def board_fitted(board: BoardRef) -> BoardRef:
    """`board` as its resource row can hold it: a key, host or URL longer than its column is refused
    (no real board has one, and PostgreSQL would fail the whole insert, or a directory sync's whole
    batch, on it); a company name, derived from the URL and shown only, is cut to its column."""
    for name, value in (("url", board.board_url), ("fetch_host", board.fetch_host), ("board_key", board.key)):
        if len(value) > _max_length(name):
            raise AppError("VALIDATION_ERROR", f"not a board: its {name} is longer than {_max_length(name)} characters")
    limit = _max_length("company")
    return board if len(board.company) <= limit else replace(board, company=board.company[:limit])


def resource_get_or_create(*, board: BoardRef, resolved_from: str = "") -> tuple[Resource, bool]:
    """Find the resource of `board` or create it, safely under concurrent creators."""
    board = board_fitted(board)
    existing = Resource.objects.filter(url=board.board_url).first()
    if existing is not None:
        if existing.platform == "html" and board.platform != "html":
            # Read as a careers page until a directory line or the page's own markers said what it is.
            fields = {"platform": board.platform, "fetch_host": board.fetch_host, "board_key": board.key}
            Resource.objects.filter(pk=existing.pk).update(**fields)
            for name, value in fields.items():
                setattr(existing, name, value)
        return existing, False
    try:
        with transaction.atomic():
            resource = Resource.objects.create(
                url=board.board_url,
                platform=board.platform,
                fetch_host=board.fetch_host,
                board_key=board.key,
                company=board.company,
                options=dict(board.options),
                resolved_from=resolved_from,
                interval_seconds=current().default_check_interval_seconds,
            )
    except IntegrityError:  # another request created it between our read and our insert
        return Resource.objects.get(url=board.board_url), False
    return resource, True


def resource_revive(resource: Resource, *, now: datetime | None = None) -> bool:
    """Put a retired board back on the schedule (a watch asked for it, or an operator did): checked
    now, its "gone" streak forgotten. False when it was not retired."""
    now = now or timezone.now()
    revived = Resource.objects.filter(pk=resource.pk, retired_at__isnull=False).update(
        retired_at=None, retired_reason="", gone_since=None, consecutive_failures=0, next_check_at=now
    )
    if revived:
        resource.retired_at, resource.retired_reason, resource.gone_since = None, "", None
        resource.consecutive_failures, resource.next_check_at = 0, now
    return bool(revived)


# What a board forgets when it stops being read (retired, or covered by no search and no watch any
# longer): its open jobs leave every search, and its next read is a fresh baseline (no flood of
# "new" jobs), as its first read was.
FORGOTTEN_FIELDS = {"open_jobs": 0, "content_hash": "", "body_hash": "", "etag": "", "last_modified": ""}


def resource_jobs_forget(resource_ids: list[int]) -> None:
    """Drop the stored jobs of these boards; in the caller's transaction."""
    Job.objects.filter(resource_id__in=resource_ids).delete()
