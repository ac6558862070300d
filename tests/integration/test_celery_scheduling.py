"""Production mode end to end, what only Celery has: a broker that can go away and a task the broker
can deliver twice (the scenarios every runner shares are in test_scheduling.py)."""

from __future__ import annotations

import pytest
from django.test import Client as HttpClient
from kombu.exceptions import OperationalError

from boards.models import Snapshot
from boards.services.scheduler import resource_claim
from boards.tasks import check_resource, dispatch_due
from changes.tasks import deliver_webhooks, fan_out_webhooks
from tests.integration.conftest import INTEGRATION, Process, make_board, wait_for
from tests.integration.flows import checked

pytestmark = INTEGRATION


def test_the_same_task_delivered_twice_does_one_check(
    live, processes, subprocess_env, redis_server, celery_app
) -> None:
    board = make_board(live, "twice")
    token = resource_claim(resource_id=board.pk)
    assert token
    worker = processes(env=subprocess_env(CELERY_BROKER_URL=redis_server.url), name="w1").start()
    check_resource.delay(board.pk, token)
    check_resource.delay(board.pk, token)
    wait_for(lambda: worker.output().count("succeeded") >= 2, what="both deliveries to run")
    assert len(live.hits_for("twice")) == 1
    assert checked(board)
    assert Snapshot.objects.filter(resource=board).count() == 1


def test_with_the_broker_down_checks_pause_and_the_api_stays_up(
    live, processes, subprocess_env, redis_server, celery_app
) -> None:
    before = make_board(live, "before")
    worker = processes(env=subprocess_env(CELERY_BROKER_URL=redis_server.url), name="w1", beat=True).start()
    wait_for(lambda: checked(before), what="a check while the broker is up")

    redis_server.stop()
    try:
        # On another host than "before": its lease (held through the spacing after that check)
        # must not be what keeps this board from being dispatched.
        during = make_board(live, "during", eu=True)
        assert HttpClient().get("/health").status_code == 200
        with pytest.raises(OperationalError):  # after kombu's short publish retries
            dispatch_due()
        during.refresh_from_db()
        assert during.claim_token == "" and during.claimed_until is None  # nothing stranded
        assert not live.hits_for("during")
    finally:
        redis_server.start()

    if worker.process is not None and worker.process.poll() is not None:
        # Celery 5.7 / kombu 5.7 can die on losing the broker while it holds unacknowledged
        # messages (acks_late): production runs workers under a restart policy, as here.
        worker.process = None
        worker.start()
    wait_for(lambda: checked(during), timeout=30, what="checks to resume after the broker returned")


def test_the_fan_out_has_a_queue_and_a_worker_of_its_own(processes, subprocess_env, redis_server, celery_app) -> None:
    env = subprocess_env(CELERY_BROKER_URL=redis_server.url)
    checks = processes(env=env, name="checks", queues="celery").start()
    fanout = processes(env=env, name="fanout", queues="fanout").start()
    fan_out_webhooks.delay()
    deliver_webhooks.delay()

    def ran(worker: Process, task: str) -> bool:
        return f"{task}[" in worker.output() and "succeeded" in worker.output()

    wait_for(lambda: ran(fanout, "changes.tasks.fan_out_webhooks"), what="the fan-out worker to fan out")
    wait_for(lambda: ran(checks, "changes.tasks.deliver_webhooks"), what="the other worker to deliver")
    assert "changes.tasks.fan_out_webhooks[" not in checks.output()
    assert "changes.tasks.deliver_webhooks[" not in fanout.output()
