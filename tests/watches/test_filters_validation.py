from __future__ import annotations

from typing import Any

import pytest

from watches.filters import Filters
from watchtower.errors import AppError


def test_filters_are_read_trimmed_lowercased_and_deduplicated() -> None:
    filters = Filters.from_dict({"keywords": [" iOS ", "ios", "Swift"], "salary_currency": "usd", "min_salary": 150000})
    assert filters.keywords == ("ios", "swift")
    assert filters.salary_currency == "USD"
    assert filters.min_salary == 150000


def test_keys_that_are_not_filters_are_ignored() -> None:
    assert Filters.from_dict({"query": "ios", "url": "https://example.com", "label": "x"}) == Filters()


def test_a_single_string_is_read_as_one_term() -> None:
    assert Filters.from_dict({"locations": "Austin, TX"}).locations == ("austin, tx",)


INVALID: list[tuple[dict[str, Any], str]] = [
    ({"keywords": [1]}, "keywords must be a list of strings"),
    ({"keywords": {"a": 1}}, "keywords must be a list of strings"),
    ({"keywords": [f"k{i}" for i in range(21)]}, "at most 20"),
    ({"locations": ["x" * 101]}, "at most 100 characters"),
    ({"exclude_keywords": ["+++"]}, "no letters or digits"),
    ({"seniority": ["guru"]}, "is not one of"),
    ({"remote_only": "yes"}, "true or false"),
    ({"include_unknown": 1}, "true or false"),
    ({"min_salary": -1}, "between 0 and"),
    ({"min_salary": 10_000_001}, "between 0 and 10,000,000 without a salary_currency"),
    ({"min_salary": 10_000_001, "salary_currency": "EUR"}, "between 0 and 10,000,000 in EUR"),
    ({"min_salary": 40_000_000_001, "salary_currency": "COP"}, "between 0 and"),
    ({"min_salary": 2**31, "salary_currency": "VND"}, "between 0 and 2,147,483,647"),
    ({"min_salary": "150k"}, "must be a number"),
    ({"min_salary": True}, "must be a number"),
    ({"min_salary": float("nan")}, "must be a number"),
    ({"max_experience_years": 51}, "between 0 and 50"),
    ({"salary_currency": "US"}, "three-letter"),
    ({"salary_currency": "U$D"}, "three-letter"),
]


def test_min_salary_is_capped_in_its_own_currency() -> None:
    """A year's pay in a currency of small units is larger: 8,000,000 COP a month is 96,000,000 a year
    (watches.filters.max_min_salary)."""
    assert Filters.from_dict({"min_salary": 96_000_000, "salary_currency": "COP"}).min_salary == 96_000_000
    assert Filters.from_dict({"min_salary": 10_000_000}).min_salary == 10_000_000
    assert Filters.from_dict({"min_salary": 2**31 - 1, "salary_currency": "VND"}).min_salary == 2**31 - 1


@pytest.mark.parametrize(("data", "message"), INVALID)
def test_invalid_filters_are_refused_with_a_clear_message(data: dict[str, Any], message: str) -> None:
    with pytest.raises(AppError) as caught:
        Filters.from_dict(data)
    assert caught.value.code == "VALIDATION_ERROR"
    assert message in caught.value.message


def test_as_dict_omits_empty_values_and_always_states_include_unknown() -> None:
    filters = Filters.from_dict({"keywords": ["ios"], "max_experience_years": 6})
    assert filters.as_dict() == {"keywords": ["ios"], "max_experience_years": 6, "include_unknown": True}


def test_as_dict_round_trips_through_from_dict() -> None:
    filters = Filters.from_dict(
        {
            "keywords": ["ios"],
            "all_keywords": [],
            "exclude_keywords": ["manager"],
            "locations": ["austin"],
            "seniority": ["senior"],
            "remote_only": True,
            "min_salary": 150000,
            "salary_currency": "USD",
            "max_experience_years": 4.5,
            "include_unknown": False,
        }
    )
    assert Filters.from_dict(filters.as_dict()) == filters


def test_explicit_filters_override_field_by_field() -> None:
    parsed = Filters(keywords=("ios",), locations=("austin",), min_salary=150000)
    merged = parsed.merged({"locations": ["dallas"], "include_unknown": False})
    assert merged == Filters(keywords=("ios",), locations=("dallas",), min_salary=150000, include_unknown=False)


def test_an_explicit_role_in_one_form_replaces_the_querys_role_in_the_other() -> None:
    parsed = Filters(keywords=("ios",), locations=("austin",))
    assert parsed.merged({"all_keywords": ["swift", "ios"]}).keywords == ()
    assert Filters(all_keywords=("data", "scientist")).merged({"keywords": ["ml"]}).all_keywords == ()


def test_an_explicit_empty_list_clears_the_querys_value() -> None:
    assert Filters(locations=("austin",)).merged({"locations": []}).locations == ()


def test_exclusions_alone_leave_the_filters_empty() -> None:
    assert Filters(exclude_keywords=("manager",)).is_empty()
    assert not Filters(remote_only=True).is_empty()
    assert not Filters(max_experience_years=0).is_empty()
