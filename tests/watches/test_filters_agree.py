"""One meaning in two places: the database query and the in-memory predicate select the same
jobs for every filter of the table, over current jobs and over change rows."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import connection

from boards.derive.company import company_key, is_staffing_agency
from boards.models import Job, Resource
from changes.models import Change
from matching.places import place_text_for, remote_scope_of_locations
from matching.tech import is_tech_company
from matching.terms import search_text_for
from watches.filters import Filters, RowBatch, filters_match, filters_q, search_feed_match, search_feed_q

# Freshness filters are relative to now: both sides are given the same instant. Job i was first
# seen 3·i days (and 5 hours) ago; every third states a posting date two days before that.
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

JOBS: list[dict[str, Any]] = [
    {"title": "Senior iOS Engineer", "location": "Austin, TX", "seniority": "senior", "max": 180_000, "years": 5},
    {"title": "iOS Engineer", "location": "Remote - US", "remote": True, "max": 150_000, "min": 120_000},
    {"title": "Game Studios Artist", "location": "Los Angeles, CA", "department": "Art"},
    {"title": "Android Engineer", "location": "Berlin, Germany", "currency": "EUR", "max": 90_000, "years": 3},
    {"title": "JavaScript Developer", "location": "London, UK", "currency": "GBP", "min": 70_000},
    {"title": "Java Engineer", "location": "London, Ontario", "years": 2, "seniority": "entry"},
    {"title": "C++ Developer", "location": "San Jose, CA", "min": 160_000},
    {"title": "C# / .NET Engineer", "location": "Seattle, WA", "max": 140_000, "currency": "USD"},
    {"title": "Node.js Backend Engineer", "location": "Remote (EMEA)", "remote": True, "years": 4},
    {"title": "Front-End Engineer", "location": "New York, NY", "years": 8, "seniority": "senior"},
    {"title": "Frontend Developer", "location": "Oakland, CA", "max": 130_000},
    {"title": "Data Scientist", "location": "Palo Alto, CA", "years": 6, "max": 200_000},
    {"title": "Engineering Manager", "location": "Mountain View, CA", "seniority": "manager", "max": 250_000},
    {"title": "Staff Machine Learning Engineer", "location": "NYC", "seniority": "staff", "years": 10},
    {"title": "Product Designer", "location": "Austin, Texas", "department": "Design", "min": 110_000},
    {"title": "Sales Engineer", "location": "Remote", "remote": True},
    {"title": "Director of Engineering", "location": "Remote - Worldwide", "remote": True, "seniority": "director"},
    {"title": "Software Engineer, iOS", "location": "Main Office", "company": "Acme Studios", "years": 0},
    {"title": "Engineer", "location": "", "department": "Mobile Engineering"},
    {"title": "Intern, Software", "location": "San Francisco, CA", "seniority": "intern", "max": 50_000},
    {
        "title": "Backend Engineer",
        "location": "Remote - Germany",
        "remote": True,
        "visa": "yes",
        "employment": "full_time",
        "company": "Stripe, Inc.",
    },
    {
        "title": "Platform Engineer",
        "location": "Remote",
        "remote": True,
        "scope": ("EMEA",),
        "visa": "no",
        "employment": "contract",
        "company": "Robert Half",
    },
    {"title": "Data Engineer", "location": "Remote - Bavaria, Germany", "remote": True, "employment": "part_time"},
    {"title": "Site Reliability Engineer", "location": "Remote", "remote": True, "company": "STRIPE"},
    {"title": "Support Engineer", "location": "Remote - California", "remote": True, "employment": "internship"},
    {"title": "QA Engineer", "location": "Lisbon, Portugal", "visa": "yes", "employment": "temporary"},
    {"title": "Recruiter", "location": "Remote, US or Canada", "remote": True, "company": "Acme Staffing LLC"},
]

FILTERS: list[dict[str, Any]] = [
    {},
    {"keywords": ["ios"]},
    {"keywords": ["ios", "android"]},
    {"keywords": ["studios"]},
    {"keywords": ["java"]},
    {"keywords": ["javascript"]},
    {"keywords": ["c++"]},
    {"keywords": ["c#"]},
    {"keywords": [".net"]},
    {"keywords": ["node.js"]},
    {"keywords": ["front-end"]},
    {"keywords": ["front end"]},
    {"keywords": ["engineers"]},
    {"keywords": ["machine learning"]},
    # Phrases: every word in the row is not enough, they must be adjacent, in order, in one field
    # (on PostgreSQL the word-array index finds the rows with all the words, the substring test
    # decides).
    {"keywords": ["ios engineer"]},
    {"keywords": ["engineer ios"]},
    {"all_keywords": ["learning machine"]},
    {"keywords": ["engineer mobile"]},
    {"keywords": ["mobile engineering", "game"]},
    {"keywords": ["engineer"], "exclude_keywords": ["machine learning"]},
    {"all_keywords": ["data", "scientist"]},
    {"all_keywords": ["ios", "engineer"]},
    {"exclude_keywords": ["manager", "director"]},
    {"seniority": ["manager"], "exclude_keywords": ["manager"]},
    {
        "keywords": ["engineer"],
        "exclude_keywords": ["senior", "sales"],
        "min_salary": 100_000,
        "include_unknown": False,
    },
    {"keywords": ["engineer"], "exclude_keywords": ["ios"]},
    # Filters that exclude what they ask for (`Filters.matches_nothing`: no read at all).
    {"keywords": ["engineering manager", "manager"], "exclude_keywords": ["manager"], "min_salary": 100_000},
    {"all_keywords": ["engineer", "ios engineer"], "exclude_keywords": ["ios"]},
    {"companies": ["Stripe, Inc."], "exclude_companies": ["stripe"]},
    {"keywords": ["acme"]},
    {"keywords": ["mobile"]},
    {"locations": ["California"]},
    {"locations": ["Bay Area"]},
    {"locations": ["US"]},
    {"locations": ["Germany"]},
    {"locations": ["London, UK"]},
    {"locations": ["London"]},
    {"locations": ["NYC"]},
    {"locations": ["Austin, TX"]},
    {"locations": ["Europe"]},
    {"locations": ["remote"]},
    {"locations": ["Main Office"]},
    {"locations": ["Austin", "Seattle"]},
    {"seniority": ["senior", "staff"]},
    {"seniority": ["manager", "director"], "remote_only": True},
    # A remote search's levels as job_words' remote level keys (estimate.asks_remote_levels).
    {"seniority": ["mid"], "remote_only": True, "keywords": ["engineer"]},
    {"seniority": ["senior"], "remote_only": True},
    {"seniority": ["director", "mid"], "remote_only": True, "exclude_keywords": ["director"], "locations": ["US"]},
    {"seniority": ["mid"], "keywords": ["engineer"], "exclude_keywords": ["data"]},
    # Levels with level words (the joint keys of watches/services/job_keys.py on PostgreSQL).
    {"seniority": ["senior", "staff"], "exclude_keywords": ["senior"]},
    {"seniority": ["staff"], "exclude_keywords": ["sales", "lead"]},
    {"seniority": ["mid", "manager"], "keywords": ["manager", "director"]},
    {"seniority": ["intern", "mid"], "all_keywords": ["intern", "software"]},
    {"seniority": ["mid"], "keywords": ["manager", "engineer"], "exclude_keywords": ["director"]},
    # A level word excluded at its own level and at another (the level alone: boards/0026).
    {"seniority": ["principal", "mid"], "exclude_keywords": ["principal", "manager"]},
    {"seniority": ["senior", "mid"], "exclude_keywords": ["lead"], "keywords": ["engineer"]},
    {"seniority": ["manager"], "exclude_keywords": ["manager", "sales"]},
    {"remote_only": True},
    {"remote_only": True, "locations": ["US"]},
    {"min_salary": 150_000},
    {"min_salary": 150_000, "include_unknown": False},
    {"min_salary": 100_000, "salary_currency": "USD"},
    {"min_salary": 80_000, "salary_currency": "EUR", "include_unknown": False},
    {"min_salary": 60_000, "salary_currency": "GBP", "include_unknown": False},
    {"min_salary": 200_000, "include_unknown": False},
    {"min_salary": 245_000, "include_unknown": False},
    {"min_salary": 290_000, "include_unknown": False},
    {"max_experience_years": 5},
    {"max_experience_years": 5, "include_unknown": False},
    {"max_experience_years": 0, "include_unknown": False},
    {"keywords": ["ios"], "locations": ["Austin"], "min_salary": 150_000, "max_experience_years": 6},
    {"keywords": ["engineer"], "locations": ["US"], "seniority": ["senior"], "include_unknown": False},
    {"locations": ["Munich"]},
    {"locations": ["Portugal"]},
    {"remote_from": ["Germany"]},
    {"remote_from": ["Germany"], "include_unknown": False},
    {"remote_from": ["Europe"], "include_unknown": False},
    {"remote_from": ["EMEA"]},
    {"remote_from": ["US"], "include_unknown": False},
    {"remote_from": ["Toronto"], "include_unknown": False},
    {"remote_from": ["California"], "include_unknown": False},
    {"remote_from": ["worldwide"], "include_unknown": False},
    {"remote_from": ["Berlin", "Austin, TX"]},
    {"visa_sponsorship": True},
    {"visa_sponsorship": True, "include_unknown": False},
    {"employment_types": ["contract"]},
    {"employment_types": ["full_time", "part-time"], "include_unknown": False},
    {"employment_types": ["internship"], "include_unknown": False},
    {"companies": ["stripe"]},
    {"companies": ["STRIPE INC."]},
    {"companies": ["Acme Studios", "Robert Half Inc"]},
    {"exclude_companies": ["Stripe"]},
    {"exclude_staffing_agencies": True},
    {"keywords": ["engineer"], "exclude_staffing_agencies": True, "exclude_companies": ["stripe"]},
    {
        "keywords": ["backend"],
        "remote_from": ["Germany"],
        "visa_sponsorship": True,
        "employment_types": ["full_time", "part_time", "temporary", "internship"],
    },
    {"tech_companies_only": True},
    {"tech_companies_only": False},
    {"keywords": ["engineer"], "tech_companies_only": True},
    {"locations": ["US"], "min_salary": 100_000, "tech_companies_only": True},
    {"posted_within_days": 0},
    {"posted_within_days": 1},
    {"posted_within_days": 3},
    {"posted_within_days": 7},
    {"max_days_open": 0},
    {"max_days_open": 10},
    {"max_days_open": 30, "keywords": ["engineer"]},
    {"posted_within_days": 14, "max_days_open": 12},
    {"include_reposts": True},
    {"include_reposts": True, "locations": ["US"]},
    {"locations": ["Austin", "Seattle"], "posted_within_days": 30},
]
# The boards the jobs are spread over (job i on board i % 3): a tech company, a hospital, and a
# board not read yet (no share): `tech_companies_only` keeps only the first.
TECH_SHARES: tuple[float | None, ...] = (0.8, 0.1, None)
ROLES = ("new", "repost", "grown", "", "new")  # by index: what each change row is to search watches


def freshness(index: int) -> dict[str, Any]:
    first_seen = NOW - timedelta(days=3 * index, hours=5)
    return {"first_seen_at": first_seen, "posted_at": first_seen - timedelta(days=2) if index % 3 == 0 else None}


def change_columns(index: int, spec: dict[str, Any]) -> dict[str, Any]:
    role = ROLES[index % len(ROLES)]
    # A "grown" row: the vacancy was open in Austin before, this posting brings its own location;
    # every other "repost" row's earlier life was in Austin, the rest were remembered without places.
    was_in_austin = role == "grown" or (role == "repost" and index % (2 * len(ROLES)) == 1)
    prior = place_text_for(locations=["Austin, TX"], remote=False) if was_in_austin else ""
    return {**job_columns(spec), **freshness(index), "role": role, "prior_place_text": prior}


def job_columns(spec: dict[str, Any]) -> dict[str, Any]:
    location = spec.get("location", "")
    remote = spec.get("remote", False)
    company = spec.get("company", "Example")
    locations = [location] if location else []
    scope = list(spec.get("scope", ())) or remote_scope_of_locations(locations, remote=remote)
    return {
        "title": spec["title"],
        "company": company,
        "location": location,
        "department": spec.get("department", ""),
        "remote": remote,
        "seniority": spec.get("seniority", "mid"),
        "salary_currency": spec.get("currency", ""),
        "salary_annual_min": spec.get("min"),
        "salary_annual_max": spec.get("max"),
        "experience_years": spec.get("years"),
        "employment_type": spec.get("employment", ""),
        "visa_sponsorship": spec.get("visa", ""),
        "company_key": company_key(company),
        "staffing_agency": is_staffing_agency(company=company),
        "search_text": search_text_for(
            title=spec["title"],
            company=company,
            location=location,
            other_locations=(),
            department=spec.get("department", ""),
        ),
        "place_text": place_text_for(locations=locations, remote=remote, remote_scope=scope if remote else []),
    }


def agreement_boards() -> list[Resource]:
    """One board per entry of TECH_SHARES, which the table's rows take in turn."""
    return [
        Resource.objects.create(
            url=f"https://boards.greenhouse.io/example{index}",
            platform="greenhouse",
            fetch_host="boards-api.greenhouse.io",
            tech_share=share,
        )
        for index, share in enumerate(TECH_SHARES)
    ]


