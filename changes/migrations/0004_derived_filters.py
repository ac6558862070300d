"""Derived filter columns on change rows (issue 19); rows written before carry them empty."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("boards", "0007_derived_filters"),
        ("changes", "0003_search_words"),
    ]

    operations = [
        migrations.AddField(
            model_name="change",
            name="company_key",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name="change",
            name="employment_type",
            field=models.CharField(blank=True, max_length=12),
        ),
        migrations.AddField(
            model_name="change",
            name="staffing_agency",
            field=models.BooleanField(default=False),
        ),
        migrations.AddField(
            model_name="change",
            name="visa_sponsorship",
            field=models.CharField(blank=True, max_length=3),
        ),
        migrations.AddIndex(
            model_name="change",
            index=models.Index(fields=["company_key", "id"], name="change_company_key_idx"),
        ),
        migrations.AddIndex(
            model_name="change",
            index=models.Index(
                condition=models.Q(("visa_sponsorship", "yes")), fields=["id"], name="change_visa_yes_idx"
            ),
        ),
    ]
