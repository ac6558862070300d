"""The query reader on a ninth batch of agent queries (docs/queries.md): a phrase refused ("no
manual testing"), the length of a contract ("a 6m contract"), a degree ("PhD"), a permit held or
refused ("blue card holder", "we cannot support Blue Card"), Colombian pesos ("8 millones COP"); then
a batch in the style of what peers' users ask for (visas, citizenship, company size, agencies, US
contract terms, time zones).

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

# Two words refused as one thing are the phrase excluded, not a word excluded and a word required;
# a plural first word, a level, a verb or a word after "not" refuses one word as before.
REFUSED_PHRASES: list[tuple[str, dict[str, Any]]] = [
    ("QA engineer, no manual testing", {"keywords": ["qa"], "exclude_keywords": ["manual testing"]}),
    (
        "python developer, no manual testing jobs in Berlin",
        {"keywords": ["python"], "exclude_keywords": ["manual testing"], "locations": ["berlin"]},
    ),
    (
        "no cold calling, sales rep",
        {"all_keywords": ["sales"], "keywords": ["rep", "representative"], "exclude_keywords": ["cold calling"]},
    ),
    ("without customer support, backend", {"keywords": ["backend"], "exclude_keywords": ["customer support"]}),
    (
        "remote data analyst, no data entry",
        {"all_keywords": ["data", "analyst"], "remote_only": True, "exclude_keywords": ["data entry"]},
    ),
    ("no night shifts, nurse", {"keywords": ["nurse"], "exclude_keywords": ["night shift"]}),
    (
        "QA jobs excluding manual testing or cold calling",
        {"keywords": ["qa"], "exclude_keywords": ["manual testing", "cold calling"]},
    ),
    # After the verb "exclude" too; "&" joins two refused, never starts a phrase.
    ("exclude manual testing roles, QA", {"keywords": ["qa"], "exclude_keywords": ["manual testing"]}),
    (
        "exclude cold calling and manual testing, sales",
        {"keywords": ["sales"], "exclude_keywords": ["cold calling", "manual testing"]},
    ),
    (
        "python dev excluding crypto & gambling, remote EU",
        {"keywords": ["python"], "exclude_keywords": ["crypto", "gambling"], "remote_from": ["eu"]},
    ),
    ("golang, exclude crypto & gambling", {"keywords": ["golang"], "exclude_keywords": ["crypto", "gambling"]}),
    ("exclude managers python developer", {"keywords": ["python"], "exclude_keywords": ["manager"]}),
    # One word refused, the other read as before.
    ("no managers python developer", {"keywords": ["python"], "exclude_keywords": ["manager"]}),
    ("no senior python roles", {"keywords": ["python"], "exclude_keywords": ["senior"]}),
    ("no sales london", {"exclude_keywords": ["sales"], "locations": ["london"]}),
    (
        "backend engineer NOT crypto NOT gambling, Lisbon",
        {"keywords": ["backend"], "exclude_keywords": ["crypto", "gambling"], "locations": ["lisbon"]},
    ),
]


@pytest.mark.parametrize(("query", "expected"), REFUSED_PHRASES, ids=[c[0][:60] for c in REFUSED_PHRASES])
def test_a_phrase_refused(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# The length of a contract, written short or long, before or after it: noted, no keyword.
CONTRACT_LENGTHS: list[tuple[str, dict[str, Any]]] = [
    ("backend developer, a 6m contract", {"keywords": ["backend"], "employment_types": ["contract"]}),
    ("12 month contract data engineer", {"keywords": ["data"], "employment_types": ["contract"]}),
    ("6-month contract react", {"keywords": ["react"], "employment_types": ["contract"]}),
    ("3 mo contract python", {"keywords": ["python"], "employment_types": ["contract"]}),
    ("6mo contract java", {"keywords": ["java"], "employment_types": ["contract"]}),
    (
        "6-12m contract devops London",
        {"keywords": ["devops"], "locations": ["london"], "employment_types": ["contract"]},
    ),
    ("6m+ rolling contract, golang", {"keywords": ["golang"], "employment_types": ["contract"]}),
    (
        "contract 6m, outside IR35, £600/day",
        {"employment_types": ["contract"], "min_salary": 156000, "salary_currency": "GBP"},
    ),
    ("contract (6m), SAP consultant", {"all_keywords": ["sap", "consultant"], "employment_types": ["contract"]}),
]


@pytest.mark.parametrize(("query", "expected"), CONTRACT_LENGTHS, ids=[c[0][:60] for c in CONTRACT_LENGTHS])
def test_the_length_of_a_contract(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_the_length_of_a_contract_is_noted() -> None:
    notes = interpret("backend developer, a 6m contract").notes
    assert '"6m": the length of a contract is not something Watchtower can filter on' in notes[0]


# A degree asked for or held is noted, not a keyword (titles rarely name one, and "PhD" would not
# match "Ph.D."); a degree that is part of a title ("PhD Intern", "PhD position") stays a role word.
DEGREES: list[tuple[str, dict[str, Any]]] = [
    ("PhD", {}),
    ("machine learning researcher, PhD", {"all_keywords": ["machine", "learning", "researcher"]}),
    ("Ph.D. research scientist", {"all_keywords": ["research", "scientist"]}),
    ("research scientist, PhD required", {"all_keywords": ["research", "scientist"]}),
    ("quant researcher (PhD preferred) NYC", {"all_keywords": ["quant", "researcher"], "locations": ["nyc"]}),
    ("data scientist with a master's degree", {"all_keywords": ["data", "scientist"]}),
    ("new grad PhD", {"seniority": ["entry"]}),
    ("PhD intern", {"keywords": ["phd"], "seniority": ["intern"]}),
    ("PhD position in Germany, chemistry", {"all_keywords": ["phd", "chemistry"], "locations": ["germany"]}),
    ("new PhD grad research engineer roles", {"keywords": ["research"], "seniority": ["entry"]}),
]


@pytest.mark.parametrize(("query", "expected"), DEGREES, ids=[c[0][:60] for c in DEGREES])
def test_a_degree(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_degree_is_noted() -> None:
    notes = interpret("machine learning researcher, PhD").notes
    assert notes[0].startswith('"phd": a degree is not something Watchtower can filter on')


# A permit held needs no sponsorship and a permit refused asks for none: noted, no filter. An H-1B
# holder needs a new employer to file again (a transfer): sponsorship.
PERMITS_HELD_OR_REFUSED: list[tuple[str, dict[str, Any]]] = [
    ("blue card holder, backend engineer Berlin", {"keywords": ["backend"], "locations": ["berlin"]}),
    ("EU Blue Card holder, data scientist, Munich", {"all_keywords": ["data", "scientist"], "locations": ["munich"]}),
    (
        "already on a blue card, senior react dev Munich",
        {"keywords": ["react"], "locations": ["munich"], "seniority": ["senior"]},
    ),
    ("green card holder, backend engineer", {"keywords": ["backend"]}),
    ("I have a work permit, java developer Amsterdam", {"keywords": ["java"], "locations": ["amsterdam"]}),
    ("we cannot support Blue Card", {}),
    ("python at companies that don't offer H1B", {"keywords": ["python"]}),
    ("H1B holder looking for data engineer roles", {"keywords": ["data"], "visa_sponsorship": True}),
    # Asked for, as before.
    ("blue card sponsorship devops", {"keywords": ["devops"], "visa_sponsorship": True}),
    ("EU Blue Card, java, Munich", {"keywords": ["java"], "locations": ["munich"], "visa_sponsorship": True}),
]


@pytest.mark.parametrize(
    ("query", "expected"), PERMITS_HELD_OR_REFUSED, ids=[c[0][:60] for c in PERMITS_HELD_OR_REFUSED]
)
def test_a_permit_held_or_refused(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_permit_held_is_noted() -> None:
    notes = interpret("blue card holder, backend engineer Berlin").notes
    assert notes[0].startswith('"blue card holder": a permit held needs no sponsorship')


# Colombian pesos: "COP" is a currency after an amount with a number word or before a figure grouped
# in thousands, and the word elsewhere. A month's pay in pesos is a year's of 96,000,000 and more, which
# `min_salary` takes in COP (capped in its own currency: watches.filters.max_min_salary).
COP = {"salary_currency": "COP"}
COLOMBIAN_PESOS: list[tuple[str, dict[str, Any]]] = [
    ("python developer 8 millones COP", {"keywords": ["python"], "min_salary": 96000000, **COP}),
    ("COP 8.000.000 data analyst", {"all_keywords": ["data", "analyst"], "min_salary": 96000000, **COP}),
    ("$8M COP frontend", {"keywords": ["frontend"], "min_salary": 96000000, **COP}),
    (
        "backend Bogotá, 12 millones COP mensuales",
        {"keywords": ["backend"], "locations": ["bogotá"], "min_salary": 144000000, **COP},
    ),
    ("senior java, 15M COP", {"keywords": ["java"], "seniority": ["senior"], "min_salary": 180000000, **COP}),
    # The word.
    ("cop drama writer", {"all_keywords": ["cop", "drama", "writer"]}),
]


@pytest.mark.parametrize(("query", "expected"), COLOMBIAN_PESOS, ids=[c[0][:60] for c in COLOMBIAN_PESOS])
def test_colombian_pesos(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize("query", ["python developer 8 millones COP", "COP 8.000.000 data analyst", "$8M COP frontend"])
def test_pesos_are_noted_in_their_currency(query: str) -> None:
    assert (
        "too small for a yearly salary in COP: it was read as monthly pay (96000000 a year)"
        in interpret(query).notes[0]
    )


# The ninth batch: queries in the style peers' users ask (docs/queries.md, shared/reference/peers.md):
# visas (H-1B1, transfers), citizenship, company size and funding stage, staffing agencies, US
# contract terms, time zones, freshness, graduate intakes.
NINTH_BATCH: list[tuple[str, dict[str, Any]]] = [
    (
        "H1B1 sponsorship, software engineer, Singapore citizen",
        {"keywords": ["software engineer"], "visa_sponsorship": True},
    ),
    (
        "companies that sponsor H-1B, new grad SWE, NYC or SF",
        {"keywords": ["swe"], "locations": ["nyc", "sf"], "seniority": ["entry"], "visa_sponsorship": True},
    ),
    (
        "H-1B transfer, java full stack, Dallas",
        {"all_keywords": ["java", "full-stack"], "locations": ["dallas"], "visa_sponsorship": True},
    ),
    (
        "must sponsor visa, data scientist, Netherlands",
        {"all_keywords": ["data", "scientist"], "locations": ["netherlands"], "visa_sponsorship": True},
    ),
    ("US citizens only, cleared DevOps, Virginia", {"all_keywords": ["cleared", "devops"], "locations": ["virginia"]}),
    (
        "no prior experience required, data analyst, remote US",
        {"all_keywords": ["data", "analyst"], "remote_from": ["us"], "max_experience_years": 0},
    ),
    (
        "entry level, 0-1 years, cybersecurity analyst, Texas",
        {
            "all_keywords": ["cybersecurity", "analyst"],
            "locations": ["texas"],
            "seniority": ["entry"],
            "max_experience_years": 1,
        },
    ),
    ("company size 50-200, backend engineer, Berlin", {"keywords": ["backend"], "locations": ["berlin"]}),
    ("backend jobs at startups with 10-50 employees", {"keywords": ["backend"]}),
    ("Series A-C startups, founding engineer, SF", {"keywords": ["founding"], "locations": ["sf"]}),
    (
        "Head of Engineering, Series B, remote Europe, €150k+",
        {
            "keywords": ["engineering"],
            "seniority": ["director"],
            "remote_from": ["europe"],
            "min_salary": 150000,
            "salary_currency": "EUR",
        },
    ),
    (
        "exclude staffing agencies and Revature, java developer",
        {"keywords": ["java"], "exclude_keywords": ["revature"], "exclude_staffing_agencies": True},
    ),
    ("no recruiters or agencies, python", {"keywords": ["python"], "exclude_staffing_agencies": True}),
    (
        "iOS developer, Swift, SwiftUI, remote, no agencies",
        {"all_keywords": ["ios", "swift", "swiftui"], "remote_only": True, "exclude_staffing_agencies": True},
    ),
    (
        "$60/hr W2 only, QA automation, Dallas",
        {"all_keywords": ["qa", "automation"], "locations": ["dallas"], "min_salary": 124800, "salary_currency": "USD"},
    ),
    (
        "no C2C, W2 contract, salesforce developer, Chicago",
        {"keywords": ["salesforce"], "locations": ["chicago"], "employment_types": ["contract"]},
    ),
    (
        "remote Canada, ET hours, python backend, CAD 140k",
        {
            "all_keywords": ["python", "backend"],
            "remote_from": ["canada"],
            "min_salary": 140000,
            "salary_currency": "CAD",
        },
    ),
    (
        "US or Canada (ET), senior frontend",
        {"keywords": ["frontend"], "locations": ["us", "canada"], "seniority": ["senior"]},
    ),
    ("Brazil - Remote, fullstack node", {"all_keywords": ["fullstack", "node"], "remote_from": ["brazil"]}),
    ("weekly digest of new ML engineer roles in London", {"keywords": ["ml"], "locations": ["london"]}),
    (
        "roles posted in the last 24h, devops, remote EU",
        {"keywords": ["devops"], "remote_from": ["eu"], "posted_within_days": 1},
    ),
    (
        "jobs at Stripe, Plaid or Ramp posted this week",
        {"companies": ["stripe", "plaid", "ramp"], "posted_within_days": 7},
    ),
    ("graduate scheme 2027, software, UK", {"keywords": ["software"], "locations": ["uk"], "seniority": ["entry"]}),
    ("class of 2027 new grad SWE", {"keywords": ["swe"], "seniority": ["entry"]}),
    (
        "Senior PM, fintech, hybrid 2 days/week, London, £90k+",
        {
            "all_keywords": ["pm", "fintech"],
            "locations": ["london"],
            "seniority": ["senior"],
            "min_salary": 90000,
            "salary_currency": "GBP",
        },
    ),
    (
        "senior data engineer, dbt + Snowflake, remote UK, £85k",
        {
            "all_keywords": ["data", "dbt", "snowflake"],
            "seniority": ["senior"],
            "remote_from": ["uk"],
            "min_salary": 85000,
            "salary_currency": "GBP",
        },
    ),
    (
        "Summer 2027 SWE internships, no sponsorship needed",
        {"keywords": ["swe"], "seniority": ["intern"], "employment_types": ["internship"]},
    ),
    ("no agencies, recruiters or headhunters, sre", {"keywords": ["sre"], "exclude_staffing_agencies": True}),
    (
        "Canadian citizens or permanent residents only, backend, Toronto",
        {"keywords": ["backend"], "locations": ["toronto"]},
    ),
    ("no C2C, java developer, Dallas", {"keywords": ["java"], "locations": ["dallas"]}),
]


@pytest.mark.parametrize(("query", "expected"), NINTH_BATCH, ids=[c[0][:60] for c in NINTH_BATCH])
def test_ninth_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize(
    ("query", "noted"),
    [
        ("US citizens only, cleared DevOps, Virginia", '"us citizens only" is not something Watchtower can filter on'),
        ("company size 50-200, backend engineer, Berlin", '"company size 50-200" is not something'),
        ("Series A-C startups, founding engineer, SF", '"series a-c startups" is not something'),
        ("remote Canada, ET hours, python backend, CAD 140k", '"et hours" is not something'),
        ("no C2C, java developer, Dallas", '"no c2c": the tax terms of a contract are not something'),
    ],
)
def test_ninth_batch_notes(query: str, noted: str) -> None:
    assert any(note.startswith(noted) for note in interpret(query).notes)


# "developer" before "advocate", "relations", "evangelist", "experience" is part of the role, one
# term, not a generic word dropped ("advocate" alone would find a "Customer Advocate").
DEVELOPER_ROLES: list[tuple[str, dict[str, Any]]] = [
    ("developer advocate, remote", {"keywords": ["developer advocate"], "remote_only": True}),
    (
        "DevRel / developer advocate, remote, 6+ years",
        {"keywords": ["devrel", "developer advocate"], "remote_only": True, "max_experience_years": 6},
    ),
    ("developer relations, Berlin", {"keywords": ["developer relations"], "locations": ["berlin"]}),
    ("senior developer advocate, python", {"all_keywords": ["developer advocate", "python"], "seniority": ["senior"]}),
    ("developer experience engineer", {"keywords": ["developer experience"]}),
    ("backend developer, Berlin", {"keywords": ["backend"], "locations": ["berlin"]}),
]


@pytest.mark.parametrize(("query", "expected"), DEVELOPER_ROLES, ids=[c[0][:60] for c in DEVELOPER_ROLES])
def test_developer_roles(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A second degree joined by "or" or "/" to one noted is a degree too ("MS" was a keyword).
SECOND_DEGREES: list[tuple[str, dict[str, Any]]] = [
    ("PhD or MS with 2+ years", {"max_experience_years": 2}),
    ("python developer, PhD or MSc", {"keywords": ["python"]}),
    ("PhD/MSc, research scientist", {"all_keywords": ["research", "scientist"]}),
    ("M.S. or PhD required, data scientist", {"all_keywords": ["data", "scientist"]}),
    ("phd or a masters, nlp", {"keywords": ["nlp"]}),
]


@pytest.mark.parametrize(("query", "expected"), SECOND_DEGREES, ids=[c[0][:60] for c in SECOND_DEGREES])
def test_second_degrees(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A schedule refused ("night shifts", "on-call rotation") is the phrase, a role after it without a
# comma too ("no night shifts nurse" excluded "night" and required "shift").
REFUSED_SCHEDULES: list[tuple[str, dict[str, Any]]] = [
    ("no night shifts nurse", {"keywords": ["nurse"], "exclude_keywords": ["night shift"]}),
    (
        "no weekend shifts warehouse associate, Leeds",
        {"all_keywords": ["warehouse", "associate"], "exclude_keywords": ["weekend shift"], "locations": ["leeds"]},
    ),
    ("without on-call rotation sre", {"keywords": ["sre"], "exclude_keywords": ["on-call rotation"]}),
]


@pytest.mark.parametrize(("query", "expected"), REFUSED_SCHEDULES, ids=[c[0][:60] for c in REFUSED_SCHEDULES])
def test_refused_schedules(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A permit a posting requires is a condition of the job, noted: no sponsorship, no role words.
PERMITS_REQUIRED: list[tuple[str, dict[str, Any]]] = [
    ("EU citizenship or a valid work permit is required, backend", {"keywords": ["backend"]}),
    ("valid work permit required, nurse Dublin", {"keywords": ["nurse"], "locations": ["dublin"]}),
    ("EU work permit needed, chef", {"keywords": ["chef"]}),
    ("no work permit required, barista", {"keywords": ["barista"]}),
    ("work permit sponsorship, chef", {"keywords": ["chef"], "visa_sponsorship": True}),
]


@pytest.mark.parametrize(("query", "expected"), PERMITS_REQUIRED, ids=[c[0][:60] for c in PERMITS_REQUIRED])
def test_permits_required(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_permit_required_noted() -> None:
    notes = interpret("EU citizenship or a valid work permit is required").notes
    assert any(note.startswith('"a valid work permit is required": a permit required is a condition') for note in notes)


# After "exclude", a skill after a comma that ends a list closed by "&" or of another kind, in a
# query that names no other role, is what is wished for, not refused; skills listed together stay
# refused.
EXCLUDED_THEN_WISHED: list[tuple[str, dict[str, Any]]] = [
    ("exclude crypto & gambling, golang", {"keywords": ["golang"], "exclude_keywords": ["crypto", "gambling"]}),
    ("exclude crypto, golang developer", {"keywords": ["golang"], "exclude_keywords": ["crypto"]}),
    (
        "exclude crypto, golang, remote EU",
        {"keywords": ["golang"], "exclude_keywords": ["crypto"], "remote_from": ["eu"]},
    ),
    (
        "exclude crypto, backend engineer, Berlin",
        {"keywords": ["backend"], "exclude_keywords": ["crypto"], "locations": ["berlin"]},
    ),
    ("exclude php, java", {"exclude_keywords": ["php", "java"]}),
    ("golang, exclude crypto, python", {"keywords": ["golang"], "exclude_keywords": ["crypto", "python"]}),
]


@pytest.mark.parametrize(("query", "expected"), EXCLUDED_THEN_WISHED, ids=[c[0][:60] for c in EXCLUDED_THEN_WISHED])
def test_excluded_then_wished(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A tenth batch, of kinds the tables had not held: a degree's field ("PhD in CS": "cs" was read as
# Serbia and Montenegro), the US retirement plan ("401k" was a minimum salary of 401,000), a
# contract in weeks, interview styles refused, hours and days a week, benefits asked for.
TENTH_BATCH: list[tuple[str, dict[str, Any]]] = [
    ("ML engineer, PhD in CS, remote", {"keywords": ["ml"], "remote_only": True}),
    (
        "PhD in physics, quant researcher, London",
        {"all_keywords": ["quant", "researcher"], "locations": ["london"]},
    ),
    ("PhD or MS in computer science required, research scientist", {"all_keywords": ["research", "scientist"]}),
    ("warehouse associate with 401k match, Ohio", {"all_keywords": ["warehouse", "associate"], "locations": ["ohio"]}),
    ("python, 401k, 120k", {"keywords": ["python"], "min_salary": 120000}),
    (
        "travel nurse, 13-week contract, ICU",
        {"all_keywords": ["travel", "nurse", "icu"], "employment_types": ["contract"]},
    ),
    ("6 week contract, java", {"keywords": ["java"], "employment_types": ["contract"]}),
    (
        "backend engineer, no leetcode, remote US",
        {"keywords": ["backend"], "exclude_keywords": ["leetcode"], "remote_from": ["us"]},
    ),
    (
        "frontend dev, no take-home assignments",
        {"keywords": ["frontend"], "exclude_keywords": ["take-home assignment"]},
    ),
    (
        "part-time remote bookkeeper, 20 hours a week",
        {"keywords": ["bookkeeper"], "employment_types": ["part_time"], "remote_only": True},
    ),
    ("no on-call, platform engineer, remote EU", {"keywords": ["platform"], "remote_from": ["eu"]}),
    ("four day week product designer, UK", {"all_keywords": ["product", "designer"], "locations": ["uk"]}),
    (
        "entry level paralegal, no experience required, NYC",
        {"keywords": ["paralegal"], "locations": ["nyc"], "seniority": ["entry"], "max_experience_years": 0},
    ),
    ("barista, flexible hours, Seattle", {"keywords": ["barista"], "locations": ["seattle"]}),
    (
        "software engineer with relocation package to Amsterdam",
        {"keywords": ["software engineer"], "locations": ["amsterdam"]},
    ),
    (
        "hybrid 2 days in office, data analyst, Toronto",
        {"all_keywords": ["data", "analyst"], "locations": ["toronto"]},
    ),
    ("dental hygienist 3 days a week, Denver", {"all_keywords": ["dental", "hygienist"], "locations": ["denver"]}),
    (
        "per diem RN, BSN required, Chicago",
        {"keywords": ["rn"], "locations": ["chicago"], "employment_types": ["temporary"]},
    ),
    ("MBA preferred, product manager", {"keywords": ["product"], "seniority": ["manager"]}),
    ("MBA intern", {"keywords": ["mba"], "seniority": ["intern"]}),
    ("open source maintainer, rust", {"all_keywords": ["open source", "maintainer", "rust"]}),
    ("Mon-Fri 9-5 receptionist, Manchester", {"keywords": ["receptionist"], "locations": ["manchester"]}),
    ("weekdays only, cashier", {"keywords": ["cashier"]}),
    ("data engineer, stock options, seed stage", {"keywords": ["data"]}),
    ("python 9-5 years", {"keywords": ["python"], "max_experience_years": 5}),
    ("security engineer, OSCP preferred", {"keywords": ["security"]}),
    ("mechanical engineer, PE license, Houston", {"keywords": ["mechanical"], "locations": ["houston"]}),
    ("CPA", {"keywords": ["cpa"]}),
    # A bare "PE" or "CPA" beside a role of its field is the certification, noted (unsupported
    # `_BARE_CERTIFICATION`); elsewhere the word stays (physical education, private equity, Peru).
    ("PE civil engineer", {"keywords": ["civil"]}),
    ("structural engineer, PE, Denver", {"keywords": ["structural"], "locations": ["denver"]}),
    ("civil engineer with PE", {"keywords": ["civil"]}),
    ("CPA accountant", {"keywords": ["accountant"]}),
    ("senior tax manager (CPA)", {"keywords": ["tax"], "seniority": ["senior", "manager"]}),
    (
        "accounting manager, CPA, Chicago",
        {"keywords": ["accounting"], "locations": ["chicago"], "seniority": ["manager"]},
    ),
    ("PE teacher", {"all_keywords": ["pe", "teacher"]}),
    ("PE associate", {"all_keywords": ["pe", "associate"]}),
    ("PE firm engineer", {"all_keywords": ["pe", "firm"]}),
    ("engineer in PE", {"keywords": ["engineer"], "locations": ["peru"]}),
    ("CPA firm jobs", {"all_keywords": ["cpa", "firm"]}),
    ("CPA marketing manager", {"all_keywords": ["cpa", "marketing"], "seniority": ["manager"]}),
    ("civil engineer Charlottetown, PE", {"keywords": ["civil"], "locations": ["charlottetown, pe"]}),
    (
        "sponsorship for TN visa, data analyst",
        {"all_keywords": ["data", "analyst"], "visa_sponsorship": True},
    ),
    ("sponsorship for an H-1B, backend", {"keywords": ["backend"], "visa_sponsorship": True}),
    (
        "veterans welcome, logistics coordinator, Norfolk VA",
        {"all_keywords": ["logistics", "coordinator"], "locations": ["norfolk va"]},
    ),
    ("second chance employer, warehouse, Columbus", {"keywords": ["warehouse"], "locations": ["columbus"]}),
    ("python at companies that cannot offer visa sponsorship", {"keywords": ["python"]}),
    ("backend, visa sponsorship", {"keywords": ["backend"], "visa_sponsorship": True}),
]


@pytest.mark.parametrize(("query", "expected"), TENTH_BATCH, ids=[c[0][:60] for c in TENTH_BATCH])
def test_tenth_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize(
    ("query", "noted"),
    [
        ("ML engineer, PhD in CS, remote", '"phd in cs": a degree is not something'),
        ("PE civil engineer", '"PE": a certification or licence is not something'),
        ("CPA accountant", '"CPA": a certification or licence is not something'),
        ("warehouse associate with 401k match, Ohio", '"with 401k match" is not something'),
        ("travel nurse, 13-week contract, ICU", '"13-week": the length of a contract'),
    ],
)
def test_tenth_batch_notes(query: str, noted: str) -> None:
    assert any(note.startswith(noted) for note in interpret(query).notes)
