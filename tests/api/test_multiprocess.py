"""The per-address budgets live in the database, so they hold across app processes (replicas):
two servers share one database, and the eleventh client creation from one address is refused
whichever server answers it."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from django.db import connection

from tests.conftest import PATIENCE

ROOT = Path(__file__).resolve().parents[2]
SERVER = """
import sys
from wsgiref.simple_server import WSGIRequestHandler, make_server

from watchtower.wsgi import application


class Quiet(WSGIRequestHandler):
    def log_message(self, *args):
        pass


make_server("127.0.0.1", int(sys.argv[1]), application, handler_class=Quiet).serve_forever()
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_up(url: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited: {process.stderr.read().decode() if process.stderr else ''}")
        try:
            requests.get(url, timeout=10)
            return
        except requests.RequestException:
            time.sleep(0.05)
    raise TimeoutError(url)


def shared_database(tmp_path: Path) -> dict[str, str]:
    """Where the servers find the test database: a file copy of the (migrated, in-memory) SQLite
    test database, or the PostgreSQL test database itself."""
    if connection.vendor == "sqlite":
        path = tmp_path / "shared.sqlite3"
        target = sqlite3.connect(path)
        connection.ensure_connection()
        connection.connection.backup(target)
        target.close()
        return {"WT_SHARED_SQLITE": str(path)}
    db = connection.settings_dict
    return {"DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"}


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[list[str]]:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.api.shared_db_settings",
        "CLIENT_CREATION_PER_HOUR": "10",
        "RATE_LIMIT_PER_MINUTE": "1000",
        "RUN_SCHEDULER": "false",
        "INDEX_ENABLED": "false",
        **shared_database(tmp_path),
    }
    processes, urls = [], []
    try:
        for _ in range(2):
            port = free_port()
            processes.append(
                subprocess.Popen([sys.executable, "-c", SERVER, str(port)], env=env, cwd=ROOT, stderr=subprocess.PIPE)
            )
            urls.append(f"http://127.0.0.1:{port}")
        for url, process in zip(urls, processes, strict=True):
            wait_until_up(f"{url}/health", process)
        yield urls
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)


@pytest.mark.django_db(transaction=True)
def test_the_eleventh_client_creation_fails_whichever_process_serves_it(two_servers) -> None:
    first, second = two_servers
    statuses = [requests.post(f"{(first, second)[i % 2]}/v1/clients", timeout=10).status_code for i in range(10)]
    assert statuses == [201] * 10
    for server in (first, second):
        refused = requests.post(f"{server}/v1/clients", timeout=10)
        assert refused.status_code == 429
        assert refused.json()["error"] == "RATE_LIMITED"
        assert int(refused.headers["Retry-After"]) >= 1
