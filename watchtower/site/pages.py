"""The public pages (SPEC §3.2): the home page, llms.txt, robots.txt, privacy and the company
directory. Every link and install snippet derives from PUBLIC_BASE_URL."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from changes.services.maintenance import DELETED_WATCH_KEEP, IDLE_CLIENT_AFTER, RATE_LIMIT_KEEP, USAGE_KEEP
from matching.tech import TECH_COMPANY_SHARE
from watches.services.search import MAX_COMPANY_OFFSET, companies_list
from watchtower.config import Config, current
from watchtower.errors import AppError
from watchtower.site import catalog
from watchtower.site.pageviews import counted

COMPANIES_PER_PAGE = 50


def _context(config: Config, **extra: Any) -> dict[str, Any]:
    return {
        "base_url": config.public_base_url,
        "mcp_url": catalog.mcp_url(config),
        "name": catalog.NAME,
        "tagline": catalog.TAGLINE,
        "guidance": catalog.AGENT_GUIDANCE,
        "tools": catalog.tools(),
        "platforms": catalog.platforms(),
        "installs": catalog.installs(config),
        "rest_quickstart": catalog.rest_quickstart(config),
        "limits": catalog.limits(config),
        "filters": catalog.FILTERS,
        "change_types": catalog.CHANGE_TYPES,
        "rest_endpoints": catalog.REST_ENDPOINTS,
        "config": config,
        **extra,
    }


@require_GET
@counted
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "site/home.html", _context(current()))


@require_GET
@counted
def llms_txt(request: HttpRequest) -> HttpResponse:
    return render(request, "site/llms.txt", _context(current()), content_type="text/plain; charset=utf-8")


@require_GET
@counted
def robots_txt(request: HttpRequest) -> HttpResponse:
    return render(request, "site/robots.txt", _context(current()), content_type="text/plain; charset=utf-8")


@require_GET
@counted
def privacy(request: HttpRequest) -> HttpResponse:
    retention = {
        "deleted_watch_days": DELETED_WATCH_KEEP.days,
        "idle_client_days": IDLE_CLIENT_AFTER.days,
        "rate_limit_days": RATE_LIMIT_KEEP.days,
        "usage_days": USAGE_KEEP.days,
    }
    return render(request, "site/privacy.html", _context(current(), retention=retention))


def _offset(raw: str | None) -> int:
    """`?offset=` of the directory: a whole number from 0 to MAX_COMPANY_OFFSET, else AppError."""
    try:
        offset = int(raw or 0)
    except ValueError:
        raise AppError("VALIDATION_ERROR", f"offset must be a whole number from 0 to {MAX_COMPANY_OFFSET}") from None
    if not 0 <= offset <= MAX_COMPANY_OFFSET:
        raise AppError("VALIDATION_ERROR", f"offset must be a whole number from 0 to {MAX_COMPANY_OFFSET}")
    return offset


@require_GET
@counted
def companies(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()[:100]
    try:
        offset = _offset(request.GET.get("offset"))
    except AppError as exc:
        return JsonResponse(exc.as_dict(), status=exc.status)
    tech = request.GET.get("tech_companies_only", "").lower() in {"true", "1"}
    page = companies_list(query=query, limit=COMPANIES_PER_PAGE, offset=offset, tech_companies_only=tech)
    previous = max(offset - COMPANIES_PER_PAGE, 0) if offset > 0 else None
    extended = current().directory == "extended"  # where a search keeps to tech companies by default
    tech_total = companies_list(query=query, limit=1, tech_companies_only=True)["total"] if extended else None
    context = _context(
        current(),
        query=query,
        page=page,
        tech=tech,
        extended=extended,
        tech_total=tech_total,
        first=offset + 1 if page["companies"] else 0,
        last=offset + len(page["companies"]),
        previous_offset=previous,
        tech_threshold=f"{TECH_COMPANY_SHARE:.0%}",
    )
    response = render(request, "site/companies.html", context)
    response["Cache-Control"] = "public, max-age=300"
    return response
