"""The job diff (SPEC §8): the previous open set and a new snapshot → JOB_ADDED / JOB_REMOVED /
JOB_UPDATED events and the new open set. Pure: no database, no clock.

Rules, in the order they apply:
1. Duplicate keys in the snapshot collapse to the first.
2. Carry-over: a partial job (only its URL was seen, e.g. a sitemap) whose key was known with full
   details keeps the previous job, so a sitemap-only view of a known job does not flap.
3. A job in both sets is updated when its title, location, department or url changed. A partial
   job becoming complete is not an update (its details are simply taken). Other fields (salary,
   posted_at, seniority…) change the stored job and the content hash but make no event.
4. A job only in the snapshot is added; a job only in the previous set is removed, unless the
   snapshot is incomplete (the source showed only its newest postings): then it stays open.
5. JSON-LD jobs without a stable id are keyed by title and location ("tl:"), so a moved job would
   look like a removal plus an addition; a removed and an added "tl:" job with the same title,
   unique on both sides, are paired into one update instead.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from boards.job import Job

EventType = Literal["JOB_ADDED", "JOB_REMOVED", "JOB_UPDATED"]
TRACKED_FIELDS = ("title", "location", "department", "url")
TITLE_LOCATION_PREFIX = "tl:"


@dataclass(frozen=True)
class JobEvent:
    type: EventType
    job: Job  # the new job for added/updated, the old one for removed
    changed_fields: tuple[str, ...] = ()
    before: Job | None = None  # JOB_UPDATED only: the job as it was (its key differs when paired)


@dataclass
class DiffResult:
    events: list[JobEvent]
    jobs: list[Job]  # the new open set
    content_hash: str  # of `jobs`


def diff_jobs(previous: Mapping[str, Job], current: Sequence[Job], *, complete: bool) -> DiffResult:
    snapshot: dict[str, Job] = {}
    for job in current:
        snapshot.setdefault(job.key, job)
    for key, job in snapshot.items():
        known = previous.get(key)
        if job.partial and known is not None and not known.partial:
            snapshot[key] = known

    added = [job for key, job in snapshot.items() if key not in previous]
    removed = [job for key, job in previous.items() if key not in snapshot] if complete else []
    updated: list[JobEvent] = []
    for key, job in snapshot.items():
        known = previous.get(key)
        if known is None or known is job or known.partial != job.partial:
            continue
        changed = changed_fields(known, job)
        if changed:
            updated.append(JobEvent("JOB_UPDATED", job, changed, before=known))
    if removed and added:
        added, removed, moved = _pair_title_location(added, removed)
        updated.extend(moved)

    jobs = list(snapshot.values())
    if not complete:
        jobs.extend(job for key, job in previous.items() if key not in snapshot)
    events = [JobEvent("JOB_ADDED", job) for job in added]
    events += [JobEvent("JOB_REMOVED", job) for job in removed]
    events += updated
    return DiffResult(events=events, jobs=jobs, content_hash=content_hash(jobs))


def changed_fields(before: Job, after: Job) -> tuple[str, ...]:
    return tuple(name for name in TRACKED_FIELDS if getattr(before, name) != getattr(after, name))


def content_hash(jobs: Iterable[Job]) -> str:
    """SHA-256 of the jobs as served (`Job.as_dict`), sorted by key: the listing order never
    changes the hash, and a job rebuilt from the database hashes like the one just derived."""
    ordered = sorted((job.as_dict() for job in jobs), key=lambda data: str(data["key"]))
    encoded = json.dumps(ordered, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


def body_fingerprint(body: bytes) -> str:
    """SHA-256 of a response body. A re-check whose body has the stored fingerprint is unchanged
    and skips parsing, derivation and the diff (a 30 MB listing hashes in about 20 ms)."""
    return hashlib.sha256(body).hexdigest()


def _pair_title_location(added: list[Job], removed: list[Job]) -> tuple[list[Job], list[Job], list[JobEvent]]:
    def by_title(jobs: list[Job]) -> dict[str, list[Job]]:
        groups: dict[str, list[Job]] = {}
        for job in jobs:
            if job.key.startswith(TITLE_LOCATION_PREFIX):
                groups.setdefault(" ".join(job.title.casefold().split()), []).append(job)
        return groups

    added_titles = by_title(added)
    removed_titles = by_title(removed)
    paired: set[str] = set()
    moved: list[JobEvent] = []
    for title, gone in removed_titles.items():
        arrived = added_titles.get(title, [])
        if len(gone) == 1 and len(arrived) == 1:
            before, after = gone[0], arrived[0]
            moved.append(JobEvent("JOB_UPDATED", after, changed_fields(before, after), before=before))
            paired.update((before.key, after.key))
    if not paired:
        return added, removed, []
    return (
        [job for job in added if job.key not in paired],
        [job for job in removed if job.key not in paired],
        moved,
    )
