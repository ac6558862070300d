"""The query reader on issue 19's filters, with phrasings beyond test_query_new_filters.py (the
acceptance audit): where remote work must be allowed from written next to "remote" ("remote
Europe", "US remote", "remote (US or Canada)"), after "remote jobs from" or "anywhere in";
"visa sponsorship required"; fixed-term contracts as temporary work; apprenticeships; "exclude X
and Y"; and a place Watchtower does not know after "from", kept in notes and never a keyword."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from watches.filters import Filters
from watches.query import interpret, read

NOT_CONTRACT = ["full_time", "part_time", "temporary", "internship"]
NOT_INTERNSHIP = ["full_time", "part_time", "contract", "temporary"]

CASES: list[tuple[str, dict[str, Any]]] = [
    ("contract or freelance python jobs", {"keywords": ["python"], "employment_types": ["contract"]}),
    ("part-time or contract designer", {"keywords": ["designer"], "employment_types": ["part_time", "contract"]}),
    ("full-time only", {"employment_types": ["full_time"]}),
    ("permanent roles only", {"employment_types": ["full_time"]}),
    ("temp jobs", {"employment_types": ["temporary"]}),
    ("fixed-term contract roles", {"employment_types": ["temporary"]}),
    ("no internships", {"employment_types": NOT_INTERNSHIP}),
    ("data science jobs, no internships", {"all_keywords": ["data", "science"], "employment_types": NOT_INTERNSHIP}),
    ("backend jobs, no contractors", {"keywords": ["backend"], "employment_types": NOT_CONTRACT}),
    ("non-contract roles", {"employment_types": NOT_CONTRACT}),
    ("apprenticeship", {"employment_types": ["internship"], "seniority": ["intern"]}),
    ("remote from Canada", {"remote_from": ["canada"]}),
    ("remote jobs from Canada", {"remote_from": ["canada"]}),
    ("remote only from the UK", {"remote_from": ["uk"]}),
    ("remote work from Portugal", {"remote_from": ["portugal"]}),
    ("data jobs I can work from anywhere in Europe", {"keywords": ["data"], "remote_from": ["europe"]}),
    ("remote anywhere in Europe", {"remote_from": ["europe"]}),
    ("remote europe", {"remote_from": ["europe"]}),
    ("remote friendly europe", {"remote_from": ["europe"]}),
    ("remote APAC devops", {"keywords": ["devops"], "remote_from": ["apac"]}),
    ("remote (US or Canada) sre", {"keywords": ["sre"], "remote_from": ["us", "canada"]}),
    ("remote US only", {"remote_from": ["us"]}),
    ("US remote python", {"keywords": ["python"], "remote_from": ["us"]}),
    ("remote-uk designer", {"keywords": ["designer"], "remote_from": ["uk"]}),
    ("fully remote UK", {"remote_from": ["uk"]}),
    ("LATAM Remote", {"remote_from": ["latam"]}),
    ("remote rust jobs in EMEA", {"keywords": ["rust"], "remote_from": ["emea"]}),
    ("remote from anywhere", {"remote_from": ["worldwide"]}),
    ("remote python jobs", {"keywords": ["python"], "remote_only": True}),
    ("remote java developer", {"keywords": ["java"], "remote_only": True}),
    ("remote jobs from home", {"remote_only": True}),
    ("work from home python", {"keywords": ["python"], "remote_only": True}),
    ("This role is remote within Europe.", {"remote_from": ["europe"]}),
    ("sponsors visas", {"visa_sponsorship": True}),
    ("needs H-1B sponsorship", {"visa_sponsorship": True}),
    ("visa sponsorship required", {"visa_sponsorship": True}),
    ("backend jobs at companies that sponsor visas", {"keywords": ["backend"], "visa_sponsorship": True}),
    ("frontend not at Meta or Google", {"keywords": ["frontend"], "exclude_companies": ["meta", "google"]}),
    ("only at Stripe", {"companies": ["stripe"]}),
    ("python jobs only at Stripe", {"keywords": ["python"], "companies": ["stripe"]}),
    ("at Stripe, Airbnb or Figma", {"companies": ["stripe", "airbnb", "figma"]}),
    ("exclude jobs at Amazon", {"exclude_companies": ["amazon"]}),
    ("exclude Amazon and Meta", {"exclude_keywords": ["amazon", "meta"]}),
    ("java developer, excluding staffing agencies", {"keywords": ["java"], "exclude_staffing_agencies": True}),
    ("jobs open to candidates in Canada", {"locations": ["canada"]}),
    ("no java and python roles", {"keywords": ["python"], "exclude_keywords": ["java"]}),
    ("Canada remote or US remote", {"remote_from": ["us", "canada"]}),
    (
        "full-time remote, US only, no agencies",
        {"remote_from": ["us"], "employment_types": ["full_time"], "exclude_staffing_agencies": True},
    ),
    ("remote, UK, python", {"keywords": ["python"], "remote_from": ["uk"]}),
    ("Remote-first, US-based.", {"remote_from": ["us"]}),
    ("I live in Germany and want remote python work", {"all_keywords": ["live", "python"], "remote_from": ["germany"]}),
    ("companies that offer H1B, python", {"keywords": ["python"], "visa_sponsorship": True}),
]

NOTES: list[tuple[str, str, dict[str, Any]]] = [
    (
        "remote jobs I can do from Narnia",
        '"narnia" was not recognised as a place remote work can be allowed from',
        {"remote_only": True},
    ),
    ("golang jobs with a 4-day week", '"with a 4-day week" is not something', {"keywords": ["golang"]}),
    ("jobs that don't require sponsorship", "not needing sponsorship is not a filter", {}),
    (
        "ios jobs with visa sponsorship and relocation",
        '"relocation" is not something',
        {"keywords": ["ios"], "visa_sponsorship": True},
    ),
]


@pytest.mark.parametrize(("query", "expected"), CASES, ids=[case[0][:60] for case in CASES])
def test_a_query_is_read_into_these_filters(query: str, expected: dict[str, Any]) -> None:
    interpretation = interpret(query)
    filters = interpretation.as_dict()["filters"]
    assert filters.pop("include_unknown") is True
    assert filters == expected, interpretation.notes
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


_WORDS = st.sampled_from(
    ["remote", "from", "anywhere", "in", "only", "(", ")", "us", "europe", "exclude", "and", "narnia", "home", "-"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_WORDS, st.text(max_size=10)), max_size=20))
def test_the_reader_never_raises_on_these_words(parts: list[str]) -> None:
    interpretation = read(" ".join(parts))  # without interpret's safety net
    assert Filters.from_dict(interpretation.filters.as_dict()) == interpretation.filters


def test_a_group_of_countries_is_where_remote_work_is_allowed_from() -> None:
    assert interpret("remote DACH backend").filters.remote_from == ("dach",)
    assert interpret("remote jobs I can do from Benelux").filters.remote_from == ("benelux",)
    assert interpret("python jobs in the Nordics").filters.locations == ("nordics",)


def test_an_offer_of_h1b_that_is_negated_is_not_asked_for() -> None:
    assert interpret("python at companies that don't offer H1B").filters.visa_sponsorship is False
    assert interpret("python at companies that offer H1B").filters.visa_sponsorship is True
