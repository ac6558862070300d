"""One GIN index on the word arrays of the normalised text columns of job events (PostgreSQL only).

A filter term is a whole-word substring test of `search_text` / `place_text` (matching/terms.py);
on PostgreSQL `watches.filters.ContainsWords` / `ContainsAnyWord` state it as "the text's word
array contains (overlaps) the term's words", which this index answers exactly, so a search reads
only the rows that match (the trigram indexes it replaces answered approximately: every candidate
row was read and tested again, which is what made searches slow at millions of jobs). Both columns
are in one multicolumn index, with a third small array of the job's level and remote flag, so
that a search's word, place, level and remote conditions are one index scan, in which the rarest
word drives and the common ones are only checked against it ("product" in Tokyo does not read
every "product", "senior" does not read a third of the table). The expressions must be spelled as
`watches.filters.WORDS_SQL` and `FLAGS_SQL` spell them. A finer statistics sample of the arrays' most common elements lets the planner tell
a rare word from a common one. SQLite needs none of this.
"""

from __future__ import annotations

from django.db import migrations

TABLE = "changes_change"
INDEX = "change_words"
COLUMNS = ("search_text", "place_text")
TRIGRAM_INDEXES = (("change_search_text_trgm", "search_text"), ("change_place_text_trgm", "place_text"))


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    expressions = [f"(string_to_array(btrim({column}), ' '))" for column in COLUMNS]
    expressions.append("(ARRAY[(seniority)::text, (remote)::text])")
    schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {INDEX} ON {TABLE} USING gin ({', '.join(expressions)})")
    for number in range(1, len(expressions) + 1):
        schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN {number} SET STATISTICS 1000")
    for name, _column in TRIGRAM_INDEXES:
        schema_editor.execute(f"DROP INDEX IF EXISTS {name}")
    schema_editor.execute(f"ANALYZE {TABLE}")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, column in TRIGRAM_INDEXES:
        schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {TABLE} USING gin ({column} gin_trgm_ops)")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("changes", "0002_search_indexes"), ("boards", "0004_search_words")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
