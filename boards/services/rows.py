"""Writing many rows at once: COPY on PostgreSQL, `bulk_create` elsewhere.

A check writes a board's new and changed postings (100,000 on a big board's first read). Django's
`bulk_create` builds a model instance per row and adapts every value through its field, then
PostgreSQL receives each batch as arrays: for 100,000 job rows that was about a third of the first
read's CPU (bench/big_board.py). `rows_insert` takes plain column values and streams them with
COPY, which adapts each value once in psycopg's C code, in the binary format: neither side writes
or parses numbers and timestamps as text (100,000 job rows: 1.7 -> 1.3 s of this process's CPU and
0.9 -> 0.7 s of the server's, without indexes). No row comes back (no ids): callers that
need them (change rows) keep `bulk_create`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import connection, models
from psycopg.types.json import Jsonb

BATCH = 500


def rows_insert(model: type[models.Model], rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert `rows` (attribute name → value: `resource_id`, not `resource`; every row with the
    same names) into `model`'s table. A field a row leaves out gets its default."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create([model(**row) for row in rows], batch_size=BATCH)
        return
    fields = {field.attname: field for field in model._meta.concrete_fields}
    given = list(rows[0])
    missing = [name for name, field in fields.items() if name not in given and not field.primary_key]
    defaults = [fields[name].get_default() for name in missing]
    names = [*given, *missing]
    json_columns = {index for index, name in enumerate(names) if isinstance(fields[name], models.JSONField)}
    columns = ", ".join(connection.ops.quote_name(str(fields[name].column)) for name in names)
    table = connection.ops.quote_name(model._meta.db_table)
    copying = f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)"
    with connection.cursor() as cursor, cursor.cursor.copy(copying) as copy:
        copy.set_types([_column_type(fields[name]) for name in names])
        for row in rows:
            values = [row[name] for name in given] + defaults
            for index in json_columns:
                values[index] = Jsonb(values[index])
            copy.write_row(values)


def _column_type(field: models.Field[Any, Any]) -> str:
    """The PostgreSQL type a binary COPY sends a field's values as: its column's type without
    the length ("varchar(500)" is "varchar")."""
    column = field.rel_db_type(connection) if field.is_relation else field.db_type(connection)
    assert column is not None
    return column.split("(", 1)[0].strip()
