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

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import connection, models
from psycopg.abc import AdaptContext
from psycopg.types.json import Json, Jsonb, JsonbBinaryDumper

from watchtower.json_text import compact_encoder, encoder_of

BATCH = 500
# json.dumps' own text (what psycopg writes by default), its C encoder built once; and the same
# value as compact UTF-8 written by orjson (a tenth of the time), for the values COPY writes: jsonb
# keeps the value, not its spacing or escapes.
_JSON = encoder_of(json.JSONEncoder())
_JSON_BYTES = compact_encoder()


class JsonText(bytes):
    """A JSON field's value given as its JSON text, UTF-8, for `rows_copy` on PostgreSQL only
    (`copies`): a jsonb column keeps no key order, spacing or escaping, so the stored value is
    the one the text means, written without a dict to serialise (`jobstore.data_text`)."""

    __slots__ = ()


def copies() -> bool:
    """Whether `rows_copy` writes with COPY (PostgreSQL), where a JSON value may be a `JsonText`."""
    return connection.vendor == "postgresql"


class _JsonbDumper(JsonbBinaryDumper):
    """jsonb as psycopg writes it, the value's text written by orjson (`_JSON_BYTES`; `_JSON` for
    a `Json` or `Jsonb` wrapper, as psycopg's own): for COPY, where the column's type chooses the
    dumper."""

    def __init__(self, cls: type, context: AdaptContext | None = None) -> None:
        super().__init__(cls, context)
        self.dumps = _JSON

    def dump(self, obj: Any) -> bytes | None:
        """psycopg's own (the format's version byte, then the text), in one call for a plain value:
        COPY calls it for each jsonb value of each row (200,000 for a new 100,000-posting board).
        A tuple is written as the list it holds, the bytes of a tuple of texts remembered
        (`_texts_bytes`); a `JsonText` as it is."""
        kind = type(obj)
        if kind is JsonText:
            return b"\x01" + obj
        if kind is dict or kind is list:
            return b"\x01" + _JSON_BYTES(obj)
        if kind is tuple:
            # Texts alone: equal texts are written alike, where (0,) == (False,) are not.
            if all(type(item) is str for item in obj):
                return _texts_bytes(obj)
        elif isinstance(obj, Json | Jsonb):
            return super().dump(obj)  # type: ignore[return-value]
        return b"\x01" + _JSON_BYTES(obj)


@functools.lru_cache(maxsize=4096)
def _texts_bytes(value: tuple[str, ...]) -> bytes:
    """A jsonb value given as a tuple of texts, as `_JsonbDumper.dump` writes it: a board's
    vacancy groups' places (`grouping.save`) repeat (100,000 groups of a few hundred places)."""
    return b"\x01" + _JSON_BYTES(value)


def rows_insert(model: type[models.Model], rows: Sequence[Mapping[str, Any]]) -> None:
    """Insert `rows` (attribute name → value: `resource_id`, not `resource`; every row with the
    same names) into `model`'s table. A field a row leaves out gets its default."""
    if rows:
        names = tuple(rows[0])
        rows_copy(model, names, [tuple(row[name] for name in names) for row in rows])


def rows_copy(model: type[models.Model], names: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    """`rows_insert` of rows given as values in the order of `names` (attribute names): what a
    caller writing many rows builds directly, without a dict a row. A JSON field's value is the
    value itself (a dict, a list, or a tuple written as a list: on PostgreSQL its text is
    remembered, for values many rows repeat), written as json.dumps writes it, or on PostgreSQL
    (`copies`) a `JsonText`."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model._default_manager.bulk_create(
            [model(**dict(zip(names, row, strict=True))) for row in rows], batch_size=BATCH
        )
        return
    fields = {field.attname: field for field in model._meta.concrete_fields}
    missing = [name for name, field in fields.items() if name not in names and not field.primary_key]
    defaults = tuple(fields[name].get_default() for name in missing)
    columns = ", ".join(connection.ops.quote_name(str(fields[name].column)) for name in (*names, *missing))
    table = connection.ops.quote_name(model._meta.db_table)
    copying = f"COPY {table} ({columns}) FROM STDIN (FORMAT BINARY)"
    with connection.cursor() as cursor:
        # The column types below choose each value's dumper (by type oid, whatever the value's
        # Python type): a JSON column's, this cursor's `_JsonbDumper`.
        cursor.cursor.adapters.register_dumper(None, _JsonbDumper)
        with cursor.cursor.copy(copying) as copy:
            copy.set_types([_column_type(fields[name]) for name in (*names, *missing)])
            write = copy.write_row
            if defaults:
                for row in rows:
                    write((*row, *defaults))
            else:
                for row in rows:
                    write(row)


def _column_type(field: models.Field[Any, Any]) -> str:
    """The PostgreSQL type a binary COPY sends a field's values as: its column's type without
    the length ("varchar(500)" is "varchar")."""
    column = field.rel_db_type(connection) if field.is_relation else field.db_type(connection)
    assert column is not None
    return column.split("(", 1)[0].strip()
