"""Searches kept to tech companies (`tech_companies_only`, the extended tier's default): the plan
depends on how many jobs the tech boards hold (watches/services/search.py, docs/internals.md "Tech
companies"). None or few: a tech read, their jobs alone through the board index; many: job_words
or the walk, the tech test a per-row probe, never a join (joined, PostgreSQL reran job_words'
scan once per tech board). Every plan gives what the predicate gives."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from boards.models import Job, Resource
from matching.terms import search_text_for
from tests.watches.explaining import traced
from watches.filters import Filters, filters_match
from watches.services import estimate, search
from watches.services.estimate import Histogram, SearchStats
from watches.services.job_keys import SEEN_HOURS

TITLES = ["Senior iOS Engineer", "Registered Nurse", "Android Engineer", "Data Analyst"]


def stats(tech: float | None, rows: float = 1_000_000) -> SearchStats:
    """`rows` jobs first seen at an even pace over 90 days, 2 % saying "ios", 26 % "data", and
    `tech` of them on tech companies' boards."""
    now = timezone.now()
    seen = tuple(now - timedelta(days=90) + timedelta(days=0.9 * bucket) for bucket in range(101))
    return SearchStats(
        rows=rows,
        words={"ios": 0.02, "data": 0.26},
        places={},
        flags={},
        unlisted=(0.0001, 0.0001, 0.0001),
        salary=Histogram(),
        experience=Histogram(),
        seen=seen,
        tech=tech,
    )


def chosen(data: dict[str, Any], tech: float | None) -> search.Plan:
    filters = Filters.from_dict({**data, "tech_companies_only": True})
    figures = stats(tech)
    return search._choose(filters, figures, estimate.estimated_share(filters, figures), 101, first=True)


@pytest.mark.parametrize("data", [{"keywords": ["ios"]}, {"keywords": ["data"]}])
def test_no_or_few_tech_jobs_are_read_alone_and_many_through_the_word_index_or_the_walk(data: dict[str, Any]) -> None:
    # No tech board, one board's 200 jobs, 1 % of the jobs: the tech read (it reads at most those).
    for tech in (0.0, 0.0002, 0.01):
        plan = chosen(data, tech)
        assert plan.tech and not plan.walk and plan.since is None
        assert plan.cost == pytest.approx(tech * 1_000_000 * search.TECH_ROW_COST)
    # Half or all of the jobs: a read or a walk, as without the filter, sized by the real share.
    for tech in (0.5, 1.0):
        assert not chosen(data, tech).tech
    # Unknown (statistics without the boards' counts): guessed at half, never the tech read.
    assert not chosen(data, None).tech


def test_a_rare_word_is_read_through_its_index_unless_no_job_is_a_tech_companys() -> None:
    """A word no job holds is a hundred rows of job_words (half the rarest listed share): fewer
    than 1 % of the jobs, more than none."""
    assert chosen({"keywords": ["clojure"]}, 0.0).tech
    assert not chosen({"keywords": ["clojure"]}, 0.01).tech


def test_the_tech_share_sizes_the_slice() -> None:
    """Half the jobs on tech boards: "ios" matches half as often, so its slice is twice as long."""
    alone = search._choose(Filters(keywords=("ios",)), stats(None), 0.02, 101)
    half = chosen({"keywords": ["ios"]}, 0.5)
    assert not alone.tech and not half.tech and not alone.walk and not half.walk
    # Each slice starts at a 4-hour sighting bucket: equal within a bucket each.
    bucket = SEEN_HOURS / (90 * 24)
    assert half.covered == pytest.approx(2 * alone.covered, abs=3 * bucket)
    assert estimate.estimated_share(Filters(keywords=("ios",), tech_companies_only=True), stats(0.05)) == (
        pytest.approx(0.02 * 0.05)
    )


pytestmark_pg = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs DATABASE_URL pointing at PostgreSQL"
)


