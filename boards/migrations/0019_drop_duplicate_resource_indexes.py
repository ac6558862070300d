"""Drop the board foreign key's own index on job groups and snapshots: each table has an index
that leads with `resource_id` (`jobgroup_resource_key_uniq`, `snapshot_resource_idx`), which every
read by board uses as well, so the single-column one was only upkeep: every group a check writes
(100,000 on a big board's first read) wrote an entry in both, 7 bytes a group. Jobs keep theirs:
searches restricted to tech companies read it (a bitmap per tech board), and whether the wider
(resource, key) index serves them as well is not measured yet. The names are Django's for
`db_index=True`, the same on SQLite and PostgreSQL.
"""

from __future__ import annotations

from django.db import migrations, models
from django.db.models.deletion import CASCADE

# (model, related name, table, index name)
INDEXES = (
    ("jobgroup", "job_groups", "boards_jobgroup", "boards_jobgroup_resource_id_aa79450c"),
    ("snapshot", "snapshots", "boards_snapshot", "boards_snapshot_resource_id_23143024"),
)


class Migration(migrations.Migration):
    dependencies = [("boards", "0018_job_words_word_tests")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.RunSQL(
                    f"DROP INDEX IF EXISTS {index}", f"CREATE INDEX IF NOT EXISTS {index} ON {table} (resource_id)"
                )
                for _model, _related, table, index in INDEXES
            ],
            state_operations=[
                migrations.AlterField(
                    model_name=model,
                    name="resource",
                    field=models.ForeignKey(
                        db_index=False, on_delete=CASCADE, related_name=related, to="boards.resource"
                    ),
                )
                for model, related, _table, _index in INDEXES
            ],
        )
    ]
