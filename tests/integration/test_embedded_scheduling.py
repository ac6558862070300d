"""Embedded mode end to end (no broker): the in-process scheduler and `manage.py check_due` loops as
separate replicas on one PostgreSQL database, checking a simulated Greenhouse on 127.0.0.1."""

from __future__ import annotations

import threading
from functools import partial

from django.db import transaction
from django.utils import timezone

from boards.models import Job, Resource, Snapshot
from boards.services.check import resource_check
from boards.services.scheduler import resource_claim
from changes.models import Change, DeliveryStatus, WebhookDelivery
from tests.integration.conftest import (
    EU,
    INTEGRATION,
    SPACING_MS,
    US,
    make_board,
    make_hook_watch,
    recheck_now,
    terminate_backends_of_others,
    wait_for,
)
from tests.integration.flows import (
    assert_one_at_a_time_and_spaced,
    assert_signed,
    attempts_exceed,
    change_count_is,
    others_in_a_transaction,
    others_waiting_on_a_lock,
    time_passes_for_a_dead_worker,
)
from watchtower.embedded import EmbeddedScheduler

pytestmark = INTEGRATION


def checked(*resources: Resource) -> bool:
    ids = [r.pk for r in resources]
    return Resource.objects.filter(pk__in=ids, last_checked_at__isnull=False).count() == len(ids)


def test_two_replicas_never_fetch_one_host_at_once_and_keep_the_spacing(live, processes, subprocess_env) -> None:
    us = [make_board(live, f"us{n}") for n in range(5)]
    eu = [make_board(live, f"eu{n}", eu=True) for n in range(3)]
    other_replica = processes(env=subprocess_env(), kind="embedded", name="replica").start()
    here = EmbeddedScheduler(concurrency=4, housekeeping=False)
    here.start()
    try:
        wait_for(lambda: checked(*us, *eu), timeout=30, what="every board to be checked")
    finally:
        assert here.stop(timeout=10)
    spacing = SPACING_MS / 1000
    us_hits, eu_hits = live.listing_hits(US), live.listing_hits(EU)
    assert len(us_hits) == 5 and len(eu_hits) == 3
    assert_one_at_a_time_and_spaced(us_hits, spacing=spacing)
    assert_one_at_a_time_and_spaced(eu_hits, spacing=spacing)
    assert eu_hits[0].start < us_hits[-1].start  # hosts in parallel
    assert "Traceback" not in other_replica.output()


def test_a_replica_killed_between_fetch_and_commit_leaves_nothing_half_written(live, processes, subprocess_env) -> None:
    board = make_board(live, "acme", jobs=2)
    make_hook_watch(board, "/hook/acme")
    doomed = processes(env=subprocess_env(), kind="embedded", name="doomed").start()
    wait_for(lambda: checked(board), timeout=20, what="the first snapshot")

    arrived, release = live.hold("acme")
    recheck_now(board, jobs=3, platform=live, token="acme")
    assert arrived.wait(15), "the second check never fetched"
    with transaction.atomic():
        Resource.objects.select_for_update().get(pk=board.pk)
        release.set()
        wait_for(others_waiting_on_a_lock, what="the check to block before its commit")
        doomed.kill()
    wait_for(lambda: others_in_a_transaction() == 0, what="PostgreSQL to roll the dead transaction back")
    assert Snapshot.objects.filter(resource=board).count() == 1
    assert Job.objects.filter(resource=board).count() == 2
    assert not Change.objects.exists() and not WebhookDelivery.objects.exists()

    time_passes_for_a_dead_worker(board)
    processes(env=subprocess_env(), kind="embedded", name="successor").start()
    wait_for(lambda: Change.objects.filter(resource=board).exists(), timeout=20, what="the next check")
    [change] = Change.objects.filter(resource=board)
    assert change.type == "JOB_ADDED" and change.data["job"]["title"] == "Job 3"
    assert Job.objects.filter(resource=board).count() == 3
    [delivery] = WebhookDelivery.objects.all()
    assert [c["id"] for c in delivery.payload["changes"]] == [change.id]


def test_the_same_claimed_check_run_twice_at_once_fetches_once(live) -> None:
    board = make_board(live, "twice")
    token = resource_claim(resource_id=board.pk)
    assert token
    outcomes: list[str] = []

    def run() -> None:
        try:
            outcomes.append(resource_check(resource_id=board.pk, claim_token=token).outcome)
        finally:
            from django.db import connection

            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert sorted(outcomes)[0] == "first_snapshot" and sorted(outcomes)[1] in {"host_busy", "skipped"}
    assert len(live.hits_for("twice")) == 1
    assert resource_check(resource_id=board.pk, claim_token=token).outcome == "skipped"
    assert len(live.hits_for("twice")) == 1


def test_a_replica_survives_its_database_connections_dropping(live, processes, subprocess_env) -> None:
    first = make_board(live, "first")
    replica = processes(env=subprocess_env(), kind="embedded", name="replica").start()
    wait_for(lambda: checked(first), timeout=20, what="a check before the restart")

    assert terminate_backends_of_others() >= 1  # what a PostgreSQL restart does to the replica
    second = make_board(live, "second")
    wait_for(lambda: checked(second), timeout=20, what="the scheduler to resume")
    assert replica.process is not None and replica.process.poll() is None


def test_a_receiver_gets_every_batch_after_an_outage_and_a_dead_one_ends_failed(live) -> None:
    board = make_board(live, "hooks", jobs=1)
    back = make_hook_watch(board, "/hook/back", secret="secret-back")
    dead = make_hook_watch(board, "/hook/dead", secret="secret-dead")
    scheduler = EmbeddedScheduler(concurrency=2, dispatch_every=0.2, webhooks_every=0.2)
    scheduler.start()
    try:
        wait_for(lambda: checked(board), timeout=20, what="the first snapshot")
        live.hook_status.update({"/hook/back": 503, "/hook/dead": 500})
        for jobs in (2, 3):
            recheck_now(board, jobs=jobs, platform=live, token="hooks")
            wait_for(partial(change_count_is, jobs - 1), timeout=10, what="the change")
        wait_for(lambda: WebhookDelivery.objects.filter(attempts__gte=1).count() >= 2, what="first attempts")

        live.hook_status["/hook/back"] = 200
        for _ in range(12):
            if not WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING).exists():
                break
            attempts = sum(WebhookDelivery.objects.values_list("attempts", flat=True))
            # Time passes: every pending delivery is due again.
            WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING).update(next_attempt_at=timezone.now())
            wait_for(
                partial(attempts_exceed, WebhookDelivery.objects.all(), attempts),
                what="another round of attempts",
            )
    finally:
        scheduler.stop(timeout=10)

    row_ids = {str(d) for d in WebhookDelivery.objects.filter(watch=back).values_list("delivery_id", flat=True)}
    calls = live.hooks_to("/hook/back")
    bodies = [assert_signed(call, "secret-back") for call in calls if call.status == 200]
    assert [b["changes"][0]["data"]["job"]["title"] for b in bodies] == ["Job 2", "Job 3"]
    assert {b["delivery_id"] for b in bodies} == row_ids
    assert {call.headers["x-watchtower-delivery"] for call in calls if call.status != 200} <= row_ids
    rows = WebhookDelivery.objects.filter(watch=dead)
    assert set(rows.values_list("status", flat=True)) == {DeliveryStatus.FAILED}
    assert set(rows.values_list("attempts", flat=True)) == {8}
    for call in live.hooks_to("/hook/dead"):
        assert_signed(call, "secret-dead")
