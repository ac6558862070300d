"""One job is one job (issue 18), end to end over HTTP on 127.0.0.1 with real platform shapes
(tests/boards/fixtures: a real Workday list item, the documented detail fields; a Greenhouse job
and a schema.org JobPosting of one vacancy):

- a Workday requisition in 30 cities reaches a search watch as one JOB_ADDED, with every city;
- a city added is a JOB_UPDATED ["locations"] for the board watch and nothing for the search watch;
- removed, then reposted under a new id 10 days later: JOB_ADDED with `repost_of` for the board
  watch, nothing for the search watch (unless it asks with include_reposts);
- a search-watch change read after its job closed says `open: false` and `closed_at`;
- two jobs with the same title but different descriptions stay two jobs;
- the same vacancy on a Greenhouse board and a JSON-LD careers page shows once in search.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import time_machine
from pytest_httpserver import HTTPServer
from werkzeug import Request as WebRequest
from werkzeug import Response as WebResponse

from boards.fetch import robots
from boards.models import Job, Resource
from boards.services.check import resource_check
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
from changes.services.feed import changes_get
from tests.boards.nine_sources_fixtures import Web, json_answer
from tests.fakes import GREENHOUSE_API, greenhouse_job, serve_greenhouse
from watches.services.clients import client_create
from watches.services.search import jobs_search
from watches.services.watches import watch_create
from watchtower.config import Config

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).parent / "fixtures"
HOST = "acme.wd5.myworkdayjobs.com"
BOARD = f"https://{HOST}/en-US/Careers"
LIST_PATH = "/wday/cxs/acme/Careers/jobs"
CAREERS = "careers.acme.example"
CITIES = [
    "Tel Aviv", "Haifa", "Austin", "Denver", "Boston", "Seattle", "Chicago", "Atlanta", "Toronto", "Vancouver",
    "London", "Dublin", "Paris", "Berlin", "Munich", "Madrid", "Lisbon", "Warsaw", "Prague", "Vienna",
    "Zurich", "Amsterdam", "Stockholm", "Oslo", "Helsinki", "Copenhagen", "Tokyo", "Seoul", "Sydney", "Singapore",
]  # fmt: skip


def sample() -> dict[str, Any]:
    return json.loads((FIXTURES / "workday-requisition.json").read_text())


def city_posting(city: str, suffix: int) -> dict[str, Any]:
    """The real list item, posted in `city` under the requisition's id with a "-N" suffix (how
    Workday lists one requisition several times)."""
    item = dict(sample()["listItem"])
    slug = city.replace(" ", "-")
    item["externalPath"] = f"/job/{slug}/Regional-Developer-Relations-Manager---Israel_JR2010933-{suffix}"
    item["locationsText"] = city
    item["bulletFields"] = [f"JR2010933-{suffix}"]
    return item


def other_posting() -> dict[str, Any]:
    return {
        "title": "Solutions Architect",
        "externalPath": "/job/Santa-Clara/Solutions-Architect_JR1999001",
        "locationsText": "Santa Clara",
        "postedOn": "Posted 30+ Days Ago",
        "bulletFields": ["JR1999001"],
    }


class Workday:
    """The tenant's listing (changed between checks) and each posting's detail."""

    def __init__(self, web: Web) -> None:
        self.postings: list[dict[str, Any]] = []
        web.route(HOST, LIST_PATH, self.listing)
        self.web = web

    def show(self, postings: list[dict[str, Any]]) -> None:
        self.postings = postings
        for item in postings:
            info = dict(sample()["jobPostingInfo"])
            city = item["locationsText"]
            info["location"] = city
            info["jobDescription"] = info["jobDescription"].replace("{city}", city)
            self.web.serve(HOST, "/wday/cxs/acme/Careers" + item["externalPath"], {"jobPostingInfo": info})

    def listing(self, request: WebRequest) -> WebResponse:
        offset = (request.get_json(silent=True) or {}).get("offset", 0)
        page = self.postings[offset : offset + 20]
        return json_answer({"total": len(self.postings) if offset == 0 else 0, "jobPostings": page})


@pytest.fixture
def web(httpserver: HTTPServer, config: Callable[..., Config]) -> Iterator[Web]:
    served = Web(httpserver)
    hosts = [HOST, GREENHOUSE_API, "boards.greenhouse.io", CAREERS]
    config(
        allow_private_networks=True,
        fetch_host_overrides={host: served.base_url for host in hosts},
        host_min_spacing_ms=0,
        min_check_interval_seconds=0,
    )
    robots.robots_cache_clear()
    yield served
    robots.robots_cache_clear()


def check() -> None:
    outcome = resource_check(resource_id=Resource.objects.get(platform="workday").pk)
    assert outcome.ok, outcome


def kinds(feed: dict[str, Any]) -> list[str]:
    return [change["type"] for change in feed["changes"]]


def test_a_requisition_in_thirty_cities_is_one_job_through_its_whole_life(web: Web) -> None:
    workday = Workday(web)
    workday.show([other_posting()])
    client = client_create().client
    board_watch = watch_create(client=client, url=BOARD)["id"]
    search_watch = watch_create(client=client, query="developer relations")["id"]
    reposts_watch = watch_create(client=client, query="developer relations", filters={"include_reposts": True})["id"]
    late_reader = watch_create(client=client, query="developer relations manager")["id"]
    in_tel_aviv = watch_create(client=client, query="developer relations", filters={"locations": ["Tel Aviv"]})["id"]
    in_mexico = watch_create(client=client, query="developer relations", filters={"locations": ["Mexico"]})["id"]

    def read(watch: str) -> dict[str, Any]:
        return changes_get(client=client, watch_id=watch)

    # 30 cities, one requisition.
    workday.show([other_posting(), *(city_posting(city, n) for n, city in enumerate(CITIES, 1))])
    check()
    board = read(board_watch)
    assert kinds(board) == ["JOB_ADDED"] * 30
    assert len({change["data"]["job"]["group"] for change in board["changes"]}) == 1
    search = read(search_watch)
    assert kinds(search) == ["JOB_ADDED"]
    job = search["changes"][0]["data"]["job"]
    assert len(job["locations"]) == 30 and set(job["locations"]) == set(CITIES)
    assert job["times_posted"] == 1 and job["days_open"] == 0 and "first_seen_at" in job
    assert search["changes"][0]["open"] is True
    found = jobs_search(query="developer relations")
    assert len(found["jobs"]) == 1 and len(found["jobs"][0]["locations"]) == 30

    # A 31st city: an update of the open vacancy for the board watch, nothing for the search watch.
    workday.show([other_posting(), *(city_posting(city, n) for n, city in enumerate([*CITIES, "Reykjavik"], 1))])
    check()
    board = read(board_watch)
    assert kinds(board) == ["JOB_UPDATED"]
    assert board["changes"][0]["data"]["changed_fields"] == ["locations"]
    assert board["changes"][0]["data"]["added_locations"] == ["Reykjavik"]
    assert read(search_watch)["changes"] == []
    assert len(jobs_search(query="developer relations")["jobs"][0]["locations"]) == 31

    # Closed: every posting removed on the board; a search watch that reads only now is told.
    workday.show([other_posting()])
    check()
    assert kinds(read(board_watch)) == ["JOB_REMOVED"] * 31
    assert read(search_watch)["changes"] == []
    late = read(late_reader)["changes"]
    assert [(change["type"], change["open"]) for change in late] == [("JOB_ADDED", False)]
    assert "closed_at" in late[0]
    assert jobs_search(query="developer relations")["jobs"] == []

    # Reposted 10 days later under a new posting id of the same requisition.
    with time_machine.travel(datetime.now(UTC) + timedelta(days=10), tick=True):
        workday.show([other_posting(), city_posting("Tel Aviv", 40), city_posting("Mexico City", 41)])
        check()
        board = read(board_watch)
        assert kinds(board) == ["JOB_ADDED", "JOB_ADDED"]
        repost = board["changes"][0]["data"]
        assert repost["repost_of"]["times_posted"] == 2
        assert repost["job"]["times_posted"] == 2 and repost["job"]["days_open"] == 10
        assert read(search_watch)["changes"] == []
        # Tel Aviv was a city of its first life: no news there; Mexico City never was.
        assert kinds(read(in_tel_aviv)) == ["JOB_ADDED"]  # the first posting only
        news = read(in_mexico)["changes"]
        assert kinds({"changes": news}) == ["JOB_ADDED"]
        assert news[0]["data"]["repost_of"] == repost["repost_of"]
        assert "Mexico City" in news[0]["data"]["job"]["locations"]
        asked = read(reposts_watch)["changes"]
        assert kinds({"changes": asked}) == ["JOB_ADDED", "JOB_ADDED"]  # the first posting, then its repost
        assert asked[1]["data"]["repost_of"] == repost["repost_of"]
        assert jobs_search(query="developer relations", filters={"max_days_open": 5})["jobs"] == []
        assert len(jobs_search(query="developer relations", filters={"max_days_open": 11})["jobs"]) == 1


def test_the_same_title_with_different_descriptions_stays_two_jobs(site: Any) -> None:
    words = "Our team builds the {what} that every customer uses every day, and we need help to scale it. " * 3
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Backend Engineer")])
    resource, _ = resource_get_or_create(board=recognize("https://boards.greenhouse.io/acme"))
    resource_check(resource_id=resource.pk)
    serve_greenhouse(
        site,
        "acme",
        [
            greenhouse_job(1, "Backend Engineer"),
            greenhouse_job(2, "Payments Engineer", location="Austin, TX", content=words.format(what="payment API")),
            greenhouse_job(3, "Payments Engineer", location="Denver, CO", content=words.format(what="ledger")),
        ],
    )
    resource_check(resource_id=resource.pk)
    rows = Job.objects.filter(title="Payments Engineer")
    assert rows.count() == 2 and len(set(rows.values_list("group_key", flat=True))) == 2
    assert len(jobs_search(query="payments engineer")["jobs"]) == 2


def test_one_vacancy_on_greenhouse_and_on_a_json_ld_page_shows_once_in_search(web: Web) -> None:
    shapes = json.loads((FIXTURES / "greenhouse-and-jsonld.json").read_text())
    serve_greenhouse(web, "acme", [shapes["greenhouseJob"]])
    page = (
        '<!DOCTYPE html><html><head><title>Careers</title><script type="application/ld+json">'
        f"{json.dumps(shapes['jsonldPosting'])}</script></head><body></body></html>"
    )
    web.serve(CAREERS, "/jobs/sre", page)
    for url in ("https://boards.greenhouse.io/acme", f"https://{CAREERS}/jobs/sre"):
        resource, _ = resource_get_or_create(board=recognize(url))
        assert resource_check(resource_id=resource.pk).ok
    assert Job.objects.count() == 2
    assert len(set(Job.objects.values_list("vacancy_key", flat=True))) == 1

    found = jobs_search(query="site reliability engineer")
    assert found["total"] == 1
    (job,) = found["jobs"]
    assert job["platform"] == "greenhouse"  # the copy seen first
    assert job["also_at"] == ["https://careers.acme.example/jobs/sre"]