@pytest.fixture
def boards() -> list[Resource]:
    """Four boards of 50 jobs each (their titles in turn, an hour apart), their `open_jobs` set as
    a check sets them; none a tech company yet."""
    now = timezone.now()
    made = [
        Resource.objects.create(
            url=f"https://boards.greenhouse.io/tech{index}",
            platform="greenhouse",
            fetch_host="boards-api.greenhouse.io",
            open_jobs=50,
        )
        for index in range(4)
    ]
    Job.objects.bulk_create(
        Job(
            resource=made[index % 4],
            key=str(index),
            title=title,
            seniority="senior" if title.startswith("Senior") else "mid",
            search_text=search_text_for(title=title, company="", location="", other_locations=(), department=""),
            data={"key": str(index)},
            first_seen_at=now - timedelta(hours=index),
            # Every tenth job the same vacancy as the one before, on the next board.
            vacancy_key=f"v{index - 1 if index % 10 == 9 else index}",
        )
        for index, title in enumerate(TITLES * 50)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")
        cursor.execute("ANALYZE boards_resource")
    return made


def fresh_stats(monkeypatch: pytest.MonkeyPatch) -> SearchStats:
    monkeypatch.setattr(estimate, "_cache", [None, float("-inf")])
    figures = estimate.search_stats()
    assert figures is not None
    return figures


def predicate_answer(filters: Filters) -> list[str]:
    """The newest first of the jobs the predicate matches, each vacancy once (its matching copy
    with the smallest id), as `one_per_vacancy` defines it."""
    matching = [job for job in Job.objects.select_related("resource").order_by("id") if filters_match(filters, job)]
    vacancies: set[str] = set()
    kept = []
    for job in matching:
        if job.lead and (not job.vacancy_key or job.vacancy_key not in vacancies):
            kept.append(job)
        vacancies.add(job.vacancy_key)
    return [job.key for job in sorted(kept, key=lambda job: (-job.first_seen_at.timestamp(), job.pk))]


@pytestmark_pg
@pytest.mark.django_db
def test_the_tech_share_of_the_jobs_is_read_from_the_boards_counts(
    boards: list[Resource], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert fresh_stats(monkeypatch).tech == 0.0
    Resource.objects.filter(pk=boards[0].pk).update(tech_share=0.8)
    Resource.objects.filter(pk=boards[1].pk).update(tech_share=0.1, open_jobs=150)
    assert fresh_stats(monkeypatch).tech == pytest.approx(50 / 300)
    # No board read yet (no counts): the share of the boards.
    Resource.objects.update(open_jobs=0)
    assert fresh_stats(monkeypatch).tech == pytest.approx(1 / 4)


@pytestmark_pg
@pytest.mark.django_db
@pytest.mark.parametrize("tech_boards", [0, 1, 4])
@pytest.mark.parametrize(
    "data",
    [{"keywords": ["ios"]}, {"keywords": ["engineer"], "seniority": ["senior"]}, {"keywords": ["nobody"]}],
    ids=str,
)
def test_each_plan_reads_the_tech_boards_its_own_way_and_finds_what_the_predicate_finds(
    boards: list[Resource], tech_boards: int, data: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No tech board, one of four, all four: the chooser's plan, and each of the tech read, the
    index read and the walk forced. The tech read reads the board index, no job_words; the index
    read reads job_words and probes each row's board (a hashed subplan), never joins the boards;
    the walk probes as well."""
    Resource.objects.filter(pk__in=[board.pk for board in boards[:tech_boards]]).update(tech_share=0.6)
    figures = fresh_stats(monkeypatch)
    filters = Filters.from_dict({**data, "tech_companies_only": True})
    plan = search._choose(filters, figures, estimate.estimated_share(filters, figures), 101, first=True)
    # No tech board: the tech read (of nothing); all of them: never (the one board of four is a
    # quarter of these 200 jobs: the read of a rare word's rows costs less; either gives the same).
    assert plan.tech if tech_boards == 0 else not plan.tech if tech_boards == 4 else True
    wanted = predicate_answer(filters)
    assert wanted or tech_boards == 0 or data == {"keywords": ["nobody"]}
    forced = {
        "tech": search.Plan(False, None, 1.0, 0.0, tech=True),
        "read": search.Plan(False, None, 1.0, 0.0),
        "walk": search.Plan(True, None, 1.0, 0.0),
    }
    fetch = search._fetch
    for name, way in [("chosen", plan), *forced.items()]:
        explained: list[str] = []
        monkeypatch.setattr(search, "_fetch", traced(explained, fetch))
        monkeypatch.setattr(search, "_choose", lambda *args, way=way, **kwargs: way)
        page, (total, capped) = search.newest_matching(filters, offset=0, limit=100)
        assert [job["key"] for job in page] == wanted, name
        assert (total, capped) == (len(wanted), False), name
        # The ids are chosen without a join (the page's rows are joined to their boards after).
        chosen_ids = explained[0].split("CTE found", 1)[1].split("->  Nested Loop Left Join", 1)[0]
        assert "Join" not in chosen_ids and "boards_resource" in chosen_ids, name
        if way.tech:
            assert "job_resource_key_uniq" in chosen_ids or "boards_job_resource_id" in chosen_ids
            assert "job_words" not in chosen_ids
        elif not way.walk:
            assert "job_words" in chosen_ids and "hashed SubPlan" in chosen_ids
