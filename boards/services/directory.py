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


SYNC_CHUNK = 500


def _upsert_directory(boards: dict[str, BoardRef]) -> tuple[set[int], int]:
    """Create the missing resources and flag every listed one as a directory board, in bulk (27,000
    boards one by one took minutes at every start-up). Returns (their ids, how many joined)."""
    urls = list(boards)
    existing: dict[str, tuple[int, str, bool, str]] = {}
    for start in range(0, len(urls), SYNC_CHUNK):
        rows = Resource.objects.filter(url__in=urls[start : start + SYNC_CHUNK])
        for pk, url, platform, indexed, origin in rows.values_list("pk", "url", "platform", "indexed", "index_origin"):
            existing[url] = (pk, platform, indexed, origin)
    interval = current().default_check_interval_seconds
    missing = [
        Resource(
            url=url,
            platform=board.platform,
            fetch_host=board.fetch_host,
            board_key=board.key,
            company=board.company,
            options=dict(board.options),
            interval_seconds=interval,
            indexed=True,
            index_origin=IndexOrigin.DIRECTORY,
        )
        for url, board in boards.items()
        if url not in existing
    ]
    with transaction.atomic():
        # Another replica syncing at the same moment inserts the same rows: theirs stand.
        Resource.objects.bulk_create(missing, batch_size=SYNC_CHUNK, ignore_conflicts=True)
    joining = [pk for pk, _, indexed, origin in existing.values() if not indexed or origin != IndexOrigin.DIRECTORY]
    for url, (_, platform, _, _) in existing.items():
        if platform == Platform.HTML:  # read as a careers page until its line named the platform
            resource_get_or_create(board=boards[url])
    for start in range(0, len(joining), SYNC_CHUNK):
        Resource.objects.filter(pk__in=joining[start : start + SYNC_CHUNK]).update(
            indexed=True, index_origin=IndexOrigin.DIRECTORY
        )
    wanted = {pk for pk, _, _, _ in existing.values()}
    created = [url for url in urls if url not in existing]
    for start in range(0, len(created), SYNC_CHUNK):
        wanted.update(Resource.objects.filter(url__in=created[start : start + SYNC_CHUNK]).values_list("pk", flat=True))
    return wanted, len(missing) + len(joining)


def directory_sync(*, files: list[Path] | None = None) -> SyncResult:
    """Upsert every listed board as an indexed resource; un-index directory boards no longer listed.

    Idempotent. A line that is not a board URL is reported with its line number and skipped.
    Only platform boards join the directory: an arbitrary careers page is never searched by default.
    A retired board that is still listed stays retired (a watch or an operator revives it).
    """
    result = SyncResult()
    config = current()
    boards: dict[str, BoardRef] = {}
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
                boards.setdefault(board.board_url, board)
    wanted, result.added = _upsert_directory(boards)
    with transaction.atomic():
        stale = Resource.objects.filter(indexed=True)
        stale = stale.filter(index_origin=IndexOrigin.DIRECTORY) if config.index_enabled else stale
        leaving = sorted(set(stale.values_list("pk", flat=True)) - wanted)
        for start in range(0, len(leaving), SYNC_CHUNK):
            chunk = leaving[start : start + SYNC_CHUNK]
            result.removed += Resource.objects.filter(pk__in=chunk).update(indexed=False, index_origin="")
    result.indexed = len(wanted)
    for bad in result.invalid:
        logger.warning("directory: %s line %d skipped (%s): %s", bad.source, bad.line_number, bad.reason, bad.text)
    return result
