"""The query reader on agents' own phrasing: queries written the way agents send them, each row
a general rule the reader follows (docs/queries.md), not a special case.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

QUALIFIER_OPENS_A_SEGMENT: list[tuple[str, dict[str, Any]]] = [
    # A state or country qualifier after a comma joins the place before it even when more words
    # follow it in the segment; the rest of the segment is read as usual.
    ("San Francisco, CA backend", {"keywords": ["backend"], "locations": ["san francisco, ca"]}),
    (
        "python developer San Francisco, CA backend",
        {"all_keywords": ["python", "backend"], "locations": ["san francisco, ca"]},
    ),
    ("Toronto, ON python developer", {"keywords": ["python"], "locations": ["toronto, on"]}),
    ("Albany, New York backend", {"keywords": ["backend"], "locations": ["albany, new york"]}),
    ("Austin, Texas frontend", {"keywords": ["frontend"], "locations": ["austin, texas"]}),
    # A grammar word is a qualifier there only in capitals.
    ("Portland, OR backend", {"keywords": ["backend"], "locations": ["portland, or"]}),
    # Not one place narrowed: "IT" is the role, London stays the place.
    ("London, IT support", {"keywords": ["support"], "locations": ["london"]}),
    # The whole-segment qualifier, as before.
    ("data engineer, Austin, TX, senior", {"keywords": ["data"], "locations": ["austin, tx"], "seniority": ["senior"]}),
]

NEGATED_REMOTE: list[tuple[str, dict[str, Any]]] = [
    # "remote" refused with words between the negation and it is never read as wished for.
    ("not the remote kind", {}),
    ("python, not the remote kind", {"keywords": ["python"]}),
    ("not a remote job, backend", {"keywords": ["backend"]}),
    ("I don't want remote work, python", {"keywords": ["python"]}),
    ("not interested in remote, java", {"keywords": ["java"]}),
    ("no fully remote roles, java", {"keywords": ["java"]}),
    ("no remote java jobs", {"keywords": ["java"]}),
]


@pytest.mark.parametrize(
    ("query", "expected"), QUALIFIER_OPENS_A_SEGMENT, ids=[c[0] for c in QUALIFIER_OPENS_A_SEGMENT]
)
def test_a_qualifier_opening_a_segment_joins_the_place_before_it(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize(("query", "expected"), NEGATED_REMOTE, ids=[c[0] for c in NEGATED_REMOTE])
def test_remote_refused_is_noted_never_required(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected
    assert any("excluding remote jobs is not a filter" in note for note in interpret(query).notes)


def test_a_negation_left_over_is_noted_never_a_keyword() -> None:
    interpretation = interpret("python, not")
    assert interpretation.filters.keywords == ("python",)
    assert any('"not" was not understood' in note for note in interpretation.notes)


YEARS_WITHOUT_THE_WORD_EXPERIENCE: list[tuple[str, dict[str, Any]]] = [
    # "YOE", a plus, "with N years", "N years max": years of experience without the word.
    ("3 YOE python developer", {"keywords": ["python"], "max_experience_years": 3}),
    ("at most 4 yoe backend", {"keywords": ["backend"], "max_experience_years": 4}),
    (
        "Sr SWE, 10+ YOE, Seattle",
        {"keywords": ["swe"], "locations": ["seattle"], "seniority": ["senior"], "max_experience_years": 10},
    ),
    ("3-5 YOE backend", {"keywords": ["backend"], "max_experience_years": 5}),
    ("react developer with 3+ years", {"keywords": ["react"], "max_experience_years": 3}),
    ("5+ years python", {"keywords": ["python"], "max_experience_years": 5}),
    ("senior engineer 8+ yrs", {"keywords": ["engineer"], "seniority": ["senior"], "max_experience_years": 8}),
    ("python dev with 2 years", {"keywords": ["python"], "max_experience_years": 2}),
    (
        "ios engineer, austin, 150k, 6yrs max",
        {"keywords": ["ios"], "locations": ["austin"], "min_salary": 150000, "max_experience_years": 6},
    ),
    ("2 years or less, data analyst", {"all_keywords": ["data", "analyst"], "max_experience_years": 2}),
    # Years that are no experience stay what they were.
    ("contract for 2 years, java", {"keywords": ["java"], "employment_types": ["contract"]}),
]


@pytest.mark.parametrize(
    ("query", "expected"), YEARS_WITHOUT_THE_WORD_EXPERIENCE, ids=[c[0] for c in YEARS_WITHOUT_THE_WORD_EXPERIENCE]
)
def test_years_of_experience_are_read_without_the_word_experience(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


FRESHNESS: list[tuple[str, dict[str, Any]]] = [
    # A window without "last", in hours, or as "N days ago".
    ("rust jobs posted within 3 days", {"keywords": ["rust"], "posted_within_days": 3}),
    ("rust jobs posted within 2 weeks", {"keywords": ["rust"], "posted_within_days": 14}),
    ("within a week, java", {"keywords": ["java"], "posted_within_days": 7}),
    ("backend jobs posted in the last 48 hours", {"keywords": ["backend"], "posted_within_days": 2}),
    ("past 72 hours data", {"keywords": ["data"], "posted_within_days": 3}),
    ("devops jobs posted in the last 24 hours", {"keywords": ["devops"], "posted_within_days": 1}),
    ("backend jobs posted less than 5 days ago", {"keywords": ["backend"], "posted_within_days": 5}),
    ("python jobs posted 2 days ago or less", {"keywords": ["python"], "posted_within_days": 2}),
]


@pytest.mark.parametrize(("query", "expected"), FRESHNESS, ids=[c[0] for c in FRESHNESS])
def test_a_posting_window_is_read_in_its_usual_forms(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


TYPING: list[tuple[str, dict[str, Any]]] = [
    # A comma without a space is a comma; a thousands comma stays a number.
    (
        "senior software engineer,new york,200k",
        {"keywords": ["software engineer"], "locations": ["new york"], "seniority": ["senior"], "min_salary": 200000},
    ),
    ("python,java,remote", {"all_keywords": ["python", "java"], "remote_only": True}),
    ("$120,000+ python", {"keywords": ["python"], "min_salary": 120000, "salary_currency": "USD"}),
    # "full stack" is one role word, whichever way it is written ("full" alone is "full time").
    ("full stack engineer", {"keywords": ["full-stack"]}),
    ("Full Stack developer in Denver", {"keywords": ["full-stack"], "locations": ["denver"]}),
    ("full time full stack", {"keywords": ["full-stack"], "employment_types": ["full_time"]}),
    # Contractions of the writer are request words.
    (
        "I'm a data engineer with 4 years of experience looking for roles in Toronto",
        {"keywords": ["data"], "locations": ["toronto"], "max_experience_years": 4},
    ),
]


@pytest.mark.parametrize(("query", "expected"), TYPING, ids=[c[0] for c in TYPING])
def test_typing_habits_do_not_change_the_reading(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


PAY: list[tuple[str, dict[str, Any]]] = [
    # A pay word is a whole word: "remote €70k" holds "ote" but no OTE.
    (
        "React/TypeScript developer EU remote €70k+",
        {"keywords": ["react", "typescript"], "remote_from": ["eu"], "min_salary": 70000, "salary_currency": "EUR"},
    ),
    # Day and week rates are annualised with the posting readers' factors (260 days, 52 weeks).
    (
        "£500/day contract java developer",
        {"keywords": ["java"], "employment_types": ["contract"], "min_salary": 130000, "salary_currency": "GBP"},
    ),
    (
        "£450 per day devops London",
        {"keywords": ["devops"], "locations": ["london"], "min_salary": 117000, "salary_currency": "GBP"},
    ),
    ("$2000 a week nurse", {"keywords": ["nurse"], "min_salary": 104000, "salary_currency": "USD"}),
    # Any currency code of posted pay, before or after the figure; symbols after it; "C$", "US$".
    (
        "CHF 120k backend Zurich",
        {"keywords": ["backend"], "locations": ["zurich"], "min_salary": 120000, "salary_currency": "CHF"},
    ),
    ("120k CHF ML engineer", {"keywords": ["ml"], "min_salary": 120000, "salary_currency": "CHF"}),
    (
        "SEK 50000/month python Stockholm",
        {"keywords": ["python"], "locations": ["stockholm"], "min_salary": 600000, "salary_currency": "SEK"},
    ),
    (
        "90k€ frontend Paris",
        {"keywords": ["frontend"], "locations": ["paris"], "min_salary": 90000, "salary_currency": "EUR"},
    ),
    ("60.000 € frontend", {"keywords": ["frontend"], "min_salary": 60000, "salary_currency": "EUR"}),
    (
        "C$120k devops Toronto",
        {"keywords": ["devops"], "locations": ["toronto"], "min_salary": 120000, "salary_currency": "CAD"},
    ),
    ("US$150k python", {"keywords": ["python"], "min_salary": 150000, "salary_currency": "USD"}),
    # A code that is also a role word is the role.
    ("100k PHP developer", {"keywords": ["php"], "min_salary": 100000}),
    # Lakh, as Indian salaries are stated.
    (
        "INR 30 LPA data scientist Bangalore",
        {
            "all_keywords": ["data", "scientist"],
            "locations": ["bangalore"],
            "min_salary": 3000000,
            "salary_currency": "INR",
        },
    ),
    (
        "₹25 lakh backend Pune",
        {"keywords": ["backend"], "locations": ["pune"], "min_salary": 2500000, "salary_currency": "INR"},
    ),
    # Pay words of offers: total compensation, base, OTE; "six figures".
    ("TC 300k+ staff engineer", {"keywords": ["engineer"], "seniority": ["staff"], "min_salary": 300000}),
    ("100k base python", {"keywords": ["python"], "min_salary": 100000}),
    ("OTE 150k account executive", {"all_keywords": ["account", "executive"], "min_salary": 150000}),
    ("six figures backend engineer", {"keywords": ["backend"], "min_salary": 100000}),
]


@pytest.mark.parametrize(("query", "expected"), PAY, ids=[c[0] for c in PAY])
def test_pay_is_read_in_its_usual_forms(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


EXCLUSIONS: list[tuple[str, dict[str, Any]]] = [
    # After a comma the list goes on only when a conjunction closes it or the role came before it.
    ("no crypto, backend", {"keywords": ["backend"], "exclude_keywords": ["crypto"]}),
    ("except Oracle, java developer", {"keywords": ["java"], "exclude_keywords": ["oracle"]}),
    ("no sales, marketing or support", {"exclude_keywords": ["sales", "marketing", "support"]}),
    ("backend jobs without php, java", {"keywords": ["backend"], "exclude_keywords": ["php", "java"]}),
    # "and" joins after a verb of leaving out, not after "no".
    ("excluding Amazon and Google, SWE", {"keywords": ["swe"], "exclude_keywords": ["amazon", "google"]}),
    ("no sales and remote", {"exclude_keywords": ["sales"], "remote_only": True}),
    # "non-X", "avoid X".
    ("non-manager roles in Boston", {"exclude_keywords": ["manager"], "locations": ["boston"]}),
    ("non-profit jobs", {"keywords": ["non-profit"]}),
    ("avoid Amazon, data engineer", {"keywords": ["data"], "exclude_keywords": ["amazon"]}),
    # FAANG is the five companies it stands for.
    ("not at FAANG companies", {"exclude_companies": ["meta", "amazon", "apple", "netflix", "google"]}),
    (
        "no FAANG, backend",
        {"keywords": ["backend"], "exclude_companies": ["meta", "amazon", "apple", "netflix", "google"]},
    ),
    ("SWE at FAANG", {"keywords": ["swe"], "companies": ["meta", "amazon", "apple", "netflix", "google"]}),
]

COMPANIES: list[tuple[str, dict[str, Any]]] = [
    # A company list ends where the next criterion starts, after a comma too.
    (
        "Show me backend openings at Shopify or Stripe, remote Canada",
        {"keywords": ["backend"], "remote_from": ["canada"], "companies": ["shopify", "stripe"]},
    ),
    ("at Stripe, no agencies", {"companies": ["stripe"], "exclude_staffing_agencies": True}),
    ("staff eng @ stripe", {"keywords": ["engineer"], "seniority": ["staff"], "companies": ["stripe"]}),
]

REQUIREMENTS_AND_LENGTHS: list[tuple[str, dict[str, Any], str]] = [
    # The kind of company after "at" (no filter; never a company named "fintechs").
    (
        "staff infra roles in NYC at fintechs",
        {"keywords": ["infra"], "locations": ["nyc"], "seniority": ["staff"]},
        '"at fintechs"',
    ),
    ("data engineer at a startup in Berlin", {"keywords": ["data"], "locations": ["berlin"]}, '"at a startup"'),
    # A requirement the seeker lacks, or the length of a contract: noted, never a word.
    ("machine learning engineer, no PhD required", {"all_keywords": ["machine", "learning"]}, '"no phd required"'),
    ("no degree required software jobs", {"keywords": ["software"]}, '"no degree required"'),
    ("jobs that don't require a degree, python", {"keywords": ["python"]}, "require a degree"),
    ("entry level jobs with no degree", {"seniority": ["entry"]}, '"with no degree"'),
    ("no clearance needed, java", {"keywords": ["java"]}, '"no clearance needed"'),
    ("6-month contract data engineer", {"keywords": ["data"], "employment_types": ["contract"]}, '"6-month"'),
    (
        "contract devops engineer, 6 months, UK",
        {"keywords": ["devops"], "locations": ["uk"], "employment_types": ["contract"]},
        '"6 months"',
    ),
]


@pytest.mark.parametrize(("query", "expected"), EXCLUSIONS, ids=[c[0] for c in EXCLUSIONS])
def test_an_exclusion_takes_what_it_lists_and_no_more(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize(("query", "expected"), COMPANIES, ids=[c[0] for c in COMPANIES])
def test_company_names_end_where_the_next_criterion_starts(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


@pytest.mark.parametrize(
    ("query", "expected", "note"), REQUIREMENTS_AND_LENGTHS, ids=[c[0] for c in REQUIREMENTS_AND_LENGTHS]
)
def test_requirements_and_lengths_are_noted_not_searched(query: str, expected: dict[str, Any], note: str) -> None:
    assert read_filters(query) == expected
    assert any(note in item and "not something Watchtower can filter on" in item for item in interpret(query).notes)


REMOTE_AMONG_MODES: list[tuple[str, dict[str, Any]]] = [
    # Remote as one work mode among others is no requirement: a hybrid job there is as welcome.
    ("remote or hybrid python jobs", {"keywords": ["python"]}),
    ("hybrid or remote data engineer in Seattle", {"keywords": ["data"], "locations": ["seattle"]}),
    ("remote/hybrid SWE Austin", {"keywords": ["swe"], "locations": ["austin"]}),
    ("onsite, hybrid or remote, java, Berlin", {"keywords": ["java"], "locations": ["berlin"]}),
    # Remote alone, or as the alternative to a place, as before.
    ("remote python jobs in the US", {"keywords": ["python"], "remote_from": ["us"]}),
    ("python in New York or remote", {"keywords": ["python"], "locations": ["new york", "remote"]}),
]


@pytest.mark.parametrize(("query", "expected"), REMOTE_AMONG_MODES, ids=[c[0] for c in REMOTE_AMONG_MODES])
def test_remote_among_other_work_modes_sets_no_remote_filter(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


PLACES: list[tuple[str, dict[str, Any]]] = [
    # A state or province code in capitals after "in" is that state, by name ("nc" alone would be
    # New Caledonia); a code that is a word too stays a word.
    ("SRE in NC", {"keywords": ["sre"], "locations": ["north carolina"]}),
    ("devops engineer in CA", {"keywords": ["devops"], "locations": ["california"]}),
    ("nurse jobs in PA", {"keywords": ["nurse"], "locations": ["pennsylvania"]}),
    ("backend in BC", {"keywords": ["backend"], "locations": ["british columbia"]}),
    ("SWE in NY", {"keywords": ["swe"], "locations": ["ny"]}),
    ("jobs in AR", {"keywords": ["ar"]}),
    ("devops in ca", {"all_keywords": ["devops", "ca"]}),
    # A qualifier that is also a place-ending word, in capitals.
    ("data scientist in Toronto, ON", {"all_keywords": ["data", "scientist"], "locations": ["toronto, on"]}),
    ("jobs in London, ON or Toronto", {"locations": ["london, on", "toronto"]}),
    # Abbreviated names and two places joined by a hyphen.
    ("nurse in St Paul, MN", {"keywords": ["nurse"], "locations": ["st paul, mn"]}),
    ("frontend in St. Paul, MN", {"keywords": ["frontend"], "locations": ["st. paul, mn"]}),
    ("hardware engineer in Ft. Worth, TX", {"keywords": ["hardware"], "locations": ["ft. worth, tx"]}),
    ("jobs in St. Louis", {"locations": ["st. louis"]}),
    # A hyphenated pair that is a metro's name is the metro (every town of it, docs/queries.md).
    ("DevOps, Dallas-Fort Worth", {"keywords": ["devops"], "locations": ["dallas-fort worth"]}),
    ("devops in Raleigh-Durham", {"keywords": ["devops"], "locations": ["raleigh-durham"]}),
    ("data engineer Minneapolis-St. Paul", {"keywords": ["data"], "locations": ["minneapolis-st. paul"]}),
    # Two towns that are no metro's name are both towns.
    ("backend in Kitchener-Waterloo", {"keywords": ["backend"], "locations": ["kitchener", "waterloo"]}),
    ("jobs in Winston-Salem", {"locations": ["winston-salem"]}),
    # "US only", "US-only": the place.
    ("python, UK only", {"keywords": ["python"], "locations": ["uk"]}),
    ("remote US-only backend", {"keywords": ["backend"], "remote_from": ["us"]}),
    (
        "Looking for remote Senior Python roles paying over $170K, US-only, no crypto",
        {
            "keywords": ["python"],
            "exclude_keywords": ["crypto"],
            "seniority": ["senior"],
            "remote_from": ["us"],
            "min_salary": 170000,
            "salary_currency": "USD",
        },
    ),
    # "remote OK": remote allowed, not asked for.
    ("python in Toronto, ON, remote ok", {"keywords": ["python"], "locations": ["toronto, on"]}),
]


@pytest.mark.parametrize(("query", "expected"), PLACES, ids=[c[0] for c in PLACES])
def test_places_are_read_as_agents_write_them(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


LEVELS_AND_MORE: list[tuple[str, dict[str, Any]]] = [
    # "senior+", "or above": that level and those above it on the individual ladder.
    (
        "senior+ backend engineer in NYC",
        {"keywords": ["backend"], "locations": ["nyc"], "seniority": ["senior", "staff", "principal"]},
    ),
    ("senior or above, python", {"keywords": ["python"], "seniority": ["senior", "staff", "principal"]}),
    ("staff+ engineer", {"keywords": ["engineer"], "seniority": ["staff", "principal"]}),
    # "mid" joined to another level is a level; "mid-market" is a word.
    ("mid-senior data engineer", {"keywords": ["data"], "seniority": ["mid", "senior"]}),
    ("junior-mid python", {"keywords": ["python"], "seniority": ["entry", "mid"]}),
    ("mid-market account executive", {"all_keywords": ["mid-market", "account", "executive"]}),
    # Pay floors and currencies as offers state them.
    (
        "new grad SWE in NYC starting at 120k",
        {"keywords": ["swe"], "locations": ["nyc"], "seniority": ["entry"], "min_salary": 120000},
    ),
    (
        "senior java developer Toronto 120k+ CAD",
        {
            "keywords": ["java"],
            "locations": ["toronto"],
            "seniority": ["senior"],
            "min_salary": 120000,
            "salary_currency": "CAD",
        },
    ),
    (
        "any ios jobs in the bay area? ideally 170k and up",
        {"keywords": ["ios"], "locations": ["bay area"], "min_salary": 170000},
    ),
    (
        "senior react native dev, remote LATAM, USD",
        {"all_keywords": ["react", "native"], "seniority": ["senior"], "remote_from": ["latam"]},
    ),
    # Oxford comma in a company list; "since yesterday"; "no startups" is a kind of company.
    (
        "staff or senior SWE at Stripe, Airbnb, or Figma",
        {"keywords": ["swe"], "seniority": ["senior", "staff"], "companies": ["stripe", "airbnb", "figma"]},
    ),
    ("jobs posted since yesterday for data analysts", {"all_keywords": ["data", "analyst"], "posted_within_days": 2}),
    (
        "senior data scientist NYC $180k-$220k no startups",
        {
            "all_keywords": ["data", "scientist"],
            "locations": ["nyc"],
            "seniority": ["senior"],
            "min_salary": 180000,
            "salary_currency": "USD",
        },
    ),
]


@pytest.mark.parametrize(("query", "expected"), LEVELS_AND_MORE, ids=[c[0] for c in LEVELS_AND_MORE])
def test_levels_pay_and_lists_as_agents_write_them(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


PARTS_OF_PLACES_AND_TIME_ZONES: list[tuple[str, dict[str, Any], str]] = [
    # A part of a region, country or zone is read as the larger place, with a note; a name that
    # begins with such a word is itself ("North Carolina"), and a part of a city is not read.
    (
        "backend roles in Northern California",
        {"keywords": ["backend"], "locations": ["california"]},
        '"northern california" was read as "california"',
    ),
    # A part that has a name of its own is that area: Northern Virginia is a metro area.
    (
        "cybersecurity analyst, Northern Virginia",
        {"all_keywords": ["cybersecurity", "analyst"], "locations": ["northern virginia"]},
        "",
    ),
    ("remote in Eastern Europe", {"remote_from": ["europe"]}, '"eastern europe" was read as "europe"'),
    ("jobs in North Carolina, python", {"keywords": ["python"], "locations": ["north carolina"]}, ""),
    # A time zone is noted, never a keyword.
    ("remote, CET timezone, python", {"keywords": ["python"], "remote_only": True}, '"cet timezone"'),
    ("python, UTC+2, remote", {"keywords": ["python"], "remote_only": True}, '"utc+2"'),
]


@pytest.mark.parametrize(
    ("query", "expected", "note"), PARTS_OF_PLACES_AND_TIME_ZONES, ids=[c[0] for c in PARTS_OF_PLACES_AND_TIME_ZONES]
)
def test_parts_of_places_and_time_zones_are_said_in_notes(query: str, expected: dict[str, Any], note: str) -> None:
    assert read_filters(query) == expected
    assert any(note in item for item in interpret(query).notes) or not note


THIRD_BATCH: list[tuple[str, dict[str, Any]]] = [
    # A country code in capitals is the country ("NL" is no Newfoundland); a US state comes first.
    ("Golang jobs in NL", {"keywords": ["golang"], "locations": ["netherlands"]}),
    ("python in WA", {"keywords": ["python"], "locations": ["washington"]}),
    # Thousands written with an apostrophe, or a space before a currency.
    (
        "software engineer Zürich 130'000 CHF",
        {"keywords": ["software engineer"], "locations": ["zürich"], "min_salary": 130000, "salary_currency": "CHF"},
    ),
    (
        "developer jobs in Stockholm 60 000 SEK",  # Swedish pay is monthly: 60,000 SEK a month
        {"keywords": ["developer"], "locations": ["stockholm"], "min_salary": 720000, "salary_currency": "SEK"},
    ),
    # "outside London" is a place refused, noted; "outside sales" is a role.
    ("Data jobs in the UK outside London", {"keywords": ["data"], "locations": ["uk"]}),
    (
        "outside sales rep in Dallas",
        {"all_keywords": ["outside", "sales"], "keywords": ["rep", "representative"], "locations": ["dallas"]},
    ),
    (
        "jobs in Ireland or the UK for data scientists",
        {"all_keywords": ["data", "scientist"], "locations": ["ireland", "uk"]},
    ),
    # Wishes without a filter are noted; the same words in a role stay role words.
    (
        "scrum master contract London outside IR35",
        {"all_keywords": ["scrum", "master"], "locations": ["london"], "employment_types": ["contract"]},
    ),
    (
        "Senior Android engineer in Lisbon, Portugal (relocation provided)",
        {"keywords": ["android"], "locations": ["lisbon, portugal"], "seniority": ["senior"]},
    ),
    ("remote bookkeeper, 20 hours a week", {"keywords": ["bookkeeper"], "remote_only": True}),
    ("Please find Python jobs in Berlin that don't need German", {"keywords": ["python"], "locations": ["berlin"]}),
    ("Product Owner, Amsterdam, hybrid 2 days", {"all_keywords": ["product", "owner"], "locations": ["amsterdam"]}),
    ("python, equity, remote", {"keywords": ["python"], "remote_only": True}),
    ("private equity associate NYC", {"all_keywords": ["private", "equity", "associate"], "locations": ["nyc"]}),
    (
        "dental hygienist part-time Seattle",
        {"all_keywords": ["dental", "hygienist"], "locations": ["seattle"], "employment_types": ["part_time"]},
    ),
    # Request words: "near me", "contract ok".
    ("software engineer jobs near me in Austin", {"keywords": ["software engineer"], "locations": ["austin"]}),
    (
        "remote-friendly DevOps gigs, contract ok",
        {"keywords": ["devops"], "employment_types": ["contract"], "remote_only": True},
    ),
]


@pytest.mark.parametrize(("query", "expected"), THIRD_BATCH, ids=[c[0] for c in THIRD_BATCH])
def test_a_third_batch_of_agent_queries(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


DELIVERY_AND_SPELLINGS: list[tuple[str, dict[str, Any]]] = [
    # How often and by what channel to deliver are no filters and no role words.
    ("alert me about new grad SWE roles weekly", {"keywords": ["swe"], "seniority": ["entry"]}),
    ("give me a daily digest of data engineer jobs in NYC", {"keywords": ["data"], "locations": ["nyc"]}),
    ("check every hour for iOS jobs in Austin", {"keywords": ["ios"], "locations": ["austin"]}),
    (
        "track ML roles at Anthropic and OpenAI, notify via webhook",
        {"keywords": ["ml"], "companies": ["anthropic", "openai"]},
    ),
    # A pay period written as an adverb right after the amount.
    ("$45 hourly QA", {"keywords": ["qa"], "min_salary": 93600, "salary_currency": "USD"}),
    ("£500 daily contract", {"employment_types": ["contract"], "min_salary": 130000, "salary_currency": "GBP"}),
    # "eng" is "engineer".
    (
        "email me any staff eng roles at Stripe",
        {"keywords": ["engineer"], "seniority": ["staff"], "companies": ["stripe"]},
    ),
]


@pytest.mark.parametrize(("query", "expected"), DELIVERY_AND_SPELLINGS, ids=[c[0] for c in DELIVERY_AND_SPELLINGS])
def test_delivery_words_and_short_spellings(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


PLACE_AFTER_A_COMPANY: list[tuple[str, dict[str, Any]]] = [
    # A known place ending a company name is the place; a name that would end in a grammar word
    # without it keeps it ("Bank of America").
    ("SWE at Microsoft Redmond", {"keywords": ["swe"], "locations": ["redmond"], "companies": ["microsoft"]}),
    ("at Deutsche Bank Berlin", {"locations": ["berlin"], "companies": ["deutsche bank"]}),
    ("engineer at Bank of America", {"keywords": ["engineer"], "companies": ["bank of america"]}),
    ("backend at Palo Alto Networks", {"keywords": ["backend"], "companies": ["palo alto networks"]}),
]


@pytest.mark.parametrize(("query", "expected"), PLACE_AFTER_A_COMPANY, ids=[c[0] for c in PLACE_AFTER_A_COMPANY])
def test_a_place_after_a_company_name_is_the_place(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected
