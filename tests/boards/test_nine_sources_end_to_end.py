"""End to end, for the nine multi-request sources (Workday, iCIMS, Oracle Recruiting, Eightfold,
SuccessFactors, Apple, Google, Amazon, Microsoft): a board served from 127.0.0.1 through
FETCH_HOST_OVERRIDES is watched (its first snapshot is the baseline), one job is added and one
removed, the board is checked, and the change feed shows JOB_ADDED for the new job everywhere and
JOB_REMOVED only where the view is complete. A job that drops out of an incomplete view (a capped
listing, an iCIMS sitemap without jobs, a Google sitemap index with unread children, Amazon always)
stays open.

The responses come from the source fixtures and builders (tests/boards/nine_sources_fixtures.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request as WebRequest
from werkzeug import Response as WebResponse

from boards.fetch import robots
from boards.models import Job, Platform, Resource
from boards.services.check import resource_check
from boards.services.reading import BoardFetch
from boards.sources.registry import recognize
from changes.services.feed import changes_get
from tests.boards import nine_sources_fixtures as boards
from tests.boards.nine_sources_fixtures import Board, Web
from watches.services.clients import client_create
from watches.services.watches import watch_create
from watchtower.config import Config

pytestmark = pytest.mark.django_db

NINE = {
    Platform.WORKDAY,
    Platform.ICIMS,
    Platform.ORACLE,
    Platform.EIGHTFOLD,
    Platform.SUCCESSFACTORS,
    Platform.APPLE,
    Platform.GOOGLE,
    Platform.AMAZON,
    Platform.MICROSOFT,
}


@pytest.fixture
def web(httpserver: HTTPServer, config: Callable[..., Config]) -> Iterator[Web]:
    """Every host of the nine boards answered by one local server: conftest's `site`, with answers
    that may depend on the POST body or a paging parameter."""
    served = Web(httpserver)
    config(
        allow_private_networks=True,
        fetch_host_overrides={host: served.base_url for host in boards.HOSTS},
        host_min_spacing_ms=0,
        min_check_interval_seconds=0,
    )
    robots.robots_cache_clear()
    yield served
    robots.robots_cache_clear()


@pytest.fixture(autouse=True)
def pauses(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The pause the check service's fetch wrapper would sleep before each follow-up request,
    recorded instead of slept. Eightfold and Microsoft declare 3 s (PAGE_SPACING_MS): five pages and
    twenty detail reads would take 75 s a check. Spacing measured on the wire belongs to the source
    and integration tests; here the tests check that the declared pause is the one asked for."""
    seen: list[float] = []
    real = BoardFetch.follow_up_pause

    def record(self: BoardFetch) -> float:
        seen.append(real(self))
        return 0.0

    monkeypatch.setattr(BoardFetch, "follow_up_pause", record)
    return seen


@dataclass(frozen=True)
class Case:
    """One board, its listing before and after (job numbers, newest first), whether that listing is
    the board's whole list or the newest part of a bigger one, and what the added job carries."""

    id: str
    board: Board
    before: Sequence[int]
    after: Sequence[int]
    whole: bool
    added: int
    removed: int
    added_fields: dict[str, Any] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """Whether the check may report removals: Amazon's view is never complete."""
        return self.whole and not self.board.always_incomplete


def newest(count: int) -> list[int]:
    return list(range(count, 0, -1))


def capped(count: int, *, removed: int) -> tuple[list[int], list[int]]:
    """The newest `count` jobs of a bigger board, then the same window after one job was posted at
    the top and one inside it was closed: the window holds the same jobs but those two."""
    before = newest(count)
    return before, [count + 1] + [n for n in before if n != removed]


WORKDAY_DETAIL = {  # from the new job's jobPostingInfo: the list carries no text
    "experience_years": 5,
    "salary": {"min": 150000, "max": 180000, "currency": "USD", "period": "year"},
    "posted_at": "2026-10-01",
    "workplace_type": "hybrid",
    "other_locations": ["Austin"],
    "details_read": True,
}
PCSX_DETAIL = {  # from position_details; the listing's own work location option wins
    "experience_years": 7,
    "salary": {"min": 120000, "max": 140000, "period": "year"},
    "workplace_type": "onsite",
    "details_read": True,
}
ICIMS_DETAIL = {  # from the job page's schema.org JobPosting
    "experience_years": 4,
    "salary": {"min": 60000, "max": 80000, "currency": "USD", "period": "year", "source": "structured"},
    "workplace_type": "remote",
    "details_read": True,
}
KROGER_BEFORE = [210682, 203341, *newest(298)]

