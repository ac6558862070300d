"""`job_words` with the posting day as its first column (PostgreSQL only), so that a search's
window of posting days ("posted within N days", asked for when it is rare: `search._posted_keys`)
proposes the rows its scan checks instead of being checked last.

GIN checks a scan's keys in column order: the first key proposes a row, each next one skips to
it, and at the first that disagrees the scan starts again from the first key past that row. The
posting days were the last column, so a scan stepped through the rows every other key agreed on
(common words, the level, remote) to ask the window, the rarest key, about each of them; first,
the window's rows are the ones the others are asked about. Statements with a window, bench.search's
sets at 1M (the same statements, EXPLAIN ANALYZE, best of 3): 279 -> 221 ms; the others unchanged
(their keys keep their order). The other columns, their order and expressions are those of
migration 0022 (`job_keys.joint_sql`, `bounds_sql`, `SEEN_SQL`, `posted_sql`), one place further:
the statistics targets follow them (`estimate.JOB_WORDS_COLUMNS`). The new index is built before
the old one is dropped (a table that is read keeps an index), then the table is analysed. The
cost at 5M jobs is in docs/scaling.md.
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
SEEN_EPOCH = "extract(epoch FROM (first_seen_at AT TIME ZONE 'UTC'))"
SEEN = f"(ARRAY[(floor({SEEN_EPOCH} / 14400))::integer])"
POSTED_EPOCH = "extract(epoch FROM (COALESCE(posted_at, first_seen_at) AT TIME ZONE 'UTC'))"
POSTED = f"(ARRAY[(floor({POSTED_EPOCH} / 86400))::integer, (- floor({POSTED_EPOCH} / 14400))::integer])"
STATISTICS = 1000


def _has(word: str) -> str:
    return f"strpos(search_text, ' {word} ') > 0"


def _lacks(word: str) -> str:
    return f"strpos(search_text, ' {word} ') = 0"


def _columns(*, posted_first: bool) -> tuple[list[str], range]:
    """job_words' expressions in their order, and the numbers of the columns whose statistics the
    search estimate reads (the joint keys, words, places, flags and bounds)."""
    bounds = [
        *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in PAY_LEVELS),
        f"CASE WHEN {TOP} IS NULL THEN 'p' END",
        *(f"CASE WHEN experience_years <= {level} THEN 'e{level}' END" for level in EXPERIENCE_LEVELS),
        "CASE WHEN experience_years IS NULL THEN 'e' END",
        *(f"CASE WHEN {_lacks(word)} THEN '-{word}' END" for word in ABSENT_WORDS),
        "CASE WHEN tech THEN 'tech' END",
    ]
    joint = [
        *(f"seniority || CASE WHEN {_has(word)} THEN '+{word}' ELSE '-{word}' END" for word in LEVEL_WORDS),
        f"CASE WHEN {TOP} IS NOT NULL THEN 'c' || salary_currency END",
        *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in FINE_PAY_LEVELS),
    ]
    estimated = [
        f"(array_remove(ARRAY[{', '.join(joint)}], NULL))",
        *WORDS,
        FLAGS,
        f"(array_remove(ARRAY[{', '.join(bounds)}], NULL))",
    ]
    if posted_first:
        return [POSTED, *estimated, SEEN], range(2, 2 + len(estimated))
    return [*estimated, SEEN, POSTED], range(1, 1 + len(estimated))


def _build(schema_editor, *, posted_first: bool) -> None:
    if schema_editor.connection.vendor != "postgresql":
        return
    expressions, estimated = _columns(posted_first=posted_first)
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
    _build(schema_editor, posted_first=True)


def drop(apps, schema_editor):
    _build(schema_editor, posted_first=False)


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0022_job_tech")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
