"""A search's condition over boards_job as SQL text with its values written in, compiled once per
filter set and plan form and kept per process (PostgreSQL; docs/internals.md, "Search plans").

A search's statement states its condition two to four times (the rows, the earlier copy of a
vacancy, the rows seen later than a slice), and a search may read twice or three times. Compiling
the condition with Django's query compiler (`filters.where_sql`) cost 0.6–0.9 ms a read at 1M
jobs (pay and experience bounds most: 0.36 and 0.21 ms, their expressions resolved and copied
twice each), and writing its values into the text (psycopg's client-side binding, once per copy)
0.3 ms more, of a search's 2.9 ms of Python (bench.search's sets, 2026-12-03). So the condition
is compiled once per (filters, plan form), its values written as SQL literals once (psycopg's own
`sql.Literal`: the bytes client-side binding sends), and each statement is written around that
text and sent with every value already in it: the database receives the statement it received
before, so its plans and rows are the same.

Freshness filters (`posted_within_days`, `max_days_open`) are relative to now: their part is
compiled at each call and ANDed in front of the kept rest, as `filters_q` states them first
(`filters_q` is a conjunction, so the rows are the same; changes/services/compiled.py does the
same for the feed).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections

from boards.models import Job
from watches.filters import Filters, TechForm, filters_q, where_sql

# Distinct (filters, plan form) pairs kept compiled per process, 1–3 KB each.
CONDITION_CACHE = 2_048


@dataclass(frozen=True, slots=True)
class Sql:
    """SQL text with `%s` where each value goes (`%%` for a percent sign), and the values written
    as SQL literals: `statement()` is the text the database receives."""

    text: str
    values: tuple[str, ...] = ()

    def statement(self) -> str:
        return self.text % self.values


def literals(values: Iterable[Any]) -> tuple[str, ...]:
    """`values` as SQL literals, as psycopg writes them into a statement on this connection
    (`sql.Literal(value).as_bytes(connection)`, with one adapter context for them all: a
    `Literal` makes its own for each value, 6 µs for an integer where the context's own
    `as_literal` takes 0.4 µs)."""
    from psycopg.adapt import Transformer

    database = connections[DEFAULT_DB_ALIAS]
    database.ensure_connection()
    raw = database.connection
    context = Transformer.from_context(raw)
    encoding = raw.info.encoding
    return tuple(context.as_literal(value).decode(encoding) for value in values)


def job_condition(
    filters: Filters,
    *,
    index: bool,
    ranges: bool,
    kinds: bool,
    posted: bool,
    tech: TechForm = "in",
    flags: bool = True,
    now: datetime | None = None,
) -> Sql:
    """`filters_q(filters, …)` over boards_job as `Sql`, columns qualified by the table's name;
    freshness relative to `now` (default: the current time), as the caller's own keys are."""
    fixed = _fixed(
        dataclasses.replace(filters, posted_within_days=None, max_days_open=None), index, ranges, kinds, tech, flags
    )
    if filters.posted_within_days is None and filters.max_days_open is None:
        return fixed
    moving = Filters(posted_within_days=filters.posted_within_days, max_days_open=filters.max_days_open)
    sql, params = where_sql(Job, filters_q(moving, index=index, ranges=ranges, kinds=kinds, posted=posted, now=now))
    if fixed.text == "TRUE":
        return Sql(sql, literals(params))
    return Sql(f"{sql} AND ({fixed.text})", (*literals(params), *fixed.values))


@functools.lru_cache(maxsize=CONDITION_CACHE)
def _fixed(filters: Filters, index: bool, ranges: bool, kinds: bool, tech: TechForm, flags: bool = True) -> Sql:
    sql, params = where_sql(Job, filters_q(filters, index=index, ranges=ranges, kinds=kinds, tech=tech, flags=flags))
    return Sql(sql, literals(params))
