from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from boards.models import Resource
from changes.models import WebhookDelivery
from tests.site.events import (
    board,
    check_events,
    mcp_initialize,
    samples,
    scrape,
    value,
    watch,
    webhook_event,
)
from watches.models import Client, CountsDaily

pytestmark = pytest.mark.django_db

BASE = Path(__file__).resolve().parents[2]


def test_the_check_counters_move_when_checks_happen(client: Any, site: Any) -> None:
    before = samples(scrape(client))
    check_events(site)
    after = samples(scrape(client))

    def moved(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert moved("watchtower_checks_total", outcome="first_snapshot", code="") == 1
    assert moved("watchtower_checks_total", outcome="changed", code="") == 1
    assert moved("watchtower_checks_total", outcome="error", code="ACCESS_DENIED") == 1
    assert moved("watchtower_host_busy_total") == 1  # a deferral, not a check
    assert moved("watchtower_checks_total", outcome="host_busy", code="HOST_BUSY") == 0
    assert moved("watchtower_fetch_duration_seconds_count", platform="greenhouse") == 3
    assert moved("watchtower_changes_emitted_total", type="JOB_ADDED") == 1
    assert moved("watchtower_blocked_total", code="ACCESS_DENIED") == 1
    assert value(after, "watchtower_blocked_resources_1h") == 1
    assert value(after, "watchtower_failing_resources") == 1


def test_webhook_deliveries_and_the_pending_gauge_move(client: Any, site: Any) -> None:
    before = samples(scrape(client))
    site.serve("hooks.acme.example", "/hook", {"ok": True})
    pending = WebhookDelivery.objects.create(
        watch=watch(None, webhook_url="https://hooks.acme.example/hook"),
        payload={"changes": []},
        next_attempt_at=timezone.now() + timedelta(hours=1),
    )
    assert value(samples(scrape(client)), "watchtower_webhooks_pending") == 1
    pending.delete()
    webhook_event(site)
    after = samples(scrape(client))
    delivered = value(after, "watchtower_webhook_deliveries_total", result="delivered")
    assert delivered - value(before, "watchtower_webhook_deliveries_total", result="delivered") == 1
    assert value(after, "watchtower_webhooks_pending") == 0


@pytest.mark.django_db(transaction=True)  # the middleware records the connection on another thread's connection
def test_mcp_connections_are_counted_by_app_and_ref(client: Any) -> None:
    labels = {"client": "claude-code", "ref": "claude-plugin"}
    before = value(samples(scrape(client)), "watchtower_mcp_initialize_total", **labels)
    mcp_initialize("Claude-Code", "claude-plugin")
    assert value(samples(scrape(client)), "watchtower_mcp_initialize_total", **labels) == before + 1


@pytest.mark.django_db(transaction=True)
def test_invented_client_names_and_refs_cannot_grow_the_labels_or_the_daily_counts(client: Any) -> None:
    """500 initialize calls with invented names made 500 label sets and 500 daily rows (issue 15)."""
    before = samples(scrape(client))
    rows_before = CountsDaily.objects.filter(metric="mcp_connect").count()
    for n in range(500):
        mcp_initialize(f"evil-client-{n}", f"ref-{n}")
    after = samples(scrape(client))
    name = "watchtower_mcp_initialize_total"
    new_sets = {labels for (sample, labels) in after if sample == name} - {
        labels for (sample, labels) in before if sample == name
    }
    assert new_sets <= {frozenset({"client": "other", "ref": "other"}.items())}
    assert value(after, name, client="other", ref="other") - value(before, name, client="other", ref="other") == 500
    assert CountsDaily.objects.filter(metric="mcp_connect").count() - rows_before <= 1
    assert CountsDaily.objects.get(metric="mcp_connect", dim="other").n >= 500


def test_the_database_gauges_follow_the_data(client: Any) -> None:
    zero = samples(scrape(client))
    for name in (
        "watchtower_active_watches",
        "watchtower_search_watches",
        "watchtower_active_resources",
        "watchtower_monitored_resources",
        "watchtower_directory_boards",
        "watchtower_directory_overdue_boards",
        "watchtower_failing_resources",
        "watchtower_blocked_resources_1h",
        "watchtower_webhooks_pending",
        "watchtower_webhook_fanout_backlog",
    ):
        assert (name, frozenset()) in zero and value(zero, name) == 0, name

    watched = board("acme")
    watch(watched)
    watch(None)
    expired = watch(board("gone"))
    expired.expires_at = timezone.now() - timedelta(minutes=1)
    expired.save()
    Resource.objects.filter(pk=board("indexed").pk).update(indexed=True)
    Resource.objects.filter(pk=board("late").pk).update(indexed=True, next_check_at=timezone.now() - timedelta(hours=2))
    Resource.objects.filter(pk=watched.pk).update(
        consecutive_failures=2, blocked_at=timezone.now() - timedelta(hours=2)
    )
    Client.objects.create(token_hash="h-ref-1", source="claude-code")
    Client.objects.create(token_hash="h-ref-2", source="claude-code")
    Client.objects.create(token_hash="h-ref-4", source="my-blog-post")
    Client.objects.create(token_hash="h-ref-5", source="another-invented-tag")
    old = Client.objects.create(token_hash="h-ref-3", source="cursor")
    Client.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(days=8))

    found = samples(scrape(client))
    assert value(found, "watchtower_active_watches") == 2
    assert value(found, "watchtower_search_watches") == 1
    assert value(found, "watchtower_active_resources") == 1
    assert value(found, "watchtower_monitored_resources") == 3  # two directory boards + one watched
    assert value(found, "watchtower_directory_boards") == 2
    assert value(found, "watchtower_directory_overdue_boards") == 1
    assert value(found, "watchtower_failing_resources") == 1
    assert value(found, "watchtower_blocked_resources_1h") == 0  # refused two hours ago
    assert value(found, "watchtower_clients_created_7d", ref="claude-code") == 2
    assert value(found, "watchtower_clients_created_7d", ref="none") == 3  # the watches' clients
    assert value(found, "watchtower_clients_created_7d", ref="cursor") == 0
    assert value(found, "watchtower_clients_created_7d", ref="other") == 2  # invented tags: one label
    assert value(found, "watchtower_clients_created_7d", ref="my-blog-post") == 0


