"""Workable job boards, read through the public widget API (one request per check).

`details=true` adds each posting's description; Workable publishes no structured pay, so salary and
experience come from that text when stated.
"""

from __future__ import annotations

import re
from typing import Any

from boards.sources import payload
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text

PLATFORM = "workable"
MAX_REQUESTS = 2  # the detailed listing, and the plain one when the detailed one is over the cap
PAGE_SPACING_MS = 0

_ACCOUNT = re.compile(r"^[A-Za-z0-9_.-]+$")
_SUBDOMAIN = re.compile(r"^([a-z0-9_-]+)\.workable\.com$")
_RESERVED = {"www", "apply", "jobs", "j", "api", "spi", "help", "resources", "careers", "embed", "assets", "static"}
_WORKPLACE = {"remote": "remote", "hybrid": "hybrid", "on_site": "onsite", "onsite": "onsite", "on-site": "onsite"}


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    segments = [segment for segment in url.path.split("/") if segment]
    account = ""
    if host == "apply.workable.com" and segments:
        if segments[:4] == ["api", "v1", "widget", "accounts"] and len(segments) > 4:
            account = segments[4]
        elif segments[:3] == ["api", "v3", "accounts"] and len(segments) > 3:
            account = segments[3]
        elif segments[0] != "api":
            account = segments[0]
    elif host == "www.workable.com" and segments[:2] == ["api", "accounts"] and len(segments) > 2:
        account = segments[2]
    else:
        subdomain = _SUBDOMAIN.match(host)
        if subdomain:
            account = subdomain.group(1)
    if not account or not _ACCOUNT.match(account) or account.lower() in _RESERVED:
        return None
    return BoardRef(
        platform=PLATFORM,
        board_url=f"https://apply.workable.com/{account}",
        fetch_host="apply.workable.com",
        key=account,
        company=company_from_slug(account),
    )


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    plain = f"https://{board.fetch_host}/api/v1/widget/accounts/{board.key}"
    response, enriched = payload.fetch_enriched(fetch, f"{plain}?details=true", plain, plain_only=context.plain_listing)
    postings = parse(response.body, board)
    return Listing(postings=postings, complete=True, enriched=enriched, **payload.listing_validators(response))


def parse(body: bytes, board: BoardRef) -> list[Posting]:
    """Postings of a widget body; raises AppError("PARSE_ERROR") without a `jobs` list."""
    data, jobs = payload.listed(body, PLATFORM, "jobs")
    company = payload.text(data.get("name")) or board.company
    return [posting for job in jobs if (posting := _posting(job, company)) is not None]


def _posting(job: dict[str, Any], company: str) -> Posting | None:
    job_id = payload.identifier(job.get("shortcode")) or payload.identifier(job.get("id"))
    title = payload.text(job.get("title"))
    url = payload.text(job.get("url")) or payload.text(job.get("shortlink")) or payload.text(job.get("application_url"))
    job_id = job_id or url
    if not job_id or not title:
        return None
    listed = job.get("locations")
    places = [
        payload.join_parts(place.get("city"), place.get("region"), place.get("country"))
        for place in (listed if isinstance(listed, list) else [])
        if isinstance(place, dict) and place.get("hidden") is not True
    ]
    location = payload.join_parts(job.get("city"), job.get("state"), job.get("country")) or next(
        (place for place in places if place), ""
    )
    description = "\n".join(
        html_to_text(job[key]) for key in ("description", "requirements", "benefits") if isinstance(job.get(key), str)
    )
    return Posting(
        id=job_id,
        title=title,
        company=company,
        location=location,
        other_locations=payload.others(location, places),
        department=payload.text(job.get("department")),
        url=url,
        posted_at=payload.text(job.get("published_on")) or payload.text(job.get("created_at")) or None,
        description=description.strip(),
        workplace_hint=_workplace(job),
        employment_type=payload.text(job.get("employment_type")),
    )


def _workplace(job: dict[str, Any]) -> str:
    stated = _WORKPLACE.get(payload.text(job.get("workplace")).lower(), "")
    if stated:
        return stated
    return "remote" if job.get("telecommuting") is True else ""
