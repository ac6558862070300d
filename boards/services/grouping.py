"""The vacancy level of a check's write (boards/groups.py holds the pure rules): what each stored
posting row and change row carries about its group, and the board's group memory (JobGroup).

Every posting row gets its group's `first_seen_at` and `times_posted`; a posting of a group of
several gets the group's `locations`. The group's lead row is the one search reads (`lead`), with
the filter columns of the whole group, so a location filter matches any of its cities.

A group's memory is a JobGroup row only where its posting rows do not tell it. An open group
posted once whose places are its postings' own (every new group, nearly every group of a board)
has no row: its rows hold its first sighting and count, its postings its places (`_implied`),
and the plan reads that as its memory. It gets a row when its memory says more: a place one of
its postings no longer has, its closing, a repost. A new 100,000-posting board wrote 100,000
group rows (0.3 s of the database's CPU) that said nothing its job rows did not.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from django.db import connection
from django.db.models import QuerySet

from boards import groups
from boards.diff import DiffResult
from boards.job import ParsedJob
from boards.models import Job as JobRow
from boards.models import JobGroup, Resource
from boards.services import jobstore
from boards.services.rows import rows_copy
from matching import places

ROW_FIELDS = ("group_key", "vacancy_key", "lead", "first_seen_at", "times_posted")
# The first key of the vacancy locks (`lock_vacancies`); the second is the vacancy key's hash.
VACANCY_LOCK_SPACE = 727277
KEYS_PER_QUERY = 5000
# A new group memory row's values, in this order (`save`).
GROUP_COLUMNS = ("resource_id", "key", "first_seen_at", "times_posted", "closed_at", "places")


@dataclass
class Plan:
    events: list[groups.GroupedEvent]
    remembered: dict[str, groups.GroupHistory]  # the board's memory before the check
    history: dict[str, groups.GroupHistory]  # every group open after the check, as it now stands
    closed: list[str]  # groups that closed in this check
    group_jobs: dict[str, ParsedJob]  # lead posting with all of its group's locations
    locations: dict[str, tuple[str, ...]]
    leads: set[str]  # posting keys that stand for their group
    also_at: dict[str, list[str]]  # group → the other boards' URLs of the same vacancy (new groups only)
    # Groups of `remembered` without a memory row (their rows imply it), and groups of `history`
    # whose memory their rows will imply after the check (no row to write): `_implied`.
    rowless: set[str] = field(default_factory=set)
    implied: set[str] = field(default_factory=set)


def group_of(job: ParsedJob) -> str:
    return job.group or job.key


def plan(
    resource: Resource,
    result: DiffResult,
    previous: Mapping[str, ParsedJob],
    *,
    first_seen: Callable[[Iterable[str]], Mapping[str, datetime]],
    now: datetime,
    first: bool,
    only: Container[str] | None = None,
) -> Plan:
    """Regroup the diff's events and settle each open group's history. `first_seen` reads the
    stored rows' first sighting of the keys it is given, for those groups only: an open group
    without a memory row is remembered from it (`_implied`), a group that starts a life with a
    stored posting starts from it.

    `only` limits the plan to these groups (None: every group): the groups whose rows the check
    may write, and every group an event touches (`stored.touched_groups`). The others' memory is
    not even read. That is the whole plan's result when every other open group's memory is its
    history already, which holds once a check under this derivation version planned every group
    (`Resource.groups_planned`): an open group's history is its memory with its postings' places
    added (`groups.places_seen`, which adds nothing the second time), so a group whose postings
    are the very stored ones keeps the memory the last plan of it saved."""
    after_all = groups.by_group(result.jobs)
    before_all = groups.by_group(previous.values())
    after = after_all if only is None else {key: jobs for key, jobs in after_all.items() if key in only}
    before = before_all if only is None else {key: jobs for key, jobs in before_all.items() if key in only}
    remembered = _remembered(resource, list(after.keys() | before.keys()))
    rowless = _implied(remembered, before, first_seen)
    events = (
        []
        if first
        else groups.regroup(result.events, list(previous.values()), result.jobs, history=remembered, now=now)
    )
    # Groups that start a life (no memory, or closed beyond the repost window) start from their
    # stored rows' first sighting, read for their postings alone.
    starting = [key for key in after if key not in remembered or not _continues(remembered[key], now)]
    sighted = first_seen(job.key for key in starting for job in after[key]) if starting else {}
    history: dict[str, groups.GroupHistory] = {}
    implied: set[str] = set()
    for key, postings in after.items():
        known = remembered.get(key)
        if known is not None and known.closed_at is None:
            history[key] = settled = replace(known, places=groups.places_seen(known, postings))
            if key in rowless and settled.times_posted == 1 and settled.places == groups.locations_of(postings):
                implied.add(key)
        elif known is not None and groups.is_repost(known, now):
            places = groups.places_seen(replace(known, closed_at=None), postings)
            history[key] = groups.GroupHistory(known.first_seen_at, known.times_posted + 1, places=places)
        else:
            stored = [sighted[job.key] for job in postings if job.key in sighted] if sighted else None
            if stored:
                start = min(stored)
            elif first:
                start = _first_listed(postings, now)
            else:
                start = now
            # `places_seen` of a group without memory: its postings' own, as its rows imply.
            history[key] = groups.GroupHistory(start, 1, places=groups.locations_of(postings))
            if known is None:
                implied.add(key)
    closed = [key for key in before if key not in after_all]
    group_jobs: dict[str, ParsedJob] = {}
    locations: dict[str, tuple[str, ...]] = {}
    for key, postings in after.items():
        if len(postings) == 1:  # most groups: the posting is its own lead, with its own places
            group_jobs[key] = postings[0]
        else:
            group_jobs[key] = groups.group_job(postings)
            locations[key] = groups.locations_of(postings)
    new_groups = [e.event.job for e in events if e.role == "new" and e.event.job.vacancy]
    return Plan(
        events=events,
        remembered=remembered,
        history=history,
        closed=closed,
        group_jobs=group_jobs,
        locations=locations,
        leads={job.key for job in group_jobs.values()},
        also_at=_elsewhere(resource, new_groups),
        rowless=rowless,
        implied=implied,
    )


def _continues(known: groups.GroupHistory | None, now: datetime) -> bool:
    """Whether a remembered group goes on in its memory: open, or reposted within the window."""
    return known is not None and (known.closed_at is None or groups.is_repost(known, now))


def _remembered(resource: Resource, keys: list[str]) -> dict[str, groups.GroupHistory]:
    """The board's memory of these groups, read a batch of keys at a time (a 100,000-posting
    board has as many groups: one statement would exceed SQLite's 32,766 parameters)."""
    remembered: dict[str, groups.GroupHistory] = {}
    if len(keys) > KEYS_PER_QUERY and not JobGroup.objects.filter(resource=resource).exists():
        return remembered  # a board's first read: one question instead of a statement a batch
    for start in range(0, len(keys), KEYS_PER_QUERY):
        rows = JobGroup.objects.filter(resource=resource, key__in=keys[start : start + KEYS_PER_QUERY])
        values = rows.values_list("key", "first_seen_at", "times_posted", "closed_at", "places")
        for key, first, times, closed, seen in values:
            remembered[key] = groups.GroupHistory(
                first_seen_at=first, times_posted=times, closed_at=closed, places=tuple(seen or ())
            )
    return remembered


