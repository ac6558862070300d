"""The query reader on a tenth table of agent queries (docs/queries.md): a certification named by
its issuer ("AWS certified"), a language or a nationality asked for ("bilingual Spanish",
"Canadian"), working arrangements and employer terms without a filter ("night shift", "job share",
"union", "tenure-track", "GS-12"), a contract that becomes permanent ("6 months then perm"), a per
diem allowance ("$50 per diem"), short title words ("rep"), a school district ("Houston ISD"); then
a batch of agent queries across roles, countries, currencies and languages.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.watches.reading import read_filters
from watches.filters import Filters
from watches.query import interpret, read

# A certification named by its issuer or its name is noted, no keyword ("certified" was one, and
# the issuer too); "certified" before the role is part of a title and stays.
CERTIFICATIONS: list[tuple[str, dict[str, Any]]] = [
    ("AWS certified solutions architect", {"all_keywords": ["solution", "architect"]}),
    ("python developer, AWS certification required", {"keywords": ["python"]}),
    ("forklift certified warehouse associate", {"all_keywords": ["warehouse", "associate"]}),
    ("Salesforce certified admin, remote", {"keywords": ["admin"], "remote_only": True}),
    ("Six Sigma certified process engineer", {"keywords": ["process"]}),
    ("Red Hat certification, linux admin", {"all_keywords": ["linux", "admin"]}),
    ("board certified dermatologist", {"keywords": ["dermatologist"]}),
    ("OSHA 30 certified site supervisor", {"all_keywords": ["site", "supervisor"]}),
    # "certified" opening the title stays a title's word.
    ("certified nursing assistant", {"all_keywords": ["certified", "nursing", "assistant"]}),
    ("looking for certified nursing assistant jobs", {"all_keywords": ["certified", "nursing", "assistant"]}),
    ("PMP certified project manager", {"keywords": ["project"], "seniority": ["manager"]}),
]


@pytest.mark.parametrize(("query", "expected"), CERTIFICATIONS, ids=[c[0][:60] for c in CERTIFICATIONS])
def test_a_certification(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_certification_is_noted() -> None:
    notes = interpret("AWS certified solutions architect").notes
    assert notes[0].startswith('"aws certified": a certification or licence is not something Watchtower can filter on')


# A language a job asks for is noted, no keyword ("bilingual Spanish" required both words of every
# title); a language before the role ("Spanish teacher") and "German-speaking" stay words.
LANGUAGES: list[tuple[str, dict[str, Any]]] = [
    ("bilingual Spanish", {}),
    ("bilingual (English/Spanish) receptionist", {"keywords": ["receptionist"]}),
    ("fluent German, sales", {"keywords": ["sales"]}),
    (
        "customer support, native French speaker, Lisbon",
        {"all_keywords": ["customer", "support"], "locations": ["lisbon"]},
    ),
    ("Japanese required, localization QA", {"all_keywords": ["localization", "qa"]}),
    ("account manager with fluency in Dutch", {"keywords": ["account"], "seniority": ["manager"]}),
    ("Spanish teacher", {"all_keywords": ["spanish", "teacher"]}),
    ("French translator", {"all_keywords": ["french", "translator"]}),
    ("German-speaking customer support", {"all_keywords": ["german-speaking", "customer", "support"]}),
    (
        "bilingual customer service representative",
        {"all_keywords": ["bilingual", "customer", "service", "representative"]},
    ),
]


@pytest.mark.parametrize(("query", "expected"), LANGUAGES, ids=[c[0][:60] for c in LANGUAGES])
def test_a_language_asked_for(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A nationality or citizenship said of the seeker is noted with the country's filters, no keyword;
# a demonym that is a language too is one only with "citizen", "national", "passport" or "only".
NATIONALITIES: list[tuple[str, dict[str, Any]]] = [
    ("Canadian", {}),
    ("software engineer, Canadian", {"keywords": ["software engineer"]}),
    ("remote jobs for Canadians", {"remote_only": True}),
    ("I am Canadian, looking for remote python jobs", {"keywords": ["python"], "remote_only": True}),
    ("Mexican national, nurse", {"keywords": ["nurse"]}),
    (
        "registered nurse, Filipino passport holder, Dubai",
        {"all_keywords": ["registered", "nurse"], "locations": ["dubai"]},
    ),
    ("translator, Spanish", {"all_keywords": ["translator", "spanish"]}),
    ("Canadian Tire store associate", {"all_keywords": ["canadian", "tire", "store", "associate"]}),
]


@pytest.mark.parametrize(("query", "expected"), NATIONALITIES, ids=[c[0][:60] for c in NATIONALITIES])
def test_a_nationality(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_nationality_is_noted_with_the_country_filters() -> None:
    notes = interpret("software engineer, Canadian").notes
    assert notes[0].startswith('"canadian": a nationality or citizenship is not something Watchtower can filter on')
    assert '`remote_from: ["canada"]`' in notes[0]


# Working arrangements and employer terms without a filter are noted, no keyword: a shift wished for
# (refused, it is excluded as before), a job share, a union job, tenure, a US federal pay grade.
ARRANGEMENTS: list[tuple[str, dict[str, Any]]] = [
    ("night shift nurse", {"keywords": ["nurse"]}),
    (
        "warehouse associate, 2nd shift, Columbus",
        {"all_keywords": ["warehouse", "associate"], "locations": ["columbus"]},
    ),
    ("RN 12-hour shifts", {"keywords": ["rn"]}),
    ("nights only, stocker", {"keywords": ["stocker"]}),
    ("overnight stocker", {"all_keywords": ["overnight", "stocker"]}),
    ("no night shifts nurse", {"keywords": ["nurse"], "exclude_keywords": ["night shift"]}),
    ("ICU nurse no rotating shifts", {"all_keywords": ["icu", "nurse"], "exclude_keywords": ["rotating shift"]}),
    ("job share", {}),
    ("job share, HR advisor, Bristol", {"all_keywords": ["hr", "advisor"], "locations": ["bristol"]}),
    ("union electrician", {"keywords": ["electrician"]}),
    ("carpenter, union", {"keywords": ["carpenter"]}),
    ("unionized grocery clerk", {"all_keywords": ["grocery", "clerk"]}),
    ("credit union teller", {"all_keywords": ["credit", "union", "teller"]}),
    ("Union Pacific conductor", {"all_keywords": ["union", "pacific", "conductor"]}),
    ("union organizer", {"all_keywords": ["union", "organizer"]}),
    ("jobs in Union, NJ", {"locations": ["union, nj"]}),
    ("tenure-track", {}),
    ("tenure-track assistant professor of biology", {"all_keywords": ["assistant", "professor", "biology"]}),
    ("GS-12", {}),
    ("GS-12 analyst, DC", {"keywords": ["analyst"], "locations": ["dc"]}),
    ("GS 13/14 program analyst", {"all_keywords": ["program", "analyst"]}),
]


@pytest.mark.parametrize(("query", "expected"), ARRANGEMENTS, ids=[c[0][:60] for c in ARRANGEMENTS])
def test_arrangements_and_employer_terms(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A contract that becomes permanent is contract work ("6 months then perm" read the keywords then,
# perm), a temp job that does is temporary; "perm" as a kind of work is permanent.
CONTRACT_TO_PERM: list[tuple[str, dict[str, Any]]] = [
    ("6 months then perm", {"employment_types": ["contract"]}),
    (
        "admin assistant, 6 months then perm, Leeds",
        {"all_keywords": ["admin", "assistant"], "locations": ["leeds"], "employment_types": ["contract"]},
    ),
    ("temp to perm admin assistant", {"all_keywords": ["admin", "assistant"], "employment_types": ["temporary"]}),
    ("temp-to-hire forklift driver", {"all_keywords": ["forklift", "driver"], "employment_types": ["temporary"]}),
    ("contract to perm java developer", {"keywords": ["java"], "employment_types": ["contract"]}),
    ("C2H data analyst", {"all_keywords": ["data", "analyst"], "employment_types": ["contract"]}),
    (
        "python dev, perm only, London",
        {"keywords": ["python"], "locations": ["london"], "employment_types": ["full_time"]},
    ),
    ("QA, contract or perm", {"keywords": ["qa"], "employment_types": ["contract", "full_time"]}),
    ("jobs in Perm", {"locations": ["perm"]}),
    ("hair stylist perm", {"all_keywords": ["hair", "stylist", "perm"]}),
]


@pytest.mark.parametrize(("query", "expected"), CONTRACT_TO_PERM, ids=[c[0][:60] for c in CONTRACT_TO_PERM])
def test_a_contract_that_becomes_permanent(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A per diem beside the pay is a daily allowance: no salary ("$50 per diem" was 50,000 USD a year)
# and no temporary work; "per diem RN" and "$60/hr per diem" are the kind of work as before.
PER_DIEMS: list[tuple[str, dict[str, Any]]] = [
    ("$50 per diem", {}),
    (
        "travel nurse, $2,000/week, $50 per diem",
        {"all_keywords": ["travel", "nurse"], "min_salary": 104000, "salary_currency": "USD"},
    ),
    ("travel nurse + per diem, ICU", {"all_keywords": ["travel", "nurse", "icu"]}),
    ("per diem of $75, field technician", {"all_keywords": ["field", "technician"]}),
    (
        "per diem pharmacist, $70/hr, per diem allowance provided",
        {"keywords": ["pharmacist"], "employment_types": ["temporary"], "min_salary": 145600, "salary_currency": "USD"},
    ),
    (
        "RN per diem $60/hr",
        {"keywords": ["rn"], "employment_types": ["temporary"], "min_salary": 124800, "salary_currency": "USD"},
    ),
]


@pytest.mark.parametrize(("query", "expected"), PER_DIEMS, ids=[c[0][:60] for c in PER_DIEMS])
def test_a_per_diem_allowance(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_per_diem_allowance_is_noted() -> None:
    assert interpret("$50 per diem").notes[0].startswith('"$50 per diem" is a per diem (a daily allowance)')


# A title word written short ("rep") is the query's choice of both forms (a keyword "rep" missed every
# "Customer Service Representative"); the other words stay needed.
SHORT_TITLE_WORDS: list[tuple[str, dict[str, Any]]] = [
    ("rep", {"keywords": ["rep", "representative"]}),
    ("sales rep", {"all_keywords": ["sales"], "keywords": ["rep", "representative"]}),
    (
        "account exec, SaaS, remote",
        {"all_keywords": ["account", "saas"], "keywords": ["exec", "executive"], "remote_only": True},
    ),
    ("customer service representative", {"all_keywords": ["customer", "service", "representative"]}),
]


@pytest.mark.parametrize(("query", "expected"), SHORT_TITLE_WORDS, ids=[c[0][:60] for c in SHORT_TITLE_WORDS])
def test_a_title_word_written_short(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A city named like a word ("Phoenix", "Reading") is the city as a comma segment of its own in a query
# naming no language or framework (noted); written elsewhere, or beside one, it stays the word.
SEGMENT_CITIES: list[tuple[str, dict[str, Any]]] = [
    (
        "customer service rep, Phoenix",
        {"all_keywords": ["customer", "service"], "keywords": ["rep", "representative"], "locations": ["phoenix"]},
    ),
    ("nurse, Reading", {"keywords": ["nurse"], "locations": ["reading"]}),
    ("Phoenix, customer service", {"all_keywords": ["customer", "service"], "locations": ["phoenix"]}),
    ("elixir developer, Phoenix", {"all_keywords": ["elixir", "phoenix"]}),
    ("java developer, Spring", {"all_keywords": ["java", "spring"]}),
    ("phoenix developer", {"keywords": ["phoenix"]}),
    ("Phoenix", {"keywords": ["phoenix"]}),
    ("reading specialist, Austin", {"keywords": ["reading"], "locations": ["austin"]}),
]


@pytest.mark.parametrize(("query", "expected"), SEGMENT_CITIES, ids=[c[0][:60] for c in SEGMENT_CITIES])
def test_a_city_named_like_a_word(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# A Texas school district ("Houston ISD") is the employer, by both names jobs give it; "isd" was a
# keyword and the town a location.
SCHOOL_DISTRICTS: list[tuple[str, dict[str, Any]]] = [
    ("Houston ISD", {"companies": ["houston isd", "houston independent school district"]}),
    (
        "Houston ISD teacher",
        {"keywords": ["teacher"], "companies": ["houston isd", "houston independent school district"]},
    ),
    (
        "teacher at Houston ISD",
        {"keywords": ["teacher"], "companies": ["houston isd", "houston independent school district"]},
    ),
    (
        "math teacher Fort Bend ISD",
        {"all_keywords": ["math", "teacher"], "companies": ["fort bend isd", "fort bend independent school district"]},
    ),
    (
        "bus driver, katy isd",
        {"all_keywords": ["bus", "driver"], "companies": ["katy isd", "katy independent school district"]},
    ),
    (
        "not at Dallas ISD, teacher, Texas",
        {
            "keywords": ["teacher"],
            "locations": ["texas"],
            "exclude_companies": ["dallas isd", "dallas independent school district"],
        },
    ),
    (
        "Tomball CISD counselor",
        {"keywords": ["counselor"], "companies": ["tomball cisd", "tomball consolidated independent school district"]},
    ),
]


@pytest.mark.parametrize(("query", "expected"), SCHOOL_DISTRICTS, ids=[c[0][:60] for c in SCHOOL_DISTRICTS])
def test_a_school_district(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# Visas named by their scheme are sponsorship (Australia's "482 visa", the UK's "Skilled Worker visa";
# refused, noted); a season's work in other languages is temporary; "B2B" as a segment of its own
# beside Polish pay is the contract form ("B2B" of a market stays a word).
SCHEMES_AND_SEASONS: list[tuple[str, dict[str, Any]]] = [
    (
        "chef de partie, Sydney, 457 visa",
        {"all_keywords": ["chef", "partie"], "locations": ["sydney"], "visa_sponsorship": True},
    ),
    ("cook, TSS visa, Melbourne", {"keywords": ["cook"], "locations": ["melbourne"], "visa_sponsorship": True}),
    ("nurse, Skilled Worker visa, UK", {"keywords": ["nurse"], "locations": ["uk"], "visa_sponsorship": True}),
    ("we cannot sponsor 482 visas", {}),
    (
        "camarero Barcelona temporada de verano",
        {"keywords": ["camarero"], "locations": ["barcelona"], "employment_types": ["temporary"]},
    ),
    ("serveur saisonnier Lyon", {"keywords": ["serveur"], "locations": ["lyon"], "employment_types": ["temporary"]}),
    (
        "java, B2B, Kraków, 20k PLN netto",
        {
            "keywords": ["java"],
            "locations": ["kraków"],
            "employment_types": ["contract"],
            "min_salary": 240000,
            "salary_currency": "PLN",
        },
    ),
    ("marketing manager, B2B, SaaS", {"all_keywords": ["marketing", "b2b", "saas"], "seniority": ["manager"]}),
]


@pytest.mark.parametrize(("query", "expected"), SCHEMES_AND_SEASONS, ids=[c[0][:60] for c in SCHEMES_AND_SEASONS])
def test_visa_schemes_seasons_and_b2b(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# The batch: agent queries across trades, care, teaching, driving, offices and software, in the US,
# Canada, the UK, Europe, Latin America and Australia, in English, German, French, Spanish and
# Portuguese, and what they showed (a shift as "ICU nights", "evenings only", "de nuit", "turno de
# noche"; a driver's "home weekly"; a licence: "CDL-A", "SIA licence", "HGV class 1", "licensed in
# Texas", "…, certified"; "union or non-union", "IBEW"; "term time only"; "FIFO"; Australia's "457
# / 482 visa", the UK's "Skilled Worker visa"; "temporada de verano", "saisonnier"; "B2B" as a
# segment before Polish pay; languages asked for in other languages; "ab sofort").
TENTH_TABLE_BATCH: list[tuple[str, dict[str, Any]]] = [
    (
        "registered nurse ICU nights, Dallas TX, $45/hr+",
        {
            "all_keywords": ["registered", "nurse", "icu"],
            "locations": ["dallas tx"],
            "min_salary": 93600,
            "salary_currency": "USD",
        },
    ),
    ("CDL-A truck driver, home weekly, Midwest", {"all_keywords": ["truck", "driver"], "locations": ["midwest"]}),
    (
        "forklift operator 2nd shift Memphis, $20/hr",
        {
            "all_keywords": ["forklift", "operator"],
            "locations": ["memphis"],
            "min_salary": 41600,
            "salary_currency": "USD",
        },
    ),
    (
        "pharmacy technician, certified, Orlando FL, part-time",
        {"all_keywords": ["pharmacy", "technician"], "locations": ["orlando fl"], "employment_types": ["part_time"]},
    ),
    (
        "dental assistant Calgary, $25/hour CAD",
        {
            "all_keywords": ["dental", "assistant"],
            "locations": ["calgary"],
            "min_salary": 52000,
            "salary_currency": "CAD",
        },
    ),
    (
        "elementary school teacher, Austin ISD, bilingual Spanish preferred",
        {
            "all_keywords": ["elementary", "school", "teacher"],
            "companies": ["austin isd", "austin independent school district"],
        },
    ),
    (
        "HVAC technician EPA certified, Atlanta, union or non-union",
        {"all_keywords": ["hvac", "technician"], "locations": ["atlanta"]},
    ),
    ("line cook, Brooklyn, evenings only", {"all_keywords": ["line", "cook"], "locations": ["brooklyn"]}),
    (
        "paralegal, immigration law, Miami, Spanish fluency a plus",
        {"all_keywords": ["paralegal", "immigration", "law"], "locations": ["miami"]},
    ),
    (
        "SAP FICO consultant, contract 6 months, Frankfurt, €800/day",
        {
            "all_keywords": ["sap", "fico", "consultant"],
            "locations": ["frankfurt"],
            "employment_types": ["contract"],
            "min_salary": 208000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Senior Flutter developer remote LATAM USD 5k/month",
        {
            "keywords": ["flutter"],
            "seniority": ["senior"],
            "remote_from": ["latam"],
            "min_salary": 60000,
            "salary_currency": "USD",
        },
    ),
    (
        "junior data analyst Toronto hybrid, 60k-70k CAD",
        {
            "all_keywords": ["data", "analyst"],
            "locations": ["toronto"],
            "seniority": ["entry"],
            "min_salary": 60000,
            "salary_currency": "CAD",
        },
    ),
    (
        "staff ML engineer, Bay Area, TC 450k+, no crypto",
        {
            "keywords": ["ml"],
            "exclude_keywords": ["crypto"],
            "locations": ["bay area"],
            "seniority": ["staff"],
            "min_salary": 450000,
        },
    ),
    (
        "accountant, CPA required, Chicago, 90k+",
        {"keywords": ["accountant"], "locations": ["chicago"], "min_salary": 90000},
    ),
    (
        "electrician apprentice, IBEW, Seattle",
        {"all_keywords": ["electrician", "apprentice"], "locations": ["seattle"]},
    ),
    (
        "product manager fintech London £90k, 3 days in office",
        {
            "all_keywords": ["product", "fintech"],
            "locations": ["london"],
            "seniority": ["manager"],
            "min_salary": 90000,
            "salary_currency": "GBP",
        },
    ),
    (
        "Pflegefachkraft Vollzeit München",
        {"keywords": ["pflegefachkraft"], "locations": ["münchen"], "employment_types": ["full_time"]},
    ),
    (
        "Erzieherin Teilzeit Berlin",
        {"keywords": ["erzieherin"], "locations": ["berlin"], "employment_types": ["part_time"]},
    ),
    (
        "Werkstudent Data Science Hamburg, 20 Std/Woche",
        {"all_keywords": ["data", "science"], "locations": ["hamburg"], "seniority": ["intern"]},
    ),
    ("infirmier de nuit Lyon", {"keywords": ["infirmier"], "locations": ["lyon"]}),
    (
        "développeur Java CDI Paris 55k€",
        {
            "keywords": ["java"],
            "locations": ["paris"],
            "employment_types": ["full_time"],
            "min_salary": 55000,
            "salary_currency": "EUR",
        },
    ),
    ("enfermera Madrid, turno de noche", {"keywords": ["enfermera"], "locations": ["madrid"]}),
    ("desarrollador backend remoto, Argentina, USD", {"keywords": ["backend"], "remote_from": ["argentina"]}),
    (
        "camarero Barcelona temporada de verano",
        {"keywords": ["camarero"], "locations": ["barcelona"], "employment_types": ["temporary"]},
    ),
    (
        "analista de dados pleno, São Paulo, CLT",
        {
            "all_keywords": ["analista", "dado"],
            "locations": ["são paulo"],
            "seniority": ["mid"],
            "employment_types": ["full_time"],
        },
    ),
    ("motorista de caminhão, Curitiba", {"all_keywords": ["motorista", "caminhão"], "locations": ["curitiba"]}),
    (
        "security officer, SIA licence, Manchester, nights",
        {"all_keywords": ["security", "officer"], "locations": ["manchester"]},
    ),
    (
        "HGV class 1 driver, Birmingham, £15/hr",
        {"all_keywords": ["hgv", "driver"], "locations": ["birmingham"], "min_salary": 31200, "salary_currency": "GBP"},
    ),
    (
        "care assistant, no experience, Leeds, visa sponsorship",
        {
            "all_keywords": ["care", "assistant"],
            "locations": ["leeds"],
            "visa_sponsorship": True,
            "max_experience_years": 0,
        },
    ),
    (
        "teaching assistant, Bristol, term time only",
        {"all_keywords": ["teaching", "assistant"], "locations": ["bristol"]},
    ),
    ("mining engineer, FIFO, Perth WA", {"keywords": ["mining"], "locations": ["perth wa"]}),
    (
        "chef de partie, Sydney, 457 visa",
        {"all_keywords": ["chef", "partie"], "locations": ["sydney"], "visa_sponsorship": True},
    ),
    (
        "nurse practitioner, telehealth, licensed in Texas",
        {"all_keywords": ["nurse", "practitioner", "telehealth"], "locations": ["texas"]},
    ),
    ("warehouse associate, weekends only, Reno", {"all_keywords": ["warehouse", "associate"], "locations": ["reno"]}),
    (
        "cybersecurity analyst, Secret clearance, Huntsville AL, GS-11",
        {"all_keywords": ["cybersecurity", "analyst", "secret"], "locations": ["huntsville al"]},
    ),
    (
        "software engineer new grad 2026, Seattle or NYC, visa sponsorship",
        {
            "keywords": ["software engineer"],
            "locations": ["seattle", "nyc"],
            "seniority": ["entry"],
            "visa_sponsorship": True,
        },
    ),
    (
        "iOS developer, Swift, Stockholm, 55 000 SEK/mån",
        {"all_keywords": ["ios", "swift"], "locations": ["stockholm"], "min_salary": 660000, "salary_currency": "SEK"},
    ),
    (
        "DevOps engineer, Kubernetes, Warsaw, B2B, 25 000 PLN",
        {
            "all_keywords": ["devops", "kubernetes"],
            "locations": ["warsaw"],
            "employment_types": ["contract"],
            "min_salary": 300000,
            "salary_currency": "PLN",
        },
    ),
    (
        "customer success manager, SaaS, remote US, OTE $120k",
        {
            "all_keywords": ["customer", "success", "saas"],
            "seniority": ["manager"],
            "remote_from": ["us"],
            "min_salary": 120000,
            "salary_currency": "USD",
        },
    ),
    (
        "bookkeeper, QuickBooks, part-time, remote",
        {"all_keywords": ["bookkeeper", "quickbook"], "employment_types": ["part_time"], "remote_only": True},
    ),
    (
        "speech language pathologist, school based, Phoenix, $70/hr",
        {
            "all_keywords": ["speech", "language", "pathologist", "school"],
            "locations": ["phoenix"],
            "min_salary": 145600,
            "salary_currency": "USD",
        },
    ),
    ("recepcionista Madrid, inglés avanzado", {"keywords": ["recepcionista"], "locations": ["madrid"]}),
    ("Kundenservice Berlin, fließend Deutsch und Englisch", {"keywords": ["kundenservice"], "locations": ["berlin"]}),
    (
        "assistente administrativo, inglês fluente, Lisboa",
        {"all_keywords": ["assistente", "administrativo"], "locations": ["lisboa"]},
    ),
    ("comptable, Montréal, bilingue français-anglais", {"keywords": ["comptable"], "locations": ["montréal"]}),
    (
        "Saisonkraft Küche, Innsbruck, ab sofort",
        {"keywords": ["küche"], "locations": ["innsbruck"], "employment_types": ["temporary"]},
    ),
    ("serveur saisonnier Nice", {"keywords": ["serveur"], "locations": ["nice"], "employment_types": ["temporary"]}),
    ("van driver, full UK driving licence, Leeds", {"all_keywords": ["van", "driver"], "locations": ["leeds"]}),
    (
        "Class A CDL driver, Ohio, $1,500/week",
        {"keywords": ["driver"], "locations": ["ohio"], "min_salary": 78000, "salary_currency": "USD"},
    ),
    ("chef, Sydney, 482 visa sponsorship", {"keywords": ["chef"], "locations": ["sydney"], "visa_sponsorship": True}),
    ("camarero, incorporación inmediata, Valencia", {"keywords": ["camarero"], "locations": ["valencia"]}),
]


@pytest.mark.parametrize(("query", "expected"), TENTH_TABLE_BATCH, ids=[c[0][:60] for c in TENTH_TABLE_BATCH])
def test_tenth_table_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize(
    ("query", "noted"),
    [
        ("CDL-A truck driver, home weekly, Midwest", '"home weekly" is not something'),
        ("registered nurse ICU nights, Dallas TX, $45/hr+", '"nights" is not something'),
        ("security officer, SIA licence, Manchester, nights", '"sia licence": a certification or licence'),
        ("Kundenservice Berlin, fließend Deutsch und Englisch", '"fließend deutsch und englisch": a language'),
        ("houston isd", '"houston isd" was read as the school district'),
    ],
)
def test_tenth_table_batch_notes(query: str, noted: str) -> None:
    assert any(note.startswith(noted) for note in interpret(query).notes)


# Every bad input still reads without error: the words of this table's rules in any order, with
# separators, numbers and currency marks between them.
WORDS = st.sampled_from(
    [
        "aws",
        "certified",
        "certification",
        "licence",
        "licensed",
        "in",
        "cdl-a",
        "class",
        "1",
        "hgv",
        "bilingual",
        "bilingue",
        "spanish",
        "fluent",
        "fließend",
        "deutsch",
        "und",
        "canadian",
        "canadians",
        "for",
        "i'm",
        "night",
        "nights",
        "shift",
        "no",
        "only",
        "job",
        "share",
        "union",
        "non-union",
        "or",
        "tenure-track",
        "gs-12",
        "gs",
        "12",
        "/",
        "13",
        "6",
        "months",
        "then",
        "perm",
        "temp",
        "to",
        "$50",
        "per",
        "diem",
        "of",
        "+",
        "rep",
        "customer",
        "service",
        "phoenix",
        "elixir",
        "houston",
        "isd",
        "cisd",
        "not",
        "at",
        "482",
        "visa",
        "home",
        "weekly",
        "b2b",
        "25 000 pln",
        "temporada",
        "ab",
        "sofort",
        ",",
        "|",
        "(",
        ")",
        "",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=25).map(" ".join))
@example("at aws aws aws aws isd")  # a company name left with two spaces by the district reader
@example("visa over bay worldwide or b2b cisd austin")  # and a place
def test_the_reader_never_raises_on_this_tables_words(text: str) -> None:
    interpretation = read(text)
    assert Filters.from_dict(interpretation.filters.as_dict()) == interpretation.filters
