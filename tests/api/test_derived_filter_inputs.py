"""Issue 19's filters over REST (acceptance audit): a bad value of remote_from, employment_types,
visa_sponsorship or the company lists is a VALIDATION_ERROR naming the field (and, for a closed set,
the allowed values) on both search and watch creation; the OpenAPI document carries the filters and
the derived job fields; a query's unreadable wishes come back in `interpreted.notes`."""

from __future__ import annotations

from typing import Any

import pytest

BAD: list[tuple[dict[str, Any], list[str]]] = [
    ({"employment_types": ["fulltime"]}, ["employment_types", "full_time, part_time, contract, temporary, internship"]),
    ({"employment_types": "contract"}, ["employment_types"]),
    ({"employment_types": [None]}, ["employment_types"]),
    ({"employment_types": ["full_time"] * 6}, ["employment_types"]),
    ({"remote_from": ["Narnia"]}, ["remote_from", "narnia", "worldwide"]),
    ({"remote_from": [["Germany"]]}, ["remote_from"]),
    ({"remote_from": ["x"] * 25}, ["remote_from"]),
    ({"visa_sponsorship": "maybe"}, ["visa_sponsorship"]),
    ({"companies": [""]}, ["companies"]),
    ({"companies": [f"c{i}" for i in range(51)]}, ["companies"]),
    ({"exclude_companies": ["x" * 101]}, ["exclude_companies"]),
    ({"exclude_staffing_agencies": "maybe"}, ["exclude_staffing_agencies"]),
]


@pytest.mark.parametrize(("extra", "words"), BAD, ids=[str(case[0])[:50] for case in BAD])
def test_a_bad_value_is_a_validation_error_naming_the_field(
    http, agent, extra: dict[str, Any], words: list[str]
) -> None:
    body = {"query": "backend", **extra}
    for response in (
        http.post("/v1/jobs/search", body, content_type="application/json"),
        http.post("/v1/watches", body, content_type="application/json", **agent.auth),
    ):
        assert response.status_code == 400, response.content
        error = response.json()
        assert error["error"] == "VALIDATION_ERROR"
        for word in words:
            assert word in error["message"], error["message"]


def test_empty_lists_are_no_filter(http) -> None:
    body = {"query": "backend", "employment_types": [], "remote_from": [], "companies": [], "exclude_companies": []}
    response = http.post("/v1/jobs/search", body, content_type="application/json")
    assert response.status_code == 200
    assert response.json()["interpreted"]["filters"] == {"keywords": ["backend"], "include_unknown": True}


def test_an_unreadable_wish_and_an_unknown_place_are_notes_never_keywords(http) -> None:
    body = {"query": "remote backend jobs I can do from Narnia with a 4-day week"}
    interpreted = http.post("/v1/jobs/search", body, content_type="application/json").json()["interpreted"]
    assert interpreted["filters"] == {"keywords": ["backend"], "remote_only": True, "include_unknown": True}
    assert any("4-day week" in note for note in interpreted["notes"])
    assert any("narnia" in note for note in interpreted["notes"])


def test_the_openapi_document_carries_the_filters_and_the_derived_fields(http) -> None:
    schemas = http.get("/v1/openapi.json").json()["components"]["schemas"]
    for name in ("JobSearchInput", "WatchCreateInput"):
        properties = schemas[name]["properties"]
        assert properties["remote_from"]["maxItems"] == 20
        assert properties["visa_sponsorship"]["type"] == "boolean"
        assert properties["employment_types"]["items"]["$ref"].endswith("/EmploymentTypeEnum")
        assert properties["companies"]["maxItems"] == properties["exclude_companies"]["maxItems"] == 50
        assert properties["exclude_staffing_agencies"]["type"] == "boolean"
    assert schemas["EmploymentTypeEnum"]["enum"] == ["full_time", "part_time", "contract", "temporary", "internship"]
    job = schemas["JobOutput"]["properties"]
    assert {"remote_scope", "employment_type", "employment_type_source", "visa_sponsorship", "visa_evidence"} <= set(
        job
    )
    assert {"staffing_agency"} <= set(job)
