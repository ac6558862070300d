"""Read-only, tokenless: `search_jobs` over every monitored board, and the directory's companies."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet

from boards.models import Job
from boards.services.directory import monitored_resources
from matching.tech import is_tech_company
from matching.terms import term_key
from watches.filters import Filters, filters_q
from watches.query import Interpretation, interpret
from watches.services.present import COUNT_CAP, count_capped, jobs_as_dicts, newest_jobs
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


def one_per_vacancy(filters: Filters, *, index: bool = True) -> QuerySet[Job]:
    """The matching jobs, each vacancy once: a group's lead row (it carries every location of the
    group), and of the same vacancy on several boards the matching copy with the smallest id (an
    anti-join on job_vacancy_idx; rows without a vacancy key skip it)."""
    condition = filters_q(filters, index=index)
    earlier = Job.objects.filter(condition, lead=True, vacancy_key=OuterRef("vacancy_key"), id__lt=OuterRef("id"))
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
    ids, (total, capped) = newest_matching_ids(interpretation.filters, offset=offset, limit=limit + 1)
    # The page's boards joined to its few ids only: joined in the search itself, the planner may
    # read every board and probe the jobs once per board.
    page = jobs_as_dicts(newest_jobs(Job.objects.filter(id__in=ids)), limit=len(ids)) if ids else []
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
# multiplying each condition's share, so conditions that go together ("remote" and a remote
# area) or exclude each other ("manager" level, "manager" excluded) make it read far more than it
# expected, both ways. Here each way is bounded: the walk is tried only when the estimate says it
# is short, and reads at most twice the rows the estimate predicts (at least WALK_WINDOW, at most
# WALK_LIMIT) of the newest jobs; the index read stops after
# INDEX_LIMIT matches, and when that many match, matches are dense and a walk is short.
WALK_WINDOW = 20_000
WALK_LIMIT = 50_000
INDEX_LIMIT = 5_000


def newest_matching_ids(filters: Filters, *, offset: int, limit: int) -> tuple[list[int], tuple[int, bool]]:
    """The ids of the newest matching jobs `offset` to `offset + limit`, and how many match:
    exactly up to `max(COUNT_CAP, offset + limit)`, and whether there are more."""
    matching = one_per_vacancy(filters)
    cap = max(COUNT_CAP, offset + limit)
    if connection.vendor != "postgresql":
        ordered = newest_jobs(matching)
        ids = list(ordered.values_list("id", flat=True)[offset : offset + limit])
        found = offset + len(ids)
        counted = count_capped(ordered, cap=cap) if len(ids) == limit or (offset and not ids) else (found, False)
        return ids, counted
    where, params = _where(matching)
    # Rows read in newest-first order are tested with plain substring tests (cheaper row by row).
    plain = _where(one_per_vacancy(filters, index=False))
    window = _walk_window(*_where(Job.objects.filter(filters_q(_for_estimate(filters)), lead=True)), offset + limit)
    if window:
        newest = _walk_ids(*plain, offset + limit, window=window)
        if len(newest) == offset + limit:  # the page lies within the window
            return newest[offset:], _count(*plain, cap)
    total, ids = _indexed_ids(where, params, offset=offset, limit=limit)
    if total <= INDEX_LIMIT:
        return ids, (min(total, cap), total > cap)
    # More than INDEX_LIMIT match: the count is capped without counting, unless the cap is higher.
    counted = (cap, True) if cap <= INDEX_LIMIT else _count(*plain, cap)
    return _walk_ids(*plain, offset + limit, window=None)[offset:], counted


def _for_estimate(filters: Filters) -> Filters:
    """The filters with each phrase cut to its last word, for the planner's estimate only: it
    multiplies the shares of a phrase's words as if they were independent ("machine" times
    "learning"), which makes a common phrase look rare; its last word alone is nearer."""

    def cut(values: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(term_key(value).split()[-1] for value in values if term_key(value)))

    return replace(filters, keywords=cut(filters.keywords), all_keywords=cut(filters.all_keywords))


def _where(queryset: QuerySet[Job]) -> tuple[str, list[Any]]:
    """The WHERE clause of a filter over boards_job, with its parameters ("TRUE" for none)."""
    compiler = queryset.query.get_compiler(using=queryset.db)
    sql, params = compiler.compile(queryset.query.where)
    return sql or "TRUE", list(params)


def _walk_window(where: str, params: list[Any], wanted: int) -> int:
    """How many of the newest jobs to walk for `wanted` matches (0: do not walk): the planner's
    estimate of the rows a walk reads, doubled, when that is within WALK_LIMIT. Reading the
    matches through the indexes instead costs more than their number: the bitmaps of the
    common conditions it combines (remote, a pay range) are built whole."""
    with connection.cursor() as cursor:
        cursor.execute(f'EXPLAIN (FORMAT JSON) SELECT 1 FROM "boards_job" WHERE {where}', params)
        estimated = float(_plan_rows(cursor.fetchone()[0]))
        rows = _job_rows(cursor)
    if estimated <= 0:
        return 0
    walk = wanted * rows / estimated
    if 2 * walk > WALK_LIMIT:
        return 0
    return int(max(WALK_WINDOW, 2 * walk))


def _job_rows(cursor: Any) -> float:
    """The planner's count of jobs, read at most once a minute per process (it moves slowly)."""
    now = time.monotonic()
    if now - _job_rows_cache[1] > COVERAGE_TTL_SECONDS:
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = 'boards_job'::regclass")
        _job_rows_cache[:] = [max(float(cursor.fetchone()[0]), 1.0), now]
    return _job_rows_cache[0]


