"""The webhook fan-out mark. It starts at the newest change: before this migration deliveries were
enqueued inside each check's transaction, so every existing change already has its deliveries."""

from __future__ import annotations

import django.utils.timezone
from django.db import migrations, models
from django.db.models import Max


def start_at_the_newest_change(apps, schema_editor):
    Change = apps.get_model("changes", "Change")
    WebhookFanout = apps.get_model("changes", "WebhookFanout")
    top = Change.objects.aggregate(top=Max("id"))["top"] or 0
    WebhookFanout.objects.create(pk=1, last_change_id=top)


class Migration(migrations.Migration):
    dependencies = [("changes", "0004_derived_filters")]

    operations = [
        migrations.CreateModel(
            name="WebhookFanout",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("last_change_id", models.BigIntegerField(default=0)),
                ("updated_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
        ),
        migrations.RunPython(start_at_the_newest_change, migrations.RunPython.noop),
    ]
