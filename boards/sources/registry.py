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


def read(board: BoardRef, fetch: Fetch, context: ReadContext | None = None) -> Listing:
    """Read a board with its platform's source; a careers page without job markup names the
    boards it links to (`html.NoJobData`), found with `linked_boards`. The parse boundary: every
    posting's text is cleaned here (`payload.clean_posting`), whichever source produced it."""
    context = replace(context or ReadContext(), linked_boards=linked_boards)
    listing: Listing = source_for(board.platform).read(board, fetch, context)
    listing.postings = [clean_posting(posting) for posting in listing.postings]
    return listing


def linked_boards(body: bytes, base_url: str) -> list[BoardRef]:
    """The supported boards a page links to or embeds, most mentioned first (careers.py)."""
    return careers.find_boards(body, base_url, recognize=recognize)


def max_requests(platform: str) -> int:
    return int(getattr(source_for(platform), "MAX_REQUESTS", 1))


def page_spacing_ms(platform: str) -> int:
    return int(getattr(source_for(platform), "PAGE_SPACING_MS", 0))
