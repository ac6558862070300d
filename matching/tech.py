"""Is a board a tech employer? The share of its open jobs whose titles are technical. Pure.

The extended directory (docs/scaling.md) holds thousands of boards of hospitals, retailers and
restaurants; a search for "engineer" should not page through their maintenance engineers by default.
A board's share is computed from its own job titles after every read (boards/services/check.py) and
stored on the resource; `tech_companies_only` searches keep boards whose share is at least
`TECH_COMPANY_SHARE`.

A title is technical when it names a technical field (software, data, security, IT, design,
product, engineering…) and is not one of the roles that borrow those words (sales engineers stay
technical; "maintenance technician", "data entry clerk", "IT recruiter" do not count).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

# A board is a tech company when at least this share of its open jobs are technical. Measured on
# the built-in directory's kind of board: product companies sit at 0.3–0.9, hospitals and retailers
# at 0.0–0.1 (tests/matching/test_tech.py holds examples on both sides).
TECH_COMPANY_SHARE = 0.25

_TECH = re.compile(
    r"\b("
    r"engineer(?:s|ing)?|developer|develop(?:ment)? engineer|programmer|software|firmware|hardware|"
    r"devops|devsecops|sre|site reliability|infrastructure|platform|cloud|backend|back-end|frontend|front-end|"
    r"full[- ]?stack|mobile|ios|android|web|embedded|qa|quality assurance|test automation|sdet|"
    r"data|analytics|scientist|machine learning|ml|ai|artificial intelligence|deep learning|nlp|"
    r"computer vision|research scientist|bi|business intelligence|database|dba|etl|"
    r"security|cyber ?security|infosec|penetration|soc analyst|"
    r"it|information technology|systems? administrator|sysadmin|network|helpdesk|help desk|"
    r"technical support|it support|desktop support|solutions? architect|architect|"
    r"product manager|product owner|product management|product designer|"
    r"designer|design|ux|ui|user experience|user research(?:er)?|"
    r"technolog(?:y|ist)|cto|cio|ciso|scrum master|agile coach|technical program manager|tpm"
    r")\b"
)
# Words that make a technical-sounding title something else.
_NOT_TECH = re.compile(
    r"\b("
    r"maintenance|security officer|security guard|custodian|janitor|housekeep\w*|mechanic|hvac|plumb\w*|electrician|welder|"
    r"data entry|clerk|cashier|driver|nurse|nursing|physician|therapist|pharmac\w*|"
    r"recruit\w*|talent acquisition|sourcer|interior design\w*|floral design\w*|hair|stylist|"
    r"kitchen|cook|chef|bartender|sales associate|store associate|store manager|warehouse|forklift"
    r")\b"
)


@functools.lru_cache(maxsize=4096)  # a board repeats its titles
def is_tech_title(title: str) -> bool:
    """Whether a job title is a technical role (engineering, data, product, design, IT, security…)."""
    text = " ".join(title.lower().replace("/", " ").split())
    return bool(_TECH.search(text)) and not _NOT_TECH.search(text)


def tech_share(titles: Iterable[str]) -> float | None:
    """The share (0..1) of technical titles, rounded to 3 places; None for a board with no jobs
    (nothing to judge it by)."""
    total = technical = 0
    for title in titles:
        total += 1
        technical += is_tech_title(title)
    return round(technical / total, 3) if total else None


def is_tech_company(share: float | None) -> bool:
    """The in-memory twin of the `tech_companies_only` SQL condition (`tech_share >= TECH_COMPANY_SHARE`):
    an unknown share is not a tech company."""
    return share is not None and share >= TECH_COMPANY_SHARE
