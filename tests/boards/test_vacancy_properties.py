"""Properties of "one job is one job" (issue 18) through the real check, diff, grouping and feed,
on the test database, with a Greenhouse board served from 127.0.0.1:

- grouping does not depend on the order a board lists its postings in;
- re-reading a board whose postings did not change writes no change and moves no group;
- across a vacancy's life (cities added and dropped, closed, reposted within the window under a
  new id or the same one, reposted after it, unrelated jobs beside it) every watch sees exactly
  the events the issue's rules give it: the board watch every posting's event, a search watch
  one JOB_ADDED per vacancy (reposts only with include_reposts), a search watch with a location
  filter one JOB_ADDED when the vacancy first lies there (by a city joining it or by a repost).

Each example runs in a savepoint rolled back at its end, so examples start from an empty store.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.db import transaction
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from boards.groups import REPOST_WINDOW
from boards.models import Job, JobGroup, Resource
from boards.services.check import resource_check
from changes.models import Change
from changes.services.feed import changes_get
from tests.fakes import FakeSite, serve_greenhouse
from watches.services.clients import client_create
from watches.services.watches import watch_create
from watchtower.config import Config

pytestmark = pytest.mark.django_db

CITIES = ("Berlin, Germany", "Munich, Germany", "Austin, TX", "Denver, CO", "Toronto, ON", "London, UK")
GERMANY = frozenset({"Berlin, Germany", "Munich, Germany"})
# Vacancies share one title; what tells them apart is the description (even ones) or the
# requisition id (odd ones).
TITLE = "Platform Engineer"
FLAVOURS = ("payments", "ledger", "search", "identity")
UNRELATED = ("Office Manager", "Accountant")
START = datetime(2026, 6, 1, 9, tzinfo=UTC)
# Each example is a few checks of a real board over HTTP: few examples, no deadline.
PROPERTIES = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)


def description(flavour: str, city: str) -> str:
    return (
        f"Join our {city} office. The platform team builds the {flavour} service that every product at Acme "
        f"relies on, and we need an engineer who has shipped and operated {flavour} systems at scale. "
        "You will design interfaces, review code, mentor colleagues and take part in the on-call rotation."
    )


@dataclass
class Vacancy:
    index: int
    postings: dict[int, str] = field(default_factory=dict)  # platform id → city
    last_postings: dict[int, str] = field(default_factory=dict)  # as they were when it closed
    first_seen: datetime | None = None
    times_posted: int = 0
    closed_at: datetime | None = None
    seen: set[str] = field(default_factory=set)  # every city of this life of the vacancy, reposts included

    @property
    def flavour(self) -> str:
        return FLAVOURS[self.index]

    def listing(self) -> list[dict[str, Any]]:
        extra = {"requisition_id": f"REQ-{700 + self.index}"} if self.index % 2 else {}
        return [
            {
                "id": job_id,
                "title": TITLE,
                "absolute_url": f"https://boards.greenhouse.io/acme/jobs/{job_id}",
                "location": {"name": city},
                "first_published": "2026-05-01T10:00:00Z",
                "departments": [{"id": 1, "name": "Engineering"}],
                "content": description(self.flavour, city),
                "company_name": "Acme Robotics",
                **extra,
            }
            for job_id, city in self.postings.items()
        ]


Event = tuple[Any, ...]


@dataclass
class Expected:
    board: list[Event] = field(default_factory=list)
    search: list[Event] = field(default_factory=list)
    reposts: list[Event] = field(default_factory=list)
    germany: list[Event] = field(default_factory=list)


class Board:
    """The board's postings (the model) and the events each step should bring to each watch."""

    def __init__(self, site: FakeSite) -> None:
        self.site = site
        self.vacancies = [Vacancy(index) for index in range(len(FLAVOURS))]
        self.unrelated: dict[int, str] = {900: UNRELATED[0]}
        self.next_id = 1000
        self.now = START

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def listing(self, order: int = 0) -> list[dict[str, Any]]:
        jobs = [job for vacancy in self.vacancies for job in vacancy.listing()]
        jobs += [
            {
                "id": job_id,
                "title": title,
                "absolute_url": f"https://boards.greenhouse.io/acme/jobs/{job_id}",
                "location": {"name": "Austin, TX"},
                "content": f"Keep the {title.lower()} work of our Austin office running smoothly every day.",
                "company_name": "Acme Robotics",
            }
            for job_id, title in self.unrelated.items()
        ]
        random.Random(order).shuffle(jobs)
        return jobs

    def publish(self, order: int = 0) -> None:
        serve_greenhouse(self.site, "acme", self.listing(order))

    def apply(self, step: tuple[Any, ...]) -> Expected:
        """Change the board as `step` says (a step that does not apply to the board's state does
        nothing) and return what each watch should receive for it."""
        kind, index, cities, same_ids = step
        vacancy = self.vacancies[index % len(self.vacancies)]
        expected = Expected()
        if kind == "open" and not vacancy.postings:
            self._open(vacancy, cities, same_ids, expected)
        elif kind == "add" and vacancy.postings:
            added = [city for city in cities if city not in vacancy.postings.values()]
            for city in added:
                job_id = self.new_id()
                vacancy.postings[job_id] = city
                expected.board.append(("JOB_UPDATED", job_id, ("locations",), (city,), ()))
            # A location watch hears of the vacancy when it first lies in its area: never again.
            if not vacancy.seen & GERMANY and set(added) & GERMANY:
                expected.germany.append(("JOB_ADDED", vacancy.flavour))
            vacancy.seen.update(added)
        elif kind == "drop" and len(vacancy.postings) > 1:
            by_city = {city: job_id for job_id, city in vacancy.postings.items()}
            job_id = by_city.get(cities[0], min(vacancy.postings))
            city = vacancy.postings.pop(job_id)
            expected.board.append(("JOB_UPDATED", job_id, ("locations",), (), (city,)))
        elif kind == "close" and vacancy.postings:
            expected.board += [("JOB_REMOVED", job_id) for job_id in vacancy.postings]
            vacancy.last_postings, vacancy.postings = vacancy.postings, {}
            vacancy.closed_at = self.now
        elif kind == "unrelated":
            if len(self.unrelated) > 1:
                job_id = max(self.unrelated)
                del self.unrelated[job_id]
                expected.board.append(("JOB_REMOVED", job_id))
            else:
                job_id = self.new_id()
                self.unrelated[job_id] = f"{UNRELATED[1]} {job_id}"  # another job each time, never a repost
                expected.board.append(("JOB_ADDED", job_id, None))
        return expected

    def _open(self, vacancy: Vacancy, cities: tuple[str, ...], same_ids: bool, expected: Expected) -> None:
        repost = vacancy.closed_at is not None and self.now - vacancy.closed_at <= REPOST_WINDOW
        if same_ids and vacancy.last_postings:
            vacancy.postings = dict(vacancy.last_postings)
        else:
            vacancy.postings = {self.new_id(): city for city in dict.fromkeys(cities)}
        vacancy.closed_at = None
        if repost:
            vacancy.times_posted += 1
        else:
            vacancy.first_seen, vacancy.times_posted, vacancy.seen = self.now, 1, set()
        reposted = vacancy.times_posted if repost else None
        expected.board += [("JOB_ADDED", job_id, reposted) for job_id in vacancy.postings]
        announced = ("JOB_ADDED", vacancy.flavour, frozenset(vacancy.postings.values()), vacancy.times_posted)
        expected.reposts.append(announced)
        if not repost:
            expected.search.append(announced)
        # A location watch hears of the vacancy when it first lies in its area, a repost in a
        # place its earlier life never had included (a new life starts with nothing seen).
        if not vacancy.seen & GERMANY and set(vacancy.postings.values()) & GERMANY:
            expected.germany.append(("JOB_ADDED", vacancy.flavour))
        vacancy.seen.update(vacancy.postings.values())


