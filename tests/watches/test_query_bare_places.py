"""The query reader, terse queries: a known place written without "in" (docs/queries.md, rule 9).

Agents write "data engineer, New York, senior" or "hybrid London backend" (issue 16). A known place
that fills a comma-separated segment of its own, or stands first or last in the query, is a location;
a word that is also a place but is a role, skill or plain word ("Go", "Rust", "Mobile", "Reading",
"Spring", "Phoenix") stays a keyword, and a place in the middle of a run of role words is left too.
Each row is (query, the filters expected, without `include_unknown`).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.watches.reading import read_filters
from watches.query import interpret

TERSE: list[tuple[str, dict[str, Any]]] = [
    # The queries.
    ("data engineer, New York, senior", {"keywords": ["data"], "locations": ["new york"], "seniority": ["senior"]}),
    ("hybrid London backend", {"keywords": ["backend"], "locations": ["london"]}),
    ("remote London backend", {"keywords": ["backend"], "remote_from": ["london"]}),
    ("onsite Berlin python", {"keywords": ["python"], "locations": ["berlin"]}),
    ("London hybrid data scientist", {"all_keywords": ["data", "scientist"], "locations": ["london"]}),
    # A place as its own segment, multi-word places, short names, a qualifier after a comma.
    ("backend engineer, San Francisco", {"keywords": ["backend"], "locations": ["san francisco"]}),
    ("python developer, Bay Area", {"keywords": ["python"], "locations": ["bay area"]}),
    ("devops engineer, Austin, TX", {"keywords": ["devops"], "locations": ["austin, tx"]}),
    ("iOS developer, London, UK", {"keywords": ["ios"], "locations": ["london, uk"]}),
    ("junior QA, Munich, Germany", {"keywords": ["qa"], "locations": ["munich, germany"], "seniority": ["entry"]}),
    ("London, ON, python", {"keywords": ["python"], "locations": ["london, on"]}),
    ("San Jose, Costa Rica, java", {"keywords": ["java"], "locations": ["san jose, costa rica"]}),
    ("Security engineer, Washington, DC", {"keywords": ["security"], "locations": ["washington, dc"]}),
    ("Amsterdam, golang, senior", {"keywords": ["golang"], "locations": ["amsterdam"], "seniority": ["senior"]}),
    (
        "senior backend, Berlin or Munich",
        {"keywords": ["backend"], "locations": ["berlin", "munich"], "seniority": ["senior"]},
    ),
    ("New York or remote, designer", {"keywords": ["designer"], "locations": ["new york", "remote"]}),
    ("frontend, Germany", {"keywords": ["frontend"], "locations": ["germany"]}),
    ("frontend, US", {"keywords": ["frontend"], "locations": ["us"]}),
    (
        "data engineer, Canada, contract",
        {"keywords": ["data"], "locations": ["canada"], "employment_types": ["contract"]},
    ),
    (
        "staff engineer, Seattle, WA, 200k+",
        {"keywords": ["engineer"], "locations": ["seattle, wa"], "seniority": ["staff"], "min_salary": 200000},
    ),
    ("nurse, Leeds", {"keywords": ["nurse"], "locations": ["leeds"]}),
    ("Data analyst, Dublin", {"all_keywords": ["data", "analyst"], "locations": ["dublin"]}),
    ("Sales, Boston", {"keywords": ["sales"], "locations": ["boston"]}),
    # A place first or last in a terse query, past request words and "remote".
    ("SF frontend developer", {"keywords": ["frontend"], "locations": ["sf"]}),
    ("NYC data scientist", {"all_keywords": ["data", "scientist"], "locations": ["nyc"]}),
    ("ML engineer Toronto", {"keywords": ["ml"], "locations": ["toronto"]}),
    ("ML engineer Toronto, Canada", {"keywords": ["ml"], "locations": ["toronto, canada"]}),
    ("product designer Paris", {"all_keywords": ["product", "designer"], "locations": ["paris"]}),
    ("Seattle SRE", {"keywords": ["sre"], "locations": ["seattle"]}),
    (
        "senior frontend engineer new york",
        {"keywords": ["frontend"], "locations": ["new york"], "seniority": ["senior"]},
    ),
    ("find London jobs", {"locations": ["london"]}),
    ("backend roles London", {"keywords": ["backend"], "locations": ["london"]}),
    ("new grad SWE NYC", {"keywords": ["swe"], "locations": ["nyc"], "seniority": ["entry"]}),
    ("remote US backend", {"keywords": ["backend"], "remote_from": ["us"]}),
    ("Berlin, python, remote", {"keywords": ["python"], "remote_from": ["berlin"]}),
    ("iOS or Android developer Berlin", {"keywords": ["ios", "android"], "locations": ["berlin"]}),
    # Role and skill words that are also places stay keywords.
    ("Go developer, Berlin", {"keywords": ["go"], "locations": ["berlin"]}),
    ("Rust engineer, Reading", {"all_keywords": ["rust", "reading"]}),
    ("Swift developer, San Francisco", {"keywords": ["swift"], "locations": ["san francisco"]}),
    ("Mobile developer, Denver", {"keywords": ["mobile"], "locations": ["denver"]}),
    ("Mobile developer", {"keywords": ["mobile"]}),
    ("Reading specialist", {"keywords": ["reading"]}),
    ("Salesforce admin, Chicago", {"all_keywords": ["salesforce", "admin"], "locations": ["chicago"]}),
    ("Ruby developer, Boston", {"keywords": ["ruby"], "locations": ["boston"]}),
    ("Java engineer Toronto", {"keywords": ["java"], "locations": ["toronto"]}),
    ("Scala, Spark, London", {"all_keywords": ["scala", "spark"], "locations": ["london"]}),
    ("Go, Rust, Swift", {"all_keywords": ["go", "rust", "swift"]}),
    ("Data, Sales, Security", {"all_keywords": ["data", "sales", "security"]}),
    ("Phoenix developer, remote", {"keywords": ["phoenix"], "remote_only": True}),
    ("remote phoenix developer", {"keywords": ["phoenix"], "remote_only": True}),
    ("Spring Boot developer", {"all_keywords": ["spring", "boot"]}),
    ("Aurora DBA", {"all_keywords": ["aurora", "dba"]}),
    ("Orange developer", {"keywords": ["orange"]}),
    ("Split QA engineer", {"all_keywords": ["split", "qa"]}),
    ("Nice, python", {"keywords": ["python"]}),  # "nice" is a request word ("nice jobs"), not the city
    # After "in", the same words are places.
    ("jobs in Phoenix", {"locations": ["phoenix"]}),
    ("python jobs in Reading, UK", {"keywords": ["python"], "locations": ["reading, uk"]}),
    # A place inside a run of role words is left; "us" the pronoun is not the country.
    ("backend London python", {"all_keywords": ["backend", "london", "python"]}),
    ("python developer, contact us", {"all_keywords": ["python", "contact"]}),
]


@pytest.mark.parametrize(("query", "expected"), TERSE)
def test_a_terse_query_reads_its_place(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


# An exclusion's list ends at the first item that is no word to exclude: a place written bare
# after a comma, a grammar word, "remote", or a second negation, which starts a list of its own.
EXCLUSIONS: list[tuple[str, dict[str, Any]]] = [
    (
        "principal machine learning engineer full-time no intern, USA",
        {
            "all_keywords": ["machine", "learning"],
            "exclude_keywords": ["intern"],
            "locations": ["usa"],
            "seniority": ["principal"],
            "employment_types": ["full_time"],
        },
    ),
    (
        "backend, not sales, New York",
        {"keywords": ["backend"], "exclude_keywords": ["sales"], "locations": ["new york"]},
    ),
    ("python, no sales, London", {"keywords": ["python"], "exclude_keywords": ["sales"], "locations": ["london"]}),
    ("no managers, no interns, Berlin", {"exclude_keywords": ["manager", "intern"], "locations": ["berlin"]}),
    ("backend jobs without php, java", {"keywords": ["backend"], "exclude_keywords": ["php", "java"]}),
    ("no staff, principal or director roles", {"exclude_keywords": ["staff", "principal", "director"]}),
    ("no php or remote jobs", {"exclude_keywords": ["php"], "remote_only": True}),
    ("exclude Amazon and Meta", {"exclude_keywords": ["amazon", "meta"]}),
]


@pytest.mark.parametrize(("query", "expected"), EXCLUSIONS)
def test_an_exclusion_list_ends_where_its_words_do(query: str, expected: dict[str, Any]) -> None:
    read = interpret(query).filters.as_dict()
    read.pop("include_unknown", None)
    assert read == expected
