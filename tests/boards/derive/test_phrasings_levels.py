"""Levels and structured fields as platforms and people write them (issue 17): level words of
titles, an internship employment type, and a platform's custom workplace field values. The same
level words in a query are in tests/watches/test_query_levels.py. Rules: docs/derived-fields.md."""

from __future__ import annotations

import pytest

from boards.derive import derive_job
from boards.derive.seniority import seniority, seniority_of_posting
from boards.derive.workplace import workplace_type
from boards.sources.base import Posting

TITLES: list[tuple[str, str]] = [
    ("Lead Engineer", "senior"),
    ("Lead Go Developer", "senior"),
    ("Tech Lead, Payments", "senior"),
    ("Team Lead - Customer Support", "senior"),
    ("Staff Lead Engineer", "staff"),
    ("Lead Staff Engineer", "staff"),
    ("Lead Generation Specialist", "mid"),
    ("Junior Data Analyst", "entry"),
    ("Early Career Software Engineer", "entry"),
    ("Early-Career Analyst", "entry"),
    ("New Grad SWE", "entry"),
    ("Software Engineer, New Graduate", "entry"),
    ("Graduate Engineer", "entry"),
    ("Entry-Level Accountant", "entry"),
    ("Entry Level Sales Representative", "entry"),
    ("Head of Data", "director"),
    ("Head of Engineering, EMEA", "director"),
    ("VP, Sales", "director"),
    ("VP of Product", "director"),
    ("SVP Marketing", "director"),
    ("Distinguished Engineer", "principal"),
    ("Engineering Fellow", "principal"),
    ("Technical Fellow", "principal"),
    ("Fellow, AI Platform", "principal"),
    ("Senior Fellow", "principal"),
    # Academic and clinical fellowships are posts, not the principal level.
    ("Research Fellow", "mid"),
    ("Postdoctoral Fellow", "mid"),
    ("Clinical Fellow", "mid"),
    ("Teaching Fellow", "mid"),
    ("Fellowship Program Coordinator", "mid"),
    # An intern in French, German, Spanish, Portuguese, Italian and Polish titles; "confirmé" (French)
    # and "medior" (Dutch) name no level of the ladder: mid, as the query reader reads them.
    ("Stagiaire Développeur Python", "intern"),
    ("Praktikant Vertrieb", "intern"),
    ("Becario de Datos", "intern"),
    ("Estagiário em Engenharia de Software", "intern"),
    ("Stagista Marketing", "intern"),
    ("Stażysta IT", "intern"),
    ("Développeur Python Confirmé", "mid"),
    ("Medior Frontend Developer", "mid"),
    # German heads and team leads; a compound of "-leiter" is its own job ("Projektleiter": a project manager).
    ("Leitung IT & CRM (36 bis 40 Std./Woche)", "director"),
    ("Leiter Vertrieb (m/w/d)", "director"),
    ("Abteilungsleiterin Finanzen", "director"),
    ("Geschäftsführer", "director"),
    ("Teamleiter Kundenservice", "senior"),
    ("Projektleiter Bau", "mid"),
    ("Filialleiter", "mid"),
]


@pytest.mark.parametrize(("title", "level"), TITLES)
def test_level_words_of_titles(title: str, level: str) -> None:
    assert seniority(title) == level


EMPLOYMENT_TYPES: list[tuple[str, str, str]] = [
    ("Software Engineer", "Intern", "intern"),
    ("Software Engineer", "INTERN", "intern"),
    ("Marketing", "internship", "intern"),
    ("Data Team", "Internship", "intern"),
    ("Backend", "Working Student", "intern"),
    ("Backend", "Werkstudent", "intern"),
    ("Kommunikation", "Praktikum", "intern"),
    ("Engineering", "co_op", "intern"),
    ("Engineering", "Apprenticeship", "intern"),
    ("Senior Engineer", "Intern", "intern"),
    ("Senior Engineer", "FullTime", "senior"),
    ("Senior Engineer", "FULL_TIME", "senior"),
    ("Software Engineer", "fulltime_fixed_term", "mid"),
    ("Software Engineer", "Internal", "mid"),
    ("Software Engineer", "International", "mid"),
    ("Software Engineer", "", "mid"),
    ("Engineering Intern", "", "intern"),
]


@pytest.mark.parametrize(("title", "employment_type", "level"), EMPLOYMENT_TYPES)
def test_an_internship_employment_type_is_the_intern_level(title: str, employment_type: str, level: str) -> None:
    assert seniority_of_posting(title, employment_type) == level


def test_derive_job_reads_the_employment_type() -> None:
    job = derive_job(Posting(id="1", title="Software Engineer", employment_type="Intern"), platform="ashby")
    assert job.seniority == "intern"


WORKPLACE_FIELDS: list[tuple[str, str]] = [
    ("Office-based", "onsite"),
    ("Office Based", "onsite"),
    ("In office", "onsite"),
    ("In-Office", "onsite"),
    ("On-site", "onsite"),
    ("Onsite", "onsite"),
    ("On Site (5 days)", "onsite"),
    ("Office", "onsite"),
    ("Office (London)", "onsite"),
    ("Work from office", "onsite"),
    ("WFO", "onsite"),
    ("Vor Ort", "onsite"),
    ("In Person", "onsite"),
    ("Hybrid (3 days)", "hybrid"),
    ("Hybrid", "hybrid"),
    ("Flexible", "hybrid"),
    ("Office / Remote", "hybrid"),
    ("Home office 2 days", "hybrid"),
    ("Remote", "remote"),
    ("Fully Remote", "remote"),
    ("Remote (5 days a week)", "remote"),
    ("Home based", "remote"),
    ("Homeoffice", "remote"),
    ("London", "unknown"),
    ("Unspecified", "unknown"),
]


@pytest.mark.parametrize(("value", "kind"), WORKPLACE_FIELDS)
def test_a_platform_workplace_field_value_sets_the_workplace(value: str, kind: str) -> None:
    assert workplace_type(title="Engineer", location="Berlin", hint=value) == kind


OTHER_LOCATIONS: list[tuple[str, list[str], tuple[str, ...]]] = [
    ("Utrecht, Utrecht, Netherlands", ["Utrecht", "Amsterdam"], ("Amsterdam",)),
    ("Berlin, Germany", ["Berlin", "Germany", "Munich, Germany"], ("Germany", "Munich, Germany")),
    ("Berlin", ["Berlin, Germany", "Berlin, DE", "BERLIN"], ()),
    ("London, UK", ["London", "London, Ontario"], ("London, Ontario",)),
    ("Portland, OR", ["Portland, ME", "Portland, Oregon"], ("Portland, ME",)),
    ("Remote (US)", ["Remote - US", "Remote (EMEA)"], ("Remote (EMEA)",)),
    ("", ["Berlin", "Berlin, Germany", "Paris"], ("Berlin", "Paris")),
    ("Austin, TX", ["Austin, TX", "Remote (US)"], ("Remote (US)",)),
]


@pytest.mark.parametrize(("location", "others", "expected"), OTHER_LOCATIONS)
def test_other_locations_never_repeat_a_place_in_another_spelling(
    location: str, others: list[str], expected: tuple[str, ...]
) -> None:
    job = derive_job(Posting(id="1", title="Engineer", location=location, other_locations=others), platform="ashby")
    assert job.other_locations == expected
