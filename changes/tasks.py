"""Celery beat tasks for the webhook fan-out, the outbox and maintenance (production mode)."""

from __future__ import annotations

from changes.services.delivery import webhooks_deliver_backlog
from changes.services.maintenance import maintenance_run
from changes.services.webhooks import webhooks_fan_out
from watchtower.celery import app
from watchtower.periods import WEBHOOKS_EVERY


@app.task(ignore_result=True)
def fan_out_webhooks() -> int:
    return webhooks_fan_out()


@app.task(ignore_result=True)
def deliver_webhooks() -> int:
    return webhooks_deliver_backlog(seconds=WEBHOOKS_EVERY)


@app.task(ignore_result=True)
def run_maintenance() -> dict[str, int] | None:
    return maintenance_run()
