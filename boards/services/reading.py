"""Reading one board: the guarded `Fetch` a source drives, then derivation into `ParsedJob`s.

Used by the check service (inside a host lease), by watch creation's first check, and by the
`read_board` command (no database). Politeness lives in `BoardFetch`: conditional headers on the
first request, a pause before every follow-up request, the lease kept alive while paging.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field

from boards.derive import derive_job
from boards.diff import body_fingerprint
from boards.fetch.client import fetch
from boards.fingerprint import derivation_version, posting_fingerprint, source_version
from boards.job import ParsedJob
from boards.sources import registry
from boards.sources.base import BoardRef, Listing, ReadContext, Request, Response
from watchtower.config import current
from watchtower.errors import AppError

# Follow-up requests of one check wait max(min(host spacing, FOLLOW_UP_CAP_MS), the source's minimum).
FOLLOW_UP_CAP_MS = 750
# A fetch that fails this close to the end of a shortened timeout was ended by the caller's deadline.
CUT_SHORT_SLACK = 0.25


class NotModified(Exception):
    """The board answered 304 to our conditional request, or sent the very bytes it sent last
    time: nothing to do."""

    def __init__(self, status: int = 304) -> None:
        super().__init__(status)
        self.status = status


class DeadlineReached(Exception):
    """The caller's deadline (a request waiting on this read) passed before the read finished.
    Not an `AppError`: a source that pages must not take it for a failed page and carry on, and
    the check must not record it as the board's failure (the board is read again, unhurried)."""


@dataclass
class BoardFetch:
    """The `Fetch` given to a source for one check."""

    board: BoardRef
    etag: str = ""
    last_modified: str = ""
    keep_alive: Callable[[], None] | None = None  # extends the host lease before each request
    # For single-listing boards: the fingerprint of the body seen last time (skip parsing when equal).
    known_body_hash: str = ""
    body_hash: str = ""
    sleep: Callable[[float], None] = time.sleep
    deadline: float | None = None  # time.monotonic() by which the whole read must be done
    requests: int = 0
    response_etag: str = ""
    response_last_modified: str = ""

    @property
    def single_listing(self) -> bool:
        """One listing request (plus at most a plain retry): its bytes decide the whole check."""
        return registry.max_requests(self.board.platform) <= 2 and self.board.platform != "html"

    def _timeout(self) -> float | None:
        """The fetch's own deadline, shortened to what is left of ours."""
        if self.deadline is None:
            return None
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise DeadlineReached
        return min(float(current().fetch_timeout_seconds), remaining)

    @staticmethod
    def _cut_short(timeout: float | None, started: float) -> bool:
        """Whether our deadline, not the board, ended a failed fetch: it was given less than its
        own timeout and failed as that ran out (a timeout, or robots.txt found unreachable)."""
        if timeout is None or timeout >= current().fetch_timeout_seconds:
            return False
        return time.monotonic() - started >= timeout - CUT_SHORT_SLACK

    def follow_up_pause(self) -> float:
        spacing = min(current().host_min_spacing_ms, FOLLOW_UP_CAP_MS)
        return max(spacing, registry.page_spacing_ms(self.board.platform)) / 1000

    def __call__(self, request: Request) -> Response:
        first = self.requests == 0
        if not first:
            self.sleep(self.follow_up_pause())
        if self.keep_alive is not None and not first:  # the lease was just taken for the first
            self.keep_alive()
        self.requests += 1
        timeout = self._timeout()
        started = time.monotonic()
        try:
            result = fetch(
                request.url,
                method=request.method,
                headers=dict(request.headers),
                json_body=request.json_body,
                etag=self.etag if first else "",
                last_modified=self.last_modified if first else "",
                api=request.api,
                timeout=timeout,
            )
        except AppError as exc:
            if self._cut_short(timeout, started):
                raise DeadlineReached from exc
            raise
        if first:
            if result.not_modified:
                raise NotModified
            self.response_etag = result.headers.get("etag", "")
            self.response_last_modified = result.headers.get("last-modified", "")
        if not self.body_hash and self.single_listing:
            self.body_hash = body_fingerprint(result.body)
            if self.body_hash == self.known_body_hash:
                raise NotModified(status=result.status)
        return Response(
            url=result.url, status=result.status, headers=result.headers, body=result.body, elapsed=result.elapsed
        )