def _implied(
    remembered: dict[str, groups.GroupHistory],
    before: Mapping[str, Sequence[ParsedJob]],
    first_seen: Callable[[Iterable[str]], Mapping[str, datetime]],
) -> set[str]:
    """Add to `remembered` the memory of each open group in `before` that has no memory row, as its
    stored rows imply it, and return their keys. Such a group was written without a row because
    its memory was exactly this (`save`): open, posted once, first seen when its rows say
    (`first_seen`, read for those rows alone), and its places those of its postings
    (`groups.locations_of`, in its order). The postings are the stored ones, whose places the
    rows keep: a posting that moves to another city is the group's stored place still, so the
    group's memory keeps the city it had. Rows stored before groups existed read the same way."""
    missing = [key for key in before if key not in remembered]
    if not missing:
        return set()
    sighted = first_seen(job.key for key in missing for job in before[key])
    for key in missing:
        postings = before[key]
        moments = [sighted[job.key] for job in postings if job.key in sighted]
        if moments:
            remembered[key] = groups.GroupHistory(min(moments), 1, places=groups.locations_of(postings))
    return {key for key in missing if key in remembered}


def _listed_at(job: ParsedJob, now: datetime) -> datetime:
    """When the posting says it was listed, in UTC: the group's first sighting is read back from
    the database in UTC, and a posting served with "…-04:00" on its first check and "…+00:00"
    on the next would be rewritten, row by row, on the board's second check."""
    posted = _posted_utc(job.posted_at)
    return posted if posted is not None and posted < now else now


