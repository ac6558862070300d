"""Eightfold career sites (`acme.eightfold.ai/careers?domain=acme.com`), and the logic Microsoft's
site reuses.

`/api/pcsx/search` (allowed by Eightfold's robots.txt), newest first, 10 a request, newest 50. Some
tenants answer bursts with 429, so follow-ups wait PAGE_SPACING_MS (the check service's fetch wrapper
sleeps; `read` never does), and a refused later page keeps what was read, marked incomplete.

Tenants without PCSX answer it with 403 and serve the older `/api/apply/v2/jobs` instead, which
includes each posting's text; the LEGACY tenants are read there directly. PCSX listings carry no
text, so new jobs get one `/api/pcsx/position_details` request each.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl, quote

from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request, Response
from boards.sources.details import DETAIL_CEILING, read_details
from boards.sources.paging import Page, first_response, http_status_of, paged_read
from boards.sources.payload import identifier, iso_from_epoch, load_json, markup, text
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text
from watchtower.errors import AppError

PLATFORM = "eightfold"
PAGE_SIZE = 10
MAX_JOBS = 50
MAX_PAGES = MAX_JOBS // PAGE_SIZE
# A PCSX attempt refused with 403, then the legacy pages; plus the detail reads of new jobs.
MAX_REQUESTS = 1 + MAX_PAGES + DETAIL_CEILING
PAGE_SPACING_MS = 3000

_HOST = re.compile(r"^([\w-]+)\.eightfold\.ai$")
_NOT_TENANTS = {"www", "app", "apply", "api", "static", "cdn", "login", "status", "vs-errors"}
_DOMAIN = re.compile(r"^[\w-]+(\.[\w-]+)+$")
_POSITION_ID = re.compile(r"/job/(\d+)")

# Tenants that answer PCSX with 403 and serve the older list API, in their own (roughly newest
# first) order.
LEGACY = frozenset(
    {
        "albemarle",
        "bayer",
        "bcg",
        "fcx",
        "fluor",
        "hsbc",
        "insight",
        "libertymutual",
        "stmicroelectronics",
        "symetra",
        "vale",
    }
)
COMPANIES: dict[str, str] = {
    "caci": "CACI",
    "dsm": "dsm-firmenich",
    "eaton": "Eaton",
    "ericsson": "Ericsson",
    "infineon": "Infineon",
    "jhu": "Johns Hopkins University",
    "lamresearch": "Lam Research",
    "lockheedmartin": "Lockheed Martin",
    "lumen": "Lumen",
    "qualcomm": "Qualcomm",
    "ralliant": "Ralliant",
    "slb": "SLB",
    "starbucks": "Starbucks",
    "trinet": "TriNet",
    "ukg": "UKG",
    "vialto": "Vialto Partners",
    "vodafone": "Vodafone",
    "whirlpool": "Whirlpool",
    "albemarle": "Albemarle",
    "bayer": "Bayer",
    "bcg": "BCG",
    "fcx": "Freeport-McMoRan",
    "fluor": "Fluor",
    "hsbc": "HSBC",
    "insight": "Insight",
    "libertymutual": "Liberty Mutual",
    "stmicroelectronics": "STMicroelectronics",
    "symetra": "Symetra",
    "vale": "Vale",
}


@dataclass(frozen=True)
class Site:
    """What reading an Eightfold site needs; Microsoft's is a fixed one."""

    origin: str  # https://acme.eightfold.ai
    domain: str  # the employer domain Eightfold keys on
    company: str
    legacy: bool = False


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    match = _HOST.match(host)
    if not match or match.group(1) in _NOT_TENANTS:
        return None
    tenant = match.group(1)
    given = dict(parse_qsl(url.query)).get("domain", "").strip().lower()
    domain = given if _DOMAIN.match(given) else f"{tenant}.com"
    return BoardRef(
        platform=PLATFORM,
        board_url=f"https://{host}/careers?domain={quote(domain)}",
        fetch_host=host,
        key=tenant,
        company=COMPANIES.get(tenant) or company_from_slug(tenant),
        options={"domain": domain, "legacy": tenant in LEGACY},
    )


def site_of(board: BoardRef) -> Site:
    return Site(
        origin=f"https://{board.fetch_host}",
        domain=str(board.options["domain"]),
        company=board.company,
        legacy=bool(board.options.get("legacy")),
    )


def pcsx_url(site: Site, start: int) -> str:
    return f"{site.origin}/api/pcsx/search?domain={quote(site.domain)}&query=&location=&start={start}&sort_by=timestamp"


def legacy_url(site: Site, start: int) -> str:
    return f"{site.origin}/api/apply/v2/jobs?domain={quote(site.domain)}&start={start}&num={PAGE_SIZE}"


