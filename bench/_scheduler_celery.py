"""The Celery app of bench/scheduler.py's workers (`celery -A bench._scheduler_celery worker`):
watchtower's own app, with the client-side request log (bench/_request_log.py) installed in every
pool process once Django is set up there."""

from __future__ import annotations

from typing import Any

from celery.signals import worker_process_init

from bench import _request_log as request_log
from watchtower.celery import app

__all__ = ["app"]


@worker_process_init.connect
def _log_requests(**kwargs: Any) -> None:
    request_log.install_from_env()
