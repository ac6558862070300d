"""The board directory: the built-in list (fixtures/boards.txt), the extended tier's lists
(`DIRECTORY=extended`: fixtures/boards-more.txt and boards-more-successfactors.txt) and
`INDEX_BOARDS_FILE`, synced into resources flagged `indexed` so every search watch covers them.

A line is a board URL, or a platform name and a URL (`successfactors https://careers.example.com`)
for a site whose URL does not reveal its platform; a `# platform: <name>` comment names the platform
of every following line until the next one (`# platform: auto` goes back to recognising by URL).
Every line that is not a board is reported with its file and line number: none is dropped silently.

`monitored_q` is the one definition of the boards a search covers (scheduler, `coverage`,
`list_companies`, /companies all use it)."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from boards.models import IndexOrigin, Platform, Resource
from boards.services.resources import resource_get_or_create
from boards.sources.base import BoardRef
from boards.sources.registry import recognize, recognize_as
from watches.models import live_watch_q
from watchtower.config import BASE_DIR, current
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

BUILT_IN_BOARDS = BASE_DIR / "fixtures" / "boards.txt"
EXTENDED_BOARDS = (BASE_DIR / "fixtures" / "boards-more.txt", BASE_DIR / "fixtures" / "boards-more-successfactors.txt")
_SECTION = re.compile(r"^#\s*platform\s*:\s*([\w-]*)\s*$", re.IGNORECASE)
_PREFIXED = re.compile(r"^([a-z][a-z0-9_-]*)\s+(\S+)$")
AUTO = "auto"


def monitored_q(now: datetime | None = None) -> Q:
    """The boards every search covers: the directory (when on; retired boards are not in it) plus
    every board a live watch follows. One definition for the scheduler, a search's `coverage`,
    `list_companies` and /companies."""
    watched = Q(pk__in=Resource.objects.filter(live_watch_q(now or timezone.now(), through="watches__")).values("pk"))
    if current().index_enabled:
        return Q(indexed=True, retired_at__isnull=True) | watched
    return watched


def monitored_resources(now: datetime | None = None) -> QuerySet[Resource]:
    return Resource.objects.filter(monitored_q(now))


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


@dataclass(frozen=True)
class BoardLine:
    line_number: int
    text: str  # the line without its comment
    url: str
    platform: str = ""  # declared by the line or its `# platform:` section; "" = recognised by URL


def read_board_lines(path: Path) -> list[BoardLine]:
    """Every non-empty line; `#` starts a comment; `# platform: <name>` opens a section."""
    entries = []
    section = ""
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        header = _SECTION.match(raw.strip())
        if header:
            section = "" if header.group(1).lower() in ("", AUTO) else header.group(1).lower()
            continue
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        prefixed = _PREFIXED.match(text)
        if prefixed and "://" not in prefixed.group(1):
            entries.append(BoardLine(number, text, prefixed.group(2), prefixed.group(1).lower()))
        else:
            entries.append(BoardLine(number, text, text, section))
    return entries


def recognize_line(line: BoardLine) -> BoardRef:
    """The board a line names; raises `AppError` with the reason when it names none."""
    board = recognize_as(line.url, line.platform) if line.platform else recognize(line.url)
    if board.platform == Platform.HTML:
        raise AppError("UNSUPPORTED_URL", "not a board on a supported platform (name its platform if it has one)")
    return board


def directory_files() -> list[Path]:
    config = current()
    files = [BUILT_IN_BOARDS]
    if config.directory == "extended":
        files.extend(EXTENDED_BOARDS)
    if config.index_boards_file:
        files.append(Path(config.index_boards_file))
    return files


def directory_sync(*, files: list[Path] | None = None) -> SyncResult:
    """Upsert every listed board as an indexed resource; un-index directory boards no longer listed.

    Idempotent. A line that is not a board URL is reported with its line number and skipped.
    Only platform boards join the directory: an arbitrary careers page is never searched by default.
    A retired board that is still listed stays retired (a watch or an operator revives it).
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
            for line in lines:
                try:
                    board = recognize_line(line)
                except AppError as exc:
                    result.invalid.append(BadLine(str(path), line.line_number, line.text, exc.message))
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
