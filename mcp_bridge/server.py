"""The MCP server: name, instructions, the eight tools with their titles, annotations and security
schemes, one error language for tool calls, and three middlewares (only served capabilities are
declared and only served methods answered; a cursor never issued is refused; connections are
counted)."""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import sync_to_async
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.shared.exceptions import MCPError
from mcp_types import (
    CLIENT_INFO_META_KEY,
    INVALID_PARAMS,
    METHOD_NOT_FOUND,
    CallToolResult,
    InputRequiredResult,
    ToolAnnotations,
)
from mcp_types import Tool as MCPTool
from pydantic import ValidationError

import watchtower
from mcp_bridge import tools
from mcp_bridge.threads import thread_connection
from watches.services.clients import OAUTH_SCOPE, clean_ref
from watches.services.usage import counts_record
from watchtower.config import current
from watchtower.errors import unknown_names
from watchtower.labels import client_label, ref_label
from watchtower.metrics import MCP_INITIALIZE

logger = logging.getLogger(__name__)

SERVER_NAME = "watchtower"
SERVER_VERSION = watchtower.__version__

INSTRUCTIONS = """\
Watchtower watches the job boards of tech companies and startups and hands back only NEW postings
that match what you asked for, as JSON. It covers every role at those companies, not only
engineering. Use it instead of re-running job searches or re-reading careers pages.

- Say what you want, not where to look: call watch_jobs with a plain-language `query` and no url to
  watch every monitored board. The answer shows how the query was `interpreted` and the jobs that
  match right now. Later, call get_changes to get only what is new.
- Prefer a watch over searching again: a watch remembers what you have seen; a repeated search does not.
- For a one-off look, use search_jobs (read-only, no sign-in; page with next_offset).
  list_companies tells you which companies are covered.
- Pass url or urls (up to 25) to follow specific companies: Greenhouse, Lever, Ashby, Workable,
  SmartRecruiters, Workday, Recruitee, iCIMS, Eightfold, SuccessFactors, Oracle, Apple, Google,
  Microsoft, and any careers page with schema.org JobPosting data.
- Explicit filters (keywords, locations, seniority, remote_only, remote_from, min_salary,
  max_experience_years, visa_sponsorship, employment_types, companies, exclude_companies, …) win over
  what the query says. Salary, experience, visa sponsorship, employment type and where remote work is
  allowed come from the postings; postings that do not state them are kept unless include_unknown=false.
- At-least-once processing: get_changes(peek=true), handle the changes, then ack_changes(cursor).
  Without peek, get_changes advances the cursor itself.
- Identity comes from the connection (OAuth or an Authorization header). If a conversation already
  uses a client_token, keep passing it. Never ask the user to paste a token into the chat; on
  UNAUTHORIZED ask them to connect (authorize) Watchtower in the app's connection settings.
- Up to 50 watches per client; a watch nobody reads for 30 days expires.
"""

WATCH_JOBS_DESCRIPTION = """\
Watch for new job postings. Use this INSTEAD OF re-running job searches or re-checking careers pages:
create the watch once, then call get_changes later to receive only new matching postings.

Without url/urls: a search watch over every monitored board, from a plain-language `query` (e.g. "iOS
jobs in Austin paying at least 150k with at most 6 years of experience") and/or explicit filters,
which override the query. Returns `interpreted`, `current_jobs` (matching now) and `coverage`.
With `url`: one company's board (a careers page that links to a supported board is watched through
it; `resolved_from` says so). With `urls` (up to 25): `watches` plus per-URL `errors`.
Optional `webhook_url` receives each change as a signed POST."""

DESCRIPTIONS: dict[str, str] = {
    "watch_jobs": WATCH_JOBS_DESCRIPTION,
    "search_jobs": (
        "Search the jobs open right now on every monitored board, newest first. Read-only, no sign-in, "
        "creates nothing. Takes a plain-language `query` and/or the same filters as watch_jobs; returns "
        "`interpreted`, `total`, `jobs`, `next_offset`. To be told about new postings later, use "
        "watch_jobs instead of searching again."
    ),
    "list_companies": (
        "List the companies Watchtower covers (the boards every search reads), by name, with board_url, "
        "platform, open_jobs and tech_share. `query` filters by name; tech_companies_only=true lists the "
        "boards a search with that filter reads (its coverage). Read-only, no sign-in."
    ),
    "get_changes": (
        "New, removed and changed postings of your watches since your last call (advances the cursor). "
        "For at-least-once processing pass peek=true, handle the changes, then call ack_changes(cursor). "
        "`since` replays from an older cursor; `watch_id` limits to one watch."
    ),
    "ack_changes": "After get_changes(peek=true): mark everything up to `cursor` as processed.",
    "list_watches": "Your watches with their health, expiry and number of pending changes.",
    "get_watch": "One watch and the open postings that currently match its filters.",
    "delete_watch": "Stop a watch and free its slot. Its pending changes are dropped.",
}

