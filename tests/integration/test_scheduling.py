"""The scenarios every runner must pass, run once with Celery workers on a private Redis and once
with embedded `check_due` replicas (the `runner` fixture), checking a simulated Greenhouse on
127.0.0.1 into the PostgreSQL test database. What only one runner has (a broker that goes away, a
task delivered twice, replicas losing their connections) stays in test_celery_scheduling.py and
test_embedded_scheduling.py."""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.utils import timezone

from boards.models import Job, Resource, Snapshot
from boards.services.resources import resource_revive
from changes.models import Change, DeliveryStatus, WebhookDelivery
from tests.integration.conftest import (
    EU,
    INTEGRATION,
    SPACING_MS,
    US,
    Runner,
    make_board,
    make_hook_watch,
    recheck_now,
    wait_for,
)
from tests.integration.flows import (
    assert_one_at_a_time_and_spaced,
    assert_signed,
    attempts_exceed,
    change_count_is,
    checked,
    checked_since,
    others_in_a_transaction,
    others_waiting_on_a_lock,
    time_passes_for_a_dead_worker,
)

pytestmark = INTEGRATION


def test_two_replicas_never_fetch_one_host_at_once_and_keep_the_spacing(live, runner: Runner) -> None:
    us = [make_board(live, f"us{n}") for n in range(5)]
    eu = [make_board(live, f"eu{n}", eu=True) for n in range(3)]
    replicas = [runner.replica("w1").start(wait=False), runner.replica("w2", beat=False).start(wait=False)]
    for replica in replicas:
        wait_for(partial(replica.output_has, replica.ready_marker), what="the replicas")

    wait_for(lambda: checked(*us, *eu), what="every board to be checked")
    # A second round, with every replica warmed up (a Celery worker's first check loads the place index).
    round_two = timezone.now()
    first_round = {US: live.listing_hits(US), EU: live.listing_hits(EU)}
    Resource.objects.filter(pk__in=[r.pk for r in us + eu]).update(next_check_at=round_two)
    wait_for(lambda: checked_since(round_two, *us, *eu), what="the second round")

    spacing = SPACING_MS / 1000
    us_hits, eu_hits = live.listing_hits(US), live.listing_hits(EU)
    assert len(us_hits) == 10 and len(eu_hits) == 6
    assert_one_at_a_time_and_spaced(us_hits, spacing=spacing)
    assert_one_at_a_time_and_spaced(eu_hits, spacing=spacing)
    us_two = us_hits[len(first_round[US]) :]
    eu_two = eu_hits[len(first_round[EU]) :]
    # Hosts proceed in parallel: the EU checks ran while the US backlog was still going.
    assert eu_two[0].start < us_two[-1].start
    # Back to back at the politeness pace (50 ms answers, 300 ms spacing: 1.4 s), not one per beat
    # tick (2 s: 8 s). The margin is for a loaded machine (3.3 s seen at load 15 on 2 cores); the
    # pace itself is measured by bench/scheduler.py.
    assert us_two[-1].start - us_two[0].start < 4 * (spacing + 0.05) + 3.0
    for replica in replicas:
        assert "Traceback" not in replica.output()


