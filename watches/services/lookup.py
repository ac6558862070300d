"""Finding a client's watches, and keeping the ones in use alive (SPEC §10)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone

from watches.models import Client, Watch, watch_id_possible
from watchtower.config import current
from watchtower.errors import AppError

# A watch's expiry is pushed out at most this often, so reading it is not a write per call.
TOUCH_EVERY = timedelta(minutes=1)


def active_watches(*, client: Client) -> QuerySet[Watch]:
    """The client's live watches, oldest first."""
    return Watch.objects.live().filter(client=client).select_related("resource").order_by("created_at", "id")


def watch_for_client(*, client: Client, watch_id: str) -> Watch:
    """The client's own active watch, or NOT_FOUND (another client's id is never revealed)."""
    watch = active_watches(client=client).filter(public_id=watch_id).first() if watch_id_possible(watch_id) else None
    if watch is None:
        raise AppError("NOT_FOUND", "watch not found")
    return watch


def watches_touch(*, watches: Sequence[Watch]) -> None:
    """Extend the life of watches that are being used: WATCH_TTL_DAYS from now."""
    statement = touch_statement(watches=watches)
    if statement is not None:
        with connection.cursor() as cursor:
            cursor.execute(*statement)


def touch_statement(*, watches: Sequence[Watch]) -> tuple[str, list[Any]] | None:
    """`watches_touch` as one statement, for a caller that sends it with its own (the feed's
    second round trip), or None when no watch is due: the watches are updated in memory now."""
    now = timezone.now()
    expires = now + timedelta(days=current().watch_ttl_days)
    stale = [watch.pk for watch in watches if now - watch.last_accessed_at >= TOUCH_EVERY]
    if not stale:
        return None
    for watch in watches:
        if watch.pk in stale:
            watch.last_accessed_at = now
            watch.expires_at = expires
    quote, ops = connection.ops.quote_name, connection.ops
    sql = (
        f"UPDATE {quote(Watch._meta.db_table)} SET {quote('last_accessed_at')} = %s, {quote('expires_at')} = %s"
        f" WHERE {quote('id')} IN ({', '.join(['%s'] * len(stale))})"
    )
    return sql, [ops.adapt_datetimefield_value(now), ops.adapt_datetimefield_value(expires), *stale]
