"""`python manage.py check_due [--once]`: run the dispatcher in this process and print what each
check did. `--once` takes one pass (the earliest due resource of every free host, checked one after
another); without it the command runs the embedded scheduler until SIGTERM/SIGINT."""

from __future__ import annotations

import signal
import threading
from types import FrameType
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from boards.models import Resource
from boards.services.check import resource_check
from boards.services.scheduler import Outcome, dispatch
from watchtower.config import current
from watchtower.embedded import EmbeddedScheduler


class Command(BaseCommand):
    help = "Check due resources now, in this process, printing each outcome."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="One pass over the due resources, then exit.")
        parser.add_argument("--limit", type=int, default=100, help="Most resources checked in one pass.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["once"]:
            outcomes: list[Outcome] = []

            def run_now(resource_id: int, token: str) -> None:
                outcome = resource_check(resource_id=resource_id, claim_token=token)
                outcomes.append(outcome)
                self._print(outcome)

            dispatch(limit=options["limit"], submit=run_now)
            self.stdout.write(f"{len(outcomes)} resources checked")
            return
        self._loop()

    def _loop(self) -> None:
        lock = threading.Lock()

        def report(outcome: Outcome) -> None:
            with lock:
                self._print(outcome)

        scheduler = EmbeddedScheduler(concurrency=current().scheduler_concurrency, on_outcome=report)
        stopped = threading.Event()

        def stop(signum: int, frame: FrameType | None) -> None:
            stopped.set()

        for signum in (signal.SIGTERM, signal.SIGINT):
            signal.signal(signum, stop)
        scheduler.start()
        self.stdout.write("checking due resources; stop with Ctrl-C or SIGTERM")
        stopped.wait()
        finished = scheduler.stop()
        self.stdout.write("stopped" if finished else "stopped (some checks were still running)")

    def _print(self, outcome: Outcome) -> None:
        url = Resource.objects.filter(pk=outcome.resource_id).values_list("url", flat=True).first() or "?"
        detail = f" {outcome.code}: {outcome.message}" if outcome.code else ""
        changes = f" ({outcome.changes} changes)" if outcome.changes else ""
        self.stdout.write(f"{outcome.resource_id} {url} {outcome.outcome}{changes}{detail}")
