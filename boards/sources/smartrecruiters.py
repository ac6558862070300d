"""SmartRecruiters job boards, read through the public Posting API, paged through every posting.

The API returns at most 100 postings a request (`offset`/`limit`) with the board's `totalFound`.
The prior implementation read only the first 100 and still called the listing complete, so a board
of 150 jobs reported 50 of them removed; here every page is read up to MAX_PAGES, and the listing is
incomplete when the cap hides jobs, a later page fails, or fewer distinct postings came back than
the board said it has (a posting published while paging shifts the pages). The list carries no
posting text, so these jobs have no salary or experience.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from boards.sources import payload
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request
from boards.sources.paging import Page, first_response, paged_read
from boards.sources.slug import company_from_slug
from watchtower.errors import AppError

PLATFORM = "smartrecruiters"
PAGE_SIZE = 100
MAX_PAGES = 20  # 2,000 postings: larger boards are read newest-first and marked incomplete
MAX_REQUESTS = MAX_PAGES
PAGE_SPACING_MS = 0

_BOARD_HOSTS = {"jobs.smartrecruiters.com", "careers.smartrecruiters.com"}
_COMPANY = re.compile(r"^[A-Za-z0-9_.-]+$")
_RESERVED = {"api", "v1", "companies", "oneclick-ui", "widget", "static", "assets", "embed", "sr-jobs"}


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    segments = [segment for segment in url.path.split("/") if segment]
    company = ""
    if host in _BOARD_HOSTS and segments:
        company = segments[0]
    elif host == "api.smartrecruiters.com" and len(segments) >= 3 and segments[:2] == ["v1", "companies"]:
        company = segments[2]
    if not company or not _COMPANY.match(company) or company.lower() in _RESERVED:
        return None
    return BoardRef(
        platform=PLATFORM,
        board_url=f"https://jobs.smartrecruiters.com/{company}",
        fetch_host="api.smartrecruiters.com",
        key=company,
        company=company_from_slug(company),
    )


def page_url(board: BoardRef, offset: int) -> str:
    return f"https://{board.fetch_host}/v1/companies/{quote(board.key)}/postings?limit={PAGE_SIZE}&offset={offset}"


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    first = first_response(fetch, Request(page_url(board, 0)))
    listing = paged_read(
        fetch,
        lambda offset: Request(page_url(board, offset)),
        lambda response: parse_page(response.body, board),
        page_size=PAGE_SIZE,
        max_jobs=MAX_PAGES * PAGE_SIZE,
        first=parse_page(first.body, board),
        restated_total=True,
    )
    return Listing(postings=listing.postings, complete=listing.complete, **payload.listing_validators(first))


def parse(body: bytes, board: BoardRef) -> list[Posting]:
    return parse_page(body, board).postings


def parse_page(body: bytes, board: BoardRef) -> Page:
    """The board's `totalFound` (the page length when it is absent) and one page's postings.

    Raises AppError("PARSE_ERROR") when the body is not a JSON object with a `content` list.
    """
    data = payload.load_json(body, PLATFORM)
    content = data.get("content") if isinstance(data, dict) else None
    if not isinstance(content, list):
        raise AppError("PARSE_ERROR", "SmartRecruiters response has no content list")
    assert isinstance(data, dict)
    postings = [posting for item in content if isinstance(item, dict) for posting in _posting(item, board)]
    total = payload.number(data.get("totalFound"))
    return Page(int(total) if total is not None and total >= 0 else len(content), postings)


def _posting(item: dict[str, Any], board: BoardRef) -> list[Posting]:
    posting_id = payload.identifier(item.get("id"))
    title = payload.text(item.get("name"))
    if not posting_id or not title:
        return []
    location = item.get("location") if isinstance(item.get("location"), dict) else {}
    department = item.get("department") if isinstance(item.get("department"), dict) else {}
    company = item.get("company") if isinstance(item.get("company"), dict) else {}
    assert isinstance(location, dict) and isinstance(department, dict) and isinstance(company, dict)
    return [
        Posting(
            id=posting_id,
            title=title,
            company=payload.text(company.get("name")) or board.company,
            location=_place(location),
            department=payload.text(department.get("label")),
            url=f"https://jobs.smartrecruiters.com/{board.key}/{quote(posting_id)}",
            posted_at=payload.text(item.get("releasedDate")) or None,
            workplace_hint=_workplace(location),
            employment_type=_label(item.get("typeOfEmployment")),
        )
    ]


def _label(value: Any) -> str:
    """A `{id, label}` object's label ("Internship")."""
    return payload.text(value.get("label")) if isinstance(value, dict) else ""


def _place(location: dict[str, Any]) -> str:
    full = payload.text(location.get("fullLocation"))
    if full:
        return full
    country = payload.text(location.get("country"))
    return payload.join_parts(
        location.get("city"), location.get("region"), country.upper() if len(country) == 2 else country
    )


def _workplace(location: dict[str, Any]) -> str:
    if location.get("hybrid") is True:
        return "hybrid"
    if location.get("remote") is True:
        return "remote"
    return ""
