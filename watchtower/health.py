"""`GET /health`: 200 when the database answers, 503 when it does not."""

from __future__ import annotations

from django.db import connection
from django.http import HttpRequest, JsonResponse

import watchtower
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
    body = {
        "status": "ok" if healthy else "unavailable",
        "database": database,
        "database_vendor": connection.vendor,
        "scheduler": ("celery" if not config.embedded else "embedded") if config.run_scheduler else "off",
        "version": watchtower.__version__,
    }
    return JsonResponse(body, status=200 if healthy else 503)
