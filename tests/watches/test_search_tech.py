"""Searches kept to tech companies (`tech_companies_only`, the extended tier's default): each job
carries its board's flag (`Job.tech`) and job_words a `tech` key for it (migration boards/0022),
so such a search is one more key of the index read's scan and one more column test on the rows
(watches/services/search.py, docs/internals.md "Tech companies"); its share is read from
job_words' statistics. Every plan gives what the predicate gives, a board crossing the line
either way included."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from boards.models import Job, Resource
from boards.services.check import resource_check
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
from matching.tech import is_tech_company
from matching.terms import search_text_for
from tests.fakes import greenhouse_job, serve_greenhouse
from tests.watches.explaining import traced
from watches.filters import Filters, filters_match
from watches.services import estimate, search
from watches.services.estimate import Histogram, SearchStats
from watches.services.job_keys import SEEN_HOURS

TITLES = ["Senior iOS Engineer", "Registered Nurse", "Android Engineer", "Data Analyst"]


def stats(tech: float | None, rows: float = 1_000_000) -> SearchStats:
    """`rows` jobs first seen at an even pace over 90 days, 2 % saying "ios", 26 % "data", and
    `tech` of them on tech companies' boards (job_words' `tech` key, as its statistics list it)."""
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
        bounds={} if tech is None else {"tech": tech, "p": 0.7},
        tech=tech,
    )


def chosen(data: dict[str, Any], tech: float | None) -> search.Plan:
    filters = Filters.from_dict({**data, "tech_companies_only": True})
    figures = stats(tech)
    return search._choose(filters, figures, estimate.estimated_share(filters, figures), 101, first=True)


def test_the_tech_key_is_asked_of_job_words_when_it_narrows_enough() -> None:
    """Held by few jobs, the key is one more bounds key of the index read, its share counted among
    the rows an index read visits and the entries it reads, as a bound's is; held by many, the
    flag is tested on the rows the other keys find (either way the flag is in the condition)."""
    filters = Filters.from_dict({"keywords": ["ios"], "tech_companies_only": True})
    few, many = stats(0.1), stats(0.4)
    assert estimate.index_keys(filters, few).bounds == ("tech",)
    assert estimate.word_shares(filters, few) == pytest.approx([0.02, 0.1])
    assert estimate.index_keys(filters, many).bounds == ()
    assert estimate.word_shares(filters, many) == pytest.approx([0.02])
    assert estimate.estimated_share(filters, many) == pytest.approx(0.02 * 0.4)
    assert estimate.index_keys(Filters(keywords=("ios",)), few).bounds == ()


@pytest.mark.parametrize("data", [{"keywords": ["ios"]}, {"keywords": ["data"]}])
def test_few_tech_jobs_are_read_through_the_tech_key(data: dict[str, Any]) -> None:
    """One board's 200 jobs: the index read of every job (the tech key the rarest: it drives the
    scan); 1 % of the jobs: an index read, of the newest slice expected to hold the page; never a
    walk, which would test 100 rows for each tech job."""
    plan = chosen(data, 0.0002)
    assert not plan.walk and plan.since is None
    assert plan.cost < 0.0002 * 1_000_000  # fewer than the tech jobs themselves
    assert not chosen(data, 0.01).walk


def test_the_tech_share_sizes_the_slice() -> None:
    """Half the jobs on tech boards: "ios" matches half as often, so its slice is twice as long."""
    alone = search._choose(Filters(keywords=("ios",)), stats(None), 0.02, 101)
    half = chosen({"keywords": ["ios"]}, 0.5)
    assert not alone.walk and not half.walk
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


def set_share(pks: list[int], share: float, **columns: Any) -> None:
    """Give boards a tech share as a check records it: their jobs' flags with it (`Job.tech`)."""
    Resource.objects.filter(pk__in=pks).update(tech_share=share, **columns)
    Job.objects.filter(resource_id__in=pks).update(tech=is_tech_company(share))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")


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
def test_the_tech_share_of_the_jobs_is_read_from_job_words_statistics(
    boards: list[Resource], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert fresh_stats(monkeypatch).tech == pytest.approx(0.0, abs=0.001)
    set_share([boards[0].pk], 0.8)
    set_share([boards[1].pk], 0.1, open_jobs=150)
    assert fresh_stats(monkeypatch).tech == pytest.approx(50 / 200)
    set_share([board.pk for board in boards[1:3]], 0.3)
    assert fresh_stats(monkeypatch).tech == pytest.approx(150 / 200)


@pytestmark_pg
@pytest.mark.django_db
@pytest.mark.parametrize("tech_boards", [0, 1, 4])
@pytest.mark.parametrize(
    "data",
    [{"keywords": ["ios"]}, {"keywords": ["engineer"], "seniority": ["senior"]}, {"keywords": ["nobody"]}],
    ids=str,
)
def test_each_plan_reads_the_tech_key_and_finds_what_the_predicate_finds(
    boards: list[Resource], tech_boards: int, data: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No tech board, one of four, all four: the chooser's plan, and each of the index read and
    the walk forced. The index read asks job_words for the `tech` key when few jobs hold it; no
    plan reads the boards (before the flag, each statement hashed the tech boards' ids,
    or joined them)."""
    set_share([board.pk for board in boards[:tech_boards]], 0.6)
    figures = fresh_stats(monkeypatch)
    filters = Filters.from_dict({**data, "tech_companies_only": True})
    plan = search._choose(filters, figures, estimate.estimated_share(filters, figures), 101, first=True)
    wanted = predicate_answer(filters)
    assert wanted or tech_boards == 0 or data == {"keywords": ["nobody"]}
    forced = {"read": search.Plan(False, None, 1.0, 0.0), "walk": search.Plan(True, None, 1.0, 0.0)}
    fetch = search._fetch
    for name, way in [("chosen", plan), *forced.items()]:
        explained: list[str] = []
        statements: list[str] = []

        def kept(statement: str, settings: tuple[str, ...], statements: list[str] = statements) -> Any:
            statements.append(statement)
            return fetch(statement, settings)

        monkeypatch.setattr(search, "_fetch", traced(explained, kept))
        monkeypatch.setattr(search, "_choose", lambda *args, way=way, **kwargs: way)
        page, (total, capped) = search.newest_matching(filters, offset=0, limit=100)
        assert [job["key"] for job in page] == wanted, name
        assert (total, capped) == (len(wanted), False), name
        # The ids are chosen without the boards (the page's rows are joined to them after).
        chosen_ids = explained[0].split("CTE found", 1)[1].split("->  Nested Loop Left Join", 1)[0]
        assert "boards_resource" not in chosen_ids and "Join" not in chosen_ids, name
        if not way.walk:
            # The key when few jobs hold it (none: no tech board), else the flag on the rows (all).
            assert "job_words" in chosen_ids, name
            assert ("'tech'" in statements[0]) == estimate.asks_tech(filters, figures), name
    assert estimate.asks_tech(filters, figures) if tech_boards == 0 else True
    assert not estimate.asks_tech(filters, figures) if tech_boards == 4 else True


@pytest.mark.django_db
def test_a_board_crossing_the_line_either_way_is_searched_as_the_predicate_says(
    site: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A board read three times, its share crossing the line down then up (the unchanged rows keep
    their ids: their flag is rewritten, not the rows), beside a board that stays a tech company:
    every plan finds what the predicate finds, each time."""
    boards = {}
    for token in ("acme", "steady"):
        boards[token], _ = resource_get_or_create(board=recognize(f"https://boards.greenhouse.io/{token}"))
    serve_greenhouse(site, "steady", [greenhouse_job(9, "Platform Engineer"), greenhouse_job(8, "Data Scientist")])
    resource_check(resource_id=boards["steady"].pk)
    maintenance = greenhouse_job(1, "Maintenance Engineer")  # not technical, on every read
    reads = [
        [maintenance, greenhouse_job(2, "Backend Engineer")],  # 0.5: a tech company
        [maintenance, greenhouse_job(3, "Registered Nurse"), greenhouse_job(4, "Line Cook")],  # 0.0
        [maintenance, greenhouse_job(3, "Registered Nurse"), greenhouse_job(5, "iOS Engineer")],  # 0.333
    ]
    filters = Filters.from_dict({"keywords": ["engineer"], "tech_companies_only": True})
    plans = (
        [search.Plan(False, None, 1.0, 0.0), search.Plan(True, None, 1.0, 0.0)]
        if connection.vendor == "postgresql"
        else [search.Plan(False, None, 1.0, 0.0)]
    )
    found: list[list[str]] = []
    for jobs in reads:
        serve_greenhouse(site, "acme", jobs)
        resource_check(resource_id=boards["acme"].pk)
        board = Resource.objects.get(pk=boards["acme"].pk)
        assert set(Job.objects.filter(resource=board).values_list("tech", flat=True)) == {
            is_tech_company(board.tech_share)
        }
        # The jobs as served carry their titles and boards (these titles are distinct).
        titles = dict(Job.objects.values_list("key", "title"))
        wanted = [titles[key] for key in predicate_answer(filters)]
        found.append(sorted(wanted))
        for plan in plans:
            monkeypatch.setattr(search, "_choose", lambda *args, plan=plan, **kwargs: plan)
            page, (total, capped) = search.newest_matching(filters, offset=0, limit=100)
            assert [job["title"] for job in page] == wanted, plan
            assert (total, capped) == (len(wanted), False), plan
    assert found == [
        ["Backend Engineer", "Maintenance Engineer", "Platform Engineer"],
        ["Platform Engineer"],
        ["Maintenance Engineer", "Platform Engineer", "iOS Engineer"],
    ]
