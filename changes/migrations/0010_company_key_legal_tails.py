"""Change rows' company keys re-made like the jobs' (boards 0016): only rows whose stored key ends in
a word the new legal-form rules changed are read; the name is the served job's company."""

from django.db import migrations
from django.db.models import Q

from boards.derive.company import LEGAL_TAIL_ENDS, company_key

BATCH = 2000


def rekey(apps, schema_editor):
    change_model = apps.get_model("changes", "Change")
    stale = Q()
    for word in LEGAL_TAIL_ENDS:
        stale |= Q(company_key__endswith=f" {word}")
    last = 0
    while True:
        rows = list(change_model.objects.filter(stale, pk__gt=last).order_by("pk").only("pk", "data")[:BATCH])
        if not rows:
            break
        for row in rows:
            job = (row.data or {}).get("job") or {}
            row.company_key = company_key(str(job.get("company") or ""))[:200]
        change_model.objects.bulk_update(rows, ["company_key"], batch_size=500)
        last = rows[-1].pk


class Migration(migrations.Migration):
    dependencies = [
        ("boards", "0016_company_key_legal_tails"),
        ("changes", "0009_feed_matches"),
    ]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop, elidable=True)]
