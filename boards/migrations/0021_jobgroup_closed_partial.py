"""`jobgroup_closed_idx` holds closed groups only (`closed_at IS NOT NULL`): its one reader,
maintenance's forgetting of groups closed long ago (`closed_at < cutoff`), asks for closed ones
alone, while nearly every row of the table is an open group (NULL), and a new 100,000-posting
board's first read wrote 100,000 index entries of NULL (bench/big_board.py). The feed's
closed-groups read goes by `jobgroup_resource_key_uniq`. The index is dropped and built again
over the closed rows (one scan of the table, writes of the table wait for it).
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("boards", "0020_job_words_posted_days")]

    operations = [
        migrations.RemoveIndex(model_name="jobgroup", name="jobgroup_closed_idx"),
        migrations.AddIndex(
            model_name="jobgroup",
            index=models.Index(
                condition=models.Q(("closed_at__isnull", False)), fields=["closed_at"], name="jobgroup_closed_idx"
            ),
        ),
    ]