def board_event(change: dict[str, Any]) -> Event:
    data = change["data"]
    job_id = int(data["job"]["platform_id"])
    if change["type"] == "JOB_ADDED":
        return ("JOB_ADDED", job_id, data["repost_of"]["times_posted"] if "repost_of" in data else None)
    if change["type"] == "JOB_REMOVED":
        return ("JOB_REMOVED", job_id)
    return (
        "JOB_UPDATED",
        job_id,
        tuple(data["changed_fields"]),
        tuple(data.get("added_locations", ())),
        tuple(data.get("removed_locations", ())),
    )


def search_event(change: dict[str, Any], board: Board) -> Event:
    job = change["data"]["job"]
    vacancy = next(v for v in board.vacancies if int(job["platform_id"]) in {*v.postings, *v.last_postings})
    locations = frozenset(job.get("locations") or [job["location"]])
    return (change["type"], vacancy.flavour, locations, job["times_posted"])


def germany_event(change: dict[str, Any], board: Board) -> Event:
    return search_event(change, board)[:2]


@contextmanager
def rolled_back() -> Iterator[None]:
    """A savepoint undone at the end: each example starts from the test's empty store."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def check(board: Board, order: int = 0) -> None:
    board.publish(order)
    outcome = resource_check(resource_id=Resource.objects.get(platform="greenhouse").pk)
    assert outcome.ok, outcome


def group_state() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    groups = sorted(JobGroup.objects.values_list("key", "first_seen_at", "times_posted", "closed_at"))
    rows = sorted(Job.objects.values_list("key", "group_key", "lead", "first_seen_at", "times_posted", "place_text"))
    return groups, rows


STEP = st.tuples(
    st.sampled_from(["open", "open", "add", "add", "drop", "close", "close", "unrelated"]),
    st.integers(0, 7),
    st.lists(st.sampled_from(CITIES), min_size=1, max_size=3, unique=True).map(tuple),
    st.booleans(),
)
GAP_DAYS = st.one_of(st.sampled_from([0, 60, 61]), st.integers(0, 90))


class Served:
    """The fake site, with a short repr for Hypothesis' reports."""

    def __init__(self, site: FakeSite) -> None:
        self.site = site

    def __repr__(self) -> str:
        return "Served(greenhouse)"


