from __future__ import annotations

from django.apps import AppConfig


class WatchesConfig(AppConfig):
    name = "watches"
    verbose_name = "Clients and watches"
