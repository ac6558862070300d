"""The eight MCP tools of SPEC §3.1: each one resolves the caller and makes one call into the same
services as REST. Handlers are plain `def`s: the SDK runs them on a worker thread, where the ORM may
block; `tool_call` manages that thread's database connection (mcp_bridge/threads.py)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult, TextContent
from pydantic import Field

from changes.services.feed import changes_ack, changes_get
from mcp_bridge.auth import challenge
from mcp_bridge.caller import TOKEN_NOTE, CallContext, caller_resolve, optional_client
from mcp_bridge.schemas import (
    FILTER_DESCRIPTIONS as FD,
)
from mcp_bridge.schemas import (
    AckChangesOutput,
    ClientToken,
    CompanyNames,
    DeleteWatchOutput,
    EmploymentType,
    GetChangesOutput,
    GetWatchOutput,
    ListCompaniesOutput,
    ListWatchesOutput,
    SearchJobsOutput,
    Seniority,
    Terms,
    WatchId,
    WatchJobsOutput,
)
from mcp_bridge.threads import thread_connection
from watches.filters import MAX_DAYS, MAX_MIN_SALARY_ANY, explicit_filters
from watches.services.ratelimits import budgets, ratelimit_enforce
from watches.services.search import MAX_COMPANY_OFFSET, companies_list, jobs_search
from watches.services.usage import counts_record
from watches.services.watches import watch_create, watch_delete, watch_get, watch_list
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

Query = Annotated[
    str | None, Field(min_length=1, max_length=500, description="What you are looking for, in plain language.")
]
Keywords = Annotated[Terms, Field(description=FD["keywords"])]
AllKeywords = Annotated[Terms, Field(description=FD["all_keywords"])]
ExcludeKeywords = Annotated[Terms, Field(description=FD["exclude_keywords"])]
Locations = Annotated[Terms, Field(description=FD["locations"])]
SeniorityList = Annotated[list[Seniority] | None, Field(max_length=8, description=FD["seniority"])]
RemoteOnly = Annotated[bool | None, Field(description=FD["remote_only"])]
RemoteFrom = Annotated[Terms, Field(description=FD["remote_from"])]
VisaSponsorship = Annotated[bool | None, Field(description=FD["visa_sponsorship"])]
EmploymentTypes = Annotated[list[EmploymentType] | None, Field(max_length=5, description=FD["employment_types"])]
Companies = Annotated[CompanyNames, Field(description=FD["companies"])]
ExcludeCompanies = Annotated[CompanyNames, Field(description=FD["exclude_companies"])]
ExcludeAgencies = Annotated[bool | None, Field(description=FD["exclude_staffing_agencies"])]
MinSalary = Annotated[int | None, Field(ge=0, le=MAX_MIN_SALARY_ANY, description=FD["min_salary"])]
Currency = Annotated[str | None, Field(pattern=r"^[A-Za-z]{3}$", description=FD["salary_currency"])]
MaxExperience = Annotated[float | None, Field(ge=0, le=60, description=FD["max_experience_years"])]
IncludeUnknown = Annotated[bool | None, Field(description=FD["include_unknown"])]
TechCompaniesOnly = Annotated[bool | None, Field(description=FD["tech_companies_only"])]
PostedWithin = Annotated[int | None, Field(ge=0, le=MAX_DAYS, description=FD["posted_within_days"])]
MaxDaysOpen = Annotated[int | None, Field(ge=0, le=MAX_DAYS, description=FD["max_days_open"])]
IncludeReposts = Annotated[bool | None, Field(description=FD["include_reposts"])]
Url = Annotated[str, Field(min_length=1, max_length=2000)]


def tool_result(payload: dict[str, Any]) -> CallToolResult:
    """The result as pretty JSON text for the model and as `structuredContent` for the client."""
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(payload, indent=2, ensure_ascii=False, default=str))],
        structured_content=payload,
    )


def tool_error(error: AppError) -> CallToolResult:
    """`{error, message}` as a tool error; UNAUTHORIZED also carries the OAuth challenge so a client
    can start the sign-in (SPEC §13). The gate has already answered 401 to a bearer token it could
    not accept, so a tool only ever sees a call without one: no `error` in the challenge (RFC 6750
    §3.1)."""
    meta = {"mcp/www_authenticate": [challenge()]} if error.code == "UNAUTHORIZED" else None
    body = error.as_dict()
    if error.retry_after is not None:
        body.setdefault("retry_after", error.retry_after)
    return CallToolResult.model_validate(
        {"content": [TextContent(type="text", text=json.dumps(body))], "is_error": True, "_meta": meta}
    )


def tool_call(ctx: Context, body: Callable[[CallContext], dict[str, Any]]) -> CallToolResult:
    with thread_connection():
        try:
            return tool_result(body(CallContext.from_request(ctx.request_context.request)))
        except AppError as error:
            return tool_error(error)
        except Exception:
            logger.exception("MCP tool failed")
            return tool_error(AppError("INTERNAL_ERROR", "Something went wrong on our side; try again later."))


def watch_jobs(
    ctx: Context,
    query: Query = None,
    url: Annotated[Url | None, Field(description="One company's careers page or job board.")] = None,
    urls: Annotated[list[Url] | None, Field(min_length=1, max_length=25, description="Several boards at once.")] = None,
    keywords: Keywords = None,
    all_keywords: AllKeywords = None,
    exclude_keywords: ExcludeKeywords = None,
    locations: Locations = None,
    seniority: SeniorityList = None,
    remote_only: RemoteOnly = None,
    remote_from: RemoteFrom = None,
    min_salary: MinSalary = None,
    salary_currency: Currency = None,
    max_experience_years: MaxExperience = None,
    visa_sponsorship: VisaSponsorship = None,
    employment_types: EmploymentTypes = None,
    companies: Companies = None,
    exclude_companies: ExcludeCompanies = None,
    exclude_staffing_agencies: ExcludeAgencies = None,
    include_unknown: IncludeUnknown = None,
    tech_companies_only: TechCompaniesOnly = None,
    posted_within_days: PostedWithin = None,
    max_days_open: MaxDaysOpen = None,
    include_reposts: IncludeReposts = None,
    webhook_url: Annotated[str | None, Field(max_length=2000, description="POST each change here (signed).")] = None,
    interval_minutes: Annotated[int | None, Field(ge=5, le=10080, description="Check interval (default 60).")] = None,
    label: Annotated[str | None, Field(max_length=200, description="Your name for this watch.")] = None,
    client_token: ClientToken = None,
) -> Annotated[CallToolResult, WatchJobsOutput]:
    filters = explicit_filters(locals())  # the filter arguments the caller sent

    def body(call: CallContext) -> dict[str, Any]:
        if url and urls:
            raise AppError("VALIDATION_ERROR", "Pass url or urls, not both.")
        caller = caller_resolve(call, tool="watch_jobs", client_token=client_token, provision=True)
        created = watch_create(
            client=caller.client,
            query=query or "",
            url=url,
            urls=urls,
            filters=filters,
            label=label or "",
            webhook_url=webhook_url or "",
            interval_minutes=interval_minutes,
            address=call.bucket,
        )
        result: dict[str, Any] = {}
        if caller.new_token:
            result["client_token"] = caller.new_token
            result["token_note"] = TOKEN_NOTE
        if urls:
            result.update(created)
        else:
            result["watch"] = created
        return result

    return tool_call(ctx, body)


def search_jobs(
    ctx: Context,
    query: Query = None,
    keywords: Keywords = None,
    all_keywords: AllKeywords = None,
    exclude_keywords: ExcludeKeywords = None,
    locations: Locations = None,
    seniority: SeniorityList = None,
    remote_only: RemoteOnly = None,
    remote_from: RemoteFrom = None,
    min_salary: MinSalary = None,
    salary_currency: Currency = None,
    max_experience_years: MaxExperience = None,
    visa_sponsorship: VisaSponsorship = None,
    employment_types: EmploymentTypes = None,
    companies: Companies = None,
    exclude_companies: ExcludeCompanies = None,
    exclude_staffing_agencies: ExcludeAgencies = None,
    include_unknown: IncludeUnknown = None,
    tech_companies_only: TechCompaniesOnly = None,
    posted_within_days: PostedWithin = None,
    max_days_open: MaxDaysOpen = None,
    limit: Annotated[int, Field(ge=1, le=100, description="Page size.")] = 20,
    offset: Annotated[int, Field(ge=0, description="From next_offset of the previous page.")] = 0,
    client_token: ClientToken = None,
) -> Annotated[CallToolResult, SearchJobsOutput]:
    filters = explicit_filters(locals())  # the filter arguments the caller sent

    def body(call: CallContext) -> dict[str, Any]:
        anonymous_read(call, tool="search_jobs", client_token=client_token)
        return jobs_search(query=query or "", filters=filters, limit=limit, offset=offset)

    return tool_call(ctx, body)


def list_companies(
    ctx: Context,
    query: Annotated[str | None, Field(min_length=1, max_length=100, description="Part of a company name.")] = None,
    limit: Annotated[int, Field(ge=1, le=1000, description="Page size.")] = 100,
    offset: Annotated[
        int, Field(ge=0, le=MAX_COMPANY_OFFSET, description="From next_offset of the previous page.")
    ] = 0,
    tech_companies_only: Annotated[
        bool, Field(description="Only the tech companies: the boards a search with tech_companies_only reads.")
    ] = False,
    client_token: ClientToken = None,
) -> Annotated[CallToolResult, ListCompaniesOutput]:
    def body(call: CallContext) -> dict[str, Any]:
        anonymous_read(call, tool="list_companies", client_token=client_token)
        return companies_list(query=query or "", limit=limit, offset=offset, tech_companies_only=tech_companies_only)

    return tool_call(ctx, body)


def anonymous_read(call: CallContext, *, tool: str, client_token: str | None) -> None:
    """The tokenless tools: the per-address search budget first, then the caller if it named
    itself (so a bad token still errors), else an anonymous count (SPEC §15)."""
    ratelimit_enforce(budget=budgets()["search"], bucket=call.bucket)
    if optional_client(call, tool=tool, client_token=client_token) is None:
        counts_record(metric="anonymous_search", dim=f"mcp:{tool}")


def get_changes(
    ctx: Context,
    watch_id: Annotated[WatchId | None, Field(description="Only this watch (default: all of yours).")] = None,
    since: Annotated[int | None, Field(ge=0, description="Replay from this cursor instead of the last one.")] = None,
    limit: Annotated[int, Field(ge=1, le=200)] = 50,
    peek: Annotated[bool, Field(description="Read without advancing the cursor; then ack_changes.")] = False,
    client_token: ClientToken = None,
) -> Annotated[CallToolResult, GetChangesOutput]:
    def body(call: CallContext) -> dict[str, Any]:
        caller = caller_resolve(call, tool="get_changes", client_token=client_token)
        return changes_get(client=caller.client, watch_id=watch_id, since=since, limit=limit, peek=peek)

    return tool_call(ctx, body)


def ack_changes(
    ctx: Context,
    cursor: Annotated[int, Field(ge=0, description="The cursor returned by get_changes(peek=true).")],
    watch_id: Annotated[WatchId | None, Field(description="Only this watch.")] = None,
    client_token: ClientToken = None,
) -> Annotated[CallToolResult, AckChangesOutput]:
    def body(call: CallContext) -> dict[str, Any]:
        caller = caller_resolve(call, tool="ack_changes", client_token=client_token)
        return changes_ack(client=caller.client, cursor=cursor, watch_id=watch_id)

    return tool_call(ctx, body)


def list_watches(ctx: Context, client_token: ClientToken = None) -> Annotated[CallToolResult, ListWatchesOutput]:
    def body(call: CallContext) -> dict[str, Any]:
        caller = caller_resolve(call, tool="list_watches", client_token=client_token)
        return watch_list(client=caller.client)

    return tool_call(ctx, body)


def get_watch(
    ctx: Context, watch_id: WatchId, client_token: ClientToken = None
) -> Annotated[CallToolResult, GetWatchOutput]:
    def body(call: CallContext) -> dict[str, Any]:
        caller = caller_resolve(call, tool="get_watch", client_token=client_token)
        return watch_get(client=caller.client, watch_id=watch_id)

    return tool_call(ctx, body)


def delete_watch(
    ctx: Context, watch_id: WatchId, client_token: ClientToken = None
) -> Annotated[CallToolResult, DeleteWatchOutput]:
    def body(call: CallContext) -> dict[str, Any]:
        caller = caller_resolve(call, tool="delete_watch", client_token=client_token)
        return watch_delete(client=caller.client, watch_id=watch_id)

    return tool_call(ctx, body)
