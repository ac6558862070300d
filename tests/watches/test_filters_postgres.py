"""On PostgreSQL a keyword or location filter is served by the word-array GIN indexes (migrations
boards/0004 and changes/0003), not by reading every row, and a one-word term is answered by the
index alone (no substring test of the rows it finds)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.db.models import Q
from django.utils import timezone

from boards.derive.company import company_key
from boards.models import Job, Resource
from changes.models import Change
from matching.terms import search_text_for
from tests.watches.explaining import traced
from watches.filters import Filters, FlagsMatch, filters_q, where_sql

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
            # An hour apart, so that the newest slices of sighting buckets hold some of them.
            first_seen_at=timezone.now() - timedelta(hours=index),
            salary_annual_max=60_000 + 1_000 * index if index % 3 else None,
            experience_years=index % 12 if index % 4 else None,
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
    {"keywords": ["engineer"], "min_salary": 150_000, "include_unknown": False},
    {"keywords": ["ios"], "max_experience_years": 3},
    {"min_salary": 100_000, "max_experience_years": 6, "include_unknown": False},
]


def newest_slice(jobs: int) -> Any:
    """A slice start that holds the newest `jobs` jobs."""
    return Job.objects.order_by("-first_seen_at", "id").values_list("first_seen_at", flat=True)[jobs - 1]


@pytest.mark.parametrize("data", SEARCHES, ids=[str(item) for item in SEARCHES])
@pytest.mark.parametrize(
    ("plans", "index_limit"),
    [
        ([(True, 60), (True, 0)], 20_000),
        ([(True, 60), (False, 0)], 20_000),
        ([(True, 200)], 20_000),
        ([(True, 0)], 20_000),
        ([(False, 0)], 20_000),
        ([(False, 0)], 10),
        ([(False, 200)], 20_000),
        ([(False, 60), (True, 0)], 20_000),
        ([(False, 60), (False, 0)], 20_000),
        ([(False, 60)], 10),
        ([(False, 20), (True, 60), (False, 0)], 20_000),
    ],
    ids=[
        "short walk, walk",
        "short walk, read",
        "long walk",
        "walk to the end",
        "read",
        "read then walk",
        "slice read",
        "slice read, walk",
        "slice read, read",
        "slice read then walk",
        "slice read, slice walk, read",
    ],
)
def test_every_search_plan_gives_the_newest_matches_and_the_count(
    jobs: None,
    data: dict[str, object],
    plans: list[tuple[bool, int]],
    index_limit: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A walk or an index read within a slice (to the cap, or when the slice holds too few,
    followed by a walk to the end or by the index read of every job), a walk of the whole
    table, the index read, and the index read that finds too many then a walk."""
    from watches.services import search

    chosen = [search.Plan(walk, newest_slice(jobs) if jobs else None, 0.3, 0.0) for walk, jobs in plans]
    calls: list[float] = []

    def choose(
        filters: Filters, stats: object, share: float, cap: int, *, whole: bool = False, first: bool = False
    ) -> search.Plan:
        calls.append(share)
        if len(calls) > len(chosen):  # the chooser's second answer is over every job
            return search.Plan(chosen[-1].walk, None, 1.0, 0.0)
        return chosen[len(calls) - 1]

    monkeypatch.setattr(search, "_choose", choose)
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
    """visa_sponsorship (include_unknown false) reads the partial index of "yes" change rows,
    companies the company key index, remote_from the word index of place_text (migrations
    boards/0004, 0007). Jobs have no visa or employment btree (boards/0024): the search plans test
    those on the rows they read."""
    strict = Filters(visa_sponsorship=True, include_unknown=False)
    assert "change_visa_yes_idx" in plan(Change.objects.filter(filters_q(strict)).order_by("id"))
    companies = Filters(companies=("Stripe, Inc.",))
    assert "job_company_key_idx" in plan(Job.objects.filter(filters_q(companies)))
    assert "change_company_key_idx" in plan(Change.objects.filter(filters_q(companies)))
    remote_from = Filters(remote_from=("germany",), include_unknown=False)
    assert "job_words" in plan(Job.objects.filter(filters_q(remote_from)))


