"""Drop four btree indexes of boards_job that no search plan reads, which every job a check writes
still had to enter (100,000 on a big board's first read):

- the board foreign key's own index (`resource_id`): job_resource_key_uniq leads with it and
  serves every read by board (a check's stored rows, a board watch's jobs, the tech flag's update,
  the cascade); searches kept to tech companies read the row's `tech` flag since 0022, not a
  bitmap per tech board. Job groups and snapshots lost theirs in 0019;
- `job_experience_idx`, `job_employment_idx`, `job_visa_yes_idx`: a search's index read asks
  job_words for experience thresholds and tests the employment type and visa sponsorship on the
  rows it finds (`filters_q(ranges=False, kinds=False)`), a walk and a company read test them
  opaque, so none of bench.search's 800 searches nor their watches' previews scanned them at 1M
  (`pg_stat_user_indexes.idx_scan` 0 after `pg_stat_reset()`). A board watch reads its board's
  rows by job_resource_key_uniq and tests them there. The experience histogram the estimate reads
  is the column's own.

The same 100,000 job rows COPYed into copies of the table, with and without these four: backend
CPU 3.57 → 3.33–3.39 s (docs/scaling.md, "A 100,000-posting board"). The foreign key index's
name is Django's for `db_index=True`, the same on SQLite and PostgreSQL (as in 0019).
"""

from __future__ import annotations

from django.db import migrations, models
from django.db.models.deletion import CASCADE

TABLE = "boards_job"
RESOURCE_INDEX = "boards_job_resource_id_a93a60e1"


class Migration(migrations.Migration):
    dependencies = [("boards", "0023_job_words_posted_first")]

    operations = [
        migrations.RemoveIndex(model_name="job", name="job_experience_idx"),
        migrations.RemoveIndex(model_name="job", name="job_employment_idx"),
        migrations.RemoveIndex(model_name="job", name="job_visa_yes_idx"),
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f"DROP INDEX IF EXISTS {RESOURCE_INDEX}",
                    f"CREATE INDEX IF NOT EXISTS {RESOURCE_INDEX} ON {TABLE} (resource_id)",
                )
            ],
            state_operations=[
                migrations.AlterField(
                    model_name="job",
                    name="resource",
                    field=models.ForeignKey(db_index=False, on_delete=CASCADE, related_name="jobs", to="boards.resource"),
                )
            ],
        ),
    ]
