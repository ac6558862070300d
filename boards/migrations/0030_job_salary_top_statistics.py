"""The pay top's statistics without its index (PostgreSQL 14+): `job_salary_top_idx` gives way to
`CREATE STATISTICS job_salary_top_stats ON (COALESCE(salary_annual_max, salary_annual_min))`.

The index on `watches.filters.salary_top()` was there for its histogram: the search estimate
(watches/services/estimate.py) and the planner size a pay condition by it, while job_words' pay keys
serve the search itself (migration boards/0014). bench.search's 1,640 searches scanned it 0 to 2
times, and every job a check writes entered it (a new 100,000-posting board: about 0.08 s of the
database's CPU). Statistics on the same expression give ANALYZE's same sample of it (null share,
most common values, histogram; `pg_stats_ext_exprs`) with no upkeep on write, and the planner reads
them for the expression as it read the index's (PostgreSQL 14's `examine_variable`); the estimate
reads them from there (`estimate._read`).

SQLite keeps the index: its search reads the rows through the ORM (watches/services/search.py),
where the index may serve a pay condition, and it has no statistics to stand in. The pay columns
are analysed so that the statistics exist at once (at 5M jobs: seconds; the other statistics stay
as they were). Reversed: the index again, and the table analysed (an index's expression is
analysed only by an ANALYZE of every column).
"""

from __future__ import annotations

from django.db import migrations

TABLE = "boards_job"
INDEX = "job_salary_top_idx"
STATISTICS = "job_salary_top_stats"
TOP = "COALESCE(salary_annual_max, salary_annual_min)"


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"CREATE STATISTICS IF NOT EXISTS {STATISTICS} ON ({TOP}) FROM {TABLE}")
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")
    # The pay columns alone: that builds the new statistics and leaves every other column's and
    # index's (job_words': a search's plan) as they were.
    schema_editor.execute(f"ANALYZE {TABLE} (salary_annual_max, salary_annual_min)")


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {INDEX} ON {TABLE} ({TOP})")
    schema_editor.execute(f"DROP STATISTICS IF EXISTS {STATISTICS}")
    schema_editor.execute(f"ANALYZE {TABLE}")


class Migration(migrations.Migration):
    dependencies = [("boards", "0029_job_words_cheaper_keys")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunPython(create, drop, elidable=False)],
            state_operations=[migrations.RemoveIndex(model_name="job", name=INDEX)],
        )
    ]
