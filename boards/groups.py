"""One job is one job: a board's per-posting diff events read at the level of the vacancy.

`diff_jobs` (boards/diff.py) compares postings by platform id. A vacancy is often several
postings (one requisition in thirty cities) or the same posting again under a new id (a repost);
here the events are regrouped by the postings' `group` (matching/identity.py) so that:

1. A group that appears gives every posting its JOB_ADDED (board watches see each one) and one
   of them, the group's lead (smallest key), the role "new": the one event search watches get,
   carrying every location of the group.
2. A posting that joins a group already open is JOB_UPDATED with changed_fields ["locations"]
   (role "grown" when it brings a location the group has never had in its life, reposts
   included: a search watch whose location filter now matches for the first time gets it as its
   JOB_ADDED; `prior_locations` holds every location the group had before it, those of earlier
   postings of the same check too, so two cities of one area joining at once, or a city dropped
   and added again, announce nothing twice). A posting that leaves a group that stays open is
   JOB_UPDATED ["locations"] too. The last posting of a group leaving is JOB_REMOVED, as before.
3. A group that appears again within REPOST_WINDOW of closing is a repost: its JOB_ADDED events
   carry `repost_of` and the lead has the role "repost" (search watches see it with
   `include_reposts`, and, like "grown", when it is in a place the group's earlier life never had
   and that makes the watch's location filter match: `prior_locations` holds that life's places).

Pure: no database, no clock (the check passes `now` and the board's group history in).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from boards.diff import JobEvent
from boards.job import ParsedJob, compile_init

REPOST_WINDOW = timedelta(days=60)
MAX_GROUP_LOCATIONS = 100
LOCATIONS_CHANGED = ("locations",)
Role = str  # "" (board watches only) | "new" | "repost" | "grown"


@dataclass(frozen=True, slots=True)
class GroupHistory:
    """What a board remembers of a group (boards.ParsedJobGroup)."""

    first_seen_at: datetime
    times_posted: int
    closed_at: datetime | None = None
    places: tuple[str, ...] = ()  # every location of this life of the group (its reposts too)


# Built as ParsedJob is (boards/job.py `compile_init`): a new board's plan makes one per group, and
# the frozen dataclass's own __init__ (an object.__setattr__ a field) took 1.85 µs, this 0.89 µs.
_dataclass_init = GroupHistory.__init__  # what `compile_init` writes out (its test compares the two)
GroupHistory.__init__ = compile_init(GroupHistory)  # type: ignore[method-assign]


@dataclass(frozen=True)
class GroupedEvent:
    event: JobEvent
    role: Role = ""
    prior_locations: tuple[str, ...] = ()  # "grown"/"repost": every location the group had before
    added_locations: tuple[str, ...] = ()
    removed_locations: tuple[str, ...] = ()
    repost_of: GroupHistory | None = None


def by_group(jobs: Iterable[ParsedJob]) -> dict[str, list[ParsedJob]]:
    groups: dict[str, list[ParsedJob]] = {}
    for job in jobs:
        groups.setdefault(job.group or job.key, []).append(job)
    return groups


def lead_of(postings: Sequence[ParsedJob]) -> ParsedJob:
    """The posting that stands for its group: the smallest key, whatever order the board lists in."""
    return min(postings, key=lambda job: job.key)


def locations_of(postings: Sequence[ParsedJob]) -> tuple[str, ...]:
    """Every location of a group: the lead's first, the others in alphabetical order, each once."""
    if len(postings) == 1 and not postings[0].other_locations:  # most groups: one posting, one place
        location = postings[0].location
        return (location,) if location else ()
    lead = lead_of(postings)
    seen: dict[str, str] = {}
    for job in sorted(postings, key=lambda job: job.key):
        for place in (job.location, *job.other_locations):
            if place and place.casefold() not in seen:
                seen[place.casefold()] = place
    first = lead.location.casefold() if lead.location else ""
    rest = sorted((folded for folded in seen if folded != first), key=lambda folded: folded)
    ordered = ([seen[first]] if first in seen else []) + [seen[folded] for folded in rest]
    return tuple(ordered[:MAX_GROUP_LOCATIONS])


