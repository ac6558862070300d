"""The ASGI side of `/mcp`: the SDK's Streamable HTTP app behind a small gate that answers the
HTTP-level authentication rules of SPEC §13 before any JSON-RPC is read.

Stateless, JSON-response mode: every POST stands alone, so any worker of any replica can answer
it (no `Mcp-Session-Id` to pin a client to the process that opened its session).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

from asgiref.sync import sync_to_async
from mcp.server.transport_security import TransportSecuritySettings
from starlette.middleware.cors import CORSMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mcp_bridge.auth import challenge
from mcp_bridge.caller import STATE_KEY
from mcp_bridge.envelope import envelope_refusal
from mcp_bridge.server import build_server
from mcp_bridge.threads import thread_connection
from watches.services.clients import BearerIdentity, bearer_identity, bearer_token
from watches.services.ratelimits import (
    address_bucket,
    budget_refusal,
    budgets,
    client_budget_enforce,
    request_budget_hit,
)
from watchtower.api.addresses import address_from
from watchtower.config import current
from watchtower.errors import AppError

MCP_PATH = "/mcp"
# SPEC §14: request bodies are capped at 64 KB; a tool call is a few hundred bytes.
MAX_BODY_BYTES = 64 * 1024
UNKNOWN_TOKEN = "The Watchtower token is unknown, expired, revoked or issued for another resource; authorize again."
AUTH_REQUIRED = "Authorize Watchtower to use watches."
STATELESS = "Method not allowed: this MCP endpoint is stateless; use POST."


def transport_security() -> TransportSecuritySettings:
    """DNS-rebinding protection with the public host allowed, plus loopback for local use and tests.
    Without this the SDK answers 421 to every request that names the real host."""
    public = urlsplit(current().public_base_url)
    host = public.hostname or "localhost"
    hosts = {host, f"{host}:*", "127.0.0.1:*", "localhost:*", "[::1]:*", "127.0.0.1", "localhost", "[::1]"}
    if public.port:
        hosts.add(f"{host}:{public.port}")
    origins = {
        f"{public.scheme}://{public.netloc}",
        "http://127.0.0.1:*",
        "http://localhost:*",
        "http://[::1]:*",
        *cors_origins(),
    }
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=sorted(hosts), allowed_origins=sorted(origins)
    )


def _resolve(token: str) -> BearerIdentity | None:
    with thread_connection():
        return bearer_identity(token)


def _admit(bucket: str) -> AppError | None:
    """The per-address budget REST and MCP share (SPEC §14), counted for every POST before any
    token is looked up; the refusal, or None."""
    with thread_connection():
        verdict = request_budget_hit(bucket=bucket)
        return None if verdict.allowed else budget_refusal(budgets()["global"], verdict)


def _admit_client(client_id: int) -> AppError | None:
    with thread_connection():
        try:
            client_budget_enforce(client_id=client_id)
        except AppError as error:
            return error
        return None


async def _rate_limited(send: Send, error: AppError) -> None:
    """HTTP 429 with `Retry-After`, as REST answers; the JSON-RPC error carries Watchtower's
    `{error, message, retry_after}` as its data."""
    data = {**error.as_dict(), "retry_after": error.retry_after}
    body = json.dumps({"jsonrpc": "2.0", "error": {"code": -32000, "message": error.message, "data": data}, "id": None})
    await send(
        {
            "type": "http.response.start",
            "status": 429,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(error.retry_after or 60).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body.encode()})


async def _invalid_request(send: Send, error: dict[str, Any]) -> None:
    body = json.dumps(error).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 400, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _read_body(receive: Receive) -> tuple[bytes | None, list[Message]]:
    """The request body, read ahead of the SDK, and the ASGI messages that carried it (to hand
    on). None when it is longer than the cap (the SDK answers 413) or the client left."""
    messages: list[Message] = []
    parts: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        messages.append(message)
        if message["type"] != "http.request":
            return None, messages
        chunk = message.get("body", b"")
        parts.append(chunk)
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            return None, messages
        if not message.get("more_body", False):
            return b"".join(parts), messages


_BODY_HEADERS = frozenset({b"content-type", b"content-length"})


def _json_rpc_refusals(send: Send) -> Send:
    """A `send` that turns the SDK transport's plain-text refusals ("Request body too large" 413,
    "Invalid Content-Type header" 400, "Invalid Host header" 421, "Invalid Origin header" 403)
    into JSON-RPC errors (-32000) with the same status and words, as the TypeScript SDK's
    transport answers them. A client reads a JSON-RPC error body on any status: the Python SDK
    showed a plain-text one as -32603 "Server returned an error response", as if the server had
    failed, and the TypeScript SDK as an unparsed HTTP error."""
    held: list[Message] = []
    text: list[bytes] = []

    async def refusing(message: Message) -> None:
        if message["type"] == "http.response.start" and not held:
            kind = next((value for name, value in message.get("headers", []) if name.lower() == b"content-type"), b"")
            if message["status"] >= 400 and not kind.lower().startswith(b"application/json"):
                held.append(message)
                return
        if not held or message["type"] != "http.response.body":
            await send(message)
            return
        text.append(message.get("body", b""))
        if message.get("more_body", False):
            return
        words = b"".join(text).decode("utf-8", "replace").strip() or "Request refused"
        body = json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": words}}).encode()
        start = held[0]
        kept = [(name, value) for name, value in start.get("headers", []) if name.lower() not in _BODY_HEADERS]
        headers = [*kept, (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": start["status"], "headers": headers})
        await send({"type": "http.response.body", "body": body})

    return refusing


def _replaying(messages: list[Message], receive: Receive) -> Receive:
    """A `receive` that hands on the messages already read, then the connection's own."""
    pending = list(messages)

    async def replay() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replay


