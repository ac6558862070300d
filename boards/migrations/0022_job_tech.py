"""`Job.tech`: whether the row's board is a tech company, and a `tech` key in job_words' bounds
column for the jobs that are (PostgreSQL), so that a search kept to tech companies
(`tech_companies_only`, the extended tier's default) is one more key of the same GIN scan instead
of a lookup of each row's board in a hash of the tech boards' ids built by every statement
(~15.6 ms a statement at 5M jobs, docs/scaling.md).

The column is added with a database default (no table rewrite on PostgreSQL 11+), then the tech
boards' rows are marked BATCH_BOARDS boards at a time, each batch committed on its own (a rerun
marks only what is left). Then job_words is rebuilt with the key, as migration 0020 rebuilt it: the
new index is built before the old one is dropped (a table that is read keeps an index), the
statistics targets set again and the table vacuumed and analysed (the estimate reads the key's
share from pg_stats). The other columns, their order and expressions are as 0020 left them
(`job_keys.joint_sql`, `bounds_sql`, `SEEN_SQL`, `posted_sql`); the key is the bounds column's
last. The cost at 5M jobs is in docs/scaling.md.
"""

from __future__ import annotations

from django.db import migrations, models

TABLE = "boards_job"
INDEX = "job_words"
# matching.tech.TECH_COMPANY_SHARE when this was written (a later change of the line moves the
# flags through the checks that read each board).
TECH_COMPANY_SHARE = 0.25
BATCH_BOARDS = 200
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


def _columns(*, tech: bool) -> list[str]:
    bounds = [
        *(f"CASE WHEN {TOP} >= {level * 1000} THEN 'p{level}' END" for level in PAY_LEVELS),
        f"CASE WHEN {TOP} IS NULL THEN 'p' END",
        *(f"CASE WHEN experience_years <= {level} THEN 'e{level}' END" for level in EXPERIENCE_LEVELS),
        "CASE WHEN experience_years IS NULL THEN 'e' END",
        *(f"CASE WHEN {_lacks(word)} THEN '-{word}' END" for word in ABSENT_WORDS),
        *(["CASE WHEN tech THEN 'tech' END"] if tech else []),
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
        POSTED,
    ]


def _field() -> models.BooleanField:
    field = models.BooleanField(db_default=False, default=False)
    field.set_attributes_from_name("tech")
    return field


def add(apps, schema_editor):
    """The column, with its database default: on PostgreSQL only if it is not there yet (a rerun
    after a failure), elsewhere as Django adds it. (The models `apps` gives a database operation of
    SeparateDatabaseAndState are those before the field.)"""
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS tech boolean DEFAULT false NOT NULL")
    else:
        schema_editor.add_field(apps.get_model("boards", "Job"), _field())


def remove(apps, schema_editor):
    schema_editor.execute(f"ALTER TABLE {TABLE} DROP COLUMN tech")


def mark(apps, schema_editor):
    """Mark the tech boards' rows, BATCH_BOARDS boards a statement (the board index finds them),
    each statement committed on its own."""
    resource, job = apps.get_model("boards", "Resource"), apps.get_model("boards", "Job")
    boards = list(resource.objects.filter(tech_share__gte=TECH_COMPANY_SHARE).order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(boards), BATCH_BOARDS):
        job.objects.filter(resource_id__in=boards[start : start + BATCH_BOARDS], tech=False).update(tech=True)


def _build(schema_editor, expressions: list[str], *, analyze: str = "ANALYZE") -> None:
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
    schema_editor.execute(f"{analyze} {TABLE}")


def create(apps, schema_editor):
    # Vacuumed too: marking left a dead version of every tech job, and each of the table's other
    # indexes points at both versions until a vacuum (a walk of job_newest_idx steps over them).
    _build(schema_editor, _columns(tech=True), analyze="VACUUM (ANALYZE)")


def drop(apps, schema_editor):
    _build(schema_editor, _columns(tech=False))


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0021_jobgroup_closed_partial")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AddField(
                    model_name="job", name="tech", field=models.BooleanField(db_default=False, default=False)
                )
            ],
            database_operations=[migrations.RunPython(add, remove, elidable=False)],
        ),
        migrations.RunPython(mark, migrations.RunPython.noop, elidable=False),
        migrations.RunPython(create, drop, elidable=False),
    ]
