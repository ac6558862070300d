from __future__ import annotations

import base64
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from watches.models import Client, CountsDaily, UsageDaily, Watch, WatchKind
from watches.services.usage import counts_record, usage_record, utc_today
from watchtower.site.stats import stats_load

pytestmark = pytest.mark.django_db


def basic(password: str, user: str = "anyone") -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


@pytest.fixture
def seeded() -> dict[str, Any]:
    """Three users over three days, tool calls on both interfaces, page views by every audience,
    MCP connections from two apps."""
    now = timezone.now()
    yesterday = now - timedelta(days=1)
    alice = Client.objects.create(token_hash="a", source="claude-code")
    bob = Client.objects.create(token_hash="b", source="cursor")
    carol = Client.objects.create(token_hash="c")
    Client.objects.filter(pk=carol.pk).update(created_at=now - timedelta(days=40))
    Watch.objects.create(client=alice, kind=WatchKind.SEARCH, query="ios", expires_at=now + timedelta(days=30))
    for _ in range(3):
        usage_record(client_id=alice.pk, tool="watch_jobs", interface="mcp")
    usage_record(client_id=alice.pk, tool="get_changes", interface="mcp")
    usage_record(client_id=bob.pk, tool="watch_jobs", interface="rest")
    usage_record(client_id=carol.pk, tool="get_changes", interface="rest", now=yesterday)
    usage_record(client_id=carol.pk, tool="get_changes", interface="rest", now=now - timedelta(days=20))
    for dim, n in (("/|human", 5), ("/|ai", 2), ("/llms.txt|ai", 4), ("/companies|bot", 1)):
        for _ in range(n):
            counts_record(metric="page_view", dim=dim)
    counts_record(metric="page_view", dim="/|human", now=yesterday)
    for app, n in (("claude-code", 3), ("cursor", 1)):
        for _ in range(n):
            counts_record(metric="mcp_connect", dim=app)
    return {"alice": alice, "bob": bob, "carol": carol}


def test_stats_are_off_without_a_token(client: Any, config: Any) -> None:
    config(stats_token="", metrics_token="")
    assert client.get("/stats").status_code == 404
    assert client.get("/stats", HTTP_AUTHORIZATION=basic("")).status_code == 404


def test_stats_ask_for_basic_auth_and_refuse_a_wrong_password(client: Any, config: Any) -> None:
    config(stats_token="s3cret")
    response = client.get("/stats")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith('Basic realm="Watchtower stats"')
    assert response["Cache-Control"] == "no-store"
    assert "STATS_TOKEN" in response.content.decode()
    assert client.get("/stats", HTTP_AUTHORIZATION=basic("wrong")).status_code == 401
    assert client.get("/stats", HTTP_AUTHORIZATION="Basic !!!notbase64").status_code == 401
    assert client.get("/stats", HTTP_AUTHORIZATION=basic("s3cret", user="")).status_code == 200
    assert client.get("/stats", HTTP_AUTHORIZATION="Bearer s3cret").status_code == 200


def test_the_metrics_token_opens_stats_when_there_is_no_stats_token(client: Any, config: Any) -> None:
    config(stats_token="", metrics_token="m-token")
    assert client.get("/stats", HTTP_AUTHORIZATION=basic("m-token")).status_code == 200
    config(stats_token="s-token", metrics_token="m-token")
    assert client.get("/stats", HTTP_AUTHORIZATION=basic("m-token")).status_code == 401


def test_the_numbers_come_from_the_daily_counters(seeded: dict[str, Any]) -> None:
    stats = stats_load()
    assert stats.days[-1] == utc_today() and len(stats.days) == 30
    assert stats.kpis == {
        "active_today": 2,
        "active_7d": 3,
        "active_30d": 3,
        "clients_total": 3,
        "clients_with_watches": 1,
        "live_watches": 1,
        "new_today": 2,
        "calls_today": 5,
        "human_views_today": 5,
    }
    assert stats.daily_active[-3:] == [0, 1, 2]
    assert stats.daily_calls[-2:] == [1, 5]
    assert stats.daily_new[-1] == 2 and sum(stats.daily_new) == 2  # carol is 40 days old
    assert stats.daily_views["human"][-2:] == [1, 5]
    assert stats.daily_views["ai"][-1] == 6 and stats.daily_views["bot"][-1] == 1
    tools = {(row["tool"], row["interface"]): row for row in stats.tools}
    assert tools[("watch_jobs", "mcp")] == {
        "tool": "watch_jobs",
        "interface": "mcp",
        "today": 3,
        "week": 3,
        "month": 3,
        "users": 1,
    }
    assert tools[("get_changes", "rest")]["today"] == 0 and tools[("get_changes", "rest")]["month"] == 2
    assert {row["source"]: (row["new_30d"], row["active_7d"]) for row in stats.sources} == {
        "claude-code": (1, 1),
        "cursor": (1, 1),
        "(none)": (0, 1),
    }
    assert stats.apps == [{"app": "claude-code", "week": 3, "month": 3}, {"app": "cursor", "week": 1, "month": 1}]
    assert stats.pages[0] == {"path": "/", "human": 6, "ai": 2, "bot": 0, "total": 8}


def test_the_page_shows_charts_and_tables(client: Any, config: Any, seeded: dict[str, Any]) -> None:
    config(stats_token="s3cret")
    response = client.get("/stats", HTTP_AUTHORIZATION=basic("s3cret"))
    html = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert response["Cache-Control"] == "no-store"
    assert '<meta name="robots" content="noindex">' in html
    assert html.count("<svg") == 4 and html.count('class="s3"') >= 1
    for text in ("Daily active users", "watch_jobs", "get_changes", "claude-code", "cursor", "(none)", "/llms.txt"):
        assert text in html
    assert "<script" not in html


def test_days_are_utc_days(config: Any) -> None:
    with time_machine.travel("2026-03-01 23:30:00+00:00", tick=False):
        client = Client.objects.create(token_hash="late")
        usage_record(client_id=client.pk, tool="search_jobs", interface="mcp")
    with time_machine.travel("2026-03-02 00:30:00+00:00", tick=False):
        stats = stats_load()
    assert stats.daily_active[-2:] == [1, 0]
    assert stats.daily_new[-2:] == [1, 0]
    assert UsageDaily.objects.get().day.isoformat() == "2026-03-01"
    assert not CountsDaily.objects.exists()
