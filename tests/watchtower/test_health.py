from __future__ import annotations

from unittest import mock

import pytest
from django.db.utils import OperationalError


@pytest.mark.django_db
def test_it_reports_healthy_when_the_database_answers(client) -> None:
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
