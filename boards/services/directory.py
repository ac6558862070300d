"""The board directory: the built-in list (fixtures/boards.txt) plus `INDEX_BOARDS_FILE`, synced
into resources flagged `indexed` so every search watch covers them."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction

from boards.models import IndexOrigin, Platform, Resource
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
from watchtower.config import BASE_DIR, current
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

BUILT_IN_BOARDS = BASE_DIR / "fixtures" / "boards.txt"


@dataclass(frozen=True)
class BadLine:
    source: str
    line_number: int
    text: str
    reason: str


@dataclass
class SyncResult:
    indexed: int = 0
    added: int = 0
    removed: int = 0
    invalid: list[BadLine] = field(default_factory=list)


def read_board_lines(path: Path) -> list[tuple[int, str]]:
    """(line number, URL) for every non-empty line; `#` starts a comment."""
    entries = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = raw.split("#", 1)[0].strip()
        if text:
            entries.append((number, text))
    return entries


def directory_files() -> list[Path]:
    config = current()
    files = [BUILT_IN_BOARDS]
    if config.index_boards_file:
        files.append(Path(config.index_boards_file))
    return files


def directory_sync(*, files: list[Path] | None = None) -> SyncResult:
    """Upsert every listed board as an indexed resource; un-index directory boards no longer listed.

    Idempotent. A line that is not a board URL is reported with its line number and skipped.
    Only platform boards join the directory: an arbitrary careers page is never searched by default.
    """
    result = SyncResult()
    config = current()
    wanted: set[int] = set()
    if config.index_enabled:
        for path in files if files is not None else directory_files():
            try:
                lines = read_board_lines(path)
            except OSError as exc:
                result.invalid.append(BadLine(str(path), 0, "", f"cannot read file: {exc}"))
                continue
            for number, text in lines:
                try:
                    board = recognize(text)
                except AppError as exc:
                    result.invalid.append(BadLine(str(path), number, text, exc.message))
                    continue
                if board.platform == Platform.HTML:
                    result.invalid.append(BadLine(str(path), number, text, "not a board on a supported platform"))
                    continue
                resource, created = resource_get_or_create(board=board)
                result.added += int(created or not resource.indexed)
                if not resource.indexed or resource.index_origin != IndexOrigin.DIRECTORY:
                    Resource.objects.filter(pk=resource.pk).update(indexed=True, index_origin=IndexOrigin.DIRECTORY)
                wanted.add(resource.pk)
    with transaction.atomic():
        stale = Resource.objects.filter(indexed=True)
        stale = stale.filter(index_origin=IndexOrigin.DIRECTORY) if config.index_enabled else stale
        result.removed = stale.exclude(pk__in=wanted).update(indexed=False, index_origin="")
    result.indexed = len(wanted)
    for bad in result.invalid:
        logger.warning("directory: %s line %d skipped (%s): %s", bad.source, bad.line_number, bad.reason, bad.text)
    return result
