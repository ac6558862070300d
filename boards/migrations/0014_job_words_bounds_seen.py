"""The jobs' word index learns their pay, experience and first sighting (PostgreSQL only): two
more columns of `job_words`, the pay and experience threshold keys (`p180`, `e1`, …) with the
keys of common excluded words a job lacks (`-manager`), and the
`SEEN_HOURS`-hour bucket of `first_seen_at` (watches/services/job_keys.py says why and how).

Before, a search such as entry level + pay >= 190,000 + at most 1 year found a few thousand jobs
among conditions each held by a tenth of the table, and no index held two of them: the index read
visited every entry-level job and a walk read a hundred thousand rows. With the bounds in the same
GIN index the scan intersects level, words, places, pay and experience before reading a row; with
the sighting bucket an index read can stop at the newest slice expected to hold the page and the
count. The expressions must be spelled as `job_keys.bounds_sql` and `SEEN_SQL` spell them. The new
index is built before the old one is dropped (a table that is read keeps an index). SQLite needs
none of this.
"""

from __future__ import annotations

from django.db import migrations

TABLE = "boards_job"
INDEX = "job_words"
WORDS = [f"(string_to_array(btrim({column}), ' '))" for column in ("search_text", "place_text")]
FLAGS = "(ARRAY[(seniority)::text, (remote)::text])"
PAY_LEVELS = (40, 60, 80, 100, 120, 140, 160, 180, 200, 220, 250, 300, 400)
EXPERIENCE_LEVELS = (0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 15)
ABSENT_WORDS = ("intern", "junior", "senior", "lead", "staff", "principal", "manager", "director", "sales", "contract")
TOP = "COALESCE(salary_annual_max, salary_annual_min)"
BOUNDS = (
    "(array_remove(ARRAY["
    + ", ".join(
        [
            *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in PAY_LEVELS),
            f"CASE WHEN {TOP} IS NULL THEN 'p' END",
            *(f"CASE WHEN experience_years <= {level} THEN 'e{level}' END" for level in EXPERIENCE_LEVELS),
            "CASE WHEN experience_years IS NULL THEN 'e' END",
            *(
                f"CASE WHEN NOT string_to_array(btrim(search_text), ' ') @> '{{{word}}}' THEN '-{word}' END"
                for word in ABSENT_WORDS
            ),
        ]
    )
    + "], NULL))"
)
SEEN = "(ARRAY[(floor(extract(epoch FROM (first_seen_at AT TIME ZONE 'UTC')) / 14400))::integer])"


def _build(schema_editor, expressions: list[str]) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("SET maintenance_work_mem = '256MB'")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}_new")
    schema_editor.execute(f"CREATE INDEX {INDEX}_new ON {TABLE} USING gin ({', '.join(expressions)})")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    schema_editor.execute(f"ALTER INDEX {INDEX}_new RENAME TO {INDEX}")
    for number in range(1, min(len(expressions), 4) + 1):
        schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN {number} SET STATISTICS 1000")
    schema_editor.execute("RESET maintenance_work_mem")
    schema_editor.execute(f"ANALYZE {TABLE}")


def create(apps, schema_editor):
    _build(schema_editor, [*WORDS, FLAGS, BOUNDS, SEEN])


def drop(apps, schema_editor):
    _build(schema_editor, [*WORDS, FLAGS])


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0013_resource_groups_planned")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
