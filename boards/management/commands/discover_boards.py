"""`python manage.py discover_boards companies.json boards.txt` (SPEC §12): find the job boards of a
list of companies, confirm each through its platform's listing API, and write them in the
INDEX_BOARDS_FILE format, with a JSON record beside it of how each board was found. Re-running
skips the companies already decided."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser, OutputWrapper

from boards.services.discovery import (
    Decision,
    DiscoveryInputError,
    Polite,
    companies_read,
    company_discover,
    decisions_path,
    decisions_read,
    results_write,
)

BAR_WIDTH = 28


class Progress:
    """A one-line bar redrawn in place on a terminal; one plain line per company otherwise."""

    def __init__(self, stream: OutputWrapper, total: int) -> None:
        self.stream = stream
        self.total = total
        self.live = stream.isatty()

    def update(self, done: int, label: str) -> None:
        if self.live:
            filled = BAR_WIDTH * done // max(self.total, 1)
            bar = "#" * filled + "." * (BAR_WIDTH - filled)
            self.stream.write(f"\r[{bar}] {done}/{self.total} {label[:40]:<40}", ending="")
        else:
            self.stream.write(f"{done}/{self.total} {label}")
        self.stream.flush()

    def note(self, text: str) -> None:
        if not self.live:
            self.stream.write(f"  {text}")

    def finish(self) -> None:
        if self.live:
            self.stream.write("")


def _summary(decision: Decision) -> str:
    if decision.status == "found":
        return f"{decision.name}: " + ", ".join(f"{b.url} ({b.open_jobs} jobs, {b.how})" for b in decision.boards)
    if decision.status == "retry":
        return f"{decision.name}: undecided (temporary failures; a re-run tries again)"
    return f"{decision.name}: no board with open jobs"


class Command(BaseCommand):
    help = "Find and confirm the job boards of companies listed in a JSON file; write an INDEX_BOARDS_FILE."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("companies", type=Path, help='JSON list of {"name", "website"}')
        parser.add_argument("boards", type=Path, help="boards file to write (a .json record goes beside it)")
        parser.add_argument("--retry-all", action="store_true", help="ignore earlier decisions and start over")

    def handle(self, *args: Any, **options: Any) -> None:
        boards_path: Path = options["boards"]
        try:
            companies = companies_read(options["companies"])
        except DiscoveryInputError as exc:
            raise CommandError(str(exc)) from None
        record = decisions_path(boards_path)
        decisions = {} if options["retry_all"] else decisions_read(record)
        pending = [c for c in companies if c.key not in decisions or decisions[c.key].status == "retry"]
        skipped = len(companies) - len(pending)
        if skipped:
            self.stdout.write(f"{skipped} compan{'y' if skipped == 1 else 'ies'} already decided in {record}")
        progress = Progress(self.stderr, len(pending))
        polite = Polite()
        for index, company in enumerate(pending, start=1):
            progress.update(index - 1, company.name)
            decision = company_discover(company, polite=polite)
            decisions[company.key] = decision
            results_write(boards_path=boards_path, decisions=decisions)
            progress.note(_summary(decision))
        progress.update(len(pending), "done")
        progress.finish()
        listed = results_write(boards_path=boards_path, decisions=decisions)
        statuses = [d.status for d in decisions.values()]
        self.stdout.write(
            f"{listed} boards written to {boards_path} ({statuses.count('found')} companies with a board, "
            f"{statuses.count('none')} without, {statuses.count('retry')} undecided); record: {record}"
        )
