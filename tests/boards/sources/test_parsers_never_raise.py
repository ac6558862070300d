"""Platform bodies are untrusted: every parser either returns postings or raises
AppError("PARSE_ERROR"); the JSON-LD reader and careers-page resolution never raise."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boards.sources import ashby, greenhouse, lever, recruitee, smartrecruiters, workable
from boards.sources.base import BoardRef, Posting
from boards.sources.jsonld import parse_jsonld
from boards.sources.registry import linked_boards, recognize
from watchtower.errors import AppError

FIELDS = [
    "id",
    "title",
    "text",
    "name",
    "location",
    "locations",
    "categories",
    "allLocations",
    "departments",
    "department",
    "team",
    "content",
    "description",
    "descriptionPlain",
    "descriptionHtml",
    "lists",
    "salaryRange",
    "min",
    "max",
    "interval",
    "currency",
    "pay_input_ranges",
    "min_cents",
    "max_cents",
    "compensation",
    "summaryComponents",
    "compensationTiers",
    "components",
    "compensationType",
    "minValue",
    "maxValue",
    "metadata",
    "value",
    "shortcode",
    "city",
    "state",
    "country",
    "region",
    "hidden",
    "telecommuting",
    "company",
    "label",
    "remote",
    "hybrid",
    "on_site",
    "salary",
    "period",
    "createdAt",
    "published_at",
    "totalFound",
    "isListed",
    "isRemote",
    "secondaryLocations",
    "workplaceType",
    "fullLocation",
    "jobs",
    "offers",
    "content",
]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["1 YEAR", "per-hour-wage", "Salary", "3800", "-5", "1e309", "<p>5+ years</p>", "&lt;b&gt;x"])
)
VALUES = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.sampled_from(FIELDS), children, max_size=6),
    max_leaves=25,
)
ENVELOPES = VALUES | st.dictionaries(st.sampled_from(["jobs", "offers", "content"]), st.lists(VALUES, max_size=4))

PARSERS: list[tuple[Callable[[bytes, BoardRef], list[Posting]], str]] = [
    (greenhouse.parse, "https://boards.greenhouse.io/acme"),
    (lever.parse, "https://jobs.lever.co/acme"),
    (ashby.parse, "https://jobs.ashbyhq.com/acme"),
    (workable.parse, "https://apply.workable.com/acme"),
    (smartrecruiters.parse, "https://jobs.smartrecruiters.com/Acme"),
    (recruitee.parse, "https://acme.recruitee.com"),
]
FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def parse_or_parse_error(parser: Callable[[bytes, BoardRef], list[Posting]], body: bytes, board: BoardRef) -> None:
    try:
        postings = parser(body, board)
    except AppError as exc:
        assert exc.code == "PARSE_ERROR"
        return
    assert all(isinstance(posting.title, str) and posting.title and posting.id for posting in postings)


@pytest.mark.parametrize(("parser", "url"), PARSERS, ids=[url for _, url in PARSERS])
@FUZZ
@given(body=st.binary(max_size=300))
def test_platform_parsers_survive_arbitrary_bytes(parser: Any, url: str, body: bytes) -> None:
    parse_or_parse_error(parser, body, recognize(url))


@pytest.mark.parametrize(("parser", "url"), PARSERS, ids=[url for _, url in PARSERS])
@FUZZ
@given(data=ENVELOPES)
def test_platform_parsers_survive_json_of_any_shape(parser: Any, url: str, data: Any) -> None:
    for shape in (data, [data]):  # Lever's listing is a bare array
        parse_or_parse_error(parser, json.dumps(shape).encode(), recognize(url))


JSONLD_FIELDS = [
    "@type",
    "@graph",
    "itemListElement",
    "item",
    "mainEntity",
    "title",
    "name",
    "identifier",
    "url",
    "value",
    "hiringOrganization",
    "jobLocation",
    "address",
    "addressLocality",
    "addressCountry",
    "jobLocationType",
    "baseSalary",
    "minValue",
    "maxValue",
    "unitText",
    "currency",
    "datePosted",
    "description",
    "experienceRequirements",
    "monthsOfExperience",
    "applicantLocationRequirements",
    "occupationalCategory",
]
JSONLD_VALUES = st.recursive(
    SCALARS | st.sampled_from(["JobPosting", "ItemList", "Place", "VirtualLocation", "TELECOMMUTE", "MonetaryAmount"]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.sampled_from(JSONLD_FIELDS), children, max_size=6)
    ),
    max_leaves=30,
)


@FUZZ
@given(data=JSONLD_VALUES, noise=st.text(max_size=40))
def test_json_ld_pages_of_any_shape_never_raise(data: Any, noise: str) -> None:
    block = json.dumps(data)
    body = f'<html><script type="application/ld+json">{noise}{block}</script><script type="application/ld+json">{block}{noise}</script>'
    postings = parse_jsonld(body.encode(), base_url="https://careers.example.com/", content_type="text/html")
    assert all(isinstance(posting.title, str) and posting.title for posting in postings)


@FUZZ
@given(
    body=st.binary(max_size=400),
    content_type=st.sampled_from(["", "text/html", "application/ld+json", "text/html; charset=bogus"]),
)
def test_json_ld_reader_survives_arbitrary_bytes(body: bytes, content_type: str) -> None:
    parse_jsonld(body, base_url="https://careers.example.com/", content_type=content_type)


@FUZZ
@given(
    markup=st.text(max_size=300),
    link=st.sampled_from(["", "https://boards.greenhouse.io/", "//jobs.lever.co/", "href=", "src='"]),
)
def test_careers_resolution_never_raises(markup: str, link: str) -> None:
    boards = linked_boards(f"{link}{markup}".encode(), "https://www.acme.com/careers")
    assert all(board.platform != "html" for board in boards)
