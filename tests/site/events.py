"""Make every event that /metrics counts happen once, against the simulated internet of
tests/fakes.py, and read a scrape back as numbers."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from types import SimpleNamespace
from typing import Any

from django.test import Client as HttpClient
from django.utils import timezone
from prometheus_client.parser import text_string_to_metric_families

from boards.models import Resource
from boards.services.check import resource_check
from boards.services.leases import lease_acquire
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
from changes.models import WebhookDelivery
from changes.services.delivery import webhooks_deliver_due
from mcp_bridge.server import count_connections
from tests.fakes import GREENHOUSE_API, FakeSite, greenhouse_job, serve_greenhouse
from watches.models import Client, Watch, WatchKind

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(http: HttpClient, *, authorization: str = "") -> str:
    response = http.get("/metrics", headers={"Authorization": authorization} if authorization else None)
    assert response.status_code == 200, response.content
    return response.content.decode()


def samples(text: str) -> Samples:
    found: Samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return found


def value(found: Samples, name: str, **labels: str) -> float:
    """The sample `name` with exactly `labels` (0 when absent: a counter not yet incremented)."""
    return found.get((name, frozenset(labels.items())), 0.0)


def board(slug: str) -> Resource:
    resource, _ = resource_get_or_create(board=recognize(f"https://boards.greenhouse.io/{slug}"))
    return resource


def watch(resource: Resource | None, *, webhook_url: str = "") -> Watch:
    client = Client.objects.create(token_hash=f"hash-{Client.objects.count() + 1}-{timezone.now().timestamp()}")
    return Watch.objects.create(
        client=client,
        resource=resource,
        kind=WatchKind.BOARD if resource else WatchKind.SEARCH,
        query="" if resource else "ios",
        webhook_url=webhook_url,
        webhook_secret="whsec_test" if webhook_url else "",
        expires_at=timezone.now() + timedelta(days=30),
    )


def check_events(site: FakeSite) -> None:
    """A first snapshot, a change (one JOB_ADDED), a refusal (403) and a busy host."""
    acme = board("acme")
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    resource_check(resource_id=acme.pk)
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    resource_check(resource_id=acme.pk)
    walled = board("walled")
    for query in ("", "?content=true", "?content=true&pay_transparency=true"):
        site.serve(GREENHOUSE_API, f"/v1/boards/walled/jobs{query}", "Forbidden", status=403, content_type="text/plain")
    resource_check(resource_id=walled.pk)
    lease_acquire(key=GREENHOUSE_API, holder="someone-else", duration=timedelta(seconds=30))
    resource_check(resource_id=acme.pk)


def webhook_event(site: FakeSite) -> None:
    """One delivered webhook POST (to hooks.acme.example, served by the fake site)."""
    site.serve("hooks.acme.example", "/hook", {"ok": True})
    target = watch(None, webhook_url="https://hooks.acme.example/hook")
    WebhookDelivery.objects.create(
        watch=target,
        first_change_id=1,
        last_change_id=1,
        payload={"watch_id": target.public_id, "changes": [{"id": 1, "type": "JOB_ADDED"}]},
        next_attempt_at=timezone.now() - timedelta(seconds=1),
    )
    webhooks_deliver_due()


def mcp_initialize(name: str, ref: str) -> None:
    """What the MCP server's middleware does for an `initialize` request from app `name`."""
    request = SimpleNamespace(query_params={"ref": ref})
    ctx: Any = SimpleNamespace(method="initialize", params={"clientInfo": {"name": name}}, request=request, meta=None)

    async def call_next(_: Any) -> dict[str, Any]:
        return {}

    asyncio.run(count_connections(ctx, call_next))