def test_a_replica_killed_between_fetch_and_commit_leaves_nothing_half_written(live, runner: Runner) -> None:
    board = make_board(live, "acme", jobs=2)
    make_hook_watch(board, "/hook/acme")
    doomed = runner.replica("doomed").start()
    wait_for(lambda: checked(board), what="the first snapshot")
    assert Job.objects.filter(resource=board).count() == 2

    arrived, release = live.hold("acme")
    recheck_now(board, jobs=3, platform=live, token="acme")
    assert arrived.wait(15), "the second check never fetched"
    with transaction.atomic():
        # Hold the resource row: the check inserts its jobs, changes and snapshot, then waits
        # here to update the resource, inside its still-open transaction.
        Resource.objects.select_for_update().get(pk=board.pk)
        release.set()
        wait_for(others_waiting_on_a_lock, what="the check to block before its commit")
        doomed.kill()
    wait_for(lambda: others_in_a_transaction() == 0, what="PostgreSQL to roll the dead transaction back")

    assert Snapshot.objects.filter(resource=board).count() == 1
    assert Job.objects.filter(resource=board).count() == 2
    assert not Change.objects.exists() and not WebhookDelivery.objects.exists()

    time_passes_for_a_dead_worker(board)
    runner.replica("successor").start()
    wait_for(lambda: Change.objects.filter(resource=board).exists(), what="the next check")
    [change] = Change.objects.filter(resource=board)
    assert change.type == "JOB_ADDED" and change.data["job"]["title"] == "Job 3"
    assert Job.objects.filter(resource=board).count() == 3
    assert Snapshot.objects.filter(resource=board).count() == 1
    wait_for(WebhookDelivery.objects.exists, what="the fan-out of the change")
    [delivery] = WebhookDelivery.objects.all()
    assert delivery.change_ids == [change.id]


def delivery_count_is(count: int) -> bool:
    return WebhookDelivery.objects.count() == count


def test_a_receiver_gets_every_batch_after_an_outage_and_a_dead_one_ends_failed(live, runner: Runner) -> None:
    board = make_board(live, "hooks", jobs=1)
    back = make_hook_watch(board, "/hook/back", secret="secret-back")
    dead = make_hook_watch(board, "/hook/dead", secret="secret-dead")

    def attempt_again() -> None:
        """Time passes: every pending delivery is due again, and the runner sends what is due."""
        WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING).update(next_attempt_at=timezone.now())
        runner.deliver_due()

    with runner.delivering():
        wait_for(lambda: checked(board), what="the first snapshot")
        live.hook_status.update({"/hook/back": 503, "/hook/dead": 500})
        for jobs in (2, 3):  # two checks, each adding a job, each fanned out: two batches per watch
            recheck_now(board, jobs=jobs, platform=live, token="hooks")
            wait_for(partial(change_count_is, jobs - 1), what="the change")
            wait_for(partial(delivery_count_is, 2 * (jobs - 1)), what="the fan-out")
        wait_for(lambda: WebhookDelivery.objects.filter(attempts__gte=1).count() >= 2, what="first attempts")

        live.hook_status["/hook/back"] = 200
        attempt_again()
        wait_for(
            lambda: WebhookDelivery.objects.filter(watch=back, status=DeliveryStatus.DELIVERED).count() == 2,
            what="the returning receiver to get both batches",
        )
        for _ in range(12):
            if not WebhookDelivery.objects.filter(watch=dead, status=DeliveryStatus.PENDING).exists():
                break
            attempts = sum(WebhookDelivery.objects.filter(watch=dead).values_list("attempts", flat=True))
            attempt_again()
            wait_for(
                partial(attempts_exceed, WebhookDelivery.objects.filter(watch=dead), attempts),
                what="another attempt",
            )

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


def test_a_retired_board_is_never_fetched_and_a_revived_one_is_checked_again(live, runner: Runner) -> None:
    kept = make_board(live, "acme")
    retired = make_board(live, "globex")
    Resource.objects.filter(pk=retired.pk).update(retired_at=timezone.now(), retired_reason="UPSTREAM_ERROR: HTTP 404")
    replica = runner.replica("w1").start()
    wait_for(lambda: checked(kept), what="the board still in the directory")
    # A second round: the runner has dispatched since, and still not the retired board (it is due).
    round_two = timezone.now()
    Resource.objects.filter(pk=kept.pk).update(next_check_at=round_two)
    wait_for(lambda: checked_since(round_two, kept), what="the second round")
    assert live.hits_for("globex") == [] and not checked(retired)

    resource_revive(Resource.objects.get(pk=retired.pk))  # the admin's Revive, or a watch asking
    wait_for(lambda: checked(retired), what="the revived board")
    assert len(live.hits_for("globex")) == 1
    assert "Traceback" not in replica.output()
