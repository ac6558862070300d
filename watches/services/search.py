"""Read-only, tokenless: `search_jobs` over every monitored board, and the directory's companies."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from django.db import connection
from django.db.models import Exists, OuterRef, Q, QuerySet

from boards.models import Job
from boards.services.directory import monitored_resources
from matching.tech import is_tech_company
from watches.filters import Filters, filters_q
from watches.query import Interpretation, interpret
from watches.services.estimate import SearchStats, estimated_share, indexed_share, search_stats
from watches.services.present import COUNT_CAP, count_capped, jobs_as_dicts, newest_jobs, page_job
from watchtower.config import current
from watchtower.errors import AppError

MAX_SEARCH_LIMIT = 100
MAX_OFFSET = 10_000
# Far past any directory; beyond it an offset is refused, not sent to the database (a number past
# 2**63 is an integrity error in SQLite and an out-of-range error in PostgreSQL).
MAX_COMPANY_OFFSET = 1_000_000


def filters_build(*, query: str = "", explicit: Mapping[str, Any] | None = None, search: bool = True) -> Interpretation:
    """Read `query` by rules, then let explicit filters override it field by field.

    A search (not a board watch) under `DIRECTORY=extended` keeps to tech companies unless the
    caller says `tech_companies_only: false`: most of the extended tier's boards are not tech
    employers. A board watch always sees its whole board."""
    interpretation = interpret(query) if query.strip() else Interpretation(filters=Filters(), notes=[])
    if search and current().directory == "extended":
        interpretation = replace(interpretation, filters=replace(interpretation.filters, tech_companies_only=True))
    if explicit:
        interpretation = replace(interpretation, filters=interpretation.filters.merged(explicit))
    if not search:
        interpretation = replace(interpretation, filters=replace(interpretation.filters, tech_companies_only=False))
    return interpretation


def coverage() -> int:
    """Boards a search covers (`monitored_resources`, the set `list_companies` lists) that have been
    read at least once. Counted at most once a minute per process: every search reports it, and it
    changes slowly."""
    now = time.monotonic()
    if now - _coverage[1] > COVERAGE_TTL_SECONDS:
        _coverage[:] = [monitored_resources().exclude(content_hash="").count(), now]
    return int(_coverage[0])


COVERAGE_TTL_SECONDS = 60
_coverage: list[float] = [0, float("-inf")]


def one_per_vacancy(filters: Filters, *, index: bool = True, ranges: bool = True) -> QuerySet[Job]:
    """The matching jobs, each vacancy once: a group's lead row (it carries every location of the
    group), and of the same vacancy on several boards the matching copy with the smallest id (an
    anti-join on job_vacancy_idx; rows without a vacancy key skip it)."""
    condition = filters_q(filters, index=index, ranges=ranges)
    # "Not empty" in the subquery too, spelled as job_vacancy_idx's condition: without it the
    # planner cannot use that partial index and reads every older job once per matching row.
    earlier = Job.objects.filter(condition, lead=True, vacancy_key=OuterRef("vacancy_key"), id__lt=OuterRef("id"))
    earlier = earlier.exclude(vacancy_key="")
    return Job.objects.filter(condition, lead=True).filter(Q(vacancy_key="") | ~Exists(earlier))


def jobs_matching(filters: Filters) -> QuerySet[Job]:
    return newest_jobs(one_per_vacancy(filters))


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
    page, (total, capped) = newest_matching(interpretation.filters, offset=offset, limit=limit + 1)
    jobs, more = page[:limit], len(page) > limit
    end = offset + len(jobs)
    return {
        "interpreted": interpretation.as_dict(),
        "total": total,
        "total_is_lower_bound": capped,
        "jobs": jobs,
        "next_offset": end if more and end <= MAX_OFFSET else None,
        "coverage": coverage(),
    }


# How a search finds its newest matches on PostgreSQL (docs/internals.md, "Search plans"). The
# planner alone picks between walking the newest-first index until a page of matches is found and
# reading every match from the indexes then sorting; it estimates how many rows match by
# multiplying each condition's share, so conditions that go together or exclude each other make
# it read far more than it expected, both ways. Here each way is bounded, and each is one
# statement that also counts and returns the page's jobs:
# (1) the walk, when the estimate (estimate.py: in the process, no round trip) says the page lies
#     within WALK_ROWS of the newest jobs: a walk of the newest-first index, stopped at the
#     newest slice expected to hold the page twice over, testing rows with the plain substring
#     form; when it found the page, a count to the cap in any order (a scan that stops there);
# (2) otherwise, or when the slice held too few, the index read: up to INDEX_LIMIT matches
#     through the indexes only (bitmap scans), sorted: the page and the exact count;
# (3) when more match, they are dense enough that a walk of the newest-first index is short.
WALK_ROWS = 20_000
COUNT_SCAN_ROWS = 10_000
INDEX_COUNT_ENTRIES = 30_000
INDEX_LIMIT = 5_000
# For this statement only: no JIT (compiling a plan over millions of rows costs more than it saves
# on a page), and bitmaps that stay exact (lossy ones recheck every row of their pages).
EVERY_PLAN = ("jit = off", "work_mem = '64MB'")
WALK = (*EVERY_PLAN, "enable_bitmapscan = off")
INDEX_READ = (*EVERY_PLAN, "enable_indexscan = off", "enable_seqscan = off")
NEWEST_WALK = (*EVERY_PLAN, "enable_bitmapscan = off", "enable_seqscan = off")
NEWEST = '"boards_job"."first_seen_at" DESC, "boards_job"."id"'
# The page's jobs, joined to the chosen ids only (joined in the search itself, the planner may read
# every board and probe the jobs once per board), with each vacancy's lead rows on every board
# (`also_at`, read on job_vacancy_idx). One row when the page is empty, for the count. `{count}`
# is how many match as far as counted (`found.ids`: the ids the plan selected).
PAGE_SQL = (
    "WITH found AS MATERIALIZED (SELECT ARRAY({ids}) AS ids)"
    " SELECT {count}, j.id, j.data::text, r.url, r.platform,"
    " (SELECT json_agg(json_build_array(o.id, o.data -> 'url', b.url) ORDER BY o.id)::text"
    "  FROM boards_job o JOIN boards_resource b ON b.id = o.resource_id"
    "  WHERE o.vacancy_key = j.vacancy_key AND o.vacancy_key <> '' AND o.lead)"
    " FROM found LEFT JOIN LATERAL unnest(found.ids[%s:%s]) WITH ORDINALITY AS p(id, n) ON TRUE"
    " LEFT JOIN boards_job j ON j.id = p.id LEFT JOIN boards_resource r ON r.id = j.resource_id"
    " ORDER BY p.n"
)
FOUND = "cardinality(found.ids)"


def newest_matching(filters: Filters, *, offset: int, limit: int) -> tuple[list[dict[str, Any]], tuple[int, bool]]:
    """The newest matching jobs `offset` to `offset + limit` as served, and how many match:
    exactly up to `max(COUNT_CAP, offset + limit)`, and whether there are more."""
    wanted = offset + limit
    cap = max(COUNT_CAP, wanted)
    if connection.vendor != "postgresql":
        ordered = newest_jobs(one_per_vacancy(filters))
        page = jobs_as_dicts(ordered, offset=offset, limit=limit)
        found = offset + len(page)
        counted = count_capped(ordered, cap=cap) if len(page) == limit or (offset and not page) else (found, False)
        return page, counted
    # Rows read in newest-first order are tested with plain substring tests (cheaper row by row).
    plain, plain_params = _where(one_per_vacancy(filters, index=False))
    stats = search_stats()
    share = estimated_share(filters, stats)
    since = _walk_since(stats, share, wanted)
    # Reads through the indexes start from job_words when its conditions are rare enough, and then
    # test pay and experience on the rows found instead of reading those ranges' indexes too.
    by_words = indexed_share(filters, stats) * (stats.rows if stats else 0.0) <= INDEX_COUNT_ENTRIES
    if since is not None:
        ids = f'SELECT "id" FROM "boards_job" WHERE {plain} AND "first_seen_at" >= %s ORDER BY {NEWEST} LIMIT %s'
        ids_params = [*plain_params, since, wanted]
        if cap + 1 <= COUNT_SCAN_ROWS * share or not by_words:
            # Counted in the same statement, only when the walk found the page (a CASE evaluates
            # its subquery on demand), by a scan that stops at the cap.
            count = (
                f'CASE WHEN {FOUND} >= %s THEN (SELECT count(*) FROM (SELECT 1 FROM "boards_job" WHERE {plain}'
                f" LIMIT %s) AS m) ELSE {FOUND} END"
            )
            params = [*ids_params, wanted, *plain_params, cap + 1]
            found, page = _page(ids, params, offset=offset, limit=limit, count=count, settings=WALK)
            if found >= wanted:
                return page, (min(found, cap), found > cap)
        else:
            # Sparse matches, and a condition of job_words rare enough to start from: a scan would
            # read (cap + 1) / share rows to count them, the indexes find them without the others.
            found, page = _page(ids, ids_params, offset=offset, limit=limit, settings=WALK)
            if found >= wanted:
                return page, _count(*_where(one_per_vacancy(filters, ranges=not by_words)), cap, settings=INDEX_READ)
    where, params = _where(one_per_vacancy(filters, ranges=not by_words))
    # Up to INDEX_LIMIT + 1 matches, in any order (no walk of the newest-first index, no
    # sequential scan unless no condition has an index), then sorted.
    ids = (
        f'SELECT "id" FROM (SELECT "id", "first_seen_at" FROM "boards_job" WHERE {where} LIMIT %s) AS "boards_job"'
        f" ORDER BY {NEWEST}"
    )
    found, page = _page(ids, [*params, INDEX_LIMIT + 1], offset=offset, limit=limit, settings=INDEX_READ)
    if found <= INDEX_LIMIT:
        return page, (min(found, cap), found > cap)
    # More than INDEX_LIMIT match: the count is capped without counting, unless the cap is higher.
    counted = (cap, True) if cap <= INDEX_LIMIT else _count(plain, plain_params, cap, settings=EVERY_PLAN)
    ids = f'SELECT "id" FROM "boards_job" WHERE {plain} ORDER BY {NEWEST} LIMIT %s'
    _found, page = _page(ids, [*plain_params, wanted], offset=offset, limit=limit, settings=NEWEST_WALK)
    return page, counted


def _walk_since(stats: SearchStats | None, share: float, wanted: int) -> datetime | None:
    """Where a walk for `wanted` matches stops: the start of the newest slice expected to hold
    them twice over, when the estimate says a walk finds them within WALK_ROWS (None: read the
    indexes; also before the first ANALYZE)."""
    rows = wanted / share if share > 0 else float("inf")
    if stats is None or rows > WALK_ROWS:
        return None
    return stats.newest_since(2 * rows / stats.rows) or datetime.min.replace(tzinfo=UTC)


def _page(
    ids: str, params: list[Any], *, offset: int, limit: int, settings: tuple[str, ...], count: str = FOUND
) -> tuple[int, list[dict[str, Any]]]:
    """How many match (`count`: by default how many ids `ids` selects), and the jobs of those ids
    from `offset` to `offset + limit`: one round trip."""
    rows = _fetch(PAGE_SQL.format(ids=ids, count=count), [*params, offset + 1, offset + limit], settings)
    found = int(rows[0][0]) if rows else 0
    page = [
        page_job(pk, json.loads(data), board_url=url, platform=platform, copies=json.loads(copies or "[]"))
        for _found, pk, data, url, platform, copies in rows
        if pk is not None
    ]
    return found, page


def _where(queryset: QuerySet[Job]) -> tuple[str, list[Any]]:
    """The WHERE clause of a filter over boards_job, with its parameters ("TRUE" for none)."""
    compiler = queryset.query.get_compiler(using=queryset.db)
    sql, params = compiler.compile(queryset.query.where)
    return sql or "TRUE", list(params)


def _count(where: str, params: list[Any], cap: int, *, settings: tuple[str, ...]) -> tuple[int, bool]:
    """How many match, up to `cap`, in any order, by a read that stops at `cap + 1` matches:
    through the indexes (INDEX_READ) after a walk that found a page of sparse matches, else a
    scan of the plain substring form (when a page lies beyond INDEX_LIMIT)."""
    sql = f'SELECT count(*) FROM (SELECT 1 FROM "boards_job" WHERE {where} LIMIT %s) AS m'
    found = int(_fetch(sql, [*params, cap + 1], settings)[0][0])
    return min(found, cap), found > cap


def _fetch(sql: str, params: list[Any], settings: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """The rows of one statement run with `settings` for it alone: SET LOCAL in the same message
    (one round trip; outside a transaction the message is its own), reset after it in case the
    caller holds a transaction open."""
    sets = "".join(f"SET LOCAL {setting}; " for setting in settings)
    resets = "".join(f"; RESET {setting.split()[0]}" for setting in settings)
    with connection.cursor() as cursor:
        cursor.execute(f"{sets}{sql}{resets}", params)
        while cursor.description is None and cursor.cursor.nextset():
            pass
        return list(cursor.fetchall())


def companies_list(*, query: str = "", limit: int = 50, offset: int = 0) -> dict[str, Any]:
    if not 1 <= limit <= 1000:
        raise AppError("VALIDATION_ERROR", "limit must be between 1 and 1000")
    if not 0 <= offset <= MAX_COMPANY_OFFSET:
        raise AppError("VALIDATION_ERROR", f"offset must be between 0 and {MAX_COMPANY_OFFSET}")
    # The boards every search covers: the set `coverage` counts (those of them read at least once).
    boards = monitored_resources()
    if query.strip():
        term = query.strip()[:100]
        boards = boards.filter(Q(company__icontains=term) | Q(url__icontains=term))
    total = boards.count()
    rows = boards.order_by("company", "url").values_list(
        "company", "url", "platform", "open_jobs", "content_hash", "last_checked_at", "tech_share"
    )[offset : offset + limit]
    companies = [
        {
            "name": company or url.split("//", 1)[-1],
            "board_url": url,
            "platform": platform,
            "open_jobs": open_jobs if content_hash else None,
            "last_checked_at": checked.isoformat() if checked else None,
            "tech_share": share,
            "tech_company": is_tech_company(share),
        }
        for company, url, platform, open_jobs, content_hash, checked, share in rows
    ]
    end = offset + len(companies)
    return {
        "companies": companies,
        "total": total,
        "next_offset": end if end < total else None,
        "coverage": coverage(),
    }
