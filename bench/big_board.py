"""A 100,000-posting board through the real check service, on PostgreSQL (issue 16 item 6).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_bench_big_board python -m bench.big_board [--jobs 100000]

A local server (its own process, routed through FETCH_HOST_OVERRIDES, as in bench/scheduler.py)
stands in for `boards-api.greenhouse.io` and serves one board as Greenhouse does:
- the enriched listing (`content=true`) is over the 64 MiB API body cap (a 100,000-job board's
  posting text is some 350 MB): the server sends the first 22,000 enriched jobs of
  bench/check_pipeline.py (80 MB) and the client stops reading at the cap, as it would;
- the plain listing (`/jobs`, no posting text) of `--jobs` jobs (53 MB at 100,000: the most a
  plain Greenhouse listing holds within the cap), which is what the check then reads.

`resource_check` (fetch, parse, derive, diff, group, write) runs three times on a fresh test
database, after a check of a 20-job board that loads what a process loads once: the first read (every job new: the baseline), a second read of a listing that differs
by 100 added, 50 removed and 50 moved jobs, and a third of the same bytes again (skipped by the
body fingerprint, after the enriched attempt). For each: CPU seconds of this process
(`time.process_time`), of the PostgreSQL backend serving it (from /proc, when the server runs
on this machine), wall seconds, and peak memory: the process's resident set above its level
before the check (sampled every 10 ms) and, in a second, traced run of the same two reads,
tracemalloc's peak (tracing slows the run, so its times are not reported).

Targets (issue 16): ≤ 6 s CPU and ≤ 300 MB per check, judged on this process's CPU plus the
database backend's, and on the larger of the two memory figures. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import threading
import time
import tracemalloc
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from bench.check_pipeline import PLACES, build_listing, listed_job

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/wt_bench_big_board"
HOST = "boards-api.greenhouse.io"
TOKEN = "bigboard"
# A small board checked first, unmeasured: the first check of a process loads modules and the
# place gazetteer, which is not the big board's cost.
WARM_UP = "warmup"
ENRICHED_JOBS = 22_000
TARGET_CPU_SECONDS = 6.0
TARGET_MEGABYTES = 300.0


def listings(count: int) -> tuple[bytes, bytes]:
    """The plain listing before and after: 100 jobs added, 50 removed, 50 moved."""
    rng = random.Random(11)
    jobs = [listed_job(rng, number, content=False) for number in range(count)]
    before = json.dumps({"jobs": jobs, "meta": {"total": len(jobs)}}).encode()
    after = jobs[50:]
    for index, job in enumerate(after[:50]):
        job["location"] = {"name": PLACES[(PLACES.index(job["location"]["name"]) + 1 + index) % len(PLACES)]}
    after += [listed_job(rng, count + number, content=False) for number in range(100)]
    return before, json.dumps({"jobs": after, "meta": {"total": len(after)}}).encode()


def serve(count: int, channel: Connection) -> None:
    """The child process: serve the board; "before"/"after" choose the plain listing served."""
    enriched = build_listing(ENRICHED_JOBS)
    warm_up = build_listing(20)
    plain = dict(zip(("before", "after"), listings(count), strict=True))
    state = {"plain": plain["before"]}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            return

        def do_GET(self) -> None:
            if self.path.startswith(f"/v1/boards/{TOKEN}/jobs?content=true"):
                body = enriched
            elif self.path == f"/v1/boards/{TOKEN}/jobs":
                body = state["plain"]
            elif self.path.startswith(f"/v1/boards/{WARM_UP}/jobs"):
                body = warm_up
            else:  # robots.txt: none, so everything is allowed
                body = b""
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):  # the client stopped at its cap
                self.close_connection = True

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    channel.send((server.server_address[1], len(enriched), len(plain["before"])))
    while (message := channel.recv()) != "stop":
        state["plain"] = plain[message]
        channel.send("ok")


class Board:
    """The simulated Greenhouse API host, in a process of its own (forked before Django loads)."""

    def __init__(self, count: int) -> None:
        context = multiprocessing.get_context("fork")
        self.channel, child = context.Pipe()
        self.process = context.Process(target=serve, args=(count, child), daemon=True)
        self.process.start()
        self.port, self.enriched_bytes, self.plain_bytes = self.channel.recv()

    def serving(self, version: str) -> None:
        self.channel.send(version)
        self.channel.recv()

    def stop(self) -> None:
        self.channel.send("stop")
        self.process.join(timeout=10)


class PeakRss:
    """The process's resident set, sampled every 10 ms while in the block: the peak above the
    level it had on entry."""

    def __init__(self) -> None:
        self.peak = 0
        self.base = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @staticmethod
    def rss() -> int:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    def _sample(self) -> None:
        while not self._stop.wait(0.01):
            self.peak = max(self.peak, self.rss())

    def __enter__(self) -> PeakRss:
        self.base = self.peak = self.rss()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join()
        self.peak = max(self.peak, self.rss())

    @property
    def megabytes(self) -> float:
        return (self.peak - self.base) / 1_000_000


def backend_cpu() -> float | None:
    """CPU seconds the PostgreSQL backend of this connection has used (None when it is not a
    process of this machine)."""
    from django.db import connection

    connection.ensure_connection()
    if connection.vendor != "postgresql":
        return None
    pid = connection.connection.info.backend_pid
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Measured:
    name: str
    outcome: str
    changes: int
    jobs: int
    cpu: float
    db_cpu: float | None
    wall: float
    rss_mb: float
    traced_mb: float | None = None

    @property
    def total_cpu(self) -> float:
        return self.cpu + (self.db_cpu or 0.0)

    def row(self) -> str:
        db = f"{self.db_cpu:.2f}" if self.db_cpu is not None else "n/a"
        return (
            f"  {self.name:<28}{self.outcome:<16}{self.changes:>8}{self.cpu:>8.2f}{db:>9}{self.wall:>8.2f}"
            f"{self.rss_mb:>8.0f}"
        )


HEADER = f"  {'check':<28}{'outcome':<16}{'changes':>8}{'cpu s':>8}{'db cpu s':>9}{'wall s':>8}{'rss MB':>8}"


def check(resource_id: int, name: str) -> Measured:
    from boards.services.check import resource_check

    db_before = backend_cpu()
    with PeakRss() as rss:
        wall, cpu = time.perf_counter(), time.process_time()
        outcome = resource_check(resource_id=resource_id, wait_for_host=5.0)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    db_after = backend_cpu()
    db_cpu = db_after - db_before if db_after is not None and db_before is not None else None
    if not outcome.ok:
        raise SystemExit(f"{name}: the check failed: {outcome.code} {outcome.message}")
    return Measured(name, outcome.outcome, outcome.changes, outcome.jobs or 0, cpu, db_cpu, wall, rss.megabytes)


def traced(resource_id: int) -> float:
    from boards.services.check import resource_check

    tracemalloc.start()
    resource_check(resource_id=resource_id, wait_for_host=5.0)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1_000_000


def stored_sizes() -> str:
    """Bytes per open job on PostgreSQL (table, TOAST and indexes over the rows: the board's
    100,000 postings, as this pipeline stores them), and the average row of each table as
    stored (`pg_column_size` of the row), to scale bench/feed.py's generated change rows."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return "  (sizes: PostgreSQL only)"
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE boards_job")
        cursor.execute(
            "SELECT count(*), pg_total_relation_size('boards_job'), pg_indexes_size('boards_job'),"
            " avg(pg_column_size(j.*)), avg(pg_column_size(j.data)) FROM boards_job j"
        )
        jobs, total, indexes, row, data = cursor.fetchone()
        cursor.execute("VACUUM ANALYZE boards_jobgroup")
        cursor.execute("SELECT count(*), pg_total_relation_size('boards_jobgroup') FROM boards_jobgroup")
        groups, group_total = cursor.fetchone()
        cursor.execute("SELECT count(*), avg(pg_column_size(c.*)), avg(pg_column_size(c.data)) FROM changes_change c")
        changes, change_row, change_data = cursor.fetchone()
    return (
        f"  stored: {total / jobs:,.0f} bytes per open job with indexes ({indexes / jobs:,.0f} of them indexes;"
        f" row {row:,.0f}, its data {data:,.0f}) over {jobs:,} jobs; {group_total / max(groups, 1):,.0f} bytes"
        f" per vacancy group ({groups:,});"
        f" {changes} change rows average {change_row or 0:,.0f} bytes (data {change_data or 0:,.0f})"
    )


