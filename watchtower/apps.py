from __future__ import annotations

from django.apps import AppConfig


class WatchtowerConfig(AppConfig):
    name = "watchtower"
    verbose_name = "Watchtower"

    def ready(self) -> None:
        from watchtower import checks  # noqa: F401  (registers the system checks)
