"""What /stats shows, read from the daily counters (SPEC §15): users are anonymous client tokens,
every day is a UTC day, and the window is the last 30 days. Only aggregates are read; nothing here
can name a visitor."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.db.models import Count, Q, Sum
from django.db.models.functions import TruncDate
from django.utils import timezone

from watches.models import Client, CountsDaily, UsageDaily, Watch
from watches.services.usage import utc_today
from watchtower.site.audience import Audience
from watchtower.site.pageviews import PAGE_VIEW

WINDOW_DAYS = 30
AUDIENCES: tuple[Audience, ...] = ("human", "ai", "bot")
MCP_CONNECT = "mcp_connect"
TOP_ROWS = 20


@dataclass
class Stats:
    generated_at: datetime
    days: list[date]
    kpis: dict[str, int]
    daily_active: list[int]
    daily_new: list[int]
    daily_calls: list[int]
    daily_views: dict[str, list[int]]
    tools: list[dict[str, Any]] = field(default_factory=list)
    sources: list[dict[str, Any]] = field(default_factory=list)
    apps: list[dict[str, Any]] = field(default_factory=list)
    pages: list[dict[str, Any]] = field(default_factory=list)


def _by_day(rows: Any, days: list[date], key: str = "n") -> list[int]:
    values = {row["day"]: int(row[key] or 0) for row in rows}
    return [values.get(day, 0) for day in days]


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=UTC)


def stats_load(*, now: datetime | None = None) -> Stats:
    now = now or timezone.now()
    today = utc_today(now)
    start = today - timedelta(days=WINDOW_DAYS - 1)
    week = today - timedelta(days=6)
    days = [start + timedelta(days=offset) for offset in range(WINDOW_DAYS)]

    usage = UsageDaily.objects.filter(day__gte=start, day__lte=today)
    active_per_day = usage.values("day").annotate(n=Count("client_id", distinct=True))
    calls_per_day = usage.values("day").annotate(n=Sum("calls"))
    new_clients = Client.objects.filter(created_at__gte=_midnight(start))
    new_per_day = new_clients.annotate(day=TruncDate("created_at", tzinfo=UTC)).values("day").annotate(n=Count("id"))

    views: dict[str, list[int]] = {audience: [0] * WINDOW_DAYS for audience in AUDIENCES}
    pages: dict[tuple[str, str], int] = defaultdict(int)
    index = {day: i for i, day in enumerate(days)}
    for row in CountsDaily.objects.filter(metric=PAGE_VIEW, day__gte=start, day__lte=today).values("day", "dim", "n"):
        path, _, audience = row["dim"].rpartition("|")
        if audience not in views:
            continue
        views[audience][index[row["day"]]] += row["n"]
        if row["day"] >= week:
            pages[(path, audience)] += row["n"]

    live = Watch.objects.live(now)
    kpis = {
        "active_today": usage.filter(day=today).values("client_id").distinct().count(),
        "active_7d": usage.filter(day__gte=week).values("client_id").distinct().count(),
        "active_30d": usage.values("client_id").distinct().count(),
        "clients_total": Client.objects.count(),
        "clients_with_watches": live.values("client_id").distinct().count(),
        "live_watches": live.count(),
        "new_today": Client.objects.filter(created_at__gte=_midnight(today)).count(),
        "calls_today": int(usage.filter(day=today).aggregate(n=Sum("calls"))["n"] or 0),
        "human_views_today": views["human"][-1],
    }
    return Stats(
        generated_at=now,
        days=days,
        kpis=kpis,
        daily_active=_by_day(active_per_day, days),
        daily_new=_by_day(new_per_day, days),
        daily_calls=_by_day(calls_per_day, days),
        daily_views=views,
        tools=_tools(usage, today=today, week=week),
        sources=_sources(new_clients, week=week),
        apps=_apps(start=start, week=week, today=today),
        pages=_pages(pages),
    )


def _tools(usage: Any, *, today: date, week: date) -> list[dict[str, Any]]:
    rows = (
        usage.values("tool", "interface")
        .annotate(
            today=Sum("calls", filter=Q(day=today)),
            week=Sum("calls", filter=Q(day__gte=week)),
            month=Sum("calls"),
            users=Count("client_id", distinct=True),
        )
        .order_by("-month", "tool", "interface")
    )
    return [{**row, "today": row["today"] or 0, "week": row["week"] or 0} for row in rows]


def _sources(new_clients: Any, *, week: date) -> list[dict[str, Any]]:
    """Where users come from: the ?ref= tag of new clients (30 days) and of clients active this week."""
    new = {row["source"]: row["n"] for row in new_clients.values("source").annotate(n=Count("id"))}
    active_ids = UsageDaily.objects.filter(day__gte=week).values("client_id")
    active = {
        row["source"]: row["n"]
        for row in Client.objects.filter(pk__in=active_ids).values("source").annotate(n=Count("id"))
    }
    names = sorted(set(new) | set(active), key=lambda s: (-new.get(s, 0), -active.get(s, 0), s))
    return [
        {"source": name or "(none)", "new_30d": new.get(name, 0), "active_7d": active.get(name, 0)} for name in names
    ]


def _apps(*, start: date, week: date, today: date) -> list[dict[str, Any]]:
    rows = (
        CountsDaily.objects.filter(metric=MCP_CONNECT, day__gte=start, day__lte=today)
        .values("dim")
        .annotate(week=Sum("n", filter=Q(day__gte=week)), month=Sum("n"))
        .order_by("-month", "dim")[:TOP_ROWS]
    )
    return [{"app": row["dim"], "week": row["week"] or 0, "month": row["month"] or 0} for row in rows]


def _pages(pages: dict[tuple[str, str], int]) -> list[dict[str, Any]]:
    table: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(AUDIENCES, 0))
    for (path, audience), n in pages.items():
        table[path][audience] += n
    rows = [{"path": path, **counts, "total": sum(counts.values())} for path, counts in table.items()]
    return sorted(rows, key=lambda row: (-row["total"], row["path"]))
