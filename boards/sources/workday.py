"""Workday: the site's own CXS search endpoint, JSON POST, newest first, 20 a page, newest 200.

Board URL shapes: `https://acme.wd5.myworkdayjobs.com/[en-US/]Careers[/job/…]` and
`https://wd3.myworkdaysite.com/[en-US/]recruiting/acme/External[/…]`; the CXS API path
`/wday/cxs/{tenant}/{site}/…` on either host maps back to its site too.

The list carries only title, location text, a relative "Posted 3 Days Ago" (never kept: it would
change every day without the job changing) and the requisition id. New jobs get one detail request
each (`GET /wday/cxs/{tenant}/{site}{externalPath}`), which gives the posting text, the absolute
posting date, the remote type and the further locations.
"""

from __future__ import annotations

import re
from typing import Any

from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request, Response
from boards.sources.details import DETAIL_CEILING, read_details
from boards.sources.paging import Page, paged_read
from boards.sources.payload import iso_date_prefix, load_json, markup, others, text
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text
from watchtower.errors import AppError

PLATFORM = "workday"
PAGE_SIZE = 20
MAX_JOBS = 200
MAX_PAGES = MAX_JOBS // PAGE_SIZE
MAX_REQUESTS = MAX_PAGES + DETAIL_CEILING
PAGE_SPACING_MS = 0

_JOBS_HOST = re.compile(r"^([\w-]+)\.(wd\d+)\.myworkdayjobs\.com$")
_SITE_HOST = re.compile(r"^wd\d+\.myworkdaysite\.com$")
_LOCALE = re.compile(r"^[a-z]{2}-[a-z]{2}$", re.IGNORECASE)
_NAME = re.compile(r"^[\w.-]+$")
_N_LOCATIONS = re.compile(r"^(\d+)\s+locations$", re.IGNORECASE)


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    segments = [segment for segment in url.path.split("/") if segment]
    if len(segments) >= 4 and segments[0] == "wday" and segments[1] == "cxs":
        tenant, site = segments[2], segments[3]
        return _board(host, tenant, site) if _NAME.match(tenant) and _NAME.match(site) else None
    if segments and _LOCALE.match(segments[0]):
        segments = segments[1:]
    jobs_host = _JOBS_HOST.match(host)
    if jobs_host:
        if not segments or not _NAME.match(segments[0]) or segments[0] == "wday":
            return None
        return _board(host, jobs_host.group(1), segments[0])
    if _SITE_HOST.match(host):
        if len(segments) < 3 or segments[0] != "recruiting":
            return None
        tenant, site = segments[1], segments[2]
        return _board(host, tenant, site) if _NAME.match(tenant) and _NAME.match(site) else None
    return None


def _board(host: str, tenant: str, site: str) -> BoardRef | None:
    if _JOBS_HOST.match(host):
        site_url = f"https://{host}/{site}"
    elif _SITE_HOST.match(host):
        site_url = f"https://{host}/recruiting/{tenant}/{site}"
    else:
        return None
    return BoardRef(
        platform=PLATFORM,
        board_url=site_url,
        fetch_host=host,
        key=f"{tenant}/{site}",
        company=company_from_slug(tenant),
        options={"tenant": tenant, "site": site},
    )


def api_url(board: BoardRef) -> str:
    return f"https://{board.fetch_host}/wday/cxs/{board.options['tenant']}/{board.options['site']}/jobs"


def page_body(offset: int) -> dict[str, Any]:
    return {"appliedFacets": {}, "limit": PAGE_SIZE, "offset": offset, "searchText": ""}


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    url = api_url(board)
    listing = paged_read(
        fetch,
        lambda offset: Request(url, method="POST", json_body=page_body(offset)),
        lambda response: search_page(load_json(response.body, PLATFORM), board),
        page_size=PAGE_SIZE,
        max_jobs=MAX_JOBS,
    )
    read_details(listing.postings, fetch, context, request_for=lambda p: detail_request(p, board), apply=apply_detail)
    return listing