CASES = [
    Case("workday-complete", boards.WORKDAY, [3, 2, 1], [4, 3, 2], True, 4, 1, WORKDAY_DETAIL),
    Case("workday-over-200", boards.WORKDAY, *capped(200, removed=150), False, 201, 150, WORKDAY_DETAIL),
    Case(
        "icims-sitemap-and-search-page",
        boards.ICIMS,
        [10493, 10491, 10485, 10400],  # 10400 is older than the search page shows: a partial job
        [10500, 10493, 10491, 10400],
        True,
        10500,
        10485,
        {**ICIMS_DETAIL, "location": "CA-ON-Toronto", "partial": False},
    ),
    Case(
        "icims-sitemap-without-jobs",
        boards.ICIMS,
        [10493, 10491, 10485],
        [10500, 10493, 10491],
        False,
        10500,
        10485,
        ICIMS_DETAIL,
    ),
    Case(
        "oracle-complete",  # the recorded UT Health requisitions and a built one
        boards.ORACLE,
        [7238, 7237],
        [5, 7238],
        True,
        5,
        7237,
        {"experience_years": 5, "department": "Software Engineering", "other_locations": ["Plano, TX, United States"]},
    ),
    Case(
        "oracle-over-300",  # the recorded Kroger page (two requisitions, 15,120 stated) topped up to 300
        boards.ORACLE_KROGER,
        KROGER_BEFORE,
        [299, *(n for n in KROGER_BEFORE if n != 203341)],
        False,
        299,
        203341,
        {"experience_years": 5},
    ),
    Case("eightfold-complete", boards.EIGHTFOLD, [3, 2, 1], [4, 3, 2], True, 4, 1, PCSX_DETAIL),
    Case("eightfold-over-50", boards.EIGHTFOLD, *capped(50, removed=20), False, 51, 20, PCSX_DETAIL),
    Case(
        "eightfold-legacy-list-after-pcsx-403",
        boards.EIGHTFOLD_LEGACY,
        [3, 2, 1],
        [4, 3, 2],
        True,
        4,
        1,
        {"experience_years": 6, "salary": {"min": 150000, "max": 190000}},
    ),
    Case(
        "successfactors-complete",
        boards.SUCCESSFACTORS,
        [3, 2, 1],
        [4, 3, 2],
        True,
        4,
        1,
        {"posted_at": "2026-10-07", "location": "New York, NY, US"},
    ),
    Case("successfactors-over-200", boards.SUCCESSFACTORS, *capped(200, removed=199), False, 201, 199),
    Case("successfactors-sitemap-theme", boards.SUCCESSFACTORS_JS, [3, 2, 1], [4, 3, 2], True, 4, 1, {"partial": True}),
    Case("apple-complete", boards.APPLE, [3, 2, 1], [4, 3, 2], True, 4, 1, {"experience_years": 5}),
    Case("apple-over-300", boards.APPLE, *capped(300, removed=42), False, 301, 42, {"experience_years": 5}),
    Case("google-sitemap", boards.GOOGLE, [3, 2, 1], [4, 3, 2], True, 4, 1, {"partial": True}),
    Case("google-index-over-4-children", boards.GOOGLE, *capped(8, removed=5), False, 9, 5, {"partial": True}),
    Case(
        "amazon-recorded-page",  # two jobs and hits = 2, yet never a complete view
        boards.AMAZON,
        [10464593, 10423247],
        [3, 10464593],
        True,
        3,
        10423247,
        {"experience_years": 3, "other_locations": ["Austin, Texas, USA"]},
    ),
    Case("amazon-newest-300", boards.AMAZON, *capped(300, removed=1), False, 301, 1, {"experience_years": 3}),
    Case("microsoft-complete", boards.MICROSOFT, [3, 2, 1], [4, 3, 2], True, 4, 1, PCSX_DETAIL),
    Case("microsoft-over-50", boards.MICROSOFT, *capped(50, removed=1), False, 51, 1, PCSX_DETAIL),
]


def titles(board: Board, numbers: Sequence[int]) -> list[str]:
    return sorted(board.title(n) for n in numbers)


def open_titles(board_url: str) -> list[str]:
    return sorted(Job.objects.filter(resource__url=board_url).values_list("title", flat=True))


def assert_carries(job: dict[str, Any], expected: dict[str, Any]) -> None:
    for name, value in expected.items():
        if isinstance(value, dict):
            assert {key: job.get(name, {}).get(key) for key in value} == value, name
        else:
            assert job.get(name) == value, name


def check(board_url: str) -> Any:
    return resource_check(resource_id=Resource.objects.get(url=board_url).pk)


