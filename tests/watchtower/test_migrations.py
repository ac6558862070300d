from __future__ import annotations

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


@pytest.mark.django_db
def test_every_model_change_has_a_migration() -> None:
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


@pytest.mark.django_db(transaction=True)
def test_migrations_run_backwards_and_forwards_on_this_database() -> None:
    executor = MigrationExecutor(connection)
    targets = [("changes", None), ("watches", None), ("boards", None)]
    executor.migrate(targets)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    tables = set(connection.introspection.table_names())
    assert {"boards_resource", "boards_job", "changes_change", "watches_watch", "usage_daily", "counts_daily"} <= tables
