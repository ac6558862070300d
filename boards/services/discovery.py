"""Growing the directory from a list of companies (SPEC §12): for each `{name, website}`, read its
careers pages for links to (or embeds of) supported boards, and failing that try the name as a
board slug on Ashby, Greenhouse and Lever. A board is kept only when the platform's listing API
answers with open jobs.

Politeness is the scheduler's: every request takes the host lease of the host it goes to (across
every process that checks boards) and releases it with HOST_MIN_SPACING_MS, so a discovery run
beside a live deployment never doubles the load on any website.

Decisions are written to a JSON file after every company, so an interrupted run resumes where it
stopped: a company is *decided* when a board was found or when every attempt got a definite
answer; one whose attempts failed transiently (timeouts, 5xx, rate limits) is tried again.
"""

from __future__ import annotations

import json
import logging
import os
import re
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urljoin, urlsplit

from django.utils import timezone

from boards.fetch.client import fetch
from boards.fetch.errors import FetchError
from boards.services.leases import host_lease, new_holder
from boards.services.reading import board_read
from boards.sources import registry
from boards.sources.base import BoardRef
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

CAREERS_PATHS = ("", "/careers", "/jobs")
NAME_GUESS_URLS = (
    "https://jobs.ashbyhq.com/{slug}",
    "https://boards.greenhouse.io/{slug}",
    "https://jobs.lever.co/{slug}",
)
# Boards linked from one company's pages worth confirming; more is a link farm, not a careers page.
MAX_LINKED_BOARDS = 5
LEASE_WAIT_LIMIT = 120.0
ABSENT_STATUSES = frozenset({404, 410})

Status = Literal["found", "none", "retry"]
How = Literal["careers_page", "name_guess"]


@dataclass(frozen=True)
class Company:
    name: str
    website: str

    @property
    def key(self) -> str:
        return f"{self.name.strip().lower()}|{self.website.strip().lower().rstrip('/')}"


@dataclass
class FoundBoard:
    url: str
    platform: str
    open_jobs: int
    how: How
    via: str  # the careers page that linked to it, or the slug that was guessed


@dataclass
class Decision:
    name: str
    website: str
    status: Status
    boards: list[FoundBoard] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    decided_at: str = ""

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class DiscoveryInputError(ValueError):
    """The companies file is not a JSON list of {name, website}."""


def companies_read(path: Path) -> list[Company]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise DiscoveryInputError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, list):
        raise DiscoveryInputError(f"{path} must hold a JSON list of {{name, website}} objects")
    companies: list[Company] = []
    seen: set[str] = set()
    for index, item in enumerate(data):
        name = item.get("name") if isinstance(item, dict) else None
        website = item.get("website") if isinstance(item, dict) else None
        if not isinstance(name, str) or not name.strip():
            raise DiscoveryInputError(f"{path}: entry {index} has no name")
        company = Company(name.strip(), website.strip() if isinstance(website, str) else "")
        if company.key not in seen:
            seen.add(company.key)
            companies.append(company)
    return companies


def name_slugs(name: str) -> list[str]:
    """Board slugs a company of this name plausibly uses: "Acme Robotics, Inc." → acmerobotics,
    acme-robotics (legal suffixes dropped, accents folded)."""
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    folded = re.sub(r"\b(inc|llc|ltd|gmbh|corp|corporation|co|sa|ag|plc|bv)\b\.?", " ", folded)
    words = re.findall(r"[a-z0-9]+", folded)
    if not words:
        return []
    slugs = ["".join(words), "-".join(words)]
    return list(dict.fromkeys(slug for slug in slugs if slug))


class Polite:
    """One request at a time per host, HOST_MIN_SPACING_MS apart, through the shared host leases;
    one holder for the whole run."""

    def __init__(self) -> None:
        self.holder = new_holder()

    @contextmanager
    def host(self, host: str, *, platform: str = "") -> Iterator[Callable[[], None]]:
        """Hold `host`'s lease for the block (`leases.host_lease`, waiting up to LEASE_WAIT_LIMIT);
        yields a keep-alive for multi-request reads."""
        with host_lease(host, wait=LEASE_WAIT_LIMIT, platform=platform, holder=self.holder) as keep_alive:
            yield keep_alive


def _careers_urls(website: str) -> list[str]:
    if not website:
        return []
    base = website if "://" in website else f"https://{website}"
    if not urlsplit(base).path:
        base += "/"
    return list(dict.fromkeys(urljoin(base, path) if path else base for path in CAREERS_PATHS))


