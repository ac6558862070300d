"""The board directory: the built-in list (fixtures/boards.txt), the extended tier's lists
(`DIRECTORY=extended`: fixtures/boards-more.txt and boards-more-successfactors.txt) and
`INDEX_BOARDS_FILE`, synced into resources flagged `indexed` so every search watch covers them.

A line is a board URL, or a platform name and a URL (`successfactors https://careers.example.com`)
for a site whose URL does not reveal its platform; a `# platform: <name>` comment names the platform
of every following line until the next one (`# platform: auto` goes back to recognising by URL).
Every line that is not a board is reported with its file and line number: none is dropped silently.
Lines are what an editor numbers: ended by "\n" (a "\r" before it dropped), UTF-8 (a BOM at the
start ignored), each decoded on its own so one bad byte costs its line only. A line's URL passes the
fetch layer's static address rules (boards/fetch/guard.py: no credentials, no private or metadata
address, no internal name) before it is recognised: a line naming its platform decides the host
a check will fetch, so the rules that would refuse it at fetch time refuse it here, by line.
A line naming a board already listed is counted as a duplicate (`SyncResult.duplicates`).

`monitored_q` is the one definition of the boards a search covers (scheduler, `coverage`,
`list_companies`, /companies all use it); `uncovered_forget` keeps the jobs a search reads to
those boards (maintenance)."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from boards.fetch import guard
from boards.models import IndexOrigin, Job, Platform, Resource
from boards.services.resources import FORGOTTEN_FIELDS, board_fitted, resource_get_or_create, resource_jobs_forget
from boards.sources.base import BoardRef
from boards.sources.registry import recognize, recognize_as
from watches.models import live_watch_q
from watchtower.config import BASE_DIR, current
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

BUILT_IN_BOARDS = BASE_DIR / "fixtures" / "boards.txt"
EXTENDED_BOARDS = (BASE_DIR / "fixtures" / "boards-more.txt", BASE_DIR / "fixtures" / "boards-more-successfactors.txt")
_SECTION = re.compile(r"^#\s*platform\s*:\s*([\w-]*)\s*$", re.IGNORECASE)
_PREFIXED = re.compile(r"^([a-z][a-z0-9_-]*)\s+(\S+)$", re.IGNORECASE)
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


# A board read this recently keeps its jobs though nothing covers it: a watch being created reads
# its board first and writes the watch after.
UNCOVERED_GRACE = timedelta(minutes=10)


def uncovered_forget(*, now: datetime) -> int:
    """Boards that left `monitored_q` (their last watch deleted or expired, the directory turned off
    or no longer listing them) forget their jobs, as a retired board does; returns how many.

    A search reads every stored job, and nobody checks such a board any longer: without this, its
    last-read jobs stayed in every search (a deleted watch's row, and so its board, is kept 30
    days) while `coverage`, `list_companies` and /companies no longer counted it."""
    stored_jobs = Exists(Job.objects.filter(resource=OuterRef("pk")))
    read_before = Q(last_checked_at__lt=now - UNCOVERED_GRACE) | Q(last_checked_at__isnull=True)
    candidates = list(
        Resource.objects.exclude(monitored_q(now)).filter(read_before).filter(stored_jobs).values_list("pk", flat=True)
    )
    forgotten = 0
    for start in range(0, len(candidates), SYNC_CHUNK):
        with transaction.atomic():
            # Asked again in the transaction that writes: a watch may have come for one meanwhile.
            chunk = Resource.objects.filter(pk__in=candidates[start : start + SYNC_CHUNK]).exclude(monitored_q(now))
            ids = list(chunk.values_list("pk", flat=True))
            Resource.objects.filter(pk__in=ids).update(**FORGOTTEN_FIELDS)
            resource_jobs_forget(ids)
            forgotten += len(ids)
    return forgotten


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
    # Lines naming a board an earlier line named (the reason says which): loaded once.
    duplicates: list[BadLine] = field(default_factory=list)


@dataclass(frozen=True)
class BoardLine:
    line_number: int
    text: str  # the line without its comment
    url: str
    platform: str = ""  # declared by the line or its `# platform:` section; "" = recognised by URL
    problem: str = ""  # why the line cannot be read at all (not UTF-8)


def _raw_lines(path: Path) -> list[tuple[int, str, str]]:
    """(number, text, problem) of every line as an editor numbers them: split on "\n" only (not on
    the lone "\r", form feeds or Unicode separators `str.splitlines` also breaks at, which would
    shift every later number), one "\r" before it dropped, a UTF-8 BOM at the start ignored."""
    data = path.read_bytes()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines = []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        raw = raw[:-1] if raw.endswith(b"\r") else raw
        try:
            lines.append((number, raw.decode("utf-8"), ""))
        except UnicodeDecodeError as exc:
            lines.append((number, raw.decode("utf-8", errors="replace"), f"not UTF-8 (byte {exc.start + 1})"))
    return lines


def read_board_lines(path: Path) -> list[BoardLine]:
    """Every non-empty line; `#` starts a comment; `# platform: <name>` opens a section."""
    entries = []
    section = ""
    for number, raw, problem in _raw_lines(path):
        header = _SECTION.match(raw.strip())
        if header:
            section = "" if header.group(1).lower() in ("", AUTO) else header.group(1).lower()
            continue
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue  # blank, or a comment (whatever its encoding)
        if problem:
            entries.append(BoardLine(number, text, "", section, problem))
            continue
        prefixed = _PREFIXED.match(text)
        if prefixed and "://" not in prefixed.group(1):
            entries.append(BoardLine(number, text, prefixed.group(2), prefixed.group(1).lower()))
        else:
            entries.append(BoardLine(number, text, text, section))
    return entries


def recognize_line(line: BoardLine) -> BoardRef:
    """The board a line names; raises `AppError` with the reason when it names none."""
    if line.problem:
        raise AppError("VALIDATION_ERROR", line.problem)
    return directory_board(line.url, platform=line.platform)


def directory_board(url: str, *, platform: str = "") -> BoardRef:
    """The board at `url` (on `platform` when named) that may join the directory, from a file's line
    or the admin's form; raises `AppError` with the reason when there is none."""
    _check_address(url)
    board = recognize_as(url, platform) if platform else recognize(url)
    if board.platform == Platform.HTML:
        raise AppError("UNSUPPORTED_URL", "not a board on a supported platform (name its platform if it has one)")
    _check_address(board.board_url)
    return board_fitted(board)


