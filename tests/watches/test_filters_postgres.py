"""On PostgreSQL a keyword or location filter is served by the trigram GIN indexes (migrations
boards/0002 and changes/0002), not by reading every row."""

from __future__ import annotations

import pytest
from django.db import connection

from boards.models import Job, Resource
from changes.models import Change
from matching.terms import search_text_for
from watches.filters import Filters, filters_q

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL pointing at PostgreSQL"),
]


def plan(queryset: object) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    return str(queryset.explain())  # type: ignore[attr-defined]


def test_a_keyword_filter_on_jobs_uses_the_trigram_index() -> None:
    resource = Resource.objects.create(url="https://example.com/jobs", platform="html", fetch_host="example.com")
    Job.objects.bulk_create(
        Job(
            resource=resource,
            key=str(index),
            title=title,
            search_text=search_text_for(title=title, company="", location="", other_locations=(), department=""),
        )
        for index, title in enumerate(["Senior iOS Engineer", "Game Studios Artist", "Android Engineer"] * 50)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")
    queryset = Job.objects.filter(filters_q(Filters(keywords=("ios",))))
    assert "job_search_text_trgm" in plan(queryset)
    assert queryset.count() == 50


def test_a_location_filter_on_changes_uses_the_trigram_index() -> None:
    queryset = Change.objects.filter(filters_q(Filters(locations=("austin, tx",))))
    assert "change_place_text_trgm" in plan(queryset)