def _first_listed(postings: Sequence[ParsedJob], now: datetime) -> datetime:
    """The earliest `_listed_at` of a group's postings: a new board's first read asks it of
    every group, most of them one posting (no generator for `min` to run through then)."""
    if len(postings) == 1:
        return _listed_at(postings[0], now)
    return min(_listed_at(job, now) for job in postings)


@functools.lru_cache(maxsize=4096)  # a board repeats its posting dates (`jobstore.parse_posted_at`)
def _posted_utc(value: str | None) -> datetime | None:
    """`jobstore.parse_posted_at` in UTC, converted once for each text of a board."""
    posted = jobstore.parse_posted_at(value)
    return posted.astimezone(UTC) if posted is not None else None


def _elsewhere(resource: Resource, jobs: Iterable[ParsedJob]) -> dict[str, list[str]]:
    """For new groups: the URLs of the same vacancy open on other boards."""
    by_vacancy = {job.vacancy: group_of(job) for job in jobs}
    if not by_vacancy:
        return {}
    lock_vacancies(sorted(by_vacancy))
    found: dict[str, list[str]] = {}
    rows = (
        JobRow.objects.filter(vacancy_key__in=list(by_vacancy), lead=True)
        .exclude(resource=resource)
        .order_by("id")
        .values_list("vacancy_key", "data", "resource__url")
    )
    for vacancy, data, board_url in rows:
        url = data.get("url") if isinstance(data, dict) else None
        found.setdefault(by_vacancy[vacancy], []).append(str(url or board_url))
    return found


def lock_vacancies(keys: Sequence[str]) -> None:
    """Hold each vacancy key until this transaction ends, so that of two boards' checks writing
    the first copies of one vacancy at once, the second reads the first's rows only after they
    are committed: it finds them (`also_at`) and does not announce the vacancy to search watches
    again. PostgreSQL: transaction-scoped advisory locks in the two-key space (apart from
    check.CHANGE_WRITE_LOCK's one-key lock), taken in sorted order, always after the board's row
    lock and before the change lock, so two checks cannot wait on each other. SQLite needs none:
    its write transactions are serialised (BEGIN IMMEDIATE)."""
    if connection.vendor != "postgresql" or not keys:
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_advisory_xact_lock(%s, hashtext(key)) FROM unnest(%s::text[]) AS key ORDER BY key",
            [VACANCY_LOCK_SPACE, list(keys)],
        )


def served(plan: Plan, job: ParsedJob, data: dict[str, Any]) -> dict[str, Any]:
    """A posting's stored data with its group's freshness and locations."""
    key = group_of(job)
    history = plan.history.get(key)
    if history is not None:
        data["first_seen_at"] = isoformat(history.first_seen_at)
        data["times_posted"] = history.times_posted
    locations = plan.locations.get(key)
    if locations:
        data["locations"] = list(locations)
        if job.key in plan.leads:
            data["places"] = places.places_as_dicts(locations)
    return data


