"""A new first column of `job_words` (PostgreSQL only): the joint keys of watches/services/job_keys.py
(`joint_sql` spells the same expression).

Conditions common on their own and rare or empty together cost the GIN scan one step per job of
the rarer one: "principal level without the word principal" (no such job) stepped through every
principal-level job, and the estimate, a product of shares, expected hundreds of matches, so a
walk read its whole slice first (114 ms at 5M jobs, the slowest search of bench.search). A job
now also holds its level joined with each level word, present or absent (`principal-principal`,
`mid+manager`), `c<currency>` when it states pay, and the pay thresholds between 200k and 300k
every 10k plus 350k. The column comes first: GIN checks a scan's keys in column order and starts
again from the first at every disagreement, so a joint key no job holds ends the scan at once
only there (watches/services/estimate.py reads the statistics by `JOB_WORDS_COLUMNS`). The other
columns are spelled as migration 0014 spelled them. The new index is built before the old one
is dropped.
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
TEXT_WORDS = "string_to_array(btrim(search_text), ' ')"
BOUNDS = (
    "(array_remove(ARRAY["
    + ", ".join(
        [
            *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in PAY_LEVELS),
            f"CASE WHEN {TOP} IS NULL THEN 'p' END",
            *(f"CASE WHEN experience_years <= {level} THEN 'e{level}' END" for level in EXPERIENCE_LEVELS),
            "CASE WHEN experience_years IS NULL THEN 'e' END",
            *(f"CASE WHEN NOT {TEXT_WORDS} @> '{{{word}}}' THEN '-{word}' END" for word in ABSENT_WORDS),
        ]
    )
    + "], NULL))"
)
SEEN = "(ARRAY[(floor(extract(epoch FROM (first_seen_at AT TIME ZONE 'UTC')) / 14400))::integer])"
LEVEL_WORDS = ("intern", "junior", "senior", "lead", "staff", "principal", "manager", "director")
FINE_PAY_LEVELS = (210, 230, 240, 260, 270, 280, 290, 350)
JOINT = (
    "(array_remove(ARRAY["
    + ", ".join(
        [
            *(
                f"seniority || CASE WHEN {TEXT_WORDS} @> '{{{word}}}' THEN '+{word}' ELSE '-{word}' END"
                for word in LEVEL_WORDS
            ),
            f"CASE WHEN {TOP} IS NOT NULL THEN 'c' || salary_currency END",
            *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in FINE_PAY_LEVELS),
        ]
    )
    + "], NULL))"
)


def _build(schema_editor, expressions: list[str]) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("SET maintenance_work_mem = '256MB'")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}_new")
    schema_editor.execute(f"CREATE INDEX {INDEX}_new ON {TABLE} USING gin ({', '.join(expressions)})")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    schema_editor.execute(f"ALTER INDEX {INDEX}_new RENAME TO {INDEX}")
    # The estimate reads the element shares of every column but the last (the sighting bucket).
    for number in range(1, len(expressions)):
        schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN {number} SET STATISTICS 1000")
    schema_editor.execute("RESET maintenance_work_mem")
    schema_editor.execute(f"ANALYZE {TABLE}")


def create(apps, schema_editor):
    _build(schema_editor, [JOINT, *WORDS, FLAGS, BOUNDS, SEEN])


def drop(apps, schema_editor):
    _build(schema_editor, [*WORDS, FLAGS, BOUNDS, SEEN])


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0014_job_words_bounds_seen")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
