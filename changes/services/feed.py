"""The change feed: `get_changes` (advances per-watch cursors), `peek`, `since` replay, `ack_changes`.

Change ids are the cursor. Each watch reads the events of its board (all three types) or, for a
search watch, the JOB_ADDED events of every board, through its own filters, evaluated by the
database. A watch never sees an id at or below its `baseline` (what existed when it was created).
"""

from __future__ import annotations

import functools
from datetime import datetime
from operator import itemgetter
from typing import Any

from django.db import connection, connections
from django.db.models import Max
from django.utils import timezone

from boards.services.grouping import closed_groups, closed_groups_of, closed_groups_statement
from changes.models import Change, FeedSearch, WebhookFanout
from changes.services.matches import search_key_sql
from changes.services.present import ChangeRow, change_as_dict
from changes.services.reads import Matched, as_shown, model_converters, shown_statement, watch_changes, watch_pages
from watches.filters import Filters, RowBatch, filters_match, search_feed_match
from watches.models import Client, Watch, WatchKind, watch_id_possible
from watches.services.lookup import touch_statement, watches_touch
from watchtower.errors import AppError
from watchtower.statements import Statement, run

MAX_LIMIT = 200


def max_change_id() -> int:
    return int(Change.objects.aggregate(top=Max("id"))["top"] or 0)


def changes_seen(
    *, kind: str, resource_id: int | None, filters: Filters, batch: RowBatch, now: datetime
) -> list[Change]:
    """`watch_changes` in memory, for every watch of this kind, board and filters whatever its
    baseline: which changes of `batch` (loaded with their resource) such a watch sees. The webhook
    fan-out matches a batch of changes this way; tests/watches/test_filters_agree.py holds the
    predicates to the SQL's meaning, so a webhook and the feed never disagree."""
    candidates = batch.candidates(filters)
    if kind == WatchKind.BOARD:
        return [c for c in candidates if c.resource_id == resource_id and filters_match(filters, c, now=now)]
    return [change for change in candidates if search_feed_match(filters, change, now=now)]


def pending_count(watch: Watch) -> int:
    return watch_changes(watch).filter(id__gt=watch.cursor).count()


def _watches(client: Client, watch_id: str | None) -> tuple[list[Watch], int]:
    """The client's active watches (or the one asked for, else NOT_FOUND) and the highest change
    id now, in one statement.

    Every poll starts here, so this is hand-written SQL rather than a queryset: compiling the
    equivalent queryset cost three times the CPU of running it (bench/api.py); and it is run by
    `statements.run` (prepared once per connection on PostgreSQL), its rows made watches with
    `Model.from_db`, not through a RawQuerySet, which resolved the columns and converters at each
    call. "Active" is `watches.services.lookup.active_watches`' definition (a test holds the two
    together). No resource is joined: presenting a change needs only the watch."""
    fields = _watch_fields()
    params: list[Any] = [str(WatchKind.SEARCH), client.pk, connection.ops.adapt_datetimefield_value(timezone.now())]
    one = ""
    if watch_id:
        if not watch_id_possible(watch_id):
            raise AppError("NOT_FOUND", "watch not found")
        one = " AND w.public_id = %s"
        params.append(watch_id)
    rows = run([Statement(_watches_sql(connection.vendor) + one + _WATCHES_ORDER, params)])[0] or []
    watches: list[Watch] = []
    names = [field.attname for field in fields]
    converters = model_converters(Watch, names)
    alias = connection.alias
    for row in rows:
        values = list(row[: len(fields)])
        for position, found, column in converters:
            value = values[position]
            for converter in found:
                value = converter(value, column, connections[alias])
            values[position] = value
        watch = Watch.from_db(alias, names, values)
        watch.feed_top, watch.feed_search, watch.feed_start, watch.feed_mark = row[len(fields) :]  # type: ignore[attr-defined]
        watches.append(watch)
    if watch_id and not watches:
        raise AppError("NOT_FOUND", "watch not found")
    top = int(getattr(watches[0], "feed_top", None) or 0) if watches else max_change_id()
    return watches, top


_WATCHES_ORDER = " ORDER BY w.created_at, w.id"


def _watch_fields() -> list[Any]:
    return list(Watch._meta.concrete_fields)


@functools.cache
def _watches_sql(vendor: str) -> str:
    """`_watches`' statement up to its optional watch and its order (the same text at every call,
    so one prepared statement on PostgreSQL)."""
    quote = connection.ops.quote_name
    columns = ", ".join(f"w.{quote(field.column)}" for field in _watch_fields())
    searches, mark = quote(FeedSearch._meta.db_table), quote(WebhookFanout._meta.db_table)
    return (
        f"SELECT {columns}, (SELECT MAX({quote('id')}) FROM {quote(Change._meta.db_table)}) AS feed_top, "
        f"s.{quote('id')} AS feed_search, s.{quote('matched_from')} AS feed_start, "
        f"(SELECT MAX({quote('last_change_id')}) FROM {mark}) AS feed_mark "
        f"FROM {quote(Watch._meta.db_table)} w LEFT JOIN {searches} s ON w.{quote('kind')} = %s "
        f"AND s.{quote('key')} = {search_key_sql('w')} AND s.{quote('indexed')} AND s.{quote('matched_from')} IS NOT NULL "
        f"WHERE w.{quote('client_id')} = %s AND w.{quote('deleted_at')} IS NULL AND w.{quote('expires_at')} > %s"
    )