_job_rows_cache: list[float] = [1.0, float("-inf")]


def _plan_rows(explained: Any) -> Any:
    plan = explained if isinstance(explained, list) else json.loads(explained)
    return plan[0]["Plan"]["Plan Rows"]


def _walk_ids(where: str, params: list[Any], wanted: int, *, window: int | None) -> list[int]:
    """The newest `wanted` matches, newest first, read along the newest-first index: among the
    newest `window` jobs only, or (None) as far as it takes."""
    order = '"boards_job"."first_seen_at" DESC, "boards_job"."id"'
    # The newest jobs first, filtered after: as a subquery (its LIMIT keeps it one), the planner
    # cannot read another index (experience, pay) and sort what it found instead.
    rows = int(window) if window is not None else 10**15
    table = f'(SELECT * FROM "boards_job" ORDER BY "first_seen_at" DESC, "id" LIMIT {rows}) AS "boards_job"'
    sql = f'SELECT "boards_job"."id" FROM {table} WHERE {where} ORDER BY {order} LIMIT %s'
    if window is not None:  # the window's own LIMIT makes the newest-first index the plan
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, wanted])
            return [row[0] for row in cursor.fetchall()]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_bitmapscan = off; SET LOCAL enable_seqscan = off")
        cursor.execute(sql, [*params, wanted])
        return [row[0] for row in cursor.fetchall()]


def _count(where: str, params: list[Any], cap: int) -> tuple[int, bool]:
    """How many match, up to `cap`, once a walk found the page (so matches are not rare): in
    any order, a scan that stops at `cap + 1` matches, testing rows with the plain substring
    form (about five times cheaper row by row than building the word arrays)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f'SELECT count(*) FROM (SELECT 1 FROM "boards_job" WHERE {where} LIMIT %s) AS m', [*params, cap + 1]
        )
        found = int(cursor.fetchone()[0])
    return min(found, cap), found > cap


def _indexed_ids(where: str, params: list[Any], *, offset: int, limit: int) -> tuple[int, list[int]]:
    """Up to INDEX_LIMIT + 1 matches read through the indexes (bitmap scans: no walk of the
    newest-first index, and no sequential scan unless no condition has an index), sorted: how
    many there are and the page."""
    sql = (
        f'WITH m AS MATERIALIZED (SELECT "id", "first_seen_at" FROM "boards_job" WHERE {where} LIMIT %s)'
        " SELECT (SELECT count(*) FROM m),"
        ' ARRAY(SELECT "id" FROM m ORDER BY "first_seen_at" DESC, "id" LIMIT %s OFFSET %s)'
    )
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_indexscan = off; SET LOCAL enable_seqscan = off")
        cursor.execute(sql, [*params, INDEX_LIMIT + 1, limit, offset])
        total, ids = cursor.fetchone()
    return int(total), list(ids)


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