@pytest.fixture
def stored() -> list[Job]:
    boards = agreement_boards()
    jobs = [
        Job(
            resource=boards[index % len(boards)],
            key=f"job-{index}",
            data={"key": f"job-{index}"},
            # The board's flag, as a check writes it with each row (`Job.tech`).
            tech=is_tech_company(boards[index % len(boards)].tech_share),
            **job_columns(spec),
            **freshness(index),
        )
        for index, spec in enumerate(JOBS)
    ]
    Job.objects.bulk_create(jobs)
    Change.objects.bulk_create(
        Change(
            resource=job.resource, type="JOB_ADDED", job_key=job.key, summary=job.title, **change_columns(index, spec)
        )
        for index, (job, spec) in enumerate(zip(jobs, JOBS, strict=True))
    )
    return list(Job.objects.select_related("resource"))


@pytest.mark.django_db
@pytest.mark.parametrize("data", FILTERS, ids=[str(item) for item in FILTERS])
def test_the_database_and_the_predicate_select_the_same_jobs(stored: list[Job], data: dict[str, Any]) -> None:
    filters = Filters.from_dict(data)
    by_query = set(Job.objects.filter(filters_q(filters, now=NOW)).values_list("key", flat=True))
    by_predicate = {job.key for job in stored if filters_match(filters, job, now=NOW)}
    assert by_query == by_predicate
    by_change_query = set(Change.objects.filter(filters_q(filters, now=NOW)).values_list("job_key", flat=True))
    assert by_change_query == by_predicate
    by_change_predicate = {change.job_key for change in Change.objects.all() if filters_match(filters, change, now=NOW)}
    assert by_change_predicate == by_predicate
    if filters.tech_companies_only:
        assert by_predicate and all(int(key.split("-")[1]) % 3 == 0 for key in by_predicate)