def _matched(watches: list[Watch]) -> dict[int, Matched]:
    """The watches (read by `_watches`) whose search keeps its matches, by pk."""
    found: dict[int, Matched] = {}
    for watch in watches:
        search = getattr(watch, "feed_search", None)
        if search is not None:
            start, mark = getattr(watch, "feed_start"), getattr(watch, "feed_mark", None)  # noqa: B009
            found[watch.pk] = Matched(search=int(search), start=int(start), mark=int(mark or 0))
    return found


def changes_get(
    *, client: Client, watch_id: str | None = None, since: int | None = None, limit: int = 100, peek: bool = False
) -> dict[str, Any]:
    """New changes for the client's watches (or one watch), oldest first.

    Steps:
    1. Fix an upper bound `top` = the highest change id now, so the page is stable.
    2. For each watch read up to limit+1 rows above its cursor (or above `since`), merge by id
       (`reads.watch_pages`: each watch's plan, all in one round trip).
    3. Keep `limit`; never split one change id across pages.
    4. Unless `peek`, advance each watch's cursor to the page's cursor — every row at or below it
       was on the page, so nothing is skipped, and nothing after it is consumed.
    """
    if limit < 1 or limit > MAX_LIMIT:
        raise AppError("VALIDATION_ERROR", f"limit must be between 1 and {MAX_LIMIT}")
    if since is not None and since < 0:
        raise AppError("VALIDATION_ERROR", "since must be 0 or more")
    watches, top = _watches(client, watch_id)
    touch = touch_statement(watches=watches)
    reads = [(watch, watch.cursor if since is None else max(watch.baseline, since)) for watch in watches]
    # The usual poll reads nothing: nothing was written since the watch last read.
    reads = [(watch, lower) for watch, lower in reads if lower < top]
    rows: list[tuple[int, int, tuple[Any, ...], Watch]] = []
    pages = watch_pages(reads, top=top, rows=limit + 1, matched=_matched(watches))
    for (watch, _lower), page in zip(reads, pages, strict=True):
        pk = watch.pk
        rows.extend([(row[0], pk, row, watch) for row in page])
    rows.sort(key=itemgetter(0, 1))
    has_more = len(rows) > limit
    kept = rows[:limit]
    if has_more and kept and rows[limit][0] == kept[-1][0]:
        split_id = kept[-1][0]
        trimmed = [row for row in kept if row[0] != split_id]
        kept = trimmed or kept
    cursor = kept[-1][0] if has_more else top
    # (board, vacancy) of the search watches' changes: what the page says is still open.
    pairs = [(row[1], row[2]) for _, _, row, watch in kept if watch.kind == WatchKind.SEARCH]
    found, closed = _finish(watches, cursor, sorted({row[0] for row in kept}), pairs, advance=not peek, touch=touch)
    return {
        "changes": [
            change_as_dict(found[change_id], watch, closed_at=closed.get((row[1], row[2])))
            for change_id, _, row, watch in kept
            if change_id in found  # deleted since (retention) between the call's two reads
        ],
        "cursor": cursor,
        "has_more": has_more,
    }


def changes_ack(*, client: Client, cursor: int, watch_id: str | None = None) -> dict[str, Any]:
    """Mark everything up to `cursor` as processed (after a `peek`): at-least-once delivery."""
    if cursor < 0:
        raise AppError("VALIDATION_ERROR", "cursor must be 0 or more")
    watches, top = _watches(client, watch_id)
    watches_touch(watches=watches)
    cursor = min(cursor, top)
    _advance(watches, cursor)
    return {"acknowledged": True, "cursor": cursor}


def _finish(
    watches: list[Watch],
    cursor: int,
    ids: list[int],
    pairs: list[tuple[int, str]],
    *,
    advance: bool,
    touch: tuple[str, list[Any]] | None,
) -> tuple[dict[int, ChangeRow], dict[tuple[int, str], datetime]]:
    """Extend the watches' life (`touch`, `lookup.touch_statement`), move the cursors (with
    `advance`), read what is presented of the page's changes (`ids`), and which of its vacancies have closed: one
    round trip on PostgreSQL, where every call pays each round trip's wait."""
    postgresql = connection.vendor == "postgresql"
    statements = [Statement(*touch)] if touch is not None else []
    moved = [watch.pk for watch in watches if watch.cursor < cursor] if advance else []
    if moved:
        table, column = Watch._meta.db_table, connection.ops.quote_name("cursor")
        listed = "= ANY(%s)" if postgresql else f"IN ({', '.join(['%s'] * len(moved))})"
        params = [cursor, moved, cursor] if postgresql else [cursor, *moved, cursor]
        statements.append(Statement(f"UPDATE {table} SET {column} = %s WHERE id {listed} AND {column} < %s", params))
    rows = len(statements)
    if ids:
        statements.append(Statement(*shown_statement(ids)))
    groups = len(statements)
    if pairs and postgresql:
        statements.append(Statement(*closed_groups_statement(pairs)))
    results = run(statements)
    if advance:
        for watch in watches:
            watch.cursor = max(watch.cursor, cursor)
    found = as_shown(results[rows] or []) if ids else []
    if not postgresql:
        closed = closed_groups(pairs)
    else:
        closed = closed_groups_of(pairs, results[groups] or []) if pairs else {}
    return {change.id: change for change in found}, closed


def _advance(watches: list[Watch], cursor: int) -> None:
    """Cursors only move forward (a replay with `since` never rewinds them)."""
    ids = [watch.pk for watch in watches if watch.cursor < cursor]
    if ids:
        Watch.objects.filter(pk__in=ids, cursor__lt=cursor).update(cursor=cursor)
    for watch in watches:
        watch.cursor = max(watch.cursor, cursor)
