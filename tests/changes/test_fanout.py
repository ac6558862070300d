"""The webhook fan-out (changes/services/webhooks.py): a check only writes changes; the fan-out
enqueues one delivery per live webhook watch with matches, exactly once, agreeing with the feed."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, transaction
from django.utils import timezone

from boards.models import Resource
from boards.services.check import resource_check
from changes.models import Change, WebhookDelivery, WebhookFanout
from changes.services import webhooks
from changes.services.feed import changes_get
from changes.services.webhooks import fanout_backlog, webhooks_fan_out
from tests.fakes import greenhouse_job, serve_greenhouse
from watches.models import Client, Watch
from watches.services.clients import client_create
from watches.services.watches import watch_create
from watchtower.site.gauges import DatabaseGauges

pytestmark = pytest.mark.django_db

HOOK = "https://hooks.acme.example/in"
BOARD = "https://boards.greenhouse.io/acme"
IOS = greenhouse_job(1, "Senior iOS Engineer")
ANDROID = greenhouse_job(2, "Android Engineer", location="Berlin, Germany")
DATA = greenhouse_job(3, "Data Engineer", location="Austin, TX")


def hooked(**kwargs: Any) -> tuple[Client, dict[str, Any]]:
    client = client_create().client
    return client, watch_create(client=client, webhook_url=HOOK, **kwargs)


def recheck(site, jobs) -> None:
    serve_greenhouse(site, "acme", jobs)
    resource_check(resource_id=Resource.objects.get().pk)


def board_without_hook() -> None:
    watch_create(client=client_create().client, url=BOARD)


def delivered_ids(watch_id: str) -> list[int]:
    """Every change id owed to the watch, in delivery order."""
    rows = WebhookDelivery.objects.filter(watch__public_id=watch_id).order_by("id")
    return [change_id for row in rows for change_id in row.change_ids]


def test_a_check_writes_only_changes_and_the_fan_out_enqueues_what_the_feed_shows(site) -> None:
    serve_greenhouse(site, "acme", [])
    board_client, board = hooked(url=BOARD)
    ios_client, ios = hooked(query="iOS jobs")
    berlin_client, berlin = hooked(query="engineer", filters={"locations": ["Berlin"]})
    _, nothing = hooked(query="nurse")
    recheck(site, [IOS, ANDROID, DATA])

    assert Change.objects.count() == 3
    assert not WebhookDelivery.objects.exists()  # nothing matched inside the check's transaction
    assert fanout_backlog() == 3

    assert webhooks_fan_out() == 3
    assert fanout_backlog() == 0
    for client, watch in ((board_client, board), (ios_client, ios), (berlin_client, berlin)):
        feed = [change["id"] for change in changes_get(client=client, peek=True)["changes"]]
        assert delivered_ids(watch["id"]) == feed != []
    assert delivered_ids(nothing["id"]) == []
    [row] = WebhookDelivery.objects.filter(watch__public_id=ios["id"])
    assert row.payload is None  # the body is built when the row is sent (tests/changes/test_delivery_bodies.py)
    assert row.first_change_id == row.last_change_id == row.change_ids[0]

    assert webhooks_fan_out() == 0  # already fanned out: nothing twice


def test_expired_and_deleted_watches_get_nothing(site) -> None:
    serve_greenhouse(site, "acme", [])
    _, expired = hooked(url=BOARD)
    _, deleted = hooked(query="iOS")
    _, kept = hooked(query="iOS")
    Watch.objects.filter(public_id=expired["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    Watch.objects.filter(public_id=deleted["id"]).update(deleted_at=timezone.now())
    recheck(site, [IOS])

    assert webhooks_fan_out() == 1
    assert delivered_ids(kept["id"]) != []
    assert delivered_ids(expired["id"]) == delivered_ids(deleted["id"]) == []


def test_a_crash_between_the_commit_and_the_fan_out_still_delivers_exactly_once(site, monkeypatch) -> None:
    serve_greenhouse(site, "acme", [])
    _, board = hooked(url=BOARD)
    recheck(site, [IOS, ANDROID])

    write = webhooks._write

    def write_then_die(rows: Any, **kwargs: Any) -> None:
        write(rows, **kwargs)
        assert WebhookDelivery.objects.exists()
        raise RuntimeError("worker killed")

    # The fan-out dies after writing its delivery rows, before its transaction commits.
    monkeypatch.setattr(webhooks, "_write", write_then_die)
    with pytest.raises(RuntimeError):
        webhooks._fan_out_batch(now=timezone.now(), batch=500)
    monkeypatch.undo()
    assert not WebhookDelivery.objects.exists()
    assert fanout_backlog() == 2

    assert webhooks_fan_out() == 1
    assert webhooks_fan_out() == 0
    ids = list(Change.objects.order_by("id").values_list("id", flat=True))
    assert delivered_ids(board["id"]) == ids


def test_batches_deliver_every_change_once_in_order(site) -> None:
    serve_greenhouse(site, "acme", [])
    _, board = hooked(url=BOARD)
    recheck(site, [greenhouse_job(n, f"Engineer {n}") for n in range(1, 8)])
    recheck(site, [greenhouse_job(n, f"Engineer {n}") for n in range(3, 11)])

    assert webhooks_fan_out(batch=3, max_batches=2) == 2  # a run stops after its batches
    assert webhooks_fan_out(batch=3) > 0
    ids = list(Change.objects.order_by("id").values_list("id", flat=True))
    assert delivered_ids(board["id"]) == ids
    assert WebhookFanout.objects.get().last_change_id == ids[-1]


def test_a_watch_created_after_a_change_is_not_sent_it(site) -> None:
    serve_greenhouse(site, "acme", [])
    board_without_hook()
    _, early = hooked(query="engineer")
    recheck(site, [IOS])
    _, late = hooked(query="engineer")
    webhooks_fan_out()
    assert len(delivered_ids(early["id"])) == 1
    assert delivered_ids(late["id"]) == []


def test_watches_without_a_webhook_are_not_matched(site) -> None:
    serve_greenhouse(site, "acme", [])
    board_without_hook()
    watch_create(client=client_create().client, query="engineer")
    recheck(site, [IOS])
    assert webhooks_fan_out() == 0
    assert fanout_backlog() == 0


def test_every_search_is_matched_against_the_whole_batch(site) -> None:
    serve_greenhouse(site, "acme", [])
    board_without_hook()
    watches = [hooked(query=query)[1] for query in ("iOS", "Android", "data", "engineer", "nurse")]
    twin = hooked(query="engineer")[1]  # the same search as another watch: matched once, sent to both
    recheck(site, [IOS, ANDROID, DATA])
    assert webhooks_fan_out() == 5
    counts = [len(delivered_ids(watch["id"])) for watch in [*watches, twin]]
    assert counts == [1, 1, 1, 3, 0, 3]


@pytest.mark.parametrize("share", [0.0, 1.0])
def test_a_tech_only_search_is_sent_what_its_feed_shows(site, share: float) -> None:
    serve_greenhouse(site, "acme", [])
    board_without_hook()
    client, tech_only = hooked(query="engineer", filters={"tech_companies_only": True})
    recheck(site, [IOS, ANDROID, DATA])
    Resource.objects.update(tech_share=share)  # the board's share as the fan-out and the feed read it
    webhooks_fan_out()
    feed = [change["id"] for change in changes_get(client=client, peek=True)["changes"]]
    assert delivered_ids(tech_only["id"]) == feed
    assert len(feed) == (3 if share else 0)


def test_the_backlog_gauge_counts_the_changes_not_fanned_out_yet(site) -> None:
    def backlog() -> float:
        [family] = [family for family in DatabaseGauges().collect() if family.name.endswith("fanout_backlog")]
        return family.samples[0].value

    serve_greenhouse(site, "acme", [])
    board_without_hook()
    recheck(site, [IOS, ANDROID])
    assert backlog() == 2
    webhooks_fan_out()
    assert backlog() == 0


@pytest.mark.django_db(transaction=True)
def test_a_fan_out_while_another_holds_the_mark_skips_without_recursing() -> None:
    """The RecursionError once seen in the `fan_out_webhooks` task: a locked mark read as missing."""
    if not connection.features.has_select_for_update_skip_locked:
        pytest.skip("SQLite serialises writers itself; there is no row lock to skip")
    WebhookFanout.objects.get_or_create(pk=1)
    holding, done = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                WebhookFanout.objects.select_for_update().get(pk=1)
                holding.set()
                done.wait(30)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(30)
        assert webhooks_fan_out() == 0
    finally:
        done.set()
        holder.join()


def test_warming_compiles_each_live_webhook_watchs_filters_once_and_the_fan_out_reuses_them(site) -> None:
    serve_greenhouse(site, "acme", [])
    _, ios = hooked(query="iOS jobs")
    hooked(query="iOS jobs")  # the same search: compiled once
    hooked(query="engineer", filters={"locations": ["Berlin"]})
    _, expired = hooked(query="nurse")
    Watch.objects.filter(public_id=expired["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    watch_create(client=client_create().client, query="android")  # no webhook
    hooked(url=BOARD)  # a board watch without filters: one more distinct filters text
    webhooks._filters.cache_clear()

    assert webhooks.warm_filters() == 3
    assert webhooks._filters.cache_info().currsize == 3
    recheck(site, [IOS, ANDROID])
    webhooks_fan_out()
    info = webhooks._filters.cache_info()
    assert (info.currsize, info.misses) == (3, 3)  # the fan-out compiled nothing more
    assert delivered_ids(ios["id"]) != []
