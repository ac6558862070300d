"""The query reader on visa sponsorship, where remote work is allowed from, employment types and
companies (issue 19): what it reads, and what it keeps in notes instead of turning into keywords."""

from __future__ import annotations

from typing import Any

import pytest

from watches.filters import Filters
from watches.query import interpret

NOT_CONTRACT = ["full_time", "part_time", "temporary", "internship"]

CASES: list[tuple[str, dict[str, Any]]] = [
    (
        "remote backend jobs I can do from Germany with visa sponsorship, no contract roles",
        {
            "keywords": ["backend"],
            "remote_from": ["germany"],
            "visa_sponsorship": True,
            "employment_types": NOT_CONTRACT,
        },
    ),
    ("remote jobs I can do from Germany", {"remote_from": ["germany"]}),
    ("python jobs I can work from Canada", {"keywords": ["python"], "remote_from": ["canada"]}),
    ("data engineer roles workable from the UK", {"keywords": ["data"], "remote_from": ["uk"]}),
    ("remote in Europe", {"remote_from": ["europe"]}),
    ("remote golang jobs in Europe", {"keywords": ["golang"], "remote_from": ["europe"]}),
    ("remote anywhere", {"remote_from": ["worldwide"]}),
    ("ios jobs remote from anywhere in the world", {"keywords": ["ios"], "remote_from": ["worldwide"]}),
    ("work from anywhere design jobs", {"keywords": ["design"], "remote_from": ["worldwide"]}),
    ("remote jobs in the US or Canada", {"remote_from": ["us", "canada"]}),
    ("backend engineer in Berlin or remote", {"keywords": ["backend"], "locations": ["berlin", "remote"]}),
    ("ios jobs with visa sponsorship", {"keywords": ["ios"], "visa_sponsorship": True}),
    (
        "companies that sponsor H-1B visas, machine learning",
        {"all_keywords": ["machine", "learning"], "visa_sponsorship": True},
    ),
    (
        "java jobs in London with visa sponsorship",
        {"keywords": ["java"], "locations": ["london"], "visa_sponsorship": True},
    ),
    ("rust jobs, need visa sponsorship", {"keywords": ["rust"], "visa_sponsorship": True}),
    ("blue card sponsorship devops", {"keywords": ["devops"], "visa_sponsorship": True}),
    ("contract ios developer", {"keywords": ["ios"], "employment_types": ["contract"]}),
    ("freelance writer", {"keywords": ["writer"], "employment_types": ["contract"]}),
    ("part-time designer", {"keywords": ["designer"], "employment_types": ["part_time"]}),
    ("full-time only backend jobs", {"keywords": ["backend"], "employment_types": ["full_time"]}),
    (
        "data science internship",
        {"all_keywords": ["data", "science"], "employment_types": ["internship"], "seniority": ["intern"]},
    ),
    ("temporary or contract QA roles", {"keywords": ["qa"], "employment_types": ["temporary", "contract"]}),
    (
        "frontend jobs, no contract or freelance",
        {"keywords": ["frontend"], "employment_types": ["full_time", "part_time", "temporary", "internship"]},
    ),
    (
        "not part-time, react",
        {"keywords": ["react"], "employment_types": ["full_time", "contract", "temporary", "internship"]},
    ),
    ("contract manager in London", {"keywords": ["contract"], "locations": ["london"], "seniority": ["manager"]}),
    ("python jobs at Stripe or Airbnb", {"keywords": ["python"], "companies": ["stripe", "airbnb"]}),
    ("engineer at Google, Meta and Apple", {"keywords": ["engineer"], "companies": ["google", "meta", "apple"]}),
    ("java jobs not at Amazon", {"keywords": ["java"], "exclude_companies": ["amazon"]}),
    (
        "sre jobs at Datadog, not at Amazon",
        {"keywords": ["sre"], "companies": ["datadog"], "exclude_companies": ["amazon"]},
    ),
    ("data engineer excluding staffing agencies", {"keywords": ["data"], "exclude_staffing_agencies": True}),
    ("golang jobs, no recruiters", {"keywords": ["golang"], "exclude_staffing_agencies": True}),
    ("devops roles, direct employers only", {"keywords": ["devops"], "exclude_staffing_agencies": True}),
    ("engineer at least 150k at Google", {"keywords": ["engineer"], "companies": ["google"], "min_salary": 150000}),
    ("ios engineer at a startup", {"keywords": ["ios"]}),
]

NOTES: list[tuple[str, str, dict[str, Any]]] = [
    (
        "backend jobs with a 4-day week",
        '"with a 4-day week" is not something Watchtower can filter on',
        {"keywords": ["backend"]},
    ),
    (
        "react jobs with unlimited PTO",
        '"with unlimited pto" is not something Watchtower can filter on',
        {"keywords": ["react"]},
    ),
    (
        "python roles with equity in Berlin",
        '"with equity" is not something',
        {"keywords": ["python"], "locations": ["berlin"]},
    ),
    ("4-day week ios jobs", '"4-day week" is not something', {"keywords": ["ios"]}),
    ("go jobs, no visa sponsorship needed", "not needing sponsorship is not a filter", {"keywords": ["go"]}),
]


@pytest.mark.parametrize(("query", "expected"), CASES, ids=[case[0][:60] for case in CASES])
def test_a_query_is_read_into_these_filters(query: str, expected: dict[str, Any]) -> None:
    interpretation = interpret(query)
    filters = interpretation.as_dict()["filters"]
    assert filters.pop("include_unknown") is True
    assert filters == expected
    assert Filters.from_dict(interpretation.filters.as_dict()) == interpretation.filters


@pytest.mark.parametrize(("query", "note", "expected"), NOTES, ids=[case[0][:60] for case in NOTES])
def test_what_cannot_be_read_is_noted_and_never_becomes_a_keyword(
    query: str, note: str, expected: dict[str, Any]
) -> None:
    interpretation = interpret(query)
    assert any(note in text for text in interpretation.notes), interpretation.notes
    filters = interpretation.as_dict()["filters"]
    filters.pop("include_unknown")
    assert filters == expected
