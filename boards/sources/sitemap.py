"""sitemaps.org 0.9 sitemaps (iCIMS, Google, SuccessFactors): every open job's URL in one request.

The `<loc>` values are read with a tolerant scan rather than a strict XML parser: job sitemaps are
large, sometimes served with a wrong content type or a stray byte, and all we need is the URLs.
A `<sitemapindex>` is followed to its child sitemaps, a few at most; when more children exist than
were read, the result says so and the source marks its listing incomplete.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from boards.sources.base import Fetch, Request, Response
from boards.sources.paging import first_response, later_response

_LOC = re.compile(r"<(?:\w+:)?loc>\s*(?:<!\[CDATA\[)?(.*?)(?:\]\]>)?\s*</(?:\w+:)?loc>", re.IGNORECASE | re.DOTALL)
_INDEX = re.compile(r"<(?:\w+:)?sitemapindex[\s>]", re.IGNORECASE)
MAX_CHILD_SITEMAPS = 4


@dataclass
class Sitemap:
    urls: list[str] = field(default_factory=list)
    complete: bool = True  # False when an index named more child sitemaps than were read
    first: Response | None = None  # the first response (its validators, its body for other formats)
    index: bool = False  # the first response was a sitemap index (its validators say nothing of the jobs)


def sitemap_locs(body: bytes | str) -> list[str]:
    """Every `<loc>` value, trimmed and entity-decoded, in document order."""
    markup = body.decode("utf-8", errors="replace") if isinstance(body, bytes) else body
    return [html.unescape(match.group(1).strip()) for match in _LOC.finditer(markup) if match.group(1).strip()]


def is_sitemap_index(body: bytes | str) -> bool:
    markup = body[:2000].decode("utf-8", errors="replace") if isinstance(body, bytes) else body[:2000]
    return bool(_INDEX.search(markup))


def read_sitemap(url: str, fetch: Fetch, *, first: bool = True, max_children: int = MAX_CHILD_SITEMAPS) -> Sitemap:
    """Read a sitemap (and, for an index, up to `max_children` of its child sitemaps).

    With `first=True` the sitemap is the check's first request and its failure propagates;
    otherwise a failure returns an empty, incomplete result.
    """
    request = Request(url, api=True)
    if first:
        response = first_response(fetch, request)
    else:
        maybe = later_response(fetch, request)
        if maybe is None:
            return Sitemap(complete=False)
        response = maybe
    result = Sitemap(first=response, index=is_sitemap_index(response.body))
    if not result.index:
        result.urls = sitemap_locs(response.body)
        return result
    # Only children on the sitemap's own host: another host is outside this check's host lease.
    host = urlsplit(url).netloc
    children = [child for child in sitemap_locs(response.body) if urlsplit(child).netloc == host]
    if len(children) > max_children:
        result.complete = False
    for child in children[:max_children]:
        child_response = later_response(fetch, Request(child, api=True))
        if child_response is None:
            result.complete = False
            continue
        result.urls.extend(sitemap_locs(child_response.body))
    return result
