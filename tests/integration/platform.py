"""A simulated job platform and webhook receiver on 127.0.0.1 for the scheduling integration tests.

One threaded HTTP server answers for every host routed to it through FETCH_HOST_OVERRIDES (the
fetch layer keeps the original `Host` header, so the request log is per host). Greenhouse-shaped
listings at `/v1/boards/<token>/jobs`, `/robots.txt` absent (allow all), and webhook receivers
at `/hook/...`. Each request is logged with when it arrived and when its answer was sent, so tests
can measure overlap and spacing per host.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_LISTING = re.compile(r"^/v1/boards/([A-Za-z0-9_-]+)/jobs$")


@dataclass(frozen=True)
class Hit:
    host: str
    path: str
    start: float
    end: float


@dataclass(frozen=True)
class HookCall:
    path: str
    headers: dict[str, str]
    body: bytes
    status: int


def greenhouse_job(job_id: int, title: str, location: str = "Remote - US") -> dict[str, Any]:
    return {
        "id": job_id,
        "title": title,
        "absolute_url": f"https://boards.greenhouse.io/acme/jobs/{job_id}",
        "location": {"name": location},
        "updated_at": "2026-11-01T10:00:00-04:00",
    }


@dataclass
class Platform:
    latency: float = 0.05
    boards: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    hits: list[Hit] = field(default_factory=list)
    hooks: list[HookCall] = field(default_factory=list)
    hook_status: dict[str, int] = field(default_factory=dict)  # path -> status (200 when absent)
    # token -> (arrived, release): the listing request of that board waits for `release`.
    holds: dict[str, tuple[threading.Event, threading.Event]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    server: ThreadingHTTPServer | None = None

    def start(self) -> None:
        platform = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_GET(self) -> None:
                platform._get(self)

            def do_POST(self) -> None:
                platform._post(self)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()

    @property
    def base_url(self) -> str:
        assert self.server is not None
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def reset(self) -> None:
        with self.lock:
            self.boards.clear()
            self.hits.clear()
            self.hooks.clear()
            self.holds.clear()
            self.hook_status.clear()

    def hold(self, token: str) -> tuple[threading.Event, threading.Event]:
        """Make the next listing request of `token` wait: returns (arrived, release)."""
        events = (threading.Event(), threading.Event())
        with self.lock:
            self.holds[token] = events
        return events

    def listing_hits(self, host: str | None = None) -> list[Hit]:
        with self.lock:
            return sorted(
                (hit for hit in self.hits if _LISTING.match(hit.path) and (host is None or hit.host == host)),
                key=lambda hit: hit.start,
            )

    def hooks_to(self, path: str) -> list[HookCall]:
        with self.lock:
            return [call for call in self.hooks if call.path == path]

    def hits_for(self, token: str) -> list[Hit]:
        return [hit for hit in self.listing_hits() if hit.path == f"/v1/boards/{token}/jobs"]

    def _get(self, handler: BaseHTTPRequestHandler) -> None:
        start = time.monotonic()
        host = (handler.headers.get("Host") or "").split(":")[0].lower()
        path = handler.path.split("?", 1)[0]
        match = _LISTING.match(path)
        with self.lock:
            jobs = self.boards.get(match.group(1)) if match else None
            hold = self.holds.pop(match.group(1), None) if match else None
        if hold is not None:
            hold[0].set()
            hold[1].wait(30)
        time.sleep(self.latency)
        if jobs is None:
            status, body = 404, b'{"status":404,"error":"Job board not found"}'
        else:
            status, body = 200, json.dumps({"jobs": jobs, "meta": {"total": len(jobs)}}).encode()
        self._answer(handler, status, body)
        with self.lock:
            self.hits.append(Hit(host, path, start, time.monotonic()))

    def _post(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length)
        with self.lock:
            status = self.hook_status.get(handler.path, 200)
            self.hooks.append(HookCall(handler.path, {k.lower(): v for k, v in handler.headers.items()}, body, status))
        self._answer(handler, status, b"{}")

    @staticmethod
    def _answer(handler: BaseHTTPRequestHandler, status: int, body: bytes) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)
        handler.wfile.flush()
