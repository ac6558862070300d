"""Searches with a freshness filter decided again: they were registered keeping no matches (their
meaning moved with the clock); they now keep the matches of their other filters
(changes/services/matches.py `kept_filters`), tested for freshness when a poll reads them. The ones
that keep none are forgotten (they hold no matches), and maintenance, or a new watch of the same
filters, registers them again."""

from django.db import migrations
from django.db.models import Q


def forget(apps, schema_editor):
    search_model = apps.get_model("changes", "FeedSearch")
    fresh = Q(filters__has_key="posted_within_days") | Q(filters__has_key="max_days_open")
    search_model.objects.filter(fresh, indexed=False).delete()


class Migration(migrations.Migration):
    dependencies = [("changes", "0011_tech_searches_decided_again")]

    operations = [migrations.RunPython(forget, migrations.RunPython.noop)]
