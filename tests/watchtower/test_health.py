from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.db.utils import OperationalError
from django.utils import timezone

from boards.models import Heartbeat, Resource
from boards.services import liveness
from boards.tasks import dispatch_due
from watches.models import Watch
from watches.services.clients import client_create
from watchtower.embedded import EmbeddedScheduler


@pytest.mark.django_db
def test_it_reports_healthy_when_the_database_answers(client, fresh_tick: None) -> None:
    dispatch_due()  # the scheduler is alive
    response = client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] == "ok"
    assert body["scheduler"] in {"embedded", "celery", "off"}
    assert body["version"]


@pytest.mark.django_db
def test_it_answers_503_when_the_database_is_down(client) -> None:
    with mock.patch("watchtower.health.connection") as connection:
        connection.cursor.side_effect = OperationalError("connection refused")
        connection.vendor = "postgresql"
        response = client.get("/health")
    assert response.status_code == 503
    assert response.json()["status"] == "unavailable"


@pytest.fixture
def fresh_tick(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process writes its next heartbeat at once (it writes at most every 10 s)."""
    monkeypatch.setattr(liveness, "_next_write", 0.0)


@pytest.mark.django_db
def test_the_embedded_loop_ticks(fresh_tick: None) -> None:
    scheduler = EmbeddedScheduler(concurrency=1, housekeeping=False)
    scheduler.dispatch_once()
    assert Heartbeat.objects.get(name="scheduler").beat_at > timezone.now() - timedelta(seconds=5)


@pytest.mark.django_db
def test_the_celery_beat_dispatch_ticks(fresh_tick: None) -> None:
    dispatch_due()  # the task beat sends every two seconds, run as a worker would
    assert Heartbeat.objects.get(name="scheduler").beat_at > timezone.now() - timedelta(seconds=5)


@pytest.mark.django_db
def test_a_live_scheduler_is_healthy(client, fresh_tick: None) -> None:
    dispatch_due()
    response = client.get("/health")
    assert response.status_code == 200
    assert response.json()["scheduler_liveness"]["stalled"] is False


@pytest.mark.django_db
def test_a_scheduler_without_a_tick_for_too_long_answers_503(client, config) -> None:
    config(run_scheduler=True, scheduler_stall_seconds=60)
    Heartbeat.objects.create(name="scheduler", beat_at=timezone.now() - timedelta(minutes=5))
    response = client.get("/health")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "scheduler_stalled"
    assert body["scheduler_liveness"]["tick_age_seconds"] >= 299


@pytest.mark.django_db
def test_a_watched_board_overdue_for_too_long_answers_503(client, config, fresh_tick: None) -> None:
    config(run_scheduler=True, scheduler_stall_seconds=60)
    Heartbeat.objects.create(name="scheduler", beat_at=timezone.now())  # ticks, yet nothing gets checked
    resource = Resource.objects.create(
        url="https://boards.greenhouse.io/acme",
        platform="greenhouse",
        fetch_host="boards-api.greenhouse.io",
        next_check_at=timezone.now() - timedelta(minutes=10),
    )
    owner = client_create(source="tests").client
    Watch.objects.create(client=owner, resource=resource, kind="board", expires_at=timezone.now() + timedelta(days=1))
    response = client.get("/health")
    assert response.status_code == 503
    assert response.json()["scheduler_liveness"]["oldest_overdue_check_seconds"] >= 599


@pytest.mark.django_db
def test_an_api_only_replica_reports_the_scheduler_but_stays_up(client, config) -> None:
    config(run_scheduler=False, scheduler_stall_seconds=60)
    Heartbeat.objects.create(name="scheduler", beat_at=timezone.now() - timedelta(hours=1))
    response = client.get("/health")
    assert response.status_code == 200
    assert response.json()["scheduler_liveness"]["stalled"] is True
