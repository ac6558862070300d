"""Reading each new job's detail endpoint once, for the platforms whose listings carry no posting text
(Workday, iCIMS, Eightfold search; SmartRecruiters can use the same helper).

Why only new jobs: a job's text rarely changes, and reading 200 detail pages on every check would
multiply the requests a board costs. Details are read when a job first appears (its id is not in
`ReadContext.known_ids`), newest first, at most `ReadContext.detail_budget` per check (and never more
than `DETAIL_CEILING`, which the sources count in MAX_REQUESTS so the host lease covers them). A
board that adds 500 jobs at once therefore fills in over several checks; once stored, the check
service carries a job's derived fields over, so they are not read again.

Detail requests go through the same `fetch` as the listing, so robots.txt, host spacing and the lease
hold. A failed detail request leaves that job without details and is not repeated; a refusal that
concerns the whole host (429, a bot challenge, robots) stops the detail reads of this check, and the
jobs not reached are tried on a later check.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from boards.sources.base import Fetch, Posting, ReadContext, Request, Response
from boards.sources.paging import http_status_of
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

# The most detail requests one check makes, whatever DETAIL_FETCHES_PER_CHECK says: part of every
# detail-reading source's MAX_REQUESTS.
DETAIL_CEILING = 50

_STOP_CODES = {"RATE_LIMITED", "BOT_CHALLENGE", "ROBOTS_DISALLOWED", "HOST_BUSY", "ACCESS_DENIED"}


def detail_limit(context: ReadContext) -> int:
    return max(0, min(context.detail_budget, DETAIL_CEILING))


def read_details(
    postings: Iterable[Posting],
    fetch: Fetch,
    context: ReadContext,
    *,
    request_for: Callable[[Posting], Request | None],
    apply: Callable[[Posting, Response], None],
) -> int:
    """Fill new postings from their detail endpoint; return the number of requests made.

    `postings` must be in newest-first order. `request_for` builds a posting's detail request (None
    to skip it); `apply` reads the response into the posting and raises AppError, ValueError,
    KeyError or TypeError when the body is not what was expected, which only skips that posting.
    """
    limit = detail_limit(context)
    made = 0
    for posting in postings:
        if made >= limit:
            break
        if posting.id in context.known_ids:
            continue
        request = request_for(posting)
        if request is None:
            continue
        made += 1
        try:
            response = fetch(request)
        except AppError as exc:
            logger.info("detail request failed", extra={"url": request.url, "code": exc.code})
            if exc.code in _STOP_CODES or http_status_of(exc) in {429, 503}:
                break  # the host pushed back: this job is retried on a later check
            posting.details_read = True  # this job's page is broken (404, …): read once, not again
            continue
        if response.status in {429, 503}:
            break
        # Read once, whatever came back: a job whose page fails is not requested on every check.
        posting.details_read = True
        if response.status >= 400:
            continue
        try:
            apply(posting, response)
        except (AppError, ValueError, KeyError, TypeError) as exc:
            logger.info("detail response not understood", extra={"url": request.url, "error": str(exc)})
    return made
