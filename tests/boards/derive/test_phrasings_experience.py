"""Experience as people write it (issue 17): ceilings, abbreviations, numbers written twice,
degree-plus requirements and labels before the count, each class with phrasings that must be read
and phrasings that must never be read as a requirement. The rules are in docs/derived-fields.md."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from boards.derive.experience import experience_from_text
from boards.job import ParsedJob
from boards.services.jobstore import filter_columns
from watches.filters import Filters, filters_match

Years = tuple[float | None, float | None]

# A ceiling is a maximum with no minimum; a range keeps both ends, "0-2" keeps its stated 0.
CEILINGS: list[tuple[str, Years]] = [
    ("less than 2 years of experience", (None, 2)),
    ("Less than 3 years experience", (None, 3)),
    ("under 2 years of experience", (None, 2)),
    ("Under 1 year of professional experience", (None, 1)),
    ("no more than 5 years of experience", (None, 5)),
    ("not more than 4 years of relevant experience", (None, 4)),
    ("a maximum of 4 years of experience", (None, 4)),
    ("maximum of 3 yrs experience", (None, 3)),
    ("Max 2 years of experience", (None, 2)),
    ("at most 2 years of experience", (None, 2)),
    ("up to 5 years of experience", (None, 5)),
    ("Up to 2 years' experience in sales", (None, 2)),
    ("fewer than 3 years of experience", (None, 3)),
    ("3 years or less of experience", (None, 3)),
    ("2 years max experience", (None, 2)),
    ("5 years experience max", (None, 5)),
    ("3 years of experience or less", (None, 3)),
    ("Experience: up to 3 years", (None, 3)),
    ("Experience: less than 1 year", (None, 1)),
    ("Years of experience: up to 2", (None, 2)),
    ("Ideal candidates have less than 1 year of experience", (None, 1)),
    ("a candidate with a maximum of 3 years of post-qualification experience", (None, 3)),
    ("0-2 years", (0, 2)),
    ("0 to 1 years of experience", (0, 1)),
    ("Experience: 0-1 years", (0, 1)),
    ("1-3 years of experience", (1, 3)),
    ("3 to 5 yrs", (3, 5)),
    ("3-5 yrs of experience in data engineering", (3, 5)),
    # "no less than" and "not less than" are floors.
    ("no less than 5 years of experience", (5, None)),
    ("not less than 3 years of experience", (3, None)),
    ("more than 5 years of experience", (5, None)),
]

# Abbreviations, a number written twice, labels before the count.
FORMS: list[tuple[str, Years]] = [
    ("7+ yr", (7, None)),
    ("7+ yrs of Python", (7, None)),
    ("7 yrs of experience", (7, None)),
    ("7y+ experience", (7, None)),
    ("5y exp", (5, None)),
    ("2y+ of Go", (2, None)),
    ("3yrs+", (3, None)),
    ("3 + years of experience", (3, None)),
    ("3 plus years of experience", (3, None)),
    ("five (5) years of experience", (5, None)),
    ("5 (five) years of experience", (5, None)),
    ("ten (10)+ years of experience", (10, None)),
    ("two (2) to four (4) years of experience", (2, 4)),
    ("Master's degree with two (2) years of experience", (2, None)),
    ("Experience: 4+ years", (4, None)),
    ("Experience required: 4+ years", (4, None)),
    ("Relevant experience: 3 years", (3, None)),
    ("Work Experience - 2 years", (2, None)),
    ("Experience level: 3-5 yrs", (3, 5)),
    ("Exp: 7 yrs", (7, None)),
    ("exp. 5+ years", (5, None)),
    ("Minimum experience: 6 years", (6, None)),
    ("Senior (7+ years)", (7, None)),
    ("Minimum 3 years experience", (3, None)),
]

# Degree-plus requirements; where degrees open several paths on one line the lowest one counts.
DEGREES: list[tuple[str, Years]] = [
    ("BS + 6 years", (6, None)),
    ("BS + 6 years of experience", (6, None)),
    ("Master's degree and 4 years", (4, None)),
    ("Master's degree and 4 years of experience", (4, None)),
    ("PhD or MS with 2+ years", (2, None)),
    ("High school diploma and 1 year of customer service experience", (1, None)),
    ("Bachelor's degree and 8+ years, or Master's and 6+ years", (6, None)),
    ("BS and 6+ years of experience or MS and 4+ years or PhD and 2+ years", (2, None)),
    (
        "Bachelor's degree with 5+ years of experience, or Master's degree with 3+ years, or PhD with 1+ year",
        (1, None),
    ),
    ("B.S. plus 4 years", (4, None)),
    ("MBA & 3 years", (3, None)),
    ("PhD + 0-2 years of industry experience", (0, 2)),
    # Paths on other lines are separate requirements: the first one wins.
    ("BS + 6 years\nNice to have: MS + 2 years", (6, None)),
]

# Years that are no requirement.
NEVER: list[str] = [
    "founded 12 years ago",
    "a 4-year degree",
    "a four-year degree",
    "4 year degree required",
    "2 years of runway",
    "a degree and 2 years of runway",
    "MBA, 5 years ago",
    "We are 12 years old",
    "The team is 3 years old",
    "2-year contract",
    "a 2 year fixed term contract",
    "our 10-year anniversary",
    "3 years of age or older",
    "We grew 3x in less than 2 years.",
    "in under 5 years we became the leader",
    "expected to deliver in 3 years",
    "up to 5 years",
    "7 yrs",
    "7y",
    "Python y Java",
    "every day, every year",
    "we have been profitable for 7y",
    "4 years of university",
    "a 3 year vesting schedule",
]


@pytest.mark.parametrize(("text", "expected"), CEILINGS + FORMS + DEGREES)
def test_requirements_are_read(text: str, expected: Years) -> None:
    assert experience_from_text(text) == expected


@pytest.mark.parametrize("text", NEVER)
def test_years_that_are_no_requirement_are_never_read(text: str) -> None:
    assert experience_from_text(text) is None


def _row(job: ParsedJob) -> SimpleNamespace:
    return SimpleNamespace(**filter_columns(job, company=""))


@pytest.mark.parametrize(("limit", "include_unknown"), [(0, False), (1, False), (5, True), (0, True)])
def test_a_ceiling_alone_passes_every_max_experience_filter(limit: float, include_unknown: bool) -> None:
    """ "less than 2 years" asks at least nothing: a candidate with any experience qualifies."""
    job = ParsedJob(key="id:1", title="Analyst", experience_years=None, experience_years_max=2)
    filters = Filters(max_experience_years=limit, include_unknown=include_unknown)
    assert filters_match(filters, _row(job))


def test_a_job_stating_no_years_is_unknown_to_the_experience_filter() -> None:
    job = ParsedJob(key="id:1", title="Analyst")
    assert filters_match(Filters(max_experience_years=3, include_unknown=True), _row(job))
    assert not filters_match(Filters(max_experience_years=3, include_unknown=False), _row(job))
