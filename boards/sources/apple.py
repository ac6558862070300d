"""Apple (`jobs.apple.com`): the site's sessionless `POST /api/v1/search`, newest first, 20 a page,
newest 300 (15 requests). Apple lists thousands of roles, so the view is incomplete in practice.

Each search result is one role in one location (its `id` is the position id plus a location code),
so one posting per location. About 80 evergreen retail roles are stamped with the request time and
always sort first; that time is not a posting date and is not kept.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request
from boards.sources.paging import Page, paged_read
from boards.sources.payload import identifier, load_json, markup, others, text
from boards.sources.text import html_to_text
from watchtower.errors import AppError

PLATFORM = "apple"
PAGE_SIZE = 20
MAX_JOBS = 300
MAX_REQUESTS = MAX_JOBS // PAGE_SIZE
PAGE_SPACING_MS = 0

HOST = "jobs.apple.com"
BOARD_URL = f"https://{HOST}/en-us/search"
API_URL = f"https://{HOST}/api/v1/search"
# A real posting time has at most millisecond precision; the request-time stamp has nanoseconds.
_REQUEST_TIME = re.compile(r"\.\d{4,}Z$")


def recognize(url: ParsedUrl) -> BoardRef | None:
    if url.hostname != HOST:
        return None
    return BoardRef(platform=PLATFORM, board_url=BOARD_URL, fetch_host=HOST, key="apple", company="Apple")


def page_body(page: int) -> dict[str, Any]:
    return {
        "query": "",
        "filters": {},
        "page": page,
        "locale": "en-us",
        "sort": "newest",
        "format": {"longDate": "MMMM D, YYYY", "mediumDate": "MMM D, YYYY"},
    }


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    return paged_read(
        fetch,
        lambda offset: Request(API_URL, method="POST", json_body=page_body(offset // PAGE_SIZE + 1)),
        lambda response: parse_page(load_json(response.body, PLATFORM)),
        page_size=PAGE_SIZE,
        max_jobs=MAX_JOBS,
    )


def parse_page(data: Any) -> Page:
    """`{res: {searchResults, totalRecords}}` → (total, postings). Pure."""
    result = data.get("res") if isinstance(data, dict) else None
    if not isinstance(result, dict):
        raise AppError("PARSE_ERROR", "Apple answered without search results")
    postings = [
        posting
        for item in result.get("searchResults") or []
        if isinstance(item, dict) and (posting := parse_role(item))
    ]
    return Page.stated(result.get("totalRecords"), postings)


def parse_role(item: dict[str, Any]) -> Posting | None:
    job_id = identifier(item.get("id")) or identifier(item.get("positionId"))
    title = text(item.get("postingTitle"))
    if not job_id or not title:
        return None
    places = [place for place in (_place(loc) for loc in item.get("locations") or []) if place]
    location = places[0] if places else ""
    remote = item.get("homeOffice") is True
    if remote:
        location = f"{location}, Remote" if location else "Remote"
    slug = text(item.get("transformedPostingTitle"))
    url = f"https://{HOST}/en-us/details/{quote(job_id, safe='')}"
    if slug:
        url += f"/{quote(slug, safe='')}"
    posted = text(item.get("postDateInGMT"))
    team = item.get("team")
    return Posting(
        id=job_id,
        title=title,
        company="Apple",
        location=location,
        other_locations=others(places[0] if places else "", places[1:]),
        department=text(team.get("teamName")) if isinstance(team, dict) else "",
        url=url,
        posted_at=posted if posted and not _REQUEST_TIME.search(posted) else None,
        description=html_to_text(markup(item.get("jobSummary"))),
        workplace_hint="remote" if remote else "",
    )


def _place(location: Any) -> str:
    """ "{name}, {countryName}"; a country-level location is just the country."""
    if not isinstance(location, dict):
        return ""
    name, country = text(location.get("name")), text(location.get("countryName"))
    if not name or not country or name == country:
        return name or country
    return f"{name}, {country}"