class _Attempts:
    """Whether every answer so far was definite; a transient failure leaves the company undecided."""

    def __init__(self) -> None:
        self.transient = False
        self.notes: list[str] = []

    def failed(self, what: str, exc: AppError) -> None:
        self.notes.append(f"{what}: {exc.code} {exc.message}"[:300])
        status = getattr(exc, "http_status", None)
        if status in ABSENT_STATUSES:
            return
        if exc.code == "HOST_BUSY" or (isinstance(exc, FetchError) and exc.transient):
            self.transient = True


def _open_jobs(board: BoardRef, polite: Polite, attempts: _Attempts) -> int | None:
    """Open jobs on `board` per its listing API; None when it could not be read."""
    try:
        with polite.host(board.fetch_host, platform=board.platform) as keep_alive:
            reading = board_read(board, keep_alive=keep_alive)
    except AppError as exc:
        attempts.failed(board.board_url, exc)
        return None
    return len(reading.jobs)


def _linked_boards(company: Company, polite: Polite, attempts: _Attempts) -> Iterator[tuple[BoardRef, str]]:
    for url in _careers_urls(company.website):
        host = (urlsplit(url).hostname or "").lower()
        try:
            with polite.host(host):
                page = fetch(url)
        except AppError as exc:
            attempts.failed(url, exc)
            continue
        boards = registry.linked_boards(page.body, page.url)[:MAX_LINKED_BOARDS]
        if boards:
            for board in boards:
                yield board, url
            return


def company_discover(company: Company, *, polite: Polite | None = None) -> Decision:
    """Careers-page links first; the name as a slug only when no linked board had open jobs
    (a name guess may find another company of the same name, so it is the fallback)."""
    hosts = polite or Polite()
    attempts = _Attempts()
    found: list[FoundBoard] = []
    seen: set[str] = set()

    def consider(board: BoardRef, how: How, via: str) -> None:
        """Read a board once however many pages link to it; keep it if it has open jobs."""
        if board.board_url in seen:
            return
        seen.add(board.board_url)
        jobs = _open_jobs(board, hosts, attempts)
        if jobs:
            found.append(FoundBoard(board.board_url, board.platform, jobs, how, via))

    for board, page_url in _linked_boards(company, hosts, attempts):
        consider(board, "careers_page", page_url)
    if not found:
        for slug in name_slugs(company.name):
            for template in NAME_GUESS_URLS:
                consider(registry.recognize(template.format(slug=slug)), "name_guess", slug)
            if found:
                break
    status: Status = "found" if found else ("retry" if attempts.transient else "none")
    return Decision(
        name=company.name,
        website=company.website,
        status=status,
        boards=found,
        notes=attempts.notes,
        decided_at=timezone.now().isoformat(),
    )


def decisions_path(boards_path: Path) -> Path:
    """The record beside the boards file: boards.txt → boards.json."""
    candidate = boards_path.with_suffix(".json")
    return candidate if candidate != boards_path else boards_path.with_suffix(".discovery.json")


def decisions_read(path: Path) -> dict[str, Decision]:
    """Earlier decisions by company key; an absent or unreadable file means a fresh start."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    decisions: dict[str, Decision] = {}
    for item in data.get("companies", []) if isinstance(data, dict) else []:
        try:
            boards = [FoundBoard(**board) for board in item.get("boards", [])]
            decision = Decision(**{**item, "boards": boards})
        except TypeError:
            continue
        decisions[Company(decision.name, decision.website).key] = decision
    return decisions


def _write_atomically(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def results_write(*, boards_path: Path, decisions: dict[str, Decision]) -> int:
    """Write boards.txt (INDEX_BOARDS_FILE format: one URL a line, '#' comments) and the JSON
    record; returns how many boards the text file lists."""
    record = {
        "generated_by": "manage.py discover_boards",
        "updated_at": timezone.now().isoformat(),
        "companies": [decision.as_dict() for decision in decisions.values()],
    }
    _write_atomically(decisions_path(boards_path), json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    lines: dict[str, str] = {}
    for decision in decisions.values():
        for board in decision.boards:
            lines.setdefault(board.url, f"{board.url}  # {decision.name}: {board.how.replace('_', ' ')}")
    header = [
        "# Boards found by `python manage.py discover_boards` (read by INDEX_BOARDS_FILE).",
        f"# Each answered its platform's listing API with open jobs on {timezone.now().date().isoformat()}.",
        "# 'name guess' boards were found by company name and may belong to another company of that name.",
    ]
    _write_atomically(boards_path, "\n".join([*header, *sorted(lines.values())]) + "\n")
    return len(lines)
