"""A board's stored open set, as a check reads it once its fetch needs it, and what a check keeps of it.

Each row holds the job as served (`data`), the fingerprint of the posting it was derived from
and the job's hash (boards/fingerprint.py, boards/diff.py `job_hash`). A posting whose
fingerprint is stored is not derived again: the stored job stands for it (`known`), and when
nothing about its group changed either, its row is not rebuilt nor compared (`clean_keys`).

The rows are read and their jobs rebuilt on first use, not before the fetch: a check that finds
the very bytes of last time, or a 304, never uses them, and reading them was almost all of such
a check's 3 s of CPU on a 100,000-posting board (bench/big_board.py, "same bytes").

A row is first read as a `StoredJob`: the few fields of its data that the read, the diff, the
vacancy plan and the tech share look at in a job the listing shows as it is (`LIGHT_FIELDS`,
extracted by the database, not the whole JSON document decoded). The whole job is rebuilt from
the row's data only where it is needed: for every stored job the listing does not show as itself
(`rebuild_unlisted`: removed, re-derived, carried), and for a row that is written again
(`write_rows`). On a big board's later read that is a few hundred rows of 100,000.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any, TypeVar

from django.db import connection
from django.db.models.fields.json import KT

from boards.diff import DiffResult
from boards.job import ParsedJob
from boards.models import Job as JobRow
from boards.models import Resource
from boards.services import grouping, jobstore
from boards.services.reading import BoardReading
from boards.services.rows import JsonText, copies, rows_copy
from matching.tech import is_tech_company

BATCH = 5000
# Rows built, compared and written at once: a first read of 100,000 postings held every row.
ROWS_AT_ONCE = 2000
ROW_COLUMNS = (*grouping.ROW_FIELDS, *jobstore.FILTER_COLUMNS)


T = TypeVar("T")

# The fields of a stored job that a check reads of a job the listing shows as it is: its company
# and title (the board's company, the tech share), its places and group (the vacancy plan), the
# flags the diff and `carry_details` test, the platform id (detail reads, `known_ids`).
LIGHT_FIELDS = (
    "title",
    "company",
    "location",
    "other_locations",
    "group",
    "vacancy",
    "partial",
    "details_read",
    "platform_id",
)


class StoredJob(ParsedJob):
    """A stored job as first read: `LIGHT_FIELDS` as `jobstore.job_from_data` rebuilds them, the
    other fields at their defaults. It stands for its row wherever the listing shows its very
    posting (the read hands it back for a posting whose fingerprint the row holds), and is never
    served, hashed or written: `as_dict` refuses (a missed rebuild fails loudly instead of
    writing a row without its salary), `write_rows` rebuilds it from the row. A copy of it made
    with `dataclasses.replace` (a group's lead with the group's places) is one too."""

    __slots__ = ()  # ParsedJob's slots hold every field

    def as_dict(self) -> dict[str, Any]:
        raise TypeError(f"{self.key}: a stored job's light form is not served; rebuild it from its row")


def _flag(value: Any) -> bool:
    """A JSON boolean as the database extracts it as text: 'true' (PostgreSQL) or 1 (SQLite)."""
    return value in (1, "true")


def _places(seen: dict[str, tuple[str, ...]], text: str | None) -> tuple[str, ...]:
    """A job's other locations from their JSON text (none: no such field), each text decoded once."""
    if not text:
        return ()
    places = seen.get(text)
    if places is None:
        places = seen[text] = tuple(json.loads(text))
    return places


class Deferred(Mapping[str, T]):
    """A mapping built by `load` when first looked into: what a check hands its read (the stored
    jobs by fingerprint, the ids whose details were read) before it knows the read will use it."""

    def __init__(self, load: Callable[[], Mapping[str, T]]) -> None:
        self._load = load
        self._value: Mapping[str, T] | None = None

    def _loaded(self) -> Mapping[str, T]:
        if self._value is None:
            self._value = self._load()
        return self._value

    def __getitem__(self, key: str) -> T:
        return self._loaded()[key]

    def __contains__(self, key: object) -> bool:
        # Asked of every posting of a listing: once loaded, without a second call.
        value = self._value
        return key in (value if value is not None else self._loaded())

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


