"""`job_words`' text columns in collation "C" (PostgreSQL only): the same keys, compared byte by byte.

Every job a check writes enters some 40 keys into job_words, and the index sorts each row's keys
and merges its pending list by comparing them: under the database's C.UTF-8 each comparison
copied both strings and called strcoll (then strcmp to break a tie), about a sixth of the
index's upkeep (perf of a 100,000-row COPY). Its joint keys, word, place, flags and bounds
columns now have collation "C" (the index column's, `(expression) COLLATE "C"`); the posting day
and sighting bucket columns are integers. A condition is matched to an index column only when its
operator's collation is the column's, so the statements state it
(`watches.services.job_keys.collated`, `watches.filters.keyed`; change_words keeps the database's
collation). Equal is byte-equal under both collations, so every search finds what it found. The
100,000 job rows of bench.big_board's first read COPYed into a copy of the table: the index
alone 2.57–2.59 → 2.29 s of backend CPU (docs/scaling.md, "A 100,000-posting board"). The
expressions, their order and statistics targets are 0023's; the new index is built before the
old one is dropped, then the table is analysed. Reversed: 0023's index again. Code and index go
together: the statements of code before this migration are not matched to the new index (nor
this code's to the old one), so a deployment restarts its processes once it has run.
"""

from __future__ import annotations

import importlib

from django.db import migrations

posted_first = importlib.import_module("boards.migrations.0023_job_words_posted_first")
TABLE, INDEX, STATISTICS = posted_first.TABLE, posted_first.INDEX, posted_first.STATISTICS
INTEGER_COLUMNS = (posted_first.POSTED, posted_first.SEEN)


def _build(schema_editor, *, collation: str) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    expressions, estimated = posted_first._columns(posted_first=True)
    if collation:
        expressions = [e if e in INTEGER_COLUMNS else f"{e} COLLATE {collation}" for e in expressions]
    schema_editor.execute("SET maintenance_work_mem = '256MB'")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}_new")
    schema_editor.execute(f"CREATE INDEX {INDEX}_new ON {TABLE} USING gin ({', '.join(expressions)})")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    schema_editor.execute(f"ALTER INDEX {INDEX}_new RENAME TO {INDEX}")
    for number in estimated:
        schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN {number} SET STATISTICS {STATISTICS}")
    schema_editor.execute("RESET maintenance_work_mem")
    schema_editor.execute(f"ANALYZE {TABLE}")


def create(apps, schema_editor):
    _build(schema_editor, collation='"C"')


def drop(apps, schema_editor):
    _build(schema_editor, collation="")


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0024_drop_unread_job_indexes")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
