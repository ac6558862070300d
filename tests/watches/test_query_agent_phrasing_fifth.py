"""The query reader on a fifth set of agents' phrasing (docs/queries.md): each row a general rule.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from watches.query import interpret


def _filters(query: str) -> dict[str, Any]:
    filters = interpret(query).as_dict()["filters"]
    assert filters.pop("include_unknown") is True
    return filters


COMPANY_PLACE_PAIRS: list[tuple[str, dict[str, Any]]] = [
    # Company + place pairs in a list: the list goes on after a comma while the next name also ends
    # in a place; the places are locations.
    (
        "at Google Zurich, Meta London, python",
        {"keywords": ["python"], "locations": ["zurich", "london"], "companies": ["google", "meta"]},
    ),
    (
        "backend at Google Zurich, Meta London and Amazon Berlin, senior, 150k",
        {
            "keywords": ["backend"],
            "locations": ["zurich", "london", "berlin"],
            "seniority": ["senior"],
            "companies": ["google", "meta", "amazon"],
            "min_salary": 150000,
        },
    ),
    # A name without a place after a comma still closes the list ("backend" is the role).
    (
        "staff software engineer at Stripe Dublin, backend",
        {"keywords": ["backend"], "locations": ["dublin"], "seniority": ["staff"], "companies": ["stripe"]},
    ),
]

CLEARANCES: list[tuple[str, dict[str, Any]]] = [
    # A security clearance is one term, a specific role word: never split on "/", never "top" (a
    # request word) and "secret"; "cleared", "clearance", "active" around it are part of it.
    ("TS/SCI cleared software engineer in Herndon", {"keywords": ["ts/sci"], "locations": ["herndon"]}),
    ("cleared TS-SCI data scientist", {"all_keywords": ["data", "scientist", "ts/sci"]}),
    ("top secret clearance systems engineer", {"all_keywords": ["system", "top secret"]}),
    ("public trust java developer", {"all_keywords": ["java", "public trust"]}),
    ("secret clearance network engineer", {"all_keywords": ["network", "secret"]}),
    ("SC/DV cleared devops London", {"all_keywords": ["devops", "sc/dv"], "locations": ["london"]}),
    ("DV cleared engineer", {"keywords": ["dv"]}),
    # Beside a choice of words the clearance is needed too; a polygraph is noted.
    (
        "python or java developer with active TS/SCI w/ full scope poly, Maryland",
        {"keywords": ["python", "java"], "all_keywords": ["ts/sci"], "locations": ["maryland"]},
    ),
    (
        "Sr. SRE - TS/SCI w/ CI Poly - Chantilly VA",
        {"all_keywords": ["sre", "ts/sci"], "locations": ["chantilly va"], "seniority": ["senior"]},
    ),
    # Refused, it is excluded; "SC" without "cleared" is still South Carolina, "TS" alone a word.
    ("no TS/SCI, software engineer", {"keywords": ["software engineer"], "exclude_keywords": ["ts/sci"]}),
    ("devops in SC, 120k", {"keywords": ["devops"], "locations": ["south carolina"], "min_salary": 120000}),
    ("TypeScript TS developer", {"all_keywords": ["typescript", "ts"]}),
]


@pytest.mark.parametrize(
    ("query", "expected"), COMPANY_PLACE_PAIRS + CLEARANCES, ids=[c[0] for c in COMPANY_PLACE_PAIRS + CLEARANCES]
)
def test_pairs_and_clearances(query: str, expected: dict[str, Any]) -> None:
    assert _filters(query) == expected


def test_company_place_pairs_are_noted_as_read_apart() -> None:
    notes = interpret("at Google Zurich, Meta London, python").notes
    assert any("pairs were read apart" in note for note in notes)
    assert not any("pairs" in note for note in interpret("SWE at Microsoft Redmond").notes)


def test_a_polygraph_is_noted_not_a_keyword() -> None:
    reading = interpret("TS/SCI with polygraph, python")
    assert reading.filters.all_keywords == ("python", "ts/sci")
    assert any("polygraph" in note for note in reading.notes)
