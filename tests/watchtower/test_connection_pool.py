"""The PostgreSQL connection pool checks a connection before handing it out (CONN_HEALTH_CHECKS in
watchtower/settings.py), so a database restart or an administrator terminating backends costs a
reconnect, not a failed request. PostgreSQL only (DATABASE_URL).

The test builds its own connection from the project's settings with a pool of one, so the pool has
exactly one connection to hand out and the test terminates exactly that backend: it never touches
a connection that another test, thread or the test database's own pool is using."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.conf import settings
from django.db import connection
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.utils import ConnectionHandler, OperationalError

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL pointing at PostgreSQL"),
]


@contextmanager
def private_connection(*, health_checks: bool) -> Iterator[BaseDatabaseWrapper]:
    """A connection configured as the project configures its own, on the test database, whose pool
    holds one connection."""
    config = copy.deepcopy(settings.DATABASES["default"])
    config["NAME"] = connection.settings_dict["NAME"]  # the test database the suite runs on
    config["OPTIONS"]["pool"] = {**config["OPTIONS"]["pool"], "min_size": 1, "max_size": 1}
    config["CONN_HEALTH_CHECKS"] = health_checks
    # Django keeps pools per alias in a class attribute: a name of its own keeps this pool apart.
    own = ConnectionHandler({"default": config, "pool_probe": config})["pool_probe"]
    try:
        yield own
    finally:
        own.close()
        own.close_pool()  # type: ignore[attr-defined]


def backend_pid(db: BaseDatabaseWrapper) -> int:
    with db.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])


def terminate(pid: int) -> None:
    """What a database restart or an administrator does to one of the pool's idle connections."""
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s, 5000)", [pid])


def test_a_connection_the_server_terminated_is_replaced_before_it_is_handed_out() -> None:
    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"]
    with private_connection(health_checks=True) as own:
        before = backend_pid(own)
        own.close()  # back to the pool, idle
        terminate(before)

        after = backend_pid(own)  # the pool's only connection was the terminated one

    assert after != before


def test_without_the_check_the_terminated_connection_would_have_failed_the_request() -> None:
    """The control: the same steps with the check turned off hand out the dead connection, so the
    test above proves the setting, not luck."""
    with private_connection(health_checks=False) as own:
        before = backend_pid(own)
        own.close()
        terminate(before)

        with pytest.raises(OperationalError):
            backend_pid(own)
