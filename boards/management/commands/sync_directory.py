from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from boards.services.directory import directory_sync


class Command(BaseCommand):
    help = "Upsert the built-in board directory (and INDEX_BOARDS_FILE) as indexed resources."

    def handle(self, *args: Any, **options: Any) -> None:
        result = directory_sync()
        for bad in result.invalid:
            self.stderr.write(f"{bad.source}:{bad.line_number}: skipped ({bad.reason}): {bad.text}")
        self.stdout.write(
            f"directory: {result.indexed} boards indexed, {result.added} added, "
            f"{result.removed} removed, {len(result.invalid)} lines skipped"
        )
