"""The demo's simulated internet: a Greenhouse board API and a company careers page with
schema.org JobPosting markup, served from 127.0.0.1 and reached through FETCH_HOST_OVERRIDES."""

from __future__ import annotations

import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

GREENHOUSE_API = "boards-api.greenhouse.io"
CAREERS_HOST = "careers.acme.example"
BOARD_URL = "https://boards.greenhouse.io/acme"
CAREERS_URL = "https://careers.acme.example/jobs"

IOS_DESCRIPTION = (
    "<p>Build our iOS app in Swift.</p><ul><li>5+ years of experience building iOS apps</li>"
    "<li>The salary range for this role is $165,000 - $210,000 per year.</li></ul>"
)


def greenhouse_job(job_id: int, title: str, location: str, content: str = "") -> dict[str, Any]:
    return {
        "id": job_id,
        "title": title,
        "absolute_url": f"{BOARD_URL}/jobs/{job_id}",
        "location": {"name": location},
        "updated_at": "2026-11-20T09:00:00Z",
        "first_published": "2026-11-20T09:00:00Z",
        "departments": [{"name": "Engineering"}],
        "content": content,
        "company_name": "Acme Robotics",
    }


BASELINE_JOBS = [
    greenhouse_job(101, "Backend Engineer", "New York, NY"),
    greenhouse_job(102, "Product Designer", "Remote - US"),
]
NEW_JOBS = [
    greenhouse_job(303, "Senior iOS Engineer", "Remote - US", IOS_DESCRIPTION),
    greenhouse_job(304, "Android Engineer", "Austin, TX", "<p>3+ years of Kotlin.</p>"),
]

# One vacancy posted once per city, as boards list a requisition open in several offices: the same
# title and text (each naming its own city), three platform ids. Watchtower reads it as one job.
MULTI_CITY_TITLE = "Robotics Software Engineer"
MULTI_CITY_CITIES = ["Austin, TX", "Boston, MA", "Denver, CO"]
MULTI_CITY_DESCRIPTION = (
    "<p>Join our {city} office and write the software that moves Acme's warehouse robots: motion planning, "
    "fleet coordination and the safety systems that let people and machines share a floor.</p>"
    "<ul><li>3+ years of C++ or Rust on real hardware</li><li>Comfort with simulation, telemetry and on-call</li>"
    "<li>Curiosity about perception, controls and everything in between</li></ul>"
)
MULTI_CITY_JOBS = [
    greenhouse_job(401 + n, MULTI_CITY_TITLE, city, MULTI_CITY_DESCRIPTION.format(city=city))
    for n, city in enumerate(MULTI_CITY_CITIES)
]


def careers_page(minutes_ago: int) -> str:
    """A careers page whose surroundings change on every request (session token, "N minutes
    ago") while its job list stays the same."""
    postings = [
        {
            "@context": "https://schema.org",
            "@type": "JobPosting",
            "identifier": {"@type": "PropertyValue", "value": "ACME-7"},
            "title": "Robotics Technician",
            "datePosted": "2026-11-18",
            "hiringOrganization": {"@type": "Organization", "name": "Acme Robotics"},
            "jobLocation": {"@type": "Place", "address": {"addressLocality": "Austin", "addressRegion": "TX"}},
            "description": "Keep our robots running. 2+ years of experience.",
        }
    ]
    return (
        "<!doctype html><html><head><title>Careers at Acme</title>"
        f'<script type="application/ld+json">{json.dumps(postings)}</script></head>'
        f"<body><p>Session {secrets.token_hex(8)}</p><p>Updated {minutes_ago} minutes ago</p>"
        "<h1>Join Acme Robotics</h1></body></html>"
    )


class Internet:
    """The board's state, changed by the demo between steps."""

    def __init__(self) -> None:
        self.jobs = list(BASELINE_JOBS)
        self.minutes_ago = 1
        self.requests: list[str] = []
        self.lock = threading.Lock()

    def respond(self, host: str, path: str) -> tuple[int, str, bytes]:
        with self.lock:
            self.requests.append(f"{host}{path}")
            if host == GREENHOUSE_API and path.startswith("/v1/boards/acme/jobs"):
                return (
                    200,
                    "application/json",
                    json.dumps({"jobs": self.jobs, "meta": {"total": len(self.jobs)}}).encode(),
                )
            if host == CAREERS_HOST and path == "/jobs":
                self.minutes_ago += 7
                return 200, "text/html; charset=utf-8", careers_page(self.minutes_ago).encode()
        return 404, "text/plain", b"not found"

    def serve(self) -> ThreadingHTTPServer:
        internet = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                host = (self.headers.get("Host") or "").split(":")[0].lower()
                status, content_type, body = internet.respond(host, self.path)
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: Any) -> None:
                return

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server
