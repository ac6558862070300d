"""Counters bumped on every request (rate-limit windows, daily usage): one upsert, one round trip.

On PostgreSQL outside a transaction the upsert travels in one simple query behind
`SET LOCAL synchronous_commit TO OFF`, so it commits without waiting for the write-ahead log to
reach the disk: a crash of the database server may lose the last fraction of a second of
increments, never corrupt anything. Waiting for an fsync per counter, or spending three more
round trips on BEGIN / SET LOCAL / COMMIT, cost each request milliseconds (bench/api.py). The
statements of one simple query run as one implicit transaction, which is what `SET LOCAL` needs;
Django's psycopg cursor binds parameters on the client, which is what lets one `execute` carry two
statements. Inside a caller's transaction the upsert is just part of it.
"""

from __future__ import annotations

from functools import cache

from django.db import connection
from django.db.models import Field, Model


def _field(model: type[Model], name: str) -> Field:  # type: ignore[type-arg]
    field = model._meta.get_field(name)
    assert isinstance(field, Field) and field.column, f"{model.__name__}.{name} is not a column"
    return field


def _column(model: type[Model], name: str) -> str:
    return connection.ops.quote_name(str(_field(model, name).column))


@cache
def _upsert_sql(model: type[Model], counter: str, columns: tuple[str, ...]) -> str:
    table = connection.ops.quote_name(model._meta.db_table)
    names = ", ".join(_column(model, name) for name in columns)
    column = _column(model, counter)
    placeholders = ", ".join(["%s"] * len(columns))
    return (
        f"INSERT INTO {table} ({names}, {column}) VALUES ({placeholders}, 1) "
        f"ON CONFLICT ({names}) DO UPDATE SET {column} = {table}.{column} + 1 RETURNING {column}"
    )


def counter_bump(model: type[Model], counter: str, key: dict[str, object]) -> int:
    """Add one to `counter` of the row of `model` at `key` (the fields of a unique constraint),
    creating the row on first use; returns the new count."""
    columns = tuple(key)
    sql = _upsert_sql(model, counter, columns)
    params = [_field(model, name).get_db_prep_value(key[name], connection) for name in columns]
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql" and not connection.in_atomic_block:
            cursor.execute(f"SET LOCAL synchronous_commit TO OFF; {sql}", params)
            cursor.nextset()
        else:
            cursor.execute(sql, params)
        row = cursor.fetchone()
    return int(row[0]) if row else 1
