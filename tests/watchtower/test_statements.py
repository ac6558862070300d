"""watchtower/statements.py: a batch's statements give each its rows, in order, with its settings for
itself alone; on PostgreSQL they are prepared once per connection, whatever their values, and
nothing is prepared when prepared statements are off (DB_PREPARED_STATEMENTS=false)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from django.db import IntegrityError, connection, transaction

from watches.models import Client
from watchtower.statements import GENERIC, Statement, run

pytestmark = pytest.mark.django_db
postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs DATABASE_URL pointing at PostgreSQL"
)

CLIENTS = f"SELECT token_hash FROM {Client._meta.db_table} WHERE id > %s ORDER BY id"


def work_mem() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW work_mem")
        row = cursor.fetchone()
    assert row is not None
    return str(row[0])


def prepared(text: str) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", [f"%{text}%"])
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])


@contextmanager
def prepared_statements_off() -> Iterator[None]:
    connection.ensure_connection()
    raw = connection.connection
    threshold = raw.prepare_threshold
    raw.prepare_threshold = None
    try:
        yield
    finally:
        raw.prepare_threshold = threshold


def test_each_statement_gives_its_rows_in_order_and_none_without_rows() -> None:
    first = Client.objects.create(token_hash="a")
    Client.objects.create(token_hash="b")
    table = Client._meta.db_table
    found = run(
        [
            Statement(CLIENTS, [0]),
            Statement(f"UPDATE {table} SET token_hash = %s WHERE id = %s", ["c", first.pk]),
            Statement(CLIENTS, [first.pk]),
            Statement(CLIENTS, [0]),
        ]
    )
    assert found == [[("a",), ("b",)], None, [("b",)], [("c",), ("b",)]]
    assert run([]) == []


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_settings_hold_for_their_statement_and_end_with_the_batch() -> None:
    before = work_mem()
    show = Statement("SELECT current_setting(%s)", ["work_mem"])
    found = run(
        [Statement("SELECT 1", (), {"work_mem": "7MB"}), show, Statement("SELECT 1", (), {"work_mem": "9MB"}), show]
    )
    assert found == [[(1,)], [("7MB",)], [(1,)], [("9MB",)]]
    assert work_mem() == before
    with transaction.atomic():  # SET LOCAL would last to the transaction's end: reset after the batch
        assert run([Statement("SELECT 1", (), {"work_mem": "7MB"}), show])[1] == [("7MB",)]
        assert work_mem() == before


@postgresql_only
def test_a_statement_is_prepared_once_whatever_its_values() -> None:
    text = CLIENTS.replace("%s", "$1")
    assert prepared(text) == 0
    for value in (0, 40_000, 5_000_000_000):  # smallint, integer and bigint values: one statement
        run([Statement(CLIENTS, [value], GENERIC)])
    assert prepared(text) == 1
    listed = f"SELECT token_hash FROM {Client._meta.db_table} WHERE id = ANY(%s)"
    for values in ([1], [1, 5_000_000_000]):
        run([Statement(listed, [values])])
    assert prepared(listed.replace("%s", "$1")) == 1


@postgresql_only
def test_nothing_is_prepared_when_prepared_statements_are_off() -> None:
    Client.objects.create(token_hash="a")
    text = f"SELECT token_hash FROM {Client._meta.db_table} WHERE id >= %s"
    with prepared_statements_off():
        assert run([Statement(text, [0])]) == [[("a",)]]
    assert prepared(text.replace("%s", "$1")) == 0


@pytest.mark.django_db(transaction=True)
def test_errors_are_djangos_and_the_connection_stays_usable() -> None:
    client = Client.objects.create(token_hash="a")
    table = Client._meta.db_table
    with pytest.raises(IntegrityError):
        run([Statement(f"INSERT INTO {table} SELECT * FROM {table} WHERE id = %s", [client.pk])])  # its own key again
    assert run([Statement(CLIENTS, [0])]) == [[("a",)]]
