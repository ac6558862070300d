"""REST throughput, measured the way production serves it: uvicorn with several workers on
PostgreSQL, driven from this separate load process over keep-alive HTTP/1.1 connections.

    python -m bench.api [--workers 2] [--connections 32] [--seconds 10]

Uses DATABASE_URL (default postgres://postgres@127.0.0.1:5432/wt_bench, created if missing),
seeds boards, jobs, clients, watches and changes, starts the server on 127.0.0.1 and reports
requests/s, p50, p99 and errors for `GET /v1/changes` (polling), `GET /v1/changes?peek=true` with
changes pending, and `POST /v1/jobs/search`. The per-address budgets are raised for the run (every
request comes from 127.0.0.1); they are still counted in the database on every request.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/wt_bench"
TARGET_CHANGES_RPS = 400
BOARDS = 60
JOBS_PER_BOARD = 40
CLIENTS = 50
WATCHES_PER_CLIENT = 3
PENDING_CHANGES = 20
TITLES = [
    "iOS Engineer",
    "Senior Backend Engineer",
    "Staff Data Scientist",
    "Product Designer",
    "Android Developer",
    "Site Reliability Engineer",
    "Engineering Manager",
    "Frontend Engineer (React)",
]
PLACES = ["Remote - US", "Austin, TX", "Berlin", "London", "New York, NY", "Remote"]


@dataclass
class Scenario:
    name: str
    method: str
    path: Callable[[int], str]
    body: bytes = b""
    tokens: list[str] = field(default_factory=list)


@dataclass
class Result:
    name: str
    seconds: float
    latencies: list[float]
    errors: int
    statuses: dict[int, int]
    server_cpu: float = 0.0  # CPU seconds the server processes spent on this scenario
    load_cpu: float = 0.0  # CPU seconds this load process spent on it

    @property
    def cpu_ms_per_request(self) -> float:
        return self.server_cpu / len(self.latencies) * 1000 if self.latencies else float("nan")

    @property
    def load_ms_per_request(self) -> float:
        return self.load_cpu / len(self.latencies) * 1000 if self.latencies else float("nan")

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000


def bench_environment(database_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "watchtower.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "false",
        "SECRET_KEY": "bench-only-secret-key-not-for-production-use-0123456789",
        "RATE_LIMIT_PER_MINUTE": "100000000",
        "SEARCH_PER_MINUTE": "100000000",
        "RUN_SCHEDULER": "false",
        "INDEX_ENABLED": "false",
        "LOG_LEVEL": "WARNING",
    }


def with_conn_max_age(env: dict[str, str], seconds: int, folder: Path) -> dict[str, str]:
    """The server's environment with a settings module that serves with persistent connections
    (CONN_MAX_AGE, no pool) instead of the connection pool, to compare the two."""
    (folder / "bench_settings.py").write_text(
        "from watchtower.settings import *  # noqa: F403\n"
        f"DATABASES['default']['CONN_MAX_AGE'] = {seconds}  # noqa: F405\n"
        "DATABASES['default']['OPTIONS'].pop('pool', None)  # noqa: F405  # a pool takes no CONN_MAX_AGE\n"
    )
    path = os.pathsep.join(filter(None, [str(folder), env.get("PYTHONPATH", "")]))
    return {**env, "DJANGO_SETTINGS_MODULE": "bench_settings", "PYTHONPATH": path}


def ensure_database(database_url: str) -> None:
    """Create the bench database if it does not exist (only ever on the local server)."""
    import psycopg

    name = database_url.rsplit("/", 1)[1].split("?", 1)[0]
    admin = database_url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            connection.execute(f'CREATE DATABASE "{name}"')


def seed() -> dict[str, Any]:
    """Boards with open jobs in the directory, clients with board and search watches, and
    changes pending for the peek scenario. Runs in this process with the bench environment."""
    import django

    django.setup()
    from datetime import timedelta

    from django.db import transaction
    from django.utils import timezone

    from boards.job import ParsedJob
    from boards.models import Job as JobRow
    from boards.models import Platform, Resource
    from boards.services.jobstore import filter_columns, job_data, summary
    from changes.models import Change
    from watches.models import Client, RateLimitWindow, UsageDaily, Watch, WatchKind
    from watches.services.clients import client_create

    with transaction.atomic():
        Watch.objects.all().delete()
        Client.objects.all().delete()
        Change.objects.all().delete()
        Resource.objects.all().delete()
        RateLimitWindow.objects.all().delete()
        UsageDaily.objects.all().delete()
        boards = [
            Resource.objects.create(
                url=f"https://boards.greenhouse.io/bench{n}",
                platform=Platform.GREENHOUSE,
                fetch_host="boards-api.greenhouse.io",
                company=f"Bench Company {n}",
                board_key=f"bench{n}",
                indexed=True,
                content_hash="seeded",
                last_checked_at=timezone.now(),
                next_check_at=timezone.now() + timedelta(days=365),
                open_jobs=JOBS_PER_BOARD,
            )
            for n in range(BOARDS)
        ]
        rows = []
        for board in boards:
            for i in range(JOBS_PER_BOARD):
                job = ParsedJob(
                    key=f"id:{board.pk}-{i}",
                    title=TITLES[i % len(TITLES)],
                    location=PLACES[i % len(PLACES)],
                    remote=PLACES[i % len(PLACES)].startswith("Remote"),
                )
                rows.append(
                    JobRow(
                        resource=board,
                        key=job.key,
                        data=job_data(job, company_fallback=board.company),
                        **filter_columns(job, company=board.company),
                    )
                )
        JobRow.objects.bulk_create(rows, batch_size=1000)
        tokens: list[str] = []
        peek_tokens: list[str] = []
        expires = timezone.now() + timedelta(days=30)
        for n in range(CLIENTS):
            created = client_create(source="bench")
            for w in range(WATCHES_PER_CLIENT):
                board = boards[(n * WATCHES_PER_CLIENT + w) % BOARDS]
                Watch.objects.create(
                    client=created.client,
                    resource=board,
                    kind=WatchKind.BOARD,
                    source_url=board.url,
                    filters={"include_unknown": True},
                    expires_at=expires,
                )
            Watch.objects.create(
                client=created.client,
                kind=WatchKind.SEARCH,
                query="ios",
                filters={"keywords": ["ios"], "include_unknown": True},
                expires_at=expires,
            )
            (peek_tokens if n % 2 else tokens).append(created.token)
        for i in range(PENDING_CHANGES):
            job = ParsedJob(key=f"id:new-{i}", title=TITLES[i % len(TITLES)], location="Remote - US", remote=True)
            board = boards[i % BOARDS]
            Change.objects.create(
                resource=board,
                type="JOB_ADDED",
                job_key=job.key,
                summary=summary("JOB_ADDED", job),
                data={"job": job_data(job, company_fallback=board.company)},
                **filter_columns(job, company=board.company),
            )
    return {"tokens": tokens, "peek_tokens": peek_tokens, "jobs": len(rows)}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(env: dict[str, str], port: int, workers: int, interface: str) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "uvicorn",
        f"watchtower.{interface}:application",
        "--interface",
        "wsgi" if interface == "wsgi" else "asgi3",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--no-access-log",
        "--log-level",
        "warning",
    ]
    return subprocess.Popen(command, env=env, cwd=ROOT)


async def request(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, method: str, path: str, token: str, body: bytes
) -> int:
    head = f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    if token:
        head += f"Authorization: Bearer {token}\r\n"
    if body:
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    writer.write(head.encode() + b"\r\n" + body)
    status_line = await reader.readline()
    length = 0
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode("latin-1").partition(":")
        if name.lower() == "content-length":
            length = int(value.strip())
    if length:
        await reader.readexactly(length)
    return int(status_line.split()[1])


async def drive(port: int, scenario: Scenario, connections: int, seconds: float) -> Result:
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    errors = 0
    deadline = time.perf_counter() + seconds

    async def connection(index: int) -> None:
        nonlocal errors
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        n = index
        try:
            while time.perf_counter() < deadline:
                token = scenario.tokens[n % len(scenario.tokens)] if scenario.tokens else ""
                started = time.perf_counter()
                try:
                    status = await request(reader, writer, scenario.method, scenario.path(n), token, scenario.body)
                except (ConnectionError, asyncio.IncompleteReadError, ValueError, IndexError):
                    errors += 1
                    writer.close()
                    reader, writer = await asyncio.open_connection("127.0.0.1", port)
                    continue
                latencies.append(time.perf_counter() - started)
                statuses[status] = statuses.get(status, 0) + 1
                if status >= 400:
                    errors += 1
                n += connections
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(connection(i) for i in range(connections)))
    return Result(scenario.name, time.perf_counter() - started, latencies, errors, statuses)


def process_tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of `root` and its descendants, from /proc (Linux)."""
    ticks = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(entry.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks)
    tree, total, changed = {root}, 0.0, True
    while changed:
        changed = False
        for pid, (parent, _) in stats.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                changed = True
    for pid in tree:
        total += stats.get(pid, (0, 0.0))[1]
    return total


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server exited during start-up")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start within 60 s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=None,
        help="serve with this CONN_MAX_AGE instead of the project's setting",
    )
    parser.add_argument(
        "--interface",
        choices=["asgi", "wsgi"],
        default="asgi",
        help="asgi: the production entry point (REST and MCP); wsgi: Django's WSGI app in uvicorn's thread pool",
    )
    args = parser.parse_args()

    database_url = os.environ.get("DATABASE_URL") or DEFAULT_DATABASE_URL
    if not database_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit("bench.api measures the production setup: set DATABASE_URL to a PostgreSQL database")
    env = bench_environment(database_url)
    os.environ.update(env)
    ensure_database(database_url)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], env=env, cwd=ROOT, check=True)
    seeded = seed()
    search_body = json.dumps({"query": "ios engineer remote", "limit": 20}).encode()
    scenarios = [
        Scenario("GET /v1/changes (poll)", "GET", lambda n: "/v1/changes", tokens=seeded["tokens"]),
        Scenario(
            f"GET /v1/changes?peek=true ({PENDING_CHANGES} pending)",
            "GET",
            lambda n: "/v1/changes?peek=true",
            tokens=seeded["peek_tokens"],
        ),
        Scenario("POST /v1/jobs/search", "POST", lambda n: "/v1/jobs/search", body=search_body),
    ]
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="wt-bench-"))
    server_env = env if args.conn_max_age is None else with_conn_max_age(env, args.conn_max_age, folder)
    server = start_server(server_env, port, args.workers, args.interface)
    try:
        wait_until_up(port, server)
        results = []
        for scenario in scenarios:
            asyncio.run(drive(port, scenario, args.connections, args.warmup))
            before = process_tree_cpu(server.pid)
            load_before = time.process_time()
            result = asyncio.run(drive(port, scenario, args.connections, args.seconds))
            result.server_cpu = process_tree_cpu(server.pid) - before
            result.load_cpu = time.process_time() - load_before
            results.append(result)
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)

    settings_note = "" if args.conn_max_age is None else f", CONN_MAX_AGE={args.conn_max_age}"
    print(
        f"\nREST API on uvicorn ({args.interface.upper()}, {args.workers} workers{settings_note}), PostgreSQL, "
        f"{args.connections} keep-alive connections, "
        f"{args.seconds:.0f} s per scenario; {BOARDS} boards, {seeded['jobs']} open jobs, {CLIENTS} clients"
    )
    print(
        f"{'scenario':<44} {'requests':>9} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7} {'app CPU ms/req':>15} {'load CPU ms/req':>16}"
    )
    for result in results:
        print(
            f"{result.name:<44} {len(result.latencies):>9} {result.rps:>8.0f} {result.percentile(0.50):>8.1f} "
            f"{result.percentile(0.99):>8.1f} {result.errors:>7} {result.cpu_ms_per_request:>15.1f} {result.load_ms_per_request:>16.2f}"
        )
        if result.errors:
            print(f"    statuses: {result.statuses}")
    print(
        "app CPU ms/req: CPU time of the server processes per request (PostgreSQL's share not included); "
        "load CPU ms/req: this load process's; "
        "on a shared or busy machine req/s understates what dedicated cores serve"
    )
    poll = results[0]
    met = poll.rps >= TARGET_CHANGES_RPS and poll.errors == 0
    print(f"target: GET /v1/changes >= {TARGET_CHANGES_RPS} req/s with 0 errors: {'met' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
