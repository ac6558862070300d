"""Reading a board in several requests: the first and follow-up requests, and `paged_read`, the one
offset loop of every source that pages (Oracle, Eightfold and Microsoft, Workday, Amazon, Apple,
SuccessFactors, SmartRecruiters). iCIMS, Google and the sitemaps use the request helpers only.

The contract (boards/sources/base.py): a failure of the first request propagates, so a board that is
down is reported as down; a failure of a later page keeps what was read and marks the listing
incomplete, so nothing unseen is ever reported as removed. `paged_read` is where that rule lives:
a source supplies its page request and its page parser, never its own loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NamedTuple

from boards.sources.base import Fetch, Listing, Posting, Request, Response
from watchtower.errors import AppError

logger = logging.getLogger(__name__)


class Page(NamedTuple):
    """One parsed listing page: the job count the board states (a parser that finds none states
    the page's own length) and the page's postings."""

    total: int
    postings: list[Posting]

    @classmethod
    def stated(cls, total: Any, postings: list[Posting]) -> Page:
        """A page whose count field holds `total`: an integer is the board's count, anything else
        (absent, null, a string) is not, and the page's own length stands in."""
        if isinstance(total, int) and not isinstance(total, bool):
            return cls(total, postings)
        return cls(len(postings), postings)


def first_response(fetch: Fetch, request: Request) -> Response:
    """The first request of a check: any failure propagates (the board is unreadable)."""
    response = fetch(request)
    if response.status >= 400:
        raise AppError(
            "UPSTREAM_ERROR", f"HTTP {response.status} from {request.url}", extra={"http_status": response.status}
        )
    return response


def later_response(fetch: Fetch, request: Request) -> Response | None:
    """A follow-up request: a refusal (429, 403, timeout…) ends paging instead of failing the check."""
    try:
        response = fetch(request)
    except AppError as exc:
        logger.info("follow-up request refused", extra={"url": request.url, "code": exc.code})
        return None
    if response.status >= 400:
        logger.info("follow-up request failed", extra={"url": request.url, "status": response.status})
        return None
    return response


def http_status_of(exc: AppError) -> int | None:
    """The upstream HTTP status of a fetch failure (FetchError.http_status, or our own extra)."""
    status = getattr(exc, "http_status", None)
    if isinstance(status, int):
        return status
    extra = exc.extra.get("http_status")
    return extra if isinstance(extra, int) else None


def paged_read(
    fetch: Fetch,
    request_for: Callable[[int], Request],
    parse: Callable[[Response], Page],
    *,
    page_size: int | None,
    max_jobs: int,
    max_pages: int | None = None,
    first: Page | None = None,
    restated_total: bool = False,
) -> Listing:
    """Every page of a listing, newest first, up to `max_jobs` (and `max_pages` requests).

    `request_for(offset)` is the request for the page that starts at job `offset` (0 for the first);
    `parse(response)` reads one page and raises AppError when it cannot. The offset steps by
    `page_size`, or by the first page's length when the platform decides it (`None`). A source that
    had to look at its first page already (to choose a fallback) passes it as `first`.

    The stated total is the first page's (later pages may state 0: Workday), or with
    `restated_total` the latest page's (SmartRecruiters restates `totalFound` on every page, so a
    board that shrank while paging is still read whole). Paging ends at the total, the cap, an empty
    page, or a later page that is refused or unreadable. The listing is complete only when the total
    is within the cap, no later page failed, and at least as many distinct postings (the first of
    each id is kept) came back as the board says it has: a posting published while paging shifts
    the pages, and what was not seen must not count as removed.
    """
    if first is None:
        first = parse(first_response(fetch, request_for(0)))
    total = first.total
    step = page_size or len(first.postings)
    jobs: dict[str, Posting] = {}
    _keep(jobs, first.postings)
    failed = False
    offset, pages = step, 1
    while step > 0 and offset < min(total, max_jobs) and (max_pages is None or pages < max_pages):
        page = _later_page(fetch, request_for(offset), parse)
        pages += 1
        if page is None:
            failed = True
            break
        if restated_total:
            total = page.total
        if not page.postings:
            break
        _keep(jobs, page.postings)
        offset += step
    complete = not failed and total <= max_jobs and len(jobs) >= min(total, max_jobs)
    return Listing(postings=list(jobs.values()), complete=complete)


def _later_page(fetch: Fetch, request: Request, parse: Callable[[Response], Page]) -> Page | None:
    """A follow-up page, or None when it was refused or cannot be read."""
    response = later_response(fetch, request)
    if response is None:
        return None
    try:
        return parse(response)
    except AppError as exc:
        logger.info("follow-up page unreadable", extra={"url": request.url, "code": exc.code})
        return None


def _keep(jobs: dict[str, Posting], postings: list[Posting]) -> None:
    for posting in postings:
        jobs.setdefault(posting.id, posting)
