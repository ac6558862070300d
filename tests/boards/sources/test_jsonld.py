from __future__ import annotations

import json
from typing import Any

import pytest

from boards.sources.base import StructuredSalary
from boards.sources.jsonld import load_block, parse_jsonld
from tests.boards.sources.fakes import fixture_bytes

PAGE_URL = "https://careers.example.com/jobs"


def page(*blocks: Any) -> bytes:
    scripts = "".join(
        f'<script type="application/ld+json">{block if isinstance(block, str) else json.dumps(block)}</script>'
        for block in blocks
    )
    return f"<!doctype html><html><head>{scripts}</head><body><p>Viewed 3 minutes ago</p></body></html>".encode()


def job(title: Any = "Backend Engineer", **fields: Any) -> dict[str, Any]:
    return {"@context": "https://schema.org", "@type": "JobPosting", "title": title, **fields}


def parse(body: bytes, content_type: str = "text/html; charset=utf-8") -> list[Any]:
    return parse_jsonld(body, base_url=PAGE_URL, content_type=content_type)


def test_a_recorded_page_is_read_field_by_field() -> None:
    (posting,) = parse(fixture_bytes("schemaorg-jobposting-meta.html"))

    assert posting.title == "Software Engineer, Infrastructure"
    assert posting.company == "Meta"
    # Every place repeats one address: the place names carry the cities.
    assert posting.location == "Sunnyvale, CA"
    assert posting.other_locations == ["Bellevue, WA", "Redmond, WA"]
    assert posting.posted_at == "2025-06-10T13:07:44-07:00"
    assert posting.url == PAGE_URL  # the page's only posting, without a url of its own
    assert posting.id == PAGE_URL
    assert posting.workplace_hint == ""
    assert posting.salary is None
    assert posting.description.startswith("Meta is seeking talented engineers")
    assert "6+ years of programming experience" in posting.description


def test_a_recorded_eightfold_job_page_is_read() -> None:
    (posting,) = parse(fixture_bytes("eightfold-job-page-jsonld.html"))

    assert posting.title == "Software Support Specialist"
    assert posting.company == "Amdocs"
    assert posting.location == "HKI, Uusimaa,FI, FI"
    assert posting.url == (
        "http://amdocs.eightfold.ai/careers/job/563431013427445-software-support-specialist-finland-helsinki-amdocs-site-?domain=amdocs.com"
    )
    assert posting.id == posting.url
    assert posting.posted_at == "2026-07-27T13:21:22"


def test_graph_item_lists_and_arrays_are_all_read() -> None:
    graph = {"@context": "https://schema.org", "@graph": [{"@type": "WebPage"}, job("Graph Job", url="/jobs/1")]}
    item_list = {
        "@type": "ItemList",
        "itemListElement": [
            {"@type": "ListItem", "position": 1, "item": job("Listed Job", url="/jobs/2")},
            {"@type": "ListItem", "position": 2, "url": "/jobs/3"},
        ],
    }
    array = [job("Array Job", url="/jobs/4"), {"@type": "Organization", "name": "Acme"}]
    main_entity = {"@type": "WebPage", "mainEntity": job("Main Job", url="/jobs/5")}

    postings = parse(page(graph, item_list, array, main_entity))

    assert [(posting.title, posting.url) for posting in postings] == [
        ("Graph Job", "https://careers.example.com/jobs/1"),
        ("Listed Job", "https://careers.example.com/jobs/2"),
        ("Array Job", "https://careers.example.com/jobs/4"),
        ("Main Job", "https://careers.example.com/jobs/5"),
    ]


def test_broken_json_in_one_script_does_not_hide_the_others() -> None:
    broken = '{"@type": "JobPosting", "title": "Broken", "url": "/a" "oops"}'
    postings = parse(page(broken, job("Fine", url="/b")))

    assert [posting.title for posting in postings] == ["Fine"]


@pytest.mark.parametrize(
    "block",
    [
        '{"@type": "JobPosting", "title": "Trailing comma", "url": "/x",}',
        '<!-- {"@type": "JobPosting", "title": "Commented", "url": "/x"} -->',
        '//<![CDATA[\n{"@type": "JobPosting", "title": "Cdata", "url": "/x"}\n//]]>',
        '{"@type": "JobPosting", "title": "Raw\tcontrol\ncharacters", "url": "/x"};',
        '{"@type": "JobPosting", "title": "Trailing garbage", "url": "/x"} </div>',
        "{&quot;@type&quot;: &quot;JobPosting&quot;, &quot;title&quot;: &quot;Escaped&quot;, &quot;url&quot;: &quot;/x&quot;}",
    ],
)
def test_common_breakage_is_repaired(block: str) -> None:
    (posting,) = parse(page(block))

    assert posting.url == "https://careers.example.com/x"
    assert posting.title


