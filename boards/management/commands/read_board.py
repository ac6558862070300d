from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from boards.services.reading import board_read
from boards.sources.registry import recognize
from watchtower.errors import AppError


class Command(BaseCommand):
    help = (
        "Show what Watchtower sees on a board: recognition, fetch, adapter and derived fields, without "
        "touching the database. Honours FETCH_HOST_OVERRIDES."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("url")
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = read(options["url"])
        except AppError as exc:
            self.stdout.write(json.dumps(exc.as_dict()))
            raise CommandError(f"{exc.code}: {exc.message}") from None
        if options["json"]:
            self.stdout.write(json.dumps(report, indent=2, default=str))
            return
        self.stdout.write(
            f"{report['platform']} board {report['board_url']}"
            + (f" (resolved from {report['resolved_from']})" if report.get("resolved_from") else "")
            + f": {len(report['jobs'])} jobs, complete={report['complete']}, {report['requests']} requests"
        )
        for job in report["jobs"]:
            salary = job.get("salary") or {}
            self.stdout.write(
                f"- {job['title']} | {job.get('location', '')} | {job.get('seniority')} | "
                f"{job.get('workplace_type')} | salary {salary.get('annual_min')}-{salary.get('annual_max')} "
                f"{salary.get('currency', '')} | experience {job.get('experience_years')}"
            )


def read(url: str) -> dict[str, Any]:
    board = recognize(url)
    resolved_from = None
    try:
        reading = board_read(board)
    except AppError as exc:
        # A careers page without job markup names the boards it links to (html.NoJobData).
        linked = [b for b in getattr(exc, "boards", ()) if b.platform != "html"]
        if exc.code != "NO_JOB_DATA" or not linked:
            raise
        resolved_from, board = board.board_url, linked[0]
        reading = board_read(board)
    return {
        "platform": board.platform,
        "board_url": board.board_url,
        "resolved_from": resolved_from,
        "complete": reading.listing.complete,
        "requests": reading.requests,
        "jobs": [job.as_dict() for job in reading.jobs],
    }
