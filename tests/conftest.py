from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from watchtower.config import Config

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def config(settings: Any) -> Iterator[Callable[..., Config]]:
    """Replace fields of the configuration for one test: `config(allow_private_networks=True)`."""

    def replace(**changes: Any) -> Config:
        settings.WATCHTOWER = dataclasses.replace(settings.WATCHTOWER, **changes)
        return settings.WATCHTOWER

    yield replace


def postgres_and_redis() -> bool:
    return bool(os.environ.get("DATABASE_URL")) and bool(os.environ.get("CELERY_BROKER_URL"))
