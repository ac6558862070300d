"""The job diff (SPEC §8): the previous open set and a new snapshot → JOB_ADDED / JOB_REMOVED /
JOB_UPDATED events and the new open set. Every rule that decides whether a job stays, goes or
keeps what an earlier check learnt lives here. Pure: no database, no clock (`now` is passed in).

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

Around `diff_jobs`, the check applies two more rules:
- `carry_details` (before the diff): a job whose detail page was read once keeps those fields
  when a later listing comes without them, and a known job keeps its vacancy group.
- `drop_stale` (after the diff of an incomplete snapshot): a job unseen for STALE_AFTER leaves
  the open set silently, so an incomplete view's open set does not grow for ever.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from operator import attrgetter
from typing import Literal

from boards.job import ParsedJob, sorted_dict
from watchtower.json_text import compact_encoder

EventType = Literal["JOB_ADDED", "JOB_REMOVED", "JOB_UPDATED"]
TRACKED_FIELDS = ("title", "location", "department", "url")
TITLE_LOCATION_PREFIX = "tl:"
# An incomplete view's job unseen this long is no longer counted open (`drop_stale`).
STALE_AFTER = timedelta(days=30)
# Fields only a detail page gives; a listing without them keeps the earlier values (`carry_details`).
DETAIL_FIELDS = (
    "salary",
    "experience_years",
    "experience_years_max",
    "experience_source",
    "employment_type",
    "employment_type_source",
    "visa_sponsorship",
    "visa_evidence",
    "remote_scope",
    "staffing_agency",
    "workplace_type",
    "remote",
    "posted_at",
    "other_locations",
)


@dataclass(frozen=True)
class JobEvent:
    type: EventType
    job: ParsedJob  # the new job for added/updated, the old one for removed
    changed_fields: tuple[str, ...] = ()
    before: ParsedJob | None = None  # JOB_UPDATED only: the job as it was (its key differs when paired)


@dataclass
class DiffResult:
    events: list[JobEvent]
    jobs: list[ParsedJob]  # the new open set
    content_hash: str  # of `jobs`
    job_hashes: dict[str, str] = field(default_factory=dict)  # key → `job_hash` of each of `jobs`
    # key → the text `job_hash` hashed (`job_text`), for each job of `jobs` not in the previous set:
    # a new row's data is written from it (jobstore.data_text), not serialised a second time.
    job_texts: dict[str, bytes] = field(default_factory=dict)


def diff_jobs(
    previous: Mapping[str, ParsedJob],
    current: Sequence[ParsedJob],
    *,
    complete: bool,
    known_hashes: Mapping[str, str] | None = None,
    baseline: bool = False,
) -> DiffResult:
    """`known_hashes` are the stored `job_hash`es of `previous`: a job of `current` that is the
    previous object itself (an unchanged posting, boards/fingerprint.py) is not hashed again.
    `baseline`: the board's first snapshot, whose events nobody reads (the check writes none for
    it): none are made (a `JobEvent` for each of a new 100,000-posting board's jobs)."""
    snapshot: dict[str, ParsedJob] = {}
    for job in current:
        snapshot.setdefault(job.key, job)
    for key, job in snapshot.items():
        if job.partial:
            known = previous.get(key)
            if known is not None and not known.partial:
                snapshot[key] = known

    added = [job for key, job in snapshot.items() if key not in previous]
    # In key order: `previous` comes in whatever order the database read the stored rows (a plan's
    # choice), and the removed jobs' order is the order of their change rows in the feed.
    removed = (
        sorted((job for key, job in previous.items() if key not in snapshot), key=attrgetter("key")) if complete else []
    )
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
    events: list[JobEvent] = []
    if not baseline:
        events = [JobEvent("JOB_ADDED", job) for job in added]
        events += [JobEvent("JOB_REMOVED", job) for job in removed]
        events += updated
    texts: dict[str, bytes] = {}
    hashes = job_hashes(jobs, previous, known_hashes or {}, texts=texts)
    return DiffResult(
        events=events, jobs=jobs, content_hash=combined_hash(hashes.values()), job_hashes=hashes, job_texts=texts
    )


def changed_fields(before: ParsedJob, after: ParsedJob) -> tuple[str, ...]:
    return tuple(name for name in TRACKED_FIELDS if getattr(before, name) != getattr(after, name))


# `json.dumps(..., sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)` of a
# dict whose keys are in sorted order already (`boards.job.sorted_dict`), so without sorting them
# again, as UTF-8 written by orjson (watchtower/json_text.py `compact_encoder`: the same bytes for
# a job's values, a tenth of the C encoder's time).
_HASHED_JSON = compact_encoder(default=str)


def job_hash(job: ParsedJob) -> str:
    """SHA-256 of the job as served (`ParsedJob.as_dict`), its JSON with sorted keys: a job rebuilt
    from the database hashes like the one just derived. Stored with its row (`boards.Job.job_hash`)."""
    return hashlib.sha256(job_text(job)).hexdigest()


def job_text(job: ParsedJob) -> bytes:
    """What `job_hash` hashes: the served job's JSON, keys sorted, compact, in UTF-8 (`_HASHED_JSON`)."""
    return _HASHED_JSON(sorted_dict(job))


def job_hashes(
    jobs: Iterable[ParsedJob],
    previous: Mapping[str, ParsedJob],
    known: Mapping[str, str],
    *,
    texts: dict[str, bytes] | None = None,
) -> dict[str, str]:
    """Each job's `job_hash`, taken from `known` for a job that is the previous object itself;
    `texts` gets the `job_text` of each job not in `previous` (a new row: only those are written
    from it, and a re-derived board's texts would be held for nothing)."""
    hashes: dict[str, str] = {}
    sha256 = hashlib.sha256
    for job in jobs:
        key = job.key
        before = previous.get(key)
        stored = known.get(key) if before is job else None
        if stored:
            hashes[key] = stored
            continue
        text = job_text(job)
        hashes[key] = sha256(text).hexdigest()
        if before is None and texts is not None:
            # A copy of its own size: orjson's bytes keep the buffer they were written in (about
            # 4 KB), and a new 100,000-posting board's texts held 350 MB more for it.
            texts[key] = bytes(memoryview(text))
    return hashes


def combined_hash(hashes: Iterable[str]) -> str:
    """The open set's content hash: the sum of its jobs' hashes modulo 2**256. The order of the
    listing never changes it, and it is kept from per-row hashes without serialising every job
    (a 100,000-job board serialised its whole open set on every check). Keys are unique in an
    open set, so no two terms are one job's."""
    total = 0
    for value in hashes:
        total += int(value, 16)
    return f"{total % (1 << 256):064x}"


def content_hash(jobs: Iterable[ParsedJob]) -> str:
    """The content hash of `jobs`, each hashed afresh."""
    return combined_hash(job_hash(job) for job in jobs)


def body_fingerprint(body: bytes) -> str:
    """SHA-256 of a response body. A re-check whose body has the stored fingerprint is unchanged
    and skips parsing, derivation and the diff (a 30 MB listing hashes in about 20 ms)."""
    return hashlib.sha256(body).hexdigest()


def carry_details(previous: dict[str, ParsedJob], jobs: list[ParsedJob]) -> list[ParsedJob]:
    """A job whose detail page was read on an earlier check keeps what it gave (salary,
    experience, workplace) when this listing, which carries no text, comes without them. A known
    job keeps the vacancy group it was first seen in (boards/groups.py): its description may be
    read only on a later check, and its group must not move when it is."""
    if not previous:  # a board's first read: nothing was learnt of any job (100,000 looked up)
        return list(jobs)
    carried = []
    for job in jobs:
        before = previous.get(job.key)
        # Only when it changes something: a `replace` per job of a 100,000-job board cost 4 s.
        if (
            before is not None
            and before.group
            and (before.group, job.vacancy or before.vacancy) != (job.group, job.vacancy)
        ):
            job = replace(job, group=before.group, vacancy=job.vacancy or before.vacancy)
        if before is not None and before.details_read and not job.details_read:
            updates = {
                name: getattr(before, name)
                for name in DETAIL_FIELDS
                if getattr(before, name) and not getattr(job, name)
            }
            if job.workplace_type == "unknown" and before.workplace_type != "unknown":
                updates["workplace_type"] = before.workplace_type
                updates["remote"] = before.remote
            job = replace(job, details_read=True, **updates)
        carried.append(job)
    return carried


def drop_stale(result: DiffResult, *, seen: set[str], last_seen: dict[str, datetime], now: datetime) -> DiffResult:
    """An incomplete view (newest N of a bigger board) keeps jobs it no longer shows, since they may
    still be open; one unseen for STALE_AFTER is dropped from the open set, silently (no
    JOB_REMOVED: the view never said it closed), so the set does not grow for ever."""
    cutoff = now - STALE_AFTER
    kept = [job for job in result.jobs if job.key in seen or last_seen.get(job.key, now) >= cutoff]
    if len(kept) == len(result.jobs):
        return result
    hashes = {job.key: result.job_hashes.get(job.key) or job_hash(job) for job in kept}
    return replace(result, jobs=kept, content_hash=combined_hash(hashes.values()), job_hashes=hashes)


def _pair_title_location(
    added: list[ParsedJob], removed: list[ParsedJob]
) -> tuple[list[ParsedJob], list[ParsedJob], list[JobEvent]]:
    def by_title(jobs: list[ParsedJob]) -> dict[str, list[ParsedJob]]:
        groups: dict[str, list[ParsedJob]] = {}
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
