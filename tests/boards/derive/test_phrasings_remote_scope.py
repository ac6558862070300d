"""Where a remote job can be worked from (issue 19), read from location strings as platforms write
them (Greenhouse/Lever/Ashby location names, Workday `locationsText`, SmartRecruiters
`fullLocation`, JSON-LD `applicantLocationRequirements`), from platform fields, and from statements
in the posting text. Rules and limits: docs/derived-fields.md."""

from __future__ import annotations

import pytest

from boards.derive import derive_job
from boards.derive.remote_scope import scope_from_text
from boards.sources.base import Posting

# (location as the platform gives it, expected remote_scope)
LOCATIONS: list[tuple[str, tuple[str, ...]]] = [
    ("Remote - US", ("US",)),
    ("Remote, US", ("US",)),
    ("US Remote", ("US",)),
    ("Remote (US)", ("US",)),
    ("Remote - USA", ("US",)),
    ("Remote - United States", ("US",)),
    ("United States (Remote)", ("US",)),
    ("Remote in the US", ("US",)),
    ("US-Remote", ("US",)),
    ("Remote, US or Canada", ("US", "CA")),
    ("Remote - US / Canada", ("US", "CA")),
    ("Remote (US & Canada)", ("US", "CA")),
    ("Remote - Canada", ("CA",)),
    ("Canada (Remote)", ("CA",)),
    ("Remote - Ontario, Canada", ("CA-ON",)),
    ("Remote - California", ("US-CA",)),
    ("Remote, Texas", ("US-TX",)),
    ("Remote (New York, NY)", ("US-NY",)),
    ("Remote (EMEA)", ("EMEA",)),
    ("EMEA - Remote", ("EMEA",)),
    ("Remote - EMEA", ("EMEA",)),
    ("Remote - Europe", ("EU",)),
    ("Europe (Remote)", ("EU",)),
    ("Remote, EU", ("EU",)),
    ("Remote - UK", ("GB",)),
    ("UK Remote", ("GB",)),
    ("Remote - United Kingdom", ("GB",)),
    ("Remote - Germany", ("DE",)),
    ("Germany - Remote", ("DE",)),
    ("Remote (Deutschland)", ("DE",)),
    ("Remote - Berlin, Germany", ("DE-BE",)),
    ("Remote - Spain", ("ES",)),
    ("Remote - Portugal", ("PT",)),
    ("Remote - Netherlands", ("NL",)),
    ("Remote - Poland", ("PL",)),
    ("Remote - France", ("FR",)),
    ("Remote - Ireland", ("IE",)),
    ("Remote (LATAM)", ("LATAM",)),
    ("Remote - Latin America", ("LATAM",)),
    ("Remote - Brazil", ("BR",)),
    ("Remote - Mexico", ("MX",)),
    ("Remote - APAC", ("APAC",)),
    ("Remote (Asia Pacific)", ("APAC",)),
    ("Remote - India", ("IN",)),
    ("Remote - Australia", ("AU",)),
    ("Remote, Japan", ("JP",)),
    ("Remote - Singapore", ("SG",)),
    ("Remote - Americas", ("AMERICAS",)),
    ("Remote - North America", ("NORTH_AMERICA",)),
    ("Anywhere", ("worldwide",)),
    ("Remote - Anywhere", ("worldwide",)),
    ("Remote - Worldwide", ("worldwide",)),
    ("Worldwide", ("worldwide",)),
    ("Remote (Global)", ("worldwide",)),
    ("Remote", ()),
    ("Fully Remote", ()),
    ("Work from home", ()),
]

