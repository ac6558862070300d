"""The query reader on an eighth batch of agent queries (docs/queries.md): a choice of languages
before the field they share ("golang or rust backend"), "remote-friendly" beside places, "nearshore",
pay quoted by the month ("40k NIS", "$12k"), "Home Office" with a UK place after "in".

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters

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
