"""Every tool over real HTTP with the SDK client: its success and its errors, results as JSON text
and structuredContent, errors as `{error, message}`."""

from __future__ import annotations

from typing import Any

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from boards.models import Resource
from changes.models import Change
from matching import places, terms
from tests.mcp_bridge.conftest import AsgiServer, call, mcp_session, payload
from watches.models import CountsDaily, UsageDaily
from watches.services.clients import NewClient, client_create
from watches.services.watches import watch_create

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def owner() -> NewClient:
    return client_create()


def _ok(result: Any) -> dict[str, Any]:
    assert not result.is_error, result.content[0].text
    body = payload(result)
    assert body == result.structured_content
    return body


def _error(result: Any) -> dict[str, Any]:
    assert result.is_error
    body = payload(result)
    assert set(body) >= {"error", "message"}
    return body


def _ios_change(title: str = "Senior iOS Engineer") -> Change:
    resource = Resource.objects.create(
        url="https://boards.greenhouse.io/acme", platform="greenhouse", fetch_host="boards-api.greenhouse.io"
    )
    return Change.objects.create(
        resource=resource,
        type="JOB_ADDED",
        role="new",  # a vacancy's announcing event: what search watches read
        job_key="job:1",
        summary=f"New job: {title} (Remote)",
        data={"job": {"title": title, "location": "Remote"}},
        title=title,
        location="Remote",
        remote=True,
        search_text=terms.search_text_for(
            title=title, company="Acme", location="Remote", other_locations=[], department=""
        ),
        place_text=places.place_text_for(locations=["Remote"], remote=True),
    )


def test_watch_jobs_creates_a_search_watch_and_shows_how_it_read_the_query(
    asgi_server: AsgiServer, owner: NewClient
) -> None:
    body = _ok(
        call(
            asgi_server.mcp_url,
            "watch_jobs",
            {"query": "iOS jobs in Austin", "locations": ["Dallas"], "label": "mine"},
            token=owner.token,
        )
    )
    watch = body["watch"]
    assert watch["id"].startswith("w_")
    assert watch["type"] == "search"
    assert watch["interpreted"]["filters"]["keywords"] == ["ios"]
    assert watch["filters"]["locations"] == ["dallas"], "explicit filters win over the query"
    assert "current_jobs" in watch and "coverage" in watch
    assert UsageDaily.objects.get(client_id=owner.client.pk, tool="watch_jobs").interface == "mcp"


def test_watch_jobs_refuses_a_watch_without_any_filter(asgi_server: AsgiServer, owner: NewClient) -> None:
    assert _error(call(asgi_server.mcp_url, "watch_jobs", {}, token=owner.token))["error"] == "QUERY_TOO_BROAD"


def test_watch_jobs_refuses_url_and_urls_together(asgi_server: AsgiServer, owner: NewClient) -> None:
    arguments = {"url": "https://example.com/jobs", "urls": ["https://example.com/jobs"]}
    assert _error(call(asgi_server.mcp_url, "watch_jobs", arguments, token=owner.token))["error"] == "VALIDATION_ERROR"


def test_watch_jobs_refuses_a_private_address(asgi_server: AsgiServer, owner: NewClient) -> None:
    result = call(asgi_server.mcp_url, "watch_jobs", {"url": "http://169.254.169.254/jobs"}, token=owner.token)
    assert _error(result)["error"] in {"SSRF_BLOCKED", "UNSUPPORTED_URL"}


def test_arguments_outside_the_schema_come_back_as_a_validation_error(
    asgi_server: AsgiServer, owner: NewClient
) -> None:
    result = call(asgi_server.mcp_url, "watch_jobs", {"query": "ios", "interval_minutes": 1}, token=owner.token)
    assert _error(result)["error"] == "VALIDATION_ERROR"


def test_search_jobs_needs_no_token_and_counts_anonymous_use(asgi_server: AsgiServer) -> None:
    _ios_change()
    body = _ok(call(asgi_server.mcp_url, "search_jobs", {"query": "ios jobs", "limit": 5}))
    assert set(body) >= {"interpreted", "total", "jobs", "next_offset"}
    assert CountsDaily.objects.get(metric="anonymous_search", dim="mcp:search_jobs").n == 1


def test_search_jobs_refuses_a_limit_above_100(asgi_server: AsgiServer) -> None:
    assert (
        _error(call(asgi_server.mcp_url, "search_jobs", {"query": "ios", "limit": 1000}))["error"] == "VALIDATION_ERROR"
    )


@pytest.mark.usefixtures("fresh_window")  # the budget is a fixed minute: the two calls must share it
def test_search_jobs_is_limited_per_address(asgi_server: AsgiServer, config) -> None:
    config(search_per_minute=1)
    _ok(call(asgi_server.mcp_url, "search_jobs", {"query": "ios jobs"}))
    refused = _error(call(asgi_server.mcp_url, "search_jobs", {"query": "ios jobs"}))
    assert refused["error"] == "RATE_LIMITED"
    assert refused["retry_after"] > 0


def test_list_companies_needs_no_token(asgi_server: AsgiServer) -> None:
    body = _ok(call(asgi_server.mcp_url, "list_companies", {"query": "acme"}))
    assert set(body) >= {"companies", "total", "next_offset"}


