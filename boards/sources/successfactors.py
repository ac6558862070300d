"""SAP SuccessFactors Career Site Builder sites on the company's own domain (`careers.paramount.com`).

There is no JSON API: the date-sorted search page (`/search/?…&sortColumn=referencedate&sortDirection=desc`)
is read, tiles or table layout, page after page (the step is the first page's size, usually 25), newest
200 at most. Themes that render results with JavaScript leave that page empty; then `/sitemap.xml`
lists every open job in one request: on some sites it is an RSS feed with title, location, category
and posting text, otherwise job URLs only (`partial` jobs, title from the slug).

A Career Site Builder site on a company's own domain cannot be told from any other careers page by
its URL. It is recognised three ways: the hosts listed here and any `*.jobs2web.com` host (by URL);
a directory line that names the platform (`successfactors https://careers.example.com`, see
docs/platforms.md: `board_at`); and, for a watched URL on any other domain, by the page's own markers
on its first read (`recognize_page`: Career Site Builder's `/platform/js/j2w/` scripts, its
`rmkcdn.successfactors.com` stylesheets and scripts, the `coreCSB` body class, `j2w.init(`).
The older Recruiting Marketing pages (`career4.successfactors.com/career?company=…`) are another
product of the same platform, recognised by their URL and read through their XML job feed
(successfactors_rmk.py).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from urllib.parse import unquote, urlsplit

from lxml import etree
from lxml import html as lxml_html
from lxml.etree import ParserError

from boards.sources import successfactors_rmk
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request
from boards.sources.paging import Page, first_response, paged_read
from boards.sources.sitemap import read_sitemap
from boards.sources.text import html_to_text
from watchtower.errors import AppError

PLATFORM = "successfactors"
MAX_JOBS = 200
MAX_PAGES = 8
MAX_REQUESTS = MAX_PAGES  # search pages; or one search page, the sitemap and up to 4 child sitemaps; or one feed
PAGE_SPACING_MS = 0

_JOB_HREF = re.compile(r"^(/[\w-]+)?/job/([^/]+)/(\d+)/?$")
_TOTAL = re.compile(r"of\s*([\d,.]+)", re.IGNORECASE)
_ENGLISH_DATE = re.compile(r"[A-Za-z]{3}.*\b\d{4}\b|\b\d{4}\b.*[A-Za-z]{3}")
_DATE_FORMATS = ("%b %d, %Y", "%B %d, %Y", "%d %b %Y", "%d %B %Y", "%b %d %Y", "%d-%b-%Y")
_RSS = re.compile(r"<rss[\s>]")
_G = "{http://base.google.com/ns/1.0}"

# Known Career Site Builder hosts and their companies.
HOSTS: dict[str, str] = {
    "careers.acuityinc.com": "Acuity",
    "careers.aflac.com": "Aflac",
    "careers.agcocorp.com": "AGCO",
    "careers.amtrak.com": "Amtrak",
    "careers.belden.com": "Belden",
    "careers.bv.com": "Black & Veatch",
    "careers.bwxt.com": "BWXT",
    "careers.capgemini.com": "Capgemini",
    "careers.celestica.com": "Celestica",
    "careers.centerpointenergy.com": "CenterPoint Energy",
    "careers.cintas.com": "Cintas",
    "careers.consumersenergy.com": "Consumers Energy",
    "careers.criver.com": "Charles River Laboratories",
    "careers.dominionenergy.com": "Dominion Energy",
    "careers.dteenergy.com": "DTE Energy",
    "careers.ey.com": "EY",
    "careers.hcltech.com": "HCLTech",
    "careers.hfsinclair.com": "HF Sinclair",
    "careers.hubbell.com": "Hubbell",
    "careers.huntingtoningalls.com": "Huntington Ingalls Industries",
    "careers.jetblue.com": "JetBlue",
    "careers.mohawkind.com": "Mohawk Industries",
    "careers.owenscorning.com": "Owens Corning",
    "careers.paramount.com": "Paramount",
    "careers.pge.com": "PG&E",
    "careers.phillips66.com": "Phillips 66",
    "careers.qorvo.com": "Qorvo",
    "careers.quiktrip.com": "QuikTrip",
    "careers.rossstores.com": "Ross Stores",
    "careers.sap.com": "SAP",
    "careers.skyworksinc.com": "Skyworks",
    "careers.te.com": "TE Connectivity",
    "careers.thehersheycompany.com": "Hershey",
    "careers.timken.com": "Timken",
    "careers.triumphgroup.com": "Triumph Group",
    "careers.underarmour.com": "Under Armour",
    "careers.wipro.com": "Wipro",
    "careers.wyndhamhotels.com": "Wyndham Hotels & Resorts",
    "jobs.ametek.com": "AMETEK",
    "jobs.ball.com": "Ball",
    "jobs.bokf.com": "BOK Financial",
    "jobs.bostonscientific.com": "Boston Scientific",
    "jobs.bunge.com": "Bunge",
    "jobs.cargill.com": "Cargill",
    "jobs.cmc.com": "CMC",
    "jobs.commscope.com": "CommScope",
    "jobs.deere.com": "John Deere",
    "jobs.eastman.com": "Eastman",
    "jobs.enersys.com": "EnerSys",
    "jobs.entergy.com": "Entergy",
    "jobs.erieinsurance.com": "Erie Insurance",
    "jobs.exxonmobil.com": "ExxonMobil",
    "jobs.grainger.com": "Grainger",
    "jobs.gxo.com": "GXO",
    "jobs.halliburton.com": "Halliburton",
    "jobs.harley-davidson.com": "Harley-Davidson",
    "jobs.inglescareers.com": "Ingles Markets",
    "jobs.l3harris.com": "L3Harris",
    "jobs.lear.com": "Lear",
    "jobs.lincolnelectric.com": "Lincoln Electric",
    "jobs.lincolnfinancial.com": "Lincoln Financial",
    "jobs.mcdonalds.com": "McDonald's",
    "jobs.netapp.com": "NetApp",
    "jobs.newyorklife.com": "New York Life",
    "jobs.nexteraenergy.com": "NextEra Energy",
    "jobs.nscorp.com": "Norfolk Southern",
    "jobs.nucor.com": "Nucor",
    "jobs.paccar.com": "PACCAR",
    "jobs.teradyne.com": "Teradyne",
    "jobs.vailresortscareers.com": "Vail Resorts",
    "jobs.xpo.com": "XPO",
    "join.cnh.com": "CNH",
    "kiewitcareers.kiewit.com": "Kiewit",
}


# Career Site Builder's hosted domain: every tenant is `<name>.jobs2web.com` (a platform host, not a list).
HOSTED_SUFFIX = ".jobs2web.com"
# What a Career Site Builder page carries whatever its domain and theme. An image from the asset
# host alone is not one (other pages show SAP-hosted logos): a stylesheet or script is.
_PAGE_MARKERS = re.compile(
    r"""<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*["'][^"']*//rmkcdn\.successfactors\.com/"""
    r"""|/platform/js/j2w/|\bj2w\.init\s*\(|<body\b[^>]*\bclass\s*=\s*["'][^"']*\bcoreCSB\b""",
    re.IGNORECASE,
)
MAX_MARKER_CHARS = 400_000


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    if successfactors_rmk.RMK_HOST.match(host):
        return successfactors_rmk.recognize(PLATFORM, url)
    if host in HOSTS or (host.endswith(HOSTED_SUFFIX) and host.count(".") >= 2):
        return _board(host)
    return None


