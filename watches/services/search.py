"""Read-only, tokenless: `search_jobs` over every monitored board, and the directory's companies."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

from django.db import connection
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from boards.models import Job, Resource
from boards.services.directory import monitored_resources
from matching.tech import TECH_COMPANY_SHARE, is_tech_company
from watches.filters import Filters, TechForm, cutoff, filters_q, where_sql
from watches.query import Interpretation, interpret
from watches.services.conditions import Sql, job_condition, literals
from watches.services.estimate import (
    SearchStats,
    asks_remote_levels,
    company_share,
    estimated_share,
    index_keys,
    posted_share,
    search_stats,
    word_shares,
)
from watches.services.job_keys import (
    bounds_sql,
    bucket_start,
    collated,
    joint_sql,
    posted_days,
    posted_sql,
    seen_bucket,
    seen_keys,
    seen_sql,
)
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


def covered_boards(*, tech_companies_only: bool = False) -> QuerySet[Resource]:
    """The boards a search covers (`monitored_resources`, the set `list_companies` lists); with
    `tech_companies_only` (the extended tier's default) only the tech companies, the boards such a
    search reads (the filter's own condition, watches.filters)."""
    boards = monitored_resources()
    return boards.filter(tech_share__gte=TECH_COMPANY_SHARE) if tech_companies_only else boards


def coverage(*, tech_companies_only: bool = False) -> int:
    """Of `covered_boards`, those read at least once: how many boards a search's results come
    from. Counted at most once a minute per process and kind: every search reports it, and it
    changes slowly."""
    now = time.monotonic()
    counted, at = _coverage.get(tech_companies_only, (0, float("-inf")))
    if now - at > COVERAGE_TTL_SECONDS:
        counted = covered_boards(tech_companies_only=tech_companies_only).exclude(content_hash="").count()
        _coverage[tech_companies_only] = (counted, now)
    return counted


COVERAGE_TTL_SECONDS = 60
_coverage: dict[bool, tuple[int, float]] = {}


def one_per_vacancy(filters: Filters, *, index: bool = True, ranges: bool = True) -> QuerySet[Job]:
    """The matching jobs, each vacancy once: a group's lead row (it carries every location of the
    group), and of the same vacancy on several boards the matching copy with the smallest id (an
    anti-join on job_vacancy_idx; rows without a vacancy key skip it)."""
    condition = filters_q(filters, index=index, ranges=ranges, tech="flag")
    # "Not empty" in the subquery too, spelled as job_vacancy_idx's condition: without it the
    # planner cannot use that partial index and reads every older job once per matching row.
    earlier = Job.objects.filter(condition, lead=True, vacancy_key=OuterRef("vacancy_key"), id__lt=OuterRef("id"))
    earlier = earlier.exclude(vacancy_key="")
    return Job.objects.filter(condition, lead=True).filter(Q(vacancy_key="") | ~Exists(earlier))


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
        "coverage": coverage(tech_companies_only=interpretation.filters.tech_companies_only),
    }


# How a search finds its newest matches on PostgreSQL (docs/internals.md, "Search plans"). Each
# way is one statement that returns the page's jobs and how many match up to the cap, and each is
# bounded. The estimate (estimate.py: in the process, no round trip) says how many rows each reads:
# (1) the walk: the newest-first index, rows tested with the plain substring form, until cap + 1
#     matches (the page and the count at once): about (cap + 1) / share rows, stopped at the newest
#     slice expected to hold them twice over (MIN_SLICE_ROWS jobs at least);
# (2) the index read: the jobs every job_words condition matches (words, places, level, remote,
#     pay and experience thresholds, common excluded words, the posting days of a short window: the
#     product of their shares, those rows are visited), within the newest sighting buckets
#     expected to hold the cap twice over (job_keys.py), up to INDEX_LIMIT of them, sorted: the
#     page and the exact count.
# The cheaper goes first, in rows read (a visited row of the index read costs READ_ROW_COST of a
# walked one, an index entry ENTRY_COST). When its slice holds fewer than the cap, the estimate was
# high: the share measured in the slice decides again between the two, in the slice that share
# says holds the cap twice over, and if that too holds fewer, over every job. When an
# index read finds more than INDEX_LIMIT, they are dense: a walk to the cap follows. The common
# excluded words are keys too (the jobs that lack them); other exclusions are tested on the rows.
INDEX_LIMIT = 5_000
READ_ROW_COST = 1.0
ENTRY_COST = 0.2
# An index read asks job_words for the posting days of "posted within N days" (job_keys.py) when
# at most this share of the jobs were posted within them and the window is at most
# POSTED_MAX_DAYS: each of its keys is one more list the scan advances at every step, and a
# common window narrows little (database CPU of bench.search's agent searches with a window, 1M
# jobs, keys / none: 1 day 216 / 1,194 ms over 26 searches, 7 days (8 % of the jobs) 148 / 259,
# 14 days (16 %) 196 / 185, 30 days (33 %) 259 / 182).
POSTED_KEY_SHARE = 0.1
POSTED_MAX_DAYS = 14
# The smallest slice, in jobs: a margin for estimates off by more than twice when few rows are
# wanted. In jobs, not in a share of them, so that a search reads as many rows at 5M as at 1M.
MIN_SLICE_ROWS = 10_000
# An index read's slice asked for by more sighting keys than this (buckets and spans,
# `job_keys.seen_keys`: about half a year), or covering more than MAX_SLICE_SHARE of the jobs,
# reads every job instead. The scan checks every key of the overlap at each row the other keys
# agree on (about 22 ns a key a row at 5M jobs).
MAX_SLICE_KEYS = 64
MAX_SLICE_SHARE = 0.6
# A search's first read covers at most this many jobs (the newest), whatever the estimate says,
# when it has several index conditions (their product is the estimate; they may go together)
# and the rarest is held by more than RARE_KEY_ROWS jobs. An estimate low by 2-30 times (words and
# a level read from the same title: "customer success manager" is all manager level; "product" at
# manager level is 2.6 % where independent says 1.3 %) sent a search to the index read of every
# job, whose cost grows with the table: "senior customer success manager paying at least $260,000
# in Bay Area with visa sponsorship" visited 10,443 rows at 5M (84 ms of database CPU); its first
# 250,000 jobs held the page and the count (485 rows, 12 ms). A slice that comes up short costs
# one more read of a bounded slice.
FIRST_SLICE_ROWS = 250_000
RARE_KEY_ROWS = 2_000
# For this statement only: no JIT (compiling a plan over millions of rows costs more than it saves
# on a page), and bitmaps that stay exact (lossy ones recheck every row of their pages).
EVERY_PLAN = ("jit = off", "work_mem = '64MB'")
WALK = (*EVERY_PLAN, "enable_bitmapscan = off")
INDEX_READ = (*EVERY_PLAN, "enable_indexscan = off", "enable_seqscan = off")
NEWEST_WALK = (*EVERY_PLAN, "enable_bitmapscan = off", "enable_seqscan = off")
NEWEST = '"boards_job"."first_seen_at" DESC, "boards_job"."id"'
TABLE = '"boards_job"'
# When a job was posted, else first seen, as job_posted_idx spells it (`filters.posted_or_seen`).
POSTED_OR_SEEN = f'COALESCE({TABLE}."posted_at", {TABLE}."first_seen_at")'
# The page's jobs, read for the chosen ids only by `search_page` (migration watches/0002: a
# PL/pgSQL function, so that the page's part is planned once per connection, not at every search),
# each with its board and the vacancy's lead rows on every board (`also_at`, read on
# job_vacancy_idx). One row when the page is empty, for the count (`cardinality(found.ids)`: how
# many ids the plan selected).
PAGE_SQL = (
    "WITH found AS MATERIALIZED (SELECT ARRAY({ids}) AS ids)"
    " SELECT cardinality(found.ids), p.job_id, p.job_data, p.board_url, p.board_platform, p.job_copies"
    " FROM found LEFT JOIN LATERAL search_page(found.ids[%s:%s]) WITH ORDINALITY"
    " AS p(job_id, job_data, board_url, board_platform, job_copies, n) ON TRUE"
    " ORDER BY p.n"
)


@dataclass(frozen=True)
class Plan:
    """One way to read: a walk or an index read, of the jobs first seen since `since` (None: every
    job; for an index read, the start of a sighting bucket), which are `covered` of all jobs, and
    the rows it is expected to read (walked-row units)."""

    walk: bool
    since: datetime | None
    covered: float
    cost: float
    # An index read of the named companies' jobs alone (job_company_key_idx), every other
    # condition tested on those rows.
    companies: bool = False


def newest_matching(filters: Filters, *, offset: int, limit: int) -> tuple[list[dict[str, Any]], tuple[int, bool]]:
    """The newest matching jobs `offset` to `offset + limit` as served, and how many match:
    exactly up to `max(COUNT_CAP, offset + limit)`, and whether there are more."""
    wanted = offset + limit
    cap = max(COUNT_CAP, wanted)
    if filters.matches_nothing():
        return [], (0, False)
    if connection.vendor != "postgresql":
        ordered = newest_jobs(one_per_vacancy(filters))
        page = jobs_as_dicts(ordered, offset=offset, limit=limit)
        found = offset + len(page)
        counted = count_capped(ordered, cap=cap) if len(page) == limit or (offset and not page) else (found, False)
        return page, counted
    stats = search_stats()
    plan = _choose(filters, stats, estimated_share(filters, stats), cap, first=True)
    found, page = _read(filters, plan, offset=offset, limit=limit, cap=cap)
    for last in (False, True):
        if found > cap or plan.since is None:
            break
        # The slice held fewer: the share measured in it decides again, for a slice expected to
        # hold the cap twice over at that share, then (if that too holds fewer) over every job.
        measured = (found + 1) / max(plan.covered * (stats.rows if stats is not None else 0.0), 1.0)
        plan = _choose(filters, stats, measured, cap, whole=last)
        found, page = _read(filters, plan, offset=offset, limit=limit, cap=cap)
    return page, (min(found, cap), found > cap)


def _choose(
    filters: Filters, stats: SearchStats | None, share: float, cap: int, *, whole: bool = False, first: bool = False
) -> Plan:
    """The walk or the index read, whichever is expected to read fewer rows, each within the
    newest slice expected to hold the cap twice over (`whole`: over every job; `first`, a
    search's first read from the estimate alone: at most FIRST_SLICE_ROWS jobs when every index
    condition is common). Without statistics, the index read of every job."""
    if stats is None:
        return Plan(walk=False, since=None, covered=1.0, cost=math.inf)
    if share <= 0:
        return Plan(walk=False, since=None, covered=1.0, cost=math.inf)
    walked = (cap + 1) / share
    words = word_shares(filters, stats)
    # An index read asks job_words for the posting days when they narrow: a key of the same scan,
    # its entries read as the rarest word's are (the rarest key drives, the others are checked).
    posted = posted_share(filters, stats) if _posted_keys(filters, stats) else 1.0
    entries = min(*words, posted, 1.0)
    wanted = max(2 * walked, MIN_SLICE_ROWS) / stats.rows
    if first and len(words) > 1 and min(words) * stats.rows > RARE_KEY_ROWS:
        wanted = min(wanted, FIRST_SLICE_ROWS / stats.rows)
    since, covered = (None, 1.0) if whole else _read_slice(stats, wanted)
    visited = math.prod(words) * posted
    read = stats.rows * (covered * visited * READ_ROW_COST + ENTRY_COST * min(covered, entries))
    # The named companies' jobs, every one of them (a board's few hundred), none of job_words.
    companies = stats.rows * company_share(filters, stats) * READ_ROW_COST
    if companies < min(walked, read):
        return Plan(walk=False, since=None, covered=1.0, cost=companies, companies=True)
    if walked < read:
        walk_since, walk_covered = (None, 1.0) if whole else stats.newest_since(wanted)
        return Plan(walk=True, since=walk_since, covered=walk_covered, cost=walked)
    return Plan(walk=False, since=since, covered=covered, cost=read)


def _read_slice(stats: SearchStats, share: float) -> tuple[datetime | None, float]:
    """The start of the newest sighting bucket from which at least `share` of the jobs were first
    seen, and the share first seen since then; (None, 1.0) for every job."""
    since, _covered = stats.newest_since(share)
    if since is None:
        return None, 1.0
    bucket = seen_bucket(since)
    keys, _end = seen_keys(bucket, seen_bucket(timezone.now()) + 2)
    start = bucket_start(bucket)
    covered = stats.share_since(start)
    if len(keys) > MAX_SLICE_KEYS or covered > MAX_SLICE_SHARE:
        return None, 1.0
    return start, covered


def _read(filters: Filters, plan: Plan, *, offset: int, limit: int, cap: int) -> tuple[int, list[dict[str, Any]]]:
    """How many jobs `plan` found (more than `cap` when there are more) and the page of them."""
    if plan.walk:
        plain = _one_per_vacancy_sql(filters, index=False, ranges=False)
        bounded = f' AND {TABLE}."first_seen_at" >= %s' if plan.since is not None else ""
        ids = f'SELECT {TABLE}."id" FROM {TABLE} WHERE {_opaque(plain.text)}{bounded} ORDER BY {NEWEST} LIMIT %s'
        values = (*plain.values, *literals([*([plan.since] if bounded else []), cap + 1]))
        return _page(Sql(ids, values), offset=offset, limit=limit, settings=WALK if bounded else NEWEST_WALK)
    # Up to INDEX_LIMIT + 1 matches, in any order (no walk of the newest-first index, no sequential
    # scan unless no condition has an index), then sorted. Pay and experience are read as thresholds
    # by job_words and tested exactly on the rows it finds (`ranges=False`: no btree ANDed in; nor
    # for the employment type and visa sponsorship, `kinds=False`, nor for the posting date, read
    # as posting days by job_words when they narrow, `posted=False`).
    # A company read tests every condition on its rows; the others are read through job_words,
    # the tech companies as its `tech` key (and each row's own flag, `Job.tech`).
    alone: Driving = "companies" if plan.companies else ""
    now = timezone.now()
    # A remote search's levels are asked for as the remote jobs' level keys (`_keys_sql`), the
    # level and remote tested on the rows it finds (not the flags array's two keys).
    flags = bool(alone) or not asks_remote_levels(filters, search_stats())
    where = _one_per_vacancy_sql(
        filters, index=not alone, ranges=False, kinds=False, posted=False, flags=flags, driving=alone, now=now
    )
    keys = Sql("") if alone else _keys_sql(filters)
    posted_from: datetime | None = None
    if not alone and filters.posted_within_days is not None and _posted_keys(filters, search_stats()):
        days, posted_from = posted_days(cutoff(filters.posted_within_days, now), now)
        keys = Sql(f"{keys.text} AND {posted_sql(TABLE)} && %s::integer[]", (*keys.values, *literals([days])))
    columns = f'SELECT {TABLE}."id", {TABLE}."first_seen_at" FROM {TABLE} WHERE'
    read = Sql(f"{columns} {where.text}{keys.text}", (*where.values, *keys.values))
    # Beside the rows the keys select, as plain ranges (UNION ALL), those they leave out because
    # a date runs ahead of the clock: first seen after the slice's last bucket, posted after the
    # last posting day (of the slice's jobs).
    ahead: list[Sql] = []
    within = where
    if plan.since is not None:
        # The slice as sighting buckets and spans job_words serves, from the first bucket to the
        # one after now's (or the end of its span).
        first = seen_bucket(plan.since)
        seen, after = seen_keys(first, seen_bucket(now) + 2)
        buckets, start, end = literals([seen, bucket_start(first), bucket_start(after)])
        read = Sql(f"{read.text} AND {seen_sql(TABLE)} && %s::integer[]", (*read.values, buckets))
        ahead.append(Sql(f'{columns} {_opaque(where.text)} AND {TABLE}."first_seen_at" >= %s', (*where.values, end)))
        within = Sql(
            f'{where.text} AND {TABLE}."first_seen_at" >= %s AND {TABLE}."first_seen_at" < %s',
            (*where.values, start, end),
        )
    if posted_from is not None:
        ahead.append(
            Sql(
                f"{columns} {_opaque(within.text)} AND {POSTED_OR_SEEN} >= %s",
                (*within.values, *literals([posted_from])),
            )
        )
    chosen = Sql(
        " UNION ALL ".join([read.text, *(part.text for part in ahead)]) + " LIMIT %s",
        (*read.values, *(value for part in ahead for value in part.values), *literals([INDEX_LIMIT + 1])),
    )
    ordered = Sql(f'SELECT {TABLE}."id" FROM ({chosen.text}) AS {TABLE} ORDER BY {NEWEST}', chosen.values)
    found, page = _page(ordered, offset=offset, limit=limit, settings=INDEX_READ)
    if found <= INDEX_LIMIT:
        return found, page
    # More than INDEX_LIMIT match: dense enough that a walk to the cap is short.
    return _read(filters, Plan(walk=True, since=None, covered=1.0, cost=0.0), offset=offset, limit=limit, cap=cap)


def _posted_keys(filters: Filters, stats: SearchStats | None) -> bool:
    """Whether an index read asks job_words for the posting days of the search's window (else the
    bound is tested on the rows it finds): when the window is short and rare enough."""
    days = filters.posted_within_days
    if days is None or days > POSTED_MAX_DAYS or stats is None:
        return False
    return posted_share(filters, stats) <= POSTED_KEY_SHARE


def _keys_sql(filters: Filters) -> Sql:
    """The pay and experience bounds as the threshold keys every job within them holds, the
    common excluded words as the keys of the jobs that lack them, and the joint keys (a level
    with its level words, the currency; job_keys.py): " AND …", conditions job_words serves, or
    ""."""
    keys = index_keys(filters, search_stats())
    sql, params = "", list[Any]()
    # The joint groups in their order (rarest first: GIN checks a column's keys in this order).
    for group in keys.joint:
        operator = "@>" if len(group) == 1 else "&&"
        sql, params = f"{sql} AND {collated(joint_sql(TABLE))} {operator} %s::text[]", [*params, list(group)]
    if keys.bounds:
        sql, params = f"{sql} AND {collated(bounds_sql(TABLE))} @> %s::text[]", [*params, list(keys.bounds)]
    if keys.remote_levels:
        sql, params = f"{sql} AND {collated(bounds_sql(TABLE))} && %s::text[]", [*params, list(keys.remote_levels)]
    return Sql(sql, literals(params))


def _page(ids: Sql, *, offset: int, limit: int, settings: tuple[str, ...]) -> tuple[int, list[dict[str, Any]]]:
    """How many ids `ids` selects, and the jobs of those ids from `offset` to `offset + limit`:
    one round trip."""
    page_sql = Sql(PAGE_SQL.format(ids=ids.text), (*ids.values, *literals([offset + 1, offset + limit])))
    rows = _fetch(page_sql.statement(), settings)
    found = int(rows[0][0]) if rows else 0
    page = [
        page_job(pk, json.loads(data), board_url=url, platform=platform, copies=json.loads(copies or "[]"))
        for _found, pk, data, url, platform, copies in rows
        if pk is not None
    ]
    return found, page


# The one condition that drives a company read (`_one_per_vacancy_sql`).
Driving = Literal["", "companies"]


def _one_per_vacancy_sql(
    filters: Filters,
    *,
    index: bool = True,
    ranges: bool = True,
    kinds: bool = True,
    posted: bool = True,
    tech: TechForm = "flag",
    flags: bool = True,
    driving: Driving = "",
    now: datetime | None = None,
) -> Sql:
    """`one_per_vacancy`'s WHERE clause over boards_job. The condition is compiled once per filter
    set and plan form, without a queryset (watches/services/conditions.py), and the anti-join is
    written around it: building and compiling it as two querysets cost 5–8 ms of CPU a search,
    most of a search's own CPU, and a busy machine multiplies CPU into waiting. With `driving` (a company
    read) the named companies' rows are found by their index and every other condition is tested
    on them, opaque (`_opaque`): stated plainly, the planner ANDed job_words' bitmap of every
    senior job (a level is always the flags array) with one company's 172 rows (446 ms at 1M,
    under load 10). `tech` is how `tech_companies_only` is stated: the row's own flag (`Job.tech`)."""
    if driving == "companies" and filters.companies:
        lead, rest = Q(company_key__in=filters.keys.companies), replace(filters, companies=())
        lead_sql, lead_params = where_sql(Job, lead)
        others = job_condition(
            rest, index=index, ranges=ranges, kinds=kinds, posted=posted, tech=tech, flags=flags, now=now
        )
        condition = Sql(f"{lead_sql} AND {_opaque(others.text)}", (*literals(lead_params), *others.values))
    else:
        condition = job_condition(
            filters, index=index, ranges=ranges, kinds=kinds, posted=posted, tech=tech, flags=flags, now=now
        )
    # The same condition on the earlier copy: every column of it is boards_job's, qualified (in
    # the text; the values are apart).
    earlier = _opaque(condition.text.replace('"boards_job".', '"earlier".'))
    # "Not empty" in the subquery too, spelled as job_vacancy_idx's condition: without it the
    # planner cannot use that partial index and reads every older job once per matching row.
    sql = (
        f'({condition.text}) AND "boards_job"."lead" AND ("boards_job"."vacancy_key" = \'\' OR NOT EXISTS'
        f' (SELECT 1 FROM "boards_job" "earlier" WHERE {earlier} AND "earlier"."lead"'
        ' AND "earlier"."vacancy_key" = "boards_job"."vacancy_key" AND "earlier"."id" < "boards_job"."id"'
        """ AND NOT ("earlier"."vacancy_key" = '')))"""
    )
    return Sql(sql, (*condition.values, *condition.values))


def _opaque(condition: str) -> str:
    """`condition` in a form the planner neither estimates nor serves from an index (one boolean
    expression it takes at 0.5), the same rows: for the conditions a plan tests on rows found
    otherwise (the earlier copy of a vacancy, found on job_vacancy_idx; the walk's rows, in
    job_newest_idx's order; the rows seen later than the slice's buckets). Estimating them cost
    most of a statement's planning: each array condition decompresses job_words' statistics (1,000
    most common elements a column) and each phrase tests search_text's histogram, once per copy
    of the condition (four in an index read of a slice)."""
    return f"CASE WHEN ({condition}) THEN TRUE ELSE FALSE END"


def _fetch(statement: str, settings: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """The rows of one statement (its values written in: no parameters) run with `settings` for
    it alone: SET LOCAL in the same message (one round trip; outside a transaction the message is
    its own, and the settings end with it), reset after it when the caller holds a transaction
    open."""
    sets = "".join(f"SET LOCAL {setting}; " for setting in settings)
    held = not connection.get_autocommit() or connection.in_atomic_block
    resets = "".join(f"; RESET {setting.split()[0]}" for setting in settings) if held else ""
    with connection.cursor() as cursor:
        cursor.execute(f"{sets}{statement}{resets}")
        while cursor.description is None and cursor.cursor.nextset():
            pass
        return list(cursor.fetchall())


def companies_list(
    *, query: str = "", limit: int = 50, offset: int = 0, tech_companies_only: bool = False
) -> dict[str, Any]:
    """The boards a search covers, the set its `coverage` counts (those of them read at least
    once): every board, or with `tech_companies_only` those a search with that filter reads."""
    if not 1 <= limit <= 1000:
        raise AppError("VALIDATION_ERROR", "limit must be between 1 and 1000")
    if not 0 <= offset <= MAX_COMPANY_OFFSET:
        raise AppError("VALIDATION_ERROR", f"offset must be between 0 and {MAX_COMPANY_OFFSET}")
    boards = covered_boards(tech_companies_only=tech_companies_only)
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
        "coverage": coverage(tech_companies_only=tech_companies_only),
    }
