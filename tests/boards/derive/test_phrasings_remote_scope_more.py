"""Remote scope cases beyond test_phrasings_remote_scope.py (the issue 19 acceptance audit): more
location strings as Greenhouse, Lever, Ashby and Workday print them (dashes, pipes, colons,
parentheses, "US-Remote", "Hybrid - London"), and statements in posting text: "work and reside
in", "open to residents of", listings of US states or Canadian provinces by their abbreviations,
"US-based" (but not "a Berlin-based company"), and time zones that are not places ("within the
Pacific time zone" is not Pacific, Missouri), and groups of countries ("DACH", "Nordics", "Benelux"). None = the job is not remote."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards.derive import derive_job
from boards.derive.remote_scope import scope_from_text
from boards.sources.base import Posting

LOCATIONS: list[tuple[str, tuple[str, ...] | None]] = [
    ("Remote - United States", ("US",)),
    ("Remote, USA", ("US",)),
    ("US-Remote", ("US",)),
    ("Remote (US/Canada)", ("US", "CA")),
    ("Remote — Europe", ("EU",)),
    ("Remote in the UK", ("GB",)),
    ("Anywhere in the world", ("worldwide",)),
    ("Remote (Americas)", ("AMERICAS",)),
    ("LATAM Remote", ("LATAM",)),
    ("Remote — APAC", ("APAC",)),
    ("Remote - EU", ("EU",)),
    ("Remote (Europe)", ("EU",)),
    ("Remote — United Kingdom", ("GB",)),
    ("Remote | Germany", ("DE",)),
    ("Remote: Canada", ("CA",)),
    ("Remote / US", ("US",)),
    ("US (Remote)", ("US",)),
    ("USA - Remote", ("US",)),
    ("Remote-USA", ("US",)),
    ("Remote US", ("US",)),
    ("Remote, United States of America", ("US",)),
    ("Remote (U.S.)", ("US",)),
    ("Remote - U.S.", ("US",)),
    ("Remote, Canada", ("CA",)),
    ("Remote - Toronto, ON", ("CA-ON",)),
    ("Remote (Berlin or Germany)", ("DE-BE", "DE")),
    ("Remote - Netherlands", ("NL",)),
    ("Remote, Poland", ("PL",)),
    ("Remote in Spain", ("ES",)),
    ("Remote — Latin America", ("LATAM",)),
    ("Remote (LatAm)", ("LATAM",)),
    ("Remote, EMEA", ("EMEA",)),
    ("EMEA (Remote)", ("EMEA",)),
    ("Remote - Asia Pacific", ("APAC",)),
    ("Remote (Worldwide)", ("worldwide",)),
    ("Remote — Global", ("worldwide",)),
    ("Global Remote", ("worldwide",)),
    ("Remote - Anywhere in the world", ("worldwide",)),
    ("Work from anywhere", ("worldwide",)),
    ("Remote (North America)", ("NORTH_AMERICA",)),
    ("Remote - Dublin or remote in Ireland", ("IE",)),
    ("Remote - India", ("IN",)),
    ("Remote (Brazil)", ("BR",)),
    ("Remote, Europe (CET ±3h)", ("EU",)),
    ("Remote - Nordics", ("DK", "FI", "IS", "NO", "SE")),
    ("Remote - DACH", ("DE", "AT", "CH")),
    ("DACH (Remote)", ("DE", "AT", "CH")),
    ("Remote - Benelux", ("BE", "NL", "LU")),
    ("Remote, Scandinavia", ("DK", "NO", "SE")),
    ("Remote - Baltics", ("EE", "LV", "LT")),
    ("Remote (EU only)", ("EU",)),
    ("Remote within EU", ("EU",)),
    ("Remote - US/EU", ("US", "EU")),
    ("Remote, US & Canada", ("US", "CA")),
    ("Remote - UK or EU", ("GB", "EU")),
    ("Remote - New York", ("US-NY",)),
    ("Remote (Australia/New Zealand)", ("AU", "NZ")),
    ("Remote, APAC", ("APAC",)),
    ("Hybrid - London", None),
    ("London (Hybrid)", None),
    ("Remote - Mexico City", ("MX",)),
    ("Dublin, London or remote in the UK or Ireland", ("IE", "GB-ENG", "GB")),
]

STATEMENTS: list[tuple[str, tuple[str, ...]]] = [
    ("Fully remote within EU time zones.", ("EU",)),
    ("This role is fully remote within the United States.", ("US",)),
    ("You must be based in the UK.", ("GB",)),
    ("Candidates must reside in one of the following states: CA, NY, TX, WA.", ("US-CA", "US-NY", "US-TX", "US-WA")),
    ("This position is remote, but you must be located in Canada.", ("CA",)),
    ("We can hire in the US, UK and Germany.", ("US", "GB", "DE")),
    ("Open to remote candidates in Europe.", ("EU",)),
    ("Remote within the EU.", ("EU",)),
    ("Remote anywhere in Europe.", ("EU",)),
    ("You can work from anywhere.", ("worldwide",)),
    ("We're fully remote and hire worldwide.", ("worldwide",)),
    ("Applicants must be located in the Americas.", ("AMERICAS",)),
    ("Remote in LATAM.", ("LATAM",)),
    ("You must be authorized to work and reside in the United States.", ("US",)),
    ("This role is open to candidates located anywhere in Canada.", ("CA",)),
    ("This is a remote position open to residents of the US only.", ("US",)),
    ("Must be located within the Pacific time zone.", ("AMERICAS",)),
    ("Remote (UTC-3 to UTC+3).", ("AMERICAS", "EMEA")),
    ("We are a remote-first company with hubs in London and New York.", ()),
    ("Our customers are based in Europe and the US.", ()),
    ("Remote friendly; offices in Paris.", ()),
    ("Remote within Australia or New Zealand.", ("AU", "NZ")),
    ("We are hiring remotely in Brazil, Argentina and Colombia.", ("BR", "AR", "CO")),
    ("You should be within ±3 hours of GMT.", ("EMEA",)),
    ("Remote-first, US-based.", ("US",)),
    ("Candidates must be US-based.", ("US",)),
    ("Must live within commuting distance of our Austin office.", ()),
    ("We are a Berlin-based company.", ()),
    ("You must be based in the DACH region.", ("DE", "AT", "CH")),
    ("Open to candidates in the Nordics.", ("DK", "FI", "IS", "NO", "SE")),
    ("Our cloud-based platform serves Europe.", ()),
    ("This role is US-based.", ("US",)),
    ("You must live and work in the UK.", ("GB",)),
    ("Open to residents of Canada or the US.", ("CA", "US")),
    ("You must reside in one of the following provinces: ON, BC or QC.", ("CA-ON", "CA-BC", "CA-QC")),
]


@pytest.mark.parametrize(("location", "expected"), LOCATIONS)
def test_the_scope_is_read_from_the_location(location: str, expected: tuple[str, ...] | None) -> None:
    job = derive_job(Posting(id="1", title="Software Engineer", location=location), platform="greenhouse")
    if expected is None:
        assert job.remote is False and job.remote_scope == ()
    else:
        assert job.remote is True
        assert job.remote_scope == expected


@pytest.mark.parametrize(("text", "expected"), STATEMENTS)
def test_the_scope_is_read_from_statements_in_the_text(text: str, expected: tuple[str, ...]) -> None:
    assert tuple(scope_from_text(text.lower())) == expected


def test_the_tables_add_at_least_eighty_cases() -> None:
    assert len(LOCATIONS) + len(STATEMENTS) >= 80


_WORDS = st.sampled_from(
    ["must", "reside", "in", "following", "states", "provinces", ":", "ca", "wa", "-based", "us", "time zone", "remote"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_WORDS, st.text(max_size=10)), max_size=30))
def test_statements_never_raise(parts: list[str]) -> None:
    codes = scope_from_text(" ".join(parts).lower())
    assert len(set(codes)) == len(codes)
