from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db.models import QuerySet

from watches.models import CountsDaily, UsageDaily
from watches.services import usage
from watches.services.usage import counts_record, usage_record


@pytest.mark.django_db
def test_calls_of_one_day_share_one_row() -> None:
    for _ in range(3):
        usage_record(client_id=7, tool="get_changes", interface="rest")
    usage_record(client_id=7, tool="get_changes", interface="mcp")
    rows = {(r.tool, r.interface): r.calls for r in UsageDaily.objects.filter(client_id=7)}
    assert rows == {("get_changes", "rest"): 3, ("get_changes", "mcp"): 1}


@pytest.mark.django_db
def test_a_new_utc_day_starts_a_new_row() -> None:
    late = datetime(2026, 3, 1, 23, 59, tzinfo=UTC)
    early = datetime(2026, 3, 2, 0, 1, tzinfo=UTC)
    usage_record(client_id=1, tool="list_watches", interface="rest", now=late)
    usage_record(client_id=1, tool="list_watches", interface="rest", now=early)
    assert sorted(UsageDaily.objects.values_list("day", "calls")) == [(late.date(), 1), (early.date(), 1)]


@pytest.mark.django_db
def test_a_row_inserted_concurrently_is_counted_on(monkeypatch) -> None:
    """Another process inserts the row between our UPDATE (which found nothing) and our INSERT:
    the unique constraint refuses our INSERT and the count lands on their row."""
    counts_record(metric="page_view", dim="/|browser")  # their row
    real_update = QuerySet.update
    misses = iter([True])

    def update_after_their_insert(self, **values):
        if next(misses, False):
            return 0  # our UPDATE ran just before their INSERT
        return real_update(self, **values)

    monkeypatch.setattr(QuerySet, "update", update_after_their_insert)
    counts_record(metric="page_view", dim="/|browser")
    assert CountsDaily.objects.get(metric="page_view").n == 2


@pytest.mark.django_db
def test_long_dimensions_are_cut_to_the_column() -> None:
    counts_record(metric="mcp_connect", dim="x" * 500)
    assert len(CountsDaily.objects.get().dim) == usage.MAX_DIM_LENGTH
