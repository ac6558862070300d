"""The Celery app: used only when a broker URL is set (production mode)."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "watchtower.settings")

app = Celery("watchtower")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