# (description statement, expected codes read from it)
STATEMENTS: list[tuple[str, tuple[str, ...]]] = [
    ("You must reside in the United States.", ("US",)),
    ("Candidates must be located in the US.", ("US",)),
    ("You must live in Canada to be considered.", ("CA",)),
    ("Open to candidates in Canada or Mexico.", ("CA", "MX")),
    ("This position is open to candidates based in Germany, Austria or Switzerland.", ("DE", "AT", "CH")),
    ("This role is remote within Europe.", ("EU",)),
    ("This is a fully remote role open to applicants residing in the UK.", ("GB",)),
    ("Applicants must be based in Spain or Portugal.", ("ES", "PT")),
    ("We hire remotely across Latin America.", ("LATAM",)),
    ("You can work from anywhere in EMEA.", ("EMEA",)),
    ("You can work from anywhere in the world.", ("worldwide",)),
    ("We're a fully distributed team; work from anywhere.", ("worldwide",)),
    ("Remote within CET ±2 hours.", ("EMEA",)),
    ("You should be within 3 hours of CET.", ("EMEA",)),
    ("Working hours must overlap with UTC-5 to UTC-8.", ("AMERICAS",)),
    ("You'll work in US time zones (EST/PST).", ("AMERICAS",)),
    ("Must be able to work Eastern Time hours.", ("AMERICAS",)),
    ("Overlap with AEST working hours is required.", ("APAC",)),
    ("Candidates must be based in one of the following countries: Spain, Portugal, Italy.", ("ES", "PT", "IT")),
    ("You must be a resident of Ontario.", ("CA-ON",)),
    ("Employees must live in California, Oregon or Washington.", ("US-CA", "US-OR", "US-WA")),
    ("We are remote-first across the US.", ("US",)),
    ("Must be located in India.", ("IN",)),
    ("Remote from anywhere in Australia.", ("AU",)),
    ("This role can be done remotely from the Netherlands.", ("NL",)),
    ("We offer a great team and a remote culture.", ()),
    ("You will collaborate with people in many time zones.", ()),
    ("Our offices are in Berlin and London.", ()),
    ("Must reside in the office area on Mondays.", ()),
]


def _job(location: str, description: str = "", title: str = "Software Engineer", **extra: object) -> Posting:
    return Posting(id="1", title=title, location=location, description=description, **extra)  # type: ignore[arg-type]


@pytest.mark.parametrize(("location", "expected"), LOCATIONS)
def test_the_scope_is_read_from_the_location(location: str, expected: tuple[str, ...]) -> None:
    job = derive_job(_job(location), platform="greenhouse")
    assert job.remote is True
    assert job.remote_scope == expected


@pytest.mark.parametrize(("text", "expected"), STATEMENTS)
def test_the_scope_is_read_from_statements_in_the_text(text: str, expected: tuple[str, ...]) -> None:
    assert tuple(scope_from_text(text.lower())) == expected


def test_the_tables_hold_at_least_eighty_cases() -> None:
    assert len(LOCATIONS) + len(STATEMENTS) >= 80


def test_location_and_text_add_up() -> None:
    job = derive_job(_job("Remote", "You must reside in the United States or Canada."), platform="lever")
    assert job.remote_scope == ("US", "CA")
    both = derive_job(_job("Remote - US", "Open to candidates in Canada too."), platform="lever")
    assert both.remote_scope == ("US", "CA")


def test_a_job_that_is_not_remote_has_no_scope() -> None:
    assert derive_job(_job("Berlin, Germany", "You must reside in Germany."), platform="lever").remote_scope == ()
    hybrid = derive_job(_job("Remote - US", workplace_hint="hybrid"), platform="lever")
    assert hybrid.remote is False and hybrid.remote_scope == ()


def test_a_job_remote_by_its_platform_field_takes_its_offices_area() -> None:
    job = derive_job(_job("Austin, TX", workplace_hint="remote"), platform="lever")
    assert job.remote_scope == ("US-TX",)


def test_json_ld_applicant_location_requirements_are_a_scope() -> None:
    job = derive_job(_job("Remote", workplace_hint="remote", remote_scope_hints=["USA", "Canada"]), platform="html")
    assert job.remote_scope == ("US", "CA")


def test_worldwide_covers_the_rest() -> None:
    job = derive_job(_job("Remote - US", "Work from anywhere in the world."), platform="lever")
    assert job.remote_scope == ("worldwide",)
    assert job.as_dict()["remote_scope"] == ["worldwide"]
