"""Filters that exclude every job they ask for (a keyword holding an excluded term, every company
asked for excluded) find nothing without reading: `Filters.matches_nothing`, checked by
`search.newest_matching` before any plan. The agreement table (test_filters_agree.py) holds such
filters too, for both forms and every plan."""

from __future__ import annotations

import pytest

from watches.filters import Filters


@pytest.mark.parametrize(
    "data",
    [
        {"keywords": ["manager"], "exclude_keywords": ["manager"]},
        {"keywords": ["engineering manager", "product manager"], "exclude_keywords": ["manager", "sales"]},
        {"keywords": ["Engineering  Manager"], "exclude_keywords": ["MANAGER"], "locations": ["remote us"]},
        {"keywords": ["manager"], "exclude_keywords": ["managers"]},
        {"all_keywords": ["data", "data engineer"], "exclude_keywords": ["engineer"]},
        {"companies": ["Stripe, Inc.", "Acme"], "exclude_companies": ["stripe", "ACME Inc"]},
    ],
)
def test_filters_that_exclude_what_they_ask_for_match_nothing(data: dict[str, object]) -> None:
    assert Filters.from_dict(data).matches_nothing()


@pytest.mark.parametrize(
    "data",
    [
        {"keywords": ["manager"]},
        {"keywords": ["manager", "engineer"], "exclude_keywords": ["manager"]},
        {"keywords": ["engineering"], "exclude_keywords": ["engineer"]},
        {"all_keywords": ["data", "engineer"], "exclude_keywords": ["data engineer"]},
        {"seniority": ["manager"], "exclude_keywords": ["manager"]},
        {"exclude_keywords": ["manager"], "locations": ["berlin"]},
        {"companies": ["Stripe", "Acme"], "exclude_companies": ["stripe"]},
    ],
)
def test_filters_that_leave_something_may_match(data: dict[str, object]) -> None:
    assert not Filters.from_dict(data).matches_nothing()


@pytest.mark.django_db
def test_a_search_that_excludes_what_it_asks_for_reads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from watches.services import search

    def unread(*args: object, **kwargs: object) -> None:
        raise AssertionError("no read")

    monkeypatch.setattr(search, "_read", unread)
    monkeypatch.setattr(search, "jobs_as_dicts", unread)
    result = search.jobs_search(filters={"keywords": ["product manager"], "exclude_keywords": ["managers"]})
    assert (result["total"], result["total_is_lower_bound"], result["jobs"]) == (0, False, [])
