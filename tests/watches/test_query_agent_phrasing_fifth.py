"""The query reader on a fifth set of agents' phrasing (docs/queries.md): each row a general rule.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

COMPANY_PLACE_PAIRS: list[tuple[str, dict[str, Any]]] = [
    # Company + place pairs in a list: the list goes on after a comma while the next name also ends
    # in a place; the places are locations.
    (
        "at Google Zurich, Meta London, python",
        {"keywords": ["python"], "locations": ["zurich", "london"], "companies": ["google", "meta"]},
    ),
    (
        "backend at Google Zurich, Meta London and Amazon Berlin, senior, 150k",
        {
            "keywords": ["backend"],
            "locations": ["zurich", "london", "berlin"],
            "seniority": ["senior"],
            "companies": ["google", "meta", "amazon"],
            "min_salary": 150000,
        },
    ),
    # A name without a place after a comma still closes the list ("backend" is the role).
    (
        "staff software engineer at Stripe Dublin, backend",
        {"keywords": ["backend"], "locations": ["dublin"], "seniority": ["staff"], "companies": ["stripe"]},
    ),
]

CLEARANCES: list[tuple[str, dict[str, Any]]] = [
    # A security clearance is one term, a specific role word: never split on "/", never "top" (a
    # request word) and "secret"; "cleared", "clearance", "active" around it are part of it.
    ("TS/SCI cleared software engineer in Herndon", {"keywords": ["ts/sci"], "locations": ["herndon"]}),
    ("cleared TS-SCI data scientist", {"all_keywords": ["data", "scientist", "ts/sci"]}),
    ("top secret clearance systems engineer", {"all_keywords": ["system", "top secret"]}),
    ("public trust java developer", {"all_keywords": ["java", "public trust"]}),
    ("secret clearance network engineer", {"all_keywords": ["network", "secret"]}),
    ("SC/DV cleared devops London", {"all_keywords": ["devops", "sc/dv"], "locations": ["london"]}),
    ("DV cleared engineer", {"keywords": ["dv"]}),
    # Beside a choice of words the clearance is needed too; a polygraph is noted.
    (
        "python or java developer with active TS/SCI w/ full scope poly, Maryland",
        {"keywords": ["python", "java"], "all_keywords": ["ts/sci"], "locations": ["maryland"]},
    ),
    (
        "Sr. SRE - TS/SCI w/ CI Poly - Chantilly VA",
        {"all_keywords": ["sre", "ts/sci"], "locations": ["chantilly va"], "seniority": ["senior"]},
    ),
    # Refused, it is excluded; "SC" without "cleared" is still South Carolina, "TS" alone a word.
    ("no TS/SCI, software engineer", {"keywords": ["software engineer"], "exclude_keywords": ["ts/sci"]}),
    ("devops in SC, 120k", {"keywords": ["devops"], "locations": ["south carolina"], "min_salary": 120000}),
    ("TypeScript TS developer", {"all_keywords": ["typescript", "ts"]}),
]


FIRST_BATCH: list[tuple[str, dict[str, Any]]] = [
    # A plus before the unit ("25+ LPA"); millions with a currency or a pay word ("¥10M+").
    (
        "React Native devs jobs in Bangalore, 25+ LPA, 3-5 yrs exp",
        {
            "all_keywords": ["react", "native"],
            "locations": ["bangalore"],
            "min_salary": 2500000,
            "salary_currency": "INR",
            "max_experience_years": 5,
        },
    ),
    (
        "site reliability engineer, Tokyo, ¥10M+",
        {
            "all_keywords": ["site", "reliability"],
            "locations": ["tokyo"],
            "min_salary": 10000000,
            "salary_currency": "JPY",
        },
    ),
    ("backend ₹1.5M", {"keywords": ["backend"], "min_salary": 1500000, "salary_currency": "INR"}),
    ("5m", {"keywords": ["5m"]}),
    # "w/" is "with", "w/o" "without".
    (
        "security engineer w/ 5+ YOE, remote in Australia, AUD 150k",
        {
            "keywords": ["security"],
            "remote_from": ["australia"],
            "min_salary": 150000,
            "salary_currency": "AUD",
            "max_experience_years": 5,
        },
    ),
    ("backend w/o sponsorship", {"keywords": ["backend"]}),
    # A funding stage without "at", "at Series A", a season of start, "W2 only" are noted.
    (
        "Director of Engineering, Series B startups, NYC, $300k OTE",
        {
            "keywords": ["engineering"],
            "locations": ["nyc"],
            "seniority": ["director"],
            "min_salary": 300000,
            "salary_currency": "USD",
        },
    ),
    ("Head of Data at Series A", {"keywords": ["data"], "seniority": ["director"]}),
    (
        "software engineer intern summer 2027 in Seattle or Redmond",
        {"keywords": ["software engineer"], "locations": ["seattle", "redmond"], "seniority": ["intern"]},
    ),
    (
        "Senior Java Developer, Charlotte NC, 6-10 years exp, W2 only",
        {"keywords": ["java"], "locations": ["charlotte nc"], "seniority": ["senior"], "max_experience_years": 10},
    ),
    # C2C, corp-to-corp, 1099 are contract work.
    (
        "java dev C2C, 1099 ok, Dallas",
        {"keywords": ["java"], "locations": ["dallas"], "employment_types": ["contract"]},
    ),
    # "new PhD grad", "recent grad" are entry level.
    ("new PhD grad research engineer roles", {"keywords": ["research"], "seniority": ["entry"]}),
    ("recent grad data analyst", {"all_keywords": ["data", "analyst"], "seniority": ["entry"]}),
    # A choice that is a segment of its own is read like one in brackets.
    (
        "Senior Data Engineer - Snowflake/dbt - Remote (US only) - $165k",
        {
            "keywords": ["snowflake", "dbt"],
            "all_keywords": ["data"],
            "seniority": ["senior"],
            "remote_from": ["us"],
            "min_salary": 165000,
            "salary_currency": "USD",
        },
    ),
    ("python developer, django or flask", {"keywords": ["django", "flask"], "all_keywords": ["python"]}),
    ("Remote DevOps / SRE roles in EMEA", {"keywords": ["devops", "sre"], "remote_from": ["emea"]}),
    # Places and a remote area are alternatives: the area becomes a location "remote <area>".
    ("backend in New York or remote US", {"keywords": ["backend"], "locations": ["new york", "remote us"]}),
    (
        "Head of Data, SF Bay Area or remote (US)",
        {"keywords": ["data"], "locations": ["sf bay area", "remote us"], "seniority": ["director"]},
    ),
    # "remote <place> ok" allows remote work from the place: a location, no remote filter.
    (
        "Lead mobile engineer Flutter in Lagos or Nairobi, remote Africa ok",
        {"all_keywords": ["mobile", "flutter"], "locations": ["africa", "lagos", "nairobi"], "seniority": ["senior"]},
    ),
    ("python dev, remote Europe ok", {"keywords": ["python"], "locations": ["europe"]}),
    # Sales territories are zones: "NAMER", "NORAM" North America, "AMER" the Americas.
    (
        "Solutions Engineer, pre-sales, remote NAMER, OTE $220k",
        {
            "all_keywords": ["solution", "pre-sales"],
            "remote_from": ["namer"],
            "min_salary": 220000,
            "salary_currency": "USD",
        },
    ),
    ("account executive, AMER", {"all_keywords": ["account", "executive"], "locations": ["amer"]}),
]


SECOND_BATCH: list[tuple[str, dict[str, Any]]] = [
    # Request words: "set up a watch", "pls", "thanks".
    (
        "Hey, can you set up a watch for senior golang roles in NYC paying 200k+? no crypto pls",
        {
            "keywords": ["golang"],
            "exclude_keywords": ["crypto"],
            "locations": ["nyc"],
            "seniority": ["senior"],
            "min_salary": 200000,
        },
    ),
    # A word is shown singular only when that is the same term ("postgres" is postgresql).
    (
        "Database administrator (Postgres) jobs in Phoenix, AZ",
        {"all_keywords": ["database", "administrator", "postgres"], "locations": ["phoenix, az"]},
    ),
    # A kind of company after "at" is no company name, whatever words come before it.
    ("Rust jobs at early-stage startups in SF", {"keywords": ["rust"], "locations": ["sf"]}),
    (
        "Machine learning engineer jobs at Series C+ companies, remote EU",
        {"all_keywords": ["machine", "learning"], "remote_from": ["eu"]},
    ),
    # "+ super" beside Australian pay is part of the pay.
    (
        "Data engineering manager jobs in Sydney NSW, AUD 220k+ super",
        {
            "keywords": ["data"],
            "locations": ["sydney nsw"],
            "seniority": ["manager"],
            "min_salary": 220000,
            "salary_currency": "AUD",
        },
    ),
    # "exclude" / "avoid" refuse employment types as "no" does.
    (
        "UX researcher roles, remote US, exclude contract and part-time",
        {
            "all_keywords": ["ux", "researcher"],
            "remote_from": ["us"],
            "employment_types": ["full_time", "temporary", "internship"],
        },
    ),
    # Time zones: "<place> time zones" beside remote is where the work is done; "within EST" noted.
    (
        "remote Elixir jobs, US time zones, 160k",
        {"keywords": ["elixir"], "remote_from": ["us time zones"], "min_salary": 160000},
    ),
    (
        "Senior iOS engineer, remote within EST timezone, 170k",
        {"keywords": ["ios"], "seniority": ["senior"], "remote_only": True, "min_salary": 170000},
    ),
    # "+ relocation" is a benefit, noted.
    (
        "Senior backend (Java/Kotlin) in Amsterdam, visa sponsorship + relocation",
        {
            "keywords": ["java", "kotlin"],
            "all_keywords": ["backend"],
            "locations": ["amsterdam"],
            "seniority": ["senior"],
            "visa_sponsorship": True,
        },
    ),
    (
        "Backend engineer, Go/Rust, EU remote, €100k+, no big tech",
        {
            "keywords": ["go", "rust"],
            "all_keywords": ["backend"],
            "remote_from": ["eu"],
            "min_salary": 100000,
            "salary_currency": "EUR",
        },
    ),
]


THIRD_BATCH: list[tuple[str, dict[str, Any]]] = [
    # The US's regions by name are places (groups of states), bare or after "in".
    (
        "software engineer jobs East Coast, remote or hybrid, 140k+",
        {"keywords": ["software engineer"], "locations": ["east coast"], "min_salary": 140000},
    ),
    ("data scientist jobs in the midwest", {"all_keywords": ["data", "scientist"], "locations": ["midwest"]}),
    # A group of states next to "remote" is where remote work is done, and an alternative to a place.
    (
        "director of product, fintech, NYC or remote east coast, 250k base",
        {
            "all_keywords": ["product", "fintech"],
            "locations": ["nyc", "remote east coast"],
            "seniority": ["director"],
            "min_salary": 250000,
        },
    ),
    ("remote PNW data engineer", {"keywords": ["data"], "remote_from": ["pnw"]}),
    # US time zones by name are noted.
    (
        "Remote (US or Canada, Eastern time) backend roles, 150k USD",
        {"keywords": ["backend"], "remote_from": ["us", "canada"], "min_salary": 150000, "salary_currency": "USD"},
    ),
    # "last 24h", "past 7d".
    (
        "new jobs last 24h: senior react dev, remote, $80/hr",
        {
            "keywords": ["react"],
            "seniority": ["senior"],
            "remote_only": True,
            "min_salary": 166400,
            "salary_currency": "USD",
            "posted_within_days": 1,
        },
    ),
    ("python jobs past 7d", {"keywords": ["python"], "posted_within_days": 7}),
    # "that don't require experience" is no experience.
    (
        "jobs that dont require experience, customer support, Manila",
        {"all_keywords": ["customer", "support"], "locations": ["manila"], "max_experience_years": 0},
    ),
    # A number of years that is a comma segment of its own is experience (not after a kind of work).
    (
        "devops Phoenix, AZ, 5 yrs",
        {"keywords": ["devops"], "locations": ["phoenix, az"], "max_experience_years": 5},
    ),
    ("contract, 2 years", {"employment_types": ["contract"]}),
    # Typos: a generic role word one letter off, a large city one letter off after "in" (noted).
    ("Sofware engineer jobs in Seatle", {"keywords": ["software engineer"], "locations": ["seattle"]}),
    ("senior devloper", {"keywords": ["developer"], "seniority": ["senior"]}),
    ("jobs in banking", {"keywords": ["banking"]}),
    # Words joined by a slash without spaces are the choice ("UI/UX"), the rest all needed.
    (
        "Junior UI/UX designer in Dubai",
        {"keywords": ["ui", "ux"], "all_keywords": ["designer"], "locations": ["dubai"], "seniority": ["entry"]},
    ),
    (
        "AI/ML research intern, Bay Area or Seattle",
        {
            "keywords": ["ai", "ml"],
            "all_keywords": ["research"],
            "locations": ["bay area", "seattle"],
            "seniority": ["intern"],
        },
    ),
    # A place ending a comma segment in the middle of the query.
    (
        "Senior data engineer Denver or Boulder CO, Snowflake, 165k",
        {
            "all_keywords": ["data", "snowflake"],
            "locations": ["denver", "boulder co"],
            "seniority": ["senior"],
            "min_salary": 165000,
        },
    ),
    # "graduate scheme" is entry level; a year past a place at the end leaves the place.
    (
        "graduate scheme software engineering UK 2026",
        {"keywords": ["software engineering"], "locations": ["uk"], "seniority": ["entry"]},
    ),
    # The kind of company after "at a/an" ("an AI startup", "YC startups"), "on-call ok", "equity
    # heavy" and job grades ("L5") are noted.
    ("Founding engineer at an AI startup, SF, equity heavy", {"keywords": ["founding"], "locations": ["sf"]}),
    ("backend roles at YC startups, SF", {"keywords": ["backend"], "locations": ["sf"]}),
    ("at a remote company", {"remote_only": True}),
    ("remote SRE jobs, on-call ok", {"keywords": ["sre"], "remote_only": True}),
    (
        "Applied scientist roles at Amazon, Seattle, L5 or L6",
        {"keywords": ["applied scientist"], "locations": ["seattle"], "companies": ["amazon"]},
    ),
]


FOURTH_BATCH: list[tuple[str, dict[str, Any]]] = [
    # A UK postcode district after a British town is noted, the town kept; elsewhere the word stays.
    (
        "Backend engineer (Python) in London EC2, £85k+, hybrid",
        {"all_keywords": ["backend", "python"], "locations": ["london"], "min_salary": 85000, "salary_currency": "GBP"},
    ),
    (
        "Junior QA tester jobs in Manchester M1, £30k",
        {
            "all_keywords": ["qa", "tester"],
            "locations": ["manchester"],
            "seniority": ["entry"],
            "min_salary": 30000,
            "salary_currency": "GBP",
        },
    ),
    (
        "IT support technician in Leeds LS1, £25k, no experience needed",
        {
            "all_keywords": ["support", "technician"],
            "locations": ["leeds"],
            "min_salary": 25000,
            "salary_currency": "GBP",
            "max_experience_years": 0,
        },
    ),
    (
        "Scrum master contract in Edinburgh EH2, £500/day outside IR35",
        {
            "all_keywords": ["scrum", "master"],
            "locations": ["edinburgh"],
            "employment_types": ["contract"],
            "min_salary": 130000,
            "salary_currency": "GBP",
        },
    ),
    (
        "AWS EC2 engineer in London, £70k",
        {"all_keywords": ["aws", "ec2"], "locations": ["london"], "min_salary": 70000, "salary_currency": "GBP"},
    ),
    # Counties job searches name are places (metro areas of their towns).
    (
        "Full stack developer, Orange County, 130k-160k, React/Node",
        {
            "keywords": ["react", "node"],
            "all_keywords": ["full-stack"],
            "locations": ["orange county"],
            "min_salary": 130000,
        },
    ),
    (
        "Senior product designer jobs in Santa Clara County, no contract",
        {
            "all_keywords": ["product", "designer"],
            "locations": ["santa clara county"],
            "seniority": ["senior"],
            "employment_types": ["full_time", "part_time", "temporary", "internship"],
        },
    ),
    (
        "data engineer, King County, WA, 5+ yrs, Spark",
        {"all_keywords": ["data", "spark"], "locations": ["king county, wa"], "max_experience_years": 5},
    ),
    (
        "cybersecurity analyst Montgomery County, MD, secret clearance",
        {"all_keywords": ["cybersecurity", "analyst", "secret"], "locations": ["montgomery county, md"]},
    ),
    (
        "Platform engineer jobs in Orange County, CA or LA, 150k+",
        {"keywords": ["platform"], "locations": ["orange county, ca", "la"], "min_salary": 150000},
    ),
    ("Data engineer jobs in Cook County, IL", {"keywords": ["data"], "locations": ["cook county, il"]}),
    (
        "hardware engineer FPGA, San Diego County, 5-8 years",
        {"all_keywords": ["hardware", "fpga"], "locations": ["san diego county"], "max_experience_years": 8},
    ),
    (
        "Marketing analyst jobs in Fairfax County, posted in the past week",
        {"all_keywords": ["marketing", "analyst"], "locations": ["fairfax county"], "posted_within_days": 7},
    ),
    # A choice joined by a spaced slash after a generic role word is a choice of skills.
    (
        "AI engineer LLM / RAG, remote US, $200k+",
        {
            "keywords": ["llm", "rag"],
            "all_keywords": ["ai"],
            "remote_from": ["us"],
            "min_salary": 200000,
            "salary_currency": "USD",
        },
    ),
    (
        "DevOps engineer Kubernetes / Terraform, Berlin, €75k",
        {
            "keywords": ["kubernetes", "terraform"],
            "all_keywords": ["devops"],
            "locations": ["berlin"],
            "min_salary": 75000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Android developer Kotlin / Jetpack Compose, Warsaw, 25k PLN/month",
        {
            "keywords": ["kotlin", "jetpack compose"],
            "all_keywords": ["android"],
            "locations": ["warsaw"],
            "min_salary": 300000,
            "salary_currency": "PLN",
        },
    ),
    (
        "frontend engineer Vue / Nuxt, Paris, 60k€",
        {
            "keywords": ["vue", "nuxt"],
            "all_keywords": ["frontend"],
            "locations": ["paris"],
            "min_salary": 60000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Senior backend engineer Go / Rust, remote (US or Canada), 180k USD, no crypto",
        {
            "keywords": ["go", "rust"],
            "all_keywords": ["backend"],
            "exclude_keywords": ["crypto"],
            "seniority": ["senior"],
            "remote_from": ["us", "canada"],
            "min_salary": 180000,
            "salary_currency": "USD",
        },
    ),
    # A place word joined by a slash to a tool is one side of a choice, not a place.
    (
        "QA automation engineer Selenium / Cypress, remote LATAM",
        {"keywords": ["selenium", "cypress"], "all_keywords": ["qa", "automation"], "remote_from": ["latam"]},
    ),
    # A bare "$" with a code is the dollar the code names; pay in other currencies and forms.
    (
        "Salesforce developer, remote (Canada), contract, $90/hr CAD",
        {
            "keywords": ["salesforce"],
            "remote_from": ["canada"],
            "employment_types": ["contract"],
            "min_salary": 187200,
            "salary_currency": "CAD",
        },
    ),
    # Relocation asked for as a segment of its own is noted, never a keyword.
    (
        "Senior Golang engineer, Amsterdam, relocation + visa sponsorship, €90k",
        {
            "keywords": ["golang"],
            "locations": ["amsterdam"],
            "seniority": ["senior"],
            "visa_sponsorship": True,
            "min_salary": 90000,
            "salary_currency": "EUR",
        },
    ),
    # The Greater Toronto Area; "p.a.", net/gross after pay; "on B2B" is contract work.
    (
        "Senior Node.js developer, GTA, 120k CAD",
        {
            "keywords": ["node.js"],
            "locations": ["gta"],
            "seniority": ["senior"],
            "min_salary": 120000,
            "salary_currency": "CAD",
        },
    ),
    (
        "Data analyst, £40k p.a., Bristol",
        {"all_keywords": ["data", "analyst"], "locations": ["bristol"], "min_salary": 40000, "salary_currency": "GBP"},
    ),
    (
        "Mid-level PHP developer in Kraków, 18k PLN/month net on B2B",
        {
            "keywords": ["php"],
            "locations": ["kraków"],
            "seniority": ["mid"],
            "employment_types": ["contract"],
            "min_salary": 216000,
            "salary_currency": "PLN",
        },
    ),
    # Readings the rules already gave, kept.
    (
        "Java developer Zurich, CHF 140k, visa sponsorship",
        {
            "keywords": ["java"],
            "locations": ["zurich"],
            "visa_sponsorship": True,
            "min_salary": 140000,
            "salary_currency": "CHF",
        },
    ),
    (
        "working student data analyst in Munich",
        {"all_keywords": ["data", "analyst"], "locations": ["munich"], "seniority": ["intern"]},
    ),
    (
        "Lead iOS developer, Singapore, S$10k/month",
        {
            "keywords": ["ios"],
            "locations": ["singapore"],
            "seniority": ["senior"],
            "min_salary": 120000,
            "salary_currency": "SGD",
        },
    ),
    (
        "entry level help desk jobs in Ohio posted this week",
        {"all_keywords": ["help", "desk"], "locations": ["ohio"], "seniority": ["entry"], "posted_within_days": 7},
    ),
    (
        "SRE jobs Austin TX 160k+ posted in the last 3 days",
        {"keywords": ["sre"], "locations": ["austin tx"], "min_salary": 160000, "posted_within_days": 3},
    ),
    (
        "technical writer remote, US only, posted within 2 weeks",
        {"keywords": ["writer"], "remote_from": ["us"], "posted_within_days": 14},
    ),
    (
        "Head of Engineering, fintech, London or Dublin, £150k-£180k",
        {
            "keywords": ["fintech"],
            "locations": ["london", "dublin"],
            "seniority": ["director"],
            "min_salary": 150000,
            "salary_currency": "GBP",
        },
    ),
    (
        "VP of Product at Series B startups in NYC",
        {"keywords": ["product"], "locations": ["nyc"], "seniority": ["director"]},
    ),
    (
        "data scientist in Bengaluru, 20-30 LPA, 3-6 yrs",
        {
            "all_keywords": ["data", "scientist"],
            "locations": ["bengaluru"],
            "min_salary": 2000000,
            "salary_currency": "INR",
            "max_experience_years": 6,
        },
    ),
    (
        "react native dev, Lagos, remote ok, $3k/month",
        {"all_keywords": ["react", "native"], "locations": ["lagos"], "min_salary": 36000, "salary_currency": "USD"},
    ),
    (
        "MLOps engineer Bay Area, 180k base, no FAANG",
        {
            "keywords": ["mlops"],
            "locations": ["bay area"],
            "exclude_companies": ["meta", "amazon", "apple", "netflix", "google"],
            "min_salary": 180000,
        },
    ),
    (
        "new grad software engineer jobs in Texas, H1B sponsorship",
        {"keywords": ["software engineer"], "locations": ["texas"], "seniority": ["entry"], "visa_sponsorship": True},
    ),
    (
        "part-time bookkeeper remote UK, £20/hr",
        {
            "keywords": ["bookkeeper"],
            "remote_from": ["uk"],
            "employment_types": ["part_time"],
            "min_salary": 41600,
            "salary_currency": "GBP",
        },
    ),
    (
        "Network engineer CCNP, Dallas-Fort Worth, 110k",
        {"all_keywords": ["network", "ccnp"], "locations": ["dallas-fort worth"], "min_salary": 110000},
    ),
    (
        "senior data analyst SQL/Tableau, Chicago, hybrid 3 days, 120k",
        {
            "keywords": ["sql", "tableau"],
            "all_keywords": ["data", "analyst"],
            "locations": ["chicago"],
            "seniority": ["senior"],
            "min_salary": 120000,
        },
    ),
    (
        "cloud architect AWS, Northern Virginia, TS/SCI, 200k",
        {
            "all_keywords": ["cloud", "architect", "aws", "ts/sci"],
            "locations": ["northern virginia"],
            "min_salary": 200000,
        },
    ),
    (
        "Product manager, payments, at Stripe or Adyen, Amsterdam or Dublin",
        {
            "all_keywords": ["product", "payment"],
            "locations": ["amsterdam", "dublin"],
            "seniority": ["manager"],
            "companies": ["stripe", "adyen"],
        },
    ),
    (
        "Software engineer II at Amazon in Austin, 2-4 years experience",
        {
            "keywords": ["software engineer"],
            "locations": ["austin"],
            "companies": ["amazon"],
            "max_experience_years": 4,
        },
    ),
    (
        "Security engineer Denver, no clearance required, 140k-170k",
        {"keywords": ["security"], "locations": ["denver"], "min_salary": 140000},
    ),
    (
        "Staff backend engineer, remote Europe, €120k, no agencies",
        {
            "keywords": ["backend"],
            "seniority": ["staff"],
            "remote_from": ["europe"],
            "exclude_staffing_agencies": True,
            "min_salary": 120000,
            "salary_currency": "EUR",
        },
    ),
    (
        "Mobile engineer in Sydney, AUD 160k + super, hybrid",
        {"keywords": ["mobile"], "locations": ["sydney"], "min_salary": 160000, "salary_currency": "AUD"},
    ),
    (
        "Senior Python developer remote Germany, 80-95k EUR, max 8 years experience",
        {
            "keywords": ["python"],
            "seniority": ["senior"],
            "remote_from": ["germany"],
            "min_salary": 80000,
            "salary_currency": "EUR",
            "max_experience_years": 8,
        },
    ),
    (
        "Elixir developer jobs excluding gambling and crypto, remote worldwide",
        {"keywords": ["elixir"], "exclude_keywords": ["gambling", "crypto"], "remote_from": ["worldwide"]},
    ),
    (
        "Solutions architect at Snowflake or Databricks, SF Bay Area, OTE 250k",
        {
            "all_keywords": ["solution", "architect"],
            "locations": ["sf bay area"],
            "companies": ["snowflake", "databricks"],
            "min_salary": 250000,
        },
    ),
    (
        "DevSecOps engineer Tel Aviv, 35k ILS/month",
        {"keywords": ["devsecops"], "locations": ["tel aviv"], "min_salary": 420000, "salary_currency": "ILS"},
    ),
    (
        "Director of data science, Boston or NYC, 250k+, not at a startup",
        {
            "all_keywords": ["data", "science"],
            "locations": ["boston", "nyc"],
            "seniority": ["director"],
            "min_salary": 250000,
        },
    ),
]


@pytest.mark.parametrize(("query", "expected"), FOURTH_BATCH, ids=[c[0] for c in FOURTH_BATCH])
def test_fourth_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_postcode_district_is_noted_and_only_after_a_british_town() -> None:
    notes = interpret("backend in London EC2A 4NE").notes
    assert any('"EC2A 4NE" was read as a postcode district of London' in note for note in notes)
    assert interpret("backend in London EC2A 4NE").filters.locations == ("london",)
    # Not after a town elsewhere, not a shape no UK district has ("B2B"), not before the town.
    austin = interpret("devops in Austin EC2").filters
    assert (austin.locations, austin.all_keywords) == (("austin",), ("devops", "ec2"))
    assert "b2b" in interpret("QA engineer London B2B SaaS").filters.all_keywords
    assert interpret("EC2 London").filters.keywords == ("ec2",)


def test_words_joined_by_a_spaced_slash_stay_phrases_without_a_role_word_before_them() -> None:
    assert interpret("machine learning / data science").filters.keywords == ("machine learning", "data science")
    assert interpret("Data Engineer / Analyst").filters.keywords == ("data", "analyst")


@pytest.mark.parametrize(("query", "expected"), THIRD_BATCH, ids=[c[0] for c in THIRD_BATCH])
def test_third_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_a_misspelt_place_is_noted_with_the_reading_taken() -> None:
    notes = interpret("backend jobs in Seatle").notes
    assert any('"seatle" was read as the place "seattle"' in note for note in notes)


@pytest.mark.parametrize(("query", "expected"), SECOND_BATCH, ids=[c[0] for c in SECOND_BATCH])
def test_second_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize(("query", "expected"), FIRST_BATCH, ids=[c[0] for c in FIRST_BATCH])
def test_first_batch(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize(
    ("query", "expected"), COMPANY_PLACE_PAIRS + CLEARANCES, ids=[c[0] for c in COMPANY_PLACE_PAIRS + CLEARANCES]
)
def test_pairs_and_clearances(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_company_place_pairs_are_noted_as_read_apart() -> None:
    notes = interpret("at Google Zurich, Meta London, python").notes
    assert any("pairs were read apart" in note for note in notes)
    assert not any("pairs" in note for note in interpret("SWE at Microsoft Redmond").notes)


def test_a_polygraph_is_noted_not_a_keyword() -> None:
    reading = interpret("TS/SCI with polygraph, python")
    assert reading.filters.all_keywords == ("python", "ts/sci")
    assert any("polygraph" in note for note in reading.notes)


# A short place abbreviation with a title's number right after it is no place ("GTA 6" is the game);
# pay with a currency and no period, too small a year's pay there, is monthly ("18k PLN"); the
# rand's "R" is a currency only in a clear money shape.
MISREADINGS: list[tuple[str, dict[str, Any]]] = [
    ("GTA 6 game developer", {"all_keywords": ["gta", "game"]}),
    ("GTA V gameplay programmer", {"all_keywords": ["gta", "v", "gameplay"]}),
    ("Unity developer, GTA, remote", {"keywords": ["unity"], "remote_from": ["gta"]}),
    ("jobs in the GTA", {"locations": ["gta"]}),
    ("GTA, remote", {"remote_from": ["gta"]}),
    ("GTA", {"locations": ["gta"]}),
    ("UK 2026 graduate scheme", {"locations": ["uk"], "seniority": ["entry"]}),
    ("18k PLN", {"min_salary": 216000, "salary_currency": "PLN"}),
    (
        "Java developer 18k PLN B2B",
        {"keywords": ["java"], "employment_types": ["contract"], "min_salary": 216000, "salary_currency": "PLN"},
    ),
    ("15-20k PLN", {"min_salary": 180000, "salary_currency": "PLN"}),
    ("PLN 240k backend", {"keywords": ["backend"], "min_salary": 240000, "salary_currency": "PLN"}),
    ("€60k data engineer", {"keywords": ["data"], "min_salary": 60000, "salary_currency": "EUR"}),
    ("€8k", {"min_salary": 96000, "salary_currency": "EUR"}),
    ("8k", {"min_salary": 8000}),
    ("R900k", {"min_salary": 900000, "salary_currency": "ZAR"}),
    ("R 650,000 data engineer", {"keywords": ["data"], "min_salary": 650000, "salary_currency": "ZAR"}),
    ("R75k pm", {"min_salary": 900000, "salary_currency": "ZAR"}),
    ("R1.2m", {"min_salary": 1200000, "salary_currency": "ZAR"}),
    ("R2 developer", {"keywords": ["r2"]}),
    ("R&D engineer", {"keywords": ["r&d"]}),
    ("R3 level", {"keywords": ["r3"]}),
    ("$150k PM", {"keywords": ["pm"], "min_salary": 150000, "salary_currency": "USD"}),
    ("python R 150k", {"all_keywords": ["python", "r"], "min_salary": 150000}),
]


@pytest.mark.parametrize(("query", "expected"), MISREADINGS, ids=[c[0] for c in MISREADINGS])
def test_numbered_titles_monthly_pay_and_the_rand(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_pay_read_as_monthly_by_its_amount_is_noted() -> None:
    notes = interpret("18k PLN").notes
    assert any("read as monthly pay (216000 a year)" in note for note in notes)
    assert interpret("R75k pm").notes == []  # the period was said
    assert interpret("NYC 2 days a week").filters.locations == ("nyc",)  # a count with a unit: the place