@pytest.mark.parametrize("title", [42, None, ["Engineer"], {"name": "Engineer"}, "   "])
def test_a_posting_without_a_string_title_is_skipped(title: Any) -> None:
    postings = parse(page([job(title, url="/bad"), job("Kept", url="/good")]))

    assert [posting.title for posting in postings] == ["Kept"]


def test_a_name_stands_in_for_a_missing_title_and_entities_are_decoded() -> None:
    node = {"@type": "JobPosting", "name": "R&amp;D   Engineer", "url": "/x"}

    (posting,) = parse(page(node))

    assert posting.title == "R&D Engineer"


def test_types_with_a_namespace_or_in_a_list_count() -> None:
    nodes = [
        {"@type": "http://schema.org/JobPosting", "title": "Namespaced", "url": "/1"},
        {"@type": ["Thing", "JobPosting"], "title": "Listed type", "url": "/2"},
        {"@type": "schema:JobPosting", "title": "Prefixed", "url": "/3"},
    ]

    assert [posting.title for posting in parse(page(nodes))] == ["Namespaced", "Listed type", "Prefixed"]


def test_hiring_organization_places_and_remote_work_are_read() -> None:
    node = job(
        url="https://careers.example.com/jobs/9",
        hiringOrganization={"@type": "Organization", "name": "Acme Robotics", "sameAs": "https://acme.example"},
        jobLocation=[
            {
                "@type": "Place",
                "address": {
                    "@type": "PostalAddress",
                    "addressLocality": "Austin",
                    "addressRegion": "TX",
                    "addressCountry": "US",
                },
            },
            {
                "@type": "Place",
                "address": {
                    "addressLocality": "Denver",
                    "addressRegion": "CO",
                    "addressCountry": {"@type": "Country", "name": "US"},
                },
            },
            {"@type": "Place", "address": "Remote, Canada"},
            {"@type": "Place", "name": "Head Office"},
        ],
        jobLocationType="TELECOMMUTE",
        occupationalCategory="Engineering",
        datePosted="2026-10-01",
    )

    (posting,) = parse(page(node))

    assert posting.company == "Acme Robotics"
    assert posting.location == "Austin, TX, US"
    assert posting.other_locations == ["Denver, CO, US", "Remote, Canada", "Head Office"]
    assert posting.workplace_hint == "remote"
    assert posting.department == "Engineering"
    assert posting.posted_at == "2026-10-01"


def test_a_remote_job_without_a_place_names_the_applicant_region() -> None:
    node = job(
        url="/r",
        jobLocationType=["TELECOMMUTE"],
        applicantLocationRequirements=[{"@type": "Country", "name": "USA"}, {"@type": "Country", "name": "Canada"}],
    )

    (posting,) = parse(page(node))

    assert posting.location == "Remote (USA, Canada)"
    assert posting.workplace_hint == "remote"


@pytest.mark.parametrize(
    ("base_salary", "expected"),
    [
        (
            {
                "@type": "MonetaryAmount",
                "currency": "USD",
                "value": {"@type": "QuantitativeValue", "minValue": 150000, "maxValue": 200000, "unitText": "YEAR"},
            },
            StructuredSalary(min=150000.0, max=200000.0, currency="USD", period="year"),
        ),
        (
            {
                "@type": "MonetaryAmount",
                "currency": "EUR",
                "value": {"@type": "QuantitativeValue", "value": "4,500", "unitText": "MONTH"},
            },
            StructuredSalary(min=4500.0, max=4500.0, currency="EUR", period="month"),
        ),
        (
            {"@type": "MonetaryAmount", "currency": "GBP", "value": 65000},
            StructuredSalary(min=65000.0, max=65000.0, currency="GBP", period="year"),
        ),
        (
            {"@type": "MonetaryAmount", "currency": "USD", "minValue": "$40", "maxValue": "$55", "unitText": "HOUR"},
            StructuredSalary(min=40.0, max=55.0, currency="USD", period="hour"),
        ),
        (
            [
                {"@type": "MonetaryAmount", "currency": "USD", "value": {"value": 0}},
                {"@type": "MonetaryAmount", "currency": "usd", "value": {"minValue": 90000}},
            ],
            StructuredSalary(min=90000.0, max=None, currency="USD", period="year"),
        ),
        ({"@type": "MonetaryAmount", "currency": "USD", "value": {"value": "competitive"}}, None),
        ({"@type": "MonetaryAmount", "currency": "USD", "value": {"value": 3000}}, None),
        ("$100,000", None),
    ],
)
def test_base_salary_as_monetary_amount_or_quantitative_value(
    base_salary: Any, expected: StructuredSalary | None
) -> None:
    (posting,) = parse(page(job(url="/s", baseSalary=base_salary)))

    assert posting.salary == expected


