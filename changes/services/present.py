"""The JSON shape of a change as agents receive it (SPEC §3.3), over polling and webhooks alike."""

from __future__ import annotations

from typing import Any

from changes.models import Change
from watches.models import Watch


def change_as_dict(change: Change, watch: Watch) -> dict[str, Any]:
    body: dict[str, Any] = {
        "id": change.id,
        "type": change.type,
        "watch_id": watch.public_id,
        "summary": change.summary,
        "data": change.data,
        "created_at": change.created_at.isoformat(),
    }
    if watch.label:
        body["watch_label"] = watch.label
    return body
