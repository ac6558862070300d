"""Client-side records of bench/scheduler.py, written by whichever process runs checks (the bench
itself in embedded mode, every Celery pool process in Celery mode), one file per process:

- every request: its host and when it was sent and answered (`boards.fetch.client._fetch`, which
  every request to a website goes through, robots.txt included), on the monotonic clock that all
  processes of the machine share. From these the bench counts requests in flight to one host as the
  scheduler made them, whatever the simulated server's threads did.
- the scheduler's own work: CPU (this thread's) and wall time spent claiming, dispatching and taking
  or giving back host leases, as opposed to reading and storing a board.

Installed by wrapping module attributes, in the bench's processes only; production code is not
changed. Lines are appended with one `os.write` each, so a line is never split.
"""

from __future__ import annotations

import functools
import itertools
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ENV = "BENCH_REQUEST_LOG"

# module, attribute, what it counts as. Nested calls (a claim inside `dispatch`) count once, in
# the outermost.
SCHEDULER_CALLS = [
    ("boards.tasks", "dispatch", "dispatch"),
    ("watchtower.embedded", "dispatch", "dispatch"),
    ("boards.services.scheduler", "host_claim_next", "claim next"),
    ("boards.services.check", "_claim_consume", "claim consume"),
    ("boards.services.leases", "_lease_take", "lease"),
    ("boards.services.leases", "lease_extend", "lease"),
    ("boards.services.leases", "lease_release", "lease"),
]


class _Writer:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.pid = -1
        self.fd = -1
        self.lock = threading.Lock()

    def write(self, line: str) -> None:
        with self.lock:
            if self.pid != os.getpid():  # a forked pool process writes a file of its own
                self.pid = os.getpid()
                self.fd = os.open(self.folder / f"{self.pid}.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.write(self.fd, line.encode())


_local = threading.local()
_originals: list[tuple[Any, str, Any]] = []  # module, attribute, what was there before `install`


def install(folder: Path) -> None:
    """Wrap the fetch and the scheduler's calls in this process (Django must be set up)."""
    import importlib

    from boards.fetch import client

    writer = _Writer(folder)
    fetch = client._fetch

    @functools.wraps(fetch)
    def logged_fetch(url: str, *args: Any, **kwargs: Any) -> Any:
        # A fetch reads robots.txt through a nested `_fetch` first: one span covers both, which
        # follow each other on one thread.
        nested = getattr(_local, "fetching", False)
        _local.fetching = True
        sent = time.monotonic()
        try:
            return fetch(url, *args, **kwargs)
        finally:
            _local.fetching = nested
            if not nested:
                writer.write(f"R {urlsplit(url).hostname} {sent:.6f} {time.monotonic():.6f}\n")

    _originals.append((client, "_fetch", fetch))
    client._fetch = logged_fetch  # type: ignore[assignment]
    for module_name, attribute, kind in SCHEDULER_CALLS:
        module = importlib.import_module(module_name)
        _originals.append((module, attribute, getattr(module, attribute)))
        setattr(module, attribute, _timed(getattr(module, attribute), kind, writer))


def uninstall() -> None:
    """Undo `install` (the embedded mode runs several times in one process)."""
    while _originals:
        module, attribute, original = _originals.pop()
        setattr(module, attribute, original)


def install_from_env() -> None:
    folder = os.environ.get(ENV)
    if folder:
        install(Path(folder))


def _timed(function: Callable[..., Any], kind: str, writer: _Writer) -> Callable[..., Any]:
    @functools.wraps(function)
    def timed(*args: Any, **kwargs: Any) -> Any:
        depth = getattr(_local, "depth", 0)
        _local.depth = depth + 1
        cpu, wall = time.thread_time(), time.monotonic()
        try:
            return function(*args, **kwargs)
        finally:
            _local.depth = depth
            if depth == 0:
                writer.write(
                    f"S {kind.replace(' ', '_')} {time.thread_time() - cpu:.6f} {time.monotonic() - wall:.6f}\n"
                )

    return timed


@dataclass
class Records:
    """What every process of a run wrote."""

    requests: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # host -> (sent, answered)
    scheduler_cpu: dict[str, float] = field(default_factory=dict)  # kind -> seconds
    scheduler_wall: dict[str, float] = field(default_factory=dict)
    scheduler_calls: dict[str, int] = field(default_factory=dict)

    def most_in_flight(self, host: str) -> int:
        """The most requests to `host` that were in flight at one moment."""
        events = sorted([(sent, 1) for sent, _ in self.requests[host]] + [(end, -1) for _, end in self.requests[host]])
        most = current = 0
        for _, step in events:  # an answer at the same instant as a send ends first (-1 sorts first)
            current += step
            most = max(most, current)
        return most

    def gaps(self, host: str) -> list[float]:
        """Seconds between an answer and the next request to `host`."""
        spans = sorted(self.requests[host])
        return [b[0] - a[1] for a, b in itertools.pairwise(spans)]


def read(folder: Path) -> Records:
    records = Records()
    for path in folder.glob("*.log"):
        for line in path.read_text().splitlines():
            parts = line.split()
            if parts[0] == "R" and len(parts) == 4:
                records.requests.setdefault(parts[1], []).append((float(parts[2]), float(parts[3])))
            elif parts[0] == "S" and len(parts) == 4:
                kind = parts[1].replace("_", " ")
                records.scheduler_cpu[kind] = records.scheduler_cpu.get(kind, 0.0) + float(parts[2])
                records.scheduler_wall[kind] = records.scheduler_wall.get(kind, 0.0) + float(parts[3])
                records.scheduler_calls[kind] = records.scheduler_calls.get(kind, 0) + 1
    return records
