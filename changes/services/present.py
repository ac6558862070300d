"""The JSON shape of a change as agents receive it (SPEC §3.3), over polling and webhooks alike."""

from __future__ import annotations

from typing import Any

from boards.job import served_job
from changes.models import Change
from watches.models import Watch


def change_as_dict(change: Change, watch: Watch) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": change.id,
        "type": change.type,
        "watch_id": watch.public_id,
        "summary": change.summary,
        "data": _served_data(change.data),
        "created_at": change.created_at.isoformat(),
    }
    if watch.label:
        body["watch_label"] = watch.label
    return body


def _served_data(data: dict[str, Any]) -> dict[str, Any]:
    job = data.get("job")
    if not isinstance(job, dict):
        return data
    return {**data, "job": served_job(job)}
