from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from boards.fetch.client import fetch
from boards.fetch.errors import FetchError


class Command(BaseCommand):
    help = (
        "Fetch URL through the full guarded fetch (SSRF guard, robots.txt, limits) and print one JSON "
        "object: what came back, or why it was refused. Exits non-zero on a refusal or failure."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("url")
        parser.add_argument("--api", action="store_true", help="use the platform API body cap (MAX_API_BODY_BYTES)")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = fetch(options["url"], api=options["api"])
        except FetchError as exc:
            self.stdout.write(json.dumps({"error": exc.code, "message": exc.message}))
            sys.exit(1)
        report = {
            "status": result.status,
            "final_url": result.url,
            "content_type": result.content_type,
            "bytes": len(result.body),
            "elapsed": round(result.elapsed, 3),
        }
        self.stdout.write(json.dumps(report))