def board_at(url: ParsedUrl) -> BoardRef | None:
    """The site at `url`'s host, which a directory line declares to be a Career Site Builder site
    (its URL alone could not say so); None for a host that cannot be one."""
    host = url.hostname or ""
    if url.scheme not in {"http", "https"} or "." not in host or successfactors_rmk.RMK_HOST.match(host):
        return None
    return _board(host)


def recognize_page(body: bytes, url: ParsedUrl) -> BoardRef | None:
    """The site itself when a page fetched from `url` is a Career Site Builder page. Pure."""
    markup = body[: MAX_MARKER_CHARS * 4].decode("utf-8", errors="replace")[:MAX_MARKER_CHARS]
    if not _PAGE_MARKERS.search(markup):
        return None
    return board_at(url)


def _board(host: str) -> BoardRef:
    return BoardRef(
        platform=PLATFORM, board_url=f"https://{host}/search/", fetch_host=host, key=host, company=HOSTS.get(host, "")
    )


def search_url(board: BoardRef, startrow: int) -> str:
    return f"https://{board.fetch_host}/search/?q=&sortColumn=referencedate&sortDirection=desc&startrow={startrow}"


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    if successfactors_rmk.RMK_HOST.match(board.fetch_host):
        return successfactors_rmk.read(board, fetch)
    first = parse_search(first_response(fetch, Request(search_url(board, 0), api=False)).body, board)
    if not first.postings:
        return _read_sitemap(board, fetch)
    # The step is the site's own page size, which the first page shows (usually 25).
    return paged_read(
        fetch,
        lambda startrow: Request(search_url(board, startrow), api=False),
        lambda response: parse_search(response.body, board),
        page_size=None,
        max_jobs=MAX_JOBS,
        max_pages=MAX_PAGES,
        first=first,
    )