def test_pay_experience_and_sighting_buckets_are_read_from_the_word_index(jobs: None) -> None:
    """The bounds' bucket keys and the sighting buckets are conditions job_words serves (migration
    boards/0014 spells the expressions as watches/services/job_keys.py does), and they select
    what the exact conditions select."""
    from watches.services import job_keys, search

    filters = Filters(keywords=("engineer",), min_salary=105_500, max_experience_years=3.5, include_unknown=False)
    bounds = search._keys_sql(filters).statement()
    since = timezone.now() - timedelta(hours=100)
    buckets = list(range(job_keys.seen_bucket(since), job_keys.seen_bucket(timezone.now()) + 2))
    window = f"{job_keys.seen_sql(search.TABLE)} && %s::integer[]"
    queryset = Job.objects.filter(filters_q(Filters(keywords=("engineer",)))).extra(
        where=[f"TRUE{bounds}", window], params=[buckets]
    )
    explained = plan(queryset)
    assert "job_words" in explained
    index_condition = explained.split("Index Cond", 1)[1].split("\n", 1)[0]
    assert "salary_annual_max" in index_condition and "first_seen_at" in index_condition
    start = job_keys.bucket_start(buckets[0])
    exact = Job.objects.filter(filters_q(filters), first_seen_at__gte=start)
    assert set(queryset.filter(filters_q(filters))) == set(exact)
    assert set(queryset) >= set(exact) and exact.exists()


def test_a_remote_search_s_levels_are_read_from_the_word_index_as_remote_level_keys(jobs: None) -> None:
    """Remote and a level as one key of job_words' bounds column (`r<level>`, migration
    boards/0028, spelled as job_keys.bounds_sql does), the flags tested on the rows it finds."""
    from watches.services import search

    remote_mid = Filters(keywords=("engineer",), seniority=("mid",), remote_only=True)
    Job.objects.filter(key__in=[str(index) for index in range(0, 200, 3)]).update(remote=True)
    keys = search._keys_sql(remote_mid).statement()
    assert "'{rmid}'" in keys
    plain = Q(FlagsMatch(levels=("mid",), remote=True, plain=True))
    queryset = Job.objects.filter(filters_q(Filters(keywords=("engineer",)))).extra(where=[f"TRUE{keys}"])
    index_condition = plan(queryset).split("Index Cond", 1)[1].split("\n", 1)[0]
    assert "remote" in index_condition and "seniority" in index_condition
    assert set(queryset.filter(plain)) == set(Job.objects.filter(filters_q(remote_mid))) != set()
    assert "ARRAY[" not in where_sql(Job, filters_q(Filters(seniority=("mid",), remote_only=True), flags=False))[0]


def test_a_slice_of_several_spans_is_read_from_the_word_index_as_buckets_and_spans(jobs: None) -> None:
    """A slice longer than a span asks job_words for the buckets up to the next span's start and
    the spans from there (job_keys.seen_keys; migration boards/0028 spells the expression as
    job_keys.SEEN_SQL does): exactly the jobs first seen from its first bucket's start."""
    from watches.services import job_keys, search

    now = timezone.now()
    first = job_keys.seen_bucket(now - timedelta(hours=150))
    keys, end = job_keys.seen_keys(first, job_keys.seen_bucket(now) + 2)
    assert any(key < 0 for key in keys) and len(keys) < job_keys.seen_bucket(now) + 2 - first
    window = f"{job_keys.seen_sql(search.TABLE)} && %s::integer[]"
    queryset = Job.objects.extra(where=[window], params=[keys])
    assert "first_seen_at" in plan(queryset).split("Index Cond", 1)[1].split("\n", 1)[0]
    start, stop = job_keys.bucket_start(first), job_keys.bucket_start(end)
    exact = Job.objects.filter(first_seen_at__gte=start, first_seen_at__lt=stop)
    assert set(queryset) == set(exact) and 0 < exact.count() < Job.objects.count()


def test_an_excluded_word_is_tested_on_the_rows_the_index_finds(jobs: None) -> None:
    """ "engineer" without "senior": no key of job_words marks the jobs that lack a word (migration
    boards/0026: nearly every job held nine such keys, and a search read through them only where
    nothing rarer led); the index finds the engineers, the exact test decides."""
    from watches.services import search

    filters = Filters(keywords=("engineer",), exclude_keywords=("senior",))
    assert search._keys_sql(filters).text == ""
    found = Job.objects.filter(filters_q(filters))
    assert "job_words" in plan(found)
    assert found.count() == 100 and not found.filter(search_text__contains=" senior ").exists()


