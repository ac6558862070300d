"""`GET /metrics`: prometheus_client's default registry (django-prometheus and the counters of
`watchtower/metrics.py`) plus the database gauges, optionally behind METRICS_TOKEN.

With several worker processes, counters live in per-process memory: set PROMETHEUS_MULTIPROC_DIR
(before the processes start) and the counters of every process are merged from its files instead
of reporting only the process that happened to answer the scrape.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_GET
from prometheus_client import REGISTRY
from prometheus_client.exposition import choose_encoder
from prometheus_client.metrics_core import Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.registry import Collector

from watchtower.config import current
from watchtower.site.auth import bearer_matches
from watchtower.site.gauges import DatabaseGauges


class _Together(Collector):
    def __init__(self, parts: Iterable[Collector]) -> None:
        self._parts = list(parts)

    def collect(self) -> Iterator[Metric]:
        for part in self._parts:
            yield from part.collect()


def _counters() -> Collector:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return MultiProcessCollector(None)
    return REGISTRY


@require_GET
def metrics(request: HttpRequest) -> HttpResponse:
    token = current().metrics_token
    if token and not bearer_matches(request, token):
        refused = JsonResponse(
            {"error": "UNAUTHORIZED", "message": "metrics require the METRICS_TOKEN bearer token"}, status=401
        )
        refused["WWW-Authenticate"] = 'Bearer realm="metrics"'
        return refused
    encoder, content_type = choose_encoder(request.headers.get("Accept", ""))
    body = encoder(_Together([_counters(), DatabaseGauges()]))
    response = HttpResponse(body, content_type=content_type)
    response["Cache-Control"] = "no-store"
    return response
