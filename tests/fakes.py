"""A simulated internet for tests: platform APIs and careers pages served from 127.0.0.1 through
FETCH_HOST_OVERRIDES (the fetch layer's test seam), with content the test changes between checks."""

from __future__ import annotations

import json
import re
import threading
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


class DripServer:
    """A web server on 127.0.0.1 that answers every request one byte a second (a board that
    holds whoever waits on it), on its own threads."""

    def __init__(self, *, body: bytes = b"<html>" + b" " * 600 + b"</html>", every: float = 1.0) -> None:
        import http.server
        import time

        drip_body, pause = body, every

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(drip_body)))
                self.end_headers()
                try:
                    for byte in drip_body:
                        self.wfile.write(bytes([byte]))
                        self.wfile.flush()
                        time.sleep(pause)
                except OSError:  # the reader gave up
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
