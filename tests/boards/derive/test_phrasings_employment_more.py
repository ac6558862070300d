"""Employment type cases beyond test_phrasings_employment.py (the issue 19 acceptance audit):
platform values as boards print them, titles, and labelled statements. A fixed-term contract is
temporary employment (the person is an employee until a date), not contract work; a job about the
company's contractors ("Contractor Relations Manager") is not a contract job."""

from __future__ import annotations

import pytest

from boards.derive.employment import employment_type_from_value, employment_type_of

VALUES: list[tuple[str, str | None]] = [
    ("Full Time", "full_time"),
    ("Permanent - Full Time", "full_time"),
    ("Full-time, Permanent", "full_time"),
    ("Regular Full-Time", "full_time"),
    ("Festanstellung", "full_time"),
    ("Part-Time", "part_time"),
    ("Part time (20h)", "part_time"),
    ("Minijob", "part_time"),
    ("Vollzeit / Teilzeit", "part_time"),
    ("Full-time or Part-time", "part_time"),
    ("Contractor", "contract"),
    ("Freelance", "contract"),
    ("Contract (6 months)", "contract"),
    ("Fixed-term contract", "temporary"),
    ("Fixed Term Contract", "temporary"),
    ("Full time, fixed term (12 months)", "temporary"),
    ("Befristet", "temporary"),
    ("Temp to Perm", "temporary"),
    ("CDD", "temporary"),
    ("Interim", "temporary"),
    ("Per Diem", "temporary"),
    ("Werkstudent", "internship"),
    ("Internship (Summer 2026)", "internship"),
    ("Co-op", "internship"),
    ("Apprenticeship", "internship"),
    ("Placement Year", "internship"),
    ("Industrial Placement", "internship"),
    ("Alternance", "internship"),
    ("Volunteer", None),
    ("Other", None),
]

TITLES: list[tuple[str, str | None]] = [
    ("Software Engineering Intern (Summer 2026)", "internship"),
    ("Software Engineer, Co-op (Fall 2026)", "internship"),
    ("Summer Internship - Marketing", "internship"),
    ("Apprentice Electrician", "internship"),
    ("Senior Backend Engineer (Contract)", "contract"),
    ("Freelance iOS Developer", "contract"),
    ("Data Analyst - 6 Month Contract", "contract"),
    ("Part-Time Customer Support Agent (20h/week)", "part_time"),
    ("Product Designer - Fixed Term (12 months)", "temporary"),
    ("Temporary Warehouse Associate", "temporary"),
    ("Backend Engineer (Full-time)", "full_time"),
    ("Backend Engineer (m/f/d) - Vollzeit", "full_time"),
    ("Internal Tools Engineer", None),
    ("Senior Engineer, Internal Platform", None),
    ("International Sales Manager", None),
    ("Contract Manager", None),
    ("Contracts Administrator", None),
    ("Contractor Relations Manager", None),
    ("Contractor Safety Lead", None),
    ("Engineering Manager, Interns Program", None),
    ("Graduate Software Engineer", None),
    ("Staff Engineer", None),
]

DESCRIPTIONS: list[tuple[str, str | None]] = [
    ("This is a full-time, permanent position.", "full_time"),
    ("This is a 12-month fixed-term contract.", "temporary"),
    ("This role is a contract position for 6 months.", "contract"),
    ("Employment Type: Full-time", "full_time"),
    ("Job Type: Contract", "contract"),
    ("Type of employment: Permanent", "full_time"),
    ("Type of contract: Fixed-term", "temporary"),
    ("This is a part-time role (20 hours per week).", "part_time"),
    ("We are hiring on a freelance basis.", "contract"),
    ("This is a temporary role covering maternity leave.", "temporary"),
    ("Our full-time employees enjoy great benefits.", None),
    ("You will manage contract negotiations with vendors.", None),
    ("You'll work with contractors and vendors.", None),
]


@pytest.mark.parametrize(("value", "expected"), VALUES)
def test_platform_values(value: str, expected: str | None) -> None:
    assert employment_type_from_value(value) == expected


@pytest.mark.parametrize(("title", "expected"), TITLES)
def test_titles(title: str, expected: str | None) -> None:
    found = employment_type_of(stated="", title=title)
    assert (found[0] if found else None) == expected
    if found is not None:
        assert found[1] == "text"


@pytest.mark.parametrize(("text", "expected"), DESCRIPTIONS)
def test_labelled_statements(text: str, expected: str | None) -> None:
    found = employment_type_of(stated="", title="Engineer", description_low=text.lower())
    assert (found[0] if found else None) == expected


def test_the_platform_value_wins_over_the_title() -> None:
    assert employment_type_of(stated="Fixed Term Contract", title="Contract iOS Engineer") == (
        "temporary",
        "structured",
    )
