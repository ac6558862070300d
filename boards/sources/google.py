"""Google careers (`careers.google.com`, `www.google.com/about/careers/applications`).

Google's robots.txt forbids the job search and job pages, so the jobs sitemap is the only source:
every job is `partial`, titled from its URL slug (which Google cuts at the title's first comma),
with no location, team or date, so a `locations` filter never matches them.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext
from boards.sources.sitemap import MAX_CHILD_SITEMAPS, read_sitemap, sitemap_locs

PLATFORM = "google"
MAX_REQUESTS = 1 + MAX_CHILD_SITEMAPS  # the sitemap, or an index and some of its children
PAGE_SPACING_MS = 0

HOST = "www.google.com"
BOARD_URL = f"https://{HOST}/about/careers/applications/jobs/results"
SITEMAP_URL = f"https://{HOST}/about/careers/applications/jobs/sitemap.xml"
_APPLICATIONS = re.compile(r"^/about/careers/applications(/|$)")
_JOB = re.compile(r"/jobs/results/(\d+)-([^/?#]*)")
_ROMAN = {"i", "ii", "iii", "iv", "v", "vi"}


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    if host == "careers.google.com" or (host == HOST and _APPLICATIONS.match(url.path)):
        return BoardRef(platform=PLATFORM, board_url=BOARD_URL, fetch_host=HOST, key="google", company="Google")
    return None


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    sitemap = read_sitemap(SITEMAP_URL, fetch)
    listing = Listing(postings=parse_urls(sitemap.urls), complete=sitemap.complete)
    # One plain sitemap is the whole view, so its validators make the next check conditional.
    if sitemap.first is not None and not sitemap.index:
        listing.etag = sitemap.first.headers.get("etag", "")
        listing.last_modified = sitemap.first.headers.get("last-modified", "")
    return listing


def parse_sitemap(body: bytes) -> list[Posting]:
    return parse_urls(sitemap_locs(body))


def parse_urls(urls: list[str]) -> list[Posting]:
    """Job URLs → partial postings, first URL of an id wins. Pure."""
    postings: dict[str, Posting] = {}
    for url in urls:
        match = _JOB.search(urlsplit(url).path)
        if not match or match.group(1) in postings:
            continue
        title = title_from_slug(match.group(2))
        if not title:
            continue
        job_id, slug = match.groups()
        postings[job_id] = Posting(
            id=job_id,
            title=title,
            company="Google",
            url=f"https://{HOST}/about/careers/applications/jobs/results/{job_id}-{slug}",
            partial=True,
        )
    return list(postings.values())


def title_from_slug(slug: str) -> str:
    """`software-engineer-iii` → `Software Engineer III`."""
    words = [word for word in unquote(slug).split("-") if word]
    return " ".join(word.upper() if word in _ROMAN else word[0].upper() + word[1:] for word in words)