class StoredSet:
    """A board's stored rows, read on the first use of `jobs`, `ids`, `fingerprints` or `hashes`."""

    def __init__(self, resource: Resource) -> None:
        self.resource = resource
        self._jobs: dict[str, ParsedJob] | None = None
        self._ids: dict[str, int] = {}
        self._fingerprints: dict[str, str] = {}  # key → posting fingerprint ("" = none)
        self._hashes: dict[str, str] = {}  # key → job hash ("" = none)
        self._same: dict[Any, Any] = {}  # one copy of each repeated value (`jobstore.job_from_data`)

    def _load(self) -> dict[str, ParsedJob]:
        if self._jobs is None:
            jobs: dict[str, ParsedJob] = {}
            one = self._same.setdefault
            places: dict[str, tuple[str, ...]] = {}  # other locations' JSON text → the tuple
            fields = [KT(f"data__{name}") for name in LIGHT_FIELDS]
            rows = JobRow.objects.filter(resource=self.resource).values_list(
                "id", "key", "fingerprint", "job_hash", *fields
            )
            whole: list[str] = []
            for (
                pk,
                key,
                fingerprint,
                job_hash,
                title,
                company,
                location,
                others,
                group,
                vacancy,
                partial,
                read,
                platform_id,
            ) in rows.iterator(chunk_size=2000):
                self._ids[key] = pk
                self._fingerprints[key] = fingerprint
                self._hashes[key] = job_hash
                jobs[key] = StoredJob(
                    key=key,
                    title=title or "",
                    company=one(company or "", company or ""),
                    location=one(location or "", location or ""),
                    other_locations=_places(places, others),
                    group=group or "",
                    vacancy=vacancy or "",
                    partial=_flag(partial),
                    details_read=_flag(read),
                    platform_id=platform_id or "",
                )
                if not job_hash:  # a row stored before job hashes: the diff hashes its whole job
                    whole.append(key)
            self._jobs = jobs
            self._rebuild(whole)
        return self._jobs

    def _rebuild(self, keys: list[str]) -> None:
        """Rebuild these stored jobs whole from their rows' data, in place (the mapping keeps its
        order: the diff's events follow it)."""
        assert self._jobs is not None
        by_id = {self._ids[key]: key for key in keys if isinstance(self._jobs.get(key), StoredJob)}
        ids = list(by_id)
        for start in range(0, len(ids), BATCH):
            rows = JobRow.objects.filter(pk__in=ids[start : start + BATCH]).values_list("id", "data")
            for pk, data in rows:
                key = by_id[pk]
                self._jobs[key] = jobstore.job_from_data(key, data, same=self._same)

    def rebuild_unlisted(self, listed: Iterable[ParsedJob]) -> None:
        """Rebuild whole every stored job that `listed` (a read's jobs) does not show as itself:
        a removed job's event, a re-derived job's comparison and `carry_details` read every field
        of it. The rest stay light (`StoredJob`). A key the listing repeats is judged by its first
        posting, which is the one the diff keeps (`diff_jobs`, rule 1) and whose fingerprint the
        read keeps (`BoardReading.fingerprints`): judged by every posting, a stored posting listed
        again beside a second posting of its id was rebuilt while the listing's first still held
        its light form, which the diff then compared with the rebuilt job and served, and the
        board's check failed on every read while the listing repeated the id."""
        jobs = self.jobs
        if not jobs:  # a board's first read: nothing stored to rebuild (100,000 keys looked up)
            return
        kept: dict[str, bool] = {}
        for job in listed:
            key = job.key
            if key not in kept:
                kept[key] = jobs.get(key) is job
        self._rebuild([key for key in jobs if not kept.get(key, False)])

    @property
    def jobs(self) -> dict[str, ParsedJob]:
        """Key → the stored job: a `StoredJob` until rebuilt whole (`rebuild_unlisted`)."""
        return self._load()

    @property
    def ids(self) -> dict[str, int]:
        self._load()
        return self._ids

    @property
    def fingerprints(self) -> dict[str, str]:
        self._load()
        return self._fingerprints

    @property
    def hashes(self) -> dict[str, str]:
        self._load()
        return self._hashes

    def known(self) -> dict[str, ParsedJob]:
        """Posting fingerprint → the stored job derived from that posting."""
        jobs = self.jobs
        return {fingerprint: jobs[key] for key, fingerprint in self._fingerprints.items() if fingerprint}

    def known_ids(self) -> dict[str, bool]:
        """The platform ids of the stored jobs whose details were read (`ReadContext.known_ids`)."""
        return {job.platform_id: True for job in self.jobs.values() if job.platform_id and job.details_read}

    def first_seen(self, keys: Iterable[str]) -> dict[str, datetime]:
        """When each of these stored jobs was first seen (`grouping.plan` needs it for a group the
        board has no memory of), read then: decoding two timestamps a row for every row of a
        100,000-posting board cost more than its whole group memory."""
        return self._column("first_seen_at", keys)

    def _column(self, column: str, keys: Iterable[str]) -> dict[str, datetime]:
        if not self.ids:  # a board's first read: no key of `keys` is stored (100,000 looked up)
            return {}
        by_id = {self.ids[key]: key for key in keys if key in self.ids}
        ids = list(by_id)
        found: dict[str, datetime] = {}
        for start in range(0, len(ids), BATCH):
            rows = JobRow.objects.filter(pk__in=ids[start : start + BATCH]).values_list("id", column)
            found.update((by_id[pk], value) for pk, value in rows)
        return found


