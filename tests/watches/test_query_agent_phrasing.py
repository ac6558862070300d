"""The query reader on agents' own phrasing: queries written the way agents send them, each row
a general rule the reader follows (docs/queries.md), not a special case.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from watches.query import interpret

QUALIFIER_OPENS_A_SEGMENT: list[tuple[str, dict[str, Any]]] = [
    # A state or country qualifier after a comma joins the place before it even when more words
    # follow it in the segment; the rest of the segment is read as usual.
    ("San Francisco, CA backend", {"keywords": ["backend"], "locations": ["san francisco, ca"]}),
    (
        "python developer San Francisco, CA backend",
        {"all_keywords": ["python", "backend"], "locations": ["san francisco, ca"]},
    ),
    ("Toronto, ON python developer", {"keywords": ["python"], "locations": ["toronto, on"]}),
    ("Albany, New York backend", {"keywords": ["backend"], "locations": ["albany, new york"]}),
    ("Austin, Texas frontend", {"keywords": ["frontend"], "locations": ["austin, texas"]}),
    # A grammar word is a qualifier there only in capitals.
    ("Portland, OR backend", {"keywords": ["backend"], "locations": ["portland, or"]}),
    # Not one place narrowed: "IT" is the role, London stays the place.
    ("London, IT support", {"keywords": ["support"], "locations": ["london"]}),
    # The whole-segment qualifier, as before.
    ("data engineer, Austin, TX, senior", {"keywords": ["data"], "locations": ["austin, tx"], "seniority": ["senior"]}),
]

NEGATED_REMOTE: list[tuple[str, dict[str, Any]]] = [
    # "remote" refused with words between the negation and it is never read as wished for.
    ("not the remote kind", {}),
    ("python, not the remote kind", {"keywords": ["python"]}),
    ("not a remote job, backend", {"keywords": ["backend"]}),
    ("I don't want remote work, python", {"keywords": ["python"]}),
    ("not interested in remote, java", {"keywords": ["java"]}),
    ("no fully remote roles, java", {"keywords": ["java"]}),
    ("no remote java jobs", {"keywords": ["java"]}),
]


def _filters(query: str) -> dict[str, Any]:
    filters = interpret(query).as_dict()["filters"]
    assert filters.pop("include_unknown") is True
    return filters


@pytest.mark.parametrize(
    ("query", "expected"), QUALIFIER_OPENS_A_SEGMENT, ids=[c[0] for c in QUALIFIER_OPENS_A_SEGMENT]
)
def test_a_qualifier_opening_a_segment_joins_the_place_before_it(query: str, expected: dict[str, Any]) -> None:
    assert _filters(query) == expected


@pytest.mark.parametrize(("query", "expected"), NEGATED_REMOTE, ids=[c[0] for c in NEGATED_REMOTE])
def test_remote_refused_is_noted_never_required(query: str, expected: dict[str, Any]) -> None:
    assert _filters(query) == expected
    assert any("excluding remote jobs is not a filter" in note for note in interpret(query).notes)


def test_a_negation_left_over_is_noted_never_a_keyword() -> None:
    interpretation = interpret("python, not")
    assert interpretation.filters.keywords == ("python",)
    assert any('"not" was not understood' in note for note in interpretation.notes)
