"""Any other page: a careers page read through its schema.org JobPosting JSON-LD (one request).

A page without JobPosting markup cannot be watched as such; when it links to or embeds a supported
board, the `NoJobData` error it raises carries those boards (found in the body already fetched), so
the caller can watch the board instead and report `resolved_from` without fetching the page again.
"""

from __future__ import annotations

from urllib.parse import urlunsplit

from boards.sources import payload
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request
from boards.sources.jsonld import parse_jsonld
from boards.sources.paging import first_response
from watchtower.errors import AppError

PLATFORM = "html"
MAX_REQUESTS = 1
PAGE_SPACING_MS = 0


class NoJobData(AppError):
    """The page has no JobPosting markup. `boards` lists the supported boards it points to, most
    mentioned first (empty when it points to none)."""

    def __init__(self, url: str, boards: list[BoardRef]) -> None:
        message = "this page has no schema.org JobPosting data"
        if boards:
            message += f"; it links to the board {boards[0].board_url}"
        else:
            message += " and links to no supported job board"
        super().__init__("NO_JOB_DATA", message)
        self.url = url
        self.boards = boards


def recognize(url: ParsedUrl) -> BoardRef | None:
    """Every absolute http(s) URL: the fallback of the registry."""
    if url.scheme not in {"http", "https"} or not url.hostname:
        return None
    return BoardRef(platform=PLATFORM, board_url=urlunsplit(url), fetch_host=url.hostname)


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    response = first_response(fetch, Request(board.board_url, api=False))
    postings = parse(response.body, board, base_url=response.url, content_type=response.headers.get("content-type", ""))
    if not postings:
        raise NoJobData(board.board_url, context.linked_boards(response.body, response.url or board.board_url))
    return Listing(postings=postings, complete=True, **payload.listing_validators(response))


def parse(body: bytes, board: BoardRef, *, base_url: str = "", content_type: str = "") -> list[Posting]:
    """The page's JobPostings; never raises (unreadable markup yields no postings)."""
    return parse_jsonld(body, base_url=base_url or board.board_url, content_type=content_type, company=board.company)
