"""The query reader, case by case: what each plain-language query becomes (SPEC §4).

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

CASES: list[tuple[str, dict[str, Any]]] = [
    ("iOS or Android developer roles", {"keywords": ["ios", "android"]}),
    ("Android or iOS jobs in Austin", {"keywords": ["android", "ios"], "locations": ["austin"]}),
    ("data scientist jobs", {"all_keywords": ["data", "scientist"]}),
    ("machine learning engineer", {"all_keywords": ["machine", "learning"]}),
    ("machine learning or data science roles", {"keywords": ["machine learning", "data science"]}),
    ("software engineer jobs", {"keywords": ["software engineer"]}),
    ("senior software engineer", {"keywords": ["software engineer"], "seniority": ["senior"]}),
    ("iOS engineer", {"keywords": ["ios"]}),
    (
        "Senior backend engineer in New York or remote",
        {"keywords": ["backend"], "locations": ["new york", "remote"], "seniority": ["senior"]},
    ),
    ("remote rust jobs", {"keywords": ["rust"], "remote_only": True}),
    ("fully remote golang developer", {"keywords": ["golang"], "remote_only": True}),
    ("remote-first python roles in the US", {"keywords": ["python"], "remote_from": ["us"]}),
    ("python jobs not in Berlin", {"keywords": ["python"]}),
    ("no remote java jobs", {"keywords": ["java"]}),
    ("not remote, senior ios", {"keywords": ["ios"], "seniority": ["senior"]}),
    ("at least 150k", {"min_salary": 150000}),
    ("$180,000 or more", {"min_salary": 180000, "salary_currency": "USD"}),
    ("$45/hour QA jobs", {"keywords": ["qa"], "min_salary": 93600, "salary_currency": "USD"}),
    ("150k+ golang", {"keywords": ["golang"], "min_salary": 150000}),
    ("over 200k staff engineer", {"keywords": ["engineer"], "seniority": ["staff"], "min_salary": 200000}),
    ("paying at least 120000 a year", {"min_salary": 120000}),
    ("$12,000 a month", {"min_salary": 144000, "salary_currency": "USD"}),
    (
        "€80k backend in Germany",
        {"keywords": ["backend"], "locations": ["germany"], "min_salary": 80000, "salary_currency": "EUR"},
    ),
    ("£60k+ in London, UK", {"locations": ["london, uk"], "min_salary": 60000, "salary_currency": "GBP"}),
    ("salary of 140k or more", {"min_salary": 140000}),
    ("under 200k devops", {"keywords": ["devops"]}),
    ("up to 150k data analyst", {"all_keywords": ["data", "analyst"]}),
    ("at most 6 years of experience", {"max_experience_years": 6}),
    ("3-5 years experience react", {"keywords": ["react"], "max_experience_years": 5}),
    ("0-2 years of experience", {"max_experience_years": 2}),
    ("4 years of experience", {"max_experience_years": 4}),
    ("I have 4 years of experience in python", {"keywords": ["python"], "max_experience_years": 4}),
    ("less than 5 years of experience", {"max_experience_years": 4}),
    ("no more than three years experience", {"max_experience_years": 3}),
    ("experience: max 6 years", {"max_experience_years": 6}),
    ("5+ years experience", {"max_experience_years": 5}),
    ("entry level software engineer jobs", {"keywords": ["software engineer"], "seniority": ["entry"]}),
    ("junior frontend roles", {"keywords": ["frontend"], "seniority": ["entry"]}),
    ("new grad jobs", {"seniority": ["entry"]}),
    ("intern jobs in california or texas", {"locations": ["california", "texas"], "seniority": ["intern"]}),
    ("staff or principal engineer roles", {"keywords": ["engineer"], "seniority": ["staff", "principal"]}),
    ("senior staff engineer", {"keywords": ["engineer"], "seniority": ["staff"]}),
    (
        "product manager jobs, no directors",
        {"keywords": ["product"], "exclude_keywords": ["director"], "seniority": ["manager"]},
    ),
    ("no managers", {"exclude_keywords": ["manager"]}),
    (
        "engineering roles excluding sales or marketing",
        {"keywords": ["engineering"], "exclude_keywords": ["sales", "marketing"]},
    ),
    ("c++ or c# developer in London, UK", {"keywords": ["c++", "c#"], "locations": ["london, uk"]}),
    (".net developer", {"keywords": [".net"]}),
    ("node.js jobs", {"keywords": ["node.js"]}),
    ("front-end jobs in the Bay Area", {"keywords": ["front-end"], "locations": ["bay area"]}),
    ("ios jobs in the bay area", {"keywords": ["ios"], "locations": ["bay area"]}),
    ("jobs in SF", {"locations": ["sf"]}),
    ("jobs in NYC paying 200k", {"locations": ["nyc"], "min_salary": 200000}),
    ("jobs in Austin, TX", {"locations": ["austin, tx"]}),
    ("jobs in Austin, Texas", {"locations": ["austin, texas"]}),
    ("jobs in London, Ontario", {"locations": ["london, ontario"]}),
    ("jobs in Toronto or Vancouver", {"locations": ["toronto", "vancouver"]}),
    ("iOS jobs in Austin or Dallas", {"keywords": ["ios"], "locations": ["austin", "dallas"]}),
    ("devops in Seattle, WA or Portland, OR", {"keywords": ["devops"], "locations": ["seattle, wa", "portland, or"]}),
    ("jobs in machine learning", {"all_keywords": ["machine", "learning"]}),
    ("jobs in sales", {"keywords": ["sales"]}),
    ("hybrid jobs in Seattle", {"locations": ["seattle"]}),
    ("on-site rust roles in Boston", {"keywords": ["rust"], "locations": ["boston"]}),
    (
        "hey watchtower, notify me when senior rust roles open in Austin, TX",
        {"keywords": ["rust"], "locations": ["austin, tx"], "seniority": ["senior"]},
    ),
    ("https://boards.greenhouse.io/acme ios jobs", {"keywords": ["ios"]}),
    ("Austin-based startups hiring designers", {"keywords": ["designer"], "locations": ["austin"]}),
    ("remote jobs in the US", {"remote_from": ["us"]}),
    ("jobs in Europe", {"locations": ["europe"]}),
    ("remote jobs in EMEA", {"remote_from": ["emea"]}),
    ("VP of engineering", {"keywords": ["engineering"], "seniority": ["director"]}),
    ("head of product", {"keywords": ["product"], "seniority": ["director"]}),
    ("mid-level backend engineer", {"keywords": ["backend"], "seniority": ["mid"]}),
    ("security engineer, no experience required", {"keywords": ["security"], "max_experience_years": 0}),
    ("ML jobs in 2024", {"keywords": ["ml"]}),
    ("kubernetes jobs", {"keywords": ["kubernetes"]}),
    ("sales engineer jobs", {"keywords": ["sales"]}),
    ("design jobs in Berlin, Germany", {"keywords": ["design"], "locations": ["berlin, germany"]}),
    (
        "senior iOS or Android engineer in SF with at least 170k and under 5 years of experience, no managers",
        {
            "keywords": ["ios", "android"],
            "exclude_keywords": ["manager"],
            "locations": ["sf"],
            "seniority": ["senior"],
            "min_salary": 170000,
            "max_experience_years": 4,
        },
    ),
]


@pytest.mark.parametrize(("query", "expected"), CASES, ids=[case[0][:60] for case in CASES])
def test_a_query_is_read_into_these_filters(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


NOTES: list[tuple[str, str]] = [
    ("python jobs not in Berlin", '"not in berlin": excluding a place is not a filter'),
    ("no remote java jobs", '"no remote": excluding remote jobs is not a filter'),
    ("under 200k devops", '"under 200k" reads as a maximum salary'),
    ("hybrid jobs in Seattle", '"hybrid" is not a filter'),
    ("jobs in machine learning", '"in machine learning" was not recognised as a place'),
    ("https://boards.greenhouse.io/acme ios jobs", "pass it as `url`"),
    ("iOS engineer", '"engineer" dropped as too general'),
    ("ML jobs in 2024", '"2024" was not understood'),
    ("jobs", "Nothing in the query narrows the search"),
    ("x" * 600, "Only the first 500 characters"),
    ("at least 150k and at least 200k", "the minimum salary was already read as 150000"),
]


@pytest.mark.parametrize(("query", "note"), NOTES, ids=[case[0][:60] for case in NOTES])
def test_what_is_not_used_is_said_in_the_notes(query: str, note: str) -> None:
    notes = interpret(query).notes
    assert any(note in item for item in notes), notes


def test_a_query_with_nothing_left_out_has_no_notes() -> None:
    assert interpret("senior rust roles in Austin, TX paying at least 150k").notes == []