def _check_address(url: str) -> None:
    """The fetch layer's static rules (no DNS), and a host written in ASCII: the same site under its
    Unicode and its IDNA name would be two boards, and a name that only folds to ASCII
    ("ｅｘａｍｐｌｅ.com") is how a host is disguised."""
    try:
        target = guard.check_url(url, guard.Policy(allow_private=current().allow_private_networks))
    except AppError as exc:
        raise AppError("UNSUPPORTED_URL", f"refused: {exc.message}") from None
    written = url.split("://", 1)[-1].split("/", 1)[0].split("?", 1)[0].rsplit("@", 1)[-1]
    if not written.isascii():
        raise AppError("UNSUPPORTED_URL", f"write the host in its ASCII form ({target.host})")


def directory_files() -> list[Path]:
    config = current()
    files = [BUILT_IN_BOARDS]
    if config.directory == "extended":
        files.extend(EXTENDED_BOARDS)
    if config.index_boards_file:
        files.append(Path(config.index_boards_file))
    return files


SYNC_CHUNK = 500
SHOWN_CHARS = 300  # of a reported line (an over-long line is reported, not printed whole)


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
    first_named: dict[str, str] = {}
    unreadable = False
    if config.index_enabled:
        for path in files if files is not None else directory_files():
            try:
                lines = read_board_lines(path)
            except OSError as exc:
                result.invalid.append(BadLine(str(path), 0, "", f"cannot read file: {exc}"))
                unreadable = True
                continue
            for line in lines:
                try:
                    board = recognize_line(line)
                except AppError as exc:
                    result.invalid.append(BadLine(str(path), line.line_number, line.text, exc.message))
                    continue
                if board.board_url in boards:
                    reason = f"the board of {first_named[board.board_url]}"
                    result.duplicates.append(BadLine(str(path), line.line_number, line.text, reason))
                    continue
                boards[board.board_url] = board
                first_named[board.board_url] = f"{path}:{line.line_number}"
    wanted, result.added = _upsert_directory(boards)
    if unreadable:
        # A file that could not be read this time lists boards we cannot tell apart from those no
        # file lists any longer: none leaves the directory until every file reads again.
        logger.warning("directory: a file could not be read; no board leaves the directory this sync")
        result.indexed = len(wanted)
        _report(result)
        return result
    with transaction.atomic():
        stale = Resource.objects.filter(indexed=True)
        stale = stale.filter(index_origin=IndexOrigin.DIRECTORY) if config.index_enabled else stale
        leaving = sorted(set(stale.values_list("pk", flat=True)) - wanted)
        for start in range(0, len(leaving), SYNC_CHUNK):
            chunk = leaving[start : start + SYNC_CHUNK]
            result.removed += Resource.objects.filter(pk__in=chunk).update(indexed=False, index_origin="")
    result.indexed = len(wanted)
    _report(result)
    return result


def _report(result: SyncResult) -> None:
    for bad in result.invalid:
        logger.warning(
            "directory: %s line %d skipped (%s): %s", bad.source, bad.line_number, bad.reason, bad.text[:SHOWN_CHARS]
        )
    if result.duplicates:
        logger.info("directory: %d lines name a board an earlier line named", len(result.duplicates))