def posting_row(plan: Plan, job: ParsedJob, data: dict[str, Any], now: datetime) -> tuple[tuple[Any, ...], ParsedJob]:
    """A posting's row: `served` of `data` (in place), the row's group fields in the order of
    ROW_FIELDS, and the job its filter columns are computed from (the whole group for its lead),
    its group, history and lead looked up once: a new board writes 100,000 rows."""
    key, lead, history, values = _group_fields(plan, job, now)
    if history is not None:
        data["first_seen_at"] = isoformat(history.first_seen_at)
        data["times_posted"] = history.times_posted
    locations = plan.locations.get(key)
    if locations:
        data["locations"] = list(locations)
        if lead:
            data["places"] = places.places_as_dicts(locations)
    return values, plan.group_jobs[key] if lead else job


def _group_fields(
    plan: Plan, job: ParsedJob, now: datetime
) -> tuple[str, bool, groups.GroupHistory | None, tuple[Any, ...]]:
    """A posting's group key, whether it leads its group, the group's history, and the row's
    group fields in the order of ROW_FIELDS (`now` for a group without a history)."""
    key = job.group or job.key
    lead = job.key in plan.leads
    history = plan.history.get(key)
    if history is not None:
        return key, lead, history, (key[:40], job.vacancy[:40], lead, history.first_seen_at, history.times_posted)
    return key, lead, history, (key[:40], job.vacancy[:40], lead, now, 1)


def posting_row_text(
    plan: Plan, job: ParsedJob, hashed: bytes, *, company: str, now: datetime
) -> tuple[tuple[Any, ...], ParsedJob, bytes]:
    """`posting_row` of a posting whose served data is written as JSON text (a new row, on
    PostgreSQL): the data made from `hashed`, the job's hash text (`jobstore.data_text`, with
    `company` as `job_data`'s fallback), with the members `served` adds."""
    key, lead, history, values = _group_fields(plan, job, now)
    more = b""
    if history is not None:
        moment, times = history.first_seen_at, history.times_posted
        more = _utc_sighting_text(moment, times) if moment.tzinfo is UTC else _sighting_text(moment, times)
    locations = plan.locations.get(key)
    if locations:
        more += b',"locations":' + jobstore.list_text(locations)
    places_of = locations if locations and lead else None
    text = jobstore.data_text(job, hashed, company_fallback=company, places_of=places_of, more=more)
    return values, plan.group_jobs[key] if lead else job, text


def _sighting_text(moment: datetime, times: int) -> bytes:
    """The members `served` adds of a group's history, as JSON text: a moment's ISO text and a
    count need no escaping."""
    return f',"first_seen_at":"{moment.isoformat()}","times_posted":{times:d}'.encode()


# Remembered for moments in UTC, as `isoformat` is: a new board's groups share a few sightings.
_utc_sighting_text = functools.lru_cache(maxsize=4096)(_sighting_text)


def isoformat(moment: datetime) -> str:
    """`moment.isoformat()`, remembered for a moment in UTC: a new board's groups share their
    first sightings (a few posting dates, `_posted_utc`), and writing one was 0.6 µs of each of
    100,000 rows. Only in UTC: equal moments of two zones are one key of a cache, but their texts
    differ."""
    return _utc_isoformat(moment) if moment.tzinfo is UTC else moment.isoformat()


_utc_isoformat = functools.lru_cache(maxsize=4096)(datetime.isoformat)


def change_fields(plan: Plan, grouped: groups.GroupedEvent, data: dict[str, Any]) -> dict[str, Any]:
    """The change row's group columns, and what its data says about the group."""
    event = grouped.event
    key = group_of(event.job)
    role = grouped.role
    if role == "new" and plan.also_at.get(key):
        data["also_at"] = plan.also_at[key]
        role = ""  # search watches had it from the board where it was first open
    if grouped.repost_of is not None:
        now_posted = plan.history.get(key, grouped.repost_of)
        data["repost_of"] = {
            "first_seen_at": grouped.repost_of.first_seen_at.isoformat(),
            "times_posted": now_posted.times_posted,
        }
    if grouped.added_locations:
        data["added_locations"] = list(grouped.added_locations)
    if grouped.removed_locations:
        data["removed_locations"] = list(grouped.removed_locations)
    history = plan.history.get(key)
    return {
        "role": role,
        "group_key": key[:40],
        "prior_place_text": places.place_text_for(locations=list(grouped.prior_locations), remote=event.job.remote)
        if grouped.prior_locations
        else "",
        "first_seen_at": history.first_seen_at if history else None,
    }


