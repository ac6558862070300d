"""The query reader on a fourth batch of agents' phrasing (docs/queries.md): each row a general rule.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

NICKNAMES: list[tuple[str, dict[str, Any]]] = [
    # A metro's or an area's nickname is a place (matching/places), after "in" or written bare,
    # even in three letters ("DFW", "ATX", "DMV", "PNW"), like "NYC".
    ("backend jobs in DFW", {"keywords": ["backend"], "locations": ["dfw"]}),
    (
        "full stack engineer in DFW, 4 yrs exp",
        {"keywords": ["full-stack"], "locations": ["dfw"], "max_experience_years": 4},
    ),
    ("python ATX", {"keywords": ["python"], "locations": ["atx"]}),
    ("cloud engineer DMV", {"keywords": ["cloud"], "locations": ["dmv"]}),
    ("Data engineer jobs in the DMV area", {"keywords": ["data"], "locations": ["dmv area"]}),
    ("PNW data scientist", {"all_keywords": ["data", "scientist"], "locations": ["pnw"]}),
    ("Senior SWE roles in the PNW", {"keywords": ["swe"], "locations": ["pnw"], "seniority": ["senior"]}),
    (
        "senior iOS engineer in the Twin Cities",
        {"keywords": ["ios"], "locations": ["twin cities"], "seniority": ["senior"]},
    ),
    ("Backend dev Twin Cities", {"keywords": ["backend"], "locations": ["twin cities"]}),
    ("software engineer in the Triangle", {"keywords": ["software engineer"], "locations": ["triangle"]}),
    ("NoVA software engineer with clearance", {"keywords": ["clearance"], "locations": ["nova"]}),
    ("ML engineer in SoCal, 180k", {"keywords": ["ml"], "locations": ["socal"], "min_salary": 180000}),
    ("ML engineer Bay Area", {"keywords": ["ml"], "locations": ["bay area"]}),
    ("SRE in NYC or SF, 200k minimum", {"keywords": ["sre"], "locations": ["nyc", "sf"], "min_salary": 200000}),
    ("frontend jobs, LA, 120k", {"keywords": ["frontend"], "locations": ["la"], "min_salary": 120000}),
    ("jobs in New England", {"locations": ["new england"]}),
    # A hyphenated pair that is a metro's name is the metro.
    (
        "embedded firmware engineer, Raleigh-Durham, NC",
        {"all_keywords": ["embedded", "firmware"], "locations": ["raleigh-durham, nc"]},
    ),
    # Three letters that are no place's nickname stay words.
    ("swe jobs", {"keywords": ["swe"]}),
    ("api developer", {"keywords": ["api"]}),
]


STATES_AND_CODES: list[tuple[str, dict[str, Any]]] = [
    # "<state> State" and a part of a state named like its city are the state.
    (
        "Senior engineer roles in Washington state",
        {"keywords": ["engineer"], "locations": ["washington state"], "seniority": ["senior"]},
    ),
    ("software engineer jobs upstate New York", {"keywords": ["software engineer"], "locations": ["new york state"]}),
    ("backend in upstate New York", {"keywords": ["backend"], "locations": ["new york state"]}),
    ("upstate NY nurse", {"keywords": ["nurse"], "locations": ["ny state"]}),
    # A code that is both a US state and a country is the state, unless the query is about a
    # place abroad: pay in another currency, or a country beside it.
    ("Python developer in DE, remote ok", {"keywords": ["python"], "locations": ["delaware"]}),
    (
        "backend in DE, €70k",
        {"keywords": ["backend"], "locations": ["germany"], "min_salary": 70000, "salary_currency": "EUR"},
    ),
    ("jobs in DE or NL", {"locations": ["germany", "netherlands"]}),
    ("jobs in DE or Austria", {"locations": ["germany", "austria"]}),
    ("jobs in GA or FL", {"locations": ["georgia", "florida"]}),
    # Honorifics at any word of a name (the resolver finds either spelling).
    ("port st lucie nurse", {"keywords": ["nurse"], "locations": ["port st lucie"]}),
    ("new grad roles in Port St. Lucie, FL", {"locations": ["port st. lucie, fl"], "seniority": ["entry"]}),
]


@pytest.mark.parametrize(
    ("query", "expected"), NICKNAMES + STATES_AND_CODES, ids=[c[0] for c in NICKNAMES + STATES_AND_CODES]
)
def test_nicknames_states_and_codes_are_places(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_code_read_as_a_state_says_which_country_it_also_names() -> None:
    notes = interpret("backend in DE").notes
    assert any('"DE" was read as "delaware"' in note and '["germany"]' in note for note in notes)
    assert not any("New Caledonia" in note for note in interpret("SRE in NC").notes)


def test_a_part_of_a_state_named_like_its_city_is_noted() -> None:
    notes = interpret("backend in upstate New York").notes
    assert any('"upstate new york" was read as "new york state"' in note for note in notes)


COMPANY_LISTS_END_AT_A_PLACE: list[tuple[str, dict[str, Any]]] = [
    # A place closes a company list: a place ending a name then a comma, or a place after a comma.
    (
        "staff software engineer at Stripe Dublin, backend",
        {"companies": ["stripe"], "keywords": ["backend"], "locations": ["dublin"], "seniority": ["staff"]},
    ),
    (
        "Staff engineer at Netflix, Los Gatos",
        {"companies": ["netflix"], "keywords": ["engineer"], "locations": ["los gatos"], "seniority": ["staff"]},
    ),
    ("at Wayfair, Boston, senior", {"companies": ["wayfair"], "locations": ["boston"], "seniority": ["senior"]}),
    (
        "at Microsoft Redmond or Google Zurich",
        {"companies": ["microsoft", "google"], "locations": ["redmond", "zurich"]},
    ),
    ("at Stripe, Airbnb, or Figma", {"companies": ["stripe", "airbnb", "figma"]}),
    ("at Bank of America", {"companies": ["bank of america"]}),
]

ROLE_CHOICES_AND_SEPARATORS: list[tuple[str, dict[str, Any]]] = [
    # A choice in brackets is `keywords`; the specific words outside it are `all_keywords`.
    (
        "Senior backend engineer (Go or Rust), remote US, $180k+",
        {
            "all_keywords": ["backend"],
            "keywords": ["go", "rust"],
            "min_salary": 180000,
            "remote_from": ["us"],
            "salary_currency": "USD",
            "seniority": ["senior"],
        },
    ),
    (
        "junior frontend dev (React/TypeScript) in Berlin",
        {
            "all_keywords": ["frontend"],
            "keywords": ["react", "typescript"],
            "locations": ["berlin"],
            "seniority": ["entry"],
        },
    ),
    ("engineer (go or rust)", {"keywords": ["go", "rust"]}),
    ("backend (python) or frontend", {"keywords": ["backend python", "frontend"]}),
    # A dash between spaces separates like a comma; between numbers it is a range.
    (
        "Cloud architect (AWS) — Dallas-Fort Worth area — $170k+",
        {
            "all_keywords": ["cloud", "architect", "aws"],
            "locations": ["dallas-fort worth area"],
            "min_salary": 170000,
            "salary_currency": "USD",
        },
    ),
    (
        "Software Engineer, Backend — Shopify — Ottawa",
        {"all_keywords": ["backend", "shopify"], "locations": ["ottawa"]},
    ),
    ("C# developer, $120k - $140k", {"keywords": ["c#"], "min_salary": 120000, "salary_currency": "USD"}),
    ("3 - 5 years python", {"keywords": ["python"], "max_experience_years": 5}),
    ("mid - senior java", {"keywords": ["java"], "seniority": ["mid", "senior"]}),
    # "remote" after a comma is where the place's remote work is, not an alternative to it.
    (
        "I want senior Rust jobs in Europe, fully remote",
        {"keywords": ["rust"], "remote_from": ["europe"], "seniority": ["senior"]},
    ),
    ("python in Berlin, remote only", {"keywords": ["python"], "remote_from": ["berlin"]}),
    ("in New York or remote", {"locations": ["new york", "remote"]}),
]


@pytest.mark.parametrize(
    ("query", "expected"),
    COMPANY_LISTS_END_AT_A_PLACE + ROLE_CHOICES_AND_SEPARATORS,
    ids=[c[0] for c in COMPANY_LISTS_END_AT_A_PLACE + ROLE_CHOICES_AND_SEPARATORS],
)
def test_company_lists_role_choices_and_separators(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


WORDS_THAT_ARE_NO_ROLE: list[tuple[str, dict[str, Any]]] = [
    # Months of experience, as years.
    ("Frontend developer with 6 months experience", {"keywords": ["frontend"], "max_experience_years": 0.5}),
    ("18 months of experience data analyst", {"all_keywords": ["data", "analyst"], "max_experience_years": 1.5}),
    ("6-month contract python", {"employment_types": ["contract"], "keywords": ["python"]}),
    # "fresh grad", "fresher" are entry level, not freshness.
    (
        "Fresh grad software roles in Singapore",
        {"keywords": ["software"], "locations": ["singapore"], "seniority": ["entry"]},
    ),
    ("fresher java jobs in Pune", {"keywords": ["java"], "locations": ["pune"], "seniority": ["entry"]}),
    ("fresh python jobs", {"keywords": ["python"], "posted_within_days": 3}),
    # A funding stage is the kind of company; a requirement "not required" is what the seeker lacks;
    # a job grade is no filter; "help me" is a request; "must sponsor" asks for sponsorship.
    (
        "Head of Engineering at a Series B startup, NYC",
        {"keywords": ["engineering"], "locations": ["nyc"], "seniority": ["director"]},
    ),
    ("backend at a seed-stage company", {"keywords": ["backend"]}),
    ("security engineer, clearance not required", {"keywords": ["security"]}),
    ("Software engineer II at Microsoft", {"companies": ["microsoft"], "keywords": ["software engineer"]}),
    (
        "Help me find junior Python jobs in Melbourne",
        {"keywords": ["python"], "locations": ["melbourne"], "seniority": ["entry"]},
    ),
    ("help desk technician", {"all_keywords": ["help", "desk", "technician"]}),
    ("python developer, must be remote", {"keywords": ["python"], "remote_only": True}),
    ("must have: react, 3 years exp", {"keywords": ["react"], "max_experience_years": 3}),
    (
        "senior data engineer, remote, must sponsor H1B",
        {"keywords": ["data"], "remote_only": True, "seniority": ["senior"], "visa_sponsorship": True},
    ),
    ("data analyst, Dubai, tax free", {"all_keywords": ["data", "analyst"], "locations": ["dubai"]}),
]


@pytest.mark.parametrize(("query", "expected"), WORDS_THAT_ARE_NO_ROLE, ids=[c[0] for c in WORDS_THAT_ARE_NO_ROLE])
def test_words_that_are_no_role(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected
