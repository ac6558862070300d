"""A search watch's preview (`matching_jobs_count`, `matching_jobs_count_is_lower_bound` and
`current_jobs`, when it is made and when it is read) is its search's: the page and the count of
`jobs_search` for the same filters, read by the same plans (`search.newest_matching`), and what the
in-memory predicate selects, for every filter of the agreement table; the count is exact up to 100
and a lower bound above."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine

from boards.models import Job, Resource
from matching.tech import is_tech_company
from tests.watches.test_filters_agree import FILTERS, JOBS, NOW, agreement_boards, freshness, job_columns
from watches.filters import Filters, filters_match
from watches.models import Client
from watches.services.search import jobs_search
from watches.services.watches import watch_create, watch_get

pytestmark = pytest.mark.django_db

SEARCHES = [item for item in FILTERS if not Filters.from_dict(item).is_empty()]


@pytest.fixture
def stored() -> list[Job]:
    boards = agreement_boards()
    Job.objects.bulk_create(
        Job(
            resource=boards[index % len(boards)],
            key=f"job-{index}",
            data={"key": f"job-{index}"},
            tech=is_tech_company(boards[index % len(boards)].tech_share),  # as a check writes it
            **job_columns(spec),
            **freshness(index),
        )
        for index, spec in enumerate(JOBS)
    )
    return list(Job.objects.select_related("resource"))


@pytest.mark.parametrize("data", SEARCHES, ids=[str(item) for item in SEARCHES])
def test_a_preview_is_the_search_of_its_filters(stored: list[Job], data: dict[str, Any]) -> None:
    filters = Filters.from_dict(data)
    expected = [
        job.key
        for job in sorted(stored, key=lambda job: (-job.first_seen_at.timestamp(), job.pk))
        if filters_match(filters, job, now=NOW)
    ]
    client = Client.objects.create(token_hash="preview")
    with time_machine.travel(NOW, tick=False):
        made = watch_create(client=client, filters=data)
        read = watch_get(client=client, watch_id=made["id"], limit=2)
        searched = jobs_search(filters=data, limit=50)
    assert [job["key"] for job in made["current_jobs"]] == expected
    assert made["current_jobs"] == searched["jobs"]
    assert read["current_jobs"] == searched["jobs"][:2]
    for body in (made, read):
        assert (body["matching_jobs_count"], body["matching_jobs_count_is_lower_bound"]) == (len(expected), False)
        assert body["coverage"] == searched["coverage"]


@pytest.mark.parametrize("count", [100, 101])
def test_a_preview_counts_to_one_hundred_and_says_when_there_are_more(count: int) -> None:
    board = Resource.objects.create(
        url="https://boards.greenhouse.io/many", platform="greenhouse", fetch_host="boards-api.greenhouse.io"
    )
    Job.objects.bulk_create(
        Job(
            resource=board,
            key=f"job-{index}",
            data={"key": f"job-{index}"},
            **job_columns({"title": f"iOS Engineer {index}", "location": "Austin, TX"}),
            first_seen_at=NOW - timedelta(hours=index),
        )
        for index in range(count)
    )
    client = Client.objects.create(token_hash="preview")
    with time_machine.travel(NOW, tick=False):
        made = watch_create(client=client, filters={"keywords": ["ios"]})
        read = watch_get(client=client, watch_id=made["id"], limit=100)
    assert [job["key"] for job in made["current_jobs"]] == [f"job-{index}" for index in range(50)]
    assert [job["key"] for job in read["current_jobs"]] == [f"job-{index}" for index in range(100)]
    for body in (made, read):
        assert (body["matching_jobs_count"], body["matching_jobs_count_is_lower_bound"]) == (100, count > 100)
