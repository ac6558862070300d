"""Amazon (`amazon.jobs`): the site's `search.json`, newest first, 100 a request, newest 300
(3 requests), with the full posting text (so experience; Amazon states no pay in fields).

Always incomplete: Amazon lists tens of thousands of roles and caps its hit count at 10,000, so
a job missing from the newest 300 is never reported as removed. Hourly warehouse roles on
hiring.amazon.com are a different site and out of scope.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request
from boards.sources.paging import Page, paged_read
from boards.sources.payload import identifier, load_json, others, posting_text, text
from watchtower.errors import AppError

PLATFORM = "amazon"
PAGE_SIZE = 100
MAX_JOBS = 300
MAX_REQUESTS = MAX_JOBS // PAGE_SIZE
PAGE_SPACING_MS = 0

HOST = "www.amazon.jobs"
BOARD_URL = f"https://{HOST}/en/search"


def recognize(url: ParsedUrl) -> BoardRef | None:
    if url.hostname not in {"amazon.jobs", HOST}:
        return None
    return BoardRef(platform=PLATFORM, board_url=BOARD_URL, fetch_host=HOST, key="amazon", company="Amazon")


def page_url(offset: int) -> str:
    return f"https://{HOST}/en/search.json?offset={offset}&result_limit={PAGE_SIZE}&sort=recent"


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    listing = paged_read(
        fetch,
        lambda offset: Request(page_url(offset)),
        lambda response: parse_page(load_json(response.body, PLATFORM)),
        page_size=PAGE_SIZE,
        max_jobs=MAX_JOBS,
    )
    listing.complete = False  # `hits` is capped at 10,000: the newest 300 are never the whole site
    return listing


def parse_page(data: Any) -> Page:
    """`{error, hits, jobs}` → (hits, postings). Pure; a stated `error` is a PARSE_ERROR."""
    if not isinstance(data, dict):
        raise AppError("PARSE_ERROR", "amazon.jobs answered something other than a job list")
    if data.get("error"):
        raise AppError("PARSE_ERROR", f"amazon.jobs: {data['error']}")
    postings = [posting for item in data.get("jobs") or [] if isinstance(item, dict) and (posting := parse_job(item))]
    return Page.stated(data.get("hits"), postings)


def parse_job(item: dict[str, Any]) -> Posting | None:
    job_id = identifier(item.get("id_icims")) or identifier(item.get("id"))
    title = text(item.get("title"))
    path = text(item.get("job_path"))
    if not job_id or not title or not path:
        return None
    places = _locations(item.get("locations"))
    listed = text(item.get("location"))
    primary = next((place for place in places if text(place.get("location")) == listed), places[0] if places else {})
    named = text(item.get("normalized_location")) or listed
    location = named
    remote = text(primary.get("type")).upper() == "VIRTUAL"
    if remote:
        location = f"{location}, Remote"
    further = [text(place.get("normalizedLocation")) for place in places if place is not primary]
    return Posting(
        id=job_id,
        title=title,
        company="Amazon",
        location=location,
        other_locations=others(named, further),
        department=text(item.get("job_category")),
        url=f"https://{HOST}{path}",
        posted_at=us_long_date(text(item.get("posted_date"))),
        description=posting_text(item, "description", "basic_qualifications", "preferred_qualifications"),
        workplace_hint="remote" if remote else "",
        employment_type="Intern" if item.get("is_intern") is True else text(item.get("job_schedule_type")),
    )


def _locations(value: Any) -> list[dict[str, Any]]:
    """`locations` holds JSON strings (objects are accepted too); unparsable entries are skipped."""
    places = []
    for entry in value if isinstance(value, list) else []:
        if isinstance(entry, str):
            try:
                entry = json.loads(entry)
            except ValueError:
                continue
        if isinstance(entry, dict):
            places.append(entry)
    return places


def us_long_date(value: str) -> str | None:
    """ "July  2, 2026" → "2026-07-02"."""
    try:
        return datetime.strptime(" ".join(value.split()), "%B %d, %Y").date().isoformat()
    except ValueError:
        return None
