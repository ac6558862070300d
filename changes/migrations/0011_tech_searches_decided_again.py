"""Searches kept to tech companies decided again: they were registered keeping no matches (their
meaning moved with the boards' tech shares); they now keep the matches of their other filters
(changes/services/matches.py `kept_filters`). The ones that keep none are forgotten (they hold no
matches), and maintenance, or a new watch of the same filters, registers them again."""

from django.db import migrations


def forget(apps, schema_editor):
    search_model = apps.get_model("changes", "FeedSearch")
    search_model.objects.filter(indexed=False, filters__tech_companies_only=True).delete()


class Migration(migrations.Migration):
    dependencies = [("changes", "0010_company_key_legal_tails")]

    operations = [migrations.RunPython(forget, migrations.RunPython.noop)]
