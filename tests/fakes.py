"""A simulated internet for tests: platform APIs and careers pages served from 127.0.0.1 through
FETCH_HOST_OVERRIDES (the fetch layer's test seam), with content the test changes between checks."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pytest_httpserver import HTTPServer
from werkzeug import Request, Response


@dataclass
class FakeSite:
    """One HTTP server answering for several host names; `pages[(host, path)]` is the content."""

    server: HTTPServer
    pages: dict[tuple[str, str], tuple[int, bytes, dict[str, str]]] = field(default_factory=dict)
    log: list[tuple[str, str, float]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.server.expect_request(re.compile(".*")).respond_with_handler(self._handle)

    @property
    def base_url(self) -> str:
        return self.server.url_for("").rstrip("/")

    def _handle(self, request: Request) -> Response:
        import time

        host = (request.headers.get("Host") or "").split(":")[0].lower()
        path = request.full_path.rstrip("?")
        with self.lock:
            self.log.append((host, path, time.monotonic()))
            page = self.pages.get((host, path)) or self.pages.get((host, request.path))
        if page is None:
            return Response("not found", status=404, content_type="text/plain")
        status, body, headers = page
        return Response(body, status=status, headers=headers)

    def serve(self, host: str, path: str, body: Any, *, status: int = 200, content_type: str = "") -> None:
        if isinstance(body, (dict, list)):
            raw = json.dumps(body).encode()
            content_type = content_type or "application/json"
        elif isinstance(body, str):
            raw = body.encode()
            content_type = content_type or "text/html; charset=utf-8"
        else:
            raw = body
        with self.lock:
            self.pages[(host.lower(), path)] = (status, raw, {"Content-Type": content_type or "text/plain"})

    def requests_to(self, host: str) -> list[str]:
        with self.lock:
            return [path for h, path, _ in self.log if h == host]


def greenhouse_job(job_id: int, title: str, location: str = "Remote - US", **extra: Any) -> dict[str, Any]:
    job = {
        "id": job_id,
        "title": title,
        "absolute_url": f"https://boards.greenhouse.io/acme/jobs/{job_id}",
        "location": {"name": location},
        "updated_at": "2026-11-01T10:00:00-04:00",
        "first_published": "2026-11-01T10:00:00-04:00",
        "departments": [{"id": 1, "name": "Engineering"}],
        "offices": [],
        "content": extra.pop("content", ""),
        "company_name": "Acme Robotics",
    }
    job.update(extra)
    return job


GREENHOUSE_API = "boards-api.greenhouse.io"


GREENHOUSE_QUERIES = ("", "?content=true", "?content=true&pay_transparency=true")


def serve_greenhouse(site: FakeSite, token: str, jobs: list[dict[str, Any]], *, status: int = 200) -> None:
    body: dict[str, Any] = {"jobs": jobs, "meta": {"total": len(jobs)}} if status == 200 else {"error": "boom"}
    for query in GREENHOUSE_QUERIES:
        site.serve(GREENHOUSE_API, f"/v1/boards/{token}/jobs{query}", body, status=status)


class HoldServer:
    """A web server on 127.0.0.1 that holds every request until the test calls `release()`, then
    answers it with `answer(path)` (status, body, content type). A board that holds whoever waits
    on it, with no clock involved: the test knows how many readers are held at a moment (`held`,
    `wait_for`), which ones gave up waiting (`abandoned`: the reader closed the connection), and
    every path asked for (`paths`), so it can prove what a slow board holds by counting."""

    def __init__(self, answer: Callable[[str], tuple[int, bytes, str]] | None = None) -> None:
        import http.server
        import select
        import socket

        self.answer = answer or (lambda path: (200, b"<html></html>", "text/html"))
        self.released = threading.Event()
        self.changed = threading.Condition()
        self.held = 0
        self.abandoned = 0
        self.paths: list[str] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def do_GET(self) -> None:
                with outer.changed:
                    outer.held += 1
                    outer.paths.append(self.path)
                    outer.changed.notify_all()
                gone = False
                while not outer.released.wait(0.02):
                    readable, _, _ = select.select([self.connection], [], [], 0)
                    if readable and not self.connection.recv(1, socket.MSG_PEEK):  # the reader hung up
                        gone = True
                        break
                with outer.changed:
                    outer.held -= 1
                    outer.abandoned += gone
                    outer.changed.notify_all()
                if gone:
                    return
                status, body, content_type = outer.answer(self.path)
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def wait_for(self, predicate: Callable[[HoldServer], bool], timeout: float = 120.0) -> bool:
        """Wait until `predicate(self)` holds (checked whenever a request arrives or ends). The
        timeout only stops a broken test from hanging; nothing is measured against it."""
        with self.changed:
            return self.changed.wait_for(lambda: predicate(self), timeout=timeout)

    def release(self) -> None:
        self.released.set()

    def close(self) -> None:
        self.release()
        self.server.shutdown()
        self.server.server_close()
