"""`job_words`' joint and bounds columns test a word of the search text with `strpos` instead of the
text's word array (PostgreSQL only): the same keys, computed for less.

The 18 keys that ask whether the text holds a level word or a common excluded word each built
`string_to_array(btrim(search_text), ' ')` again (the expression is evaluated as written, once
per key): a third of the index's upkeep when a check inserts rows. The search text is its words
padded and joined by single spaces (matching/terms.py `search_text_for`), so a word is one of
them exactly when the text holds it with a space on each side, which is also how the in-memory
predicate tests a term (`term_matches`). The columns' keys, their order and the words and places
columns are as migration 0015 left them; the expressions must be spelled as `job_keys.joint_sql`
and `bounds_sql` spell them. The new index is built before the old one is dropped (a table that
is read keeps an index). SQLite needs none of this.
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


def _has(word: str) -> str:
    return f"strpos(search_text, ' {word} ') > 0"


def _lacks(word: str) -> str:
    return f"strpos(search_text, ' {word} ') = 0"


def _array_has(word: str) -> str:  # as migration 0015 spelled it
    return f"string_to_array(btrim(search_text), ' ') @> '{{{word}}}'"


def _array_lacks(word: str) -> str:
    return f"NOT {_array_has(word)}"


def _columns(has, lacks) -> list[str]:
    bounds = [
        *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in PAY_LEVELS),
        f"CASE WHEN {TOP} IS NULL THEN 'p' END",
        *(f"CASE WHEN experience_years <= {level} THEN 'e{level}' END" for level in EXPERIENCE_LEVELS),
        "CASE WHEN experience_years IS NULL THEN 'e' END",
        *(f"CASE WHEN {lacks(word)} THEN '-{word}' END" for word in ABSENT_WORDS),
    ]
    joint = [
        *(f"seniority || CASE WHEN {has(word)} THEN '+{word}' ELSE '-{word}' END" for word in LEVEL_WORDS),
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
    # The estimate reads the element shares of every column but the last (the sighting bucket).
    for number in range(1, len(expressions)):
        schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN {number} SET STATISTICS 1000")
    schema_editor.execute("RESET maintenance_work_mem")
    schema_editor.execute(f"ANALYZE {TABLE}")


def create(apps, schema_editor):
    _build(schema_editor, _columns(_has, _lacks))


def drop(apps, schema_editor):
    _build(schema_editor, _columns(_array_has, _array_lacks))


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0017_job_posted_idx")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
