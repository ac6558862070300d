"""GIN indexes on the word arrays of the normalised text columns of current jobs (PostgreSQL only).

A filter term is a whole-word substring test of `search_text` / `place_text` (watches/terms.py);
on PostgreSQL `watches.filters.ContainsWords` states it as "the text's word array contains the
term's words", which these indexes answer exactly, so a search reads only the rows that match
(the trigram indexes they replace answered approximately: every candidate row was read and
tested again, which is what made searches slow at millions of jobs). The expression must be
spelled as `watches.filters.WORDS_SQL` spells it. A finer statistics sample of the arrays' most
common elements lets the planner tell a rare word (read the index) from a common one (walk the
newest-first index and stop after a page). SQLite needs none of this.
"""

from __future__ import annotations

from django.db import migrations

TABLE = "boards_job"
INDEXES = (("job_search_words", "search_text"), ("job_place_words", "place_text"))
TRIGRAM_INDEXES = (("job_search_text_trgm", "search_text"), ("job_place_text_trgm", "place_text"))


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, column in INDEXES:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {name} ON {TABLE} USING gin ((string_to_array(btrim({column}), ' ')))"
        )
        schema_editor.execute(f"ALTER INDEX {name} ALTER COLUMN 1 SET STATISTICS 1000")
    for name, _column in TRIGRAM_INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
    schema_editor.execute(f"ANALYZE {TABLE}")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, column in TRIGRAM_INDEXES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {TABLE} USING gin ({column} gin_trgm_ops)")
    for name, _column in INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("boards", "0003_resource_body_hash")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