def forget(resource_id: int) -> None:
    """The board as before its first read (for the traced run)."""
    from boards.models import Job, JobGroup, Resource, Snapshot
    from changes.models import Change

    Job.objects.filter(resource_id=resource_id).delete()
    JobGroup.objects.filter(resource_id=resource_id).delete()
    Snapshot.objects.filter(resource_id=resource_id).delete()
    Change.objects.filter(resource_id=resource_id).delete()
    Resource.objects.filter(pk=resource_id).update(content_hash="", body_hash="", etag="", last_modified="")


def run(board: Board) -> list[Measured]:
    """The three reads, each printed as soon as measured, then the traced runs of the first two."""
    from boards.services.check import resource_check
    from boards.services.resources import resource_get_or_create
    from boards.sources.registry import recognize

    small, _ = resource_get_or_create(board=recognize(f"https://boards.greenhouse.io/{WARM_UP}"))
    resource_check(resource_id=small.pk, wait_for_host=5.0)
    resource, _ = resource_get_or_create(board=recognize(f"https://boards.greenhouse.io/{TOKEN}"))
    print(HEADER, flush=True)
    results = []
    for name, version in (
        ("first read (all new)", "before"),
        ("second read (200 changes)", "after"),
        ("third read (same bytes)", "after"),
    ):
        board.serving(version)
        results.append(check(resource.pk, name))
        print(results[-1].row(), flush=True)
    print(stored_sizes(), flush=True)
    forget(resource.pk)
    for measured, version in zip(results[:2], ("before", "after"), strict=True):
        board.serving(version)
        measured.traced_mb = traced(resource.pk)
        print(f"  {measured.name}: tracemalloc peak {measured.traced_mb:.0f} MB", flush=True)
    return results