def search_page(data: Any, board: BoardRef) -> Page:
    """One CXS search response → its `total` and postings. Pure; PARSE_ERROR unless an object.

    Only the first page's total is used (paged_read): later pages may report 0."""
    if not isinstance(data, dict):
        raise AppError("PARSE_ERROR", "Workday answered something other than a job list")
    postings = parse_page(data, board)
    return Page.stated(data.get("total"), postings)


def parse_page(data: dict[str, Any], board: BoardRef) -> list[Posting]:
    """One CXS search page → postings. Pure."""
    site_url = board.board_url
    postings = []
    for item in data.get("jobPostings") or []:
        if not isinstance(item, dict):
            continue
        title = text(item.get("title"))
        path = text(item.get("externalPath"))
        if not title or not path.startswith("/"):
            continue
        postings.append(
            Posting(
                id=job_id(item),
                title=title,
                company=board.company,
                location=_location(text(item.get("locationsText")), path),
                url=site_url + path,
                requisition_id=requisition_of(job_id(item)),
            )
        )
    return postings


_REPOST_SUFFIX = re.compile(r"^(.*\d.*)-\d{1,2}$")


def requisition_of(posting_id: str) -> str:
    """The requisition a posting id belongs to: one requisition posted again, or in another city,
    gets the id with a "-1", "-2" suffix ("JR2010933-2"); an id whose rest has no digit ("R-12")
    is the requisition itself."""
    found = _REPOST_SUFFIX.match(posting_id)
    return found.group(1) if found else posting_id


def job_id(item: dict[str, Any]) -> str:
    """The requisition id at the end of `externalPath` ("…_JR2010933", "…_R-12345-1").

    Preferred to `bulletFields[0]`: one requisition posted twice has two paths with distinct
    suffixes, and some tenants put a location or time type first in `bulletFields`.
    """
    path = text(item.get("externalPath"))
    tail = path.rsplit("/", 1)[-1]
    if "_" in tail:
        suffix = tail.rsplit("_", 1)[1]
        if suffix:
            return suffix
    for field in item.get("bulletFields") or []:
        if text(field):
            return text(field)
    return path


def _location(location: str, path: str) -> str:
    """ "3 Locations" says nothing: name the place in the path and count the rest."""
    many = _N_LOCATIONS.match(location)
    if not many:
        return location
    parts = path.split("/")
    place = parts[2].replace("-", " ").strip() if len(parts) > 2 else ""
    if not place:
        return location
    return f"{place} (+{int(many.group(1)) - 1} more)"


def detail_request(posting: Posting, board: BoardRef) -> Request | None:
    if not posting.url.startswith(board.board_url + "/"):
        return None
    path = posting.url[len(board.board_url) :]
    base = f"https://{board.fetch_host}/wday/cxs/{board.options['tenant']}/{board.options['site']}"
    return Request(base + path, headers={"accept": "application/json"})


def apply_detail(posting: Posting, response: Response) -> None:
    info = load_json(response.body, PLATFORM)["jobPostingInfo"]
    parse_detail(info, posting)


def parse_detail(info: dict[str, Any], posting: Posting) -> None:
    """A `jobPostingInfo` object into an existing posting. Title, location and url are left alone,
    so a job's diffed fields do not depend on whether its details were read."""
    posting.description = html_to_text(markup(info.get("jobDescription")))
    posting.posted_at = posting.posted_at or iso_date_prefix(info.get("startDate"))
    posting.workplace_hint = posting.workplace_hint or text(info.get("remoteType"))
    posting.employment_type = posting.employment_type or text(info.get("timeType"))
    if not posting.other_locations:
        additional = [text(place) for place in info.get("additionalLocations") or []]
        posting.other_locations = others(text(info.get("location")) or posting.location, additional)
