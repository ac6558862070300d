"""The query reader on an eleventh table of agent queries (docs/queries.md): what the tenth left
(a period as a label before the figure, "Sueldo quincenal: $15,000"; "o más" after pay; a region's ISO
code, "CA-AB"; "SA" as a company's form; a bare figure before "bi-weekly"); then a batch of agent queries
in other languages and phrasings than the earlier tables have (Italian, Dutch, Swedish, Norwegian,
Danish, Polish, Spanish, Portuguese, French and German pay, years, levels and places; salary ranges
with periods, experience ranges, places at city, state, country and region, remote and hybrid,
seniority and exclusions), each with the filters it must give; and the same readings on both sides
(a query and the posting it must find, or not).

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.watches.reading import NOW, posting_row, read_filters
from watches.filters import Filters, filters_match
from watches.query import interpret, read

# What the tenth table left, each read as the posting readers read it.
LEFTOVERS: list[tuple[str, dict[str, Any]]] = [
    (
        "Sueldo quincenal: $15,000, contador, Guadalajara",
        {"keywords": ["contador"], "locations": ["guadalajara"], "min_salary": 360000, "salary_currency": "MXN"},
    ),
    (
        "soporte técnico, Monterrey, $50,000 o más",
        {
            "all_keywords": ["soporte", "técnico"],
            "locations": ["monterrey"],
            "min_salary": 600000,
            "salary_currency": "MXN",
        },
    ),
    ("desarrollador python 100k o más, remoto", {"keywords": ["python"], "remote_only": True, "min_salary": 100000}),
    (
        "developer in CA-AB, 80k+ CAD",
        {"keywords": ["developer"], "locations": ["ca-ab"], "min_salary": 80000, "salary_currency": "CAD"},
    ),
    (
        "software engineer in US-TX, no agencies",
        {"keywords": ["software engineer"], "locations": ["us-tx"], "exclude_staffing_agencies": True},
    ),
    (
        "data analyst at Acme SA, Geneva",
        {"all_keywords": ["data", "analyst"], "locations": ["geneva"], "companies": ["acme sa"]},
    ),
    ("welder 2,000 bi-weekly, Houston", {"keywords": ["welder"], "locations": ["houston"], "min_salary": 52000}),
    (
        "forklift operator, Hourly rate: $22, Reno NV",
        {
            "all_keywords": ["forklift", "operator"],
            "locations": ["reno nv"],
            "min_salary": 45760,
            "salary_currency": "USD",
        },
    ),
]


@pytest.mark.parametrize(("query", "expected"), LEFTOVERS, ids=[c[0][:60] for c in LEFTOVERS])
def test_what_the_tenth_table_left(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A period named as a label before the figure is the figure's period ("Hourly rate: $25" was
# 25,000 a year and the keyword "rate"); alone, without a pay word or a colon, only before a currency
# or a "k" ("weekly 3 days" is no pay).
LABELS: list[tuple[str, dict[str, Any]]] = [
    ("Sueldo quincenal: $15,000", {"min_salary": 360000, "salary_currency": "USD"}),
    ("Hourly rate: $25", {"min_salary": 52000, "salary_currency": "USD"}),
    ("hourly $25", {"min_salary": 52000, "salary_currency": "USD"}),
    ("Hourly: 25", {"min_salary": 52000}),
    ("day rate £500", {"min_salary": 130000, "salary_currency": "GBP"}),
    ("Biweekly pay: $2,100", {"min_salary": 54600, "salary_currency": "USD"}),
    ("salario mensual $30,000", {"min_salary": 360000, "salary_currency": "USD"}),
    ("annual salary of $150k", {"min_salary": 150000, "salary_currency": "USD"}),
    ("welder $28/h", {"keywords": ["welder"], "min_salary": 58240, "salary_currency": "USD"}),
    ("$500 diario", {"min_salary": 130000, "salary_currency": "USD"}),
    ("EUR 25 pro Stunde", {"min_salary": 52000, "salary_currency": "EUR"}),
    ("python between 100k and 150k", {"keywords": ["python"], "min_salary": 100000}),
    ("zwischen 60.000 und 70.000 €", {"min_salary": 60000, "salary_currency": "EUR"}),
    ("más de 30k €", {"min_salary": 30000, "salary_currency": "EUR"}),
    ("2020 - 2024 annual report", {"all_keywords": ["annual", "report"]}),
]


@pytest.mark.parametrize(("query", "expected"), LABELS, ids=[c[0][:60] for c in LABELS])
def test_a_period_said_before_the_figure(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_label_alone_needs_a_currency() -> None:
    assert "min_salary" not in read_filters("hourly 25")
    assert "min_salary" not in read_filters("hybrid weekly 3 days")


def test_a_ceiling_in_another_language_is_noted() -> None:
    notes = interpret("hasta 50k €").notes
    assert notes[0].startswith('"hasta 50k €" reads as a maximum salary')


ELEVENTH_TABLE_BATCH: list[tuple[str, dict[str, Any]]] = [
    (
        "sviluppatore backend Java a Milano, 45.000 - 55.000 € lordi annui, 3-5 anni di esperienza",
        {
            "all_keywords": ["backend", "java"],
            "locations": ["milano"],
            "min_salary": 45000,
            "salary_currency": "EUR",
            "max_experience_years": 5,
        },
    ),
    (
        "ingegnere software senior, Roma o remoto, almeno 50k €",
        {
            "keywords": ["ingegnere software"],
            "locations": ["roma", "remote"],
            "seniority": ["senior"],
            "min_salary": 50000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Data scientist Amsterdam, €5.000 - €6.500 per maand, hybride",
        {
            "all_keywords": ["data", "scientist"],
            "locations": ["amsterdam"],
            "min_salary": 60000,
            "salary_currency": "EUR",
        },
    ),
    (
        "medior frontend developer Utrecht, 2-4 jaar ervaring",
        {"keywords": ["frontend"], "locations": ["utrecht"], "seniority": ["mid"], "max_experience_years": 4},
    ),
    (
        "Senior Java utvecklare Stockholm 55 000 - 65 000 kr/mån",
        {
            "keywords": ["java"],
            "locations": ["stockholm"],
            "seniority": ["senior"],
            "min_salary": 660000,
            "salary_currency": "SEK",
        },
    ),
    (
        "programista Python Kraków, 18 000 - 24 000 PLN netto na B2B, zdalnie",
        {
            "keywords": ["python"],
            "remote_from": ["kraków"],
            "employment_types": ["contract"],
            "min_salary": 216000,
            "salary_currency": "PLN",
        },
    ),
    (
        "backend developer, remote Poland, 20-25k PLN/month B2B, 5+ years",
        {
            "keywords": ["backend"],
            "remote_from": ["poland"],
            "employment_types": ["contract"],
            "min_salary": 240000,
            "salary_currency": "PLN",
            "max_experience_years": 5,
        },
    ),
    (
        "Desarrollador full stack senior, Bogotá, remoto, $8.000.000 - $10.000.000 COP mensuales",
        {
            "keywords": ["full-stack"],
            "seniority": ["senior"],
            "remote_from": ["bogotá"],
            "min_salary": 96000000,
            "salary_currency": "COP",
        },
    ),
    (
        "analista de datos junior en Buenos Aires, híbrido",
        {"all_keywords": ["analista", "dato"], "locations": ["buenos aires"], "seniority": ["entry"]},
    ),
    (
        "Engenheiro de dados pleno, São Paulo, R$ 9.000 a R$ 12.000 por mês, CLT",
        {
            "keywords": ["dado"],
            "locations": ["são paulo"],
            "seniority": ["mid"],
            "employment_types": ["full_time"],
            "min_salary": 108000,
            "salary_currency": "BRL",
        },
    ),
    (
        "Développeur Python confirmé, Lyon ou télétravail, 45-55k€ brut annuel",
        {
            "keywords": ["python"],
            "locations": ["lyon", "remote"],
            "seniority": ["mid"],
            "min_salary": 45000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Chef de projet IT, Paris, 60 000 € par an minimum, pas de freelance",
        {
            "all_keywords": ["chef", "projet"],
            "locations": ["paris"],
            "employment_types": ["full_time", "part_time", "temporary", "internship"],
            "min_salary": 60000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Softwareentwickler (m/w/d) München, 70.000 - 85.000 € im Jahr, 3 bis 5 Jahre Erfahrung",
        {
            "keywords": ["softwareentwickler"],
            "locations": ["münchen"],
            "min_salary": 70000,
            "salary_currency": "EUR",
            "max_experience_years": 5,
        },
    ),
    (
        "Werkstudent Data Analytics Berlin, 15 € pro Stunde",
        {
            "all_keywords": ["data", "analytics"],
            "locations": ["berlin"],
            "seniority": ["intern"],
            "min_salary": 31200,
            "salary_currency": "EUR",
        },
    ),
    (
        "staff engineer, Bay Area or Seattle, $250k-$320k base, 10+ yrs",
        {
            "keywords": ["engineer"],
            "locations": ["bay area", "seattle"],
            "seniority": ["staff"],
            "min_salary": 250000,
            "salary_currency": "USD",
            "max_experience_years": 10,
        },
    ),
    (
        "mid-level react developer in Austin or Dallas, 110-130k, no agencies",
        {
            "keywords": ["react"],
            "locations": ["austin", "dallas"],
            "seniority": ["mid"],
            "exclude_staffing_agencies": True,
            "min_salary": 110000,
        },
    ),
    (
        "senior SRE, remote US only, $180k+, no crypto, no gambling",
        {
            "keywords": ["sre"],
            "exclude_keywords": ["crypto", "gambling"],
            "seniority": ["senior"],
            "remote_from": ["us"],
            "min_salary": 180000,
            "salary_currency": "USD",
        },
    ),
    (
        "entry level accountant, Chicago IL, $55,000 - $65,000 a year",
        {
            "keywords": ["accountant"],
            "locations": ["chicago il"],
            "seniority": ["entry"],
            "min_salary": 55000,
            "salary_currency": "USD",
        },
    ),
    (
        "junior QA tester, Ohio, $22-$26/hr, 0-2 years experience",
        {
            "all_keywords": ["qa", "tester"],
            "locations": ["ohio"],
            "seniority": ["entry"],
            "min_salary": 45760,
            "salary_currency": "USD",
            "max_experience_years": 2,
        },
    ),
    (
        "registered nurse, Phoenix AZ, $45-55 an hour, nights, 2+ years",
        {
            "all_keywords": ["registered", "nurse"],
            "locations": ["phoenix az"],
            "min_salary": 93600,
            "salary_currency": "USD",
            "max_experience_years": 2,
        },
    ),
    (
        "warehouse associate in Memphis, TN, $18.50/hour, full time",
        {
            "all_keywords": ["warehouse", "associate"],
            "locations": ["memphis, tn"],
            "employment_types": ["full_time"],
            "min_salary": 38480,
            "salary_currency": "USD",
        },
    ),
    (
        "truck driver CDL-A, Midwest, $1,800-$2,200 per week",
        {"all_keywords": ["truck", "driver"], "locations": ["midwest"], "min_salary": 93600, "salary_currency": "USD"},
    ),
    (
        "product designer, London, £70k-£85k, hybrid 2 days, 4-6 years",
        {
            "all_keywords": ["product", "designer"],
            "locations": ["london"],
            "min_salary": 70000,
            "salary_currency": "GBP",
            "max_experience_years": 6,
        },
    ),
    (
        "senior backend engineer, Manchester or Leeds, £65,000 - £80,000 per annum",
        {
            "keywords": ["backend"],
            "locations": ["manchester", "leeds"],
            "seniority": ["senior"],
            "min_salary": 65000,
            "salary_currency": "GBP",
        },
    ),
    (
        "devops contractor, Edinburgh, £500-£600 per day outside IR35, 6 month contract",
        {
            "keywords": ["devops"],
            "locations": ["edinburgh"],
            "employment_types": ["contract"],
            "min_salary": 130000,
            "salary_currency": "GBP",
        },
    ),
    (
        "graduate software engineer Dublin, €40k+, no experience needed",
        {
            "keywords": ["software engineer"],
            "locations": ["dublin"],
            "seniority": ["entry"],
            "min_salary": 40000,
            "salary_currency": "EUR",
            "max_experience_years": 0,
        },
    ),
    (
        "senior Go developer, Berlin or remote EU, €80k-€95k, not at Zalando",
        {
            "keywords": ["go"],
            "locations": ["berlin", "remote eu"],
            "seniority": ["senior"],
            "exclude_companies": ["zalando"],
            "min_salary": 80000,
            "salary_currency": "EUR",
        },
    ),
    (
        "machine learning engineer, Zurich, CHF 140'000 - 170'000, 5+ years",
        {
            "all_keywords": ["machine", "learning"],
            "locations": ["zurich"],
            "min_salary": 140000,
            "salary_currency": "CHF",
            "max_experience_years": 5,
        },
    ),
    (
        "principal engineer, Toronto or Vancouver, CA$200k+, remote Canada ok",
        {
            "keywords": ["engineer"],
            "locations": ["canada", "toronto", "vancouver"],
            "seniority": ["principal"],
            "min_salary": 200000,
            "salary_currency": "CAD",
        },
    ),
    (
        "iOS developer in Calgary, AB, 90-110k CAD",
        {"keywords": ["ios"], "locations": ["calgary, ab"], "min_salary": 90000, "salary_currency": "CAD"},
    ),
    (
        "bookkeeper, part-time, Brisbane QLD, $35-$40 per hour",
        {
            "keywords": ["bookkeeper"],
            "locations": ["brisbane qld"],
            "employment_types": ["part_time"],
            "min_salary": 72800,
            "salary_currency": "AUD",
        },
    ),
    (
        "Senior Data Engineer - Sydney NSW - $160k-$190k + super - hybrid",
        {
            "keywords": ["data"],
            "locations": ["sydney nsw"],
            "seniority": ["senior"],
            "min_salary": 160000,
            "salary_currency": "AUD",
        },
    ),
    (
        "fullstack engineer Auckland, NZ$120k-140k",
        {"keywords": ["fullstack"], "locations": ["auckland"], "min_salary": 120000, "salary_currency": "NZD"},
    ),
    (
        "software engineer Singapore, S$8,000 - S$10,000 monthly, 3-6 years",
        {
            "keywords": ["software engineer"],
            "locations": ["singapore"],
            "min_salary": 96000,
            "salary_currency": "SGD",
            "max_experience_years": 6,
        },
    ),
    (
        "backend engineer Bangalore, 25-35 LPA, 4 to 7 years experience",
        {
            "keywords": ["backend"],
            "locations": ["bangalore"],
            "min_salary": 2500000,
            "salary_currency": "INR",
            "max_experience_years": 7,
        },
    ),
    (
        "data analyst Hyderabad 8-12 LPA 2-4 yrs exp",
        {
            "all_keywords": ["data", "analyst"],
            "locations": ["hyderabad"],
            "min_salary": 800000,
            "salary_currency": "INR",
            "max_experience_years": 4,
        },
    ),
    (
        "Cloud architect, Dubai, AED 40k-50k per month, tax free",
        {
            "all_keywords": ["cloud", "architect"],
            "locations": ["dubai"],
            "min_salary": 480000,
            "salary_currency": "AED",
        },
    ),
    (
        "mobile developer, Tel Aviv, 30k-40k NIS a month",
        {"keywords": ["mobile"], "locations": ["tel aviv"], "min_salary": 360000, "salary_currency": "ILS"},
    ),
    (
        "frontend engineer Tokyo, ¥8M-¥12M, Japanese not required",
        {"keywords": ["frontend"], "locations": ["tokyo"], "min_salary": 8000000, "salary_currency": "JPY"},
    ),
    (
        "sales engineer, remote APAC, USD 120k OTE",
        {"keywords": ["sales"], "remote_from": ["apac"], "min_salary": 120000, "salary_currency": "USD"},
    ),
    (
        "customer success manager, Denver or Boulder, CO, $80k-$95k, hybrid",
        {
            "all_keywords": ["customer", "success"],
            "locations": ["denver", "boulder, co"],
            "seniority": ["manager"],
            "min_salary": 80000,
            "salary_currency": "USD",
        },
    ),
    (
        "director of engineering, NYC, $300k+ TC, 12+ years, fintech only",
        {
            "keywords": ["engineering"],
            "locations": ["nyc"],
            "seniority": ["director"],
            "min_salary": 300000,
            "salary_currency": "USD",
            "max_experience_years": 12,
        },
    ),
    (
        "VP Product, San Francisco Bay Area, no startups",
        {"keywords": ["product"], "locations": ["san francisco bay area"], "seniority": ["director"]},
    ),
    (
        "head of data, London or remote UK, £150k+",
        {
            "keywords": ["data"],
            "locations": ["london", "remote uk"],
            "seniority": ["director"],
            "min_salary": 150000,
            "salary_currency": "GBP",
        },
    ),
    (
        "senior data analyst, Texas (Austin, Houston or Dallas), 5-8 years, $120k+",
        {
            "all_keywords": ["data", "analyst"],
            "locations": ["texas", "austin", "houston", "dallas"],
            "seniority": ["senior"],
            "min_salary": 120000,
            "salary_currency": "USD",
            "max_experience_years": 8,
        },
    ),
    (
        "cybersecurity analyst, Northern Virginia, TS/SCI, $130k-$160k",
        {
            "all_keywords": ["cybersecurity", "analyst", "ts/sci"],
            "locations": ["northern virginia"],
            "min_salary": 130000,
            "salary_currency": "USD",
        },
    ),
    (
        "network engineer in the DMV, 7+ yrs, no contract",
        {
            "keywords": ["network"],
            "locations": ["dmv"],
            "employment_types": ["full_time", "part_time", "temporary", "internship"],
            "max_experience_years": 7,
        },
    ),
    (
        "pharmacist, Orlando, FL, $60/hr, per diem",
        {
            "keywords": ["pharmacist"],
            "locations": ["orlando, fl"],
            "employment_types": ["temporary"],
            "min_salary": 124800,
            "salary_currency": "USD",
        },
    ),
    (
        "electrician apprentice, Perth WA, $30 per hour",
        {
            "all_keywords": ["electrician", "apprentice"],
            "locations": ["perth wa"],
            "min_salary": 62400,
            "salary_currency": "AUD",
        },
    ),
    (
        "lead Android engineer, Lisbon or Porto, €55k-€70k, remote Portugal",
        {
            "keywords": ["android"],
            "locations": ["lisbon", "porto", "remote portugal"],
            "seniority": ["senior"],
            "min_salary": 55000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Go developer remote from Spain, 50.000€ - 60.000€ brutos anuales",
        {"keywords": ["go"], "remote_from": ["spain"], "min_salary": 50000, "salary_currency": "EUR"},
    ),
    (
        "Rust engineer, remote anywhere in Europe, €90k+, 5-10 years, no blockchain",
        {
            "keywords": ["rust"],
            "exclude_keywords": ["blockchain"],
            "remote_from": ["europe"],
            "min_salary": 90000,
            "salary_currency": "EUR",
            "max_experience_years": 10,
        },
    ),
    (
        "junior web developer Manila, ₱40,000 - ₱60,000 monthly",
        {
            "keywords": ["web"],
            "locations": ["manila"],
            "seniority": ["entry"],
            "min_salary": 480000,
            "salary_currency": "PHP",
        },
    ),
    (
        "data engineer, Mexico City or remote Mexico, $60,000 - $80,000 MXN mensuales",
        {
            "keywords": ["data"],
            "locations": ["mexico city", "remote mexico"],
            "min_salary": 720000,
            "salary_currency": "MXN",
        },
    ),
    (
        "senior PHP developer, Kyiv or remote Ukraine, $4,000 - $5,500 per month",
        {
            "keywords": ["php"],
            "locations": ["kyiv", "remote ukraine"],
            "seniority": ["senior"],
            "min_salary": 48000,
            "salary_currency": "USD",
        },
    ),
    (
        "junior to mid backend engineer, Kotlin, Munich or Hamburg, 60-75k €",
        {
            "all_keywords": ["backend", "kotlin"],
            "locations": ["munich", "hamburg"],
            "seniority": ["entry", "mid"],
            "min_salary": 60000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Junior bis Senior Data Engineer, Frankfurt, 60k+ €, keine Zeitarbeit",
        {
            "keywords": ["data"],
            "exclude_keywords": ["zeitarbeit"],
            "locations": ["frankfurt"],
            "seniority": ["entry", "mid", "senior"],
            "min_salary": 60000,
            "salary_currency": "EUR",
        },
    ),
    (
        "frontend developer, Ghent or Antwerp, 3.500 € bruto per maand, 2 tot 4 jaar ervaring",
        {
            "keywords": ["frontend"],
            "locations": ["ghent", "antwerp"],
            "min_salary": 42000,
            "salary_currency": "EUR",
            "max_experience_years": 4,
        },
    ),
    (
        "QA manual sin experiencia, Lima, Perú",
        {"all_keywords": ["qa", "manual"], "locations": ["lima, perú"], "max_experience_years": 0},
    ),
    (
        "QA automation engineer, Warsaw, 15 000 - 20 000 zł netto, bez B2B",
        {
            "all_keywords": ["qa", "automation"],
            "exclude_keywords": ["b2b"],
            "locations": ["warsaw"],
            "min_salary": 180000,
            "salary_currency": "PLN",
        },
    ),
    (
        "iOS engineer, Oslo, 60 000 kr/mnd",
        {"keywords": ["ios"], "locations": ["oslo"], "min_salary": 720000, "salary_currency": "NOK"},
    ),
    (
        "DevOps engineer, Copenhagen or remote Denmark, 50.000 kr om måneden",
        {
            "keywords": ["devops"],
            "locations": ["copenhagen", "remote denmark"],
            "min_salary": 600000,
            "salary_currency": "DKK",
        },
    ),
    (
        "Senior software engineer Madrid, entre 50k y 60k €, de 5 a 8 años de experiencia",
        {
            "keywords": ["software engineer"],
            "locations": ["madrid"],
            "seniority": ["senior"],
            "min_salary": 50000,
            "salary_currency": "EUR",
            "max_experience_years": 8,
        },
    ),
    (
        "stagiaire data analyst Paris, 1 200 € par mois",
        {
            "all_keywords": ["data", "analyst"],
            "locations": ["paris"],
            "seniority": ["intern"],
            "min_salary": 14400,
            "salary_currency": "EUR",
        },
    ),
    (
        "staff or principal ML engineer, remote US, $300k+, no ads, no adtech",
        {
            "keywords": ["ml"],
            "exclude_keywords": ["ads", "adtech"],
            "seniority": ["staff", "principal"],
            "remote_from": ["us"],
            "min_salary": 300000,
            "salary_currency": "USD",
        },
    ),
]


@pytest.mark.parametrize(("query", "expected"), ELEVENTH_TABLE_BATCH, ids=[c[0][:60] for c in ELEVENTH_TABLE_BATCH])
def test_eleventh_table_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


NOTED: list[tuple[str, str]] = [
    (
        "utvecklare Oslo 60 000 kr/mnd",
        '"60 000 kr/mnd" is written with a bare "kr" and the places asked for are in Norway',
    ),
    ("utvecklare 60 000 kr/mån", '"60 000 kr/mån" is written "kr", and no place asked for says which krona or krone'),
    ("director of engineering, NYC, fintech only", '"fintech only" is not something Watchtower can filter on'),
]


@pytest.mark.parametrize(("query", "noted"), NOTED, ids=[c[0][:60] for c in NOTED])
def test_eleventh_table_batch_notes(query: str, noted: str) -> None:
    assert any(noted in note for note in interpret(query).notes)


# (query, posting title, location and text, whether the query finds the posting): both readers on one row.
AGREEMENT: list[tuple[str, str, str, str, bool]] = [
    ("data engineer in CA-AB", "Data Engineer", "Calgary, AB", "", True),
    ("data engineer in Alberta", "Data Engineer", "Calgary, CA-AB", "", True),
    ("data engineer in CA-AB", "Data Engineer", "Toronto, ON", "", False),
    ("data engineer in South Australia", "Data Engineer", "Acme SA", "", False),
    ("data engineer in South Australia", "Data Engineer", "Adelaide, SA", "", True),
    ("data engineer in Saudi Arabia", "Data Engineer", "SA", "", False),
    ("stagiaire data engineer", "Stagiaire Data Engineer", "Paris", "", True),
    ("data engineer confirmé", "Data Engineer Confirmé", "Paris", "", True),
    # "kr" is the krone where the places are in Norway: the posting's "NOK 60 000" is a month's there.
    ("data engineer Oslo, 60 000 kr/mnd", "Data Engineer", "Oslo", "Lønn: NOK 60 000", True),
    ("data engineer Oslo, 61 000 kr/mnd", "Data Engineer", "Oslo", "Lønn: NOK 60 000", False),
    ("data engineer Stockholm, 60 000 kr/mån", "Data Engineer", "Stockholm", "Lön: NOK 60 000", False),
    ("data engineer Stockholm, 55 000 kr/mån", "Data Engineer", "Stockholm", "SEK 55 000 per månad", True),
    ("data engineer Stockholm, 56 000 kr/mån", "Data Engineer", "Stockholm", "SEK 55 000 per månad", False),
    ("data engineer Copenhagen, 50.000 kr om måneden", "Data Engineer", "Copenhagen", "DKK 50.000 om måneden", True),
    # The posting's own "kr" is the krona or krone of its places, as the query's is (money.local_krona).
    ("data engineer Oslo, 60 000 kr/mnd", "Data Engineer", "Oslo", "Lønn: 45 000 - 60 000 kr/mnd", True),
    ("data engineer Oslo, 61 000 kr/mnd", "Data Engineer", "Oslo", "Lønn: 45 000 - 60 000 kr/mnd", False),
    ("data engineer Stockholm, 55 000 kr/mån", "Data Engineer", "Stockholm", "Lön: 55 000 kr/mån", True),
    ("data engineer Oslo, 600 000 kr per år", "Data Engineer", "Oslo", "Lønn: kr 600 000 per år", True),
    (
        "data engineer Copenhagen, 50.000 kr om måneden",
        "Data Engineer",
        "Copenhagen",
        "Løn: kr. 50.000 om måneden",
        True,
    ),
    ("data engineer Stockholm, 55 000 kr/mån", "Data Engineer", "Oslo", "Lønn: 55 000 kr/mnd", False),
    # Eightfold's Helsinki, written with the city's code and commas without spaces.
    ("data engineer in Helsinki", "Data Engineer", "HKI, Uusimaa,FI, FI", "", True),
    ("data engineer in Finland", "Data Engineer", "HKI, Uusimaa,FI, FI", "", True),
    ("data engineer in Helsinki,Finland", "Data Engineer", "Helsinki, Finland", "", True),
    ("data engineer in Tampere", "Data Engineer", "HKI, Uusimaa,FI, FI", "", False),
    # A Colombian's month in pesos is a filter in COP (capped in its own currency).
    ("backend Bogotá, 8 millones COP mensuales", "Backend Engineer", "Bogotá", "Salario: $9.000.000 mensuales", True),
    ("backend Bogotá, 10 millones COP mensuales", "Backend Engineer", "Bogotá", "Salario: $9.000.000 mensuales", False),
    ("data engineer, 2,000 bi-weekly", "Data Engineer", "Austin, TX", "Pay: 2,000 - 2,400 bi-weekly", True),
    ("data engineer, 2,500 bi-weekly", "Data Engineer", "Austin, TX", "Pay: 2,000 - 2,400 bi-weekly", False),
]


@pytest.mark.parametrize(("query", "title", "location", "description", "found"), AGREEMENT)
def test_the_query_and_the_posting_read_alike(
    query: str, title: str, location: str, description: str, found: bool
) -> None:
    filters = interpret(query).filters
    assert filters_match(filters, posting_row(location, description, title), now=NOW) is found


WORDS = st.sampled_from(
    [
        "hourly",
        "rate:",
        "sueldo",
        "quincenal:",
        "$15,000",
        "o",
        "más",
        "ou",
        "mais",
        "100k",
        "ca-ab",
        "us-tx",
        "sa",
        "acme",
        "2,000",
        "bi-weekly",
        "between",
        "entre",
        "and",
        "y",
        "60k+",
        "€",
        "kr/mnd",
        "60 000",
        "om",
        "måneden",
        "oslo",
        "roma",
        "remoto",
        "pas",
        "de",
        "freelance",
        "sin",
        "experiencia",
        "3",
        "bis",
        "5",
        "jahre",
        "anni",
        "di",
        "esperienza",
        "junior",
        "senior",
        "confirmé",
        "medior",
        "stagiaire",
        "lordi",
        "annui",
        "al",
        "mese",
        "fintech",
        "only",
        "in",
        ",",
        "|",
        "",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=25).map(" ".join))
@example("entre 50k y 60k € hourly rate: $25 o más")
@example("sa , ca-ab roma o remoto pas de freelance")
def test_the_reader_never_raises_on_this_tables_words(text: str) -> None:
    interpretation = read(text)
    assert Filters.from_dict(interpretation.filters.as_dict()) == interpretation.filters
