"""A search's statements with their plans, for tests that check which indexes a plan reads."""

from __future__ import annotations

from typing import Any

from django.db import connection


def traced(explained: list[str], fetch: Any) -> Any:
    """`fetch` (search._fetch) that first appends the statement's plan, as EXPLAIN prints it."""

    def run(statement: str, settings: tuple[str, ...]) -> list[tuple[Any, ...]]:
        with connection.cursor() as cursor:
            for setting in settings:
                cursor.execute(f"SET LOCAL {setting}")
            cursor.execute(f"EXPLAIN {statement}")
            explained.append("\n".join(row[0] for row in cursor.fetchall()))
        return fetch(statement, settings)

    return run
