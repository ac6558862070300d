"""PostgreSQL through django-prometheus's backend, with a connection pool that tells a dead
connection from a live one without a query.

psycopg_pool's own check (`ConnectionPool.check_connection`, what Django installs with
CONN_HEALTH_CHECKS) sends an empty query each time a connection is handed out: one round trip on
every request, a tenth of the work of a cheap API call (bench/api.py). An idle connection has
nothing to say, so anything readable on its socket — the server's "terminating connection" error
after a restart or `pg_terminate_backend`, or the end of the stream — means it must be asked for
real; a silent socket is trusted. A connection that dies silently (a network partition) fails its
first query, as it could right after any check.

Django passes its own `check` to the pool it builds, so this wrapper builds the pool itself (same
arguments otherwise) when OPTIONS["pool"] is set.
"""

from __future__ import annotations

import select
from typing import Any

import psycopg
from django_prometheus.db.backends.postgresql.base import DatabaseWrapper as PrometheusDatabaseWrapper
from psycopg_pool import ConnectionPool


def connection_check(connection: psycopg.Connection[Any]) -> None:
    """Raise if `connection` is closed, broken or has been told something while idle."""
    if connection.closed or connection.broken:
        raise psycopg.OperationalError("the connection is closed")
    readable, _, _ = select.select([connection.fileno()], [], [], 0)
    if readable:
        ConnectionPool.check_connection(connection)


class DatabaseWrapper(PrometheusDatabaseWrapper):
    @property
    def pool(self) -> ConnectionPool[Any] | None:
        options = self.settings_dict["OPTIONS"].get("pool")
        if options and self.alias not in self._connection_pools:
            connect_kwargs = self.get_connection_params()
            connect_kwargs["autocommit"] = True  # as Django's: it sets autocommit itself later
            pool: ConnectionPool[Any] = ConnectionPool(
                kwargs=connect_kwargs,
                open=False,
                configure=self._configure_connection,
                check=connection_check,
                **({} if options is True else options),
            )
            self._connection_pools.setdefault(self.alias, pool)
        return super().pool  # type: ignore[no-any-return]
