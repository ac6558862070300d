"""The query reader on an eighth batch of agent queries (docs/queries.md): a choice of languages
before the field they share ("golang or rust backend"), "remote-friendly" beside places, "nearshore",
pay quoted by the month ("40k NIS", "$12k"), "Home Office" with a UK place after "in".

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

# A choice of languages or frameworks before (or after) the field they share: the choice is
# `keywords`, the field `all_keywords`, as "backend (golang or rust)" is.
SHARED_FIELD: list[tuple[str, dict[str, Any]]] = [
    ("golang or rust backend", {"keywords": ["golang", "rust"], "all_keywords": ["backend"]}),
    (
        "golang or rust backend engineer in Berlin, 90k",
        {"keywords": ["golang", "rust"], "all_keywords": ["backend"], "locations": ["berlin"], "min_salary": 90000},
    ),
    ("python or java backend engineer", {"keywords": ["python", "java"], "all_keywords": ["backend"]}),
    ("react or vue frontend developer", {"keywords": ["react", "vue"], "all_keywords": ["frontend"]}),
    ("backend golang or rust", {"keywords": ["golang", "rust"], "all_keywords": ["backend"]}),
    ("golang, rust or python backend", {"keywords": ["golang", "rust", "python"], "all_keywords": ["backend"]}),
    (
        "senior go or rust systems engineer NYC 250k",
        {
            "keywords": ["go", "rust"],
            "all_keywords": ["system"],
            "locations": ["nyc"],
            "seniority": ["senior"],
            "min_salary": 250000,
        },
    ),
    (
        "Senior Golang or Rust backend engineer, remote EU, €90k+",
        {
            "keywords": ["golang", "rust"],
            "all_keywords": ["backend"],
            "seniority": ["senior"],
            "remote_from": ["eu"],
            "min_salary": 90000,
            "salary_currency": "EUR",
        },
    ),
    # Not that shape: the usual reading.
    ("ios or android developer", {"keywords": ["ios", "android"]}),
    ("ml or data science", {"keywords": ["ml", "data science"]}),
    ("react or react native developer", {"keywords": ["react", "react native"]}),
    ("machine learning engineer or data scientist", {"keywords": ["machine learning", "data scientist"]}),
]


@pytest.mark.parametrize(("query", "expected"), SHARED_FIELD, ids=[c[0][:60] for c in SHARED_FIELD])
def test_a_choice_before_the_field_it_shares(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# Pay with a currency and no period where pay is quoted by the month: a month's pay when a year's
# would be below the currency's lowest believable yearly pay (pay._USUALLY_MONTHLY_BELOW), noted
# with the explicit filters for the yearly reading.
MONTHLY_PAY: list[tuple[str, dict[str, Any]]] = [
    (
        "Senior full stack dev in Tel Aviv, 40k NIS",
        {
            "keywords": ["full-stack"],
            "locations": ["tel aviv"],
            "seniority": ["senior"],
            "min_salary": 480000,
            "salary_currency": "ILS",
        },
    ),
    (
        "senior data scientist Tel Aviv 50,000 ILS",
        {
            "all_keywords": ["data", "scientist"],
            "locations": ["tel aviv"],
            "seniority": ["senior"],
            "min_salary": 600000,
            "salary_currency": "ILS",
        },
    ),
    (
        "$12k remote golang, LATAM",
        {"keywords": ["golang"], "remote_from": ["latam"], "min_salary": 144000, "salary_currency": "USD"},
    ),
    (
        "golang developer, Dubai, AED 45k",
        {"keywords": ["golang"], "locations": ["dubai"], "min_salary": 540000, "salary_currency": "AED"},
    ),
    ("45k PLN java", {"keywords": ["java"], "min_salary": 540000, "salary_currency": "PLN"}),
    (
        "SGD 12k, backend, Singapore",
        {"keywords": ["backend"], "locations": ["singapore"], "min_salary": 144000, "salary_currency": "SGD"},
    ),
    # The other dollars written "$", by a code or where the places are (pay.read_local_dollar).
    ("CAD 12k backend", {"keywords": ["backend"], "min_salary": 144000, "salary_currency": "CAD"}),
    ("A$20k, backend", {"keywords": ["backend"], "min_salary": 240000, "salary_currency": "AUD"}),
    ("NZ$15k backend", {"keywords": ["backend"], "min_salary": 180000, "salary_currency": "NZD"}),
    ("TWD 80k backend", {"keywords": ["backend"], "min_salary": 960000, "salary_currency": "TWD"}),
    # A year's pay stays yearly.
    ("CAD 30k backend", {"keywords": ["backend"], "min_salary": 30000, "salary_currency": "CAD"}),
    ("TWD 400k backend", {"keywords": ["backend"], "min_salary": 400000, "salary_currency": "TWD"}),
    ("$25k backend", {"keywords": ["backend"], "min_salary": 25000, "salary_currency": "USD"}),
    ("120k NIS, backend", {"keywords": ["backend"], "min_salary": 120000, "salary_currency": "ILS"}),
    ("€12k backend", {"keywords": ["backend"], "min_salary": 12000, "salary_currency": "EUR"}),
    ("$150k, backend", {"keywords": ["backend"], "min_salary": 150000, "salary_currency": "USD"}),
    # An explicit period is read as written.
    ("$12k a year, intern", {"seniority": ["intern"], "min_salary": 12000, "salary_currency": "USD"}),
    # The amount of a bonus is no pay, before the amount too.
    ("backend, sign-on bonus of $10,000", {"keywords": ["backend"]}),
]


@pytest.mark.parametrize(("query", "expected"), MONTHLY_PAY, ids=[c[0][:60] for c in MONTHLY_PAY])
def test_pay_quoted_by_the_month(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_monthly_pay_is_noted_with_the_yearly_filters() -> None:
    notes = interpret("Senior full stack dev in Tel Aviv, 40k NIS").notes
    assert any(
        "read as monthly pay (480000 a year)" in note and '`min_salary: 40000` (and `salary_currency: "ILS"`)' in note
        for note in notes
    )
    notes = interpret("18k PLN").notes
    assert any("too small for a yearly salary in PLN" in note and "`min_salary: 18000`" in note for note in notes)


# "remote-friendly" with places named apart from it allows remote work without asking for it (as
# "remote OK"): the places are locations, which find the remote jobs workable from there too.
# "nearshore" is remote work; a place beside it says where from.
REMOTE_FRIENDLY_AND_NEARSHORE: list[tuple[str, dict[str, Any]]] = [
    ("remote-friendly backend jobs in Boston or NYC", {"keywords": ["backend"], "locations": ["boston", "nyc"]}),
    (
        "seeking remote-friendly product roles in Denver or Boulder",
        {"keywords": ["product"], "locations": ["denver", "boulder"]},
    ),
    (
        "remote-friendly, senior python, Boston",
        {"keywords": ["python"], "locations": ["boston"], "seniority": ["senior"]},
    ),
    ("remote ok, backend, Boston", {"keywords": ["backend"], "locations": ["boston"]}),
    ("remote or hybrid backend in Boston", {"keywords": ["backend"], "locations": ["boston"]}),
    # Alone it is remote work; next to a country or zone, where from; plain "remote" with a city is too.
    ("remote-friendly backend", {"keywords": ["backend"], "remote_only": True}),
    ("remote friendly europe", {"remote_from": ["europe"]}),
    ("remote backend jobs in Boston", {"keywords": ["backend"], "remote_from": ["boston"]}),
    (
        "nearshore React developer, LATAM, $5k/month",
        {"keywords": ["react"], "remote_from": ["latam"], "min_salary": 60000, "salary_currency": "USD"},
    ),
    (
        "nearshore devops engineer Colombia, USD 6,000/month",
        {"keywords": ["devops"], "remote_from": ["colombia"], "min_salary": 72000, "salary_currency": "USD"},
    ),
    ("near-shore QA, Argentina or Uruguay", {"keywords": ["qa"], "remote_from": ["argentina", "uruguay"]}),
    ("nearshore java developer", {"keywords": ["java"], "remote_only": True}),
    # A two-letter word before a country is no place of its own ("QA, Argentina" is not Qatar).
    ("remote, QA, Argentina", {"keywords": ["qa"], "remote_from": ["argentina"]}),
]


@pytest.mark.parametrize(
    ("query", "expected"), REMOTE_FRIENDLY_AND_NEARSHORE, ids=[c[0][:60] for c in REMOTE_FRIENDLY_AND_NEARSHORE]
)
def test_remote_friendly_and_nearshore(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_remote_friendly_and_nearshore_are_noted() -> None:
    notes = interpret("remote-friendly backend jobs in Boston or NYC").notes
    assert any("remote work is allowed, not asked for" in note and 'Say "remote"' in note for note in notes)
    notes = interpret("nearshore java developer").notes
    assert any('"nearshore" was read as remote work' in note for note in notes)


# "Home Office" in capitals is the UK department beside a UK place, or with one after "in" anywhere
# in the query; otherwise (lower case, or a place abroad) working from home.
HOME_OFFICE: list[tuple[str, dict[str, Any]]] = [
    ("Home Office London", {"locations": ["london"], "companies": ["home office"]}),
    (
        "Home Office London, data scientist",
        {"all_keywords": ["data", "scientist"], "locations": ["london"], "companies": ["home office"]},
    ),
    (
        "HOME OFFICE LONDON caseworker",
        {"keywords": ["caseworker"], "locations": ["london"], "companies": ["home office"]},
    ),
    ("Home Office, London", {"locations": ["london"], "companies": ["home office"]}),
    (
        "Home Office caseworker jobs in Croydon",
        {"keywords": ["caseworker"], "locations": ["croydon"], "companies": ["home office"]},
    ),
    (
        "Home Office, data engineer in Manchester or Leeds",
        {"keywords": ["data"], "locations": ["manchester", "leeds"], "companies": ["home office"]},
    ),
    (
        "Home Office London policy analyst, £40k",
        {
            "all_keywords": ["policy", "analyst"],
            "locations": ["london"],
            "companies": ["home office"],
            "min_salary": 40000,
            "salary_currency": "GBP",
        },
    ),
    ("Home Office jobs in Berlin", {"remote_from": ["berlin"]}),
    ("home office jobs in London", {"remote_from": ["london"]}),
]


@pytest.mark.parametrize(("query", "expected"), HOME_OFFICE, ids=[c[0][:60] for c in HOME_OFFICE])
def test_home_office(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# An eighth batch of agent queries not seen before: places abroad, pay in many currencies and
# periods, levels and years said many ways, exclusions, contracts and hours, other languages' job
# words, typos.
EIGHTH_BATCH: list[tuple[str, dict[str, Any]]] = [
    # Job queries in French, Spanish, Portuguese and German: "à", "en", "em" before a place, their grammar
    # and job-search words ("offre d'emploi", "vaga de", "Stellenangebote"), CDI/CDD/CLT/PJ, "pleno", "sênior",
    # "mil", "por mês", "anuales", "mind. 3 Jahre", "3 ans d'expérience", "20 Std/Woche".
    (
        "Développeur Python à Paris, 55k€, CDI",
        {
            "keywords": ["python"],
            "locations": ["paris"],
            "employment_types": ["full_time"],
            "min_salary": 55000,
            "salary_currency": "EUR",
        },
    ),
    (
        "offre d'emploi data engineer Paris, CDD, 50 000 € par an",
        {
            "keywords": ["data"],
            "locations": ["paris"],
            "employment_types": ["temporary"],
            "min_salary": 50000,
            "salary_currency": "EUR",
        },
    ),
    (
        "poste de développeur java à Lyon, 3 ans d'expérience",
        {"keywords": ["java"], "locations": ["lyon"], "max_experience_years": 3},
    ),
    (
        "Ingénieur DevOps, Lyon, télétravail, 60k€",
        {"keywords": ["devops"], "remote_from": ["lyon"], "min_salary": 60000, "salary_currency": "EUR"},
    ),
    (
        "Desarrollador backend en Madrid, 45.000€ brutos anuales",
        {"keywords": ["backend"], "locations": ["madrid"], "min_salary": 45000, "salary_currency": "EUR"},
    ),
    (
        "empleo desarrollador python remoto, 3 años de experiencia, sueldo 2.500 USD al mes",
        {
            "keywords": ["python"],
            "remote_only": True,
            "min_salary": 30000,
            "salary_currency": "USD",
            "max_experience_years": 3,
        },
    ),
    (
        "Engenheiro de software sênior em São Paulo, R$ 18.000 por mês, CLT",
        {
            "all_keywords": ["engenheiro", "software"],
            "locations": ["são paulo"],
            "seniority": ["senior"],
            "employment_types": ["full_time"],
            "min_salary": 216000,
            "salary_currency": "BRL",
        },
    ),
    (
        "vaga de desenvolvedor react remoto, PJ, R$ 15 mil",
        {
            "keywords": ["react"],
            "employment_types": ["contract"],
            "remote_only": True,
            "min_salary": 180000,
            "salary_currency": "BRL",
        },
    ),
    (
        "dev backend pleno em Lisboa, 4.000€/mês",
        {
            "keywords": ["backend"],
            "locations": ["lisboa"],
            "seniority": ["mid"],
            "min_salary": 48000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Stellenangebote Java Entwickler Hamburg, mind. 3 Jahre Erfahrung, 70k",
        {"keywords": ["java"], "locations": ["hamburg"], "min_salary": 70000, "max_experience_years": 3},
    ),
    (
        "Backend Entwickler München, 75.000 € brutto, Festanstellung",
        {
            "keywords": ["backend"],
            "locations": ["münchen"],
            "employment_types": ["full_time"],
            "min_salary": 75000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Werkstudent Informatik München 20 Std/Woche",
        {"keywords": ["informatik"], "locations": ["münchen"], "seniority": ["intern"]},
    ),
    (
        "Jobs als Data Scientist in Köln, Teilzeit",
        {"all_keywords": ["data", "scientist"], "locations": ["köln"], "employment_types": ["part_time"]},
    ),
    # Pay in many currencies and periods (Nordic "/mån", "/md"; Swiss "150'000"; lakhs; ILS, AED, SGD by the month).
    (
        "java or kotlin android developer, Stockholm, 55 000 SEK/mån",
        {
            "keywords": ["java", "kotlin"],
            "all_keywords": ["android"],
            "locations": ["stockholm"],
            "min_salary": 660000,
            "salary_currency": "SEK",
        },
    ),
    (
        "UX researcher, Copenhagen, 45.000 DKK/md",
        {
            "all_keywords": ["ux", "researcher"],
            "locations": ["copenhagen"],
            "min_salary": 540000,
            "salary_currency": "DKK",
        },
    ),
    (
        "software engineer in Oslo, 800 000 NOK",
        {"keywords": ["software engineer"], "locations": ["oslo"], "min_salary": 800000, "salary_currency": "NOK"},
    ),
    (
        "Data engineer in Zurich, CHF 130k+, 5+ yrs",
        {
            "keywords": ["data"],
            "locations": ["zurich"],
            "min_salary": 130000,
            "salary_currency": "CHF",
            "max_experience_years": 5,
        },
    ),
    (
        "Senior ML Engineer — Zürich — CHF 150'000+",
        {
            "keywords": ["ml"],
            "locations": ["zürich"],
            "seniority": ["senior"],
            "min_salary": 150000,
            "salary_currency": "CHF",
        },
    ),
    (
        "ML engineer in Bangalore, 35 LPA, 4-6 yrs exp",
        {
            "keywords": ["ml"],
            "locations": ["bangalore"],
            "min_salary": 3500000,
            "salary_currency": "INR",
            "max_experience_years": 6,
        },
    ),
    (
        "salesforce developer, Hyderabad, 12 lakh, 3-5 years",
        {
            "keywords": ["salesforce"],
            "locations": ["hyderabad"],
            "min_salary": 1200000,
            "salary_currency": "INR",
            "max_experience_years": 5,
        },
    ),
    (
        "Junior QA tester in Manila, ₱40k/month",
        {
            "all_keywords": ["qa", "tester"],
            "locations": ["manila"],
            "seniority": ["entry"],
            "min_salary": 480000,
            "salary_currency": "PHP",
        },
    ),
    (
        "frontend dev, Tokyo, ¥8M+, visa sponsorship",
        {
            "keywords": ["frontend"],
            "locations": ["tokyo"],
            "visa_sponsorship": True,
            "min_salary": 8000000,
            "salary_currency": "JPY",
        },
    ),
    (
        "senior iOS engineer Singapore SGD 10k/month",
        {
            "keywords": ["ios"],
            "locations": ["singapore"],
            "seniority": ["senior"],
            "min_salary": 120000,
            "salary_currency": "SGD",
        },
    ),
    (
        "golang developer in Dubai, AED 30k per month, tax free",
        {"keywords": ["golang"], "locations": ["dubai"], "min_salary": 360000, "salary_currency": "AED"},
    ),
    (
        "Product designer in Tel-Aviv, 30-35k ILS, hybrid",
        {
            "all_keywords": ["product", "designer"],
            "locations": ["tel-aviv"],
            "min_salary": 360000,
            "salary_currency": "ILS",
        },
    ),
    (
        "Full-stack developer Nairobi, KES 300k/month",
        {"keywords": ["full-stack"], "locations": ["nairobi"], "min_salary": 3600000, "salary_currency": "KES"},
    ),
    (
        "mid level flutter developer, Cairo, EGP 40,000 monthly",
        {
            "keywords": ["flutter"],
            "locations": ["cairo"],
            "seniority": ["mid"],
            "min_salary": 480000,
            "salary_currency": "EGP",
        },
    ),
    (
        "Junior Java developer Bucharest 1500 EUR net",
        {
            "keywords": ["java"],
            "locations": ["bucharest"],
            "seniority": ["entry"],
            "min_salary": 18000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Staff SRE, Toronto or Vancouver, 180k CAD, no crypto",
        {
            "keywords": ["sre"],
            "exclude_keywords": ["crypto"],
            "locations": ["toronto", "vancouver"],
            "seniority": ["staff"],
            "min_salary": 180000,
            "salary_currency": "CAD",
        },
    ),
    (
        "Lead data scientist, Remote Canada, CAD 150,000+, no management",
        {
            "all_keywords": ["data", "scientist"],
            "exclude_keywords": ["management"],
            "seniority": ["senior"],
            "remote_from": ["canada"],
            "min_salary": 150000,
            "salary_currency": "CAD",
        },
    ),
    (
        "part-time UX designer, remote, Australia, $60/hr AUD",
        {
            "all_keywords": ["ux", "designer"],
            "remote_from": ["australia"],
            "employment_types": ["part_time"],
            "min_salary": 124800,
            "salary_currency": "AUD",
        },
    ),
    # Contracts, day rates, levels and years of experience said many ways.
    (
        "cloud architect with 10 years experiance in Sydney paying AUD 200k + super",
        {
            "all_keywords": ["cloud", "architect"],
            "locations": ["sydney"],
            "min_salary": 200000,
            "salary_currency": "AUD",
            "max_experience_years": 10,
        },
    ),
    (
        "contract data analyst, London, £450/day outside IR35",
        {
            "all_keywords": ["data", "analyst"],
            "locations": ["london"],
            "employment_types": ["contract"],
            "min_salary": 117000,
            "salary_currency": "GBP",
        },
    ),
    (
        "freelance python developer, €600/day, Berlin or remote Germany",
        {
            "keywords": ["python"],
            "locations": ["berlin", "remote germany"],
            "employment_types": ["contract"],
            "min_salary": 156000,
            "salary_currency": "EUR",
        },
    ),
    (
        "DevOps engineer Warsaw B2B 25 000 PLN netto",
        {
            "keywords": ["devops"],
            "locations": ["warsaw"],
            "employment_types": ["contract"],
            "min_salary": 300000,
            "salary_currency": "PLN",
        },
    ),
    (
        "graduate software engineer London 2027, £35k",
        {
            "keywords": ["software engineer"],
            "locations": ["london"],
            "seniority": ["entry"],
            "min_salary": 35000,
            "salary_currency": "GBP",
        },
    ),
    (
        "entry level software engineer with 0-2 years experience, Chicago",
        {
            "keywords": ["software engineer"],
            "locations": ["chicago"],
            "seniority": ["entry"],
            "max_experience_years": 2,
        },
    ),
    (
        "junior data analyst, less than two years experience, Manchester, £28k",
        {
            "all_keywords": ["data", "analyst"],
            "locations": ["manchester"],
            "seniority": ["entry"],
            "min_salary": 28000,
            "salary_currency": "GBP",
            "max_experience_years": 1,
        },
    ),
    (
        "sr software engr, 4-7 yoe, Toronto, 150k CAD+, H-1B not needed",
        {
            "keywords": ["software engineer"],
            "locations": ["toronto"],
            "seniority": ["senior"],
            "min_salary": 150000,
            "salary_currency": "CAD",
            "max_experience_years": 7,
        },
    ),
    (
        "senior full-stack eng, a decade of experience, remote US, $200k",
        {
            "keywords": ["full-stack"],
            "seniority": ["senior"],
            "remote_from": ["us"],
            "min_salary": 200000,
            "salary_currency": "USD",
            "max_experience_years": 10,
        },
    ),
    (
        "lead mobile dev (ios/android), 6 yrs+, Sydney, AUD 180k-200k",
        {
            "keywords": ["ios", "android"],
            "all_keywords": ["mobile"],
            "locations": ["sydney"],
            "seniority": ["senior"],
            "min_salary": 180000,
            "salary_currency": "AUD",
            "max_experience_years": 6,
        },
    ),
    (
        "principal engineer, 12+ years, Seattle, $250k base",
        {
            "keywords": ["engineer"],
            "locations": ["seattle"],
            "seniority": ["principal"],
            "min_salary": 250000,
            "salary_currency": "USD",
            "max_experience_years": 12,
        },
    ),
    (
        "senior dev ops engineer, at least five years of experience, Amsterdam, €85.000",
        {
            "keywords": ["devops"],
            "locations": ["amsterdam"],
            "seniority": ["senior"],
            "min_salary": 85000,
            "salary_currency": "EUR",
            "max_experience_years": 5,
        },
    ),
    (
        "python dev, no more than three years of experience, remote US",
        {"keywords": ["python"], "remote_from": ["us"], "max_experience_years": 3},
    ),
    (
        "sr. android dev, kotlin, 5yoe, hybrid Amsterdam",
        {
            "all_keywords": ["android", "kotlin"],
            "locations": ["amsterdam"],
            "seniority": ["senior"],
            "max_experience_years": 5,
        },
    ),
    (
        "staff frontend engineer, 8 to 10 yrs of experience, $200k-$240k, SF or NYC",
        {
            "keywords": ["frontend"],
            "locations": ["sf", "nyc"],
            "seniority": ["staff"],
            "min_salary": 200000,
            "salary_currency": "USD",
            "max_experience_years": 10,
        },
    ),
    (
        "Rust or C++ systems engineer, NYC, 300k+ TC",
        {"keywords": ["rust", "c++"], "all_keywords": ["system"], "locations": ["nyc"], "min_salary": 300000},
    ),
    (
        "react native developer - remote (CET +-2h) - €5,000/mo",
        {"all_keywords": ["react", "native"], "remote_only": True, "min_salary": 60000, "salary_currency": "EUR"},
    ),
    # Choices, exclusions, time zones, hours, typos, remote areas beside places, fields read as places.
    (
        "part time react developer 20h/week remote Europe",
        {"keywords": ["react"], "remote_from": ["europe"], "employment_types": ["part_time"]},
    ),
    (
        "senior SRE, not at Amazon or Meta, Seattle, 220k",
        {
            "keywords": ["sre"],
            "locations": ["seattle"],
            "seniority": ["senior"],
            "exclude_companies": ["amazon", "meta"],
            "min_salary": 220000,
        },
    ),
    (
        "backend engineer NOT crypto NOT gambling, Lisbon",
        {"keywords": ["backend"], "exclude_keywords": ["crypto", "gambling"], "locations": ["lisbon"]},
    ),
    (
        "python dev excluding adtech and gambling, remote EU",
        {"keywords": ["python"], "exclude_keywords": ["adtech", "gambling"], "remote_from": ["eu"]},
    ),
    ("senoir data enginer in Chicgo", {"keywords": ["data"], "locations": ["chicago"], "seniority": ["senior"]}),
    (
        "ios developer, Lagos or remote Africa, $3k per month",
        {"keywords": ["ios"], "locations": ["lagos", "remote africa"], "min_salary": 36000, "salary_currency": "USD"},
    ),
    (
        "head of engineering, London or remote UK, £150k+",
        {
            "keywords": ["engineering"],
            "locations": ["london", "remote uk"],
            "seniority": ["director"],
            "min_salary": 150000,
            "salary_currency": "GBP",
        },
    ),
    ("jobs in ML, Berlin", {"keywords": ["ml"], "locations": ["berlin"]}),
    ("senior roles in HR, London", {"keywords": ["hr"], "locations": ["london"], "seniority": ["senior"]}),
    # A code that is a company's form or a word too (matching.places WORD_CODES) is a place only
    # with a place beside it: "AB testing" is no Alberta, "Calgary, AB" and "AB, Canada" are.
    ("engineer in AB testing", {"all_keywords": ["ab", "testing"]}),
    ("developer at Klarna AB", {"keywords": ["developer"], "companies": ["klarna ab"]}),
    ("engineer in Edmonton, AB", {"keywords": ["engineer"], "locations": ["edmonton, ab"]}),
    ("developer in AB, Canada", {"keywords": ["developer"], "locations": ["ab, canada"]}),
]


@pytest.mark.parametrize(("query", "expected"), EIGHTH_BATCH, ids=[c[0][:60] for c in EIGHTH_BATCH])
def test_eighth_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_foreign_word_for_in_is_a_place_only_before_one() -> None:
    reading = interpret("ingeniero en sistemas, Madrid")
    assert (reading.filters.keywords, reading.filters.locations) == (("sistema",), ("madrid",))
    assert not any("not recognised as a place" in note for note in reading.notes)


# A second round: the permits a sponsor obtains named alone ("Blue Card", "EP sponsorship",
# "highly skilled migrant"), millions in Indonesian and Vietnamese ("25jt", "40 triệu"; above the
# largest `min_salary` a filter takes, noted, never keywords), and more of what peers' users ask for.
EIGHTH_BATCH_MORE: list[tuple[str, dict[str, Any]]] = [
    (
        "software engineer Germany blue card, €60k+",
        {
            "keywords": ["software engineer"],
            "locations": ["germany"],
            "visa_sponsorship": True,
            "min_salary": 60000,
            "salary_currency": "EUR",
        },
    ),
    ("EU Blue Card, java, Munich", {"keywords": ["java"], "locations": ["munich"], "visa_sponsorship": True}),
    (
        "golang dev, Singapore, SGD 8k-10k/month, EP sponsorship",
        {
            "keywords": ["golang"],
            "locations": ["singapore"],
            "visa_sponsorship": True,
            "min_salary": 96000,
            "salary_currency": "SGD",
        },
    ),
    (
        "backend role w/ visa sponsorship in Netherlands (highly skilled migrant)",
        {"keywords": ["backend"], "locations": ["netherlands"], "visa_sponsorship": True},
    ),
    (
        "h1b sponsoring companies, data engineer, Bay Area",
        {"keywords": ["data"], "locations": ["bay area"], "visa_sponsorship": True},
    ),
    (
        "new grad swe roles that sponsor visas, NYC or Seattle",
        {"keywords": ["swe"], "locations": ["nyc", "seattle"], "seniority": ["entry"], "visa_sponsorship": True},
    ),
    (
        "devops, Lagos, ₦1.5m monthly",
        {"keywords": ["devops"], "locations": ["lagos"], "min_salary": 18000000, "salary_currency": "NGN"},
    ),
    (
        "mobile developer (flutter), Jakarta, IDR 25jt/month",
        {
            "all_keywords": ["mobile", "flutter"],
            "locations": ["jakarta"],
            "min_salary": 300000000,
            "salary_currency": "IDR",
        },
    ),
    (
        "android dev Ho Chi Minh City, 40 triệu VND",
        {"keywords": ["android"], "locations": ["ho chi minh city"], "min_salary": 480000000, "salary_currency": "VND"},
    ),
    (
        "jr. web dev, Mexico City, $30,000 MXN mensuales",
        {
            "keywords": ["web"],
            "locations": ["mexico city"],
            "seniority": ["entry"],
            "min_salary": 360000,
            "salary_currency": "MXN",
        },
    ),
    (
        "staff ML engineer, LLM, NYC, $300k+ TC, no FAANG",
        {
            "all_keywords": ["ml", "llm"],
            "locations": ["nyc"],
            "seniority": ["staff"],
            "exclude_companies": ["meta", "amazon", "apple", "netflix", "google"],
            "min_salary": 300000,
            "salary_currency": "USD",
        },
    ),
    (
        "interim CTO, contract, Amsterdam, €1,000/day",
        {
            "all_keywords": ["interim", "cto"],
            "locations": ["amsterdam"],
            "employment_types": ["contract"],
            "min_salary": 260000,
            "salary_currency": "EUR",
        },
    ),
    (
        "fullstack (node / react) dev, remote LATAM, USD 4-6k/mo",
        {
            "keywords": ["node", "react"],
            "all_keywords": ["fullstack"],
            "remote_from": ["latam"],
            "min_salary": 48000,
            "salary_currency": "USD",
        },
    ),
    (
        "nearshore python developer, Costa Rica or Mexico, $5,000 monthly",
        {
            "keywords": ["python"],
            "remote_from": ["costa rica", "mexico"],
            "min_salary": 60000,
            "salary_currency": "USD",
        },
    ),
    ("remote-friendly design roles in Portland, OR", {"keywords": ["design"], "locations": ["portland, or"]}),
    (
        "golang or rust developer, remote, not web3",
        {"keywords": ["golang", "rust"], "exclude_keywords": ["web3"], "remote_only": True},
    ),
    (
        "staff sre, not crypto, not defense, remote US, min 220k",
        {
            "keywords": ["sre"],
            "exclude_keywords": ["crypto", "defense"],
            "seniority": ["staff"],
            "remote_from": ["us"],
            "min_salary": 220000,
        },
    ),
    (
        "entry-level data analyst, NYC, $65-75k, 0-1 yrs",
        {
            "all_keywords": ["data", "analyst"],
            "locations": ["nyc"],
            "seniority": ["entry"],
            "min_salary": 65000,
            "salary_currency": "USD",
            "max_experience_years": 1,
        },
    ),
]


@pytest.mark.parametrize(("query", "expected"), EIGHTH_BATCH_MORE, ids=[c[0][:60] for c in EIGHTH_BATCH_MORE])
def test_eighth_batch_more(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_pay_above_the_largest_filter_is_noted_in_its_currency() -> None:
    """`min_salary` is capped in its own currency (watches.filters.max_min_salary): "₦1.5m monthly" is a
    filter, and only pay past what the filter columns hold is noted."""
    assert not interpret("devops, Lagos, ₦1.5m monthly").notes
    notes = interpret("android dev Hanoi, VND 3,500,000,000 a year").notes
    assert notes[0].startswith(
        '"vnd 3,500,000,000 a year" is 3500000000 VND a year, more than the largest `min_salary` Watchtower takes in '
        "VND (2,147,483,647)"
    )
