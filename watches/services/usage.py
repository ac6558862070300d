"""Daily usage counters (SPEC §15): one row per (UTC day, client, tool, interface) and per (UTC
day, metric, dim), bumped in place by one upsert (watches/services/counters.py), never a row per
request. Nothing here stores an address or anything else about a visitor."""

from __future__ import annotations

from datetime import UTC, date, datetime

from django.utils import timezone

from watches.models import CountsDaily, UsageDaily
from watches.services.counters import counter_bump

MAX_DIM_LENGTH = 120
MAX_NAME_LENGTH = 40


def utc_today(now: datetime | None = None) -> date:
    return (now or timezone.now()).astimezone(UTC).date()


def usage_record(*, client_id: int, tool: str, interface: str, now: datetime | None = None) -> None:
    """Count one call of `tool` (the MCP tool name, also for REST) by a client today."""
    counter_bump(
        UsageDaily,
        "calls",
        {"day": utc_today(now), "client_id": client_id, "tool": tool[:MAX_NAME_LENGTH], "interface": interface},
    )


def counts_record(*, metric: str, dim: str, now: datetime | None = None) -> None:
    """Count one anonymous event (`page_view`, `mcp_connect`, `anonymous_search`, …) today."""
    counter_bump(
        CountsDaily, "n", {"day": utc_today(now), "metric": metric[:MAX_NAME_LENGTH], "dim": dim[:MAX_DIM_LENGTH]}
    )
