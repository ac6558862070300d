"""The query reader on a fifth batch of 50 agent queries (docs/queries.md): pay as the world writes
it (thousands grouped by spaces, dots, apostrophes and lakhs; "pcm", "p/h", "pd"; "/mes", "/Monat"),
job grades beside a title and not beside a game ("GTA IV"), and words of other languages in
otherwise English queries ("(m/w/d)", "Entwickler", "Festanstellung", "remoto").

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

FIFTH_BATCH: list[tuple[str, dict[str, Any]]] = [
    # German titles: the gender marker, "Entwickler" (a generic role word), "Festanstellung".
    (
        "Senior Backend Entwickler (m/w/d) Python, München, 75-90k €, Festanstellung",
        {
            "all_keywords": ["backend", "python"],
            "locations": ["münchen"],
            "seniority": ["senior"],
            "min_salary": 75000,
            "salary_currency": "EUR",
            "employment_types": ["full_time"],
        },
    ),
    (
        "Senior Java Entwickler (w/m/d), Frankfurt am Main, Vollzeit",
        {
            "keywords": ["java"],
            "locations": ["frankfurt am main"],
            "seniority": ["senior"],
            "employment_types": ["full_time"],
        },
    ),
    (
        "Werkstudent Data Science, Berlin",
        {"all_keywords": ["data", "science"], "locations": ["berlin"], "seniority": ["intern"]},
    ),
    (
        "Praktikum Marketing München",
        {
            "keywords": ["marketing"],
            "locations": ["münchen"],
            "seniority": ["intern"],
            "employment_types": ["internship"],
        },
    ),
    (
        "Embedded C engineer, automotive, Stuttgart, 70k €, 3-5 Jahre Erfahrung",
        {
            "all_keywords": ["embedded", "c", "automotive"],
            "locations": ["stuttgart"],
            "min_salary": 70000,
            "salary_currency": "EUR",
            "max_experience_years": 5,
        },
    ),
    (
        "Java developer Basel, CHF 9'000 brutto/Monat",
        {"keywords": ["java"], "locations": ["basel"], "min_salary": 108000, "salary_currency": "CHF"},
    ),
    # Job grades after a title are noted; a Roman numeral after a game's short name is its title.
    (
        "GTA IV gameplay programmer, Edinburgh",
        {"all_keywords": ["gta", "iv", "gameplay"], "locations": ["edinburgh"]},
    ),
    (
        "Data Analyst II in the GTA, hybrid, 85k CAD",
        {
            "all_keywords": ["data", "analyst"],
            "locations": ["gta"],
            "min_salary": 85000,
            "salary_currency": "CAD",
        },
    ),
    (
        "Software Engineer III, Toronto, 150k CAD + bonus",
        {"keywords": ["software engineer"], "locations": ["toronto"], "min_salary": 150000, "salary_currency": "CAD"},
    ),
    (
        "Backend engineer, GTA, 100-120k CAD, hybrid 2 days",
        {"keywords": ["backend"], "locations": ["gta"], "min_salary": 100000, "salary_currency": "CAD"},
    ),
    (
        "Sr. Software Engineer IV, Charlotte NC, Java/Spring, 10+ yrs",
        {
            "keywords": ["java", "spring"],
            "locations": ["charlotte nc"],
            "seniority": ["senior"],
            "max_experience_years": 10,
        },
    ),
    (
        "Product Manager II, Seattle, 140k-170k",
        {"keywords": ["product"], "locations": ["seattle"], "seniority": ["manager"], "min_salary": 140000},
    ),
    # Pay with no period, too small a year's in its currency, is monthly (noted), in every currency.
    (
        "react native dev, remote LATAM, $3k",
        {"all_keywords": ["react", "native"], "remote_from": ["latam"], "min_salary": 36000, "salary_currency": "USD"},
    ),
    (
        "junior frontend dev, 0-1 yrs, remote Europe, €2.500 brutto",
        {
            "keywords": ["frontend"],
            "seniority": ["entry"],
            "remote_from": ["europe"],
            "min_salary": 30000,
            "salary_currency": "EUR",
            "max_experience_years": 1,
        },
    ),
    (
        "security engineer Tel Aviv 40k NIS/month",
        {"keywords": ["security"], "locations": ["tel aviv"], "min_salary": 480000, "salary_currency": "ILS"},
    ),
    # The rand's "R" before a figure grouped by spaces; months as other languages write them.
    (
        "Flutter developer Cape Town, R 35 000 pm",
        {"keywords": ["flutter"], "locations": ["cape town"], "min_salary": 420000, "salary_currency": "ZAR"},
    ),
    (
        "Java developer Johannesburg R45 000 per month 5+ yrs",
        {
            "keywords": ["java"],
            "locations": ["johannesburg"],
            "min_salary": 540000,
            "salary_currency": "ZAR",
            "max_experience_years": 5,
        },
    ),
    (
        "Python dev São Paulo, R$ 15.000/mês",
        {"keywords": ["python"], "locations": ["são paulo"], "min_salary": 180000, "salary_currency": "BRL"},
    ),
    (
        "desarrollador backend remoto, LATAM, USD 4k/mes",
        {"keywords": ["backend"], "remote_from": ["latam"], "min_salary": 48000, "salary_currency": "USD"},
    ),
    (
        "Data engineer, Madrid, 45.000 €/año, híbrido",
        {"keywords": ["data"], "locations": ["madrid"], "min_salary": 45000, "salary_currency": "EUR"},
    ),
    (
        "Data engineer Paris, 55.000 € brut",
        {"keywords": ["data"], "locations": ["paris"], "min_salary": 55000, "salary_currency": "EUR"},
    ),
    (
        "DevOps Engineer Zürich, CHF 130'000+, no agencies",
        {
            "keywords": ["devops"],
            "locations": ["zürich"],
            "exclude_staffing_agencies": True,
            "min_salary": 130000,
            "salary_currency": "CHF",
        },
    ),
    # Poland and Sweden: figures grouped by spaces, a range of them, "zł", net pay on B2B.
    (
        "DevOps (AWS, k8s) Warsaw 20 000 PLN netto B2B",
        {
            "all_keywords": ["devops", "aws", "k8s"],
            "locations": ["warsaw"],
            "employment_types": ["contract"],
            "min_salary": 240000,
            "salary_currency": "PLN",
        },
    ),
    (
        "Mid-level data engineer Kraków 15 000 - 20 000 zł B2B",
        {
            "keywords": ["data"],
            "locations": ["kraków"],
            "seniority": ["mid"],
            "employment_types": ["contract"],
            "min_salary": 180000,
            "salary_currency": "PLN",
        },
    ),
    (
        "Backend developer Stockholm, 55 000 SEK/month",
        {"keywords": ["backend"], "locations": ["stockholm"], "min_salary": 660000, "salary_currency": "SEK"},
    ),
    # India: LPA, lakhs, lakh grouping, CTC; "immediate joiner" and the notice period are noted.
    (
        "Backend developer Pune, ₹12 LPA, 2-4 yrs exp, immediate joiner",
        {
            "keywords": ["backend"],
            "locations": ["pune"],
            "min_salary": 1200000,
            "salary_currency": "INR",
            "max_experience_years": 4,
        },
    ),
    (
        "Full stack dev Hyderabad 1,20,000 INR per month",
        {"keywords": ["full-stack"], "locations": ["hyderabad"], "min_salary": 1440000, "salary_currency": "INR"},
    ),
    (
        "data scientist, 18-25 lakh, Gurgaon, 4+ yrs",
        {
            "all_keywords": ["data", "scientist"],
            "locations": ["gurgaon"],
            "min_salary": 1800000,
            "salary_currency": "INR",
            "max_experience_years": 4,
        },
    ),
    (
        "devops engineer, Bengaluru, 20-30 LPA CTC, notice period 30 days",
        {"keywords": ["devops"], "locations": ["bengaluru"], "min_salary": 2000000, "salary_currency": "INR"},
    ),
    # The UK's periods: "pcm", "ph", "pd"; ranges with one "k".
    (
        "Office manager London £2,500 pcm",
        {
            "keywords": ["office"],
            "locations": ["london"],
            "seniority": ["manager"],
            "min_salary": 30000,
            "salary_currency": "GBP",
        },
    ),
    (
        "QA tester, Leeds, £14ph, temp",
        {
            "all_keywords": ["qa", "tester"],
            "locations": ["leeds"],
            "employment_types": ["temporary"],
            "min_salary": 29120,
            "salary_currency": "GBP",
        },
    ),
    (
        "contract Java dev London £550pd inside IR35",
        {
            "keywords": ["java"],
            "locations": ["london"],
            "employment_types": ["contract"],
            "min_salary": 143000,
            "salary_currency": "GBP",
        },
    ),
    (
        "Lead product designer, £45-55k, Manchester, hybrid",
        {
            "all_keywords": ["product", "designer"],
            "locations": ["manchester"],
            "seniority": ["senior"],
            "min_salary": 45000,
            "salary_currency": "GBP",
        },
    ),
    (
        "cloud engineer Azure, Remote (UK), £60k-£70k, SC cleared",
        {
            "all_keywords": ["cloud", "azure", "sc"],
            "remote_from": ["uk"],
            "min_salary": 60000,
            "salary_currency": "GBP",
        },
    ),
    # Other currencies: "₱", "AED" by the month; visas "provided", an H-1B "transfer".
    (
        "Remote customer support, Philippines, ₱40k/month",
        {
            "all_keywords": ["customer", "support"],
            "remote_from": ["philippines"],
            "min_salary": 480000,
            "salary_currency": "PHP",
        },
    ),
    (
        "Sr SWE, Dubai, AED 35k/month tax free, visa provided",
        {
            "keywords": ["swe"],
            "locations": ["dubai"],
            "seniority": ["senior"],
            "visa_sponsorship": True,
            "min_salary": 420000,
            "salary_currency": "AED",
        },
    ),
    (
        "iOS dev w/ 3 yrs exp, Austin or Dallas, H-1B transfer",
        {
            "keywords": ["ios"],
            "locations": ["austin", "dallas"],
            "visa_sponsorship": True,
            "max_experience_years": 3,
        },
    ),
    (
        "Staff ML engineer, LLM inference, SF or NYC, $300k+ base, H1B transfer ok",
        {
            "all_keywords": ["ml", "llm", "inference"],
            "locations": ["sf", "nyc"],
            "seniority": ["staff"],
            "visa_sponsorship": True,
            "min_salary": 300000,
            "salary_currency": "USD",
        },
    ),
    (
        "new grad SWE 2026 start, NYC/SF, OPT friendly",
        {"keywords": ["swe"], "locations": ["nyc", "sf"], "seniority": ["entry"]},
    ),
    # Floors, ceilings and figures in words.
    (
        "Staff SRE $220K+ remote US, no crypto, no web3",
        {
            "keywords": ["sre"],
            "exclude_keywords": ["crypto", "web3"],
            "seniority": ["staff"],
            "remote_from": ["us"],
            "min_salary": 220000,
            "salary_currency": "USD",
        },
    ),
    ("Support engineer up to 150k, Austin", {"keywords": ["support"], "locations": ["austin"]}),
    ("6-figure remote python jobs", {"keywords": ["python"], "remote_only": True, "min_salary": 100000}),
    (
        "staff engineer, mid six figures, remote US",
        {"keywords": ["engineer"], "seniority": ["staff"], "remote_from": ["us"], "min_salary": 100000},
    ),
    (
        "ML engineer 45k–55k EUR, Lisbon",
        {"keywords": ["ml"], "locations": ["lisbon"], "min_salary": 45000, "salary_currency": "EUR"},
    ),
    (
        "Remote Rust jobs paying €5k net per month, EU only",
        {"keywords": ["rust"], "remote_from": ["eu"], "min_salary": 60000, "salary_currency": "EUR"},
    ),
    # Several constraints at once.
    (
        "Senior PM, fintech, NYC, $180k-$220k, 7+ yrs, no agencies",
        {
            "all_keywords": ["pm", "fintech"],
            "locations": ["nyc"],
            "seniority": ["senior"],
            "exclude_staffing_agencies": True,
            "min_salary": 180000,
            "salary_currency": "USD",
            "max_experience_years": 7,
        },
    ),
    (
        "Sr. Data Engineer (Databricks, PySpark) - Remote, Canada - CAD 140k-160k",
        {
            "all_keywords": ["data", "databrick", "pyspark"],
            "seniority": ["senior"],
            "remote_from": ["canada"],
            "min_salary": 140000,
            "salary_currency": "CAD",
        },
    ),
    (
        "Principal engineer, distributed systems, Seattle, TC 450k+, 15+ YOE",
        {
            "all_keywords": ["distributed", "system"],
            "locations": ["seattle"],
            "seniority": ["principal"],
            "min_salary": 450000,
            "max_experience_years": 15,
        },
    ),
    (
        "Mobile dev (iOS/Android) @ Revolut or Monzo, London",
        {
            "keywords": ["ios", "android"],
            "all_keywords": ["mobile"],
            "locations": ["london"],
            "companies": ["revolut", "monzo"],
        },
    ),
    (
        "Go developer, contract-to-hire, Chicago, $75/hr W2",
        {
            "keywords": ["go"],
            "locations": ["chicago"],
            "employment_types": ["contract"],
            "min_salary": 156000,
            "salary_currency": "USD",
        },
    ),
    (
        "Customer success manager SaaS, Remote EMEA, OTE €90k, no startups",
        {
            "all_keywords": ["customer", "success", "saas"],
            "seniority": ["manager"],
            "remote_from": ["emea"],
            "min_salary": 90000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Blockchain developer $8k/mo remote, no gambling",
        {
            "keywords": ["blockchain"],
            "exclude_keywords": ["gambling"],
            "remote_only": True,
            "min_salary": 96000,
            "salary_currency": "USD",
        },
    ),
    (
        "entry level help desk technician, Houston, $20/hr",
        {
            "all_keywords": ["help", "desk", "technician"],
            "locations": ["houston"],
            "seniority": ["entry"],
            "min_salary": 41600,
            "salary_currency": "USD",
        },
    ),
]


@pytest.mark.parametrize(("query", "expected"), FIFTH_BATCH, ids=[c[0] for c in FIFTH_BATCH])
def test_fifth_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# Typos, exclusions, hybrid days and funding stages beside the batch's other criteria.
SPELLING_AND_EXCLUSIONS: list[tuple[str, dict[str, Any]]] = [
    # A misspelt "sponsorship" / "experience" is read (noted); "lvl" is "level"; "xp" experience.
    (
        "jr. frontend devloper in Amsterdamm, visa sponsership",
        {"keywords": ["frontend"], "locations": ["amsterdam"], "seniority": ["entry"], "visa_sponsorship": True},
    ),
    ("5 yrs experiance java", {"keywords": ["java"], "max_experience_years": 5}),
    (
        "data analyst entry lvl, remote, $60k+, no sales",
        {
            "all_keywords": ["data", "analyst"],
            "exclude_keywords": ["sales"],
            "seniority": ["entry"],
            "remote_only": True,
            "min_salary": 60000,
            "salary_currency": "USD",
        },
    ),
    (
        "python backend, max 3 yrs xp, remote LATAM, $4-5k/month USD",
        {
            "all_keywords": ["python", "backend"],
            "remote_from": ["latam"],
            "min_salary": 48000,
            "salary_currency": "USD",
            "max_experience_years": 3,
        },
    ),
    # "&" joins what is excluded; a place after a comma closes a list of companies left out.
    (
        "Sr SWE w/ 7+ yrs exp, NYC or remote (US), exclude crypto & gambling, 200k+",
        {
            "keywords": ["swe"],
            "exclude_keywords": ["crypto", "gambling"],
            "locations": ["nyc", "remote us"],
            "seniority": ["senior"],
            "min_salary": 200000,
            "max_experience_years": 7,
        },
    ),
    (
        "staff eng, not at Meta or Google, Seattle or remote, 300k TC",
        {
            "keywords": ["engineer"],
            "locations": ["seattle", "remote"],
            "seniority": ["staff"],
            "exclude_companies": ["meta", "google"],
            "min_salary": 300000,
        },
    ),
    # Where a company is from, days in the office, a funding stage: noted, never keywords.
    (
        "looking for remote-only Rust roles, no US companies, EU timezone",
        {"keywords": ["rust"], "remote_from": ["eu timezone"]},
    ),
    (
        "senior react dev, 5-8 YOE, hybrid in Berlin (2 days/wk), 80-95k EUR",
        {
            "keywords": ["react"],
            "locations": ["berlin"],
            "seniority": ["senior"],
            "min_salary": 80000,
            "salary_currency": "EUR",
            "max_experience_years": 8,
        },
    ),
    ("NYC 2 days a week in office, python", {"keywords": ["python"], "locations": ["nyc"]}),
    (
        "head of eng, series b+, NYC, 250-300k base + equity",
        {"keywords": ["engineer"], "locations": ["nyc"], "seniority": ["director"], "min_salary": 250000},
    ),
    # A visa beside relocation or after "+" is sponsorship; the company Visa stays a company.
    (
        "iOS dev Lisbon, relocation + visa, 60k€",
        {
            "keywords": ["ios"],
            "locations": ["lisbon"],
            "visa_sponsorship": True,
            "min_salary": 60000,
            "salary_currency": "EUR",
        },
    ),
    ("payments engineer at Mastercard and Visa", {"keywords": ["payment"], "companies": ["mastercard", "visa"]}),
    # "mgr", "principle engineer", "seniour" are levels; "ou" is "or"; a time zone's overlap is no
    # freshness; "+ super" makes "$" Australian; a language at a level is noted.
    (
        "eng mgr, platform, SF, 250k+",
        {"keywords": ["platform"], "locations": ["sf"], "seniority": ["manager"], "min_salary": 250000},
    ),
    (
        "principle engineer, backend, remote US",
        {"keywords": ["backend"], "seniority": ["principal"], "remote_from": ["us"]},
    ),
    ("first principles engineer", {"all_keywords": ["first", "principle"]}),
    (
        "seniour python developer Berlin",
        {"keywords": ["python"], "locations": ["berlin"], "seniority": ["senior"]},
    ),
    (
        "Senior DevOps engineer (f/m/x) in Vienna, €65k+ gross/year, German B2",
        {
            "keywords": ["devops"],
            "locations": ["vienna"],
            "seniority": ["senior"],
            "min_salary": 65000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Data engineer, 3+ yrs, Remote (within 3 hrs of EST)",
        {"keywords": ["data"], "remote_only": True, "max_experience_years": 3},
    ),
    (
        "SRE, Paris ou remote, 70k€",
        {"keywords": ["sre"], "locations": ["paris", "remote"], "min_salary": 70000, "salary_currency": "EUR"},
    ),
    (
        "Cloud architect, Sydney, $180k + super, no recruiters",
        {
            "all_keywords": ["cloud", "architect"],
            "locations": ["sydney"],
            "exclude_staffing_agencies": True,
            "min_salary": 180000,
            "salary_currency": "AUD",
        },
    ),
    # "B2B" right before Polish pay is the contract too.
    (
        "mid-senior golang dev Warsaw B2B 25k+ PLN net",
        {
            "keywords": ["golang"],
            "locations": ["warsaw"],
            "seniority": ["mid", "senior"],
            "employment_types": ["contract"],
            "min_salary": 300000,
            "salary_currency": "PLN",
        },
    ),
    (
        "QA engineer, B2B SaaS, London, £60k",
        {"all_keywords": ["qa", "b2b", "saas"], "locations": ["london"], "min_salary": 60000, "salary_currency": "GBP"},
    ),
]


@pytest.mark.parametrize(("query", "expected"), SPELLING_AND_EXCLUSIONS, ids=[c[0] for c in SPELLING_AND_EXCLUSIONS])
def test_spelling_and_exclusions(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# Thousands separators and periods, one form a row, each beside its neighbours that must not move.
PAY_FORMS: list[tuple[str, dict[str, Any]]] = [
    ("35 000 € data engineer", {"keywords": ["data"], "min_salary": 35000, "salary_currency": "EUR"}),
    ("35.000 € backend", {"keywords": ["backend"], "min_salary": 35000, "salary_currency": "EUR"}),
    ("35'000 CHF", {"min_salary": 35000, "salary_currency": "CHF"}),
    ("€ 45 000 python", {"keywords": ["python"], "min_salary": 45000, "salary_currency": "EUR"}),
    ("1,20,000 INR", {"min_salary": 1440000, "salary_currency": "INR"}),
    ("12,50,000 INR", {"min_salary": 1250000, "salary_currency": "INR"}),
    ("₹12 LPA", {"min_salary": 1200000, "salary_currency": "INR"}),
    ("12 lakh", {"min_salary": 1200000, "salary_currency": "INR"}),
    ("Rs 50,000 per month", {"min_salary": 600000, "salary_currency": "INR"}),
    ("₹1 Cr", {"min_salary": 10000000, "salary_currency": "INR"}),
    ("£45-55k", {"min_salary": 45000, "salary_currency": "GBP"}),
    ("45k–55k", {"min_salary": 45000}),
    ("$120K+", {"min_salary": 120000, "salary_currency": "USD"}),
    ("backend up to 150k", {"keywords": ["backend"]}),
    ("6-figure salary", {"min_salary": 100000}),
    ("R 35 000", {"min_salary": 420000, "salary_currency": "ZAR"}),
    ("R 650 000 data engineer", {"keywords": ["data"], "min_salary": 650000, "salary_currency": "ZAR"}),
    ("$3k", {"min_salary": 36000, "salary_currency": "USD"}),
    ("3k USD", {"min_salary": 36000, "salary_currency": "USD"}),
    ("$3,000", {"min_salary": 36000, "salary_currency": "USD"}),
    ("£2,500 pcm", {"min_salary": 30000, "salary_currency": "GBP"}),
    ("£15 p/h", {"min_salary": 31200, "salary_currency": "GBP"}),
    ("£500pd", {"min_salary": 130000, "salary_currency": "GBP"}),
    ("£40k pa", {"min_salary": 40000, "salary_currency": "GBP"}),
    ("£3k pa", {"min_salary": 3000, "salary_currency": "GBP"}),
    ("$150k PA", {"keywords": ["pa"], "min_salary": 150000, "salary_currency": "USD"}),
    ("45k €/an", {"min_salary": 45000, "salary_currency": "EUR"}),
    ("€4.500 brutto pro Monat", {"min_salary": 54000, "salary_currency": "EUR"}),
    # An amount that is a bonus, an allowance or equity is no salary.
    (
        "$5k signing bonus, backend, $150k",
        {"keywords": ["backend"], "min_salary": 150000, "salary_currency": "USD"},
    ),
    ("€1,000 learning budget, python", {"keywords": ["python"]}),
    ("$150k + equity", {"min_salary": 150000, "salary_currency": "USD"}),
    # A spaced "+" joins a bonus to the pay (noted); "$10,000+ relocation bonus" is the bonus's amount.
    ("backend $150k + annual bonus", {"keywords": ["backend"], "min_salary": 150000, "salary_currency": "USD"}),
    ("$150k + signing bonus, NYC", {"locations": ["nyc"], "min_salary": 150000, "salary_currency": "USD"}),
    ("backend, $10,000+ relocation bonus", {"keywords": ["backend"]}),
    ("MXN 30,000 + bono anual", {"min_salary": 360000, "salary_currency": "MXN"}),
    ("backend, R$ 8.000 + bônus anual", {"keywords": ["backend"], "min_salary": 96000, "salary_currency": "BRL"}),
    ("backend, MXN 30,000 bono anual", {"keywords": ["backend"]}),
    # Not pay: a version, a count.
    ("node 18.000 jobs", {"keywords": ["node"]}),
    ("top 3 100 companies", {}),
]


@pytest.mark.parametrize(("query", "expected"), PAY_FORMS, ids=[c[0] for c in PAY_FORMS])
def test_pay_forms(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


GRADES_AND_TITLES: list[tuple[str, dict[str, Any]]] = [
    ("GTA IV", {"all_keywords": ["gta", "iv"]}),
    ("GTA IV developer jobs", {"all_keywords": ["gta", "iv"]}),
    ("jobs in the GTA, level II support", {"keywords": ["support"], "locations": ["gta"]}),
    ("Network Engineer IV, Toronto", {"keywords": ["network"], "locations": ["toronto"]}),
    ("Data Scientist III", {"all_keywords": ["data", "scientist"]}),
    ("SDE II Amazon Seattle", {"all_keywords": ["sde", "amazon"], "locations": ["seattle"]}),
    ("Software Engineer II/III", {"keywords": ["software engineer"]}),
]


@pytest.mark.parametrize(("query", "expected"), GRADES_AND_TITLES, ids=[c[0] for c in GRADES_AND_TITLES])
def test_grades_and_numbered_titles(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_guessed_monthly_pay_is_noted_with_the_reading_taken() -> None:
    notes = interpret("react native dev, remote LATAM, $3k").notes
    assert any('"$3k" names no period' in note and "36000 a year" in note for note in notes)
    assert not any("monthly" in note for note in interpret("£2,500 pcm").notes)  # the period was said


def test_gender_markers_bonuses_and_hiring_terms_are_noted_not_keywords() -> None:
    notes = interpret("Backend Entwickler (m/w/d), Berlin").notes
    assert any('"(m/w/d)" is a gender marker' in note for note in notes)
    notes = interpret("$5k signing bonus, backend, $150k").notes
    assert any('"$5k signing bonus" is a bonus' in note for note in notes)
    notes = interpret("devops, Pune, immediate joiner").notes
    assert any('"immediate joiner" is not something Watchtower can filter on' in note for note in notes)


def test_misspelt_criteria_are_read_and_noted() -> None:
    reading = interpret("backend, visa sponsership, 5 yrs experiance")
    assert (reading.filters.visa_sponsorship, reading.filters.max_experience_years) == (True, 5)
    assert '"sponsership" was read as "sponsorship".' in reading.notes
    assert '"experiance" was read as "experience".' in reading.notes
    assert not any("level" in note for note in interpret("entry lvl python").notes)  # a short form, not a typo
