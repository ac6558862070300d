"""The PostgreSQL connection pool checks a connection before handing it out (CONN_HEALTH_CHECKS in
watchtower/settings.py), so a database restart or an administrator terminating backends costs a
reconnect, not a failed request. PostgreSQL only (DATABASE_URL)."""

from __future__ import annotations

import time

import psycopg
import pytest
from django.db import connection

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL pointing at PostgreSQL"),
]

OTHER_CLIENTS = (
    "FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
    "AND backend_type = 'client backend'"
)


def backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])


def terminate_idle_backends() -> None:
    """What a database restart or an administrator does to the pool's idle connections."""
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as admin:
        admin.execute(f"SELECT pg_terminate_backend(pid) {OTHER_CLIENTS}")
        while admin.execute(f"SELECT count(*) {OTHER_CLIENTS}").fetchone() != (0,):
            time.sleep(0.01)


def test_a_connection_the_server_terminated_is_replaced_before_it_is_handed_out() -> None:
    before = backend_pid()
    connection.close()  # back to the pool, idle
    terminate_idle_backends()

    after = backend_pid()

    assert after != before
