from __future__ import annotations

from typing import Any

import uvicorn
from django.core.management.base import BaseCommand, CommandParser


class Command(BaseCommand):
    help = "Serve the ASGI app (REST, MCP, pages) with uvicorn; in embedded mode the checks run in-process."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="0.0.0.0")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=1)

    def handle(self, *args: Any, **options: Any) -> None:
        uvicorn.run(
            "watchtower.asgi:application",
            host=options["host"],
            port=options["port"],
            workers=options["workers"],
            lifespan="on",
            proxy_headers=False,
        )
