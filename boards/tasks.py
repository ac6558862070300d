"""Celery tasks of production mode (a broker URL is set). Each is one call into a service.

`check_resource` is safe to run twice: it carries the claim token taken at dispatch, and the check
does nothing unless that token is still the resource's claim (`acks_late` + a redelivery after a
lost worker, or a duplicate message, cost one UPDATE each). The follow-up check of the same host is
queued with a countdown equal to the host's remaining spacing, far below the broker's visibility
timeout, and ahead of dispatched checks (`FOLLOWUP_PRIORITY`).
"""

from __future__ import annotations

from boards.services.check import resource_check
from boards.services.scheduler import check_and_continue, dispatch
from watchtower.celery import app

# Claims per beat tick: one per host with due work, so this is "hosts started per 2 s".
DISPATCH_BATCH = 500
# Redis (kombu) keeps a list per priority step (0, 3, 6, 9) of each queue and serves 0 first. A
# dispatch tick queues a check for every free host at once (hundreds when the directory is due),
# while a busy host's next check must start when its spacing ends: behind such a burst it waited
# for all of it (gaps of 8-9 s at 1 s spacing, bench/scheduler.py). So follow-ups go out at 0,
# like the beat's short tasks, and dispatched checks one step behind.
FOLLOWUP_PRIORITY = 0
DISPATCHED_PRIORITY = 3


@app.task(acks_late=True, ignore_result=True)
def check_resource(resource_id: int, claim_token: str) -> str:
    return check_and_continue(
        resource_id=resource_id, claim_token=claim_token, check=resource_check, submit_later=_queue_later
    ).outcome


@app.task(ignore_result=True)
def dispatch_due() -> int:
    return dispatch(limit=DISPATCH_BATCH, submit=_queue_now)


def _queue_now(resource_id: int, claim_token: str) -> None:
    check_resource.apply_async((resource_id, claim_token), priority=DISPATCHED_PRIORITY)


def _queue_later(resource_id: int, claim_token: str, delay_seconds: float) -> None:
    check_resource.apply_async((resource_id, claim_token), countdown=delay_seconds, priority=FOLLOWUP_PRIORITY)
