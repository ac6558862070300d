"""Property-based conformance: schemathesis generates requests from the live schema
(`/v1/openapi.json`) for every operation and checks that no answer is a server error and every
answer (status, headers, body) is one the schema documents.

The schema is loaded inside each test (the schema endpoint counts against the database-backed
budget, so it needs the test database); each operation is then driven with a bounded number of
hypothesis examples, with a valid bearer token on every request.

One check is left out: "positive data acceptance" expects every schema-valid request to succeed,
but some are refused by rules a schema cannot state (a search needs at least one criterion:
QUERY_TOO_BROAD), with a documented 400."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, given, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.api.test_schema import OPERATIONS

pytestmark = pytest.mark.django_db

EXAMPLES_PER_OPERATION = 20


@pytest.fixture(autouse=True)
def every_name_is_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Generated URLs name arbitrary hosts. Each resolves to 127.0.0.1 here, which the SSRF guard
    refuses (422 SSRF_BLOCKED) before any connection: nothing leaves the machine, and a made-up
    host does not turn into a 502 that says more about this sandbox than about the API."""
    real = socket.getaddrinfo

    def loopback(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        return real("127.0.0.1", port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", loopback)


@pytest.fixture(autouse=True)
def connection_kept_across_requests() -> Iterator[None]:
    """The WSGI app closes stale database connections at the start and end of each request;
    inside a test that would close the test's own transaction (Django's test client turns this
    off in the same way)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.parametrize(("path", "method"), sorted(OPERATIONS))
def test_every_answer_matches_the_schema(agent, path: str, method: str) -> None:
    from watchtower.wsgi import application

    schema = schemathesis.openapi.from_wsgi("/v1/openapi.json", application)
    operation = schema[path][method]
    headers = {"Authorization": f"Bearer {agent.token}"}

    @given(case=operation.as_strategy())
    @settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, suppress_health_check=list(HealthCheck))
    def conforms(case: schemathesis.Case) -> None:
        case.call_and_validate(headers=headers, excluded_checks=[positive_data_acceptance])

    conforms()
