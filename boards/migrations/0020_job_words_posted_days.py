"""A last column of `job_words` (PostgreSQL only): the day a job was posted, else first seen
(`job_keys.posted_sql` spells the same expression), so that "posted within N days" is a key of
the word index's scan instead of a btree bitmap ANDed with it or a test of every row it found.

In bench.search's corpus posted dates do not follow first sightings, and `job_posted_idx`'s bitmap
of the jobs posted within a day was ~55,000 entries at 5M jobs whatever the slice a search read
(12–60 ms a statement), while beside common words without it an index read visited every row
the words found ("warehouse associate over 220k posted in the last 7 days": 7,861 rows for 355
at 1M). A job holds one key, its posting day (days since the epoch, UTC); a window of N days is
an overlap with the N + 2 days from the cutoff's to tomorrow, intersected with the other keys in
the same GIN scan, and the exact bound is tested on the rows found. The other columns, their
order and expressions are as migration 0018 left them (`job_keys.joint_sql`, `bounds_sql`,
`SEEN_SQL`); the new column is last, so the estimate's column numbers stay. The new index is
built before the old one is dropped (a table that is read keeps an index).
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
LEVEL_WORDS = ("intern", "junior", "senior", "lead", "staff", "principal", "manager", "director")
FINE_PAY_LEVELS = (210, 230, 240, 260, 270, 280, 290, 350)
TOP = "COALESCE(salary_annual_max, salary_annual_min)"
SEEN = "(ARRAY[(floor(extract(epoch FROM (first_seen_at AT TIME ZONE 'UTC')) / 14400))::integer])"
POSTED_EPOCH = "extract(epoch FROM (COALESCE(posted_at, first_seen_at) AT TIME ZONE 'UTC'))"
POSTED = f"(ARRAY[(floor({POSTED_EPOCH} / 86400))::integer, (- floor({POSTED_EPOCH} / 14400))::integer])"
# The columns whose statistics the search estimate reads (watches/services/estimate.py,
# JOB_WORDS_COLUMNS): the joint keys, words, places, flags and bounds.
ESTIMATED_COLUMNS = 5


def _has(word: str) -> str:
    return f"strpos(search_text, ' {word} ') > 0"


def _lacks(word: str) -> str:
    return f"strpos(search_text, ' {word} ') = 0"


def _columns() -> list[str]:
    bounds = [
        *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in PAY_LEVELS),
        f"CASE WHEN {TOP} IS NULL THEN 'p' END",
        *(f"CASE WHEN experience_years <= {level} THEN 'e{level}' END" for level in EXPERIENCE_LEVELS),
        "CASE WHEN experience_years IS NULL THEN 'e' END",
        *(f"CASE WHEN {_lacks(word)} THEN '-{word}' END" for word in ABSENT_WORDS),
    ]
    joint = [
        *(f"seniority || CASE WHEN {_has(word)} THEN '+{word}' ELSE '-{word}' END" for word in LEVEL_WORDS),
        f"CASE WHEN {TOP} IS NOT NULL THEN 'c' || salary_currency END",
        *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in FINE_PAY_LEVELS),
    ]
    return [
        f"(array_remove(ARRAY[{', '.join(joint)}], NULL))",
        *WORDS,
        FLAGS,
        f"(array_remove(ARRAY[{', '.join(bounds)}], NULL))",
        SEEN,
    ]


def _build(schema_editor, expressions: list[str]) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("SET maintenance_work_mem = '256MB'")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}_new")
    schema_editor.execute(f"CREATE INDEX {INDEX}_new ON {TABLE} USING gin ({', '.join(expressions)})")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    schema_editor.execute(f"ALTER INDEX {INDEX}_new RENAME TO {INDEX}")
    for number in range(1, ESTIMATED_COLUMNS + 1):
        schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN {number} SET STATISTICS 1000")
    schema_editor.execute("RESET maintenance_work_mem")
    schema_editor.execute(f"ANALYZE {TABLE}")


def create(apps, schema_editor):
    _build(schema_editor, [*_columns(), POSTED])


def drop(apps, schema_editor):
    _build(schema_editor, _columns())


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0019_drop_duplicate_resource_indexes")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
