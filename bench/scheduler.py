"""The directory cycle against the politeness bound, and webhook deliveries per second.

    python -m bench.scheduler [--hosts 16] [--boards 200] [--latency-ms 50] [--spacing-ms 200]

1. Serves `--hosts` simulated Workday tenants (`tNN.wd1.myworkdayjobs.com`, one local server each,
   routed through FETCH_HOST_OVERRIDES) that answer every listing after `--latency-ms`, and puts
   `--boards` directory boards (Workday sites, one request per check) on each. The embedded
   scheduler then checks every board once, as fast as HOST_MIN_SPACING_MS allows. The politeness
   bound is boards × requests × (latency + spacing) per host, hosts in parallel; target: the cycle
   (first request to last answer, as a running scheduler sees a directory cycle) takes ≤ 1.15 ×
   the bound. The time from starting the scheduler is reported too. Also reports the smallest gap
   seen between two requests to one host (must be ≥ the spacing) and the most requests in flight
   to one host (must be 1).
2. Queues 2,000 webhook deliveries for 100 watches whose receivers answer at once, and sends them
   with the delivery service; target ≥ 200 deliveries per second.

The simulated hosts and the webhook receiver run in a separate process: they stand in for other
machines, and in this process they would compete with the scheduler for its interpreter lock.
Their request logs use the system's monotonic clock, which both processes share.

Runs against a fresh test database: a SQLite file by default, PostgreSQL when DATABASE_URL is
set. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

CYCLE_TARGET = 1.15
DELIVERY_TARGET = 200.0


@dataclass
class Host:
    """One simulated tenant: a local server that logs when each request arrived and was answered."""

    name: str
    latency: float
    log: list[tuple[float, float]] = field(default_factory=list)
    in_flight: int = 0
    most_in_flight: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None

    def start(self) -> None:
        host = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_GET(self) -> None:  # robots.txt: none, so everything is allowed
                self._answer(404, b"not found", "text/plain")

            def do_POST(self) -> None:
                start = time.monotonic()
                with host.lock:
                    host.in_flight += 1
                    host.most_in_flight = max(host.most_in_flight, host.in_flight)
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                time.sleep(host.latency)
                site = self.path.rstrip("/").split("/")[-2]
                postings = [
                    {
                        "title": f"Engineer {n}",
                        "externalPath": f"/job/Remote/Engineer-{n}_{site}-{n}",
                        "locationsText": "Remote",
                        "bulletFields": [f"{site}-{n}"],
                    }
                    for n in range(1, 4)
                ]
                body = json.dumps({"total": len(postings), "jobPostings": postings}).encode()
                with host.lock:
                    host.in_flight -= 1
                self._answer(200, body, "application/json")
                answered = time.monotonic()  # before the lock: waiting for it would delay the stamp
                with host.lock:
                    host.log.append((start, answered))

            def _answer(self, status: int, body: bytes, content_type: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def base_url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def record(self) -> HostLog:
        with self.lock:
            return HostLog(self.name, list(self.log), self.most_in_flight)


@dataclass
class HostLog:
    """What one simulated host saw: (arrived, answered) per request, on the monotonic clock."""

    name: str
    log: list[tuple[float, float]]
    most_in_flight: int

    def gaps(self) -> list[float]:
        """Seconds between one answer and the next request to this host."""
        return [b[0] - a[1] for a, b in itertools.pairwise(sorted(self.log))]


class Receiver(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    count = 0
    lock = threading.Lock()

    def log_message(self, format: str, *args: Any) -> None:
        return

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        with Receiver.lock:
            Receiver.count += 1
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()


def serve_elsewhere(names: list[str], latency: float, channel: Connection) -> None:
    """The child process: serve the hosts and the receiver; answer "report" with what they saw."""
    hosts = [Host(name, latency) for name in names]
    for host in hosts:
        host.start()
    receiver = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    receiver.daemon_threads = True
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    channel.send(({host.name: host.base_url for host in hosts}, receiver.server_address[1]))
    while channel.recv() == "report":
        with Receiver.lock:
            received = Receiver.count
        channel.send(([host.record() for host in hosts], received))


class RemoteHosts:
    """The simulated hosts and the receiver, in a process of their own."""

    def __init__(self, names: list[str], latency: float) -> None:
        context = multiprocessing.get_context("fork")  # before Django is set up in this process
        self.channel, child = context.Pipe()
        self.process = context.Process(target=serve_elsewhere, args=(names, latency, child), daemon=True)
        self.process.start()
        self.urls, self.receiver_port = self.channel.recv()

    def report(self) -> tuple[list[HostLog], int]:
        self.channel.send("report")
        logs, received = self.channel.recv()
        return logs, received

    def stop(self) -> None:
        self.channel.send("stop")
        self.process.join(timeout=10)


def configure(urls: dict[str, str], receiver_port: int, spacing_ms: int) -> None:
    """The environment the configuration is read from, before Django loads it."""
    overrides = dict(urls)
    overrides["hooks.bench.example"] = f"http://127.0.0.1:{receiver_port}"
    os.environ.update(
        DJANGO_SETTINGS_MODULE="watchtower.settings",
        ALLOW_PRIVATE_NETWORKS="true",
        FETCH_HOST_OVERRIDES=json.dumps(overrides),
        HOST_MIN_SPACING_MS=str(spacing_ms),
        DETAIL_FETCHES_PER_CHECK="0",
        SNAPSHOT_RETENTION_DAYS="0",
        LOG_LEVEL="WARNING",
        DEBUG="false",  # as in production: no per-query recording
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("REDIS_URL", None)


def fresh_database() -> tuple[Any, str]:
    import django
    from django.db import connection

    django.setup()
    if connection.vendor == "sqlite":
        path = Path(tempfile.mkdtemp(prefix="wt-bench-")) / "bench.sqlite3"
        connection.settings_dict["TEST"]["NAME"] = str(path)
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, keepdb=False)
    return connection, old_name


def directory_cycle(remote: RemoteHosts, boards: int, spacing_ms: int, latency: float, concurrency: int) -> float:
    from django.utils import timezone

    from boards.models import IndexOrigin, Resource
    from boards.services.resources import resource_get_or_create
    from boards.sources.registry import recognize
    from watchtower.embedded import EmbeddedScheduler, warm_up

    ids = []
    for name in remote.urls:
        for n in range(boards):
            resource, _ = resource_get_or_create(board=recognize(f"https://{name}/site{n:03d}"))
            ids.append(resource.pk)
    start = timezone.now()
    Resource.objects.filter(pk__in=ids).update(indexed=True, index_origin=IndexOrigin.DIRECTORY, next_check_at=start)

    warm_up()  # a running scheduler has done this long before a cycle starts
    scheduler = EmbeddedScheduler(concurrency=concurrency, housekeeping=False)
    began = time.monotonic()
    scheduler.start()
    total = len(ids)
    try:
        while True:
            # Only the bench's boards are indexed; a cheap count, so polling costs the scheduler little.
            done = Resource.objects.filter(indexed=True, last_checked_at__gte=start).count()
            if done >= total:
                break
            time.sleep(0.5)
        since_start = time.monotonic() - began
    finally:
        scheduler.stop(timeout=30)
    hosts, _ = remote.report()
    # The cycle: from the first request to the answer of the last, as a running scheduler sees it.
    elapsed = max(end for host in hosts for _, end in host.log) - min(start for host in hosts for start, _ in host.log)
    failed = Resource.objects.filter(pk__in=ids, consecutive_failures__gt=0).count()
    bound = boards * 1 * (latency + spacing_ms / 1000)
    print(f"directory cycle: {total} boards on {len(hosts)} hosts ({boards} each), {failed} failed checks")
    print(f"  politeness bound: {bound:.1f} s per host (hosts in parallel)")
    print(f"  measured cycle:   {elapsed:.1f} s = {elapsed / bound:.3f} x the bound (target <= {CYCLE_TARGET})")
    print(f"  (from starting the scheduler until every board was recorded: {since_start:.1f} s)")
    gaps = sorted(g for host in hosts for g in host.gaps())
    gap = gaps[0] if gaps else float("inf")
    median = statistics.median(gaps) if gaps else 0.0
    p95 = gaps[int(len(gaps) * 0.95)] if gaps else 0.0
    print(f"  gap between two requests to one host: smallest {gap * 1000:.0f} ms, median {median * 1000:.0f} ms, ")
    print(f"    95th percentile {p95 * 1000:.0f} ms (spacing {spacing_ms} ms)")
    print(f"  most requests in flight to one host: {max(h.most_in_flight for h in hosts)}")
    ok = elapsed <= CYCLE_TARGET * bound and gap >= spacing_ms / 1000 - 0.005 and failed == 0
    ok = ok and max(h.most_in_flight for h in hosts) == 1
    return elapsed / bound if ok else float("inf")


def webhook_rate(remote: RemoteHosts, deliveries: int, watches: int) -> float:
    from datetime import timedelta

    from django.utils import timezone

    from changes.models import DeliveryStatus, WebhookDelivery
    from changes.services.delivery import webhooks_deliver_due
    from watches.models import Client, Watch, WatchKind

    client = Client.objects.create(token_hash="bench-client")
    expires = timezone.now() + timedelta(days=30)
    rows = []
    for n in range(watches):
        watch = Watch.objects.create(
            client=client,
            kind=WatchKind.SEARCH,
            query="engineer",
            webhook_url=f"http://hooks.bench.example/hook/{n}",
            webhook_secret=f"secret-{n}",
            expires_at=expires,
        )
        payload = {
            "watch_id": watch.public_id,
            "label": "",
            "changes": [{"id": 1, "type": "JOB_ADDED", "summary": "x"}],
        }
        rows += [WebhookDelivery(watch=watch, payload=payload) for _ in range(deliveries // watches)]
    WebhookDelivery.objects.bulk_create(rows)
    began = time.monotonic()
    sent = 0
    while sent < len(rows):
        done = webhooks_deliver_due(limit=200)
        if done == 0:
            break
        sent += done
    elapsed = time.monotonic() - began
    delivered = WebhookDelivery.objects.filter(status=DeliveryStatus.DELIVERED).count()
    rate = delivered / elapsed
    print(f"webhooks: {delivered}/{len(rows)} delivered to {watches} receivers in {elapsed:.2f} s")
    _, received = remote.report()
    print(f"  {rate:.0f} deliveries per second (target >= {DELIVERY_TARGET:.0f}); receiver saw {received}")
    return rate if delivered == len(rows) else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hosts", type=int, default=16)
    parser.add_argument("--boards", type=int, default=200, help="boards per host")
    parser.add_argument("--latency-ms", type=int, default=50)
    parser.add_argument("--spacing-ms", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=16, help="SCHEDULER_CONCURRENCY")
    parser.add_argument("--deliveries", type=int, default=2000)
    args = parser.parse_args()

    names = [f"t{n:02d}.wd1.myworkdayjobs.com" for n in range(1, args.hosts + 1)]
    remote = RemoteHosts(names, args.latency_ms / 1000)
    configure(remote.urls, remote.receiver_port, args.spacing_ms)
    connection, old_name = fresh_database()
    try:
        ratio = directory_cycle(remote, args.boards, args.spacing_ms, args.latency_ms / 1000, args.concurrency)
        rate = webhook_rate(remote, args.deliveries, watches=100)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        remote.stop()
    ok = ratio <= CYCLE_TARGET and rate >= DELIVERY_TARGET
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