def stored_set(resource: Resource) -> StoredSet:
    """The board's stored open set, read when first used (`StoredSet`)."""
    return StoredSet(resource)


def last_seen(stored: StoredSet, resource: Resource) -> dict[str, datetime]:
    """When each stored job was last seen, read when an incomplete view needs it (`drop_stale`):
    a check of a complete listing does not touch each row, it records the moment on the board
    (`Resource.listed_complete_at`)."""
    seen = stored._column("last_seen_at", stored.ids)
    listed = resource.listed_complete_at
    if listed is None:
        return seen
    return {key: max(when, listed) for key, when in seen.items()}


def matched_keys(stored: StoredSet, fingerprints: Mapping[str, str]) -> set[str]:
    """Keys whose posting has the fingerprint its row holds (derived under this version)."""
    stored_fingerprints = stored.fingerprints
    if not stored_fingerprints:  # a board's first read: no row is stored (100,000 keys looked up)
        return set()
    return {key for key, fp in fingerprints.items() if fp and stored_fingerprints.get(key) == fp}


def touched_groups(stored: StoredSet, jobs: list[ParsedJob], *, matched: set[str]) -> set[str]:
    """The groups a check may write a row of, or whose memory an event may change: those of a
    posting that is not its stored job (new, re-derived, carried), whose fingerprint is not the
    stored one or that names no company (`clean_keys` rebuilds such rows), and those of a stored
    posting not in the listing as itself. The rest are groups of unchanged postings alone
    (`grouping.plan`'s `only`)."""
    stored_jobs = stored.jobs
    unchanged: set[str] = set()
    touched: set[str] = set()
    for job in jobs:
        if stored_jobs.get(job.key) is job and job.key in matched and job.company:
            unchanged.add(job.key)
        else:
            touched.add(grouping.group_of(job))
    for key, job in stored_jobs.items():
        if key not in unchanged:
            touched.add(grouping.group_of(job))
    return touched


def clean_keys(stored: StoredSet, jobs: list[ParsedJob], plan: grouping.Plan, *, matched: set[str]) -> set[str]:
    """Keys of `jobs` whose stored row is exactly what this check would write: its posting's
    fingerprint is the stored one (`matched`: derived under this version, boards/fingerprint.py)
    and the job is the stored object, it names its own company (else the board's, which may
    change), and nothing of its group changed (no posting of it re-derived, added or gone, its
    history unchanged), so the row's group fields are what they were."""
    if not stored.jobs:  # a board's first read: no row is stored (100,000 groups compared)
        return set()
    dirty: set[str] = {key for key, history in plan.history.items() if plan.remembered.get(key) != history}
    stored_jobs = stored.jobs
    same: set[str] = set()
    for job in jobs:
        if stored_jobs.get(job.key) is job:
            same.add(job.key)
        else:
            dirty.add(grouping.group_of(job))
    for key, job in stored_jobs.items():
        if key not in same:
            dirty.add(grouping.group_of(job))
    return {
        key
        for job in jobs
        if (key := job.key) in same and key in matched and job.company and grouping.group_of(job) not in dirty
    }


def store_row_hashes(rows: Mapping[int, tuple[str, str]]) -> None:
    """Set (fingerprint, job hash) of rows whose data stays as it is (a posting re-derived into
    the same job, a row stored before fingerprints): without a rewrite of the row."""
    items = list(rows.items())
    for start in range(0, len(items), BATCH):
        batch = items[start : start + BATCH]
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "UPDATE boards_job SET fingerprint = v.fingerprint, job_hash = v.job_hash"
                    " FROM unnest(%s::bigint[], %s::text[], %s::text[]) AS v(id, fingerprint, job_hash)"
                    " WHERE boards_job.id = v.id",
                    [[pk for pk, _ in batch], [f for _, (f, _) in batch], [h for _, (_, h) in batch]],
                )
        else:
            JobRow.objects.bulk_update(
                [JobRow(pk=pk, fingerprint=f, job_hash=h) for pk, (f, h) in batch],
                ["fingerprint", "job_hash"],
                batch_size=500,
            )


