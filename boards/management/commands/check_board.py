"""`python manage.py check_board URL`: check one board now (creating its resource if needed) and
print the outcome as JSON. For operators asking "what does Watchtower see on this board?"."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from boards.services.check import resource_check
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
from watchtower.errors import AppError

# How long to wait for the board's host if a scheduled check holds it.
WAIT_FOR_HOST_SECONDS = 30.0


class Command(BaseCommand):
    help = "Check one board now and print the outcome as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("url")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            board = recognize(options["url"])
        except AppError as exc:
            self.stdout.write(json.dumps(exc.as_dict()))
            raise CommandError(exc.message) from None
        resource, created = resource_get_or_create(board=board)
        outcome = resource_check(resource_id=resource.pk, wait_for_host=WAIT_FOR_HOST_SECONDS)
        body = {
            "resource_id": resource.pk,
            "url": resource.url,
            "platform": resource.platform,
            "created": created,
            **{k: v for k, v in asdict(outcome).items() if v not in ("", None)},
        }
        self.stdout.write(json.dumps(body, indent=2))
