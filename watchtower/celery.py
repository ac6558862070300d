"""The Celery app: used only when a broker URL is set (production mode).

Run one beat (`celery -A watchtower beat`) and any number of workers
(`celery -A watchtower worker`). Beat only sends short periodic tasks; every one of them is safe
to run twice or concurrently (claims, conditional UPDATEs, the maintenance lease), so a second beat
by mistake costs duplicate work, not duplicate checks.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun, worker_init, worker_process_init
from kombu import Queue

from watchtower.config import CONFIG
from watchtower.periods import FANOUT_EVERY, MAINTENANCE_EVERY, WEBHOOKS_EVERY

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "watchtower.settings")

app = Celery("watchtower")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

DISPATCH_EVERY = 2.0

# The webhook fan-out has a queue of its own, so it can have a worker of its own that checks never
# keep busy (docs/scheduling.md): `celery -A watchtower worker -Q fanout -c 1` beside check workers
# started with `-Q celery`. A worker started without -Q consumes every queue declared here, so a
# deployment of plain workers still runs everything.
FANOUT_QUEUE = "fanout"
# Each queue bound with its own name as routing key: two queues on one key would both get every task.
app.conf.task_queues = tuple(Queue(name, routing_key=name) for name in (app.conf.task_default_queue, FANOUT_QUEUE))
app.conf.task_routes = {"changes.tasks.fan_out_webhooks": {"queue": FANOUT_QUEUE}}

if CONFIG.broker_url and CONFIG.run_scheduler:
    # `expires`: a tick that waited in the queue longer than its period (no worker was free, or
    # the broker was away) is dropped instead of running late in a burst.
    app.conf.beat_schedule = {
        "dispatch-due-checks": {
            "task": "boards.tasks.dispatch_due",
            "schedule": DISPATCH_EVERY,
            "options": {"expires": DISPATCH_EVERY * 5},
        },
        "fan-out-webhooks": {
            "task": "changes.tasks.fan_out_webhooks",
            "schedule": FANOUT_EVERY,
            "options": {"expires": FANOUT_EVERY * 5},
        },
        "deliver-webhooks": {
            "task": "changes.tasks.deliver_webhooks",
            "schedule": WEBHOOKS_EVERY,
            "options": {"expires": WEBHOOKS_EVERY * 4},
        },
        "run-maintenance": {
            "task": "changes.tasks.run_maintenance",
            "schedule": MAINTENANCE_EVERY,
            "options": {"expires": MAINTENANCE_EVERY},
        },
    }


@worker_init.connect
def _warm_up(sender: Any = None, **kwargs: Any) -> None:
    """Before the pool starts: prefork processes are forked with the gazetteer loaded (shared
    copy-on-write) instead of each loading it in its first check."""
    from watchtower.embedded import warm_up

    warm_up()
    pool = getattr(sender, "pool_cls", "")
    if "prefork" not in (pool if isinstance(pool, str) else pool.__module__):
        _warm_fanout()  # tasks run in this process (threads, solo)
        return
    # A forked child must not use a connection its parent opened, so each child warms itself.
    # Connected here, not at import: Celery's Django fixup connects its own worker_process_init
    # handler (which drops the connections a child inherits) in its worker_init handler, which
    # ran before this one; receivers run in the order they were connected.
    worker_process_init.connect(_warm_fanout, weak=False)


def _warm_fanout(**kwargs: Any) -> None:
    """A process that consumes the fan-out queue compiles the live webhook searches before its
    first fan-out (changes.services.webhooks.warm_filters), not inside it."""
    if FANOUT_QUEUE not in app.amqp.queues.consume_from:
        return
    from watchtower.embedded import warm_up_fanout

    warm_up_fanout()


@task_prerun.connect
@task_postrun.connect
def _pooled_connections(**kwargs: Any) -> None:
    """Each task takes its database connection from the process's pool and gives it back, as a web
    request does (`close_old_connections`: a broken one is replaced, the pool checks what it hands
    out). Celery's Django fixup would instead close the whole pool after every task in a prefork
    process, so every check opened a new PostgreSQL backend (connect, authenticate, cold catalog
    caches) on the path between two requests to a host; `CELERY_DB_REUSE_MAX` (settings.py) turns
    that off, and this keeps what it did for a connection left broken or in a transaction."""
    from django.db import close_old_connections

    close_old_connections()
