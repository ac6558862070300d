"""A search's condition is compiled once per filter set and plan form and sent with its values
written in (watches/services/conditions.py): the database receives what psycopg's client-side
binding sent, and the rows are those of `filters_q`."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.models import Q
from django.utils import timezone
from psycopg import ClientCursor
from psycopg.types.numeric import Int4

from boards.models import Job, Resource
from matching.terms import search_text_for
from watches.filters import Filters, filters_q, where_sql
from watches.services import conditions, search

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL pointing at PostgreSQL"),
]

FORMS: list[dict[str, Any]] = [
    {"index": True, "ranges": False, "kinds": False, "posted": True},
    {"index": False, "ranges": False, "kinds": True, "posted": True},
    {"index": True, "ranges": True, "kinds": True, "posted": False},
]
SEARCHES = [
    Filters(keywords=("ios", "machine learning"), locations=("austin",), min_salary=150_000, max_experience_years=6),
    Filters(all_keywords=("data", "o'brien"), exclude_keywords=("100%",), seniority=("senior",), remote_only=True),
    Filters(keywords=("engineer",), employment_types=("full_time",), visa_sponsorship=True, include_unknown=False),
    Filters(keywords=("engineer",), companies=("Acme Robotics",), salary_currency="EUR", min_salary=90_000),
    Filters(keywords=("engineer",), posted_within_days=3, max_days_open=10, tech_companies_only=True),
    Filters(posted_within_days=0),
]


def mogrified(sql: str, params: list[object]) -> str:
    with connection.cursor() as cursor:
        return ClientCursor(cursor.connection).mogrify(sql, params)


def test_values_are_written_as_psycopg_writes_them() -> None:
    """`literals` uses psycopg's adapter context (`psycopg.adapt.Transformer`): this fails if an
    upgrade changes what it writes."""
    values: list[object] = [
        ["ios", "o'brien"],
        Int4(0),
        150_000.0,
        6.0,
        5_001,
        list(range(120_000, 120_050)),
        datetime(2026, 12, 4, tzinfo=UTC),
        timedelta(0),
        "%ios%",
        True,
        None,
    ]
    assert conditions.literals(values) == tuple(mogrified("%s", [value]) for value in values)


@pytest.mark.parametrize("filters", SEARCHES)
def test_a_condition_is_the_statement_client_side_binding_sent(filters: Filters) -> None:
    frozen = timezone.now()
    for form in FORMS:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(timezone, "now", lambda: frozen)
            condition = conditions.job_condition(filters, **form)
            compiled = mogrified(*where_sql(Job, filters_q(filters, now=None, **form)))
        # Freshness is compiled apart and ANDed in front: the same conditions, grouped otherwise.
        assert re.sub(r"[()]", "", condition.statement()) == re.sub(r"[()]", "", compiled)
        if filters.posted_within_days is None and filters.max_days_open is None:
            assert condition.statement() == compiled


def test_a_filter_set_is_compiled_once_per_plan_form(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    compile_where = conditions.where_sql

    def counted(model: type[Job], condition: Q) -> tuple[str, list[Any]]:
        sql, params = compile_where(model, condition)
        compiled.append(sql)
        return sql, params

    monkeypatch.setattr(conditions, "where_sql", counted)
    conditions._fixed.cache_clear()
    filters = Filters(keywords=("kotlin",), min_salary=123_000)
    for _ in range(3):
        for form in FORMS:
            conditions.job_condition(filters, **form)
    assert len(compiled) == len(FORMS)
    # Freshness moves with the clock: its part is compiled at each call, the rest kept.
    fresh = dataclasses.replace(filters, posted_within_days=7)
    conditions.job_condition(fresh, **FORMS[0])
    conditions.job_condition(fresh, **FORMS[0])
    assert len(compiled) == len(FORMS) + 2


def test_a_search_finds_the_rows_of_its_filters_with_the_clock_moving() -> None:
    """Searches of the same filters at different times: the freshness bound is each call's."""
    board = Resource.objects.create(url="https://example.com/jobs", platform="html", fetch_host="example.com")
    now = timezone.now()
    Job.objects.bulk_create(
        Job(
            resource=board,
            key=str(index),
            title="Kotlin Engineer",
            search_text=search_text_for(
                title="Kotlin Engineer", company="", location="", other_locations=(), department=""
            ),
            data={"key": str(index)},
            first_seen_at=now - timedelta(hours=index * 12),
            posted_at=now - timedelta(hours=index * 12),
        )
        for index in range(10)
    )
    filters = Filters(keywords=("kotlin",), posted_within_days=2)
    page, (total, _capped) = search.newest_matching(filters, offset=0, limit=20)
    assert total == 4 and [job["key"] for job in page] == ["0", "1", "2", "3"]
    later = now + timedelta(hours=25)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "now", lambda: later)
        page, (total, _capped) = search.newest_matching(filters, offset=0, limit=20)
    assert total == 2 and [job["key"] for job in page] == ["0", "1"]
