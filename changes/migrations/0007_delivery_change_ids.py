"""Outbox rows hold the change ids they owe; the body is built when the row is first sent.

Forward, existing rows keep their stored `payload` and are sent as they are (their `change_ids`
stay empty). Backward, the rows that have no body yet get it built now from their change ids
(the code that runs the reverse is this one, whose models still have `change_ids`), so the
previous code, which needs a body on every row, sends them too."""

from __future__ import annotations

from django.db import migrations, models


def build_missing_bodies(apps, schema_editor):
    from changes.services.delivery import payloads_build

    payloads_build()


class Migration(migrations.Migration):
    dependencies = [("changes", "0006_change_roles")]

    operations = [
        migrations.AddField(
            model_name="webhookdelivery",
            name="change_ids",
            field=models.JSONField(blank=True, default=list, help_text="The changes owed, in id order."),
        ),
        migrations.AlterField(
            model_name="webhookdelivery",
            name="payload",
            field=models.JSONField(blank=True, help_text="The body (without delivery_id), once built.", null=True),
        ),
        migrations.RunPython(migrations.RunPython.noop, build_missing_bodies),
    ]