TITLES: dict[str, str] = {
    "watch_jobs": "Watch for new job postings",
    "search_jobs": "Search open jobs",
    "list_companies": "List covered companies",
    "get_changes": "Get new changes",
    "ack_changes": "Acknowledge changes",
    "list_watches": "List your watches",
    "get_watch": "Get one watch",
    "delete_watch": "Delete a watch",
}

ANNOTATIONS: dict[str, ToolAnnotations] = {
    "watch_jobs": ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=True),
    "search_jobs": ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False),
    "list_companies": ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False),
    "get_changes": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False
    ),
    "ack_changes": ToolAnnotations(
        read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
    ),
    "list_watches": ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False),
    "get_watch": ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False),
    "delete_watch": ToolAnnotations(
        read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False
    ),
}

NOAUTH: dict[str, Any] = {"type": "noauth"}
OAUTH2: dict[str, Any] = {"type": "oauth2", "scopes": [OAUTH_SCOPE]}
TOKENLESS_TOOLS = frozenset({"search_jobs", "list_companies"})
INTERNAL = "Something went wrong on our side; try again later."


def security_schemes(tool: str) -> list[dict[str, Any]]:
    """search_jobs and list_companies work without sign-in; watch_jobs too while anonymous
    provisioning is on; every other tool needs the OAuth connection (or a client_token)."""
    if tool in TOKENLESS_TOOLS or (tool == "watch_jobs" and current().mcp_anonymous_provisioning):
        return [NOAUTH, OAUTH2]
    return [OAUTH2]


class WatchtowerMCP(MCPServer[Any]):
    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        """One error language for every failure a tool call can have:

        - an unknown tool is a protocol error, JSON-RPC -32602 (the MCP spec's "Unknown tool");
        - arguments that fail the input schema are a tool error `{"error": "VALIDATION_ERROR",
          "message"}` (so the model can correct itself), in Watchtower's words; so is an argument
          the tool does not have (`additionalProperties: false`);
        - a crash outside the tool's own error handling is `INTERNAL_ERROR`.
        The tools map the services' `AppError`s themselves (mcp_bridge/tools.py)."""
        tool = next((tool for tool in await super().list_tools() if tool.name == name), None)
        if tool is None:
            raise MCPError(code=INVALID_PARAMS, message=f"Unknown tool: {name}", data={"name": name})
        refused = null_characters(arguments)
        if refused:
            message = "; ".join(f"{where}: {NULL_CHARACTERS}" for where in refused)
            raise ToolError(_tool_error_text("VALIDATION_ERROR", message))
        unknown = unknown_arguments(tool, arguments)
        if unknown:
            raise ToolError(_tool_error_text("VALIDATION_ERROR", unknown))
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError as error:
            raise UnexpectedToolError(_tool_error_text("INTERNAL_ERROR", INTERNAL)) from error.__cause__
        except ToolError as error:
            if isinstance(error.__cause__, ValidationError):
                text = _tool_error_text("VALIDATION_ERROR", validation_message(error.__cause__))
                raise ToolError(text) from error.__cause__
            raise

    async def list_tools(self) -> list[MCPTool]:
        """The security schemes follow the configuration in force, so switching provisioning off
        changes what clients are told without rebuilding the server."""
        listed = await super().list_tools()
        for tool in listed:
            tool.meta = {**(tool.meta or {}), "securitySchemes": security_schemes(tool.name)}
            tool.input_schema = {**tool.input_schema, "additionalProperties": False}
        return listed


def _reported_name(ctx: ServerRequestContext[Any, Any]) -> str | None:
    """The clientInfo name of a connection handshake, bounded to known apps (watchtower/labels.py):
    `initialize` (protocol ≤ 2025-11-25) or the `server/discover` probe of 2026-07-28 clients, which
    carries it in `_meta`. Other requests are not connections and are not counted."""
    if ctx.method == "initialize":
        info = (ctx.params or {}).get("clientInfo") or {}
        return client_label(info.get("name") if isinstance(info, dict) else None)
    if ctx.method == "server/discover":
        meta: Any = ctx.meta or (ctx.params or {}).get("_meta") or {}
        info = meta.get(CLIENT_INFO_META_KEY) if isinstance(meta, dict) else None
        return client_label(info.get("name") if isinstance(info, dict) else None)
    return None


def _count_connection(name: str) -> None:
    with thread_connection():
        counts_record(metric="mcp_connect", dim=name)


