"""Company keys re-made for the legal forms `company_key` learnt in the issue 19 audit ("GmbH & Co.
KG", "Sp. z o.o.", "Pvt. Ltd.", "Sdn. Bhd.", "S.A. de C.V.", …). Only rows whose stored key ends in a
word those rules changed are read (`LEGAL_TAIL_ENDS`); a job's row is not rewritten when it
re-derives into the same served job, so its key is fixed here. Backwards: nothing to undo (the old
keys only missed matches)."""

from django.db import migrations
from django.db.models import Q

from boards.derive.company import LEGAL_TAIL_ENDS, company_key

BATCH = 2000


def stale(field: str) -> Q:
    query = Q()
    for word in LEGAL_TAIL_ENDS:
        query |= Q(**{f"{field}__endswith": f" {word}"})
    return query


def rekey(apps, schema_editor):
    job_model = apps.get_model("boards", "Job")
    last = 0
    while True:
        rows = list(
            job_model.objects.filter(stale("company_key"), pk__gt=last).order_by("pk").only("pk", "company")[:BATCH]
        )
        if not rows:
            break
        for row in rows:
            row.company_key = company_key(row.company)[:200]
        job_model.objects.bulk_update(rows, ["company_key"], batch_size=500)
        last = rows[-1].pk


class Migration(migrations.Migration):
    dependencies = [
        ("boards", "0015_job_words_joint"),
    ]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop, elidable=True)]