def _read_sitemap(board: BoardRef, fetch: Fetch) -> Listing:
    sitemap = read_sitemap(f"https://{board.fetch_host}/sitemap.xml", fetch)
    body = sitemap.first.body if sitemap.first is not None else b""
    postings = parse_rss(body, board) if is_rss(body) else parse_sitemap_urls(sitemap.urls, board)
    if not postings:
        raise AppError("PARSE_ERROR", "SuccessFactors site listed no jobs on its search page or sitemap")
    return Listing(postings=postings, complete=sitemap.complete)


def parse_search(body: bytes, board: BoardRef) -> Page:
    """A search page (tiles or table theme) → (stated total, postings). Pure."""
    if not body.strip():
        return Page(0, [])
    try:
        root = lxml_html.document_fromstring(body)
    except (ParserError, ValueError):
        return Page(0, [])
    postings: dict[str, Posting] = {}
    for anchor in root.xpath('//a[contains(concat(" ", normalize-space(@class), " "), " jobTitle-link ")][@href]'):
        parts = urlsplit(anchor.get("href", ""))
        href = parts.path
        match = _JOB_HREF.match(href) if parts.netloc in {"", board.fetch_host} else None
        title = " ".join(anchor.text_content().split())
        if not match or not title or match.group(3) in postings:
            continue  # tile themes repeat each anchor for desktop and tablet
        job_id = match.group(3)
        postings[job_id] = Posting(
            id=job_id,
            title=title,
            company=board.company,
            location=_field(root, anchor, job_id, "location", "jobLocation"),
            url=f"https://{board.fetch_host}{href}",
            posted_at=english_date(_field(root, anchor, job_id, "date", "jobDate")),
        )
    label = root.xpath('//*[@id="tile-search-results-label"]') or root.xpath(
        '//*[contains(concat(" ", normalize-space(@class), " "), " paginationLabel ")]'
    )
    total = len(postings)
    if label:
        found = _TOTAL.search(label[0].text_content())
        digits = re.sub(r"[,.]", "", found.group(1)) if found else ""
        if digits.isdigit():
            total = int(digits)
    return Page(total, list(postings.values()))


def _field(root: Any, anchor: Any, job_id: str, tile_name: str, table_class: str) -> str:
    tile = root.xpath(f'//*[@id="job-{job_id}-desktop-section-{tile_name}-value"]')
    if tile:
        return " ".join(tile[0].text_content().split())
    for row in anchor.iterancestors("tr"):
        cells = row.xpath(f'.//*[contains(concat(" ", normalize-space(@class), " "), " {table_class} ")]')
        return " ".join(cells[0].text_content().split()) if cells else ""
    return ""


def english_date(value: str) -> str | None:
    """ "Oct 7, 2026" → "2026-10-07"; dates in other languages or numeric orders are dropped
    (whether 03/04 is March or April depends on the site's locale)."""
    value = " ".join(value.split())
    if not _ENGLISH_DATE.search(value):
        return None
    for pattern in _DATE_FORMATS:
        try:
            return datetime.strptime(value, pattern).date().isoformat()
        except ValueError:
            continue
    return None


def is_rss(body: bytes) -> bool:
    return bool(_RSS.search(body[:500].decode("utf-8", errors="replace")))


def parse_rss(body: bytes, board: BoardRef) -> list[Posting]:
    """An RSS sitemap (`g:` namespace items) → full postings with their text. Pure."""
    try:
        root = etree.fromstring(body, parser=etree.XMLParser(recover=True, resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        return []
    if root is None:
        return []
    postings: dict[str, Posting] = {}
    for item in root.iter("item"):
        url = _child(item, "link")
        job_id = _child(item, f"{_G}id")
        if not job_id:
            match = _JOB_HREF.match(urlsplit(url).path)
            job_id = match.group(3) if match else ""
        location = _child(item, f"{_G}location")
        title = _child(item, "title")
        if location and title.endswith(f"({location})"):
            title = title[: -len(location) - 2].strip()
        if not job_id or not title or not url or job_id in postings:
            continue
        postings[job_id] = Posting(
            id=job_id,
            title=title,
            company=board.company,
            location=location,
            department=_child(item, f"{_G}job_function"),
            url=url,
            description=html_to_text(_child(item, "description")),
        )
    return list(postings.values())


def _child(item: Any, tag: str) -> str:
    found = item.find(tag)
    return " ".join((found.text or "").split()) if found is not None else ""


def parse_sitemap_urls(urls: list[str], board: BoardRef) -> list[Posting]:
    """Job URLs → partial postings (title from the slug, no location or date). Pure."""
    postings: dict[str, Posting] = {}
    for url in urls:
        match = _JOB_HREF.match(urlsplit(url).path)
        if not match or match.group(3) in postings:
            continue
        title = " ".join(unquote(match.group(2)).replace("-", " ").split())
        if title:
            postings[match.group(3)] = Posting(
                id=match.group(3), title=title, company=board.company, url=url, partial=True
            )
    return list(postings.values())
