from __future__ import annotations

from django.apps import AppConfig


class BoardsConfig(AppConfig):
    name = "boards"
    verbose_name = "Boards (resources and the directory)"
