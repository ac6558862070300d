"""The throwaway database a benchmark runs in (private: `python -m bench` skips modules named with
a leading underscore, and this one is a helper, not a benchmark).

    with fresh_database("fanout") as connection:
        ...

PostgreSQL when DATABASE_URL is set: a database beside the configured one, named after it
(`<NAME>_bench_<name>`, so two benchmarks or two sessions never share one), created empty with
every migration and dropped on the way out. Otherwise a SQLite file in a new temporary directory.
Call it after the benchmark has set the environment its settings are read from.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


@contextmanager
def fresh_database(name: str) -> Iterator[Any]:
    """Django set up against a new, migrated, empty database; yields the connection."""
    import django
    from django.db import connection

    django.setup()
    if connection.vendor == "sqlite":
        path = Path(tempfile.mkdtemp(prefix="wt-bench-")) / "bench.sqlite3"
        connection.settings_dict["TEST"]["NAME"] = str(path)
    else:
        connection.settings_dict["TEST"]["NAME"] = f"{connection.settings_dict['NAME']}_bench_{name}"
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    try:
        yield connection
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
