"""Read-only, tokenless: `search_jobs` over every monitored board, and the directory's companies."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.db.models import Q, QuerySet

from boards.models import Job, Resource
from watches.filters import Filters, filters_q
from watches.query import Interpretation, interpret
from watches.services.present import COUNT_CAP, count_capped, jobs_as_dicts, monitored_resources, newest_jobs
from watchtower.errors import AppError

MAX_SEARCH_LIMIT = 100
MAX_OFFSET = 10_000
# Far past any directory; beyond it an offset is refused, not sent to the database (a number past
# 2**63 is an integrity error in SQLite and an out-of-range error in PostgreSQL).
MAX_COMPANY_OFFSET = 1_000_000


def filters_build(*, query: str = "", explicit: Mapping[str, Any] | None = None) -> Interpretation:
    """Read `query` by rules, then let explicit filters override it field by field."""
    interpretation = interpret(query) if query.strip() else Interpretation(filters=Filters(), notes=[])
    if explicit:
        interpretation = replace(interpretation, filters=interpretation.filters.merged(explicit))
    return interpretation


def coverage() -> int:
    """Boards a search covers that have been read at least once. Counted at most once a minute
    per process: every search reports it, and it changes slowly."""
    now = time.monotonic()
    if now - _coverage[1] > COVERAGE_TTL_SECONDS:
        _coverage[:] = [monitored_resources().exclude(content_hash="").count(), now]
    return int(_coverage[0])


COVERAGE_TTL_SECONDS = 60
_coverage: list[float] = [0, float("-inf")]


def jobs_matching(filters: Filters) -> QuerySet[Job]:
    return newest_jobs(Job.objects.filter(filters_q(filters)))


def jobs_search(
    *, query: str = "", filters: Mapping[str, Any] | None = None, limit: int = 20, offset: int = 0
) -> dict[str, Any]:
    if not 1 <= limit <= MAX_SEARCH_LIMIT:
        raise AppError("VALIDATION_ERROR", f"limit must be between 1 and {MAX_SEARCH_LIMIT}")
    if not 0 <= offset <= MAX_OFFSET:
        raise AppError("VALIDATION_ERROR", f"offset must be between 0 and {MAX_OFFSET}")
    interpretation = filters_build(query=query, explicit=filters)
    if interpretation.filters.is_empty():
        raise AppError(
            "QUERY_TOO_BROAD",
            "say what to look for: a role, a place, a salary, experience or a level (query or filters)",
        )
    matching = jobs_matching(interpretation.filters)
    page = jobs_as_dicts(matching, limit=limit + 1, offset=offset)
    jobs, more = page[:limit], len(page) > limit
    end = offset + len(jobs)
    if more or (offset and not jobs):
        total, capped = count_capped(matching, cap=max(COUNT_CAP, end + 1))
    else:  # the last page: its end is the exact total
        total, capped = end, False
    return {
        "interpreted": interpretation.as_dict(),
        "total": total,
        "total_is_lower_bound": capped,
        "jobs": jobs,
        "next_offset": end if more and end <= MAX_OFFSET else None,
        "coverage": coverage(),
    }


def companies_list(*, query: str = "", limit: int = 50, offset: int = 0) -> dict[str, Any]:
    if not 1 <= limit <= 1000:
        raise AppError("VALIDATION_ERROR", "limit must be between 1 and 1000")
    if not 0 <= offset <= MAX_COMPANY_OFFSET:
        raise AppError("VALIDATION_ERROR", f"offset must be between 0 and {MAX_COMPANY_OFFSET}")
    boards = Resource.objects.filter(indexed=True)
    if query.strip():
        term = query.strip()[:100]
        boards = boards.filter(Q(company__icontains=term) | Q(url__icontains=term))
    total = boards.count()
    rows = boards.order_by("company", "url").values_list(
        "company", "url", "platform", "open_jobs", "content_hash", "last_checked_at"
    )[offset : offset + limit]
    companies = [
        {
            "name": company or url.split("//", 1)[-1],
            "board_url": url,
            "platform": platform,
            "open_jobs": open_jobs if content_hash else None,
            "last_checked_at": checked.isoformat() if checked else None,
        }
        for company, url, platform, open_jobs, content_hash, checked in rows
    ]
    end = offset + len(companies)
    return {"companies": companies, "total": total, "next_offset": end if end < total else None}
