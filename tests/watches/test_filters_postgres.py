"""On PostgreSQL a keyword or location filter is served by the word-array GIN indexes (migrations
boards/0004 and changes/0003), not by reading every row, and a one-word term is answered by the
index alone (no substring test of the rows it finds)."""

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

TITLES = ["Senior iOS Engineer", "Game Studios Artist", "Android Engineer", "Machine Learning Engineer"]


def plan(queryset: object) -> str:
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
    return str(queryset.explain())  # type: ignore[attr-defined]


@pytest.fixture
def jobs() -> None:
    resource = Resource.objects.create(url="https://example.com/jobs", platform="html", fetch_host="example.com")
    Job.objects.bulk_create(
        Job(
            resource=resource,
            key=str(index),
            title=title,
            search_text=search_text_for(title=title, company="", location="", other_locations=(), department=""),
        )
        for index, title in enumerate(TITLES * 50)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")


def test_a_keyword_filter_on_jobs_reads_the_word_index_and_nothing_else(jobs: None) -> None:
    queryset = Job.objects.filter(filters_q(Filters(keywords=("ios",))))
    explained = plan(queryset)
    assert "job_search_words" in explained
    assert "~~" not in explained  # no LIKE: the array test is exact for one word
    assert queryset.count() == 50


def test_a_phrase_reads_the_word_index_then_tests_the_order_of_its_words(jobs: None) -> None:
    queryset = Job.objects.filter(filters_q(Filters(keywords=("machine learning",))))
    explained = plan(queryset)
    assert "job_search_words" in explained
    assert "~~" in explained
    assert queryset.count() == 50
    assert not Job.objects.filter(filters_q(Filters(keywords=("learning machine",)))).exists()


def test_a_location_filter_on_changes_uses_the_word_index() -> None:
    queryset = Change.objects.filter(filters_q(Filters(locations=("austin, tx",))))
    assert "change_place_words" in plan(queryset)


def test_the_trigram_indexes_are_gone() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_indexes WHERE indexname LIKE %s", ["%_trgm"])
        assert cursor.fetchone() == (0,)
