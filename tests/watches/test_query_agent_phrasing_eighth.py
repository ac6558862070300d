"""The query reader on an eighth batch of agent queries (docs/queries.md): a choice of languages
before the field they share ("golang or rust backend"), "remote-friendly" beside places, "nearshore",
pay quoted by the month ("40k NIS", "$12k"), "Home Office" with a UK place after "in".

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

# A choice of languages or frameworks before (or after) the field they share: the choice is
# `keywords`, the field `all_keywords`, as "backend (golang or rust)" is.
SHARED_FIELD: list[tuple[str, dict[str, Any]]] = [
    ("golang or rust backend", {"keywords": ["golang", "rust"], "all_keywords": ["backend"]}),
    (
        "golang or rust backend engineer in Berlin, 90k",
        {"keywords": ["golang", "rust"], "all_keywords": ["backend"], "locations": ["berlin"], "min_salary": 90000},
    ),
    ("python or java backend engineer", {"keywords": ["python", "java"], "all_keywords": ["backend"]}),
    ("react or vue frontend developer", {"keywords": ["react", "vue"], "all_keywords": ["frontend"]}),
    ("backend golang or rust", {"keywords": ["golang", "rust"], "all_keywords": ["backend"]}),
    ("golang, rust or python backend", {"keywords": ["golang", "rust", "python"], "all_keywords": ["backend"]}),
    (
        "senior go or rust systems engineer NYC 250k",
        {
            "keywords": ["go", "rust"],
            "all_keywords": ["system"],
            "locations": ["nyc"],
            "seniority": ["senior"],
            "min_salary": 250000,
        },
    ),
    (
        "Senior Golang or Rust backend engineer, remote EU, €90k+",
        {
            "keywords": ["golang", "rust"],
            "all_keywords": ["backend"],
            "seniority": ["senior"],
            "remote_from": ["eu"],
            "min_salary": 90000,
            "salary_currency": "EUR",
        },
    ),
    # Not that shape: the usual reading.
    ("ios or android developer", {"keywords": ["ios", "android"]}),
    ("ml or data science", {"keywords": ["ml", "data science"]}),
    ("react or react native developer", {"keywords": ["react", "react native"]}),
    ("machine learning engineer or data scientist", {"keywords": ["machine learning", "data scientist"]}),
]


@pytest.mark.parametrize(("query", "expected"), SHARED_FIELD, ids=[c[0][:60] for c in SHARED_FIELD])
def test_a_choice_before_the_field_it_shares(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# Pay with a currency and no period where pay is quoted by the month: a month's pay when a year's
# would be below the currency's lowest believable yearly pay (pay._USUALLY_MONTHLY_BELOW), noted
# with the explicit filters for the yearly reading.
MONTHLY_PAY: list[tuple[str, dict[str, Any]]] = [
    (
        "Senior full stack dev in Tel Aviv, 40k NIS",
        {
            "keywords": ["full-stack"],
            "locations": ["tel aviv"],
            "seniority": ["senior"],
            "min_salary": 480000,
            "salary_currency": "ILS",
        },
    ),
    (
        "senior data scientist Tel Aviv 50,000 ILS",
        {
            "all_keywords": ["data", "scientist"],
            "locations": ["tel aviv"],
            "seniority": ["senior"],
            "min_salary": 600000,
            "salary_currency": "ILS",
        },
    ),
    (
        "$12k remote golang, LATAM",
        {"keywords": ["golang"], "remote_from": ["latam"], "min_salary": 144000, "salary_currency": "USD"},
    ),
    (
        "golang developer, Dubai, AED 45k",
        {"keywords": ["golang"], "locations": ["dubai"], "min_salary": 540000, "salary_currency": "AED"},
    ),
    ("45k PLN java", {"keywords": ["java"], "min_salary": 540000, "salary_currency": "PLN"}),
    (
        "SGD 12k, backend, Singapore",
        {"keywords": ["backend"], "locations": ["singapore"], "min_salary": 144000, "salary_currency": "SGD"},
    ),
    # A year's pay stays yearly.
    ("$25k backend", {"keywords": ["backend"], "min_salary": 25000, "salary_currency": "USD"}),
    ("120k NIS, backend", {"keywords": ["backend"], "min_salary": 120000, "salary_currency": "ILS"}),
    ("€12k backend", {"keywords": ["backend"], "min_salary": 12000, "salary_currency": "EUR"}),
    ("$150k, backend", {"keywords": ["backend"], "min_salary": 150000, "salary_currency": "USD"}),
    # An explicit period is read as written.
    ("$12k a year, intern", {"seniority": ["intern"], "min_salary": 12000, "salary_currency": "USD"}),
    # The amount of a bonus is no pay, before the amount too.
    ("backend, sign-on bonus of $10,000", {"keywords": ["backend"]}),
]


@pytest.mark.parametrize(("query", "expected"), MONTHLY_PAY, ids=[c[0][:60] for c in MONTHLY_PAY])
def test_pay_quoted_by_the_month(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_monthly_pay_is_noted_with_the_yearly_filters() -> None:
    notes = interpret("Senior full stack dev in Tel Aviv, 40k NIS").notes
    assert any(
        "read as monthly pay (480000 a year)" in note and '`min_salary: 40000` (and `salary_currency: "ILS"`)' in note
        for note in notes
    )
    notes = interpret("18k PLN").notes
    assert any("too small for a yearly salary in PLN" in note and "`min_salary: 18000`" in note for note in notes)


# "remote-friendly" with places named apart from it allows remote work without asking for it (as
# "remote OK"): the places are locations, which find the remote jobs workable from there too.
# "nearshore" is remote work; a place beside it says where from.
REMOTE_FRIENDLY_AND_NEARSHORE: list[tuple[str, dict[str, Any]]] = [
    ("remote-friendly backend jobs in Boston or NYC", {"keywords": ["backend"], "locations": ["boston", "nyc"]}),
    (
        "seeking remote-friendly product roles in Denver or Boulder",
        {"keywords": ["product"], "locations": ["denver", "boulder"]},
    ),
    (
        "remote-friendly, senior python, Boston",
        {"keywords": ["python"], "locations": ["boston"], "seniority": ["senior"]},
    ),
    ("remote ok, backend, Boston", {"keywords": ["backend"], "locations": ["boston"]}),
    ("remote or hybrid backend in Boston", {"keywords": ["backend"], "locations": ["boston"]}),
    # Alone it is remote work; next to a country or zone, where from; plain "remote" with a city is too.
    ("remote-friendly backend", {"keywords": ["backend"], "remote_only": True}),
    ("remote friendly europe", {"remote_from": ["europe"]}),
    ("remote backend jobs in Boston", {"keywords": ["backend"], "remote_from": ["boston"]}),
    (
        "nearshore React developer, LATAM, $5k/month",
        {"keywords": ["react"], "remote_from": ["latam"], "min_salary": 60000, "salary_currency": "USD"},
    ),
    (
        "nearshore devops engineer Colombia, USD 6,000/month",
        {"keywords": ["devops"], "remote_from": ["colombia"], "min_salary": 72000, "salary_currency": "USD"},
    ),
    ("near-shore QA, Argentina or Uruguay", {"keywords": ["qa"], "remote_from": ["argentina", "uruguay"]}),
    ("nearshore java developer", {"keywords": ["java"], "remote_only": True}),
    # A two-letter word before a country is no place of its own ("QA, Argentina" is not Qatar).
    ("remote, QA, Argentina", {"keywords": ["qa"], "remote_from": ["argentina"]}),
]


@pytest.mark.parametrize(
    ("query", "expected"), REMOTE_FRIENDLY_AND_NEARSHORE, ids=[c[0][:60] for c in REMOTE_FRIENDLY_AND_NEARSHORE]
)
def test_remote_friendly_and_nearshore(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_remote_friendly_and_nearshore_are_noted() -> None:
    notes = interpret("remote-friendly backend jobs in Boston or NYC").notes
    assert any("remote work is allowed, not asked for" in note and 'Say "remote"' in note for note in notes)
    notes = interpret("nearshore java developer").notes
    assert any('"nearshore" was read as remote work' in note for note in notes)


# "Home Office" in capitals is the UK department beside a UK place, or with one after "in" anywhere
# in the query; otherwise (lower case, or a place abroad) working from home.
HOME_OFFICE: list[tuple[str, dict[str, Any]]] = [
    ("Home Office London", {"locations": ["london"], "companies": ["home office"]}),
    (
        "Home Office London, data scientist",
        {"all_keywords": ["data", "scientist"], "locations": ["london"], "companies": ["home office"]},
    ),
    (
        "HOME OFFICE LONDON caseworker",
        {"keywords": ["caseworker"], "locations": ["london"], "companies": ["home office"]},
    ),
    ("Home Office, London", {"locations": ["london"], "companies": ["home office"]}),
    (
        "Home Office caseworker jobs in Croydon",
        {"keywords": ["caseworker"], "locations": ["croydon"], "companies": ["home office"]},
    ),
    (
        "Home Office, data engineer in Manchester or Leeds",
        {"keywords": ["data"], "locations": ["manchester", "leeds"], "companies": ["home office"]},
    ),
    (
        "Home Office London policy analyst, £40k",
        {
            "all_keywords": ["policy", "analyst"],
            "locations": ["london"],
            "companies": ["home office"],
            "min_salary": 40000,
            "salary_currency": "GBP",
        },
    ),
    ("Home Office jobs in Berlin", {"remote_from": ["berlin"]}),
    ("home office jobs in London", {"remote_from": ["london"]}),
]


@pytest.mark.parametrize(("query", "expected"), HOME_OFFICE, ids=[c[0][:60] for c in HOME_OFFICE])
def test_home_office(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected
