"""Level words in a query become a seniority filter, not a keyword (issue 17): the same words as
in titles (boards/derive/seniority.py), so "lead Go developer" finds Go jobs at the senior level
rather than titles containing "lead"."""

from __future__ import annotations

from typing import Any

import pytest

from watches.query import interpret

CASES: list[tuple[str, dict[str, Any]]] = [
    ("lead Go developer", {"keywords": ["go"], "seniority": ["senior"]}),
    ("lead engineer jobs", {"keywords": ["engineer"], "seniority": ["senior"]}),
    ("tech lead roles in Berlin", {"locations": ["berlin"], "seniority": ["senior"]}),
    ("team lead python", {"keywords": ["python"], "seniority": ["senior"]}),
    ("staff lead engineer", {"keywords": ["engineer"], "seniority": ["staff"]}),
    ("lead or staff backend roles", {"keywords": ["backend"], "seniority": ["senior", "staff"]}),
    ("lead generation specialist", {"all_keywords": ["lead", "generation"]}),
    ("distinguished engineer", {"keywords": ["engineer"], "seniority": ["principal"]}),
    ("fellow engineer roles", {"keywords": ["engineer"], "seniority": ["principal"]}),
    ("engineering fellow", {"seniority": ["principal"]}),
    ("principal or distinguished engineer", {"keywords": ["engineer"], "seniority": ["principal"]}),
    ("early career data analyst", {"all_keywords": ["data", "analyst"], "seniority": ["entry"]}),
    ("graduate software engineer", {"keywords": ["software engineer"], "seniority": ["entry"]}),
    ("entry-level marketing jobs", {"keywords": ["marketing"], "seniority": ["entry"]}),
    ("new grad backend roles", {"keywords": ["backend"], "seniority": ["entry"]}),
    ("junior-level designer", {"keywords": ["designer"], "seniority": ["entry"]}),
    ("trainee accountant", {"keywords": ["accountant"], "seniority": ["entry"]}),
    ("VP engineering", {"keywords": ["engineering"], "seniority": ["director"]}),
    ("SVP sales", {"keywords": ["sales"], "seniority": ["director"]}),
    ("head of data", {"keywords": ["data"], "seniority": ["director"]}),
    ("working student python", {"keywords": ["python"], "seniority": ["intern"]}),
    ("stagiaire développeur python", {"keywords": ["python"], "seniority": ["intern"]}),
    ("becario de datos Madrid", {"keywords": ["dato"], "locations": ["madrid"], "seniority": ["intern"]}),
    ("estagiário em engenharia", {"keywords": ["engenharia"], "seniority": ["intern"]}),
    ("développeur python confirmé", {"keywords": ["python"], "seniority": ["mid"]}),
    ("medior frontend developer", {"keywords": ["frontend"], "seniority": ["mid"]}),
    ("Leitung IT Berlin", {"locations": ["berlin"], "seniority": ["director"]}),
    ("Leiter Vertrieb, Hamburg", {"keywords": ["vertrieb"], "locations": ["hamburg"], "seniority": ["director"]}),
    (
        "Teamleiter Kundenservice, Hamburg",
        {"keywords": ["kundenservice"], "locations": ["hamburg"], "seniority": ["senior"]},
    ),
    ("Projektleiter Bau München", {"all_keywords": ["projektleiter", "bau"], "locations": ["münchen"]}),
]


@pytest.mark.parametrize(("query", "expected"), CASES)
def test_level_words_become_a_seniority_filter(query: str, expected: dict[str, Any]) -> None:
    filters = interpret(query).as_dict()["filters"]
    filters.pop("include_unknown", None)
    assert filters == expected
