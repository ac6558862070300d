"""On PostgreSQL a keyword or location filter is served by the word-array GIN indexes (migrations
boards/0004 and changes/0003), not by reading every row, and a one-word term is answered by the
index alone (no substring test of the rows it finds)."""

from __future__ import annotations

from typing import Any

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
            seniority="mid",
            search_text=search_text_for(title=title, company="", location="", other_locations=(), department=""),
            data={"key": str(index)},
        )
        for index, title in enumerate(TITLES * 50)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")


def test_a_keyword_filter_on_jobs_reads_the_word_index_and_nothing_else(jobs: None) -> None:
    queryset = Job.objects.filter(filters_q(Filters(keywords=("ios",))))
    explained = plan(queryset)
    assert "job_words" in explained
    assert "~~" not in explained  # no LIKE: the array test is exact for one word
    assert queryset.count() == 50


def test_a_phrase_reads_the_word_index_then_tests_the_order_of_its_words(jobs: None) -> None:
    queryset = Job.objects.filter(filters_q(Filters(keywords=("machine learning",))))
    explained = plan(queryset)
    assert "job_words" in explained
    assert "~~" in explained
    assert queryset.count() == 50
    assert not Job.objects.filter(filters_q(Filters(keywords=("learning machine",)))).exists()


def test_level_and_remote_are_read_from_the_same_index(jobs: None) -> None:
    queryset = Job.objects.filter(filters_q(Filters(keywords=("engineer",), seniority=("mid",), remote_only=True)))
    explained = plan(queryset)
    assert "job_words" in explained
    assert "seniority" in explained.split("Index Cond", 1)[1]
    assert queryset.count() == 0
    assert Job.objects.filter(filters_q(Filters(keywords=("engineer",), seniority=("mid",)))).count() == 150


def test_a_location_filter_on_changes_uses_the_word_index() -> None:
    queryset = Change.objects.filter(filters_q(Filters(locations=("austin, tx",))))
    assert "change_words" in plan(queryset)


def test_the_trigram_indexes_are_gone() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_indexes WHERE indexname LIKE %s", ["%_trgm"])
        assert cursor.fetchone() == (0,)


SEARCHES = [
    {"keywords": ["engineer"]},
    {"keywords": ["ios", "android"]},
    {"keywords": ["machine learning", "game"]},
    {"keywords": ["engineer"], "exclude_keywords": ["senior"]},
    {"all_keywords": ["learning", "engineer"]},
    {"keywords": ["nobody"]},
]


def newest_slice(jobs: int) -> Any:
    """A slice start that holds the newest `jobs` jobs."""
    return Job.objects.order_by("-first_seen_at", "id").values_list("first_seen_at", flat=True)[jobs - 1]


@pytest.mark.parametrize("data", SEARCHES, ids=[str(item) for item in SEARCHES])
@pytest.mark.parametrize(
    ("slice_jobs", "then", "index_limit"),
    [
        (60, "walk", 20_000),
        (60, "indexes", 20_000),
        (200, "indexes", 20_000),
        (-1, "", 20_000),
        (0, "", 20_000),
        (0, "", 10),
    ],
    ids=["short walk, walk", "short walk, indexes", "long walk", "walk to the end", "indexes", "indexes then walk"],
)
def test_every_search_plan_gives_the_newest_matches_and_the_count(
    jobs: None,
    data: dict[str, object],
    slice_jobs: int,
    then: str,
    index_limit: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A walk within a slice (to the cap, or when the slice holds too few, followed by a walk to
    the end or by the index read), a walk of the whole table, the index read, and the index read
    that finds too many then a walk."""
    from watches.services import search

    first = (newest_slice(slice_jobs), 0.3) if slice_jobs > 0 else (search.WHOLE if slice_jobs else None, 1.0)
    second = (search.WHOLE, 1.0) if then == "walk" else (None, 0.0)

    def walk_slice(filters: Filters, stats: object, share: float, cap: int) -> tuple[Any, float]:
        calls.append(share)
        return first if len(calls) == 1 else second

    calls: list[float] = []
    monkeypatch.setattr(search, "_walk_slice", walk_slice)
    monkeypatch.setattr(search, "estimated_share", lambda filters, stats: 0.5)
    monkeypatch.setattr(search, "INDEX_LIMIT", index_limit)
    monkeypatch.setattr(search, "COUNT_CAP", 30)
    filters = Filters.from_dict(data)
    expected = list(
        Job.objects.filter(filters_q(filters)).order_by("-first_seen_at", "id").values_list("key", flat=True)
    )
    for offset, limit in ((0, 5), (3, 21), (45, 21), (200, 5), (0, 40)):
        calls.clear()
        page, (total, capped) = search.newest_matching(filters, offset=offset, limit=limit)
        assert [job["key"] for job in page] == expected[offset : offset + limit]
        cap = max(30, offset + limit)
        assert (total, capped) == (min(len(expected), cap), len(expected) > cap)


def test_the_estimate_tells_a_rare_word_from_a_common_one(jobs: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-process estimate (watches/services/estimate.py) reads the planner's statistics."""
    from watches.services import estimate

    monkeypatch.setattr(estimate, "_cache", [None, float("-inf")])
    stats = estimate.search_stats()
    assert stats is not None and stats.rows == 200
    share = {word: estimate.estimated_share(Filters(keywords=(word,)), stats) for word in ("engineer", "ios")}
    assert share["engineer"] == pytest.approx(0.75, abs=0.05)
    assert share["ios"] == pytest.approx(0.25, abs=0.05)
    assert estimate.estimated_share(Filters(keywords=("ios",), exclude_keywords=("ios",)), stats) < 0.25
    assert estimate.estimated_share(Filters(keywords=("nobody",)), stats) < share["ios"]
    since, covered = stats.newest_since(0.1)
    assert since is not None and (since == newest_slice(20) or since > newest_slice(30))
    assert covered >= 0.1


def test_the_selective_new_filters_are_index_backed() -> None:
    """visa_sponsorship (include_unknown false) reads the partial index of "yes" rows, companies the
    company key index, remote_from the word index of place_text (migrations boards/0004, 0007)."""
    strict = Filters(visa_sponsorship=True, include_unknown=False)
    assert "job_visa_yes_idx" in plan(Job.objects.filter(filters_q(strict)).order_by("-first_seen_at", "id")[:20])
    assert "change_visa_yes_idx" in plan(Change.objects.filter(filters_q(strict)).order_by("id"))
    companies = Filters(companies=("Stripe, Inc.",))
    assert "job_company_key_idx" in plan(Job.objects.filter(filters_q(companies)))
    assert "change_company_key_idx" in plan(Change.objects.filter(filters_q(companies)))
    remote_from = Filters(remote_from=("germany",), include_unknown=False)
    assert "job_words" in plan(Job.objects.filter(filters_q(remote_from)))
    contract = Filters(employment_types=("contract",), include_unknown=False)
    assert "job_employment_idx" in plan(Job.objects.filter(filters_q(contract)))
