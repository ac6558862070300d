"""Trigram GIN indexes on the normalised text columns of current jobs (PostgreSQL only).

Filters match by substring (`search_text LIKE '% ios %'`, see matching/terms.py); pg_trgm lets
PostgreSQL answer those from an index instead of reading every row. SQLite has no such index
and needs none at embedded scale, so this is a no-op there.
"""

from __future__ import annotations

from django.db import migrations

TABLE = "boards_job"
INDEXES = (("job_search_text_trgm", "search_text"), ("job_place_text_trgm", "place_text"))


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, column in INDEXES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {TABLE} USING gin ({column} gin_trgm_ops)")
        # A finer sample of these columns lets the planner tell a rare term (read the index) from
        # a common one (walk the newest-first index and stop after a page).
        schema_editor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN {column} SET STATISTICS 1000")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, column in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
        schema_editor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN {column} SET STATISTICS -1")


class Migration(migrations.Migration):
    dependencies = [("boards", "0001_initial")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
