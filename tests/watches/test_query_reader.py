from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from watches.filters import Filters
from watches.query import interpret, read


def test_the_spec_example_is_read_as_the_spec_says() -> None:
    query = "iOS jobs in Austin making at least 150k a year with a maximum of 6 years of experience"
    assert interpret(query).as_dict() == {
        "filters": {
            "keywords": ["ios"],
            "locations": ["austin"],
            "min_salary": 150000,
            "max_experience_years": 6,
            "include_unknown": True,
        },
        "notes": [],
    }


def test_the_spec_phrases_become_their_filters() -> None:
    assert interpret("iOS or Android").filters.keywords == ("ios", "android")
    assert interpret("data scientist").filters.all_keywords == ("data", "scientist")
    assert interpret("in Austin, TX").filters.locations == ("austin, tx",)
    assert interpret("in New York or remote").filters.locations == ("new york", "remote")
    assert interpret("remote").filters.remote_only is True
    assert interpret("at least 150k").filters.min_salary == 150000
    assert interpret("$180,000 or more").filters.min_salary == 180000
    assert interpret("$45/hour").filters.min_salary == 45 * 2080
    assert interpret("at most 6 years of experience").filters.max_experience_years == 6
    assert interpret("3-5 years").filters.max_experience_years == 5
    assert interpret("4 years of experience").filters.max_experience_years == 4
    assert interpret("senior").filters.seniority == ("senior",)
    assert interpret("staff").filters.seniority == ("staff",)
    assert interpret("entry level").filters.seniority == ("entry",)
    assert interpret("no managers").filters.exclude_keywords == ("manager",)


def test_a_negated_place_never_becomes_a_location_filter() -> None:
    filters = interpret("rust jobs not in Berlin").filters
    assert filters.locations == ()
    assert filters.keywords == ("rust",)


def test_a_negated_remote_never_sets_remote_only() -> None:
    for query in ("no remote", "not remote", "non-remote ios jobs", "ios, no remote work"):
        assert interpret(query).filters.remote_only is False, query


def test_the_reader_reads_what_the_explicit_filters_then_override() -> None:
    parsed = interpret("iOS jobs in Austin making at least 150k").filters
    merged = parsed.merged({"locations": ["Dallas"], "all_keywords": ["Swift", "iOS"], "include_unknown": False})
    assert merged == Filters(
        all_keywords=("swift", "ios"), locations=("dallas",), min_salary=150000, include_unknown=False
    )


def test_what_the_reader_produces_is_always_valid_filters() -> None:
    interpretation = interpret("senior iOS or Android engineer in SF with at least 170k, no managers")
    assert Filters.from_dict(interpretation.filters.as_dict()) == interpretation.filters


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=700))
def test_the_reader_never_raises_on_any_text(text: str) -> None:
    interpretation = read(text)
    assert Filters.from_dict(interpretation.filters.as_dict()) == interpretation.filters


WORDS = st.sampled_from(
    [
        "in",
        "not",
        "no",
        "remote",
        "at",
        "least",
        "most",
        "150k",
        "$45/hour",
        "years",
        "of",
        "experience",
        "3-5",
        "senior",
        "or",
        "and",
        ",",
        "ios",
        "c++",
        ".net",
        "austin",
        "tx",
        "new",
        "york",
        "bay",
        "area",
        "managers",
        "max",
        "under",
        "over",
        "/",
        "|",
        "(",
        ")",
        "-",
        "0",
        "99",
        "one",
        "ten",
        "k",
        "a",
        "year",
        "per",
        "hour",
        "€",
        "£",
        "",
        "visa",
        "sponsorship",
        "sponsor",
        "h-1b",
        "contract",
        "part-time",
        "full-time",
        "internship",
        "freelance",
        "from",
        "germany",
        "europe",
        "emea",
        "anywhere",
        "worldwide",
        "i",
        "can",
        "do",
        "stripe",
        "airbnb",
        "amazon",
        "staffing",
        "agencies",
        "recruiters",
        "excluding",
        "with",
        "4-day",
        "week",
        "only",
        "roles",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=25).map(" ".join))
def test_the_reader_never_raises_on_query_like_word_salad(text: str) -> None:
    interpretation = read(text)
    assert Filters.from_dict(interpretation.filters.as_dict()) == interpretation.filters


def test_non_text_input_is_read_as_an_empty_query() -> None:
    assert interpret(None).filters == Filters()  # type: ignore[arg-type]


def test_the_interpret_command_prints_filters_and_notes_as_json(capsys) -> None:  # type: ignore[no-untyped-def]
    call_command("interpret", "remote iOS jobs paying at least 150k with at most 6 years of experience")
    printed = json.loads(capsys.readouterr().out)
    assert printed == {
        "filters": {
            "keywords": ["ios"],
            "remote_only": True,
            "min_salary": 150000,
            "max_experience_years": 6,
            "include_unknown": True,
        },
        "notes": [],
    }


@pytest.mark.parametrize(
    "query",
    [
        "senior ios jobs in austin paying $" + "9" * 400,
        "senior ios jobs in austin " + "9" * 400,
        "senior ios jobs in austin paying " + "9" * 400 + " per hour",
    ],
)
def test_a_number_of_hundreds_of_digits_is_noted_and_the_rest_is_kept(query: str) -> None:
    """float() of 400 digits is inf and round(inf) raised: the whole reading was thrown away (issue 15)."""
    reading = read(query)
    assert reading.filters.keywords == ("ios",)
    assert reading.filters.locations == ("austin",)
    assert reading.filters.seniority == ("senior",)
    assert reading.filters.min_salary is None
    assert any("does not look like a yearly salary" in note for note in reading.notes)


@pytest.mark.parametrize(
    ("query", "days", "rest"),
    [
        ("ios jobs posted this week", 7, {"keywords": ("ios",)}),
        ("data scientist roles in the last 3 days", 3, {"all_keywords": ("data", "scientist")}),
        ("new today python jobs in Austin", 1, {"keywords": ("python",), "locations": ("austin",)}),
        ("fresh backend jobs", 3, {"keywords": ("backend",)}),
        ("rust jobs in the past two weeks with 5 years of experience", 14, {"max_experience_years": 5}),
        ("android jobs within the last 24 hours", 1, {"keywords": ("android",)}),
        ("go jobs posted in the last month", 30, {"keywords": ("go",)}),
    ],
)
def test_freshness_phrases_become_posted_within_days(query: str, days: int, rest: dict[str, object]) -> None:
    reading = read(query)
    assert reading.filters.posted_within_days == days
    for name, value in rest.items():
        assert getattr(reading.filters, name) == value
    assert reading.notes == []


def test_a_second_time_window_is_noted_not_applied() -> None:
    reading = read("ios jobs posted this week, fresh")
    assert reading.filters.posted_within_days == 7
    assert any("only the first time window" in note for note in reading.notes)
