"""Fixtures of the scheduling integration tests: PostgreSQL (the test database pytest-django made),
a private Redis, the simulated platform, and real Celery worker / embedded `check_due` processes
pointed at them through environment variables (a subprocess does not see pytest's settings)."""

from __future__ import annotations

import abc
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
import pytest
from django.conf import settings
from django.utils import timezone

from boards.fetch import robots
from boards.models import IndexOrigin, Resource
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
from tests.conftest import PATIENCE, postgres_and_redis
from tests.integration.platform import Platform, greenhouse_job
from watches.models import Client, Watch, WatchKind

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"
SPACING_MS = 300
HOSTS = ("boards-api.greenhouse.io", "boards-api.eu.greenhouse.io", "hooks.acme.example")
US, EU = HOSTS[0], HOSTS[1]

# Every test module of this directory starts with `pytestmark = INTEGRATION`.
INTEGRATION = [
    pytest.mark.integration,
    pytest.mark.skipif(
        not postgres_and_redis(), reason="needs DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)"
    ),
    pytest.mark.django_db(transaction=True),
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(predicate: Callable[[], Any], *, timeout: float = PATIENCE, what: str = "condition") -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


class RedisServer:
    """A private redis-server, so a test can take the broker away without touching anyone else's."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is not installed"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            cwd=self.workdir,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self._answers, what="redis")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None

    def _answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False


class Process:
    """A Celery worker or an embedded `check_due` loop in its own process group."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path, ready_marker: str) -> None:
        self.argv, self.env, self.log, self.ready_marker = argv, env, log, ready_marker
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, *, wait: bool = True) -> Process:
        self.log.write_text("")
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                self.argv, env=self.env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        if wait:
            wait_for(lambda: self.ready_marker in self.output(), timeout=90, what=f"{self.argv[1:3]} to start")
        return self

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def output_has(self, text: str) -> bool:
        return text in self.output()

    def kill(self) -> None:
        """SIGKILL, as the OOM killer or a lost machine would: no clean-up of any kind."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):  # it may have exited by itself
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
            self.process = None


@pytest.fixture(scope="module")
def platform() -> Iterator[Platform]:
    server = Platform(latency=0.05)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture
def overrides(platform: Platform) -> dict[str, str]:
    return {host: platform.base_url for host in HOSTS}


@pytest.fixture
def live(config, platform: Platform, overrides: dict[str, str]) -> Iterator[Platform]:
    """This process's configuration matches the subprocesses'; the platform starts empty."""
    platform.reset()
    config(
        allow_private_networks=True,
        fetch_host_overrides=overrides,
        host_min_spacing_ms=SPACING_MS,
        min_check_interval_seconds=0,
        fetch_timeout_seconds=3,
        snapshot_retention_days=0,
    )
    robots.robots_cache_clear()
    yield platform
    robots.robots_cache_clear()


@pytest.fixture
def subprocess_env(overrides: dict[str, str]) -> Callable[..., dict[str, str]]:
    """The environment of a subprocess that uses this test's database (pytest-django's)."""

    def build(**extra: str) -> dict[str, str]:
        base = dj_database_url.parse(os.environ["DATABASE_URL"])
        name = settings.DATABASES["default"]["NAME"]
        user = base.get("USER") or "postgres"
        password = f":{base['PASSWORD']}" if base.get("PASSWORD") else ""
        database_url = (
            f"postgres://{user}{password}@{base.get('HOST') or '127.0.0.1'}:{base.get('PORT') or 5432}/{name}"
        )
        env = {key: value for key, value in os.environ.items() if key not in {"CELERY_BROKER_URL", "REDIS_URL"}}
        env.update(
            DJANGO_SETTINGS_MODULE="watchtower.settings",
            DATABASE_URL=database_url,
            ALLOW_PRIVATE_NETWORKS="true",
            FETCH_HOST_OVERRIDES=json.dumps(overrides),
            HOST_MIN_SPACING_MS=str(SPACING_MS),
            MIN_CHECK_INTERVAL_SECONDS="0",
            FETCH_TIMEOUT_SECONDS="3",
            SNAPSHOT_RETENTION_DAYS="0",
            RUN_SCHEDULER="true",
            LOG_LEVEL="INFO",
            PYTHONUNBUFFERED="1",
        )
        env.update(extra)
        return env

    return build


@pytest.fixture
def processes(tmp_path: Path) -> Iterator[Callable[..., Process]]:
    """Start Celery workers (`kind="celery"`, of every queue unless `queues` names some; a pool of
    four threads unless `pool`/`concurrency` say otherwise) or embedded loops (`kind="embedded"`);
    all are stopped at the end of the test."""
    started: list[Process] = []

    def make(
        *,
        env: dict[str, str],
        kind: str = "celery",
        name: str = "w1",
        beat: bool = False,
        queues: str = "",
        pool: str = "threads",
        concurrency: int = 4,
    ) -> Process:
        log = tmp_path / f"{name}.log"
        if kind == "celery":
            argv = [str(VENV_BIN / "celery"), "-A", "watchtower", "worker", "--pool", pool, "-c", str(concurrency)]
            argv += ["-n", f"{name}@%h", "-l", "INFO", "--without-gossip", "--without-mingle", "--without-heartbeat"]
            if queues:
                argv += ["-Q", queues]
            if beat:
                argv += ["-B", "-s", str(tmp_path / f"{name}-beat-schedule")]
            marker = " ready."
        else:
            argv = [str(VENV_BIN / "python"), "manage.py", "check_due"]
            marker = "checking due resources"
        process = Process(argv, env, log, marker)
        started.append(process)
        return process

    yield make
    for process in started:
        process.kill()  # their clean shutdown is not under test here; a kill is quick


class Runner(abc.ABC):
    """One way of running the scheduler, for the scenarios every runner must pass: `replica()` is a
    separate process that schedules and checks (a Celery worker, with beat unless `beat=False`, or a
    `manage.py check_due` loop); `delivering()` runs checks and webhook delivery for the length of a
    block, and `deliver_due()` makes it deliver what is due now."""

    kind = ""

    def __init__(self, processes: Callable[..., Process], env: dict[str, str]) -> None:
        self.processes, self.env = processes, env

    @abc.abstractmethod
    def replica(self, name: str, *, beat: bool = True) -> Process:
        """See the class docstring."""

    @abc.abstractmethod
    @contextlib.contextmanager
    def delivering(self) -> Iterator[None]:
        """See the class docstring."""

    @abc.abstractmethod
    def deliver_due(self) -> None:
        """See the class docstring."""


class CeleryRunner(Runner):
    """Celery workers on the private Redis; webhooks go out when a `deliver_webhooks` task is sent,
    as a beat tick would send it."""

    kind = "celery"

    def replica(self, name: str, *, beat: bool = True) -> Process:
        return self.processes(env=self.env, kind="celery", name=name, beat=beat)

    @contextlib.contextmanager
    def delivering(self) -> Iterator[None]:
        self.replica("w1").start()
        yield

    def deliver_due(self) -> None:
        from changes.tasks import deliver_webhooks

        deliver_webhooks.delay()


class EmbeddedRunner(Runner):
    """`check_due` replicas; webhooks are delivered by an in-process scheduler whose housekeeping
    thread runs every 0.2 s (a replica's runs every WEBHOOKS_EVERY, too slow for a test)."""

    kind = "embedded"

    def replica(self, name: str, *, beat: bool = True) -> Process:
        return self.processes(env=self.env, kind="embedded", name=name)

    @contextlib.contextmanager
    def delivering(self) -> Iterator[None]:
        from watchtower.embedded import EmbeddedScheduler

        scheduler = EmbeddedScheduler(concurrency=2, dispatch_every=0.2, webhooks_every=0.2)
        scheduler.start()
        try:
            yield
        finally:
            scheduler.stop(timeout=10)

    def deliver_due(self) -> None:
        return  # the housekeeping thread delivers whatever is due within 0.2 s


@pytest.fixture(params=["celery", "embedded"])
def runner(
    request: pytest.FixtureRequest, processes: Callable[..., Process], subprocess_env: Callable[..., dict[str, str]]
) -> Runner:
    """Each runner in turn, for the scenarios they share (tests/integration/test_scheduling.py)."""
    if request.param == "celery":
        redis = request.getfixturevalue("redis_server")
        request.getfixturevalue("celery_app")
        return CeleryRunner(processes, subprocess_env(CELERY_BROKER_URL=redis.url))
    return EmbeddedRunner(processes, subprocess_env())


@pytest.fixture
def celery_app(redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """This process's Celery app, publishing to the private Redis (Celery reads CELERY_BROKER_URL
    from the environment before its configuration)."""
    from watchtower.celery import app

    monkeypatch.setenv("CELERY_BROKER_URL", redis_server.url)
    app._after_fork()  # drop pooled connections to the previous broker
    yield app
    app._after_fork()


def make_board(platform: Platform, token: str, *, jobs: int = 2, eu: bool = False) -> Resource:
    """A directory board on Greenhouse, due now, with `jobs` open postings on the platform."""
    url = f"https://job-boards.eu.greenhouse.io/{token}" if eu else f"https://boards.greenhouse.io/{token}"
    resource, _ = resource_get_or_create(board=recognize(url))
    Resource.objects.filter(pk=resource.pk).update(
        indexed=True, index_origin=IndexOrigin.DIRECTORY, next_check_at=timezone.now()
    )
    platform.boards[token] = [greenhouse_job(n, f"Job {n}") for n in range(1, jobs + 1)]
    return Resource.objects.get(pk=resource.pk)


def make_hook_watch(resource: Resource, path: str, *, secret: str = "whsec_integration") -> Watch:
    """A board watch on `resource` whose webhook goes to the platform's receiver at `path`."""
    client = Client.objects.create(token_hash=f"hash-{path}-{resource.pk}")
    now = timezone.now()
    return Watch.objects.create(
        client=client,
        resource=resource,
        kind=WatchKind.BOARD,
        webhook_url=f"http://hooks.acme.example{path}",
        webhook_secret=secret,
        expires_at=now + timedelta(days=30),
    )


def recheck_now(resource: Resource, *, jobs: int, platform: Platform, token: str) -> None:
    """The board now lists `jobs` postings and is due again."""
    platform.boards[token] = [greenhouse_job(n, f"Job {n}") for n in range(1, jobs + 1)]
    Resource.objects.filter(pk=resource.pk).update(next_check_at=timezone.now())
