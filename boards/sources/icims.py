"""iCIMS (`careers-acme.icims.com`): the sitemap lists every open job; the first search page names
the newest ~50 properly.

1. `GET /sitemap.xml`: every open job's id and title slug, in one request. Jobs seen only here are
   `partial` (title from the slug, no location); the check service carries earlier full versions
   over, and a partial job becoming full is not an update.
2. `GET /jobs/search?ss=1&in_iframe=1`: real titles, locations and dates of the newest jobs. Any
   failure here only loses that enrichment.
3. New jobs of the search page get their job page read once (`{job url}?in_iframe=1`) for the
   posting text and pay, from its schema.org JobPosting, else from the page's job content block.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from lxml import html as lxml_html
from lxml.etree import ParserError

from boards.sources.base import (
    BoardRef,
    Fetch,
    Listing,
    ParsedUrl,
    Posting,
    ReadContext,
    Request,
    Response,
    SalaryPeriod,
    StructuredSalary,
)
from boards.sources.details import DETAIL_CEILING, read_details
from boards.sources.paging import later_response
from boards.sources.payload import markup, text
from boards.sources.sitemap import read_sitemap, sitemap_locs
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text

PLATFORM = "icims"
MAX_REQUESTS = 2 + 4 + DETAIL_CEILING  # sitemap (+ up to 4 children of an index), search page, details
PAGE_SPACING_MS = 0

_HOST = re.compile(r"^([\w-]+)\.icims\.com$")
_NOT_BOARDS = {"www", "community", "careers", "cdn13", "media", "help", "support", "developer", "developers"}
_JOB_PATH = re.compile(r"/jobs/(\d+)/([^/]*)/job\b")
_WORD_START = re.compile(r"(^|[\s(\[/])([a-z])")
_US_DATE = re.compile(r"^\s*(\d{1,2})/(\d{1,2})/(\d{4})\b")
_PERIODS: dict[str, SalaryPeriod] = {"YEAR": "year", "MONTH": "month", "WEEK": "week", "DAY": "day", "HOUR": "hour"}
_VISIBLE_TEXT = './/text()[not(ancestor::span[contains(concat(" ", normalize-space(@class), " "), " sr-only ")])]'


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    match = _HOST.match(host)
    if not match or match.group(1) in _NOT_BOARDS:
        return None
    label = match.group(1)
    slug = label.removeprefix("careers-") or label
    return BoardRef(
        platform=PLATFORM,
        board_url=f"https://{host}/jobs",
        fetch_host=host,
        key=label,
        company=company_from_slug(slug),
    )


def sitemap_url(board: BoardRef) -> str:
    return f"https://{board.fetch_host}/sitemap.xml"


def search_url(board: BoardRef) -> str:
    return f"https://{board.fetch_host}/jobs/search?ss=1&in_iframe=1"


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    sitemap = read_sitemap(sitemap_url(board), fetch)
    listed = parse_sitemap_urls(sitemap.urls, board)
    searched: list[Posting] = []
    response = later_response(fetch, Request(search_url(board), api=False))
    if response is not None:
        searched = parse_search(response.body, board)
    postings = merge(listed, searched)
    # Without sitemap jobs only the first search page was seen: not every open job.
    listing = Listing(postings=postings, complete=bool(listed) and sitemap.complete)
    # Only full (searched) jobs: a sitemap-only job stays partial, and partial jobs never count as
    # known, so reading its page would repeat on every check.
    read_details(searched, fetch, context, request_for=detail_request, apply=apply_detail)
    return listing


def parse_sitemap(body: bytes, board: BoardRef) -> list[Posting]:
    return parse_sitemap_urls(sitemap_locs(body), board)


def parse_sitemap_urls(urls: list[str], board: BoardRef) -> list[Posting]:
    """Job URLs → partial postings; the first URL of an id wins (the `?mode=apply` copy follows)."""
    postings: dict[str, Posting] = {}
    for url in urls:
        match = _JOB_PATH.search(urlsplit(url).path)
        if not match or match.group(1) in postings:
            continue
        title = title_from_slug(match.group(2))
        if title:
            postings[match.group(1)] = Posting(
                id=match.group(1), title=title, company=board.company, url=url, partial=True
            )
    return list(postings.values())


def title_from_slug(slug: str) -> str:
    """`systems-administration---active-directory` → `Systems Administration - Active Directory`."""
    words = unquote(slug).replace("\u00a0", " ").replace("---", " \u2013 ").replace("-", " ")
    words = " ".join(words.replace("\u2013", "-").split())
    return _WORD_START.sub(lambda match: match.group(1) + match.group(2).upper(), words)


def parse_search(body: bytes, board: BoardRef) -> list[Posting]:
    """The search page's job cards → full postings, in page order (newest first). Pure."""
    try:
        root = lxml_html.document_fromstring(body)
    except (ParserError, ValueError):
        return []
    postings: dict[str, Posting] = {}
    for anchor in root.xpath('//a[contains(concat(" ", normalize-space(@class), " "), " iCIMS_Anchor ")][@href]'):
        href = anchor.get("href", "")
        match = _JOB_PATH.search(urlsplit(href).path)
        if not match or match.group(1) in postings:
            continue
        heading = anchor.xpath(".//h3")
        shown = heading[0].xpath(".//text()") if heading else anchor.xpath(_VISIBLE_TEXT)
        title = " ".join("".join(shown).split())
        if not title:
            continue
        card = _card(anchor)
        location = ""
        posted_at = None
        if card is not None:
            spans = card.xpath(
                './/*[contains(concat(" ", normalize-space(@class), " "), " header ") and '
                'contains(concat(" ", normalize-space(@class), " "), " left ")]'
                '//span[not(contains(concat(" ", normalize-space(@class), " "), " sr-only "))]'
            )
            location = " ".join(spans[0].text_content().split()) if spans else ""
            dated = card.xpath(
                './/*[contains(concat(" ", normalize-space(@class), " "), " header ") and '
                'contains(concat(" ", normalize-space(@class), " "), " right ")]//span[@title]'
            )
            posted_at = _us_date(dated[0].get("title", "")) if dated else None
        parts = urlsplit(href)
        url = urlunsplit((parts.scheme or "https", parts.netloc or board.fetch_host, parts.path, "", ""))
        postings[match.group(1)] = Posting(
            id=match.group(1), title=title, company=board.company, location=location, url=url, posted_at=posted_at
        )
    return list(postings.values())