def group_job(postings: Sequence[ParsedJob]) -> ParsedJob:
    """The lead posting with every location of its group: what search and search watches match."""
    if len(postings) == 1:  # most groups: nothing to gather
        return postings[0]
    lead = lead_of(postings)
    places = locations_of(postings)
    return replace(lead, location=places[0] if places else "", other_locations=places[1:])


def regroup(
    events: Sequence[JobEvent],
    previous: Sequence[ParsedJob],
    current: Sequence[ParsedJob],
    *,
    history: Mapping[str, GroupHistory],
    now: datetime,
) -> list[GroupedEvent]:
    """The diff's events, regrouped (rules in the module docstring). `previous` and `current` are
    the board's open sets before and after; `history` holds the board's remembered groups."""
    before = by_group(previous)
    after = by_group(current)
    out: list[GroupedEvent] = []
    announced: set[str] = set()
    had: dict[str, list[str]] = {}  # open group → every location it has had, this check's included
    for event in events:
        group = event.job.group or event.job.key
        was = before.get(group, [])
        now_open = after.get(group, [])
        if event.type == "JOB_ADDED" and was:
            had_so_far = had.setdefault(group, list(places_seen(history.get(group), was)))
            out.append(_joined(event, was, had_so_far))
        elif event.type == "JOB_ADDED":
            out.append(_added(event, group, now_open, history.get(group), now, announced))
        elif event.type == "JOB_REMOVED" and now_open:
            old = set(p.casefold() for p in locations_of(was)) if was else set()
            new = {p.casefold() for p in locations_of(now_open)}
            gone = tuple(p for p in (event.job.location, *event.job.other_locations) if p and p.casefold() in old - new)
            updated = JobEvent("JOB_UPDATED", event.job, LOCATIONS_CHANGED, before=event.job)
            out.append(GroupedEvent(updated, removed_locations=gone))
        else:
            out.append(GroupedEvent(event))
    return out


def places_seen(remembered: GroupHistory | None, postings: Sequence[ParsedJob]) -> tuple[str, ...]:
    """Every location an open group has had: the remembered ones, then those of `postings`
    (groups remembered before the memory of places existed start from their postings)."""
    if remembered is None or remembered.closed_at is not None:
        # The postings' own, each once already (casefolded): every group of a new board's first
        # read, 100,000 of them for a big board.
        return locations_of(postings)
    places = dict.fromkeys(remembered.places)
    folded = {place.casefold() for place in places}
    for place in locations_of(postings):
        if place.casefold() not in folded:
            folded.add(place.casefold())
            places[place] = None
    return tuple(places)


def _joined(event: JobEvent, was: Sequence[ParsedJob], had: list[str]) -> GroupedEvent:
    """A posting joining an open group: an update of its locations; "grown" when it brings a
    location the group never had (`had` grows with it, for the check's next postings)."""
    job = event.job
    known = {place.casefold() for place in locations_of(was)}
    brought = tuple(p for p in (job.location, *job.other_locations) if p and p.casefold() not in known)
    prior = tuple(had)
    folded = {place.casefold() for place in prior}
    first_time = [place for place in brought if place.casefold() not in folded]
    had.extend(first_time)
    updated = JobEvent("JOB_UPDATED", job, LOCATIONS_CHANGED, before=job)
    return GroupedEvent(updated, role="grown" if first_time else "", prior_locations=prior, added_locations=brought)


def _added(
    event: JobEvent,
    group: str,
    now_open: Sequence[ParsedJob],
    remembered: GroupHistory | None,
    now: datetime,
    announced: set[str],
) -> GroupedEvent:
    """A posting of a group that was not open: its JOB_ADDED (the lead's stands for the group)."""
    job = event.job
    lead = lead_of(now_open)
    repost = is_repost(remembered, now)
    role = ""
    if job.key == lead.key and group not in announced:
        announced.add(group)
        role = "repost" if repost else "new"
        event = replace(event, job=group_job(now_open))
    prior = remembered.places if remembered is not None and role == "repost" else ()
    return GroupedEvent(event, role=role, prior_locations=prior, repost_of=remembered if repost else None)


def is_repost(remembered: GroupHistory | None, now: datetime) -> bool:
    return remembered is not None and remembered.closed_at is not None and now - remembered.closed_at <= REPOST_WINDOW
