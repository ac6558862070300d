"""The directory cycle against the politeness bound, embedded and on Celery, and what a check costs
the scheduler as the directory grows; webhook deliveries per second.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_sched \\
    CELERY_BROKER_URL=redis://127.0.0.1:6379/6 \\
    python -m bench.scheduler [--mode both|embedded|celery|webhooks] [--due 500] [--sizes 1000,26000]
                              [--latency-ms 10] [--spacing-ms 1000] [--workers 2] [--concurrency 4]
                              [--deliveries 2000]

1. The workload has the extended directory's shape (docs/scaling.md, "The directory"): one API host
   each for Greenhouse, Workable, Ashby and Lever with a quarter to a tenth of the boards each,
   Workday tenants with one or two boards, careers pages one per host (bench/_simulated_hosts.py,
   every host routed to one local server in a process of its own through FETCH_HOST_OVERRIDES,
   answering after `--latency-ms`). `--due` boards of that shape are due; for each directory size
   of `--sizes` a fresh database holds them plus idle boards of the same shape (checked recently,
   due in a month; their small hosts are unrouted names under `.example`), and the scheduler checks
   every due board once, as fast as HOST_MIN_SPACING_MS allows.
2. Modes: `embedded` runs the embedded scheduler in this process (`--embedded-concurrency`
   threads); `celery` runs a real `celery beat` and `--workers` Celery workers of `--concurrency`
   prefork processes each, on Redis (CELERY_BROKER_URL) and PostgreSQL, as production does.
3. Every request is logged by the process that made it (bench/_request_log.py). The politeness
   bound is the busiest host's due boards × (latency + spacing), hosts in parallel; the cycle runs
   from the first request to the last answer. Targets: cycle ≤ 1.10 × the bound on Celery,
   ≤ 1.15 × embedded; never two requests in flight to one host; the smallest gap between two
   requests to one host ≥ the spacing; and CPU per check at the largest size ≤ 1.2 × that at the
   smallest, both the scheduler's own calls (claims, dispatch, leases; their thread CPU) and
   everything the run used (worker or bench process, beat, PostgreSQL backends).
4. The pace: the four API hosts are checked in parallel, so the scheduler must run
   4 / (latency + spacing) checks a second. A check costs 25-55 ms of CPU here (reading, deriving,
   writing, Celery's messaging), so at 20 ms spacing (130 checks a second) a run measures the
   machine's cores, not the scheduler; the default 1 s spacing (4 a second) leaves the cores
   room on a shared 2-core machine, and `--due 500` makes a run about three minutes.
5. Embedded mode also queues 2,000 webhook deliveries for 100 watches whose receivers answer at
   once, and sends them with the delivery service; target ≥ 200 deliveries per second. The CPU
   per delivery is this process's (the sending threads included) and, on PostgreSQL, that of its
   backends. `--mode webhooks` runs this part alone (no cycle), to compare the delivery service
   before and after a change in a few seconds.

PostgreSQL is required for Celery mode (the workers are other processes); the database is
`<DATABASE_URL's name>_bench`, created and dropped by each run. Embedded mode alone runs on a
SQLite file when DATABASE_URL is unset. Exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import resource as rusage
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import _request_log as request_log
from bench._databases import fresh_database
from bench._simulated_hosts import SimulatedHosts
from bench.api import process_tree_cpu

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = ROOT / ".venv" / "bin"
CYCLE_TARGET = {"celery": 1.10, "embedded": 1.15}
GROWTH_TARGET = 1.2
DELIVERY_TARGET = 200.0
RUN_TIMEOUT = 1800.0

# Boards of the extended directory (docs/scaling.md): the four single-host API platforms, Workday
# boards (about 1.3 per tenant) and one-board hosts (iCIMS, Recruitee, SuccessFactors, careers pages).
# name: (board URL, its API host, boards in the extended directory)
API_PLATFORMS = {
    "greenhouse": ("https://boards.greenhouse.io/{key}", "boards-api.greenhouse.io", 5961),
    "workable": ("https://apply.workable.com/{key}", "apply.workable.com", 4245),
    "ashby": ("https://jobs.ashbyhq.com/{key}", "api.ashbyhq.com", 3517),
    "lever": ("https://jobs.lever.co/{key}", "api.lever.co", 2376),
}
WORKDAY_BOARDS = 3300
BOARDS_PER_TENANT = 1.3
ONE_BOARD_HOSTS = 4978
SHAPE_TOTAL = sum(share for _, _, share in API_PLATFORMS.values()) + WORKDAY_BOARDS + ONE_BOARD_HOSTS


@dataclass
class Workload:
    """Board URLs: the due ones (on routed hosts) and the idle rest of the directory."""

    due: dict[str, str]  # board URL -> its fetch host, routed to the simulated hosts
    idle: list[str]


def shaped(count: int) -> dict[str, int]:
    """How many of `count` boards each part of the directory gets."""
    parts = {name: round(count * share / SHAPE_TOTAL) for name, (_, _, share) in API_PLATFORMS.items()}
    parts["workday"] = round(count * WORKDAY_BOARDS / SHAPE_TOTAL)
    parts["one-board hosts"] = count - sum(parts.values())
    return parts


def workload(due: int, size: int) -> Workload:
    parts = shaped(due)
    urls: dict[str, str] = {}  # board URL -> the host its checks fetch from
    for name, (template, api_host, _) in API_PLATFORMS.items():
        urls.update((template.format(key=f"due{n:05d}"), api_host) for n in range(parts[name]))
    tenants = max(1, round(parts["workday"] / BOARDS_PER_TENANT))
    for n in range(parts["workday"]):
        host = f"t{n % tenants:04d}.wd1.myworkdayjobs.com"
        urls[f"https://{host}/site{n:04d}"] = host
    for n in range(parts["one-board hosts"]):
        host = f"careers.c{n:04d}.example"
        urls[f"https://{host}/jobs"] = host
    idle_parts = shaped(max(0, size - due))
    idle = [
        template.format(key=f"idle{n:05d}")
        for name, (template, _, _) in API_PLATFORMS.items()
        for n in range(idle_parts[name])
    ]
    small = idle_parts["workday"] + idle_parts["one-board hosts"]
    idle += [f"https://careers.idle{n:05d}.example/jobs" for n in range(small)]
    return Workload(due=urls, idle=idle)


def configure(base_url: str, hosts: set[str], spacing_ms: int) -> dict[str, str]:
    """The environment the configuration is read from, here and in the Celery processes."""
    overrides = {host: base_url for host in sorted(hosts)}
    overrides["hooks.bench.example"] = base_url
    env = dict(
        DJANGO_SETTINGS_MODULE="watchtower.settings",
        ALLOW_PRIVATE_NETWORKS="true",
        FETCH_HOST_OVERRIDES=json.dumps(overrides),
        HOST_MIN_SPACING_MS=str(spacing_ms),
        DETAIL_FETCHES_PER_CHECK="0",
        SNAPSHOT_RETENTION_DAYS="0",
        LOG_LEVEL="WARNING",
        DEBUG="false",  # as in production: no per-query recording
        RUN_SCHEDULER="true",
        PYTHONUNBUFFERED="1",
    )
    os.environ.update(env)
    return env


def load_directory(work: Workload, *, due_at: Any) -> list[int]:
    """Insert the directory's boards: the due ones due at `due_at`, the idle ones checked an hour
    ago and due in a month. Returns the due boards' ids."""
    from datetime import timedelta

    from django.db import connection
    from django.utils import timezone

    from boards.models import IndexOrigin, Resource
    from boards.sources.registry import recognize

    now = timezone.now()
    rows = []
    for urls, due in ((work.due, True), (work.idle, False)):
        for url in urls:
            board = recognize(url)
            if due and board.fetch_host != work.due[url]:
                raise AssertionError(f"{url} is fetched from {board.fetch_host}, which is not routed")
            rows.append(
                Resource(
                    url=board.board_url,
                    platform=board.platform,
                    fetch_host=board.fetch_host,
                    board_key=board.key,
                    company=board.company,
                    options=dict(board.options),
                    indexed=True,
                    index_origin=IndexOrigin.DIRECTORY,
                    next_check_at=due_at if due else now + timedelta(days=30),
                    last_checked_at=None if due else now - timedelta(hours=1),
                )
            )
    Resource.objects.bulk_create(rows, batch_size=2000)
    if connection.vendor == "postgresql":  # as in production, the planner knows the table
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE boards_resource")
    return list(Resource.objects.filter(url__in=work.due).values_list("id", flat=True))