async def _method_not_allowed(send: Send) -> None:
    """A stateless endpoint has no stream to offer on GET and no session to end on DELETE; an open
    GET would hold a connection for nothing."""
    body = json.dumps({"jsonrpc": "2.0", "error": {"code": -32000, "message": STATELESS}, "id": None}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": 405, "headers": [*headers, (b"allow", b"POST")]})
    await send({"type": "http.response.body", "body": body})


async def _unauthorized(send: Send, message: str, *, token_sent: bool) -> None:
    """HTTP 401 with the OAuth challenge: what makes spec-following clients start the sign-in.
    The challenge names `invalid_token` only when a token was sent (RFC 6750 §3.1)."""
    body = json.dumps({"jsonrpc": "2.0", "error": {"code": -32001, "message": message}, "id": None}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 401,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"www-authenticate", challenge(message if token_sent else None).encode("latin-1", "replace")),
                (b"cache-control", b"no-store"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def cors_origins() -> tuple[str, ...]:
    """Browser origins allowed to call `/mcp`: this server's own and those in MCP_CORS_ORIGINS. The
    same list feeds the SDK's DNS-rebinding check, so allowing an origin for CORS cannot open a
    hole in that protection, and an origin not listed is refused by both."""
    public = urlsplit(current().public_base_url)
    return (f"{public.scheme}://{public.netloc}", *current().mcp_cors_origins)


def with_cors(app: ASGIApp) -> ASGIApp:
    """CORS for browser-based MCP clients (Fetch standard): preflights are answered before the
    gate (which allows only POST), and the headers a client must read — `WWW-Authenticate` for the
    OAuth challenge, `Mcp-Session-Id`, `Retry-After` — are exposed. No cookies are involved, so
    credentials stay off."""
    return CORSMiddleware(
        app,
        allow_origins=list(cors_origins()),
        allow_methods=["POST", "GET", "DELETE", "OPTIONS"],
        allow_headers=["authorization", "content-type", "mcp-protocol-version", "mcp-session-id", "last-event-id"],
        expose_headers=["WWW-Authenticate", "Mcp-Session-Id", "Retry-After"],
        max_age=86400,
    )


class McpGate:
    """Counts every POST against the per-address and per-client budgets REST also draws on (429
    when spent), refuses an unknown bearer token (and, with `?auth=required`, a missing one) with 401,
    refuses a JSON body that is not one JSON-RPC message with -32600 (mcp_bridge/envelope.py),
    gives the SDK transport's own refusals a JSON-RPC body (`_json_rpc_refusals`), and leaves the
    resolved identity in the scope's state for the tools. Lifespan passes straight
    through: it runs the SDK's session manager."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] != "POST":
            await _method_not_allowed(send)
            return
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        peer = scope.get("client") or ("", 0)
        address = address_from(
            remote_addr=peer[0] or "", forwarded_for=headers.get("x-forwarded-for"), trust_proxy=current().trust_proxy
        )
        refused = await sync_to_async(_admit, thread_sensitive=False)(address_bucket(address or "unknown"))
        if refused is not None:
            await _rate_limited(send, refused)
            return
        token = bearer_token(headers.get("authorization"))
        state: dict[str, Any] = scope.setdefault("state", {})
        if token is not None:
            identity = await sync_to_async(_resolve, thread_sensitive=False)(token)
            if identity is None:
                await _unauthorized(send, UNKNOWN_TOKEN, token_sent=True)
                return
            refused = await sync_to_async(_admit_client, thread_sensitive=False)(identity.client.pk)
            if refused is not None:
                await _rate_limited(send, refused)
                return
            state[STATE_KEY] = identity
        else:
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            if "required" in query.get("auth", []):
                await _unauthorized(send, AUTH_REQUIRED, token_sent=False)
                return
            state[STATE_KEY] = None
        if "application/json" in headers.get("content-type", ""):
            body, messages = await _read_body(receive)
            refusal = envelope_refusal(body) if body is not None else None
            if refusal is not None:
                await _invalid_request(send, refusal)
                return
            receive = _replaying(messages, receive)
        await self.app(scope, receive, _json_rpc_refusals(send))


def build_mcp_app() -> ASGIApp:
    """The `/mcp` endpoint as one ASGI app (HTTP and lifespan)."""
    server = build_server()
    app = server.streamable_http_app(
        streamable_http_path=MCP_PATH,
        stateless_http=True,
        json_response=True,
        max_request_body_size=MAX_BODY_BYTES,
        transport_security=transport_security(),
    )
    return with_cors(McpGate(app))