def _row_job(row_job: ParsedJob, job: ParsedJob, whole: ParsedJob) -> ParsedJob:
    """`row_job` (`grouping.posting_row`'s, of `job`), with `whole` (the job rebuilt from its row)
    for a light one: a group's lead takes the group's places (gathered from the light postings')."""
    if whole is job:
        return row_job
    if row_job is job:
        return whole
    return replace(whole, location=row_job.location, other_locations=row_job.other_locations)


def delete_rows(pks: list[int]) -> None:
    for start in range(0, len(pks), BATCH):
        JobRow.objects.filter(pk__in=pks[start : start + BATCH]).delete()


def write_rows(
    resource: Resource,
    reading: BoardReading,
    result: DiffResult,
    stored: StoredSet,
    plan: grouping.Plan,
    *,
    company: str,
    now: datetime,
    matched: set[str],
) -> list[str]:
    """Write the rows of `result.jobs` that differ from the stored ones, ROWS_AT_ONCE at a time;
    return the keys of those left as they were. A row's stored data is read here, for the rows
    that are not clean only: the check does not hold every row's data. `matched`: the keys
    `matched_keys` gives."""
    ids, fingerprints, hashes = stored.ids, stored.fingerprints, stored.hashes
    unchanged = list(clean_keys(stored, result.jobs, plan, matched=matched))
    clean = set(unchanged)
    pending = [job for job in result.jobs if job.key not in clean]
    rehashed: dict[int, tuple[str, str]] = {}
    # Every row carries its board's tech flag as the check has just recorded it (`Job.tech`).
    tech = is_tech_company(resource.tech_share)
    names = ("resource_id", "key", "data", "last_seen_at", "fingerprint", "job_hash", "tech", *ROW_COLUMNS)
    # Looked up once, not for each of a new board's 100,000 rows.
    board, read_fingerprints, job_hashes = resource.pk, reading.fingerprints, result.job_hashes
    job_data, posting_row, filter_values = jobstore.job_data, grouping.posting_row, jobstore.filter_values
    posting_row_text = grouping.posting_row_text
    # A new row's data on PostgreSQL: the JSON text the diff hashed the job by, with the row's
    # own members (`grouping.posting_row_text`), not a dict serialised again.
    texts = result.job_texts if copies() else {}
    for start in range(0, len(pending), ROWS_AT_ONCE):
        batch = pending[start : start + ROWS_AT_ONCE]
        known = [ids[job.key] for job in batch if job.key in ids]
        before = dict(JobRow.objects.filter(pk__in=known).values_list("id", "data")) if known else {}
        # Rows as COPY takes them (values in the order of `names`): a dict a row, then a list
        # of its values, cost 3 µs a row of a new board.
        to_create: list[tuple[Any, ...]] = []
        to_update: list[tuple[Any, ...]] = []
        for job in batch:
            key = job.key
            pk = ids.get(key)
            fingerprint = read_fingerprints.get(key)
            if fingerprint is None:
                fingerprint = fingerprints.get(key, "")
            hashed = job_hashes.get(key, "")
            text = texts.get(key) if pk is None else None
            served: dict[str, Any] | JsonText
            if text is not None:
                group_fields, row_job, data = posting_row_text(plan, job, text, company=company, now=now)
                served, row_company = JsonText(data), job.company or company
            else:
                # A stored job the listing shows as it is, in a row written again (its group
                # changed): the row's data rebuilds it whole.
                whole = jobstore.job_from_data(key, before[ids[key]]) if isinstance(job, StoredJob) else job
                # `grouping.served` of the data, with the row's group fields and the job its filter
                # columns are computed from: of `job`, whose key and group are `whole`'s.
                served = job_data(whole, company_fallback=company)
                group_fields, row_job = posting_row(plan, job, served, now)
                if pk is not None and before.get(pk) == served:
                    unchanged.append(key)
                    if (fingerprints.get(key), hashes.get(key)) != (fingerprint, hashed):
                        rehashed[pk] = (fingerprint, hashed)
                    continue
                row_job, row_company = _row_job(row_job, job, whole), served.get("company", company)
            row = (
                board,
                key[:600],
                served,
                now,
                fingerprint,
                hashed,
                tech,
                *group_fields,
                *filter_values(row_job, company=row_company),
            )
            if pk is not None:
                to_update.append((pk, *row))
            else:
                to_create.append(row)
        # A changed row is written whole, as a delete and an insert under the same id: Django's
        # bulk_update spells every value of every column as a CASE over the batch's ids, and
        # took 54 s of wall time (13.5 s CPU) for 2,000 rows (bench/big_board.py).
        delete_rows([row[0] for row in to_update])
        rows_copy(JobRow, names, to_create)
        rows_copy(JobRow, ("id", *names), to_update)
    store_row_hashes(rehashed)
    return unchanged
