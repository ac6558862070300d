"""The enqueue side of the webhook outbox: when a check writes changes, one delivery row per
watch with a webhook URL and at least one matching change, in the check's own transaction (so a
crash never loses or duplicates a batch). Delivery is in changes/services/delivery.py."""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import Q

from boards.models import Resource
from changes.models import Change, ChangeType, WebhookDelivery
from changes.services.present import change_as_dict
from watches.filters import Filters, filters_match
from watches.models import Watch, WatchKind


def webhooks_enqueue(*, resource: Resource, changes: Sequence[Change]) -> int:
    """Create the outbox rows for `changes` (all of one resource). Returns how many."""
    if not changes:
        return 0
    watches = Watch.objects.live().exclude(webhook_url="")
    watches = watches.filter(Q(resource=resource) | Q(kind=WatchKind.SEARCH))
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
        if not matching:
            continue
        deliveries.append(
            WebhookDelivery(
                watch=watch,
                first_change_id=matching[0].id,
                last_change_id=matching[-1].id,
                payload={
                    "watch_id": watch.public_id,
                    "label": watch.label,
                    "url": watch.source_url or None,
                    "query": watch.query or None,
                    "changes": [change_as_dict(change, watch) for change in matching],
                },
            )
        )
    WebhookDelivery.objects.bulk_create(deliveries)
    return len(deliveries)
