"""A board's stored open set, as a check reads it once its fetch needs it, and what a check keeps of it.

Each row holds the job as served (`data`), the fingerprint of the posting it was derived from
and the job's hash (boards/fingerprint.py, boards/diff.py `job_hash`). A posting whose
fingerprint is stored is not derived again: the stored job stands for it (`known`), and when
nothing about its group changed either, its row is not rebuilt nor compared (`clean_keys`).

The rows are read and their jobs rebuilt on first use, not before the fetch: a check that finds
the very bytes of last time, or a 304, never uses them, and reading them was almost all of such
a check's 3 s of CPU on a 100,000-posting board (bench/big_board.py, "same bytes").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import datetime
from typing import Any, TypeVar

from django.db import connection

from boards.diff import DiffResult
from boards.job import ParsedJob
from boards.models import Job as JobRow
from boards.models import Resource
from boards.services import grouping, jobstore
from boards.services.reading import BoardReading
from boards.services.rows import rows_copy

BATCH = 5000
# Rows built, compared and written at once: a first read of 100,000 postings held every row.
ROWS_AT_ONCE = 2000
ROW_COLUMNS = (*grouping.ROW_FIELDS, *jobstore.FILTER_COLUMNS)


T = TypeVar("T")


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
        return key in self._loaded()

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

    def _load(self) -> dict[str, ParsedJob]:
        if self._jobs is None:
            jobs: dict[str, ParsedJob] = {}
            same: dict[Any, Any] = {}
            rows = JobRow.objects.filter(resource=self.resource).values_list(
                "id", "key", "data", "fingerprint", "job_hash"
            )
            for pk, key, data, fingerprint, job_hash in rows.iterator(chunk_size=2000):
                self._ids[key] = pk
                jobs[key] = jobstore.job_from_data(key, data, same=same)
                self._fingerprints[key] = fingerprint
                self._hashes[key] = job_hash
            self._jobs = jobs
        return self._jobs

    @property
    def jobs(self) -> dict[str, ParsedJob]:
        """Key → the job rebuilt from its row."""
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
    return {key for key, fp in fingerprints.items() if fp and stored.fingerprints.get(key) == fp}


def touched_groups(stored: StoredSet, jobs: list[ParsedJob], *, matched: set[str]) -> set[str]:
    """The groups a check may write a row of, or whose memory an event may change: those of a
    posting that is not its stored job (new, re-derived, carried), whose fingerprint is not the
    stored one or that names no company (`clean_keys` rebuilds such rows), and those of a stored
    posting not in the listing as itself. The rest are groups of unchanged postings alone
    (`grouping.plan`'s `only`)."""
    unchanged: set[str] = set()
    touched: set[str] = set()
    for job in jobs:
        if stored.jobs.get(job.key) is job and job.key in matched and job.company:
            unchanged.add(job.key)
        else:
            touched.add(grouping.group_of(job))
    for key, job in stored.jobs.items():
        if key not in unchanged:
            touched.add(grouping.group_of(job))
    return touched


def clean_keys(stored: StoredSet, jobs: list[ParsedJob], plan: grouping.Plan, *, matched: set[str]) -> set[str]:
    """Keys of `jobs` whose stored row is exactly what this check would write: its posting's
    fingerprint is the stored one (`matched`: derived under this version, boards/fingerprint.py)
    and the job is the stored object, it names its own company (else the board's, which may
    change), and nothing of its group changed (no posting of it re-derived, added or gone, its
    history unchanged), so the row's group fields are what they were."""
    dirty: set[str] = {key for key, history in plan.history.items() if plan.remembered.get(key) != history}
    same: set[str] = set()
    for job in jobs:
        if stored.jobs.get(job.key) is job:
            same.add(job.key)
        else:
            dirty.add(grouping.group_of(job))
    for key, job in stored.jobs.items():
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
) -> list[str]:
    """Write the rows of `result.jobs` that differ from the stored ones, ROWS_AT_ONCE at a time;
    return the keys of those left as they were. A row's stored data is read here, for the rows
    that are not clean only: the check does not hold every row's data."""
    matched = matched_keys(stored, reading.fingerprints)
    unchanged = list(clean_keys(stored, result.jobs, plan, matched=matched))
    clean = set(unchanged)
    pending = [job for job in result.jobs if job.key not in clean]
    rehashed: dict[int, tuple[str, str]] = {}
    names = ("resource_id", "key", "data", "last_seen_at", "fingerprint", "job_hash", *ROW_COLUMNS)
    for start in range(0, len(pending), ROWS_AT_ONCE):
        batch = pending[start : start + ROWS_AT_ONCE]
        known = [stored.ids[job.key] for job in batch if job.key in stored.ids]
        before = dict(JobRow.objects.filter(pk__in=known).values_list("id", "data")) if known else {}
        # Rows as COPY takes them (values in the order of `names`): a dict a row, then a list
        # of its values, cost 3 µs a row of a new board.
        to_create: list[tuple[Any, ...]] = []
        to_update: list[tuple[Any, ...]] = []
        for job in batch:
            served = grouping.served(plan, job, jobstore.job_data(job, company_fallback=company))
            fingerprint = reading.fingerprints.get(job.key, stored.fingerprints.get(job.key, ""))
            hashed = result.job_hashes.get(job.key, "")
            pk = stored.ids.get(job.key)
            if pk is not None and before.get(pk) == served:
                unchanged.append(job.key)
                if (stored.fingerprints.get(job.key), stored.hashes.get(job.key)) != (fingerprint, hashed):
                    rehashed[pk] = (fingerprint, hashed)
                continue
            row = (
                resource.pk,
                job.key[:600],
                served,
                now,
                fingerprint,
                hashed,
                *grouping.row_values(plan, job, now),
                *jobstore.filter_values(grouping.row_job(plan, job), company=served.get("company", company)),
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