@dataclass
class BoardReading:
    listing: Listing
    jobs: list[ParsedJob]
    etag: str = ""
    last_modified: str = ""
    requests: int = 0
    company: str = ""
    body_hash: str = ""
    # Key → fingerprint of the posting each job was derived from (the first of a repeated key).
    fingerprints: dict[str, str] = field(default_factory=dict)
    derived: int = 0  # postings derived (the rest were known: `board_read`'s `known`)
    plain_listing: bool = False  # the plain listing was asked for directly (ReadContext.plain_listing)


def board_read(
    board: BoardRef,
    *,
    etag: str = "",
    last_modified: str = "",
    known_ids: Container[str] = frozenset(),
    keep_alive: Callable[[], None] | None = None,
    known_body_hash: str = "",
    read_details: bool = True,
    deadline: float | None = None,
    known: Mapping[str, ParsedJob] | None = None,
    plain_listing: bool = False,
) -> BoardReading:
    """Fetch and read `board`; raises `NotModified`, `DeadlineReached` (past `deadline`, a
    `time.monotonic()` value), or an `AppError` (FetchError) on failure. `known` maps posting
    fingerprints (boards/fingerprint.py) to the jobs stored for them: such a posting is not
    derived again, its stored job (the very object) stands for it."""
    fetcher = BoardFetch(
        board=board,
        etag=etag,
        last_modified=last_modified,
        keep_alive=keep_alive,
        known_body_hash=known_body_hash,
        deadline=deadline,
    )
    budget = current().detail_fetches_per_check if read_details else 0
    known = {} if known is None else known  # not `or`: a `Deferred` would be read here, before the fetch
    version = derivation_version()
    context = ReadContext(
        known_ids=known_ids,
        detail_budget=budget,
        plain_listing=plain_listing,
        known=known,
        raw_version=source_version(version),
    )
    listing = registry.read(board, fetcher, context)
    # Each posting is let go once derived: a 100,000-posting board held both lists whole.
    postings, listing.postings = listing.postings, []
    recognised, listing.recognised = listing.recognised, {}
    postings.reverse()
    jobs: list[ParsedJob] = []
    fingerprints: dict[str, str] = {}
    derived = 0
    for position in range(len(postings) + len(recognised)):
        fingerprint = recognised.get(position, "")
        if fingerprint:  # a posting the source recognised by its raw object: the stored job
            job = known[fingerprint]
        else:
            posting = postings.pop()
            fingerprint = posting.fingerprint
            if fingerprint:  # its raw object's, which the source found not in `known`
                known_job = None
            else:
                fingerprint = posting_fingerprint(posting, platform=board.platform, version=version)
                # `in`, not `get`: `known` is a Mapping (the check's is stored.Deferred), whose `get`
                # raises and catches a KeyError for every posting it does not hold.
                known_job = known[fingerprint] if fingerprint in known else None  # noqa: SIM401
            if known_job is None:
                known_job = derive_job(posting, platform=board.platform)
                derived += 1
            job = known_job
        jobs.append(job)
        fingerprints.setdefault(job.key, fingerprint)
    company = next((job.company for job in jobs if job.company), board.company)
    return BoardReading(
        listing=listing,
        jobs=jobs,
        # Validators are kept (for a conditional next check) when one response is the whole
        # listing, or when the source vouches for them: a 304 on the first page of a paged board
        # says nothing about the pages after it.
        etag=listing.etag or (fetcher.response_etag if fetcher.single_listing else ""),
        last_modified=listing.last_modified or (fetcher.response_last_modified if fetcher.single_listing else ""),
        requests=fetcher.requests,
        company=company,
        body_hash=fetcher.body_hash,
        fingerprints=fingerprints,
        derived=derived,
        plain_listing=plain_listing,
    )