def test_a_level_and_its_level_words_are_one_joint_key_with_its_own_share(monkeypatch: pytest.MonkeyPatch) -> None:
    """Principal level without the word principal: each common, together nothing. The level
    joined with the word is a key of job_words (watches/services/job_keys.py, migration
    boards/0015) that the index scan reads, and the estimate takes its own share, not the
    product of the two (half the jobs times half)."""
    from watches.services import estimate, search

    resource = Resource.objects.create(url="https://example.com/levels", platform="html", fetch_host="example.com")
    titles = [("Principal Engineer", "principal"), ("Engineer", "mid"), ("Engineering Manager", "manager")]
    Job.objects.bulk_create(
        Job(
            resource=resource,
            key=str(index),
            title=title,
            seniority=level,
            search_text=search_text_for(title=title, company="", location="", other_locations=(), department=""),
            data={"key": str(index)},
            first_seen_at=timezone.now() - timedelta(hours=index),
            salary_annual_max=300_000 if level == "principal" else None,
            salary_currency=("GBP", "USD", "", "USD")[index % 4],
        )
        for index, (title, level) in enumerate(titles * 100)
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")
    monkeypatch.setattr(estimate, "_cache", [None, float("-inf")])
    stats = estimate.search_stats()
    assert stats is not None and stats.joint["principal+principal"] == pytest.approx(1 / 3, abs=0.05)

    def selected(filters: Filters) -> Any:
        keys = search._keys_sql(filters).statement()
        return Job.objects.filter(filters_q(filters)).extra(where=[f"TRUE{keys}"])

    nothing = Filters(seniority=("principal", "mid"), exclude_keywords=("principal", "engineer"))
    explained = plan(selected(nothing))
    assert "principal-principal" in explained.split("Index Cond", 1)[1].split("\n", 1)[0]
    assert not selected(nothing).exists()
    # A key no job holds is as rare as the statistics can say (half the rarest listed one), where
    # the product of the level's and the word's shares was 1/3 x 2/3.
    alone = Filters(seniority=("principal",), exclude_keywords=("principal",))
    assert "principal-principal" not in stats.joint
    assert estimate.estimated_share(alone, stats) == pytest.approx(stats.joint_unlisted)
    assert stats.joint_unlisted < 0.1
    assert estimate.estimated_share(Filters(seniority=("principal",)), stats) == pytest.approx(1 / 3, abs=0.05)
    mid = Filters(seniority=("mid", "manager"), keywords=("manager",))
    assert set(selected(mid)) == set(Job.objects.filter(seniority="manager")) and selected(mid).count() == 100
    assert estimate.estimated_share(mid, stats) == pytest.approx(1 / 3 + stats.joint_unlisted, abs=0.01)
    paid = Filters(min_salary=290_000, salary_currency="GBP", include_unknown=False)
    assert "'{cGBP,c}'" in search._keys_sql(paid).values and selected(paid).count() == 50


@pytest.fixture
def companies() -> None:
    """300 jobs at three companies (one with 10 jobs), a third contract work, one in five saying
    it sponsors visas."""
    resource = Resource.objects.create(url="https://example.com/companies", platform="html", fetch_host="example.com")
    names = ["Acme Robotics"] * 10 + ["Globex"] * 145 + ["Initech"] * 145
    Job.objects.bulk_create(
        Job(
            resource=resource,
            key=str(index),
            title=title,
            company=name,
            company_key=company_key(name),
            seniority="mid",
            employment_type=("contract", "full_time", "")[index % 3],
            visa_sponsorship="yes" if index % 5 == 0 else "",
            search_text=search_text_for(title=title, company=name, location="", other_locations=(), department=""),
            data={"key": str(index)},
            first_seen_at=timezone.now() - timedelta(hours=index),
        )
        for index, (name, title) in enumerate(zip(names, TITLES * 75, strict=True))
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")


def test_the_new_filters_shares_are_read_from_the_statistics(companies: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Visa sponsorship, employment types and companies are estimated from pg_stats (most common
    values, distinct values), not guessed: a company of ten jobs in 300 is 3 %, not 1 % a name,
    and a company the statistics do not list is the share left over the companies not listed."""
    from watches.services import estimate

    monkeypatch.setattr(estimate, "_cache", [None, float("-inf")])
    stats = estimate.search_stats()
    assert stats is not None

    def share(**data: Any) -> float:
        return estimate.estimated_share(Filters.from_dict(data), stats)

    assert share(visa_sponsorship=True, include_unknown=False) == pytest.approx(0.2, abs=0.02)
    assert share(visa_sponsorship=True) == pytest.approx(1.0, abs=0.02)
    assert share(employment_types=["contract"], include_unknown=False) == pytest.approx(1 / 3, abs=0.02)
    assert share(employment_types=["contract"]) == pytest.approx(2 / 3, abs=0.02)
    assert share(companies=["Acme Robotics, Inc."]) == pytest.approx(10 / 300, abs=0.01)
    assert share(companies=["Globex", "Initech"]) == pytest.approx(290 / 300, abs=0.02)
    assert share(companies=["Hooli"]) < 0.01


def test_a_company_search_reads_the_company_jobs_alone(companies: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """A search naming a company of a few jobs is read through job_company_key_idx, the words
    tested on its rows (job_words' bitmap of every engineer ANDed with it cost more than the
    company's rows: 72 ms against 0.5 ms at 1M jobs), and gives the newest matches and the count."""
    from watches.services import estimate, search

    monkeypatch.setattr(estimate, "_cache", [None, float("-inf")])
    filters = Filters(keywords=("engineer",), companies=("acme robotics",), exclude_keywords=("senior",))
    chosen = search._choose(filters, estimate.search_stats(), 0.01, 101)
    assert chosen.companies and not chosen.walk and chosen.since is None
    statements: list[str] = []
    monkeypatch.setattr(search, "_fetch", traced(statements, search._fetch))
    monkeypatch.setattr(search, "COUNT_CAP", 3)
    expected = list(
        Job.objects.filter(filters_q(filters)).order_by("-first_seen_at", "id").values_list("key", flat=True)
    )
    assert len(expected) == 4
    for offset, limit in ((0, 2), (1, 3), (0, 10), (6, 2)):
        page, (total, capped) = search.newest_matching(filters, offset=offset, limit=limit)
        assert [job["key"] for job in page] == expected[offset : offset + limit]
        cap = max(3, offset + limit)
        assert (total, capped) == (min(len(expected), cap), len(expected) > cap)
    assert statements and all("job_company_key_idx" in text and "job_words" not in text for text in statements)


def test_an_index_read_asks_the_word_index_for_the_posting_days(jobs: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Posted within N days" (when posted, else first seen) is an overlap with job_words' posting
    days when the window is short and rare (watches/services/job_keys.py, migration boards/0020),
    and jobs posted or first seen after the keys' last day or bucket (dates ahead of the clock) are
    read by their own ranges: an index read of every job and of a slice give the newest matches
    and the count; the employment type is tested on the rows (a bitmap of most jobs)."""
    from watches.services import estimate, job_keys, search

    now = timezone.now()
    for job in Job.objects.all():
        number = int(job.key)
        job.posted_at = None if number % 7 == 0 else now - timedelta(hours=(number * 7) % 1440)
        if number % 29 == 0:  # posted ahead of the clock: tomorrow, or after the keys' last day
            job.posted_at = now + timedelta(days=1 if number % 58 else 3)
        if number % 31 == 0:  # first seen ahead of the clock, after the slice's buckets
            job.first_seen_at = now + timedelta(days=2, minutes=number)
        job.employment_type = "full_time"
        job.save(update_fields=["posted_at", "first_seen_at", "employment_type"])
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")
    monkeypatch.setattr(estimate, "_cache", [None, float("-inf")])
    stats = estimate.search_stats()
    assert stats is not None and stats.posted.common
    assert search._posted_keys(Filters(posted_within_days=0), stats)
    assert not search._posted_keys(Filters(posted_within_days=50), stats)
    assert not search._posted_keys(Filters(posted_within_days=search.POSTED_MAX_DAYS + 1), stats)
    statements: list[str] = []
    monkeypatch.setattr(search, "_fetch", traced(statements, search._fetch))
    monkeypatch.setattr(search, "_posted_keys", lambda filters, stats: True)
    monkeypatch.setattr(search, "COUNT_CAP", 5)
    for filters in (
        Filters(keywords=("engineer",), posted_within_days=1, employment_types=("full_time",)),
        Filters(keywords=("engineer",), posted_within_days=10),
        Filters(posted_within_days=0),
    ):
        seen = dict(
            Job.objects.filter(filters_q(filters)).order_by("-first_seen_at", "id").values_list("key", "first_seen_at")
        )
        expected = list(seen)
        assert any(int(key) % 29 == 0 for key in expected) and any(int(key) % 31 == 0 for key in expected)
        for since in (None, newest_slice(60)):
            plan = search.Plan(walk=False, since=since, covered=0.3, cost=0.0)
            # A slice starts at the start of its sighting bucket.
            start = None if since is None else job_keys.bucket_start(job_keys.seen_bucket(since))
            wanted = [key for key in expected if start is None or seen[key] >= start]
            for offset, limit in ((0, 3), (2, 10)):
                statements.clear()
                found, page = search._read(filters, plan, offset=offset, limit=limit, cap=5)
                assert [job["key"] for job in page] == wanted[offset : offset + limit]
                assert found == len(wanted)
                index_condition = statements[0].split("job_words", 1)[1].split("Index Cond", 1)[1].split("\n", 1)[0]
                assert "posted_at" in index_condition and "1970-01-01" in index_condition


def test_job_words_columns_are_where_the_estimate_reads_them_the_posting_day_first() -> None:
    """GIN checks a scan's keys in column order: the posting day leads (migration boards/0023: a
    rare window proposes the rows the other keys are asked about), the joint keys next (an empty
    one ends the scan at once); the estimate reads each column's statistics by its number."""
    from watches.services.estimate import JOB_WORDS_COLUMNS

    def column(number: int) -> str:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_get_indexdef('job_words'::regclass, %s, false)", [number])
            return str(cursor.fetchone()[0])

    words, places, flags, bounds, joint = (column(number) for number in JOB_WORDS_COLUMNS)
    assert "posted_at" in column(1) and "1970-01-01" in column(1)
    assert JOB_WORDS_COLUMNS[4] == 2 and "'+intern'" in joint
    assert "search_text" in words and "string_to_array" in words and "place_text" in places
    assert "seniority" in flags and "remote" in flags and "'p40'" in bounds and "'tech'" in bounds


def test_the_day_bucket_and_span_keys_are_the_epoch_s_quotients_at_every_moment() -> None:
    """job_words' posting day, sighting bucket and span (migration boards/0029, computed from the
    date and the hour in integers) are the quotients of the moment's epoch that migration 0028
    computed in numeric and that job_keys computes in Python: at the boundaries of days, buckets
    and spans, a microsecond either side, before the epoch and far after it."""
    from importlib import import_module

    from watches.services import job_keys

    former = import_module("boards.migrations.0028_job_words_seen_spans")
    posted_first = import_module("boards.migrations.0023_job_words_posted_first")
    epoch, tick = job_keys.EPOCH, timedelta(microseconds=1)
    starts = [epoch + timedelta(days=days) for days in (-1461, -5, -4, -3, -1, 0, 1, 3, 4, 5, 20_788, 20_790, 400_000)]
    starts += [start + timedelta(hours=hours) for start in starts for hours in (4, 8, 20)]
    moments = sorted({moment + shift for moment in starts for shift in (-tick, timedelta(0), tick)})
    values = ", ".join(["(%s::timestamptz)"] * len(moments))
    spelled = [job_keys.posted_sql(""), job_keys.seen_sql(""), posted_first.POSTED, former.SPANS]
    columns = ", ".join(f"{sql.replace('posted_at', 'NULL::timestamptz')}" for sql in spelled)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT first_seen_at, {columns} FROM (VALUES {values}) AS moments (first_seen_at)", moments)
        rows = cursor.fetchall()
    assert len(rows) == len(moments) > 100
    for moment, posted, seen, posted_before, seen_before in rows:
        bucket = job_keys.seen_bucket(moment)
        assert posted == posted_before == [job_keys.posted_day(moment), -bucket], moment
        assert seen == seen_before == [bucket, job_keys.seen_span(bucket)], moment


def test_job_words_holds_no_field_bar_and_no_false(jobs: None) -> None:
    """No search asks for a text's field separator or a job that is not remote (migration
    boards/0029): the words, places and flags columns hold neither, and the other words as before."""
    from watches.services.estimate import JOB_WORDS_COLUMNS

    Job.objects.filter(key__in=["2", "3"]).update(remote=True, place_text=" co0us remote | austin tx ")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE boards_job")
        cursor.execute(
            "SELECT a.attnum, s.most_common_elems::text::text[] FROM pg_stats s"
            " JOIN pg_attribute a ON a.attrelid = 'job_words'::regclass AND a.attname = s.attname"
            " WHERE s.tablename = 'job_words'"
        )
        elements = {number: set(common or ()) for number, common in cursor.fetchall()}
    words, places, flags = (elements[number] for number in JOB_WORDS_COLUMNS[:3])
    assert {"senior", "ios", "engineer", "game"} <= words and "|" not in words
    assert {"co0us", "remote", "austin", "tx"} <= places and "|" not in places
    assert {"mid", "true"} <= flags and "false" not in flags
    assert Job.objects.filter(filters_q(Filters(keywords=("engineer",)))).count() == 150
    assert Job.objects.filter(filters_q(Filters(keywords=("engineer",), remote_only=True))).count() == 2