# The plans a search may take on PostgreSQL (watches/services/search.py), as the sequence the
# chooser gives: a walk of the newest jobs, a walk whose slice held too few followed by a walk to
# the end or by the index read, the index read of every job or of a slice of sighting buckets
# (followed likewise when it held too few), and the index read that finds more than its limit
# then walks, and the company read (every job of the named companies, the rest tested on them).
# SQLite has one plan.
PLANS = (
    [
        "walk",
        "short walk, walk",
        "short walk, read",
        "read",
        "slice read",
        "short slice read, walk",
        "short slice read, read",
        "short slice read, slice read, walk",
        "read then walk",
        "company read",
    ]
    if connection.vendor == "postgresql"
    else [""]
)


@pytest.mark.django_db
@pytest.mark.parametrize("plan", PLANS)
@pytest.mark.parametrize("data", [item for item in FILTERS if item], ids=[str(item) for item in FILTERS if item])
def test_every_search_plan_selects_what_the_predicate_selects(
    stored: list[Job], data: dict[str, Any], plan: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from watches.services import search

    # A slice newer than every job holds none of them; one since 20 days ago holds some.
    future, recent = NOW + timedelta(days=1), NOW - timedelta(days=20)
    walk, read = search.Plan(True, None, 1.0, 0.0), search.Plan(False, None, 1.0, 0.0)
    plans: dict[str, list[search.Plan]] = {
        "walk": [walk],
        "short walk, walk": [search.Plan(True, future, 0.5, 0.0), walk],
        "short walk, read": [search.Plan(True, future, 0.5, 0.0), read],
        "slice read": [search.Plan(False, recent, 0.3, 0.0), read],
        "company read": [search.Plan(False, None, 1.0, 0.0, companies=True)],
        "short slice read, walk": [search.Plan(False, future, 0.5, 0.0), walk],
        "short slice read, read": [search.Plan(False, future, 0.5, 0.0), read],
        "short slice read, slice read, walk": [
            search.Plan(False, future, 0.5, 0.0),
            search.Plan(False, recent, 0.3, 0.0),
            walk,
        ],
    }
    chosen = plans.get(plan, [read])
    monkeypatch.setattr(search, "_choose", lambda *args, **kwargs: chosen.pop(0) if len(chosen) > 1 else chosen[0])
    monkeypatch.setattr(search, "INDEX_LIMIT", 2 if plan == "read then walk" else 5_000)
    filters = Filters.from_dict(data)
    expected = sorted(
        (job for job in stored if filters_match(filters, job, now=NOW)),
        key=lambda job: (-job.first_seen_at.timestamp(), job.pk),
    )
    with time_machine.travel(NOW, tick=False):
        page, (total, capped) = search.newest_matching(filters, offset=0, limit=len(JOBS))
    assert [job["key"] for job in page] == [job.key for job in expected]
    assert (total, capped) == (len(expected), False)


@pytest.mark.django_db
@pytest.mark.parametrize("data", FILTERS, ids=[str(item) for item in FILTERS])
def test_a_search_watch_reads_the_same_changes_from_the_database_and_in_memory(
    stored: list[Job], data: dict[str, Any]
) -> None:
    filters = Filters.from_dict(data)
    changes = list(Change.objects.select_related("resource"))
    by_query = set(Change.objects.filter(search_feed_q(filters, now=NOW)).values_list("job_key", flat=True))
    assert by_query == {change.job_key for change in changes if search_feed_match(filters, change, now=NOW)}
    # The webhook fan-out tests only a batch's candidates: it leaves out no change that matches.
    candidates = RowBatch(changes).candidates(filters)
    assert by_query == {change.job_key for change in candidates if search_feed_match(filters, change, now=NOW)}


@pytest.mark.django_db
def test_a_search_watch_reads_announcements_reposts_on_request_and_first_location_matches(
    stored: list[Job],
) -> None:
    def roles(data: dict[str, Any]) -> set[str]:
        rows = Change.objects.filter(search_feed_q(Filters.from_dict(data), now=NOW))
        return set(rows.values_list("role", flat=True))

    assert roles({}) == {"new"}
    assert roles({"include_reposts": True}) == {"new", "repost"}
    # job-2 (Los Angeles) grew from Austin: new to a California watch, not to an Austin one.
    assert "job-2" in set(
        Change.objects.filter(search_feed_q(Filters.from_dict({"locations": ["California"]}), now=NOW)).values_list(
            "job_key", flat=True
        )
    )
    assert "grown" not in roles({"locations": ["Austin"]})
    assert "repost" not in roles({"locations": ["Austin"]})


def test_freshness_reads_the_posting_date_first_then_the_first_sighting() -> None:
    def fresh(data: dict[str, Any]) -> set[int]:
        filters = Filters.from_dict(data)
        rows = [
            (index, Job(key=str(index), **job_columns(spec), **freshness(index))) for index, spec in enumerate(JOBS)
        ]
        return {index for index, row in rows if filters_match(filters, row, now=NOW)}

    assert fresh({"max_days_open": 10}) == {0, 1, 2, 3}  # first seen 5 h, 3 d 5 h, 6 d 5 h, 9 d 5 h ago
    # Job 0 was posted 2 d 5 h ago (its date wins over its first sighting); job 1 first seen 3 d 5 h ago.
    assert fresh({"posted_within_days": 3}) == {0}
    assert fresh({"posted_within_days": 7}) == {0, 1, 2}
    assert fresh({"posted_within_days": 0}) == set()  # since midnight: job 0 was first seen today, posted earlier


def selected(data: dict[str, Any]) -> set[str]:
    filters = Filters.from_dict(data)
    rows = [Job(key=str(index), **job_columns(spec)) for index, spec in enumerate(JOBS)]
    return {JOBS[int(row.key)]["title"] for row in rows if filters_match(filters, row)}


def test_keywords_are_any_of_and_whole_words() -> None:
    assert selected({"keywords": ["ios"]}) == {"Senior iOS Engineer", "iOS Engineer", "Software Engineer, iOS"}


def test_the_top_of_the_posted_range_must_reach_the_minimum_salary() -> None:
    found = selected({"min_salary": 150_000, "include_unknown": False})
    assert "iOS Engineer" in found  # 120k-150k
    assert "Frontend Developer" not in found  # up to 130k
    assert "C++ Developer" in found  # 160k minimum, no maximum


def test_a_salary_in_another_currency_does_not_match() -> None:
    found = selected({"min_salary": 60_000, "salary_currency": "USD", "include_unknown": False})
    assert "Android Engineer" not in found  # EUR
    assert "C# / .NET Engineer" in found  # USD
    assert "Data Scientist" in found  # no currency stated


def test_postings_that_state_no_pay_or_experience_match_unless_unknown_is_excluded() -> None:
    assert "Sales Engineer" in selected({"min_salary": 150_000, "max_experience_years": 2})
    assert "Sales Engineer" not in selected({"min_salary": 150_000, "include_unknown": False})
    assert "Sales Engineer" not in selected({"max_experience_years": 2, "include_unknown": False})


def test_a_remote_job_matches_a_place_only_when_its_scope_covers_it() -> None:
    assert "iOS Engineer" in selected({"locations": ["US"]})  # Remote - US
    assert "iOS Engineer" not in selected({"locations": ["Germany"]})
    assert {"Node.js Backend Engineer", "Director of Engineering", "Backend Engineer"} <= selected(
        {"locations": ["Germany"]}
    )  # Remote (EMEA), Remote - Worldwide, Remote - Germany
    assert "Support Engineer" in selected({"locations": ["US"]})  # Remote - California lies in the US


def test_remote_from_reads_the_scope_and_lets_unknown_scopes_in_only_with_include_unknown() -> None:
    strict = selected({"remote_from": ["Germany"], "include_unknown": False})
    assert strict == {
        "Node.js Backend Engineer",
        "Director of Engineering",
        "Backend Engineer",
        "Platform Engineer",
        "Data Engineer",
    }
    loose = selected({"remote_from": ["Germany"]})
    assert loose - strict == {"Sales Engineer", "Site Reliability Engineer"}  # "Remote", no area named
    assert "Android Engineer" not in loose  # in Berlin, not remote


def test_visa_sponsorship_never_selects_a_job_that_says_no() -> None:
    assert selected({"visa_sponsorship": True, "include_unknown": False}) == {"Backend Engineer", "QA Engineer"}
    assert "Platform Engineer" not in selected({"visa_sponsorship": True})
    assert "Sales Engineer" in selected({"visa_sponsorship": True})


def test_companies_match_without_case_punctuation_or_legal_form() -> None:
    assert selected({"companies": ["stripe"]}) == {"Backend Engineer", "Site Reliability Engineer"}
    assert selected({"exclude_staffing_agencies": True}) & {"Platform Engineer", "Recruiter"} == set()
