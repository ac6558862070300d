"""The query reader on a tenth table of agent queries (docs/queries.md): a certification named by
its issuer ("AWS certified"), a language or a nationality asked for ("bilingual Spanish",
"Canadian"), working arrangements and employer terms without a filter ("night shift", "job share",
"union", "tenure-track", "GS-12"), a contract that becomes permanent ("6 months then perm"), a per
diem allowance ("$50 per diem"), short title words ("rep"), a school district ("Houston ISD"); then
a batch of agent queries across roles, countries, currencies and languages.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

# A certification named by its issuer or its name is noted, no keyword ("certified" was one, and
# the issuer too); "certified" before the role is part of a title and stays.
CERTIFICATIONS: list[tuple[str, dict[str, Any]]] = [
    ("AWS certified solutions architect", {"all_keywords": ["solution", "architect"]}),
    ("python developer, AWS certification required", {"keywords": ["python"]}),
    ("forklift certified warehouse associate", {"all_keywords": ["warehouse", "associate"]}),
    ("Salesforce certified admin, remote", {"keywords": ["admin"], "remote_only": True}),
    ("Six Sigma certified process engineer", {"keywords": ["process"]}),
    ("Red Hat certification, linux admin", {"all_keywords": ["linux", "admin"]}),
    ("board certified dermatologist", {"keywords": ["dermatologist"]}),
    ("OSHA 30 certified site supervisor", {"all_keywords": ["site", "supervisor"]}),
    # "certified" opening the title stays a title's word.
    ("certified nursing assistant", {"all_keywords": ["certified", "nursing", "assistant"]}),
    ("looking for certified nursing assistant jobs", {"all_keywords": ["certified", "nursing", "assistant"]}),
    ("PMP certified project manager", {"keywords": ["project"], "seniority": ["manager"]}),
]


@pytest.mark.parametrize(("query", "expected"), CERTIFICATIONS, ids=[c[0][:60] for c in CERTIFICATIONS])
def test_a_certification(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_certification_is_noted() -> None:
    notes = interpret("AWS certified solutions architect").notes
    assert notes[0].startswith('"aws certified": a certification is not something Watchtower can filter on')
