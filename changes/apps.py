from __future__ import annotations

from django.apps import AppConfig


class ChangesConfig(AppConfig):
    name = "changes"
    verbose_name = "Changes and webhooks"
