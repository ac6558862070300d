"""Finding a client's watches, and keeping the ones in use alive (SPEC §10)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

from django.db.models import QuerySet
from django.utils import timezone

from watches.models import Client, Watch
from watchtower.config import current
from watchtower.errors import AppError

# A watch's expiry is pushed out at most this often, so reading it is not a write per call.
TOUCH_EVERY = timedelta(minutes=1)


def active_watches(*, client: Client) -> QuerySet[Watch]:
    """The client's live watches, oldest first."""
    return Watch.objects.live().filter(client=client).select_related("resource").order_by("created_at", "id")


def watch_for_client(*, client: Client, watch_id: str) -> Watch:
    """The client's own active watch, or NOT_FOUND (another client's id is never revealed)."""
    watch = active_watches(client=client).filter(public_id=str(watch_id)[:32]).first()
    if watch is None:
        raise AppError("NOT_FOUND", "watch not found")
    return watch


def watches_touch(*, watches: Sequence[Watch]) -> None:
    """Extend the life of watches that are being used: WATCH_TTL_DAYS from now."""
    now = timezone.now()
    expires = now + timedelta(days=current().watch_ttl_days)
    stale = [watch.pk for watch in watches if now - watch.last_accessed_at >= TOUCH_EVERY]
    if stale:
        Watch.objects.filter(pk__in=stale).update(last_accessed_at=now, expires_at=expires)
        for watch in watches:
            if watch.pk in stale:
                watch.last_accessed_at = now
                watch.expires_at = expires
