from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from watches.query import interpret


class Command(BaseCommand):
    help = 'Show how a plain-language query is read: python manage.py interpret "iOS jobs in Austin"'

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("query", nargs="+", help="The query (several arguments are joined by spaces).")

    def handle(self, *args: Any, **options: Any) -> None:
        interpretation = interpret(" ".join(options["query"]))
        self.stdout.write(json.dumps(interpretation.as_dict(), indent=2, ensure_ascii=False))
