"""A board's share of technical postings, from its own job titles (matching/tech.py)."""

from __future__ import annotations

import pytest

from matching.tech import TECH_COMPANY_SHARE, is_tech_company, is_tech_title, tech_share


@pytest.mark.parametrize(
    "title",
    [
        "Senior Software Engineer",
        "Staff Machine Learning Engineer",
        "Data Analyst",
        "Product Manager, Payments",
        "Product Designer",
        "UX Researcher",
        "IT Support Specialist",
        "Cybersecurity Analyst",
        "Site Reliability Engineer (SRE)",
        "Solutions Architect",
        "Sales Engineer",
        "Mechanical Engineer",
        "iOS Developer",
    ],
)
def test_technical_titles(title: str) -> None:
    assert is_tech_title(title)


@pytest.mark.parametrize(
    "title",
    [
        "Registered Nurse",
        "Store Manager",
        "Maintenance Technician",
        "Maintenance Engineer",
        "Data Entry Clerk",
        "Technical Recruiter",
        "Interior Designer",
        "Security Officer",
        "Line Cook",
        "Financial Analyst",
        "Account Executive",
        "Warehouse Associate",
    ],
)
def test_titles_that_are_not_technical(title: str) -> None:
    assert not is_tech_title(title)


def test_the_share_of_a_product_company_and_of_a_hospital() -> None:
    product = ["Backend Engineer", "Product Designer", "Account Executive", "Data Scientist", "Office Manager"]
    hospital = ["Registered Nurse", "Registered Nurse", "Physician Assistant", "IT Support Specialist", "Line Cook"]
    assert tech_share(product) == 0.6 and is_tech_company(tech_share(product))
    assert tech_share(hospital) == 0.2 and not is_tech_company(tech_share(hospital))


def test_no_jobs_no_share() -> None:
    assert tech_share([]) is None
    assert not is_tech_company(None)
    assert is_tech_company(TECH_COMPANY_SHARE) and not is_tech_company(TECH_COMPANY_SHARE - 0.001)
