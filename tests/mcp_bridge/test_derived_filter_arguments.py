"""Issue 19's filters over MCP (acceptance audit): search_jobs and watch_jobs publish them in their
input schemas (employment types as an enum), the Job output schema names the derived fields, and a
bad value is a VALIDATION_ERROR in Watchtower's words naming the argument."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.mcp_bridge.conftest import AsgiServer, call
from tests.mcp_bridge.test_mcp_protocol import _tools

pytestmark = pytest.mark.django_db(transaction=True)

EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "temporary", "internship"]


def test_the_schemas_carry_the_filters_and_the_derived_fields(asgi_server: AsgiServer) -> None:
    tools = _tools(asgi_server.mcp_url)
    for name in ("search_jobs", "watch_jobs"):
        properties = tools[name].input_schema["properties"]
        assert properties["employment_types"]["anyOf"][0]["items"]["enum"] == EMPLOYMENT_TYPES
        assert properties["remote_from"]["anyOf"][0]["maxItems"] == 20
        assert properties["visa_sponsorship"]["anyOf"][0]["type"] == "boolean"
        assert properties["companies"]["anyOf"][0]["maxItems"] == 50
        assert properties["exclude_companies"]["anyOf"][0]["maxItems"] == 50
        assert properties["exclude_staffing_agencies"]["anyOf"][0]["type"] == "boolean"
    job = tools["search_jobs"].output_schema["$defs"]["Job"]["properties"]
    assert job["visa_sponsorship"]["anyOf"][0]["enum"] == ["yes", "no"]
    assert job["employment_type"]["anyOf"][0]["enum"] == EMPLOYMENT_TYPES
    assert {"remote_scope", "employment_type_source", "visa_evidence", "staffing_agency"} <= set(job)


BAD: list[tuple[dict[str, Any], list[str]]] = [
    ({"employment_types": ["fulltime"]}, ["employment_types", "full_time", "internship"]),
    ({"employment_types": "contract"}, ["employment_types"]),
    ({"remote_from": ["Narnia"]}, ["remote_from", "narnia", "worldwide"]),
    ({"remote_from": ["x"] * 25}, ["remote_from"]),
    ({"visa_sponsorship": "maybe"}, ["visa_sponsorship"]),
    ({"companies": [""]}, ["companies"]),
    ({"exclude_companies": [f"c{i}" for i in range(51)]}, ["exclude_companies"]),
]


@pytest.mark.parametrize(("extra", "words"), BAD, ids=[str(case[0])[:50] for case in BAD])
def test_a_bad_value_is_a_validation_error_naming_the_argument(
    asgi_server: AsgiServer, extra: dict[str, Any], words: list[str]
) -> None:
    for tool in ("search_jobs", "watch_jobs"):
        result = call(asgi_server.mcp_url, tool, {"query": "backend", **extra})
        assert result.is_error is True
        error = json.loads(result.content[0].text)  # type: ignore[union-attr]
        assert error["error"] == "VALIDATION_ERROR"
        for word in words:
            assert word in error["message"], error["message"]
