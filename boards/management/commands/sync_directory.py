from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from boards.services.directory import SHOWN_CHARS, directory_sync


class Command(BaseCommand):
    help = (
        "Upsert the board directory (fixtures/boards.txt, the extended tier's files with DIRECTORY=extended, "
        "INDEX_BOARDS_FILE) as indexed resources. Every line that is not a board is reported with its file, "
        "line number and reason; -v 2 also lists the lines naming a board an earlier line named."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        result = directory_sync()
        for bad in result.invalid:
            self.stderr.write(f"{bad.source}:{bad.line_number}: skipped ({bad.reason}): {bad.text[:SHOWN_CHARS]}")
        if options["verbosity"] >= 2:
            for duplicate in result.duplicates:
                self.stderr.write(f"{duplicate.source}:{duplicate.line_number}: duplicate ({duplicate.reason})")
        self.stdout.write(
            f"directory: {result.indexed} boards indexed, {result.added} added, "
            f"{result.removed} removed, {len(result.invalid)} lines skipped, "
            f"{len(result.duplicates)} duplicate lines (a board already listed)"
        )
