"""Kept matches (changes/services/matches.py): the fan-out matches each new change to the searches
that keep matches, and a poll reads its page from them where they are kept, by the plans
elsewhere. The pages are the ones the read-time filter gives, for every filter of the agreement
table, whatever the window, the start of the matches and the fan-out mark, and whatever time it is
for a freshness filter and whatever the boards' tech shares are for a search kept to tech
companies; a watch made after the changes, a watch whose filters change and lapsed watches are read
right too."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from boards.models import Resource
from changes.models import Change, FeedMatch, FeedSearch, WebhookFanout
from changes.services import matches
from changes.services.feed import _matched, _watches, changes_get
from changes.services.maintenance import maintenance_run
from changes.services.matches import kept_filters, matches_prune, search_backfill, searches_register
from changes.services.reads import Matched, parts, watch_pages
from changes.services.webhooks import webhooks_fan_out
from matching.tech import TECH_COMPANY_SHARE
from tests.changes.test_feed_plans import STEP, changes  # noqa: F401 (the fixture)
from tests.watches.test_filters_agree import FILTERS, NOW
from watches.filters import Filters, search_feed_match
from watches.models import Client, Watch, WatchKind

pytestmark = pytest.mark.django_db

KEPT = [data for data in FILTERS if data]
# Freshness and the tech-company restriction together, beside the agreement table's filters.
FRESH_TECH: list[dict[str, Any]] = [
    {"keywords": ["engineer"], "posted_within_days": 30, "tech_companies_only": True},
    {"locations": ["US"], "max_days_open": 40, "tech_companies_only": True},
]
FRESH = [data for data in KEPT if "posted_within_days" in data or "max_days_open" in data] + FRESH_TECH


@pytest.fixture(autouse=True)
def every_search_keeps_matches(monkeypatch: pytest.MonkeyPatch) -> None:
    """The choice by the counted share is tested apart; here every search keeps its matches, on
    either database."""
    monkeypatch.setattr(matches, "keeps_matches", lambda: lambda filters: True)


def search_watch(client: Client, data: dict[str, Any], *, baseline: int = 0) -> Watch:
    return Watch.objects.create(
        client=client,
        kind=WatchKind.SEARCH,
        filters=Filters.from_dict(data).as_dict(),
        baseline=baseline,
        cursor=baseline,
        expires_at=NOW.replace(year=2100),
    )


def fan_out_from(mark: int) -> None:
    WebhookFanout.objects.update_or_create(pk=1, defaults={"last_change_id": mark})
    with time_machine.travel(NOW, tick=False):
        webhooks_fan_out(batch=7)


def test_the_window_is_read_in_parts_around_the_kept_matches() -> None:
    assert parts(10, 100, None) == [(10, 100, None)]
    kept = Matched(search=3, start=40, mark=80)
    assert parts(10, 100, kept) == [(10, 40, None), (40, 80, 3), (80, 100, None)]
    assert parts(50, 100, kept) == [(50, 80, 3), (80, 100, None)]
    assert parts(50, 70, kept) == [(50, 70, 3)]
    assert parts(85, 100, kept) == [(85, 100, None)]
    assert parts(10, 30, kept) == [(10, 30, None)]


@pytest.mark.parametrize("data", KEPT, ids=[str(item) for item in KEPT])
def test_pages_from_kept_matches_are_the_read_time_filters(changes: list[Change], data: dict[str, Any]) -> None:  # noqa: F811
    """Matches kept from the middle of the rows (a search registered then), the fan-out mark at
    several places: every window pages exactly as the in-memory predicate says."""
    client = Client.objects.create(token_hash="kept")
    watch = search_watch(client, data)
    assert searches_register() == 1
    start = changes[len(changes) // 3].id
    fan_out_from(start)
    search = FeedSearch.objects.get()
    assert search.indexed and search.matched_from == start
    filters = Filters.from_dict(data)
    seen = [c.id for c in changes if search_feed_match(filters, c, now=NOW)]
    # What it keeps: its filters but freshness and a tech-company restriction, tested when the page
    # is read.
    kept_ids = [c.id for c in changes if search_feed_match(kept_filters(filters), c, now=NOW)]
    assert list(FeedMatch.objects.filter(search=search).order_by("change_id").values_list("change_id", flat=True)) == [
        i for i in kept_ids if i > start
    ]
    top = changes[-1].id
    for mark in (start, changes[len(changes) // 2].id, top):
        for lower in (0, STEP * 5, start - 1, start, start + STEP * 3, top - STEP * 2):
            kept = {watch.pk: Matched(search=search.pk, start=start, mark=mark)}
            for rows in (1, 4, 50):
                with time_machine.travel(NOW, tick=False):
                    [page] = watch_pages([(watch, lower)], top=top, rows=rows, matched=kept)
                assert [row[0] for row in page] == [i for i in seen if i > lower][:rows], (mark, lower, rows)


@pytest.mark.parametrize("data", FRESH, ids=[str(item) for item in FRESH])
def test_a_fresh_search_pages_its_kept_matches_as_of_each_read(changes: list[Change], data: dict[str, Any]) -> None:  # noqa: F811
    """Matches kept at one moment, read then, hours later and days later: each read's page from
    the kept matches is the walk's and what the in-memory predicate says at that moment (matches
    that aged out are skipped, none is lost), and the whole call's too."""
    client = Client.objects.create(token_hash="fresh")
    watch = search_watch(client, data)
    assert searches_register() == 1
    fan_out_from(0)
    search = FeedSearch.objects.get()
    assert search.indexed and search.matched_from == 0
    filters = Filters.from_dict(data)
    assert FeedMatch.objects.filter(search=search).count() == sum(
        search_feed_match(kept_filters(filters), c, now=NOW) for c in changes
    )
    top = changes[-1].id
    kept = {watch.pk: Matched(search=search.pk, start=0, mark=top)}
    assert _matched(_watches(client, None)[0]) == kept
    seen_at: list[list[int]] = []
    for later in (timedelta(0), timedelta(hours=20), timedelta(days=4), timedelta(days=13), timedelta(days=40)):
        moment = NOW + later
        seen = [c.id for c in changes if search_feed_match(filters, c, now=moment)]
        for lower in (0, changes[len(changes) // 2].id):
            for rows in (1, 3, 50):
                with time_machine.travel(moment, tick=False):
                    [from_matches] = watch_pages([(watch, lower)], top=top, rows=rows, matched=kept)
                    [by_plan] = watch_pages([(watch, lower)], top=top, rows=rows)
                want = [i for i in seen if i > lower][:rows]
                assert [r[0] for r in from_matches] == [r[0] for r in by_plan] == want, (later, lower, rows)
        with time_machine.travel(moment, tick=False):
            assert [c["id"] for c in changes_get(client=client, peek=True, limit=200)["changes"]] == seen
        seen_at.append(seen)
    assert seen_at[-1] == []  # forty days on, every kept match has aged out: all of them skipped


def test_a_backfill_keeps_the_same_matches_as_the_fan_out(changes: list[Change]) -> None:  # noqa: F811
    client = Client.objects.create(token_hash="backfill")
    search_watch(client, {"keywords": ["ios", "android"]})
    search_watch(client, {"locations": ["US"], "include_reposts": True})
    searches_register()
    fan_out_from(0)
    fanned = set(FeedMatch.objects.values_list("search_id", "change_id"))
    FeedMatch.objects.all().delete()
    top = changes[-1].id
    FeedSearch.objects.update(matched_from=top)
    with time_machine.travel(NOW, tick=False):
        added = sum(search_backfill(pk, lower=0) for pk in FeedSearch.objects.values_list("pk", flat=True))
    assert added == len(fanned) > 0
    assert set(FeedMatch.objects.values_list("search_id", "change_id")) == fanned
    assert set(FeedSearch.objects.values_list("matched_from", flat=True)) == {0}


def test_a_poll_finds_its_search_by_the_filters_it_has_now(changes: list[Change]) -> None:  # noqa: F811
    """`_watches` joins each watch to its search by the key the database computes (held to
    `search_key()` here); a watch whose filters are edited reads by the plans until its new
    search is registered and fanned out, and never the matches of its old filters."""
    client = Client.objects.create(token_hash="edited")
    ios = {"keywords": ["ios"]}
    watch = search_watch(client, ios)
    searches_register()
    fan_out_from(0)
    watches, _top = _watches(client, None)
    assert _matched(watches) == {watch.pk: Matched(FeedSearch.objects.get().pk, 0, changes[-1].id)}

    art = {"keywords": ["android", "engineer"]}
    Watch.objects.filter(pk=watch.pk).update(filters=Filters.from_dict(art).as_dict())
    assert _matched(_watches(client, None)[0]) == {}  # no search of the new filters yet: the plans
    assert ids(client) == expected(changes, art, lower=0) != []
    searches_register()
    fan_out_from(changes[-1].id)  # nothing new: the new search is not started
    assert _matched(_watches(client, None)[0]) == {}
    artist = next(c for c in changes if c.id in expected(changes, art, lower=0))
    Change.objects.create(**{**_fields(artist), "id": changes[-1].id + 1})
    fan_out_from(changes[-1].id)  # the next batch starts it, above the mark it had
    [found] = _matched(_watches(client, None)[0]).values()
    assert found.start == changes[-1].id
    assert ids(client) == expected(list(Change.objects.order_by("id")), art, lower=0)


def test_a_watch_made_after_the_changes_reads_only_above_its_baseline(changes: list[Change]) -> None:  # noqa: F811
    client = Client.objects.create(token_hash="mid-stream")
    data = {"keywords": ["ios", "android"]}
    middle = changes[len(changes) // 2].id
    search_watch(client, data, baseline=middle)
    search_watch(Client.objects.create(token_hash="earlier"), data)  # the same search, from the start
    searches_register()
    fan_out_from(0)
    assert FeedSearch.objects.count() == 1
    assert ids(client) == expected(changes, data, lower=middle) != []


def test_lapsed_watches_searches_and_matches_are_forgotten(changes: list[Change]) -> None:  # noqa: F811
    client = Client.objects.create(token_hash="lapsed")
    kept = search_watch(client, {"keywords": ["ios"]})
    deleted = search_watch(client, {"keywords": ["android"]})
    expired = search_watch(client, {"keywords": ["engineer"]})
    searches_register()
    fan_out_from(0)
    assert FeedSearch.objects.count() == 3
    now = timezone.now()
    Watch.objects.filter(pk=deleted.pk).update(deleted_at=now)
    Watch.objects.filter(pk=expired.pk).update(expires_at=now - timedelta(minutes=1))
    counts = maintenance_run(now=now)
    assert counts is not None and counts["deleted_feed_searches"] == 2
    [search] = FeedSearch.objects.all()
    assert search.filters == kept.filters
    assert set(FeedMatch.objects.values_list("search_id", flat=True)) == {search.pk}


def test_matches_of_deleted_changes_are_pruned(changes: list[Change]) -> None:  # noqa: F811
    search_watch(Client.objects.create(token_hash="pruned"), {"keywords": ["ios", "android"]})
    searches_register()
    fan_out_from(0)
    oldest = changes[len(changes) // 2].id
    Change.objects.filter(id__lt=oldest).delete()
    stale = FeedMatch.objects.filter(change_id__lt=oldest).count()
    assert stale > 0
    assert matches_prune() == stale
    assert not FeedMatch.objects.filter(change_id__lt=oldest).exists()
    assert FeedMatch.objects.count() > 0


def test_only_searches_that_saw_few_of_the_newest_changes_keep_matches(
    changes: list[Change],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.undo()
    with time_machine.travel(NOW, tick=False):
        keeps = matches.keeps_matches()
        assert keeps is not None
        assert not keeps(Filters.from_dict({"keywords": ["engineer"]}))  # common
        assert keeps(Filters.from_dict({"keywords": ["firmware"]}))  # in no row
        # Conditions that exclude each other: nothing seen, whatever an estimate would say.
        assert keeps(Filters.from_dict({"keywords": ["engineer"], "exclude_keywords": ["engineer"]}))
        # Freshness or kept to tech companies: judged by what it keeps, all boards' matches of any age.
        assert keeps(Filters.from_dict({"keywords": ["firmware"], "posted_within_days": 3}))
        assert not keeps(Filters.from_dict({"keywords": ["engineer"], "posted_within_days": 0}))
        assert keeps(Filters.from_dict({"keywords": ["firmware"], "max_days_open": 1, "tech_companies_only": True}))
        assert keeps(Filters.from_dict({"keywords": ["firmware"], "tech_companies_only": True}))
        assert not keeps(Filters.from_dict({"keywords": ["engineer"], "tech_companies_only": True}))
    Change.objects.all().delete()
    assert matches.keeps_matches() is None  # nothing to decide by


@pytest.mark.parametrize("data", [data for data in [*KEPT, *FRESH_TECH] if data.get("tech_companies_only")])
def test_a_tech_only_search_sees_the_boards_shares_at_the_read(changes: list[Change], data: dict[str, Any]) -> None:  # noqa: F811
    """Its matches are kept while the tech company is one and the hospital is not; then the two
    boards' shares cross the line (one down, one up) and a board not read yet gets the line's own
    share; then the first falls just below it and the hospital back: a poll from the kept
    matches sees what the walk sees, what the predicate says with the shares of the read, and the
    first page again when the shares are back."""
    client = Client.objects.create(token_hash="tech-crossing")
    watch = search_watch(client, data)
    searches_register()
    fan_out_from(0)
    search = FeedSearch.objects.get()
    assert search.indexed and search.matched_from == 0
    kept = {watch.pk: Matched(search=search.pk, start=0, mark=changes[-1].id)}
    assert _matched(_watches(client, None)[0]) == kept  # read from its kept matches
    tech, hospital, unread = (Resource.objects.get(pk=pk) for pk in sorted({c.resource_id for c in changes}))
    assert (tech.tech_share, hospital.tech_share, unread.tech_share) == (0.8, 0.1, None)
    pages: list[list[int]] = []
    below = TECH_COMPANY_SHARE - 0.001
    for shares in [(0.8, 0.1, None), (0.1, 0.9, TECH_COMPANY_SHARE), (below, 0.1, 0.5), (0.8, 0.1, None)]:
        for board, share in zip((tech, hospital, unread), shares, strict=True):
            Resource.objects.filter(pk=board.pk).update(tech_share=share)
        rows = list(Change.objects.select_related("resource").order_by("id"))
        expected_ids = expected(rows, data, lower=0)
        assert ids(client) == expected_ids, shares  # the whole call, from the kept matches
        for lower in (0, changes[len(changes) // 2].id):
            for limit in (1, 3, 50):
                with time_machine.travel(NOW, tick=False):
                    [from_matches] = watch_pages([(watch, lower)], top=changes[-1].id, rows=limit, matched=kept)
                    [walked] = watch_pages([(watch, lower)], top=changes[-1].id, rows=limit)
                assert (
                    [r[0] for r in from_matches] == [r[0] for r in walked] == expected(rows, data, lower=lower)[:limit]
                )
        pages.append(expected_ids)
    assert pages[0] != pages[1] != pages[2] != pages[0] == pages[3]  # each crossing changed what it sees


def ids(client: Client) -> list[int]:
    with time_machine.travel(NOW, tick=False):
        return [change["id"] for change in changes_get(client=client, peek=True, limit=200)["changes"]]


def expected(rows: list[Change], data: dict[str, Any], *, lower: int) -> list[int]:
    filters = Filters.from_dict(data)
    return [c.id for c in rows if c.id > lower and search_feed_match(filters, c, now=NOW)]


def _fields(change: Change) -> dict[str, Any]:
    return {
        field.attname: getattr(change, field.attname) for field in Change._meta.concrete_fields if not field.primary_key
    }