def _card(anchor: Any) -> Any:
    for ancestor in anchor.iterancestors():
        classes = f" {ancestor.get('class', '')} "
        if ancestor.tag in {"li", "tr"} or " iCIMS_JobCardItem " in classes:
            return ancestor
    return None


def _us_date(value: str) -> str | None:
    """ "9/29/2026 3:15 PM" → "2026-09-29"."""
    match = _US_DATE.match(value)
    if not match:
        return None
    month, day, year = (int(part) for part in match.groups())
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def merge(listed: list[Posting], searched: list[Posting]) -> list[Posting]:
    """Sitemap order; a search row replaces the sitemap entry of its id, new ids are appended."""
    result = {posting.id: posting for posting in listed}
    for posting in searched:
        result[posting.id] = posting
    return list(result.values())


def detail_request(posting: Posting) -> Request | None:
    if not posting.url:
        return None
    parts = urlsplit(posting.url)
    return Request(urlunsplit((parts.scheme, parts.netloc, parts.path, "in_iframe=1", "")), api=False)


def apply_detail(posting: Posting, response: Response) -> None:
    parse_detail(response.body, posting)


def parse_detail(body: bytes, posting: Posting) -> None:
    """A job page → the posting's text, pay, date and workplace. Title and location stay as listed."""
    root = lxml_html.document_fromstring(body)
    job = _job_posting(root)
    if job is not None:
        posting.description = html_to_text(markup(job.get("description")))
        posting.salary = posting.salary or _salary(job.get("baseSalary"))
        posting.posted_at = posting.posted_at or (text(job.get("datePosted"))[:10] or None)
        if "TELECOMMUTE" in json.dumps(job.get("jobLocationType", "")).upper():
            posting.workplace_hint = posting.workplace_hint or "remote"
    if not posting.description:
        blocks = root.xpath(
            '//*[contains(concat(" ", normalize-space(@class), " "), " iCIMS_JobContent ") or '
            'contains(concat(" ", normalize-space(@class), " "), " iCIMS_InfoMsg_Job ")]'
        )
        posting.description = "\n".join(html_to_text(lxml_html.tostring(block, encoding="unicode")) for block in blocks)


def _job_posting(root: Any) -> dict[str, Any] | None:
    for script in root.xpath('//script[@type="application/ld+json"]'):
        try:
            data = json.loads(script.text_content().strip().removeprefix("<!--").removesuffix("-->"))
        except ValueError:
            continue
        nodes = data if isinstance(data, list) else (data.get("@graph") or [data]) if isinstance(data, dict) else []
        for node in nodes:
            if isinstance(node, dict) and "JobPosting" in json.dumps(node.get("@type", "")):
                return node
    return None


def _salary(value: Any) -> StructuredSalary | None:
    """schema.org `baseSalary` (MonetaryAmount with a QuantitativeValue) → structured pay."""
    if isinstance(value, list):
        value = value[0] if value else None
    if not isinstance(value, dict):
        return None
    amount = value.get("value")
    quantity = amount if isinstance(amount, dict) else {"value": amount}
    low = _number(quantity.get("minValue"))
    high = _number(quantity.get("maxValue"))
    single = _number(quantity.get("value"))
    if low is None and high is None:
        low = high = single
    if low is None and high is None:
        return None
    unit = text(quantity.get("unitText") or value.get("unitText")).upper()
    period = _PERIODS.get(unit)
    return StructuredSalary(min=low, max=high, currency=text(value.get("currency")).upper() or None, period=period)


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.replace(",", "").strip())
        except ValueError:
            return None
    return None
