"""The change rows' word index learns where a row lies in the feed and on which board (PostgreSQL
only): two more columns of `change_words`, a one-element array of the row's id bucket
(`id / 65536`, `changes.services.reads.BUCKET_SQL`) and one of its board.

A watch far behind the newest change reads "firmware, since id N" (and for a board watch "on
board B"): without these columns the index found every row holding the word over the whole
retention and the heap was read for each to test the id; the only other way was to walk the
primary key (or the board's ids) from the cursor testing every row. With them, the words, the
board and the buckets of the window (an overlap with the few buckets from the cursor to the top)
are one GIN scan in which the rarest entry drives and the dense ones are skipped along, so the
heap is read only for the rows of the window that match. The expressions must be spelled as
`changes.services.reads` spells them. The new index is built before the old one is dropped (a
table that is read keeps an index), and the board column gets finer statistics so that a big
board's share is known (`reads.board_share`). SQLite needs none of this.
"""

from __future__ import annotations

from django.db import migrations

TABLE = "changes_change"
INDEX = "change_words"
WORDS = [f"(string_to_array(btrim({column}), ' '))" for column in ("search_text", "place_text")]
FLAGS = "(ARRAY[(seniority)::text, (remote)::text])"
WINDOW = ["(ARRAY[(id / 65536)])", "(ARRAY[resource_id])"]


def _build(schema_editor, expressions: list[str]) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}_new")
    schema_editor.execute(f"CREATE INDEX {INDEX}_new ON {TABLE} USING gin ({', '.join(expressions)})")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    schema_editor.execute(f"ALTER INDEX {INDEX}_new RENAME TO {INDEX}")
    for number in range(1, 4):
        schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN {number} SET STATISTICS 1000")
    schema_editor.execute(f"ALTER TABLE {TABLE} ALTER COLUMN resource_id SET STATISTICS 1000")
    schema_editor.execute(f"ANALYZE {TABLE}")


def create(apps, schema_editor):
    _build(schema_editor, [*WORDS, FLAGS, *WINDOW])


def drop(apps, schema_editor):
    _build(schema_editor, [*WORDS, FLAGS])


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("changes", "0007_delivery_change_ids")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
