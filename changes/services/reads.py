"""How the feed reads each watch's page on PostgreSQL (docs/internals.md, "Feed plans").

A page is the first `rows` change ids above the watch's cursor that it sees, up to `top`. There
are two ways to find them, and the planner alone picks badly between them far behind the newest
change (it takes the filters' conditions as independent and the window as evenly filled):

- the **walk**: the ids in order from the cursor (the primary key, the role index or the board's
  ids), each row tested with the plain substring form of the filters, stopping at the page. It
  reads `rows / share` rows, at most the whole window: cheap when the watch's changes are common
  or the cursor is near the top, a second for a rare term a week back;
- the **index read**: one scan of `change_words` (migration changes/0008), in which the filters'
  words, places and flags, the board and the id buckets of the window (`in_window`) are entries of
  one GIN index, the rarest driving; then only the rows found are read, and sorted. It reads the
  window's matches of the indexed conditions whatever their order: cheap when they are rare.

The choice comes from the estimate (watches/services/estimate.py over `change_words`, plus the
board's and the role's shares from pg_stats): no round trip per call. Both give the same rows
(`in_window` is implied by the id bounds; `ContainsWords` means the substring test), so a wrong
estimate costs time, never a change. Each statement carries its plan's settings, and the
statements of every watch of a call go in one message (one round trip). The statements are written
around the watch's condition compiled once per filter set (changes/services/compiled.py), and a
page's rows are ids (and what the call pages by) until the call knows which of them its page keeps,
read then, only the columns presenting them reads (`shown_statement`, `as_shown`).
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, connections
from django.db.models import Model, QuerySet

from changes.models import Change, FeedMatch
from changes.services.compiled import seen_by
from changes.services.present import ChangeRow
from watches.filters import Filters, search_feed_roles
from watches.models import Watch, WatchKind
from watches.services.estimate import STATS_TTL_SECONDS, SearchStats, change_stats, estimated_share, word_shares
from watchtower.statements import GENERIC, Statement, run

# Ids per bucket of the window column of `change_words` (as spelled in migration changes/0008).
BUCKET = 65_536
# A row found through the index costs about as much as this many rows walked (a heap page read
# out of order and the word arrays rebuilt to recheck, against the next row of a page tested by
# substring); measured with bench.feed.
INDEX_ROW_COST = 4
# A walk this short is never worth an index scan's setup.
SHORT_WALK = 2_000
# No JIT (compiling a plan costed over millions of rows costs more than reading a page), and no
# parallel workers (starting two costs more than a page; a walk of 18,000 rows a day back took
# 55 ms with them and 12 ms without, bench.feed at 10,000,000 changes). Each plan states every
# setting either plan sets (a statement's settings last to the end of its batch), and keeps one
# generic plan per statement and connection (`statements.GENERIC`): the settings fix the plan's
# shape, and the bounds move with every call (docs/internals.md "Feed plans").
WALK = {
    "jit": "off",
    "work_mem": "4MB",
    "enable_seqscan": "off",
    "enable_indexscan": "on",
    "enable_bitmapscan": "off",
    "max_parallel_workers_per_gather": "0",
    **GENERIC,
}
# Bitmaps that stay exact (lossy ones recheck every row of their pages).
INDEX_READ = {**WALK, "work_mem": "64MB", "enable_indexscan": "off", "enable_bitmapscan": "on"}


def in_window(*, lower: int, top: int, board: int | None) -> tuple[str, list[Any]]:
    """The row lies in the id buckets from `lower`'s to `top`'s and, for a board watch, on `board`:
    implied by the page's id bounds and the watch's board, and stated so that `change_words`
    serves it on PostgreSQL (one-element arrays overlapping the window's buckets and the board);
    elsewhere plain comparisons."""
    ids, column = _column("id"), _column("resource_id")
    buckets = list(range(lower // BUCKET, top // BUCKET + 1))
    params: list[Any]
    if connection.vendor != "postgresql":
        sql, params = f"({ids} / {BUCKET}) BETWEEN %s AND %s", [buckets[0], buckets[-1]]
        if board is not None:
            sql += f" AND {column} = %s"
            params.append(board)
        return f"({sql})", params
    # Spelled exactly as the index expressions, or the index is not used.
    sql, params = f"ARRAY[({ids} / {BUCKET})] && %s::bigint[]", [buckets]
    if board is not None:
        sql += f" AND ARRAY[{column}] && %s::bigint[]"
        params.append([board])
    return f"({sql})", params


@dataclass(frozen=True)
class FeedStats:
    """The shares of the change rows that no `change_words` column describes: each role's, and
    each big board's (pg_stats' most common values), with the share of any other board."""

    roles: dict[str, float] = field(default_factory=dict)
    boards: dict[int, float] = field(default_factory=dict)
    other_board: float = 1.0


def watch_changes(watch: Watch, *, index: bool = True) -> QuerySet[Change]:
    """Every change `watch` may see (no cursor applied); `index` as for `filters_q`."""
    changes = Change.objects.filter(id__gt=watch.baseline)
    if watch.kind == WatchKind.BOARD:
        assert watch.resource_id is not None  # a board watch always has its board
        changes = changes.filter(resource_id=watch.resource_id)
    return changes.filter(seen_by(watch).q(index=index))


@dataclass(frozen=True)
class Plan:
    index: bool
    walked: float  # rows the walk is expected to read
    found: float  # rows the index read is expected to read


def plan_for(watch: Watch, *, lower: int, top: int, rows: int) -> Plan:
    """Walk or read the index, whichever the estimate says reads less (walk without statistics)."""
    stats = change_stats()
    if stats is None:
        return Plan(False, 0.0, 0.0)
    return choose(watch, lower=lower, top=top, rows=rows, stats=stats, feed=feed_stats())


def choose(watch: Watch, *, lower: int, top: int, rows: int, stats: SearchStats, feed: FeedStats) -> Plan:
    filters = seen_by(watch).filters
    window = float(max(0, top - lower))
    # The share of rows the index read visits: the product of its conditions' shares (1: none).
    indexed = math.prod(word_shares(filters, stats))
    if watch.kind == WatchKind.BOARD:
        share = estimated_share(filters, stats)
        board = feed.boards.get(watch.resource_id or 0, feed.other_board)
        walked = min(window * board, rows / share if share > 0 else math.inf)
        found = window * board * indexed
    else:
        seen = search_share(filters, stats, feed)
        walked = min(window, rows / seen if seen > 0 else math.inf)
        found = window * indexed
    index = walked > SHORT_WALK and found * INDEX_ROW_COST < walked
    return Plan(index, walked, found)


def search_share(filters: Filters, stats: SearchStats, feed: FeedStats) -> float:
    """The estimated share of all change rows a search watch with `filters` sees: its filters'
    share of the rows of the roles it reads."""
    roles = feed.roles.get("new", 0.0) + (feed.roles.get("repost", 0.0) if filters.include_reposts else 0.0)
    return estimated_share(filters, stats) * max(roles, feed.roles.get("grown", 0.0), 0.01)


@dataclass(frozen=True)
class Matched:
    """A search watch whose search keeps its matches (changes/services/matches.py): the
    `FeedSearch` id, the change id above which its matches are kept (`start`), and the fan-out
    mark, up to which they are."""

    search: int
    start: int
    mark: int


def parts(lower: int, top: int, matched: Matched | None) -> list[tuple[int, int, int | None]]:
    """The window (lower, top] in id order as (lower, upper, search): read from the search's
    matches where it has them (search), by a plan of its own elsewhere (None): before the matches
    start (a watch far behind a search registered later) and above the fan-out mark (changes
    written since the last batch)."""
    if matched is None:
        return [(lower, top, None)]
    mark = min(matched.mark, top)
    start = min(matched.start, mark)
    found: list[tuple[int, int, int | None]] = []
    if lower < start:
        found.append((lower, start, None))
    if max(lower, start) < mark:
        found.append((max(lower, start), mark, matched.search))
    if max(lower, mark) < top:
        found.append((max(lower, mark), top, None))
    return found


def watch_pages(
    reads: Sequence[tuple[Watch, int]], *, top: int, rows: int, matched: Mapping[int, Matched] | None = None
) -> list[list[tuple[Any, ...]]]:
    """For each (watch, lower): the first `rows` changes the watch sees above `lower` up to `top`,
    in id order, as rows of `PAGE_COLUMNS` (the call reads what it presents of those its page
    keeps only: `shown_statement`); a watch in `matched` (by pk) reads its search's matches where
    they are kept. One round trip on PostgreSQL, each statement with its plan."""
    matched = matched or {}
    statements: list[Statement] = []
    owners: list[int] = []
    postgresql = connection.vendor == "postgresql"
    for number, (watch, lower) in enumerate(reads):
        for low, high, search in parts(lower, top, matched.get(watch.pk)):
            if search is not None:
                sql, params = match_statement(watch, search, lower=low, top=high, rows=rows)
                statements.append(Statement(sql, params, WALK))
            else:
                index = postgresql and plan_for(watch, lower=low, top=high, rows=rows).index
                sql, params = page_statement(watch, lower=low, top=high, rows=rows, index=index)
                statements.append(Statement(sql, params, INDEX_READ if index else WALK))
            owners.append(number)
    # Sent grouped by their settings (one `set_config` for each group, `statements.run`), each
    # page's parts then put back in their order.
    order = sorted(range(len(statements)), key=lambda position: statements[position].settings is INDEX_READ)
    results: list[list[tuple[Any, ...]] | None] = [None] * len(statements)
    for position, found in zip(order, run([statements[position] for position in order]), strict=True):
        results[position] = found
    pages: list[list[tuple[Any, ...]]] = [[] for _ in reads]
    for number, found in zip(owners, results, strict=True):
        pages[number].extend(found or ())
    return [page[:rows] for page in pages]


def page_statement(watch: Watch, *, lower: int, top: int, rows: int, index: bool) -> tuple[str, list[Any]]:
    """The page as one statement: through `change_words` with the window (`index`), or as a walk
    in id order testing the plain substring form. The same rows either way."""
    if not index and watch.kind == WatchKind.SEARCH and connection.vendor == "postgresql":
        return search_walk_statement(watch, lower=lower, top=top, rows=rows)
    sql, params = window_statement(watch, lower=lower, top=top, index=index, select=select(PAGE_COLUMNS))
    return f"{sql} ORDER BY {_column('id')} ASC LIMIT {int(rows)}", params


def search_walk_statement(watch: Watch, *, lower: int, top: int, rows: int) -> tuple[str, list[Any]]:
    """A search watch's walk on PostgreSQL, one role at a time through `change_role_idx` (role, id):
    a search reads only some roles (`search_feed_roles`), and a walk of the primary key read and
    tested every row of the others too (three in five change rows are removals and updates; the
    walks of the searches that keep no matches were half a poll's database CPU). The page's rows
    announcing a vacancy ("new") are walked first; the other roles (reposts, a location joining a
    vacancy: a few percent of the rows) are read only up to the last id of that walk when it filled
    a page, since no row above it can be on the page, and to `top` otherwise.

    Each role's rows are bounded by row comparisons alone, `(role, id) > (name, lower) AND
    (role, id) <= (name, upper)` (which hold for that role's ids in the window only), tested
    with the search's condition for that role (`Seen.role_sql`: the role not tested), and the
    walk is ordered by (role, id): the role index's order, which no other index gives, so its
    range is the plan and the walk stops at the page. Spelled `role = name AND id > lower`, the
    planner took the primary key (two in five rows announce a vacancy); with any equality on the
    role beside the row comparisons, the scan started at the role's first entry, not at the
    cursor (11,000 index pages for a page a few minutes back at 10,000,000 rows, PostgreSQL 15).
    The same rows as `window_statement`'s walk (`search_feed_role_q`)."""
    seen = seen_by(watch)
    roles = search_feed_roles(seen.filters)
    conditions = [seen.role_sql(name) for name in roles]
    lower = max(lower, watch.baseline)
    ids, role, rows = _column("id"), _column("role"), int(rows)

    def branch(name: str, upper: str, condition: str) -> str:
        # `name` is one of search_feed_roles' constants.
        return (
            f"{select(PAGE_COLUMNS)} WHERE ({role}, {ids}) > ('{name}', %s)"
            f" AND ({role}, {ids}) <= ('{name}', {upper}) AND ({condition})"
        )

    first = f"{branch(roles[0], '%s', conditions[0][0])} ORDER BY {role} ASC, {ids} ASC LIMIT {rows}"
    params: list[Any] = [lower, top, *conditions[0][1]]
    if len(roles) == 1:
        return first, params
    params.append(top)
    others = " UNION ALL ".join(
        branch(name, "(SELECT upper FROM bound)", condition)
        for name, (condition, _) in zip(roles[1:], conditions[1:], strict=True)
    )
    for _, condition_params in conditions[1:]:
        params += [lower, *condition_params]
    sql = (
        f"WITH first AS MATERIALIZED ({first}), bound AS (SELECT CASE WHEN count(*) < {rows} THEN %s"
        f" ELSE max(first.id) END AS upper FROM first) SELECT * FROM first UNION ALL {others} ORDER BY 1 ASC"
        f" LIMIT {rows}"
    )
    return sql, params


def window_statement(watch: Watch, *, lower: int, top: int, index: bool, select: str) -> tuple[str, list[Any]]:
    """`select` (a SELECT … FROM changes_change) of every change the watch sees above `lower` up
    to `top`, unordered, as `page_statement` reads them."""
    condition, condition_params = seen_by(watch).sql(index=index)
    ids, column = _column("id"), _column("resource_id")
    lower = max(lower, watch.baseline)
    board = watch.resource_id if watch.kind == WatchKind.BOARD else None
    if watch.kind == WatchKind.BOARD:
        assert board is not None  # a board watch always has its board
    if not index:
        where, params = f"{ids} > %s AND {ids} <= %s", [lower, top]
        if board is not None:
            where += f" AND {column} = %s"
            params.append(board)
    else:
        # The bounds and the board as `in_window` states them for the word index, and again
        # exactly in a form no btree serves (`+ 0`): the planner would otherwise AND a bitmap of
        # every id of the window, or of the board, to the few rows the word index finds.
        where, params = in_window(lower=lower, top=top, board=board)
        where += f" AND ({ids} + 0) > %s AND ({ids} + 0) <= %s"
        params += [lower, top]
        if board is not None:
            where += f" AND ({column} + 0) = %s"
            params.append(board)
    return f"{select} WHERE {where} AND ({condition})", [*params, *condition_params]


def match_statement(watch: Watch, search: int, *, lower: int, top: int, rows: int) -> tuple[str, list[Any]]:
    """The page from the search's kept matches: the first `rows` match ids above the cursor (and
    the watch's baseline) in the primary key's order, then those changes. A search with a
    freshness filter or kept to tech companies keeps the matches of its other filters
    (`matches.kept_filters`): its page is the first `rows` of them that are fresh enough now and
    whose board is a tech company now (`Seen.unkept_sql`), the matches read in the key's order
    joined to their changes and tested one by one up to the page, as the walk tests the window's
    rows; a match that has aged out, or whose board's share crossed the line since it was kept,
    counts as it does now."""
    quote = connection.ops.quote_name
    table = quote(FeedMatch._meta.db_table)
    change, search_id = quote("change_id"), quote("search_id")
    bounds = f"{table}.{search_id} = %s AND {table}.{change} > %s AND {table}.{change} <= %s"
    params: list[Any] = [search, max(lower, watch.baseline), top]
    unkept, unkept_params = seen_by(watch).unkept_sql()
    if unkept != "TRUE":
        sql = (
            f"{select(PAGE_COLUMNS)} JOIN {table} ON {table}.{change} = {_column('id')} WHERE {bounds}"
            f" AND ({unkept}) ORDER BY {table}.{change} ASC LIMIT {int(rows)}"
        )
        return sql, [*params, *unkept_params]
    ids = f"SELECT {table}.{change} FROM {table} WHERE {bounds} ORDER BY {table}.{change} ASC LIMIT {int(rows)}"
    sql = f"{select(PAGE_COLUMNS)} WHERE {_column('id')} IN ({ids}) ORDER BY {_column('id')} ASC"
    return sql, params


# A page's rows: what a call orders, pages and asks the closed vacancies of (the id first).
PAGE_COLUMNS = ("id", "resource_id", "group_key")


def shown_statement(ids: Sequence[int]) -> tuple[str, list[Any]]:
    """The columns presenting a change reads (`ChangeRow`) of the changes `ids` (a page's), in id
    order."""
    params: list[Any]
    if connection.vendor == "postgresql":
        where, params = f"{_column('id')} = ANY(%s)", [list(ids)]
    else:
        where, params = f"{_column('id')} IN ({', '.join(['%s'] * len(ids))})", list(ids)
    return f"{select(ChangeRow._fields)} WHERE {where} ORDER BY {_column('id')} ASC", params


def as_shown(rows: Sequence[tuple[Any, ...]]) -> list[ChangeRow]:
    """`ChangeRow`s from rows of `shown_statement`, with each field's converters (JSON, and on
    SQLite dates), as the ORM makes them."""
    database = connections[connection.alias]
    converters = model_converters(Change, ChangeRow._fields)
    if not converters:
        return [ChangeRow(*row) for row in rows]
    shown: list[ChangeRow] = []
    for row in rows:
        values = list(row)
        for position, found, column in converters:
            value = values[position]
            for converter in found:
                value = converter(value, column, database)
            values[position] = value
        shown.append(ChangeRow(*values))
    return shown


def model_converters(model: type[Model], names: Sequence[str]) -> list[tuple[int, list[Any], Any]]:
    """(position, converters, column) of each of `names` (fields of `model`, by name or attname)
    whose value the database's rows hold in another form than the model's (JSON, and on SQLite
    dates): what the ORM applies to a row it makes an instance of."""
    database = connections[connection.alias]
    table = model._meta.db_table
    fields = {name: field for field in model._meta.concrete_fields for name in (field.name, field.attname)}
    converters = []
    for position, name in enumerate(names):
        column = fields[name].get_col(table)
        found = database.ops.get_db_converters(column) + column.get_db_converters(database)
        if found:
            converters.append((position, found, column))
    return converters


def select(columns: Sequence[str]) -> str:
    """SELECT `columns` FROM changes_change."""
    return _select(connection.vendor, tuple(columns))


@functools.cache
def _select(vendor: str, columns: tuple[str, ...]) -> str:
    return f"SELECT {', '.join(_column(column) for column in columns)} FROM {_table()}"


def _table() -> str:
    return connection.ops.quote_name(Change._meta.db_table)


def _column(name: str) -> str:
    return f"{_table()}.{connection.ops.quote_name(name)}"


def fetch(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """The rows of one statement (the feed's statements one at a time, off PostgreSQL)."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def feed_stats() -> FeedStats:
    """`FeedStats`, read at most once per STATS_TTL_SECONDS."""
    now = time.monotonic()
    if now - _cache[1] > STATS_TTL_SECONDS:
        _cache[:] = [_read_feed_stats(), now]
    stats = _cache[0]
    return stats if isinstance(stats, FeedStats) else FeedStats()


_cache: list[Any] = [None, float("-inf")]


def _read_feed_stats() -> FeedStats:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attname, null_frac, n_distinct, most_common_vals::text::text[], most_common_freqs FROM pg_stats"
            " WHERE schemaname = current_schema() AND tablename = 'changes_change' AND attname IN ('role', 'resource_id')"
        )
        found = {name: rest for name, *rest in cursor.fetchall()}
    role = found.get("role")
    roles = dict(zip(role[2] or (), role[3] or (), strict=True)) if role else {}
    board = found.get("resource_id")
    if not board:
        return FeedStats(roles={str(k): float(v) for k, v in roles.items()})
    null, distinct, values, shares = board
    boards = {int(value): float(share) for value, share in zip(values or (), shares or (), strict=True)}
    listed = sum(boards.values())
    # n_distinct < 0 is minus the share of rows that are distinct (pg_stats).
    count = float(distinct) if distinct >= 0 else -float(distinct) * _rows()
    other = max(0.0, 1.0 - float(null) - listed) / max(1.0, count - len(boards))
    return FeedStats(roles={str(k): float(v) for k, v in roles.items()}, boards=boards, other_board=other)


def _rows() -> float:
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = 'changes_change'::regclass")
        return max(0.0, float(cursor.fetchone()[0]))