@pytest.mark.parametrize("offset", [10**20, 1_000_001])
def test_list_companies_refuses_a_huge_offset_as_a_validation_error(asgi_server: AsgiServer, offset: int) -> None:
    """An offset past 2**63 reached the database and failed as an internal error (issue 15)."""
    body = _error(call(asgi_server.mcp_url, "list_companies", {"offset": offset}))
    assert body["error"] == "VALIDATION_ERROR" and "offset" in body["message"]


def test_list_companies_still_refuses_a_bad_token(asgi_server: AsgiServer) -> None:
    result = call(asgi_server.mcp_url, "list_companies", {"client_token": "wt_" + "b" * 32})
    assert _error(result)["error"] == "UNAUTHORIZED"


def test_get_changes_peek_and_ack_give_at_least_once_delivery(asgi_server: AsgiServer, owner: NewClient) -> None:
    watch = watch_create(client=owner.client, query="ios jobs")
    change = _ios_change()
    url, token = asgi_server.mcp_url, owner.token

    first = _ok(call(url, "get_changes", {"peek": True}, token=token))
    again = _ok(call(url, "get_changes", {"peek": True}, token=token))
    assert [c["id"] for c in first["changes"]] == [c["id"] for c in again["changes"]] == [change.id]
    assert first["changes"][0]["watch_id"] == watch["id"]

    assert _ok(call(url, "ack_changes", {"cursor": first["cursor"]}, token=token)) == {
        "acknowledged": True,
        "cursor": first["cursor"],
    }
    after = _ok(call(url, "get_changes", {}, token=token))
    assert after["changes"] == [] and after["has_more"] is False


def test_get_changes_refuses_a_watch_of_another_client(asgi_server: AsgiServer, owner: NewClient) -> None:
    other = watch_create(client=client_create().client, query="ios jobs")
    result = call(asgi_server.mcp_url, "get_changes", {"watch_id": other["id"]}, token=owner.token)
    assert _error(result)["error"] == "NOT_FOUND"


def test_ack_changes_refuses_an_unknown_watch(asgi_server: AsgiServer, owner: NewClient) -> None:
    result = call(asgi_server.mcp_url, "ack_changes", {"cursor": 0, "watch_id": "w_nope"}, token=owner.token)
    assert _error(result)["error"] == "NOT_FOUND"


def test_list_get_and_delete_a_watch(asgi_server: AsgiServer, owner: NewClient) -> None:
    url, token = asgi_server.mcp_url, owner.token
    watch = watch_create(client=owner.client, query="ios jobs")
    listed = _ok(call(url, "list_watches", token=token))
    assert [item["id"] for item in listed["watches"]] == [watch["id"]]
    assert listed["watches"][0]["pending_changes"] == 0

    detail = _ok(call(url, "get_watch", {"watch_id": watch["id"]}, token=token))
    assert detail["id"] == watch["id"] and "current_jobs" in detail

    assert _ok(call(url, "delete_watch", {"watch_id": watch["id"]}, token=token)) == {
        "deleted": True,
        "id": watch["id"],
    }
    assert _ok(call(url, "list_watches", token=token))["watches"] == []
    assert _error(call(url, "delete_watch", {"watch_id": watch["id"]}, token=token))["error"] == "NOT_FOUND"


def test_get_watch_never_shows_another_clients_watch(asgi_server: AsgiServer, owner: NewClient) -> None:
    other = watch_create(client=client_create().client, query="ios jobs")
    result = call(asgi_server.mcp_url, "get_watch", {"watch_id": other["id"]}, token=owner.token)
    assert _error(result)["error"] == "NOT_FOUND"


def test_an_unknown_tool_is_a_protocol_error_for_the_sdk_client(asgi_server: AsgiServer) -> None:
    """The MCP spec's "Unknown tool" is JSON-RPC -32602, which the SDK client raises."""

    async def work(client: Client) -> int:
        with pytest.raises(MCPError) as raised:
            await client.call_tool("check_now", {})
        return raised.value.error.code

    assert mcp_session(asgi_server.mcp_url, work) == -32602


def test_list_companies_and_search_jobs_count_the_same_boards_in_each_tier(asgi_server: AsgiServer, config) -> None:
    from watches.services import search

    for token, share in (("tech", 0.8), ("care", 0.1), ("unread", None)):
        Resource.objects.create(
            url=f"https://boards.greenhouse.io/{token}",
            platform="greenhouse",
            fetch_host="boards-api.greenhouse.io",
            indexed=True,
            index_origin="directory",
            tech_share=share,
            content_hash="" if share is None else "read",
        )

    def counted(tech: bool | None) -> tuple[int, int, int]:
        search._coverage.clear()  # counted once a minute per process
        flag = {} if tech is None else {"tech_companies_only": tech}
        found = _ok(call(asgi_server.mcp_url, "search_jobs", {"query": "ios jobs", **flag}))
        listed = _ok(call(asgi_server.mcp_url, "list_companies", {"tech_companies_only": bool(tech)}))
        return found["coverage"], listed["coverage"], listed["total"]

    assert counted(None) == counted(False) == (2, 2, 3)  # the unread board is listed, not yet covered
    assert counted(True) == (1, 1, 1)
    config(directory="extended")
    search._coverage.clear()
    found = _ok(call(asgi_server.mcp_url, "search_jobs", {"query": "ios jobs"}))
    assert found["interpreted"]["filters"]["tech_companies_only"] is True and found["coverage"] == 1
    assert counted(False) == (2, 2, 3)
