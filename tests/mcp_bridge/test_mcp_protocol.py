"""The MCP endpoint as a client sees it: the handshake, the tool list and its schemas."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from prometheus_client import REGISTRY

from tests.mcp_bridge.conftest import AsgiServer, mcp_session
from watches.models import CountsDaily

pytestmark = pytest.mark.django_db(transaction=True)

TOOLS = [
    "ack_changes",
    "delete_watch",
    "get_changes",
    "get_watch",
    "list_companies",
    "list_watches",
    "search_jobs",
    "watch_jobs",
]


def _tools(url: str, **options: Any) -> dict[str, Any]:
    async def work(client: Client) -> dict[str, Any]:
        listed = await client.list_tools()
        return {tool.name: tool for tool in listed.tools}

    return mcp_session(url, work, **options)


def test_initialize_names_the_server_and_tells_agents_when_to_use_it(asgi_server: AsgiServer) -> None:
    async def work(client: Client) -> tuple[str, str]:
        assert client.server_info is not None
        return client.server_info.name, client.instructions or ""

    name, instructions = mcp_session(asgi_server.mcp_url, work)
    assert name == "watchtower"
    assert "instead of re-running job searches" in instructions
    assert "get_changes(peek=true)" in instructions and "ack_changes" in instructions
    assert "Explicit filters" in instructions


def test_initialize_is_counted_by_client_name_and_ref(asgi_server: AsgiServer) -> None:
    labels = {"client": "claude-code", "ref": "claude-code"}
    before = REGISTRY.get_sample_value("watchtower_mcp_initialize_total", labels) or 0
    mcp_session(f"{asgi_server.mcp_url}?ref=claude-code", _noop, client_name="Claude Code!")
    assert REGISTRY.get_sample_value("watchtower_mcp_initialize_total", labels) == before + 1
    assert CountsDaily.objects.get(metric="mcp_connect", dim="claude-code").n == 1


def test_a_2026_client_without_the_handshake_is_served_and_counted(asgi_server: AsgiServer) -> None:
    tools = _tools(asgi_server.mcp_url, mode="auto", client_name="Goose")
    assert sorted(tools) == TOOLS
    assert CountsDaily.objects.filter(metric="mcp_connect", dim="goose").exists()


async def _noop(client: Client) -> None:
    return None


def test_it_lists_the_eight_tools_with_titles_and_honest_annotations(asgi_server: AsgiServer) -> None:
    tools = _tools(asgi_server.mcp_url)
    assert sorted(tools) == TOOLS
    assert "INSTEAD OF re-running job searches or re-checking careers pages" in tools["watch_jobs"].description
    for tool in tools.values():
        assert tool.title
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is True or isinstance(tool.annotations.destructive_hint, bool)
        assert tool.output_schema is not None, tool.name
    assert [name for name, tool in tools.items() if tool.annotations.destructive_hint] == ["delete_watch"]
    assert {name for name, tool in tools.items() if tool.annotations.read_only_hint} == {
        "search_jobs",
        "list_companies",
        "list_watches",
        "get_watch",
    }
    assert tools["ack_changes"].annotations.idempotent_hint is True
    assert tools["get_changes"].annotations.idempotent_hint is False
    assert tools["watch_jobs"].annotations.open_world_hint is True


def test_input_schemas_carry_the_limits_of_the_arguments(asgi_server: AsgiServer) -> None:
    tools = _tools(asgi_server.mcp_url)
    watch = tools["watch_jobs"].input_schema["properties"]
    assert watch["query"]["anyOf"][0]["maxLength"] == 500
    assert watch["urls"]["anyOf"][0]["maxItems"] == 25
    assert watch["interval_minutes"]["anyOf"][0]["minimum"] == 5
    seniority = watch["seniority"]["anyOf"][0]["items"]["enum"]
    assert seniority == ["intern", "entry", "mid", "senior", "staff", "principal", "manager", "director"]
    assert "client_token" in watch
    assert tools["search_jobs"].input_schema["properties"]["limit"]["maximum"] == 100
    assert tools["get_watch"].input_schema["required"] == ["watch_id"]
    assert tools["ack_changes"].input_schema["required"] == ["cursor"]
    assert set(tools["search_jobs"].output_schema["required"]) >= {"total", "jobs", "next_offset"}


def test_tools_declare_security_schemes(asgi_server: AsgiServer) -> None:
    tools = _tools(asgi_server.mcp_url)
    noauth = {"type": "noauth"}
    oauth2 = {"type": "oauth2", "scopes": ["watches"]}
    assert tools["search_jobs"].meta["securitySchemes"] == [noauth, oauth2]
    assert tools["list_companies"].meta["securitySchemes"] == [noauth, oauth2]
    assert tools["watch_jobs"].meta["securitySchemes"] == [noauth, oauth2]
    assert tools["delete_watch"].meta["securitySchemes"] == [oauth2]
    assert tools["get_changes"].meta["securitySchemes"] == [oauth2]


def test_with_provisioning_off_watch_jobs_requires_the_connection(asgi_server: AsgiServer, config) -> None:
    config(mcp_anonymous_provisioning=False)
    tools = _tools(asgi_server.mcp_url)
    assert tools["watch_jobs"].meta["securitySchemes"] == [{"type": "oauth2", "scopes": ["watches"]}]
