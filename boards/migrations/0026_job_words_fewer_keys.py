"""job_words without the keys nearly every job held and no search narrowed by (PostgreSQL only).

A new board's every row enters its keys into job_words, and the index's upkeep grows with them
(evaluating, sorting, appending to the pending list, merging it into each key's posting tree):
about 45 a row, of which 8 joint keys (the level joined with each level word, present or
absent: a mid-level job held `mid-intern`, `mid-junior`, … `mid-director`), 10 absent words
(`-intern` … `-contract`: nearly every job held 9) and `p` / `e` (no pay, no experience stated:
nearly every job, asked for by no search). Now (watches/services/job_keys.py):

- the joint keys hold the job's level alone, its level joined with each level word its text
  holds (`mid+manager`) and with each word of its own level it lacks (`principal-principal`),
  about 2 a row: a word absent at another level is nearly the whole level, and a search asks
  for the level alone in its place (`held_level_key`);
- the bounds hold the pay and experience thresholds and `tech`, no absent words, no `p`, `e`.

bench.big_board's 100,000 job rows COPYed into a copy of the table (docs/scaling.md): 45 → 28
keys a row, the backend's CPU for the rows and every index 3.57 → 2.98–3.00 s. Every search finds
what it found (the keys are conditions implied by the exact ones, which stay in the WHERE
clause). The posting day, words, places, flags and sighting bucket are 0023's, the collation
0025's; the new index is built before the old one is dropped, then the table is analysed.
Reversed: 0025's index again. Code and index go together (as 0025): a deployment restarts its
processes once it has run.
"""

from __future__ import annotations

import importlib

from django.db import migrations

posted_first = importlib.import_module("boards.migrations.0023_job_words_posted_first")
collation_c = importlib.import_module("boards.migrations.0025_job_words_collation_c")
TABLE, INDEX, STATISTICS = posted_first.TABLE, posted_first.INDEX, posted_first.STATISTICS
TOP = posted_first.TOP
# The words a level is read from, and the level each names (job_keys.LEVEL_OF_WORD).
LEVEL_OF_WORD = {
    "intern": "intern",
    "junior": "entry",
    "senior": "senior",
    "lead": "senior",
    "staff": "staff",
    "principal": "principal",
    "manager": "manager",
    "director": "director",
}


def _columns() -> list[str]:
    """job_words' expressions in their order (as job_keys.joint_sql and bounds_sql spell them)."""
    joint = [
        "NULLIF(seniority, '')",
        *(
            f"CASE WHEN strpos(search_text, ' {word} ') > 0 THEN seniority || '+{word}'"
            f" WHEN seniority = '{level}' THEN '{level}-{word}' END"
            for word, level in LEVEL_OF_WORD.items()
        ),
        f"CASE WHEN {TOP} IS NOT NULL THEN 'c' || salary_currency END",
        *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in posted_first.FINE_PAY_LEVELS),
    ]
    bounds = [
        *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in posted_first.PAY_LEVELS),
        *(f"CASE WHEN experience_years <= {level} THEN 'e{level}' END" for level in posted_first.EXPERIENCE_LEVELS),
        "CASE WHEN tech THEN 'tech' END",
    ]
    texts = [
        f"(array_remove(ARRAY[{', '.join(joint)}], NULL))",
        *posted_first.WORDS,
        posted_first.FLAGS,
        f"(array_remove(ARRAY[{', '.join(bounds)}], NULL))",
    ]
    return [posted_first.POSTED, *(f"{text} COLLATE \"C\"" for text in texts), posted_first.SEEN]


def create(apps, schema_editor):
    rebuild(schema_editor, _columns())


def rebuild(schema_editor, columns: list[str]) -> None:
    """job_words built anew over `columns` beside the old one, which it then replaces (0028 too)."""
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("SET maintenance_work_mem = '256MB'")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}_new")
    schema_editor.execute(f"CREATE INDEX {INDEX}_new ON {TABLE} USING gin ({', '.join(columns)})")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    schema_editor.execute(f"ALTER INDEX {INDEX}_new RENAME TO {INDEX}")
    for number in range(2, 7):  # the joint keys, words, places, flags, bounds: the estimate's
        schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN {number} SET STATISTICS {STATISTICS}")
    schema_editor.execute("RESET maintenance_work_mem")
    schema_editor.execute(f"ANALYZE {TABLE}")


def drop(apps, schema_editor):
    collation_c.create(apps, schema_editor)


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0025_job_words_collation_c")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
