"""Settings for app processes started by tests/api/test_multiprocess.py: the project's settings,
on the SQLite file named by WT_SHARED_SQLITE when it is set (on PostgreSQL, DATABASE_URL already
names a database every process shares)."""

from __future__ import annotations

import os

from watchtower.settings import *  # noqa: F403

if os.environ.get("WT_SHARED_SQLITE"):
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ["WT_SHARED_SQLITE"],
            "OPTIONS": {"timeout": 30, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"},
        }
    }
