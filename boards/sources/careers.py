"""Careers-page resolution: a page without job markup that links to or embeds a supported board.

Many companies host their careers page themselves and embed the board (a Greenhouse iframe, an
Ashby script, a "See open roles" link to Lever). Watching that page would see no jobs, so the
check service watches the board instead and says so (`resolved_from`). Every candidate URL in the
page goes through the same recognition as a watched URL (`recognize`, passed in by the registry:
`registry.linked_boards`), so each platform module decides what it recognises and this module never
needs to know the platforms.
"""

from __future__ import annotations

import html as html_lib
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable
from urllib.parse import urljoin

from boards.sources.base import BoardRef
from watchtower.errors import AppError

MAX_PAGE_CHARS = 2_000_000
MAX_CANDIDATES = 5_000

_ATTRIBUTE = re.compile(
    r"\b(?:href|src|data-src|data-href|data-url|action)\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>\"']+))",
    re.IGNORECASE,
)
# Absolute and protocol-relative URLs written anywhere (embed snippets, inline JSON, plain text).
_BARE_URL = re.compile(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}(?::\d+)?(?:/[^\s\"'<>\\`(){}]*)?")
# Lever's embed script names the account in an options object rather than in a URL.
_LEVER_EMBED = re.compile(r"leverJobsOptions\s*=\s*\{[^}]*?accountName\s*:\s*[\"']([\w-]+)[\"']", re.IGNORECASE)


def find_boards(body: bytes, base_url: str, *, recognize: Callable[[str], BoardRef]) -> list[BoardRef]:
    """The supported boards a page points to, most mentioned first (the first seen on a tie),
    one per board URL; [] when there is none. `recognize` maps a URL to its board (the registry's)."""
    markup = body[: MAX_PAGE_CHARS * 4].decode("utf-8", errors="replace")[:MAX_PAGE_CHARS]
    counts: Counter[str] = Counter()
    boards: dict[str, BoardRef] = {}
    for candidate in _candidates(markup, base_url):
        board = _board(candidate, recognize)
        if board is None:
            continue
        counts[board.board_url] += 1
        boards.setdefault(board.board_url, board)
    order = {url: index for index, url in enumerate(boards)}
    ranked = sorted(boards, key=lambda url: (-counts[url], order[url]))
    return [boards[url] for url in ranked]


def _candidates(markup: str, base_url: str) -> list[str]:
    unescaped = markup.replace("\\/", "/")
    found: list[str] = []
    attribute_spans: list[tuple[int, int]] = []
    for match in _ATTRIBUTE.finditer(unescaped):
        attribute_spans.append(match.span())
        value = html_lib.unescape(next(group for group in match.groups() if group is not None)).strip()
        if value and not value.startswith(("#", "mailto:", "tel:", "javascript:", "data:")):
            found.append(_absolute(value, base_url))
    starts = [start for start, _ in attribute_spans]
    for match in _BARE_URL.finditer(unescaped):
        # A URL already read as an attribute value is one mention, not two.
        index = bisect_right(starts, match.start()) - 1
        if index >= 0 and match.start() < attribute_spans[index][1]:
            continue
        found.append(_absolute(html_lib.unescape(match.group(0)), base_url))
    found.extend(f"https://jobs.lever.co/{name}" for name in _LEVER_EMBED.findall(unescaped))
    return found[:MAX_CANDIDATES]


def _absolute(value: str, base_url: str) -> str:
    if value.startswith("//"):
        return f"https:{value}"
    try:
        return urljoin(base_url, value)
    except ValueError:
        return ""


def _board(url: str, recognize: Callable[[str], BoardRef]) -> BoardRef | None:
    if not url.startswith(("http://", "https://")):
        return None
    try:
        board = recognize(url)
    except AppError:
        return None
    return board if board.platform != "html" else None