@pytest.fixture
def served(site: FakeSite, config: Callable[..., Config]) -> Served:
    config(watch_ttl_days=3650)
    return Served(site)


def one(kind: str, vacancy: int, *cities: str, same_ids: bool = False, days: int = 1) -> tuple[Any, ...]:
    """A step of an explicit example."""
    return ((kind, vacancy, cities, same_ids), days, 0)


@PROPERTIES
@given(steps=st.lists(st.tuples(STEP, GAP_DAYS, st.integers(0, 2**16)), min_size=1, max_size=6))
# What the property found, kept: a vacancy's text naming each posting's city with its state or
# country ("Join our Austin, TX office") split it into two groups (matching/identity.py)...
@example(steps=[one("open", 0, "Berlin, Germany", "Munich, Germany", "Austin, TX")])
# ...two cities of one area joining an open vacancy in one check announced it twice to a watch of
# that area, and so did a city of the area dropped and another added later (boards/groups.py).
@example(steps=[one("open", 1, "Austin, TX"), one("add", 1, "Berlin, Germany", "Munich, Germany")])
@example(
    steps=[
        one("open", 1, "Berlin, Germany", "Austin, TX"),
        one("drop", 1, "Berlin, Germany"),
        one("add", 1, "Munich, Germany"),
        one("close", 1, days=3),
        one("open", 1, "Denver, CO", days=20),
        one("add", 1, "Berlin, Germany"),
    ]
)
# A vacancy reposted within the window in a place its earlier life never had is announced to the
# watch of that place, as a city joining it would be (the model missed it; boards/groups.py rule 3).
@example(steps=[one("open", 2, "Toronto, ON"), one("close", 2), one("open", 2, "Denver, CO", "Berlin, Germany")])
def test_every_watch_sees_each_change_of_a_vacancys_life_exactly_once(
    served: Served, steps: list[tuple[tuple[Any, ...], int, int]]
) -> None:
    with rolled_back(), time_machine.travel(START, tick=False) as clock:
        board = Board(served.site)
        board.publish()
        client = client_create().client
        watches = {
            "board": watch_create(client=client, url="https://boards.greenhouse.io/acme")["id"],
            "search": watch_create(client=client, filters={"keywords": ["platform"]})["id"],
            "reposts": watch_create(client=client, filters={"keywords": ["platform"], "include_reposts": True})["id"],
            "germany": watch_create(client=client, filters={"keywords": ["platform"], "locations": ["Germany"]})["id"],
        }
        for step, gap, order in steps:
            board.now += timedelta(days=gap)
            clock.move_to(board.now)
            expected = board.apply(step)
            check(board, order)
            seen = {name: changes_get(client=client, watch_id=watch)["changes"] for name, watch in watches.items()}
            assert Counter(map(board_event, seen["board"])) == Counter(expected.board), step
            assert Counter(search_event(c, board) for c in seen["search"]) == Counter(expected.search), step
            assert Counter(search_event(c, board) for c in seen["reposts"]) == Counter(expected.reposts), step
            assert Counter(germany_event(c, board) for c in seen["germany"]) == Counter(expected.germany), step
            assert all(
                change["type"] == "JOB_ADDED" for name in ("search", "reposts", "germany") for change in seen[name]
            )

            # The same postings listed in another order: no change, no group moves.
            before, changes = group_state(), Change.objects.count()
            check(board, order + 1)
            assert group_state() == before and Change.objects.count() == changes, step


POSTINGS = st.lists(
    st.tuples(st.integers(0, len(FLAVOURS) - 1), st.sampled_from(CITIES)), min_size=1, max_size=10, unique=True
)


def board_state() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The board's posting rows and the changes its check wrote, without their ids."""
    rows = sorted(
        (key, group, lead, sorted(data.items()), place_text)
        for key, group, lead, data, place_text in Job.objects.values_list(
            "key", "group_key", "lead", "data", "place_text"
        )
    )
    changes = sorted(
        (kind, key, role, group, sorted(data["job"].items()), data.get("changed_fields"))
        for kind, key, role, group, data in Change.objects.values_list("type", "job_key", "role", "group_key", "data")
    )
    return rows, changes


@settings(PROPERTIES, max_examples=12)
@given(postings=POSTINGS, first=st.integers(0, 2**16), second=st.integers(0, 2**16))
def test_grouping_does_not_depend_on_the_order_a_board_lists_its_postings_in(
    served: Served, postings: list[tuple[int, str]], first: int, second: int
) -> None:
    board = Board(served.site)
    for job_id, (index, city) in enumerate(postings, 1):
        board.vacancies[index].postings[job_id] = city
    jobs = board.listing()
    states = []
    for order in (first, second):  # one board, read in two orders, each from an empty store
        with rolled_back(), time_machine.travel(START, tick=False):
            serve_greenhouse(served.site, "acme", jobs[:1])
            watch_create(client=client_create().client, url="https://boards.greenhouse.io/acme")
            listed = list(jobs)
            random.Random(order).shuffle(listed)
            serve_greenhouse(served.site, "acme", listed)
            assert resource_check(resource_id=Resource.objects.get().pk).ok
            states.append(board_state())
    assert states[0] == states[1]
