"""The query reader on a sixth batch of agent queries (docs/queries.md): "Home Office" (the UK
department or working from home, by the words around it), company lists holding a skill or a
role ("exclude jobs at Oracle, IBM, python"), refusals said many ways ("don't show me jobs at",
"not interested in", "no crypto, no gambling, senior python"), level and experience ranges
("junior to mid", "between 2 and 4 years"), places joined by "or", remote from a region, pay
ranges, and a long paragraph.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

SIXTH_BATCH: list[tuple[str, dict[str, Any]]] = [
    # Home Office: the UK department beside a UK place or after "the"; else remote work.
    ("Home Office London", {"locations": ["london"], "companies": ["home office"]}),
    (
        "policy advisor at the Home Office, London",
        {"all_keywords": ["policy", "advisor"], "locations": ["london"], "companies": ["home office"]},
    ),
    (
        "Sheffield, Home Office, data analyst",
        {"all_keywords": ["data", "analyst"], "locations": ["sheffield"], "companies": ["home office"]},
    ),
    ("Home Office Berlin, java", {"keywords": ["java"], "remote_from": ["berlin"]}),
    ("python developer, home office, Manchester", {"keywords": ["python"], "remote_from": ["manchester"]}),
    ("home office jobs in London", {"remote_from": ["london"]}),
    ("remote or home office, backend, Leeds", {"keywords": ["backend"], "remote_from": ["leeds"]}),
    ("100% Home Office, backend", {"keywords": ["backend"], "remote_only": True}),
    (
        "python developer, Home Office licensed sponsor, London",
        {"keywords": ["python"], "locations": ["london"], "visa_sponsorship": True},
    ),
    ("home-based recruiter UK", {"keywords": ["recruiter"], "remote_from": ["uk"]}),
    # Company lists: a skill in a list to leave out is excluded; a role after a comma ends a list.
    ("exclude jobs at Oracle, IBM, python", {"exclude_keywords": ["python"], "exclude_companies": ["oracle", "ibm"]}),
    ("exclude jobs at Oracle, IBM, crypto", {"exclude_keywords": ["crypto"], "exclude_companies": ["oracle", "ibm"]}),
    ("not at Meta, Google, java", {"exclude_keywords": ["java"], "exclude_companies": ["meta", "google"]}),
    ("not at Meta or Google, java", {"keywords": ["java"], "exclude_companies": ["meta", "google"]}),
    ("exclude jobs at Revolut, Monzo, php", {"exclude_keywords": ["php"], "exclude_companies": ["revolut", "monzo"]}),
    (
        "not at Amazon, Microsoft, devops, Seattle",
        {"exclude_keywords": ["devops"], "locations": ["seattle"], "exclude_companies": ["amazon", "microsoft"]},
    ),
    ("not at Uber, Lyft, data analyst", {"all_keywords": ["data", "analyst"], "exclude_companies": ["uber", "lyft"]}),
    (
        "jobs at Stripe, Airbnb or Shopify, backend",
        {"keywords": ["backend"], "companies": ["stripe", "airbnb", "shopify"]},
    ),
    (
        "product designer at Figma, Notion or Linear",
        {"all_keywords": ["product", "designer"], "companies": ["figma", "notion", "linear"]},
    ),
    (
        "Don't show me jobs at Uber or Lyft, data analyst, Chicago",
        {"all_keywords": ["data", "analyst"], "locations": ["chicago"], "exclude_companies": ["uber", "lyft"]},
    ),
    ("Don’t show me anything from Meta, python", {"keywords": ["python"], "exclude_companies": ["meta"]}),
    ("I don't want to work at Uber, python", {"keywords": ["python"], "exclude_companies": ["uber"]}),
    (
        "excluding companies like Palantir and Anduril, software engineer",
        {"keywords": ["software engineer"], "exclude_companies": ["palantir", "anduril"]},
    ),
    ("not interested in Oracle or IBM, backend", {"keywords": ["backend"], "exclude_keywords": ["oracle", "ibm"]}),
    # Negations: each "no" its own list; a level ends one.
    (
        "no crypto, no gambling, senior python",
        {"keywords": ["python"], "exclude_keywords": ["crypto", "gambling"], "seniority": ["senior"]},
    ),
    ("no crypto, no gambling, python developer", {"keywords": ["python"], "exclude_keywords": ["crypto", "gambling"]}),
    (
        "not crypto, backend engineer remote",
        {"keywords": ["backend"], "exclude_keywords": ["crypto"], "remote_only": True},
    ),
    (
        "data engineer, no recruiters, no crypto or web3",
        {"keywords": ["data"], "exclude_keywords": ["crypto", "web3"], "exclude_staffing_agencies": True},
    ),
    (
        "no agencies, product designer, London",
        {"all_keywords": ["product", "designer"], "locations": ["london"], "exclude_staffing_agencies": True},
    ),
    ("I don't want to work for agencies, python", {"keywords": ["python"], "exclude_staffing_agencies": True}),
    (
        "senior backend, remote-first, no web3",
        {"keywords": ["backend"], "exclude_keywords": ["web3"], "seniority": ["senior"], "remote_only": True},
    ),
    (
        "healthcare data analyst, not insurance, Boston",
        {"all_keywords": ["healthcare", "data", "analyst"], "exclude_keywords": ["insurance"], "locations": ["boston"]},
    ),
    ("no java, backend engineer", {"keywords": ["backend"], "exclude_keywords": ["java"]}),
    # Places joined by "or", remote from a region.
    ("backend engineer in Berlin or Munich", {"keywords": ["backend"], "locations": ["berlin", "munich"]}),
    (
        "data engineer in London, Manchester or Edinburgh",
        {"keywords": ["data"], "locations": ["london", "manchester", "edinburgh"]},
    ),
    ("remote from anywhere in LATAM, react developer", {"keywords": ["react"], "remote_from": ["latam"]}),
    ("remote, must be able to work from Canada, devops", {"keywords": ["devops"], "remote_from": ["canada"]}),
    ("remote (EMEA), senior SRE", {"keywords": ["sre"], "seniority": ["senior"], "remote_from": ["emea"]}),
    ("remote within the UK, data engineer", {"keywords": ["data"], "remote_from": ["uk"]}),
    (
        "remote in US or Canada, staff engineer",
        {"keywords": ["engineer"], "seniority": ["staff"], "remote_from": ["us", "canada"]},
    ),
    ("remote within EU, devops, 3-5 yrs", {"keywords": ["devops"], "remote_from": ["eu"], "max_experience_years": 5}),
    (
        "mid to senior iOS developer in London or remote UK",
        {"keywords": ["ios"], "locations": ["london", "remote uk"], "seniority": ["mid", "senior"]},
    ),
    # Level and experience ranges.
    ("mid to senior backend engineer", {"keywords": ["backend"], "seniority": ["mid", "senior"]}),
    ("junior to mid frontend developer", {"keywords": ["frontend"], "seniority": ["entry", "mid"]}),
    (
        "junior to mid QA engineer, Austin or Dallas",
        {"keywords": ["qa"], "locations": ["austin", "dallas"], "seniority": ["entry", "mid"]},
    ),
    ("senior to staff SRE", {"keywords": ["sre"], "seniority": ["senior", "staff"]}),
    ("entry-level to mid-level QA", {"keywords": ["qa"], "seniority": ["entry", "mid"]}),
    ("senior or staff platform engineer", {"keywords": ["platform"], "seniority": ["senior", "staff"]}),
    ("3 to 5 years experience, go developer", {"keywords": ["go"], "max_experience_years": 5}),
    ("between 2 and 4 years of experience, QA", {"keywords": ["qa"], "max_experience_years": 4}),
    (
        "senior or lead data engineer, 5-8 years, Denver or remote",
        {"keywords": ["data"], "locations": ["denver", "remote"], "seniority": ["senior"], "max_experience_years": 8},
    ),
    (
        "ios engineer in Seattle or Portland, 3-5 yrs, $150k+",
        {
            "keywords": ["ios"],
            "locations": ["seattle", "portland"],
            "min_salary": 150000,
            "salary_currency": "USD",
            "max_experience_years": 5,
        },
    ),
    # Pay ranges: the floor is the lower end.
    (
        "$150,000 - $190,000 a year, backend, NYC",
        {"keywords": ["backend"], "locations": ["nyc"], "min_salary": 150000, "salary_currency": "USD"},
    ),
    ("120-160k USD, remote US", {"remote_from": ["us"], "min_salary": 120000, "salary_currency": "USD"}),
    (
        "£80,000-£95,000 + bonus, London, data engineer",
        {"keywords": ["data"], "locations": ["london"], "min_salary": 80000, "salary_currency": "GBP"},
    ),
    (
        "€60.000 - €75.000, Amsterdam, frontend",
        {"keywords": ["frontend"], "locations": ["amsterdam"], "min_salary": 60000, "salary_currency": "EUR"},
    ),
    (
        "CAD 120k to 140k, Toronto, devops",
        {"keywords": ["devops"], "locations": ["toronto"], "min_salary": 120000, "salary_currency": "CAD"},
    ),
    (
        "USD 8,000/month, remote LATAM, react",
        {"keywords": ["react"], "remote_from": ["latam"], "min_salary": 96000, "salary_currency": "USD"},
    ),
    (
        "$70-90/hr contract, remote, golang",
        {
            "keywords": ["golang"],
            "employment_types": ["contract"],
            "remote_only": True,
            "min_salary": 145600,
            "salary_currency": "USD",
        },
    ),
    (
        "€70k–€90k, Berlin, kotlin",
        {"keywords": ["kotlin"], "locations": ["berlin"], "min_salary": 70000, "salary_currency": "EUR"},
    ),
    (
        "salary 90,000 to 110,000 GBP, data analyst London",
        {"all_keywords": ["data", "analyst"], "locations": ["london"], "min_salary": 90000, "salary_currency": "GBP"},
    ),
    # Roles joined by "or"; long paragraphs.
    ("frontend or backend engineer, remote", {"keywords": ["frontend", "backend"], "remote_only": True}),
    (
        "machine learning engineer or data scientist, SF bay area, 200k+",
        {"keywords": ["machine learning", "data scientist"], "locations": ["sf bay area"], "min_salary": 200000},
    ),
    (
        "python or go, backend, Berlin or Amsterdam, no crypto",
        {
            "keywords": ["python", "go"],
            "all_keywords": ["backend"],
            "exclude_keywords": ["crypto"],
            "locations": ["berlin", "amsterdam"],
        },
    ),
    (
        "I'm a senior backend engineer with about 7 years of experience, mostly Python and Go. I'd like remote roles, ideally in Europe, paying at least €90k. Please avoid crypto and gambling companies, and I don't want to work for agencies.",
        {
            "all_keywords": ["backend", "python", "go"],
            "exclude_keywords": ["crypto", "gambling"],
            "seniority": ["senior"],
            "remote_from": ["europe"],
            "exclude_staffing_agencies": True,
            "min_salary": 90000,
            "salary_currency": "EUR",
            "max_experience_years": 7,
        },
    ),
    # A second round: closed lists, sector contractors, places refused, longer criteria lists.
    (
        "exclude Revolut, Monzo and Starling, backend engineer London",
        {"keywords": ["backend"], "exclude_keywords": ["revolut", "monzo", "starling"], "locations": ["london"]},
    ),
    (
        "not at any FAANG, backend, remote US",
        {
            "keywords": ["backend"],
            "remote_from": ["us"],
            "exclude_companies": ["meta", "amazon", "apple", "netflix", "google"],
        },
    ),
    (
        "staff or principal engineer at Datadog, Cloudflare, or Fastly, 250k+",
        {
            "keywords": ["engineer"],
            "seniority": ["staff", "principal"],
            "companies": ["datadog", "cloudflare", "fastly"],
            "min_salary": 250000,
        },
    ),
    (
        "security engineer, excluding defense contractors, DC area",
        {"keywords": ["security"], "exclude_keywords": ["defense"], "locations": ["dc area"]},
    ),
    ("jobs anywhere except India, python", {"keywords": ["python"]}),
    (
        "product manager, fintech, but no crypto or banks, NYC",
        {
            "all_keywords": ["product", "fintech"],
            "exclude_keywords": ["crypto", "bank"],
            "locations": ["nyc"],
            "seniority": ["manager"],
        },
    ),
    (
        "new grad software engineer, NYC or SF, $120k-$150k, summer 2027 start",
        {
            "keywords": ["software engineer"],
            "locations": ["nyc", "sf"],
            "seniority": ["entry"],
            "min_salary": 120000,
            "salary_currency": "USD",
        },
    ),
    (
        "DevOps/SRE, 5+ yrs, Kubernetes, AWS, remote EMEA, not on-call heavy",
        {
            "keywords": ["devops", "sre"],
            "all_keywords": ["kubernetes", "aws"],
            "remote_from": ["emea"],
            "max_experience_years": 5,
        },
    ),
    (
        "frontend developer, not react, vue or angular, remote",
        {"keywords": ["frontend"], "exclude_keywords": ["react", "vue", "angular"], "remote_only": True},
    ),
    (
        "I want jobs at Netflix or Spotify but not at Meta",
        {"companies": ["netflix", "spotify"], "exclude_companies": ["meta"]},
    ),
    (
        "junior through senior data roles in Chicago",
        {"keywords": ["data"], "locations": ["chicago"], "seniority": ["entry", "mid", "senior"]},
    ),
    (
        "Sr. to Staff level backend in Denver",
        {"keywords": ["backend"], "locations": ["denver"], "seniority": ["senior", "staff"]},
    ),
    (
        "3-5 years of exp, mid level, java spring, Bangalore, 20-30 LPA",
        {
            "all_keywords": ["java", "spring"],
            "locations": ["bangalore"],
            "seniority": ["mid"],
            "min_salary": 2000000,
            "salary_currency": "INR",
            "max_experience_years": 5,
        },
    ),
    (
        "Looking for mid-level or senior React/TypeScript roles, remote from Spain or Portugal, €50k+, no agencies, no crypto.",
        {
            "keywords": ["react", "typescript"],
            "exclude_keywords": ["crypto"],
            "seniority": ["mid", "senior"],
            "remote_from": ["spain", "portugal"],
            "exclude_staffing_agencies": True,
            "min_salary": 50000,
            "salary_currency": "EUR",
        },
    ),
]


@pytest.mark.parametrize(("query", "expected"), SIXTH_BATCH, ids=[c[0][:60] for c in SIXTH_BATCH])
def test_sixth_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_home_office_is_noted_with_the_other_reading() -> None:
    notes = interpret("Home Office London").notes
    assert any("UK government department" in note and 'say "remote"' in note for note in notes)
    notes = interpret("python developer, home office, Manchester").notes
    assert any("read as remote work" in note and '"at the Home Office"' in note for note in notes)
    assert not any("remote work" in note for note in interpret("python, home office stipend").notes)


def test_home_office_sponsors_and_days_at_home_are_no_department() -> None:
    reading = interpret("We are an approved Home Office sponsor.")
    assert (reading.filters.visa_sponsorship, reading.filters.companies) == (True, ())
    reading = interpret("Home office 2 days, backend")
    assert (reading.filters.remote_only, reading.filters.keywords) == (False, ("backend",))
    assert any("hybrid work" in note for note in reading.notes)


# A minimum of years: alone it is read as "5+ years" (that number, docs/queries.md); with a maximum
# after it, a range read as its upper end, as "5-8 years"; "min"/"minimum" are never keywords.
MINIMUM_YEARS: list[tuple[str, dict[str, Any]]] = [
    ("python, min 5 years, max 8", {"keywords": ["python"], "max_experience_years": 8}),
    ("min 5 yrs max 8 yrs experience", {"max_experience_years": 8}),
    ("at least 5 but no more than 8 years", {"max_experience_years": 8}),
    ("min 5, max 8 years", {"max_experience_years": 8}),
    ("python, at least 5 years", {"keywords": ["python"], "max_experience_years": 5}),
    ("python min 3 years experience", {"keywords": ["python"], "max_experience_years": 3}),
    (
        "senior, minimum of 4 years of relevant work experience, remote",
        {"seniority": ["senior"], "remote_only": True, "max_experience_years": 4},
    ),
    ("at least 150k, max 6 years", {"min_salary": 150000, "max_experience_years": 6}),
]


@pytest.mark.parametrize(("query", "expected"), MINIMUM_YEARS, ids=[c[0][:60] for c in MINIMUM_YEARS])
def test_a_minimum_of_years(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_an_age_is_no_minimum_of_years() -> None:
    assert interpret("backend, must be at least 18 years old").filters.max_experience_years is None
