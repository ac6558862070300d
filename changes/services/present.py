"""The JSON shape of a change as agents receive it (SPEC §3.3), over polling and webhooks alike."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, NamedTuple

from boards.job import served_job
from changes.models import Change
from watches.models import Watch, WatchKind


class ChangeRow(NamedTuple):
    """What presenting a change reads of it: the feed reads only these columns of the changes its
    page keeps (changes/services/reads.py `shown_statement`), not whole rows made model instances,
    a third of a five-watch poll's Python."""

    id: int
    type: str
    role: str
    summary: str
    data: dict[str, Any]
    created_at: datetime


def change_as_dict(
    change: Change | ChangeRow, watch: Watch, *, closed_at: datetime | None = None, common: dict[str, Any] | None = None
) -> dict[str, Any]:
    """`closed_at`: when the change's vacancy has closed since (search watches: the agent can skip
    the job without another call). `common`: `change_common(change)` when the caller has it
    already (the webhook fan-out presents one change to thousands of watches)."""
    # A location joining an open vacancy is an update on its board, and new to the search watch
    # whose location filter it makes match (boards/groups.py).
    kind = "JOB_ADDED" if watch.kind == WatchKind.SEARCH and change.role == "grown" else change.type
    body: dict[str, Any] = {
        "id": change.id,
        "type": kind,
        "watch_id": watch.public_id,
        **(change_common(change) if common is None else common),
    }
    if watch.label:
        body["watch_label"] = watch.label
    if watch.kind == WatchKind.SEARCH:
        body["open"] = closed_at is None
        if closed_at is not None:
            body["closed_at"] = closed_at.isoformat()
    return body


def change_common(change: Change | ChangeRow) -> dict[str, Any]:
    """The part of a change's shape that is the same for every watch."""
    return {"summary": change.summary, "data": _served_data(change.data), "created_at": change.created_at.isoformat()}


def _served_data(data: dict[str, Any]) -> dict[str, Any]:
    job = data.get("job")
    if not isinstance(job, dict):
        return data
    return {**data, "job": served_job(job)}


def webhook_payload(watch: Watch, changes: Sequence[Change], *, common: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """A webhook body but its `delivery_id` (docs/webhooks.md). `common`: `change_common` by change
    id, filled here as needed and shared by the caller's other bodies."""
    for change in changes:
        if change.id not in common:
            common[change.id] = change_common(change)
    return {
        "watch_id": watch.public_id,
        "label": watch.label,
        "url": watch.source_url or None,
        "query": watch.query or None,
        "changes": [change_as_dict(change, watch, common=common[change.id]) for change in changes],
    }
