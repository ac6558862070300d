"""The feed's two ways to read a watch's page (changes/services/reads.py) give the same pages: the
walk in id order and the read through `change_words` with the window, for every filter of the
agreement table, board and search watches, windows of one or several id buckets; and the choice
between them follows the estimate."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from itertools import pairwise
from typing import Any

import pytest
import time_machine
from django.db import connection

from boards.models import Resource
from changes.models import Change
from changes.services import reads
from changes.services.compiled import seen_by
from changes.services.feed import changes_get
from changes.services.reads import BUCKET, FeedStats, choose, page_statement
from tests.watches.test_filters_agree import FILTERS, JOBS, NOW, agreement_boards, change_columns
from watches.filters import Filters, filters_match, search_feed_match, search_feed_role_q, search_feed_roles
from watches.models import Client, Watch, WatchKind
from watches.services.estimate import Histogram, SearchStats, estimated_share

pytestmark = pytest.mark.django_db

# Change ids far apart, so that a window spans several buckets of the window column (and the
# rows of one bucket are not all of the window).
STEP = BUCKET // 3 + 7
WINDOWS = [(0, 10**9), (STEP * 5, STEP * 40), (STEP * 12 - 1, STEP * 13), (STEP * 30, STEP * 30 + 5)]


@pytest.fixture
def changes() -> list[Change]:
    boards = agreement_boards()
    rows = [
        Change(
            id=STEP * (1 + index + len(JOBS) * round_),
            resource=boards[(index + round_) % len(boards)],
            type="JOB_ADDED",
            job_key=f"job-{index}-{round_}",
            summary=spec["title"],
            **change_columns(index + round_, spec),
        )
        for round_ in range(2)
        for index, spec in enumerate(JOBS)
    ]
    Change.objects.bulk_create(rows)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE changes_change")
    return list(Change.objects.select_related("resource").order_by("id"))


def watches(board: Resource) -> list[Watch]:
    return [Watch(kind=WatchKind.BOARD, resource=board), Watch(kind=WatchKind.SEARCH)]


@pytest.mark.parametrize("data", FILTERS, ids=[str(item) for item in FILTERS])
def test_the_walk_and_the_index_read_give_the_same_pages(changes: list[Change], data: dict[str, Any]) -> None:
    filters = Filters.from_dict(data)
    board = Resource.objects.order_by("id").first()
    assert board is not None
    for watch in watches(board):
        watch.filters = filters.as_dict()
        if watch.kind == WatchKind.BOARD:
            seen = [c for c in changes if c.resource_id == board.pk and filters_match(filters, c, now=NOW)]
        else:
            seen = [c for c in changes if search_feed_match(filters, c, now=NOW)]
        for lower, top in WINDOWS:
            expected = [c.pk for c in seen if lower < c.pk <= top][:4]
            with time_machine.travel(NOW, tick=False):
                walked = page_ids(watch, lower=lower, top=top, rows=4, index=False)
                found = page_ids(watch, lower=lower, top=top, rows=4, index=True)
            assert walked == found == expected, (watch.kind, lower, top)


def page_ids(watch: Watch, *, lower: int, top: int, rows: int, index: bool) -> list[int]:
    sql, params = page_statement(watch, lower=lower, top=top, rows=rows, index=index)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


@pytest.mark.parametrize("index", [False, True], ids=["walk", "index read"])
def test_a_compiled_filter_set_is_shared_and_its_freshness_moves_with_the_clock(
    changes: list[Change], index: bool
) -> None:
    """Watches of one kind and filter set share one compiled condition (changes/services/compiled.py),
    and a freshness filter is relative to the time of each read, not to the first compile: a
    day later the same watch pages as the in-memory predicate says then."""
    first = Watch(kind=WatchKind.SEARCH, filters={"posted_within_days": 3, "keywords": ["engineer"]})
    second = Watch(kind=WatchKind.SEARCH, filters={"keywords": ["engineer"], "posted_within_days": 3})
    assert seen_by(first) is seen_by(second)
    filters = seen_by(first).filters
    pages = []
    for now in (NOW, NOW + timedelta(days=2)):
        with time_machine.travel(now, tick=False):
            expected = [c.pk for c in changes if search_feed_match(filters, c, now=now)]
            assert page_ids(first, lower=0, top=10**9, rows=50, index=index) == expected
        pages.append(expected)
    assert pages[0] != pages[1]


@pytest.mark.parametrize("index", [False, True], ids=["walk", "index read"])
def test_a_client_poll_in_one_round_trip_pages_the_same_whichever_the_plan(
    changes: list[Change], index: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both plans through `changes_get`, several watches in one message (PostgreSQL): the same
    pages, cursors and has_more, and no change skipped or repeated."""
    monkeypatch.setattr(reads, "plan_for", lambda watch, **_: reads.Plan(index, 0.0, 0.0))
    client = Client.objects.create(token_hash="plans")
    board = Resource.objects.order_by("id").first()
    specs: list[dict[str, Any]] = [
        {"kind": WatchKind.BOARD, "resource": board, "filters": {}},
        {"kind": WatchKind.BOARD, "resource": board, "filters": {"keywords": ["engineer"]}},
        {"kind": WatchKind.SEARCH, "filters": {"locations": ["US"]}},
        {"kind": WatchKind.SEARCH, "filters": {"keywords": ["ios", "android"], "include_reposts": True}},
    ]
    for spec in specs:
        Watch.objects.create(client=client, baseline=0, cursor=0, expires_at=NOW.replace(year=2100), **spec)
    pages = read_all(client)
    read = [item for ids, _, _ in pages for item in ids]
    assert len(read) == len(set(read)) > 0
    # Every page ends on a whole change id and the next one starts above it.
    for (ids, cursor, _more), (following, _, _) in pairwise(pages):
        assert max(i for i, _ in ids) == cursor < min(i for i, _ in following)
    monkeypatch.setattr(reads, "plan_for", lambda watch, **_: reads.Plan(not index, 0.0, 0.0))
    Watch.objects.filter(client=client).update(cursor=0)
    assert read_all(client) == pages