def test_the_cases_cover_all_nine_sources_and_every_board() -> None:
    assert boards.recognised_platforms() == NINE
    assert {case.board.name for case in CASES} == {board.name for board in boards.BOARDS}
    assert len({case.id for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_a_watched_board_reports_the_added_job_and_removals_only_from_a_complete_view(
    web: Web, pauses: list[float], case: Case
) -> None:
    board = case.board
    assert case.added in case.after and case.added not in case.before
    assert case.removed in case.before and case.removed not in case.after
    board.serve(web, case.before, case.whole)
    client = client_create().client

    watch = watch_create(client=client, url=board.url)

    assert watch["initial_check"] == {"status": "done", "ok": True, "snapshot_taken": True, "jobs": len(case.before)}
    board_url = watch["resource"]["board_url"]
    assert watch["resource"]["complete"] is case.complete
    assert open_titles(board_url) == titles(board, case.before)
    assert changes_get(client=client)["changes"] == []  # the first snapshot is the baseline

    board.serve(web, case.after, case.whole)
    outcome = check(board_url)

    assert (outcome.ok, outcome.outcome, outcome.complete) == (True, "changed", case.complete)
    feed = changes_get(client=client)
    events = sorted((change["type"], change["data"]["job"]["title"]) for change in feed["changes"])
    expected = [("JOB_ADDED", board.title(case.added))]
    if case.complete:
        expected.append(("JOB_REMOVED", board.title(case.removed)))
    assert events == sorted(expected)
    assert {change["watch_id"] for change in feed["changes"]} == {watch["id"]}
    added = next(change["data"]["job"] for change in feed["changes"] if change["type"] == "JOB_ADDED")
    assert_carries(added, case.added_fields)
    still_open = case.after if case.complete else [*case.after, case.removed]
    assert open_titles(board_url) == titles(board, still_open)
    if board.spacing_seconds:  # Eightfold and Microsoft: 3 s before every request but the first
        assert pauses and set(pauses) == {board.spacing_seconds}
    else:
        assert set(pauses) <= {0.0}
    assert changes_get(client=client)["changes"] == []


def test_one_client_watching_all_nine_boards_reads_every_change_from_one_feed(web: Web) -> None:
    """The nine platforms at once, on one feed: each watch gets its own board's events, once."""
    chosen: dict[str, Case] = {}
    for case in CASES:
        chosen.setdefault(recognize(case.board.url).platform, case)
    assert set(chosen) == NINE
    client = client_create().client
    watches = {}
    for case in chosen.values():
        case.board.serve(web, case.before, case.whole)
        watches[case.id] = watch_create(client=client, url=case.board.url)
    assert changes_get(client=client)["changes"] == []

    expected = set()
    for case in chosen.values():
        case.board.serve(web, case.after, case.whole)
        watch = watches[case.id]
        assert check(watch["resource"]["board_url"]).outcome == "changed", case.id
        expected.add((watch["id"], "JOB_ADDED", case.board.title(case.added)))
        if case.complete:
            expected.add((watch["id"], "JOB_REMOVED", case.board.title(case.removed)))

    seen = []
    while True:
        page = changes_get(client=client, limit=5)
        seen += [(c["watch_id"], c["type"], c["data"]["job"]["title"]) for c in page["changes"]]
        if not page["has_more"]:
            break
    assert len(seen) == len(set(seen)) == len(expected)
    assert set(seen) == expected
    removed_on = {recognize(case.board.url).platform for case in chosen.values() if case.complete}
    assert removed_on == NINE - {Platform.AMAZON}  # every complete view but Amazon's, which never is
    assert sum(kind == "JOB_REMOVED" for _, kind, _ in seen) == len(removed_on)


def test_a_job_whose_detail_read_failed_is_not_read_again_on_the_next_check(web: Web) -> None:
    board = boards.WORKDAY
    board.serve(web, [3, 2, 1], True)
    watch = watch_create(client=client_create().client, url=board.url)
    board.serve(web, [4, 3, 2], True)
    detail = "/wday/cxs/acme/Careers/job/US-CA-Santa-Clara/Role-4_JR4"
    web.serve(boards.WORKDAY_HOST, detail, {"error": "gone"}, status=404)
    for _ in range(3):
        assert check(watch["resource"]["board_url"]).ok
    assert web.requests_to(boards.WORKDAY_HOST).count(detail) == 1


def test_an_unchanged_google_sitemap_is_asked_for_conditionally(web: Web) -> None:
    asked: list[str] = []
    body = boards.urlset([boards.google_job_url(n) for n in (2, 1)])

    def sitemap(request: WebRequest) -> WebResponse:
        asked.append(request.headers.get("If-None-Match", ""))
        if request.headers.get("If-None-Match") == '"v1"':
            return WebResponse(status=304, headers={"ETag": '"v1"'})
        return WebResponse(body, content_type=boards.XML, headers={"ETag": '"v1"'})

    web.route("www.google.com", boards.GOOGLE_SITEMAP, sitemap)
    watch = watch_create(client=client_create().client, url=boards.GOOGLE.url)
    outcome = check(watch["resource"]["board_url"])
    assert outcome.ok
    assert asked == ["", '"v1"']
    assert outcome.outcome == "not_modified"
