"""Who a tool call acts for (SPEC §13): the connection, a client_token, or a client provisioned on
the spot; a client_token argument never re-binds the connection."""

from __future__ import annotations

import json

import pytest

from tests.mcp_bridge.conftest import AsgiServer, call, oauth_connect, payload
from watches.models import Client, UsageDaily, Watch
from watches.services.clients import client_create
from watches.services.watches import watch_create

pytestmark = pytest.mark.django_db(transaction=True)

QUERY = {"query": "remote iOS jobs paying at least 150k"}


def test_watch_jobs_without_a_token_provisions_a_client_and_shows_its_token_once(asgi_server: AsgiServer) -> None:
    result = call(f"{asgi_server.mcp_url}?ref=Smithery", "watch_jobs", QUERY)
    assert not result.is_error, payload(result)
    body = payload(result)
    assert body["client_token"].startswith("wt_")
    assert "shown only once" in body["token_note"]
    assert body["watch"]["type"] == "search"
    client = Client.objects.get()
    assert client.source == "smithery"

    listed = payload(call(asgi_server.mcp_url, "list_watches", {"client_token": body["client_token"]}))
    assert [watch["id"] for watch in listed["watches"]] == [body["watch"]["id"]]
    assert "client_token" not in listed


def test_provisioning_shares_the_per_address_creation_budget(asgi_server: AsgiServer, config) -> None:
    config(client_creation_per_hour=1)
    assert not call(asgi_server.mcp_url, "watch_jobs", QUERY).is_error
    refused = call(asgi_server.mcp_url, "watch_jobs", QUERY)
    assert refused.is_error
    assert payload(refused)["error"] == "RATE_LIMITED"
    assert Client.objects.count() == 1


def test_with_provisioning_off_watch_jobs_asks_for_the_connection(asgi_server: AsgiServer, config, settings) -> None:
    config(mcp_anonymous_provisioning=False)
    result = call(asgi_server.mcp_url, "watch_jobs", QUERY)
    assert result.is_error
    assert payload(result)["error"] == "UNAUTHORIZED"
    assert "wt_" not in json.dumps(payload(result))
    assert result.meta is not None
    challenge = result.meta["mcp/www_authenticate"][0]
    base = settings.WATCHTOWER.public_base_url
    assert f'resource_metadata="{base}/.well-known/oauth-protected-resource/mcp"' in challenge
    assert "error" not in challenge, "RFC 6750 §3.1: the call carried no token"
    assert Client.objects.count() == 0


@pytest.mark.parametrize("tool", ["list_watches", "get_changes"])
def test_tools_that_need_a_client_refuse_an_anonymous_call(asgi_server: AsgiServer, tool: str) -> None:
    result = call(asgi_server.mcp_url, tool)
    assert result.is_error
    assert payload(result)["error"] == "UNAUTHORIZED"
    assert "mcp/www_authenticate" in (result.meta or {})


def test_an_unknown_client_token_argument_is_unauthorized(asgi_server: AsgiServer) -> None:
    result = call(asgi_server.mcp_url, "list_watches", {"client_token": "wt_" + "z" * 32})
    assert payload(result)["error"] == "UNAUTHORIZED"


def test_a_client_token_in_the_authorization_header_identifies_the_caller(asgi_server: AsgiServer) -> None:
    created = client_create()
    watch = watch_create(client=created.client, query="rust jobs in berlin")
    listed = payload(call(asgi_server.mcp_url, "list_watches", token=created.token))
    assert [item["id"] for item in listed["watches"]] == [watch["id"]]
    assert UsageDaily.objects.get(client_id=created.client.pk).interface == "mcp"


def test_an_oauth_access_token_identifies_the_connected_client(asgi_server: AsgiServer) -> None:
    tokens = oauth_connect(asgi_server.url)
    created = payload(call(asgi_server.mcp_url, "watch_jobs", QUERY, token=tokens["access_token"]))
    assert "client_token" not in created
    listed = payload(call(asgi_server.mcp_url, "list_watches", token=tokens["access_token"]))
    assert [item["id"] for item in listed["watches"]] == [created["watch"]["id"]]


def test_a_client_token_argument_acts_for_one_call_and_never_moves_the_connection(asgi_server: AsgiServer) -> None:
    """Issue 15 item 10: one planted `client_token` over an empty connection used to move that
    connection to the other client for good, so the victim's next watch landed in its list."""
    other = client_create()
    theirs = watch_create(client=other.client, query="ios jobs in austin")
    tokens = oauth_connect(asgi_server.url)
    access = tokens["access_token"]

    with_token = payload(call(asgi_server.mcp_url, "list_watches", {"client_token": other.token}, token=access))
    assert [item["id"] for item in with_token["watches"]] == [theirs["id"]]

    mine = payload(call(asgi_server.mcp_url, "watch_jobs", {"query": "golang jobs in berlin"}, token=access))
    afterwards = payload(call(asgi_server.mcp_url, "list_watches", token=access))
    assert [item["id"] for item in afterwards["watches"]] == [mine["watch"]["id"]]
    assert Watch.objects.filter(client=other.client).count() == 1
