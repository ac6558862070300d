"""The shared types of the source layer: what a board is, what a platform returns, and the
callable through which a source makes its requests.

A source module (one per platform) provides:

    PLATFORM: str                      e.g. "greenhouse" (a boards.models.Platform value)
    MAX_REQUESTS: int                  most requests one check makes (sizes the host lease)
    PAGE_SPACING_MS: int               minimum pause before each follow-up request (0 = host default)
    def recognize(url: ParsedUrl) -> BoardRef | None
    def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing

and optionally, for a platform whose sites a URL cannot reveal (SuccessFactors on own domains):

    def board_at(url: ParsedUrl) -> BoardRef | None        the board when a directory line names the platform
    def recognize_page(body: bytes, url: ParsedUrl) -> BoardRef | None   the board a fetched page is, by its markers

`read` calls `fetch(Request(...))` once per request it needs. The `Fetch` given by the check service
enforces robots.txt, host spacing, the lease, body caps and conditional headers (the first request
only), and raises `FetchError` (boards.fetch.errors) on failure. A source that pages may catch a
`FetchError` on a later page and return what it read with `complete=False`; a failure of the first
request propagates. Parsing helpers (`parse(body, board) -> list[Posting]`) are pure functions.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import SplitResult

ParsedUrl = SplitResult

SalaryPeriod = Literal["year", "month", "week", "day", "hour"]
WorkplaceType = Literal["remote", "hybrid", "onsite", "unknown"]


@dataclass(frozen=True)
class BoardRef:
    """A recognised board: its platform, identity and how to reach its API."""

    platform: str
    board_url: str  # canonical public board URL: the resource identity
    fetch_host: str  # the host the requests go to (the host lease key)
    key: str = ""  # the platform's board token ("acme", a Workday "tenant/site", …)
    company: str = ""  # a display name guess from the slug; adapters may know better
    options: Mapping[str, Any] = field(default_factory=dict)  # platform-specific (region, site, …)


@dataclass(frozen=True)
class Request:
    url: str
    method: Literal["GET", "POST"] = "GET"
    json_body: Any = None
    headers: Mapping[str, str] = field(default_factory=dict)
    api: bool = True  # platform API: the larger MAX_API_BODY_BYTES cap applies


@dataclass(frozen=True)
class Response:
    url: str  # final URL after redirects
    status: int
    headers: Mapping[str, str]  # lowercased names
    body: bytes
    elapsed: float = 0.0

    def json(self) -> Any:
        import json

        return json.loads(self.body)

    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


Fetch = Callable[[Request], Response]
BoardFinder = Callable[[bytes, str], list[BoardRef]]


@dataclass(frozen=True)
class StructuredSalary:
    """Pay as a platform states it in structured fields (not parsed from text)."""

    min: float | None = None
    max: float | None = None
    currency: str | None = None
    period: SalaryPeriod | None = None


@dataclass
class Posting:
    """One posting as a source read it, before derivation. `description` is transient: it is used
    to derive salary, experience and workplace type and is never stored."""

    id: str  # platform job id; for JSON-LD the identifier, else url, else "title|location"
    title: str
    company: str = ""
    location: str = ""
    other_locations: list[str] = field(default_factory=list)
    department: str = ""
    url: str = ""
    posted_at: str | None = None  # ISO 8601 timestamp or YYYY-MM-DD
    description: str = ""  # plain text (HTML stripped)
    salary: StructuredSalary | None = None
    workplace_hint: str = ""  # a platform's own remote/hybrid/onsite field, as given
    employment_type: str = ""  # a platform's own employment type field, as given ("Intern", "FULL_TIME")
    experience_years: float | None = None  # when a platform states it in a field
    remote_scope_hints: list[str] = field(default_factory=list)  # where applicants may live (JSON-LD), as given
    partial: bool = False  # only a URL was seen (sitemaps): title from the slug, no location
    details_read: bool = False  # a detail page was read for this posting (boards/sources/details.py)
    requisition_id: str = ""  # the employer's requisition, shared by its postings (matching/identity.py)
    # The fingerprint of the raw posting this was built from (`payload.recognised_postings`), which
    # the check stores in its stead; "" when the source keeps none (the check fingerprints the
    # posting itself). Set only on a posting the source built because `ReadContext.known` does not
    # hold it (it recognises the others): the read does not look it up a second time.
    # Not in the repr: that is the posting's own fingerprint (boards/fingerprint.py).
    fingerprint: str = field(default="", repr=False)


@dataclass(frozen=True)
class ReadContext:
    """What the check service tells a source about the board's previous state (and the registry,
    how to find the boards a page links to).

    `known_ids` are the platform ids already in the open set: a source that reads detail pages
    (salary, experience, workplace) does so only for ids not in it, at most `detail_budget` per
    check, so a board that adds 500 jobs fills in over several checks.
    """

    known_ids: Container[str] = frozenset()
    detail_budget: int = 0
    # The board's enriched listing was over the API body cap lately: read the plain one directly
    # (a 100,000-posting Greenhouse board's enriched attempt read 64 MiB to drop it, every check).
    plain_listing: bool = False
    # The supported boards a page links to (body, URL), for the html source's `NoJobData`. The
    # registry passes its `linked_boards` in: only it knows every platform, and a source that
    # imported it would import itself. Without one, a page links to no board.
    linked_boards: BoardFinder = field(default=lambda _body, _url: [])
    # The fingerprints of the postings the board holds, and the version raw postings are
    # fingerprinted under (boards/fingerprint.py `source_version`; "" = none): a source whose
    # postings are JSON objects skips building the postings it holds (`payload.recognised_postings`).
    known: Container[str] = frozenset()
    raw_version: str = ""


@dataclass
class Listing:
    postings: list[Posting]
    complete: bool = True  # False when a cap or a refused page hid some jobs
    etag: str = ""
    last_modified: str = ""
    # Sources with an enriched listing (payload.fetch_enriched): whether it was the one read
    # (False: the plain one, the enriched being over the body cap or known to be). None: no such.
    enriched: bool | None = None
    # Postings the source recognised by the fingerprint of their raw object (ReadContext.known) and
    # did not build: position in the listing (the postings and these, in the board's order) → the
    # fingerprint, whose stored job stands for the posting.
    recognised: dict[int, str] = field(default_factory=dict)
