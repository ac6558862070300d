"""Derived filter columns: employment type, visa sponsorship, company key, staffing agency (issue 19)."""

from django.db import migrations, models

from boards.derive.company import company_key, is_staffing_agency

BATCH = 2000


def backfill(apps, schema_editor):
    """Company keys of the stored open jobs (change rows written from now on carry theirs), and
    every board re-read in full on its next check (its body fingerprint cleared), so employment
    type, visa sponsorship and remote scope are derived for jobs stored before this migration."""
    job_model = apps.get_model("boards", "Job")
    resource_model = apps.get_model("boards", "Resource")
    resource_model.objects.exclude(body_hash="").update(body_hash="")
    last = 0
    while True:
        rows = list(job_model.objects.filter(pk__gt=last).order_by("pk").only("pk", "company")[:BATCH])
        if not rows:
            break
        for row in rows:
            row.company_key = company_key(row.company)[:200]
            row.staffing_agency = is_staffing_agency(company=row.company)
        job_model.objects.bulk_update(rows, ["company_key", "staffing_agency"], batch_size=500)
        last = rows[-1].pk


class Migration(migrations.Migration):
    dependencies = [
        ("boards", "0006_heartbeat"),
    ]

    operations = [
        migrations.AddField(
            model_name="job",
            name="company_key",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name="job",
            name="employment_type",
            field=models.CharField(blank=True, max_length=12),
        ),
        migrations.AddField(
            model_name="job",
            name="staffing_agency",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="job",
            name="visa_sponsorship",
            field=models.CharField(blank=True, max_length=3),
        ),
        migrations.AddIndex(
            model_name="job",
            index=models.Index(fields=["company_key"], name="job_company_key_idx"),
        ),
        migrations.AddIndex(
            model_name="job",
            index=models.Index(fields=["employment_type", "-first_seen_at"], name="job_employment_idx"),
        ),
        migrations.AddIndex(
            model_name="job",
            index=models.Index(
                condition=models.Q(("visa_sponsorship", "yes")),
                fields=["-first_seen_at", "id"],
                name="job_visa_yes_idx",
            ),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=True),
    ]