def test_django_prometheus_request_metrics_are_exported(client: Any) -> None:
    client.get("/health")
    text = scrape(client)
    assert "django_http_requests_total_by_method_total" in text
    assert "django_http_responses_total_by_status_total" in text


def test_a_metrics_token_requires_the_bearer_header(client: Any, config: Any) -> None:
    config(metrics_token="m-secret")
    refused = client.get("/metrics")
    assert refused.status_code == 401
    assert refused.json()["error"] == "UNAUTHORIZED"
    assert refused["WWW-Authenticate"].startswith("Bearer")
    assert client.get("/metrics", HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    assert client.get("/metrics", HTTP_AUTHORIZATION="Basic bTptLXNlY3JldA==").status_code == 401
    assert "watchtower_active_watches" in scrape(client, authorization="Bearer m-secret")


def test_the_exposition_is_prometheus_text(client: Any) -> None:
    response = client.get("/metrics")
    assert response["Content-Type"].startswith("text/plain")
    assert response["Cache-Control"] == "no-store"
    assert client.post("/metrics").status_code == 405


def test_counters_of_several_worker_processes_are_added_up(client: Any, tmp_path: Path, monkeypatch: Any) -> None:
    """PROMETHEUS_MULTIPROC_DIR: each process writes its counters to files; a scrape answered by
    any one process reports the sum over all of them."""
    worker = (
        "from watchtower import metrics\n"
        "metrics.CHECKS.labels(outcome='changed', code='').inc(3)\n"
        "metrics.FETCH_DURATION.labels(platform='lever').observe(0.3)\n"
    )
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    for _ in range(2):
        subprocess.run([sys.executable, "-c", worker], cwd=BASE, env=env, check=True, timeout=60)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))
    found = samples(scrape(client))
    assert value(found, "watchtower_checks_total", outcome="changed", code="") == 6
    assert value(found, "watchtower_fetch_duration_seconds_count", platform="lever") == 2
    assert "watchtower_active_watches" in {name for name, _ in found}
