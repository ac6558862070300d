"""The pay top's histogram comes from statistics on its expression, not from an index on it
(migration boards/0030): the estimate reads the numbers an index on the same expression gave, and
the planner sizes a pay condition by them as it did by the index's."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from boards.models import Job, Resource
from watches.filters import Filters, filters_q
from watches.services import estimate

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL pointing at PostgreSQL"),
]

TOP = "COALESCE(salary_annual_max, salary_annual_min)"


@pytest.fixture
def paid_jobs() -> None:
    """600 jobs: a third state no pay, the others a spread of tops (some by their minimum alone),
    with a few common figures so that the statistics list most common values as well as bounds."""
    resource = Resource.objects.create(url="https://example.com/jobs", platform="html", fetch_host="example.com")
    now = timezone.now()
    rows = []
    for index in range(600):
        top = None if index % 3 == 0 else (120_000 if index % 7 == 0 else 40_000 + 997 * index)
        rows.append(
            Job(
                resource=resource,
                key=str(index),
                title="Engineer",
                data={"key": str(index)},
                first_seen_at=now - timedelta(minutes=index),
                salary_annual_max=top if index % 5 else None,
                salary_annual_min=(top - 10_000) if top is not None else None,
            )
        )
    Job.objects.bulk_create(rows)


def _histogram_of_index(name: str) -> estimate.Histogram:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT null_frac, most_common_elems::text::text[], most_common_elem_freqs,"
            " most_common_vals::text::text[], most_common_freqs, histogram_bounds::text::text[]"
            " FROM pg_stats WHERE schemaname = current_schema() AND tablename = %s",
            [name],
        )
        return estimate._histogram(list(cursor.fetchone()))


def test_the_estimate_reads_the_pay_histogram_an_index_on_the_expression_gave(
    paid_jobs: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_indexes WHERE indexname = 'job_salary_top_idx'")
        assert cursor.fetchone()[0] == 0
        # The dropped index, built again beside the statistics: one ANALYZE samples both alike.
        cursor.execute(f"CREATE INDEX pay_top_as_before ON boards_job ({TOP})")
        cursor.execute("ANALYZE boards_job")
    monkeypatch.setattr(estimate, "_cache", [None, float("-inf")])
    stats = estimate.search_stats()
    assert stats is not None
    before = _histogram_of_index("pay_top_as_before")
    assert before.bounds and before.common  # the fixture gives both
    assert stats.salary == before
    assert stats.salary.null_share == pytest.approx(200 / 600, abs=0.01)
    for low in (0, 90_000, 120_000, 300_000, 700_000):
        assert stats.salary.share_at_least(low) == before.share_at_least(low)


def _estimated_rows(sql: str, params: Any) -> int:
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)
        explained = cursor.fetchone()[0]
    plan = json.loads(explained) if isinstance(explained, str) else explained
    return int(plan[0]["Plan"]["Plan Rows"])


def test_the_planner_sizes_a_pay_condition_by_the_statistics(paid_jobs: None) -> None:
    """With statistics on the expression the planner's estimate of a pay condition is its real
    count, give or take the sample; without them it guesses a third of the rows."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")
    queryset = Job.objects.filter(filters_q(Filters(min_salary=500_000, include_unknown=False)))
    matching = queryset.count()
    assert 0 < matching < 100
    sql, params = queryset.query.sql_with_params()
    assert abs(_estimated_rows(sql, params) - matching) <= 20
    with connection.cursor() as cursor:
        cursor.execute("DROP STATISTICS job_salary_top_stats")
        cursor.execute("ANALYZE boards_job")
    assert abs(_estimated_rows(sql, params) - matching) > 100
