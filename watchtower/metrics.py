"""The custom Prometheus metrics of SPEC §15 that code increments as events happen.

Counters and histograms live here so every layer imports one definition. Gauges that describe the
database (watches, resources, overdue boards, pending webhooks, …) are computed at scrape time by
the /metrics view instead, so they are right with any number of worker processes.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

CHECKS = Counter("watchtower_checks_total", "Board checks by outcome and error code.", ["outcome", "code"])
FETCH_DURATION = Histogram(
    "watchtower_fetch_duration_seconds",
    "Duration of one board check, host lease included.",
    ["platform"],
    buckets=(0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 40, 80),
)
CHANGES_EMITTED = Counter("watchtower_changes_emitted_total", "Change events written, by type.", ["type"])
WEBHOOKS = Counter("watchtower_webhook_deliveries_total", "Webhook delivery attempts by result.", ["result"])
HOST_BUSY = Counter("watchtower_host_busy_total", "Checks deferred because their host was busy.")
READS_DEFERRED = Counter(
    "watchtower_request_reads_deferred_total",
    "Requests that read no board themselves (every read slot of the client, address or process taken).",
)
RETIRED = Counter("watchtower_boards_retired_total", "Directory boards retired after a week of 'gone' answers.")
BLOCKED = Counter("watchtower_blocked_total", "Checks refused by the site (bot wall, login, robots).", ["code"])
MCP_INITIALIZE = Counter(
    "watchtower_mcp_initialize_total", "MCP initialize requests by client name and ref tag.", ["client", "ref"]
)