_group_key = operator.itemgetter(1)  # a group memory row's key (GROUP_COLUMNS)


def save(resource: Resource, plan: Plan, now: datetime) -> None:
    """The board's group memory, in the check's transaction: only groups whose memory changed and
    that their rows do not imply (`_implied`) are written, so a check that changes one posting of
    a big board writes at most one row, and a new board's groups of one posting none."""
    board = resource.pk
    # Rows as COPY takes them (values in the order of GROUP_COLUMNS).
    to_create: list[tuple[Any, ...]] = []
    rowless = plan.rowless
    closed = [key for key in plan.closed if key not in rowless]
    if closed:
        JobGroup.objects.filter(resource=resource, key__in=closed).update(closed_at=now)
    for key in plan.closed:
        if key in rowless:  # closing is what its rows cannot tell: its memory becomes a row
            last = plan.remembered[key]
            to_create.append((board, key[:40], last.first_seen_at, last.times_posted, now, last.places))
    implied = plan.implied
    for key, history in plan.history.items():
        if key in implied:
            continue
        known = plan.remembered.get(key)
        if known is None or key in rowless:
            # The places as a tuple: COPY remembers the text of each (`rows._texts_bytes`).
            to_create.append((board, key[:40], history.first_seen_at, history.times_posted, None, history.places))
        elif known != history:
            JobGroup.objects.filter(resource=resource, key=key).update(
                first_seen_at=history.first_seen_at,
                times_posted=history.times_posted,
                closed_at=None,
                places=list(history.places),
            )
    # In key order: the board's unique index (resource, key) then takes new groups at its right
    # edge, where hash keys in the plan's order each went down to a leaf of their own and split it
    # (100,000 new groups COPYed: 0.41-0.45 -> 0.27-0.31 s of the database's CPU, when a new
    # board wrote a row a group). Nothing reads a group's id.
    to_create.sort(key=_group_key)
    rows_copy(JobGroup, GROUP_COLUMNS, to_create)


def closed_groups(pairs: Sequence[tuple[int, str]]) -> dict[tuple[int, str], datetime]:
    """(resource id, group) → when it closed, for the pairs whose group is closed now."""
    if not pairs:
        return {}
    return closed_groups_of(pairs, closed_groups_query(pairs))


def closed_groups_query(pairs: Sequence[tuple[int, str]]) -> QuerySet[JobGroup, tuple[Any, ...]]:
    """The rows `closed_groups` reads (a superset: boards × keys), for a caller that sends the
    statement with others (the feed)."""
    resources = {resource_id for resource_id, _ in pairs}
    keys = {key for _, key in pairs}
    rows = JobGroup.objects.filter(resource_id__in=resources, key__in=keys, closed_at__isnull=False)
    return rows.values_list("resource_id", "key", "closed_at")


def closed_groups_statement(pairs: Sequence[tuple[int, str]]) -> tuple[str, list[Any]]:
    """`closed_groups_query` as one PostgreSQL statement, the boards and the keys each one array
    parameter, for the feed's PostgreSQL round trip: compiling the queryset's two IN lists of up
    to a page's length cost more CPU than the database spends on them (docs/scaling.md, the feed
    at 10,000,000 change rows)."""
    quote = connection.ops.quote_name
    table = quote(JobGroup._meta.db_table)
    board, key, closed = (f"{table}.{quote(name)}" for name in ("resource_id", "key", "closed_at"))
    return (
        f"SELECT {board}, {key}, {closed} FROM {table} WHERE {board} = ANY(%s) AND {key} = ANY(%s) AND {closed} IS NOT NULL",
        [sorted({resource_id for resource_id, _ in pairs}), sorted({key for _, key in pairs})],
    )


def closed_groups_of(
    pairs: Sequence[tuple[int, str]], rows: Iterable[tuple[Any, ...]]
) -> dict[tuple[int, str], datetime]:
    wanted = set(pairs)
    return {
        (resource_id, key): closed
        for resource_id, key, closed in rows
        if (resource_id, key) in wanted and closed is not None
    }
