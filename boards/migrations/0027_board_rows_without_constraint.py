"""Jobs and vacancy groups keep no foreign key constraint to their board.

PostgreSQL checked the constraint once per inserted row (a deferred trigger, a lookup of the
board's row each): 0.37 s of the backend's CPU for a new 100,000-posting board's 100,000 jobs and
0.33 s for its 100,000 vacancy groups (bench.big_board's rows COPYed into a copy of each table,
docs/scaling.md). Django still deletes a board's rows with it (`on_delete=CASCADE` is the
collector's), and the order of locks keeps a check from leaving rows of a deleted board: a check
inserts a board's rows in the transaction that first updates the board's row and gives up if it
is gone (`check._write`), and a deletion locks the boards FOR UPDATE before the collector reads
their rows (`boards.models.ResourceQuerySet.delete`, `Resource.delete`).
"""

from __future__ import annotations

from django.db import migrations, models
from django.db.models.deletion import CASCADE


class Migration(migrations.Migration):
    dependencies = [("boards", "0026_job_words_fewer_keys")]

    operations = [
        migrations.AlterField(
            model_name="job",
            name="resource",
            field=models.ForeignKey(
                db_constraint=False, db_index=False, on_delete=CASCADE, related_name="jobs", to="boards.resource"
            ),
        ),
        migrations.AlterField(
            model_name="jobgroup",
            name="resource",
            field=models.ForeignKey(
                db_constraint=False, db_index=False, on_delete=CASCADE, related_name="job_groups", to="boards.resource"
            ),
        ),
    ]