def read_all(client: Client) -> list[tuple[list[tuple[int, str]], int, bool]]:
    pages = []
    while True:
        page = changes_get(client=client, limit=3)
        pages.append(([(c["id"], c["watch_id"]) for c in page["changes"]], page["cursor"], page["has_more"]))
        if not page["has_more"]:
            return pages


def stats(words: dict[str, float]) -> SearchStats:
    return SearchStats(
        rows=10_000_000.0,
        words=words,
        places={},
        flags={"mid": 0.4, "true": 0.2},
        unlisted=(0.00001, 0.00001, 0.01),
        salary=Histogram(),
        experience=Histogram(),
        seen=(),
    )


FEED = FeedStats(roles={"new": 0.4, "": 0.55}, boards={7: 0.01}, other_board=0.00003)


@pytest.mark.parametrize(
    ("kind", "filters", "behind", "index"),
    [
        (WatchKind.SEARCH, {"keywords": ["firmware"]}, 2_300_000, True),  # a rare word a week back
        (WatchKind.SEARCH, {"keywords": ["firmware"]}, 1_000, False),  # minutes back: a short walk
        (WatchKind.SEARCH, {"keywords": ["engineer"]}, 2_300_000, False),  # common: found at once
        (WatchKind.SEARCH, {"min_salary": 150_000}, 2_300_000, False),  # nothing the index serves
        (WatchKind.BOARD, {}, 2_300_000, False),  # a board's ids in order
        (WatchKind.BOARD, {"keywords": ["firmware"]}, 2_300_000, True),  # a big board, a rare word
        (WatchKind.BOARD, {"keywords": ["engineer"]}, 2_300_000, False),
    ],
)
def test_the_plan_follows_the_estimate(kind: str, filters: dict[str, Any], behind: int, index: bool) -> None:
    watch = Watch(kind=kind, resource_id=7 if kind == WatchKind.BOARD else None, filters=filters)
    top = 10_000_000
    words = {"engineer": 0.3, "firmware": 0.0004}
    plan = choose(watch, lower=top - behind, top=top, rows=101, stats=stats(words), feed=FEED)
    assert plan.index is index, plan


