"""Gauges of SPEC §15 computed from the database when Prometheus scrapes, so every worker process
reports the same numbers and none has to keep them up to date (the counters of
`watchtower/metrics.py` are the ones that move in-process)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import datetime, timedelta

from django.db.models import Count
from django.utils import timezone
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.metrics_core import Metric

from boards.models import Resource
from boards.services.directory import monitored_resources
from boards.services.scheduler import directory_overdue_count
from changes.models import DeliveryStatus, WebhookDelivery
from changes.services.webhooks import fanout_backlog
from watches.models import Client, Watch, WatchKind, live_watch_q
from watchtower.labels import ref_label

BLOCKED_WINDOW = timedelta(hours=1)
CLIENTS_WINDOW = timedelta(days=7)


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)


class DatabaseGauges:
    """A prometheus_client collector: one round of COUNT queries per scrape."""

    def __init__(self, now: datetime | None = None) -> None:
        self._now = now

    def collect(self) -> Iterator[Metric]:
        now = self._now or timezone.now()
        live = Watch.objects.live(now)
        watched = Resource.objects.filter(live_watch_q(now, through="watches__")).values("pk")
        yield _gauge("watchtower_active_watches", "Watches not deleted and not expired.", live.count())
        yield _gauge(
            "watchtower_search_watches",
            "Active search watches (every monitored board).",
            live.filter(kind=WatchKind.SEARCH).count(),
        )
        yield _gauge(
            "watchtower_active_resources",
            "Boards with at least one active watch.",
            Resource.objects.filter(pk__in=watched).count(),
        )
        yield _gauge(
            "watchtower_monitored_resources",
            "Boards the scheduler checks: the directory plus every watched board.",
            monitored_resources(now).count(),
        )
        yield _gauge(
            "watchtower_directory_boards",
            "Boards in the directory (searched by every search watch).",
            Resource.objects.filter(indexed=True, retired_at__isnull=True).count(),
        )
        yield _gauge(
            "watchtower_retired_boards",
            "Directory boards retired after a week of 'gone' answers (not checked; revived by a watch).",
            Resource.objects.filter(retired_at__isnull=False).count(),
        )
        yield _gauge(
            "watchtower_directory_overdue_boards",
            "Directory boards well past their next check: how far the directory cycle lags.",
            directory_overdue_count(now=now),
        )
        yield _gauge(
            "watchtower_failing_resources",
            "Boards whose last check failed.",
            Resource.objects.filter(consecutive_failures__gt=0).count(),
        )
        yield _gauge(
            "watchtower_blocked_resources_1h",
            "Boards whose site refused us (bot wall, login, robots.txt) in the last hour.",
            Resource.objects.filter(blocked_at__gte=now - BLOCKED_WINDOW).count(),
        )
        yield _gauge(
            "watchtower_webhooks_pending",
            "Webhook deliveries waiting to be sent or retried.",
            WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING).count(),
        )
        yield _gauge(
            "watchtower_webhook_fanout_backlog",
            "Changes written but not yet matched to webhook watches (the fan-out is behind while above 0).",
            fanout_backlog(),
        )
        created = GaugeMetricFamily(
            "watchtower_clients_created_7d",
            "Clients created in the last 7 days, by the ?ref= tag they came through.",
            labels=["ref"],
        )
        rows = (
            Client.objects.filter(created_at__gte=now - CLIENTS_WINDOW)
            .values("source")
            .annotate(n=Count("id"))
            .order_by("source")
        )
        by_label: Counter[str] = Counter()
        for row in rows:  # the tag is whatever the caller sent: bounded to known tags and `other`
            by_label[ref_label(row["source"])] += row["n"]
        for label, n in sorted(by_label.items()):
            created.add_metric([label], n)
        yield created