@pytest.mark.parametrize(
    ("identifier", "expected"),
    [
        ("REQ-123", "REQ-123"),
        (123, "123"),
        ({"@type": "PropertyValue", "name": "Acme Robotics", "value": "REQ-9"}, "REQ-9"),
        ({"@type": "PropertyValue", "name": "Acme Robotics", "value": 77}, "77"),
        ({"@type": "PropertyValue", "name": "Acme Robotics"}, "https://careers.example.com/jobs/x"),
        (None, "https://careers.example.com/jobs/x"),
    ],
)
def test_identifier_as_string_number_or_property_value(identifier: Any, expected: str) -> None:
    (posting,) = parse(page(job(url="/jobs/x", identifier=identifier)))

    assert posting.id == expected


def test_without_identifier_or_url_a_posting_is_known_by_title_and_location() -> None:
    nodes = [
        job("Nurse", jobLocation={"address": {"addressLocality": "Leeds"}}),
        job("Nurse", jobLocation={"address": {"addressLocality": "York"}}),
    ]

    postings = parse(page(nodes))

    assert [(posting.id, posting.url) for posting in postings] == [("Nurse|Leeds", ""), ("Nurse|York", "")]


def test_the_same_posting_twice_on_a_page_is_kept_once() -> None:
    postings = parse(page(job("First", url="/same"), job("Second", url="/same")))

    assert [posting.title for posting in postings] == ["First"]


def test_description_qualifications_and_experience_are_read() -> None:
    node = job(
        url="/e",
        description="&lt;p&gt;Build things.&lt;/p&gt;",
        qualifications="<ul><li>5+ years of Go</li></ul>",
        experienceRequirements={"@type": "OccupationalExperienceRequirements", "monthsOfExperience": 30},
    )

    (posting,) = parse(page(node))

    assert posting.description == "Build things.\n5+ years of Go"
    assert posting.experience_years == 2.5


def test_a_json_ld_document_is_read_whole() -> None:
    body = json.dumps(job("Document Job", url="/d")).encode()

    assert [posting.title for posting in parse(body, "application/ld+json")] == ["Document Job"]


def test_other_content_types_have_no_postings() -> None:
    assert parse(page(job(url="/x")), "image/png") == []


def test_an_untyped_html_body_is_read() -> None:
    assert len(parse(page(job(url="/x")), "")) == 1


def test_deep_nesting_is_bounded() -> None:
    nested: Any = job("Too deep", url="/deep")
    for _ in range(20):
        nested = {"@type": "WebPage", "mainEntity": nested}

    assert parse(page(nested)) == []


def test_a_block_too_deep_for_the_json_parser_is_ignored() -> None:
    assert load_block("[" * 100_000 + "]" * 100_000) is None


def test_script_tags_are_found_in_any_case_and_an_unclosed_one_is_ignored() -> None:
    block = json.dumps(job("Upper", url="/u"))
    body = f'<SCRIPT Type="application/ld+json; charset=utf-8" id="a">{block}</Script ><script type="application/ld+json">{{"@type": "JobPosting"'

    assert [posting.title for posting in parse(body.encode())] == ["Upper"]


def test_the_employment_type_is_kept_as_given() -> None:
    (intern,) = parse(page(job(employmentType=["INTERN", "TEMPORARY"])))
    (full,) = parse(page(job(employmentType="FULL_TIME")))
    assert (intern.employment_type, full.employment_type) == ("INTERN TEMPORARY", "FULL_TIME")
