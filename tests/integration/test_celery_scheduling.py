"""Production mode end to end, what only Celery has: a broker that can go away and a task the broker
can deliver twice (the scenarios every runner shares are in test_scheduling.py)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client as HttpClient
from django.utils import timezone
from kombu.exceptions import OperationalError

from boards.models import Snapshot
from boards.services.scheduler import resource_claim
from boards.tasks import _queue_later, _queue_now, check_resource, dispatch_due
from changes.tasks import deliver_webhooks, fan_out_webhooks
from tests.integration.conftest import INTEGRATION, Process, make_board, wait_for
from tests.integration.flows import checked
from watches.models import Client, Watch, WatchKind

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

    earlier: list[str] = []

    def resumed() -> bool:
        if worker.process is not None and worker.process.poll() is not None:
            # Celery 5.7 / kombu 5.7 can die on losing the broker while it holds unacknowledged
            # messages (acks_late), also while it reconnects after the broker is back: production
            # runs workers under a restart policy, as here.
            earlier.append(worker.output())
            worker.process = None
            worker.start()
        return bool(checked(during))

    # The worker reconnects on kombu's backoff (2 s, then 2 s longer each try, at most 30 s apart),
    # so a slow machine that kept the broker down longer can wait up to 30 s before the next try.
    try:
        wait_for(resumed, what="checks to resume after the broker returned")
    except AssertionError as timed_out:
        logs = "\n--- restarted ---\n".join([*earlier, worker.output()])
        raise AssertionError(f"{timed_out}; the worker's log:\n{logs[-6000:]}") from None


def test_the_fan_out_has_a_queue_and_a_worker_of_its_own(processes, subprocess_env, redis_server, celery_app) -> None:
    _hooked_search()
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
    # Only the fan-out's worker compiles the webhook searches ahead of its first fan-out.
    assert "compiled 1 webhook filters ahead of the first fan-out" in fanout.output()
    assert "ahead of the first fan-out" not in checks.output()


def test_a_prefork_fan_out_process_compiles_the_webhook_searches_when_it_starts(
    processes, subprocess_env, redis_server, celery_app
) -> None:
    _hooked_search()
    fanout = processes(
        env=subprocess_env(CELERY_BROKER_URL=redis_server.url),
        name="fanout",
        queues="fanout",
        pool="prefork",
        concurrency=1,
    ).start()
    wait_for(
        lambda: "compiled 1 webhook filters ahead of the first fan-out" in fanout.output(),
        what="the pool process to compile the live webhook search",
    )
    fan_out_webhooks.delay()
    wait_for(lambda: "fan_out_webhooks[" in fanout.output() and "succeeded" in fanout.output(), what="a fan-out")
    assert "failed" not in fanout.output()


def _hooked_search() -> None:
    """A live search watch with a webhook, written as the API would store it."""
    Watch.objects.create(
        client=Client.objects.create(token_hash="hash-fanout-warm"),
        kind=WatchKind.SEARCH,
        filters={"keywords": ["ios"]},
        webhook_url="http://hooks.acme.example/in",
        webhook_secret="whsec_integration",
        expires_at=timezone.now() + timedelta(days=30),
    )


def test_a_hosts_next_check_is_served_before_a_burst_of_dispatched_checks(
    processes, subprocess_env, redis_server, celery_app, monkeypatch
) -> None:
    queued: dict[str, int] = {}  # task id -> resource id
    publish = check_resource.apply_async

    def recording(args: tuple[int, str], **options: Any) -> Any:
        result = publish(args, **options)
        queued[result.id] = args[0]
        return result

    monkeypatch.setattr(check_resource, "apply_async", recording)
    # Queued before any worker runs, as a dispatch tick's burst is: the follow-up, queued last,
    # is still the first one a worker takes. Ids of no resource: each check ends at once ("skipped").
    for missing in range(-10, -4):
        _queue_now(missing, "dispatched")
    _queue_later(-1, "follow-up", 0.0)
    worker = processes(
        env=subprocess_env(CELERY_BROKER_URL=redis_server.url), name="w1", pool="prefork", concurrency=1
    ).start()
    wait_for(lambda: worker.output().count("succeeded") >= 7, what="every queued check to run")
    received = re.findall(r"boards\.tasks\.check_resource\[([^\]]+)\] received", worker.output())
    assert sorted(received) == sorted(queued)
    assert queued[received[0]] == -1


def test_a_prefork_process_keeps_its_database_connection_across_tasks(
    processes, subprocess_env, redis_server, celery_app
) -> None:
    worker = processes(
        env=subprocess_env(CELERY_BROKER_URL=redis_server.url), name="w1", pool="prefork", concurrency=1
    ).start()
    _queue_now(-1, "first")
    wait_for(lambda: worker.output().count("succeeded") >= 1, what="the first check")
    after_first = _worker_backends()
    _queue_now(-2, "second")
    wait_for(lambda: worker.output().count("succeeded") >= 2, what="the second check")
    # The same PostgreSQL backend served both (before, each task closed the process's pool).
    assert after_first and _worker_backends() == after_first


def _worker_backends() -> set[int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            " AND backend_type = 'client backend'"
        )
        return {row[0] for row in cursor.fetchall()}
