"""A board's group memory as a check reads it, spelled out here from the stored rows: its JobGroup
rows, and for an open group without one, what its posting rows say (boards/services/grouping.py:
first sighting and count from the rows, places from the postings), so tests compare memory,
whichever way it is kept."""

from __future__ import annotations

from collections import defaultdict
from datetime import datetime
from typing import Any

from boards.groups import locations_of
from boards.job import ParsedJob
from boards.models import Job, JobGroup, Resource
from boards.services.jobstore import job_from_data

Memory = tuple[str, datetime, int, datetime | None, list[str]]


def group_memory(resource: Resource) -> list[Memory]:
    """(key, first seen, times posted, closed at, places) of every group the board remembers."""
    memory: dict[str, Memory] = {
        key: (key, first, times, closed, list(places or ()))
        for key, first, times, closed, places in JobGroup.objects.filter(resource=resource).values_list(
            "key", "first_seen_at", "times_posted", "closed_at", "places"
        )
    }
    postings: dict[str, list[ParsedJob]] = defaultdict(list)
    sighted: dict[str, list[tuple[datetime, int]]] = defaultdict(list)
    rows: Any = Job.objects.filter(resource=resource).values_list(
        "key", "data", "group_key", "first_seen_at", "times_posted"
    )
    for key, data, group, first, times in rows:
        postings[group].append(job_from_data(key, data))
        sighted[group].append((first, times))
    for group, jobs in postings.items():
        if group not in memory:
            first, times = min(sighted[group])
            memory[group] = (group, first, times, None, list(locations_of(jobs)))
    return sorted(memory.values())


def group_rows(resource: Resource | None = None) -> int:
    """How many memory rows the board (or every board) has."""
    rows = JobGroup.objects.all() if resource is None else JobGroup.objects.filter(resource=resource)
    return rows.count()
