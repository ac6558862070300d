"""Several SQL statements in one round trip, each planned once per connection on PostgreSQL.

A statement the database plans at every call pays its planning at every call: for the feed's
statements 0.2-0.6 ms each of database CPU, as much as running them (docs/scaling.md, the feed at
10,000,000 change rows). On PostgreSQL `run` sends every statement of a batch in one pipeline
(psycopg's pipeline mode: one round trip) as a server-side prepared statement, so a statement text
the connection has run before is not parsed nor, under `GENERIC`, planned again. Off PostgreSQL it
runs them one at a time on Django's cursor.

What callers rely on:
- Parameters are bound by the server (not quoted into the text as Django's cursor does), so one
  text is one prepared statement whatever its values. Integers are sent as bigint (psycopg would
  pick the smallest type that holds each value, a different statement for each), lists of them as
  bigint[].
- A statement's `settings` are set for it alone by `set_config(…, true)` (`SET LOCAL`) in the same
  batch: they last to the end of the batch's implicit transaction, so every statement of a batch
  that states settings should state every setting any of them changes; they are reset after the
  last statement when the caller holds a transaction open. A statement stating the same settings
  as the one before it in the batch does not set them again (a caller that orders its statements
  by their settings sends one `set_config` for each run of equal settings). Settings that decide a plan (the
  `enable_*` ones, `plan_cache_mode`) are in force when a prepared statement is planned again
  after an invalidation too, as long as its every run states them.
- `GENERIC` (`plan_cache_mode = force_generic_plan`) keeps one plan per statement and connection
  instead of planning it for each call's values: for statements whose best plan does not hang on
  their values (or whose plan the other settings fix). Check with EXPLAIN EXECUTE that the generic
  plan is the custom one before using it.
- Each connection keeps at most PREPARED_MAX statements, the least recently run dropped first
  (psycopg's own cache; a dropped one is deallocated on the server). Prepared statements are kept
  by the server session, which a transaction-mode connection pooler does not give: with
  `DB_PREPARED_STATEMENTS=false` (watchtower/settings.py) the batch is still one round trip but
  nothing is prepared.
- Errors are Django's (`connection.wrap_database_errors`); the statements bypass Django's cursor
  wrappers (query logging, execute wrappers, the Prometheus query counter).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from django.db import connection

# Prepared statements kept per connection (psycopg's default is 100). Each holds its plan in the
# server process: a few tens of KB for the feed's statements.
PREPARED_MAX = 1_000
# Settings that make the server keep one plan per prepared statement.
GENERIC = {"plan_cache_mode": "force_generic_plan"}


class Statement(NamedTuple):
    sql: str  # with %s placeholders, as for Django's cursor
    params: Sequence[Any] = ()
    settings: Mapping[str, str] | None = None  # set for this statement (and after it, in the batch)


def run(statements: Sequence[Statement]) -> list[list[tuple[Any, ...]] | None]:
    """The rows of each statement, in order (None for a statement that returns no rows)."""
    if not statements:
        return []
    if connection.vendor != "postgresql":
        return [_run_one(statement) for statement in statements]
    import psycopg

    connection.ensure_connection()
    raw = connection.connection
    _register(raw)
    prepare = raw.prepare_threshold is not None
    if prepare and (raw.prepared_max or 0) < PREPARED_MAX:
        raw.prepared_max = PREPARED_MAX
    changed: set[str] = set()
    cursors: list[psycopg.Cursor[Any]] = []
    stated: Mapping[str, str] | None = None
    with connection.wrap_database_errors, raw.pipeline():
        for statement in statements:
            # Settings already in force (the statement before stated the same) are not set again.
            if statement.settings and statement.settings != stated:
                stated = statement.settings
                names = sorted(statement.settings)
                changed.update(names)
                values = [item for name in names for item in (name, statement.settings[name])]
                psycopg.Cursor(raw).execute(_set_config(len(names)), values, prepare=prepare)
            cursor = psycopg.Cursor(raw)
            cursor.execute(statement.sql, _bound(statement.params), prepare=prepare)
            cursors.append(cursor)
        if changed and not connection.get_autocommit():
            for name in sorted(changed):
                psycopg.Cursor(raw).execute(f"RESET {name}")
    return [list(cursor.fetchall()) if cursor.description is not None else None for cursor in cursors]


def _run_one(statement: Statement) -> list[tuple[Any, ...]] | None:
    with connection.cursor() as cursor:
        cursor.execute(statement.sql, list(statement.params))
        return list(cursor.fetchall()) if cursor.description is not None else None


def _set_config(count: int) -> str:
    return "SELECT " + ", ".join(["set_config(%s, %s, true)"] * count)


def _bound(params: Sequence[Any]) -> list[Any]:
    from psycopg.types.numeric import Int8

    bound: list[Any] = []
    for value in params:
        if type(value) is int:
            value = Int8(value)
        elif isinstance(value, list) and value and all(type(item) is int for item in value):
            value = _Int8List(value)
        bound.append(value)
    return bound


class _Int8List(list):  # type: ignore[type-arg]
    """A list of Python ints sent as one bigint[] (`_Int8ListDumper`)."""


_registered: weakref.WeakSet[Any] = weakref.WeakSet()


def _register(raw: Any) -> None:
    """`_Int8ListDumper` on this psycopg connection (once): a list of ints as bigint[] written in
    one string, not each item made an `Int8` and dumped by psycopg's list dumper (a page's ids,
    the window's buckets, the watches moved: a tenth of a poll's Python in the pipeline)."""
    if raw not in _registered:
        from psycopg import adapt, postgres

        class _Int8ListDumper(adapt.Dumper):
            oid = postgres.types["int8"].array_oid

            def dump(self, obj: Any) -> bytes:
                return ("{" + ",".join(map(str, obj)) + "}").encode()

        raw.adapters.register_dumper(_Int8List, _Int8ListDumper)
        _registered.add(raw)
