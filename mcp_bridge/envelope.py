"""The JSON-RPC envelope of a POST to `/mcp`, checked before the SDK reads it.

The SDK's transport answers a body that is JSON but not one JSON-RPC message (a batch, a number,
a request without `method`, `"jsonrpc": "1.0"`) with HTTP 400 and -32602 *Invalid params* whose
message is pydantic's whole report: every union member's errors, the rejected input echoed back
and links to pydantic's site. JSON-RPC 2.0 calls that -32600 *Invalid Request*; and a request
whose `id` is an object was taken for a notification (202, no answer ever), leaving the client
waiting. MCP 2025-06-18 removed batching, so a batch is one more invalid request.

Found by the official conformance tooling and the TypeScript SDK (tools/mcp_conformance/).
Bodies that are not JSON at all are left to the SDK, whose -32700 *Parse error* is right.
"""

from __future__ import annotations

from typing import Any

import pydantic_core
from mcp_types import INVALID_REQUEST

BATCH = "Batches are not supported: send one JSON-RPC message per request (MCP removed batching in 2025-06-18)."
NOT_A_MESSAGE = "The body must be one JSON-RPC 2.0 message object."


def _valid_id(value: Any) -> bool:
    """MCP: a request id is a string or an integer, never null (bool is not an integer here)."""
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _problem(message: dict[str, Any]) -> str | None:
    """What makes `message` an invalid JSON-RPC 2.0 message, or None."""
    if message.get("jsonrpc") != "2.0":
        return 'jsonrpc must be "2.0".'
    if "method" in message:
        if not isinstance(message["method"], str):
            return "method must be a string."
        if "params" in message and not isinstance(message["params"], dict):
            return "params must be an object."
        if "id" in message and not _valid_id(message["id"]):
            return "id must be a string or an integer."
        return None
    if "result" in message or "error" in message:  # a client's answer to a server request
        return _answer_problem(message)
    return "a request needs a method."


def _answer_problem(message: dict[str, Any]) -> str | None:
    """JSON-RPC 2.0 §5: a response has an id and exactly one of `result` (MCP: an object) and
    `error` (an object with an integer `code` and a string `message`). The SDK met any other shape
    with -32602 and pydantic's report of all four message types, the body echoed back."""
    if not _valid_id(message.get("id")):
        return "id must be a string or an integer."
    if "result" in message and "error" in message:
        return "a response carries result or error, not both."
    if "result" in message:
        return None if isinstance(message["result"], dict) else "result must be an object."
    error = message["error"]
    code = error.get("code") if isinstance(error, dict) else None
    if not isinstance(code, int) or isinstance(code, bool) or not isinstance(error.get("message"), str):
        return "error must be an object with an integer code and a string message."
    return None


def envelope_refusal(body: bytes) -> dict[str, Any] | None:
    """The JSON-RPC error response for a body that is JSON but not one valid message, or None to
    let the SDK handle the body (a valid message, or not JSON at all)."""
    try:
        message = pydantic_core.from_json(body)  # the SDK's parser and its nesting limit
    except ValueError:
        return None
    request_id = None
    if isinstance(message, list):
        text = BATCH
    elif not isinstance(message, dict):
        text = NOT_A_MESSAGE
    else:
        problem = _problem(message)
        if problem is None:
            return None
        text = f"Invalid Request: {problem}"
        request_id = message.get("id") if _valid_id(message.get("id")) else None
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": INVALID_REQUEST, "message": text}}