def details_url(site: Site, position_id: str) -> str:
    return f"{site.origin}/api/pcsx/position_details?position_id={position_id}&domain={quote(site.domain)}&hl=en"


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    return read_site(site_of(board), fetch, context)


def read_site(site: Site, fetch: Fetch, context: ReadContext) -> Listing:
    if site.legacy:
        return _read_pages(site, fetch, legacy_url)
    try:
        first = first_response(fetch, Request(pcsx_url(site, 0)))
    except AppError as exc:
        if http_status_of(exc) != 403 and exc.code != "ACCESS_DENIED":
            raise
        return _read_pages(site, fetch, legacy_url)
    listing = _read_pages(site, fetch, pcsx_url, first=_page(first, site))
    read_details(
        listing.postings,
        fetch,
        context,
        request_for=lambda posting: detail_request(posting, site),
        apply=apply_detail,
    )
    return listing


def _read_pages(site: Site, fetch: Fetch, url_for: Callable[[Site, int], str], first: Page | None = None) -> Listing:
    """PCSX or legacy pages; a refused later page (often a 429) keeps what was read, incomplete."""
    return paged_read(
        fetch,
        lambda start: Request(url_for(site, start)),
        lambda response: _page(response, site),
        page_size=PAGE_SIZE,
        max_jobs=MAX_JOBS,
        first=first,
    )


def _page(response: Response, site: Site) -> Page:
    return parse_page(load_json(response.body, PLATFORM), site)


def parse_page(data: Any, site: Site) -> Page:
    """A PCSX (`{data: {positions, count}}`) or legacy (`{positions, count}`) page. Pure."""
    if not isinstance(data, dict):
        raise AppError("PARSE_ERROR", "Eightfold answered something other than a position list")
    body = data["data"] if isinstance(data.get("data"), dict) else data
    positions = body.get("positions") or []
    postings = [posting for item in positions if isinstance(item, dict) and (posting := parse_position(item, site))]
    return Page.stated(body.get("count"), postings)


def parse_position(item: dict[str, Any], site: Site) -> Posting | None:
    job_id = _first_present(item, "displayJobId", "display_job_id", "atsJobId", "ats_job_id")
    title = text(item.get("name"))
    url = _position_url(item, site)
    if not job_id or not title or not url:
        return None
    places = [text(place) for place in item.get("locations") or [] if text(place)]
    if not places:
        places = [text(place) for place in item.get("standardizedLocations") or [] if text(place)]
    option = text(item.get("workLocationOption") or item.get("work_location_option")).lower()
    location = places[0] if places else ""
    if option.startswith("remote"):
        location = f"{location}, Remote" if location else "Remote"
    return Posting(
        id=job_id,
        title=title,
        company=site.company,
        location=location,
        other_locations=places[1:21],
        department=_department(item),
        url=url,
        posted_at=iso_from_epoch(item.get("postedTs") if item.get("postedTs") is not None else item.get("t_create")),
        description=html_to_text(markup(item.get("job_description"))),
        workplace_hint=option,
    )


def _first_present(item: dict[str, Any], *names: str) -> str:
    """The first of `names` that is present and not null; an empty value then means no id."""
    for name in names:
        if item.get(name) is not None:
            return identifier(item.get(name))
    return ""


def _position_url(item: dict[str, Any], site: Site) -> str:
    path = text(item.get("positionUrl"))
    if path:
        return site.origin + path if path.startswith("/") else path
    canonical = text(item.get("canonicalPositionUrl"))
    if canonical:
        return canonical
    position = identifier(item.get("id"))
    return f"{site.origin}/careers/job/{position}" if position.isdigit() else ""


def _department(item: dict[str, Any]) -> str:
    """A string on most tenants, a list on some (Fluor), else the business unit."""
    for name in ("department", "business_unit"):
        value = item.get(name)
        if isinstance(value, list):
            value = ", ".join(text(part) for part in value if text(part))
        if text(value):
            return text(value)
    return ""


def detail_request(posting: Posting, site: Site) -> Request | None:
    match = _POSITION_ID.search(posting.url)
    return Request(details_url(site, match.group(1))) if match else None


def apply_detail(posting: Posting, response: Response) -> None:
    parse_detail(load_json(response.body, PLATFORM)["data"], posting)


def parse_detail(data: dict[str, Any], posting: Posting) -> None:
    """A `position_details` object into an existing posting; the diffed fields stay as listed."""
    posting.description = html_to_text(markup(data.get("jobDescription")))
    option = text(data.get("workLocationOption")).lower()
    posting.workplace_hint = posting.workplace_hint or option
