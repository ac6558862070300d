"""One definition of a live watch (`watches.models.live_watch_q`, `Watch.objects.live`), and every
reader of watches using it: a watch past `expires_at` that maintenance has not swept yet is gone."""

from __future__ import annotations

import re
from datetime import timedelta
from itertools import count
from pathlib import Path

import pytest
from django.utils import timezone

from boards.models import Resource
from boards.services.directory import monitored_resources
from boards.services.intervals import resource_interval_seconds
from changes.models import Change, WebhookDelivery
from changes.services.feed import _watches
from changes.services.maintenance import maintenance_run
from changes.services.webhooks import webhooks_fan_out
from watches.models import Client, Watch, WatchKind
from watches.services.lookup import active_watches
from watchtower.site.gauges import DatabaseGauges
from watchtower.site.stats import stats_load

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
APPS = ("boards", "changes", "watches", "mcp_bridge", "watchtower")
# Any spelling of the condition outside its definition: ORM lookups on the two fields, or a
# Python check of `deleted_at`.
SPELLINGS = re.compile(r"deleted_at__isnull|expires_at__(gt|gte|lt|lte)\b|deleted_at is (not )?None")
DEFINITION = Path("watches/models.py")
_numbers = count(1)


def make_watch(client: Client, resource: Resource | None = None, *, expires_in: timedelta, **fields) -> Watch:
    return Watch.objects.create(
        client=client,
        resource=resource,
        kind=WatchKind.BOARD if resource else WatchKind.SEARCH,
        query="" if resource else "ios",
        expires_at=timezone.now() + expires_in,
        **fields,
    )


def make_resource() -> Resource:
    return Resource.objects.create(
        url=f"https://boards.greenhouse.io/live{next(_numbers)}",
        platform="greenhouse",
        fetch_host="boards-api.greenhouse.io",
    )


def test_the_condition_is_spelled_only_where_it_is_defined() -> None:
    """Every reader goes through `Watch.objects.live` / `live_watch_q`; the feed's hand-written SQL
    is held to it by tests/changes/test_feed.py."""
    spelled = sorted(
        str(path.relative_to(ROOT))
        for app in APPS
        for path in (ROOT / app).rglob("*.py")
        if "migrations" not in path.parts
        and path.relative_to(ROOT) != DEFINITION
        and SPELLINGS.search(path.read_text(encoding="utf-8"))
    )
    assert spelled == []
    assert SPELLINGS.search((ROOT / DEFINITION).read_text(encoding="utf-8"))


def test_a_watch_is_live_until_the_instant_it_expires_and_never_once_deleted() -> None:
    client = Client.objects.create(token_hash="hash-live")
    now = timezone.now()
    live = make_watch(client, expires_in=timedelta(seconds=1))
    at_expiry = Watch.objects.create(client=client, kind=WatchKind.SEARCH, query="ios", expires_at=now)
    deleted = make_watch(client, expires_in=timedelta(days=1), deleted_at=now)
    assert list(Watch.objects.live(now)) == [live]
    assert set(Watch.objects.lapsed(now)) == {at_expiry}
    assert deleted not in Watch.objects.lapsed(now)


def test_every_reader_leaves_out_an_expired_watch_that_is_not_swept_yet(config) -> None:
    config(index_enabled=False)
    client = Client.objects.create(token_hash="hash-readers")
    kept_board, lapsed_board = make_resource(), make_resource()
    kept = make_watch(client, kept_board, expires_in=timedelta(days=1), interval_seconds=7200)
    lapsed = make_watch(
        client,
        lapsed_board,
        expires_in=-timedelta(seconds=1),
        interval_seconds=900,
        webhook_url="https://hooks.example/hook",
        webhook_secret="whsec_x",
    )
    make_watch(client, kept_board, expires_in=-timedelta(seconds=1), interval_seconds=900)

    assert list(active_watches(client=client)) == [kept]
    assert _watches(client, None)[0] == [kept]
    assert set(monitored_resources()) == {kept_board}
    assert resource_interval_seconds(kept_board) == 7200
    assert stats_load().kpis["live_watches"] == 1
    gauges = {family.name: family.samples[0].value for family in DatabaseGauges().collect() if family.samples}
    assert gauges["watchtower_active_watches"] == 1
    assert gauges["watchtower_active_resources"] == 1

    change = Change.objects.create(
        resource=lapsed_board, type="JOB_ADDED", role="new", job_key="k", summary="New", title="t"
    )
    assert change.id and webhooks_fan_out() == 0
    assert not WebhookDelivery.objects.filter(watch=lapsed).exists()

    counts = maintenance_run()
    assert counts is not None and counts["expired_watches"] == 2
