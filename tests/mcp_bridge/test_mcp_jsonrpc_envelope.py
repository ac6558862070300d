"""The JSON-RPC envelope of `/mcp` as clients in other languages meet it (found by the official
conformance suite and the TypeScript SDK, tools/mcp_conformance/): a body that is JSON but not one
JSON-RPC message is -32600 Invalid Request in plain words, never pydantic's report and never a
silent 202; a cursor the server never issued is -32602."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from mcp import Client
from mcp.shared.exceptions import MCPError

from tests.mcp_bridge.conftest import AsgiServer, mcp_session

pytestmark = pytest.mark.django_db(transaction=True)

HEADERS = {
    "Accept": "application/json, text/event-stream",
    "Content-Type": "application/json",
    "MCP-Protocol-Version": "2025-11-25",
}


def _post(url: str, body: str) -> requests.Response:
    return requests.post(url, data=body.encode(), headers=HEADERS, timeout=10)


@pytest.mark.parametrize(
    ("body", "answer_id", "words"),
    [
        ('[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', None, "Batches are not supported"),
        ("[]", None, "Batches are not supported"),
        ("42", None, "one JSON-RPC 2.0 message object"),
        ('{"jsonrpc": "2.0", "id": 5, "params": {}}', 5, "a request needs a method"),
        ('{"jsonrpc": "1.0", "id": "a", "method": "ping"}', "a", 'jsonrpc must be "2.0"'),
        ('{"jsonrpc": "2.0", "id": 3, "method": 7}', 3, "method must be a string"),
        ('{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": [1]}', 4, "params must be an object"),
        ('{"jsonrpc": "2.0", "id": null, "method": "ping"}', None, "id must be a string or an integer"),
        ('{"jsonrpc": "2.0", "id": true, "method": "ping"}', None, "id must be a string or an integer"),
        ('{"jsonrpc": "2.0", "id": 6, "result": 5}', 6, "result must be an object"),
        ('{"jsonrpc": "2.0", "id": 6, "result": null}', 6, "result must be an object"),
        ('{"jsonrpc": "2.0", "id": 7, "error": 5}', 7, "error must be an object with an integer code"),
        ('{"jsonrpc": "2.0", "id": 7, "error": {"code": "x", "message": "m"}}', 7, "an integer code"),
        ('{"jsonrpc": "2.0", "id": 7, "error": {"code": 1.5, "message": "m"}}', 7, "an integer code"),
        ('{"jsonrpc": "2.0", "id": 7, "error": {"code": true, "message": "m"}}', 7, "an integer code"),
        ('{"jsonrpc": "2.0", "id": 7, "error": {"code": 1}}', 7, "a string message"),
        ('{"jsonrpc": "2.0", "id": 8, "result": {}, "error": {"code": 1, "message": "m"}}', 8, "not both"),
    ],
)
def test_json_that_is_not_one_message_is_invalid_request(
    asgi_server: AsgiServer, body: str, answer_id: Any, words: str
) -> None:
    """The SDK answered these with -32602 and pydantic's whole report (inputs echoed, links); the
    malformed answers (result, error) were found by hand with raw POSTs."""
    response = _post(asgi_server.mcp_url, body)
    assert response.status_code == 400
    answer = response.json()
    assert answer["jsonrpc"] == "2.0" and answer["id"] == answer_id
    assert answer["error"]["code"] == -32600
    assert words in answer["error"]["message"]
    assert "pydantic" not in response.text and "input_value" not in response.text


def test_a_request_with_an_object_id_is_answered_not_taken_for_a_notification(asgi_server: AsgiServer) -> None:
    """It got 202 and no answer ever: the SDK read it as a notification, the client waited."""
    response = _post(asgi_server.mcp_url, '{"jsonrpc": "2.0", "id": {"n": 1}, "method": "ping"}')
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32600


def test_valid_messages_still_reach_the_sdk(asgi_server: AsgiServer) -> None:
    ping = _post(asgi_server.mcp_url, '{"jsonrpc": "2.0", "id": "p", "method": "ping"}')
    assert ping.status_code == 200 and ping.json() == {"jsonrpc": "2.0", "id": "p", "result": {}}
    notification = _post(asgi_server.mcp_url, '{"jsonrpc": "2.0", "method": "notifications/initialized"}')
    assert notification.status_code == 202 and notification.content == b""
    unknown = _post(asgi_server.mcp_url, '{"jsonrpc": "2.0", "id": 9, "method": "no/such"}')
    assert unknown.json()["error"]["code"] == -32601 and unknown.json()["id"] == 9


@pytest.mark.parametrize(
    "body",
    [
        '{"jsonrpc": "2.0", "id": 1, "result": {}}',
        '{"jsonrpc": "2.0", "id": "r", "error": {"code": -32000, "message": "no", "data": [1]}}',
    ],
)
def test_a_well_formed_answer_from_the_client_is_still_accepted(asgi_server: AsgiServer, body: str) -> None:
    """A stateless server sends no requests, so no answer is awaited; a valid one is taken (202)."""
    response = _post(asgi_server.mcp_url, body)
    assert response.status_code == 202 and response.content == b""


def test_a_body_that_is_not_json_is_still_a_parse_error(asgi_server: AsgiServer) -> None:
    response = _post(asgi_server.mcp_url, '{"jsonrpc": "2.0", "id": 1, "method": "ping"')
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32700


def test_a_cursor_the_server_never_issued_is_invalid_params(asgi_server: AsgiServer) -> None:
    """tools/list is one page (no nextCursor); the SDK ignored a cursor and served page one again."""

    async def work(client: Client) -> tuple[int, str | None]:
        listed = await client.list_tools()
        try:
            await client.list_tools(cursor="bogus")
        except MCPError as error:
            return error.code, listed.next_cursor
        return 0, listed.next_cursor

    code, next_cursor = mcp_session(asgi_server.mcp_url, work)
    assert next_cursor is None
    assert code == -32602
