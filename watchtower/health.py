"""`GET /health`: 200 when the database answers and the scheduler is alive; 503 otherwise.

The scheduler is observed, not assumed from configuration: its last tick and the oldest overdue
check of a watched board (boards/services/liveness.py), judged against SCHEDULER_STALL_SECONDS
wherever this deployment runs one (`RUN_SCHEDULER`; an API-only replica reports it, unjudged)."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, JsonResponse

import watchtower
from boards.services.liveness import scheduler_liveness
from watchtower.config import current


def health(request: HttpRequest) -> JsonResponse:
    config = current()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        database = "ok"
    except Exception as exc:  # any driver error means "not healthy", never a 500 page
        database = f"error: {type(exc).__name__}"
    healthy = database == "ok"
    body: dict[str, object] = {
        "status": "ok" if healthy else "unavailable",
        "database": database,
        "database_vendor": connection.vendor,
        "scheduler": ("celery" if not config.embedded else "embedded") if config.run_scheduler else "off",
        "version": watchtower.__version__,
    }
    if healthy:
        liveness = scheduler_liveness()
        body["scheduler_liveness"] = liveness.as_dict()
        if liveness.stalled and config.run_scheduler:
            healthy = False
            body["status"] = "scheduler_stalled"
    return JsonResponse(body, status=200 if healthy else 503)