def test_a_level_and_its_own_level_word_are_estimated_together() -> None:
    # change_words has no joint keys: "manager" at manager level (each 10 % of the rows, the same
    # rows, as a title's level is read from its word) is the rarer of the two, not their product.
    found = replace(stats({"manager": 0.1, "senior": 0.2}), flags={"mid": 0.4, "manager": 0.1, "senior": 0.2})
    own = Filters(keywords=("manager",), seniority=("manager",))
    assert estimated_share(own, found) == pytest.approx(0.1)
    assert estimated_share(Filters(all_keywords=("manager",), seniority=("manager",)), found) == pytest.approx(0.1)
    # Another level's word stays independent of the level; with two levels each is counted.
    assert estimated_share(Filters(keywords=("senior",), seniority=("manager",)), found) == pytest.approx(0.02)
    both = Filters(keywords=("manager",), seniority=("manager", "senior"))
    assert estimated_share(both, found) == pytest.approx(0.1 + 0.2 * 0.1)
    # A tech-only watch a week back at a tenth of the rows tech: a walk (independent, the
    # product's index read of 88,558 rows took 1.6 s where the walk took 23 ms, bench.feed).
    watch = Watch(kind=WatchKind.SEARCH, filters={**own.as_dict(), "tech_companies_only": True})
    top = 10_000_000
    plan = choose(watch, lower=top - 2_300_000, top=top, rows=101, stats=replace(found, tech=0.1), feed=FEED)
    assert not plan.index, plan


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs DATABASE_URL pointing at PostgreSQL")
def test_the_index_read_is_one_scan_of_the_word_index_with_the_window(changes: list[Change]) -> None:
    board = Resource.objects.order_by("id").first()
    assert board is not None
    watch = Watch(kind=WatchKind.BOARD, resource=board, filters={"keywords": ["engineer"]})
    sql, params = page_statement(watch, lower=STEP * 5, top=STEP * 40, rows=4, index=True)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        explained = "\n".join(line for (line,) in cursor.fetchall())
    condition = explained.split("Index Cond", 1)[1].split("\n", 1)[0]
    assert "change_words" in explained
    assert "65536" in condition and "resource_id" in condition and "search_text" in condition


@pytest.mark.parametrize("data", FILTERS, ids=[str(item) for item in FILTERS])
def test_a_search_reads_its_roles_by_their_own_conditions(changes: list[Change], data: dict[str, Any]) -> None:
    """`search_feed_role_q` of each role `search_feed_roles` names selects that role's rows that
    `search_feed_q` (and the in-memory predicate) does, and no row of another role matches: the
    search walk reads the rows of each role by its own condition (reads.search_walk_statement)."""
    filters = Filters.from_dict(data)
    roles = search_feed_roles(filters)
    with time_machine.travel(NOW, tick=False):
        matched = {c.pk for c in changes if search_feed_match(filters, c, now=NOW)}
        assert all(c.role in roles for c in changes if c.pk in matched)
        for role in roles:
            found = Change.objects.filter(role=role).filter(search_feed_role_q(filters, role, index=False))
            assert set(found.values_list("id", flat=True)) == {c.pk for c in changes if c.role == role} & matched


@pytest.mark.parametrize("data", FILTERS, ids=[str(item) for item in FILTERS])
def test_a_search_walk_pages_through_every_change_once(changes: list[Change], data: dict[str, Any]) -> None:
    """A search watch's walk (on PostgreSQL one role at a time, each other role read up to the
    last id of the first role's page) paged two rows at a time from each window's start, every
    page above the last: each change the in-memory predicate sees, once, in id order."""
    filters = Filters.from_dict(data)
    watch = Watch(kind=WatchKind.SEARCH, filters=filters.as_dict())
    seen = [c.pk for c in changes if search_feed_match(filters, c, now=NOW)]
    for lower, top in WINDOWS:
        read: list[int] = []
        cursor = lower
        with time_machine.travel(NOW, tick=False):
            while page := page_ids(watch, lower=cursor, top=top, rows=2, index=False):
                assert len(page) <= 2 and page == sorted(page) and page[0] > cursor
                read += page
                cursor = page[-1]
        assert read == [pk for pk in seen if lower < pk <= top], (lower, top)