class PostgresCpu:
    """CPU seconds of the PostgreSQL backends serving the bench database, from /proc (the server
    runs on this machine), sampled while they live; this thread's own connection left out unless
    `own` (the webhook part: the delivery service writes on the calling thread's connection)."""

    def __init__(self, *, own: bool = False) -> None:
        self.own = own
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.available = True

    def sample(self) -> None:
        from django.db import connection

        if connection.vendor != "postgresql" or not self.available:
            return
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND (%s OR pid <> pg_backend_pid())",
                [self.own],
            )
            pids = [row[0] for row in cursor.fetchall()]
        for pid in pids:
            cpu = _process_cpu(pid)
            if cpu is None:
                continue
            self.first.setdefault(pid, cpu)
            self.last[pid] = cpu

    def seconds(self) -> float:
        return sum(self.last[pid] - self.first[pid] for pid in self.last)

    def start(self) -> None:
        """From now on: backends already there count from their current CPU."""
        self.first.clear()
        self.last.clear()
        self.sample()


def _process_cpu(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class CycleResult:
    mode: str
    size: int
    boards: int
    bound: float
    cycle: float
    since_start: float
    failed: int
    most_in_flight: int
    smallest_gap: float
    median_gap: float
    p95_gap: float
    median_request: float
    requests: int
    unrouted: list[str]
    process_cpu: float  # workers (or this process) + beat
    postgres_cpu: float
    scheduler_cpu: dict[str, float] = field(default_factory=dict)
    scheduler_wall: dict[str, float] = field(default_factory=dict)
    busiest: str = ""
    busiest_start: float = 0.0  # its first request, seconds after the cycle's first
    busiest_span: float = 0.0  # its own first request to its last answer
    busiest_gaps: tuple[float, float, float] = (0.0, 0.0, 0.0)  # median, 95th percentile, largest
    load: str = ""

    @property
    def ratio(self) -> float:
        return self.cycle / self.bound

    def per_check_ms(self, seconds: float) -> float:
        return seconds / self.boards * 1000

    @property
    def total_cpu(self) -> float:
        return self.process_cpu + self.postgres_cpu

    @property
    def scheduler_cpu_total(self) -> float:
        return sum(self.scheduler_cpu.values())


class CeleryDeployment:
    """`celery beat` and `workers` Celery workers (prefork), as production runs them."""

    def __init__(self, env: dict[str, str], folder: Path, workers: int, concurrency: int) -> None:
        self.env, self.folder, self.workers, self.concurrency = env, folder, workers, concurrency
        self.processes: list[tuple[str, subprocess.Popen[bytes], Path]] = []

    def _start(self, name: str, argv: list[str]) -> subprocess.Popen[bytes]:
        log = self.folder / f"{name}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                argv, env=self.env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.processes.append((name, process, log))
        return process

    def start_workers(self) -> None:
        for n in range(1, self.workers + 1):
            argv = [str(VENV_BIN / "celery"), "-A", "bench._scheduler_celery", "worker", "--pool", "prefork"]
            argv += ["-c", str(self.concurrency), "-n", f"bench{n}@%h", "-l", "INFO"]
            argv += ["--without-gossip", "--without-mingle", "--without-heartbeat"]
            self._start(f"worker{n}", argv)
        deadline = time.monotonic() + 120
        for name, process, log in self.processes:
            while " ready." not in log.read_text(errors="replace"):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit(f"{name} did not start:\n{log.read_text(errors='replace')[-3000:]}")
                time.sleep(0.2)

    def start_beat(self) -> None:
        argv = [str(VENV_BIN / "celery"), "-A", "watchtower", "beat", "-l", "INFO"]
        argv += ["-s", str(self.folder / "beat-schedule")]
        self._start("beat", argv)

    def cpu(self) -> float:
        return sum(process_tree_cpu(process.pid) for _, process, _ in self.processes if process.poll() is None)

    def stop(self) -> None:
        for _, process, _ in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 20
        for _, process, _ in self.processes:
            try:
                process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(10)

    def errors(self) -> list[str]:
        found = []
        for name, _, log in self.processes:
            for line in log.read_text(errors="replace").splitlines():
                if " ERROR" in line or "Traceback" in line:
                    found.append(f"{name}: {line}")
        return found


def run_cycle(
    mode: str, hosts: SimulatedHosts, args: argparse.Namespace, size: int, env: dict[str, str]
) -> CycleResult:
    from datetime import timedelta

    from django.db import connection
    from django.utils import timezone

    from boards.models import Resource
    from boards.services.scheduler import _next_on_host_sql

    work = workload(args.due, size)
    folder = Path(tempfile.mkdtemp(prefix=f"wt-sched-{mode}-"))
    (folder / "requests").mkdir()
    with fresh_database("scheduler"):
        database = connection.settings_dict["NAME"]
        _next_on_host_sql.cache_clear()
        ids = load_directory(work, due_at=timezone.now() + timedelta(days=1))
        hosts.reset()
        pg = PostgresCpu()
        deployment: CeleryDeployment | None = None
        scheduler = None
        if mode == "celery":
            worker_env = dict(os.environ, **env)
            worker_env["DATABASE_URL"] = _database_url(database)
            worker_env["CELERY_BROKER_URL"] = args.broker
            worker_env[request_log.ENV] = str(folder / "requests")
            _flush_broker(args.broker)
            deployment = CeleryDeployment(worker_env, folder, args.workers, args.concurrency)
            deployment.start_workers()
        else:
            from watchtower.embedded import EmbeddedScheduler, warm_up

            request_log.install(folder / "requests")
            warm_up()  # a running scheduler has done this long before a cycle starts
            scheduler = EmbeddedScheduler(concurrency=args.embedded_concurrency, housekeeping=False)
        start = timezone.now()
        Resource.objects.filter(pk__in=ids).update(next_check_at=start)
        pg.start()
        cpu_before = deployment.cpu() if deployment else _own_cpu()
        began = time.monotonic()
        if deployment:
            deployment.start_beat()
        else:
            assert scheduler is not None
            scheduler.start()
        try:
            deadline = began + RUN_TIMEOUT
            while time.monotonic() < deadline:
                pg.sample()
                if Resource.objects.filter(pk__in=ids, last_checked_at__gte=start).count() >= len(ids):
                    break
                time.sleep(0.5)
            since_start = time.monotonic() - began
            pg.sample()
            cpu = (deployment.cpu() if deployment else _own_cpu()) - cpu_before
        finally:
            if deployment:
                deployment.stop()
            elif scheduler is not None:
                scheduler.stop(timeout=30)
                request_log.uninstall()
        failed = Resource.objects.filter(pk__in=ids, consecutive_failures__gt=0).count()
        unchecked = Resource.objects.filter(pk__in=ids).exclude(last_checked_at__gte=start).count()
        connection.close()
    records = request_log.read(folder / "requests")
    routed = set(work.due.values())
    spans = [span for host in records.requests for span in records.requests[host]]
    gaps = sorted(gap for host in records.requests for gap in records.gaps(host))
    per_host = Counter(work.due.values())
    busiest = per_host.most_common(1)[0][0]
    bound = per_host[busiest] * (args.latency_ms + args.spacing_ms) / 1000
    first = min((sent for sent, _ in spans), default=0.0)
    own = sorted(records.requests.get(busiest, [(first, first)]))
    own_gaps = sorted(records.gaps(busiest)) if busiest in records.requests else [0.0]
    result = CycleResult(
        mode=mode,
        size=len(work.due) + len(work.idle),
        boards=len(ids),
        bound=bound,
        cycle=max(end for _, end in spans) - min(sent for sent, _ in spans) if spans else float("inf"),
        since_start=since_start,
        failed=failed + unchecked,
        most_in_flight=max((records.most_in_flight(host) for host in records.requests), default=0),
        smallest_gap=gaps[0] if gaps else float("inf"),
        median_gap=statistics.median(gaps) if gaps else 0.0,
        p95_gap=gaps[int(len(gaps) * 0.95)] if gaps else 0.0,
        median_request=statistics.median(end - sent for sent, end in spans) if spans else 0.0,
        requests=len(spans),
        unrouted=sorted(set(records.requests) - routed),
        process_cpu=cpu,
        postgres_cpu=pg.seconds(),
        scheduler_cpu=records.scheduler_cpu,
        scheduler_wall=records.scheduler_wall,
        busiest=busiest,
        busiest_start=own[0][0] - first,
        busiest_span=own[-1][1] - own[0][0],
        busiest_gaps=(statistics.median(own_gaps), own_gaps[int(len(own_gaps) * 0.95)], own_gaps[-1]),
        load=_load(),
    )
    if deployment and deployment.errors():
        print(f"  errors in the Celery logs ({folder}), the first: {deployment.errors()[0]}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    return result


def _own_cpu() -> float:
    usage = rusage.getrusage(rusage.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def _database_url(name: str) -> str:
    from django.db import connection

    settings = connection.settings_dict
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    host, port = settings.get("HOST") or "127.0.0.1", settings.get("PORT") or 5432
    return f"postgres://{settings.get('USER') or 'postgres'}{password}@{host}:{port}/{name}"


def _flush_broker(url: str) -> None:
    """Empty the bench's own Redis database (its number is in the URL), so no task of an earlier
    run is delivered."""
    import redis

    redis.Redis.from_url(url).flushdb()


def print_cycle(result: CycleResult, args: argparse.Namespace) -> bool:
    target = CYCLE_TARGET[result.mode]
    spacing = args.spacing_ms / 1000
    print(
        f"{result.mode}, directory of {result.size:,} boards: {result.boards:,} due "
        f"(load average {result.load} at the end)"
    )
    print(f"  politeness bound: {result.bound:.1f} s (busiest host; hosts in parallel)")
    print(f"  measured cycle:   {result.cycle:.1f} s = {result.ratio:.3f} x the bound (target <= {target})")
    print(f"  (from starting the scheduler until every board was recorded: {result.since_start:.1f} s)")
    print(f"  requests: {result.requests:,}, median {result.median_request * 1000:.1f} ms as the client saw it")
    median, p95, largest = (gap * 1000 for gap in result.busiest_gaps)
    print(
        f"  busiest host {result.busiest}: first request {result.busiest_start:.1f} s into the cycle, "
        f"its own span {result.busiest_span:.1f} s; gaps median {median:.0f} ms, 95th percentile "
        f"{p95:.0f} ms, largest {largest:.0f} ms"
    )
    print(
        f"  gap between two requests to one host: smallest {result.smallest_gap * 1000:.0f} ms, "
        f"median {result.median_gap * 1000:.0f} ms, 95th percentile {result.p95_gap * 1000:.0f} ms "
        f"(spacing {args.spacing_ms} ms)"
    )
    print(f"  most requests in flight to one host (client side): {result.most_in_flight}")
    print(
        f"  CPU per check: {result.per_check_ms(result.total_cpu):.1f} ms in all "
        f"({'workers + beat' if result.mode == 'celery' else 'this process'} "
        f"{result.per_check_ms(result.process_cpu):.1f}, PostgreSQL {result.per_check_ms(result.postgres_cpu):.1f})"
    )
    calls = ", ".join(
        f"{kind} {result.per_check_ms(cpu):.2f}/{result.per_check_ms(result.scheduler_wall[kind]):.2f}"
        for kind, cpu in sorted(result.scheduler_cpu.items())
    )
    print(
        f"  scheduler calls per check, CPU/wall ms: {result.per_check_ms(result.scheduler_cpu_total):.2f}/"
        f"{result.per_check_ms(sum(result.scheduler_wall.values())):.2f} ({calls})"
    )
    if result.failed:
        print(f"  {result.failed} boards failed or were not checked")
    if result.unrouted:
        print(f"  REQUESTS TO UNROUTED HOSTS: {result.unrouted[:5]}")
    return (
        result.ratio <= target
        and result.most_in_flight == 1
        and result.smallest_gap >= spacing - 0.005
        and result.failed == 0
        and not result.unrouted
    )


def print_growth(small: CycleResult, large: CycleResult) -> bool:
    total = large.per_check_ms(large.total_cpu) / small.per_check_ms(small.total_cpu)
    own = large.per_check_ms(large.scheduler_cpu_total) / small.per_check_ms(small.scheduler_cpu_total)
    wall = large.per_check_ms(sum(large.scheduler_wall.values())) / small.per_check_ms(
        sum(small.scheduler_wall.values())
    )
    print(f"{small.mode}: CPU per check at {large.size:,} boards / at {small.size:,} boards")
    print(f"  everything (processes + PostgreSQL): {total:.2f}x (target <= {GROWTH_TARGET})")
    print(f"  the scheduler's calls, their CPU:    {own:.2f}x (target <= {GROWTH_TARGET})")
    print(f"  the scheduler's calls, wall time with the database: {wall:.2f}x")
    return total <= GROWTH_TARGET and own <= GROWTH_TARGET


def webhook_rate(hosts: SimulatedHosts, deliveries: int, watches: int) -> float:
    """Deliveries per second; 0 when any was not delivered."""
    from datetime import timedelta

    from django.utils import timezone

    from changes.models import DeliveryStatus, WebhookDelivery
    from changes.services.delivery import webhooks_deliver_due
    from watches.models import Client, Watch, WatchKind

    hosts.reset()
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
    pg = PostgresCpu(own=True)
    pg.start()
    cpu_before = _own_cpu()
    began = time.monotonic()
    sent = 0
    while sent < len(rows):
        done = webhooks_deliver_due(limit=200)
        pg.sample()
        if done == 0:
            break
        sent += done
    elapsed = time.monotonic() - began
    cpu = _own_cpu() - cpu_before
    delivered = WebhookDelivery.objects.filter(status=DeliveryStatus.DELIVERED).count()
    rate = delivered / elapsed
    print(
        f"webhooks: {delivered}/{len(rows)} delivered to {watches} receivers in {elapsed:.2f} s "
        f"(load average {_load()} at the end)"
    )
    received = hosts.report()["hooks"]
    print(f"  {rate:.0f} deliveries per second (target >= {DELIVERY_TARGET:.0f}); receiver saw {received}")
    per = max(delivered, 1)
    print(
        f"  CPU per delivery: this process {cpu / per * 1000:.2f} ms, "
        f"PostgreSQL backends {pg.seconds() / per * 1000:.2f} ms"
    )
    return rate if delivered == len(rows) else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["both", "embedded", "celery", "webhooks"], default="both")
    parser.add_argument("--due", type=int, default=500, help="due boards, in the directory's shape")
    parser.add_argument("--sizes", default="1000,26000", help="directory sizes, comma-separated")
    parser.add_argument("--latency-ms", type=int, default=10)
    parser.add_argument("--spacing-ms", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2, help="Celery workers")
    parser.add_argument("--concurrency", type=int, default=4, help="prefork processes per Celery worker")
    parser.add_argument("--embedded-concurrency", type=int, default=16, help="SCHEDULER_CONCURRENCY")
    parser.add_argument("--deliveries", type=int, default=2000)
    parser.add_argument("--broker", default=os.environ.get("CELERY_BROKER_URL", "redis://127.0.0.1:6379/6"))
    args = parser.parse_args()
    sizes = sorted(int(size) for size in args.sizes.split(","))
    modes = {"both": ["embedded", "celery"], "webhooks": []}.get(args.mode, [args.mode])

    hosts = SimulatedHosts(args.latency_ms / 1000)  # forked before Django is set up here
    os.environ.pop("CELERY_BROKER_URL", None)  # this process runs the embedded scheduler
    os.environ.pop("REDIS_URL", None)
    import django

    env = configure(hosts.base_url, set(workload(args.due, args.due).due.values()), args.spacing_ms)
    django.setup()
    from django.db import connection

    if connection.vendor != "postgresql" and "celery" in modes:
        if args.mode == "celery":
            raise SystemExit("Celery mode needs PostgreSQL: set DATABASE_URL")
        print("Celery mode skipped: it needs PostgreSQL (DATABASE_URL)")
        modes = ["embedded"]
    print(f"load average at the start: {_load()}; {os.cpu_count()} cores")
    parts = ", ".join(f"{name} {count}" for name, count in shaped(args.due).items())
    if modes:
        print(f"due boards: {parts}; latency {args.latency_ms} ms, spacing {args.spacing_ms} ms\n")
    ok = True
    try:
        for mode in modes:
            results = []
            for size in sizes:
                result = run_cycle(mode, hosts, args, size, env)
                ok = print_cycle(result, args) and ok
                results.append(result)
                print()
            if len(results) > 1:
                ok = print_growth(results[0], results[-1]) and ok
                print()
        if "embedded" in modes or args.mode == "webhooks":
            with fresh_database("scheduler"):
                ok = webhook_rate(hosts, args.deliveries, watches=100) >= DELIVERY_TARGET and ok
    finally:
        hosts.stop()
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