async def count_connections(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
    """`watchtower_mcp_initialize_total{client, ref}` and the daily `mcp_connect` count (SPEC §15)."""
    name = _reported_name(ctx)
    if name is not None:
        request: Any = ctx.request
        ref = clean_ref(request.query_params.get("ref")) if request is not None else ""
        MCP_INITIALIZE.labels(client=name, ref=ref_label(ref)).inc()
        try:
            await sync_to_async(_count_connection, thread_sensitive=False)(name)
        except Exception:  # a counter must never break a connection
            logger.exception("Could not record an MCP connection")
    return await call_next(ctx)


# Watchtower serves tools only. The SDK's server always registers prompt and resource handlers and
# so would declare both capabilities and answer with empty lists; a client must not be told about
# what is not there (issue 15 item 9).
UNSERVED_CAPABILITIES = ("prompts", "resources")
# Nor notifications: the endpoint is stateless and its tool list never changes. The SDK's handler
# of the 2026-07-28 `subscriptions/listen` would answer with an event stream held open until the
# client leaves (up to 1,024 per process, then INTERNAL_ERROR for everyone), the stream that GET
# is refused for (mcp_bridge/app.py); and `server/discover` declared `tools.listChanged: true`
# where `initialize` says false.
UNSERVED_METHODS = frozenset({"subscriptions/listen"})


def _served(capabilities: dict[str, Any]) -> dict[str, Any]:
    served = {name: value for name, value in capabilities.items() if name not in UNSERVED_CAPABILITIES}
    if isinstance(served.get("tools"), dict):
        served["tools"] = {**served["tools"], "listChanged": False}
    return served


async def served_capabilities_only(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
    """Drop the capabilities Watchtower does not serve from `initialize` and `server/discover`, and
    answer their methods, and `subscriptions/listen`, as JSON-RPC does for any method a server
    lacks: -32601."""
    if ctx.method.split("/", 1)[0] in UNSERVED_CAPABILITIES or ctx.method in UNSERVED_METHODS:
        raise MCPError(code=METHOD_NOT_FOUND, message="Method not found", data=ctx.method)
    result = await call_next(ctx)
    if ctx.method in ("initialize", "server/discover") and isinstance(result, dict):
        capabilities = result.get("capabilities")
        if isinstance(capabilities, dict):
            result = {**result, "capabilities": _served(capabilities)}
    return result


# Lists Watchtower serves in one page: it never hands out a `nextCursor`.
SINGLE_PAGE_LISTS = frozenset({"tools/list"})


async def no_foreign_cursors(ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
    """A cursor the server never issued is invalid: -32602, as the MCP pagination rules say
    (`Invalid cursors SHOULD result in an error with code -32602`). The SDK would ignore it and
    answer the first page again, which a client paging on would take for more results."""
    if ctx.method in SINGLE_PAGE_LISTS and isinstance(ctx.params, dict) and ctx.params.get("cursor") is not None:
        raise MCPError(code=INVALID_PARAMS, message="Invalid cursor: this list has a single page", data=ctx.method)
    return await call_next(ctx)


def validation_message(error: ValidationError) -> str:
    """Pydantic's errors as one line in Watchtower's words: `field: what is wrong`, without the
    rejected values (the caller's data) or links to pydantic's documentation."""
    parts = []
    for item in error.errors(include_url=False, include_input=False):
        where = ".".join(str(part) for part in item["loc"]) or "arguments"
        parts.append(f"{where}: {item['msg']}")
    return "; ".join(parts) or "invalid arguments"


# DRF's words for the same refusal on the REST side (its CharField's ProhibitNullCharactersValidator).
NULL_CHARACTERS = "Null characters are not allowed."


def null_characters(value: Any, where: str = "") -> list[str]:
    """Where `value` (a tool's arguments) holds a NUL character, in any string or key at any depth:
    `field`, `field.2`. No argument may: PostgreSQL refuses NUL in text, so such a string would
    fail the statement that stores or compares it (an INTERNAL_ERROR), and no name, place, URL or
    id has one. The REST API refuses the same (DRF's CharField)."""
    if isinstance(value, str):
        return [where or "arguments"] if "\x00" in value else []
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            name = f"{where}.{key}" if where else str(key)
            found += [name.replace("\x00", "\\0")] if "\x00" in str(key) else null_characters(item, name)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += null_characters(item, f"{where}.{index}" if where else str(index))
    return found


def unknown_arguments(tool: MCPTool, arguments: Any) -> str:
    """The refusal of arguments `tool` does not have, or "". The SDK dropped them in silence, so a
    model that wrote `location` for `locations` or `remote` for `remote_only` got a watch for
    every place and never learnt why; the REST API names unknown fields the same way
    (watchtower/api/serializers.py: StrictSerializer)."""
    if not isinstance(arguments, dict):
        return ""
    return unknown_names(arguments, tool.input_schema.get("properties", {}), "argument")


def _tool_error_text(code: str, message: str) -> str:
    return json.dumps({"error": code, "message": message})


TOOLS = (
    tools.watch_jobs,
    tools.search_jobs,
    tools.list_companies,
    tools.get_changes,
    tools.ack_changes,
    tools.list_watches,
    tools.get_watch,
    tools.delete_watch,
)


def build_server() -> WatchtowerMCP:
    server = WatchtowerMCP(
        SERVER_NAME,
        title="Watchtower",
        description="Job-board monitoring for AI agents: watch tech job boards, get only new matching postings.",
        instructions=INSTRUCTIONS,
        website_url=current().public_base_url,
        version=SERVER_VERSION,
        middleware=[served_capabilities_only, no_foreign_cursors, count_connections],
    )
    for fn in TOOLS:
        name = fn.__name__
        server.add_tool(
            fn,
            name=name,
            title=TITLES[name],
            description=DESCRIPTIONS[name],
            annotations=ANNOTATIONS[name],
            meta={"securitySchemes": security_schemes(name)},
        )
    return server