def configure(port: int) -> None:
    os.environ.setdefault("DATABASE_URL", DEFAULT_URL)
    os.environ.update(
        DJANGO_SETTINGS_MODULE="watchtower.settings",
        ALLOW_PRIVATE_NETWORKS="true",
        FETCH_HOST_OVERRIDES=json.dumps({HOST: f"http://127.0.0.1:{port}"}),
        DETAIL_FETCHES_PER_CHECK="0",
        SNAPSHOT_RETENTION_DAYS="0",
        LOG_LEVEL="WARNING",
        DEBUG="false",  # as in production: no per-query recording
    )
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.pop("REDIS_URL", None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--jobs", type=int, default=100_000)
    args = parser.parse_args(argv)

    board = Board(args.jobs)
    configure(board.port)
    import django

    django.setup()
    from django.db import connection

    from bench._databases import fresh_database

    try:
        with fresh_database("big_board"):
            print(
                f"big board: {args.jobs:,} Greenhouse jobs, plain listing {board.plain_bytes / 1e6:.0f} MB after an"
                f" enriched listing over the cap ({board.enriched_bytes / 1e6:.0f} MB served), {connection.vendor}"
                f" (load average {os.getloadavg()[0]:.1f})",
                flush=True,
            )
            results = run(board)
    finally:
        board.stop()
    print(f"  load average {os.getloadavg()[0]:.1f} at the end")

    missed = []
    for m in results[:2]:
        memory = max(m.rss_mb, m.traced_mb or 0.0)
        cpu_note = "" if m.db_cpu is not None else " (client CPU only: the database's share was not measurable)"
        print(
            f"  {m.name}: {m.total_cpu:.2f} s CPU{cpu_note}, target ≤ {TARGET_CPU_SECONDS:.0f} s;"
            f" {memory:.0f} MB, target ≤ {TARGET_MEGABYTES:.0f} MB"
        )
        if m.total_cpu > TARGET_CPU_SECONDS:
            missed.append(f"{m.name} CPU")
        if memory > TARGET_MEGABYTES:
            missed.append(f"{m.name} memory")
    if missed:
        print(f"  MISSED: {', '.join(missed)}")
        return 1
    print("  all targets met")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
