"""Simulated job platforms for bench/scheduler.py, in a process of their own: they stand in for
other machines, and inside the scheduler's process they would compete for its interpreter lock.

One threaded server on 127.0.0.1 answers for every host routed to it through FETCH_HOST_OVERRIDES
(the fetch layer keeps the original `Host` header), after `latency`, in each platform's shape:
Greenhouse, Lever, Ashby and Workable listings (one API host each, thousands of boards), Workday
tenants (`POST /wday/cxs/...`) and careers pages with schema.org JobPosting markup (one host
each). robots.txt is absent everywhere (everything allowed). A webhook receiver counts deliveries.

Request times are logged on the client side (bench/_request_log.py); the server only counts.
"""

from __future__ import annotations

import json
import multiprocessing
import re
import threading
import time
from collections import Counter
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from multiprocessing.connection import Connection
from typing import Any

JOBS_PER_BOARD = 3

Body = tuple[bytes, str]


def _jobs(key: str) -> list[tuple[str, str]]:
    """(id, title) of a board's postings: the same on every read."""
    safe = re.sub(r"[^A-Za-z0-9]", "-", key)
    return [(f"{safe}-{n}", f"Software Engineer {n}") for n in range(1, JOBS_PER_BOARD + 1)]


def greenhouse(key: str) -> Body:
    jobs = [
        {
            "id": 1000 + n,
            "title": title,
            "absolute_url": f"https://boards.greenhouse.io/{key}/jobs/{1000 + n}",
            "location": {"name": "Remote - US"},
            "updated_at": "2026-11-01T10:00:00-04:00",
        }
        for n, (_, title) in enumerate(_jobs(key))
    ]
    return json.dumps({"jobs": jobs}).encode(), "application/json"


def lever(key: str) -> Body:
    postings = [
        {
            "id": job_id,
            "text": title,
            "hostedUrl": f"https://jobs.lever.co/{key}/{job_id}",
            "categories": {"location": "Remote"},
            "createdAt": 1764000000000,
        }
        for job_id, title in _jobs(key)
    ]
    return json.dumps(postings).encode(), "application/json"


def ashby(key: str) -> Body:
    jobs = [
        {"id": job_id, "title": title, "location": "Remote", "jobUrl": f"https://jobs.ashbyhq.com/{key}/{job_id}"}
        for job_id, title in _jobs(key)
    ]
    return json.dumps({"jobs": jobs}).encode(), "application/json"


def workable(key: str) -> Body:
    jobs = [
        {"shortcode": job_id, "title": title, "url": f"https://apply.workable.com/{key}/j/{job_id}", "country": "US"}
        for job_id, title in _jobs(key)
    ]
    return json.dumps({"name": key, "jobs": jobs}).encode(), "application/json"


def workday(key: str) -> Body:
    postings = [
        {
            "title": title,
            "externalPath": f"/job/Remote/{job_id}",
            "locationsText": "Remote",
            "bulletFields": [job_id],
        }
        for job_id, title in _jobs(key)
    ]
    return json.dumps({"total": len(postings), "jobPostings": postings}).encode(), "application/json"


def careers_page(key: str) -> Body:
    postings = [
        {
            "@context": "https://schema.org",
            "@type": "JobPosting",
            "title": title,
            "url": f"https://{key}/jobs/{job_id}",
            "datePosted": "2026-11-01",
            "hiringOrganization": {"@type": "Organization", "name": key},
            "jobLocationType": "TELECOMMUTE",
            "identifier": job_id,
        }
        for job_id, title in _jobs(key)
    ]
    script = json.dumps(postings)
    page = f'<html><head><script type="application/ld+json">{script}</script></head><body>Jobs</body></html>'
    return page.encode(), "text/html; charset=utf-8"


# (method, path pattern, answer); the key is the pattern's first group, or the host for a careers page.
ROUTES: list[tuple[str, re.Pattern[str], Callable[[str], Body]]] = [
    ("GET", re.compile(r"^/v1/boards/([^/?]+)/jobs"), greenhouse),
    ("GET", re.compile(r"^/v0/postings/([^/?]+)"), lever),
    ("GET", re.compile(r"^/posting-api/job-board/([^/?]+)"), ashby),
    ("GET", re.compile(r"^/api/v1/widget/accounts/([^/?]+)"), workable),
    ("POST", re.compile(r"^/wday/cxs/([^/]+/[^/]+)/jobs"), workday),
    ("GET", re.compile(r"^/jobs$"), careers_page),
]


class Platforms:
    """The server: per-host request counts; the webhook receiver's count."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.requests: Counter[str] = Counter()
        self.unknown: Counter[str] = Counter()
        self.hooks = 0
        self.lock = threading.Lock()
        self.server: ThreadingHTTPServer | None = None

    def start(self) -> int:
        platforms = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_GET(self) -> None:
                platforms.answer(self, "GET")

            def do_POST(self) -> None:
                platforms.answer(self, "POST")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.request_queue_size = 256
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return int(self.server.server_address[1])

    def answer(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        handler.rfile.read(int(handler.headers.get("Content-Length") or 0))
        host = (handler.headers.get("Host") or "").split(":")[0]
        if handler.path.startswith("/hook/"):
            with self.lock:
                self.hooks += 1
            self._send(handler, 204, b"", "text/plain")
            return
        if handler.path == "/robots.txt":
            self._send(handler, 404, b"not found", "text/plain")
            return
        time.sleep(self.latency)
        for route_method, pattern, build in ROUTES:
            match = pattern.match(handler.path)
            if route_method == method and match:
                body, content_type = build(host if build is careers_page else match.group(1))
                with self.lock:
                    self.requests[host] += 1
                self._send(handler, 200, body, content_type)
                return
        with self.lock:
            self.unknown[f"{method} {host}{handler.path}"] += 1
        self._send(handler, 404, b"not found", "text/plain")

    @staticmethod
    def _send(handler: BaseHTTPRequestHandler, status: int, body: bytes, content_type: str) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    def report(self) -> dict[str, Any]:
        with self.lock:
            return {"requests": dict(self.requests), "unknown": dict(self.unknown), "hooks": self.hooks}

    def reset(self) -> None:
        with self.lock:
            self.requests.clear()
            self.unknown.clear()
            self.hooks = 0


def serve(latency: float, channel: Connection) -> None:
    """The child process: serve until told to stop; answer "report" and "reset"."""
    platforms = Platforms(latency)
    channel.send(platforms.start())
    while (command := channel.recv()) != "stop":
        if command == "reset":
            platforms.reset()
            channel.send(None)
        else:
            channel.send(platforms.report())


class SimulatedHosts:
    """The simulated platforms in a forked process (start it before Django is set up here)."""

    def __init__(self, latency: float) -> None:
        context = multiprocessing.get_context("fork")
        self.channel, child = context.Pipe()
        self.process = context.Process(target=serve, args=(latency, child), daemon=True)
        self.process.start()
        self.base_url = f"http://127.0.0.1:{self.channel.recv()}"

    def report(self) -> dict[str, Any]:
        self.channel.send("report")
        report: dict[str, Any] = self.channel.recv()
        return report

    def reset(self) -> None:
        self.channel.send("reset")
        self.channel.recv()

    def stop(self) -> None:
        self.channel.send("stop")
        self.process.join(timeout=10)
