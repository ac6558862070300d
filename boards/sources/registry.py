"""One registry: URL → (platform, canonical board URL, how to read it).

Sources are tried in a fixed order (the first match wins); anything no platform recognises is an
`html` careers page read through schema.org JSON-LD.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from functools import cache
from types import ModuleType
from urllib.parse import urlsplit

from boards.sources import careers, html
from boards.sources.base import BoardRef, Fetch, Listing, ReadContext
from boards.sources.canonical import canonical_url
from boards.sources.payload import clean_posting
from watchtower.errors import AppError

# Order matters: specific hosts first, the own-domain SuccessFactors list last, html as fallback.
SOURCE_MODULES: tuple[str, ...] = (
    "greenhouse",
    "lever",
    "ashby",
    "workable",
    "smartrecruiters",
    "recruitee",
    "workday",
    "icims",
    "apple",
    "google",
    "amazon",
    "microsoft",
    "oracle",
    "eightfold",
    "successfactors",
)


@cache
def sources() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(f"boards.sources.{name}") for name in SOURCE_MODULES)


@cache
def _by_platform() -> dict[str, ModuleType]:
    table = {module.PLATFORM: module for module in sources()}
    table[html.PLATFORM] = html
    return table


def source_for(platform: str) -> ModuleType:
    try:
        return _by_platform()[platform]
    except KeyError:
        raise AppError("UNSUPPORTED_URL", f"unknown platform {platform!r}") from None


def recognize(url: str) -> BoardRef:
    """Map any URL (board, job detail, embed, careers page) to the board to read.

    Raises `AppError("VALIDATION_ERROR")` for something that is not an absolute http(s) URL.
    """
    canonical = canonical_url(url)
    parts = urlsplit(canonical)
    for module in sources():
        board = module.recognize(parts)
        if board is not None:
            return board
    board = html.recognize(parts)
    assert board is not None  # html accepts every http(s) URL
    return board


def recognize_as(url: str, platform: str) -> BoardRef:
    """The board at `url` when a directory line declares its platform: what `recognize` finds when
    it agrees, else the platform's `board_at` (a site its URL cannot reveal, such as a SuccessFactors
    site on a company's own domain). Raises `AppError` ("UNSUPPORTED_URL") when the platform is
    unknown, cannot be declared, or refuses the URL."""
    module = source_for(platform)
    board = recognize(url)
    if board.platform == platform:
        return board
    if board.platform != html.PLATFORM:
        raise AppError("UNSUPPORTED_URL", f"this is a {board.platform} board, not {platform}")
    board_at = getattr(module, "board_at", None)
    if board_at is None:
        raise AppError("UNSUPPORTED_URL", f"{platform} boards are recognised by their URL; this one is not")
    declared: BoardRef | None = board_at(urlsplit(canonical_url(url)))
    if declared is None:
        raise AppError("UNSUPPORTED_URL", f"not a {platform} site")
    return declared


def page_boards(body: bytes, url: str) -> list[BoardRef]:
    """The boards a fetched page *is* by its own markers (a platform's `recognize_page`), for sites
    whose URL does not tell (SuccessFactors on a company's own domain)."""
    parts = urlsplit(url)
    found = []
    for module in sources():
        recognize_page = getattr(module, "recognize_page", None)
        board = recognize_page(body, parts) if recognize_page is not None else None
        if board is not None:
            found.append(board)
    return found


def read(board: BoardRef, fetch: Fetch, context: ReadContext | None = None) -> Listing:
    """Read a board with its platform's source; a careers page without job markup names the
    boards it links to (`html.NoJobData`), found with `linked_boards`. The parse boundary: every
    posting's text is cleaned here (`payload.clean_posting`), whichever source produced it."""
    context = replace(context or ReadContext(), linked_boards=linked_boards)
    listing: Listing = source_for(board.platform).read(board, fetch, context)
    listing.postings = [clean_posting(posting) for posting in listing.postings]
    return listing


def linked_boards(body: bytes, base_url: str) -> list[BoardRef]:
    """The board a page is by its own markers (`page_boards`), then the supported boards it links
    to or embeds, most mentioned first (careers.py)."""
    itself = page_boards(body, base_url)
    linked = careers.find_boards(body, base_url, recognize=recognize)
    return itself + [board for board in linked if board.board_url not in {own.board_url for own in itself}]


def max_requests(platform: str) -> int:
    return int(getattr(source_for(platform), "MAX_REQUESTS", 1))


def page_spacing_ms(platform: str) -> int:
    return int(getattr(source_for(platform), "PAGE_SPACING_MS", 0))
