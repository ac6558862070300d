"""Lever job boards, read through the public Postings API in JSON mode (one request per check).

JSON mode returns every published posting with its text, structured `salaryRange` and
`workplaceType`; the EU data centre has its own hosts.
"""

from __future__ import annotations

import re
from typing import Any

from boards.sources import payload
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request, StructuredSalary
from boards.sources.paging import first_response
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text
from watchtower.errors import AppError

PLATFORM = "lever"
MAX_REQUESTS = 1
PAGE_SPACING_MS = 0

_BOARD_HOST = re.compile(r"^jobs(\.eu)?\.lever\.co$")
_API_HOST = re.compile(r"^api(\.eu)?\.lever\.co$")
_SLUG = re.compile(r"^[A-Za-z0-9_.-]+$")
_RESERVED = {"v0", "v1", "api", "embed", "jobs", "postings", "static", "assets"}
_WORKPLACE = {"remote": "remote", "hybrid": "hybrid", "on-site": "onsite", "onsite": "onsite"}


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    segments = [segment for segment in url.path.split("/") if segment]
    slug = ""
    eu = False
    board_host = _BOARD_HOST.match(host)
    api_host = _API_HOST.match(host)
    if board_host and segments:
        eu, slug = bool(board_host.group(1)), segments[0]
    elif api_host and len(segments) >= 3 and segments[0] == "v0" and segments[1] == "postings":
        eu, slug = bool(api_host.group(1)), segments[2]
    if not slug or not _SLUG.match(slug) or slug.lower() in _RESERVED:
        return None
    region = ".eu" if eu else ""
    return BoardRef(
        platform=PLATFORM,
        board_url=f"https://jobs{region}.lever.co/{slug}",
        fetch_host=f"api{region}.lever.co",
        key=slug,
        company=company_from_slug(slug),
        options={"region": "eu"} if eu else {},
    )


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    response = first_response(fetch, Request(f"https://{board.fetch_host}/v0/postings/{board.key}?mode=json"))
    return Listing(postings=parse(response.body, board), complete=True, **payload.listing_validators(response))


def parse(body: bytes, board: BoardRef) -> list[Posting]:
    """Postings of a `?mode=json` body; raises AppError("PARSE_ERROR") unless it is a JSON array."""
    data = payload.load_json(body, PLATFORM)
    if not isinstance(data, list):
        raise AppError("PARSE_ERROR", "Lever response is not a list of postings")
    postings = []
    for item in data:
        if isinstance(item, dict):
            posting = _posting(item, board)
            if posting is not None:
                postings.append(posting)
    return postings


def _posting(item: dict[str, Any], board: BoardRef) -> Posting | None:
    posting_id = payload.identifier(item.get("id"))
    title = payload.text(item.get("text"))
    if not posting_id or not title:
        return None
    categories = item.get("categories") if isinstance(item.get("categories"), dict) else {}
    assert isinstance(categories, dict)
    all_locations = categories.get("allLocations")
    listed = all_locations if isinstance(all_locations, list) else []
    location = payload.text(categories.get("location")) or next(
        (place for place in (payload.text(item) for item in listed) if place), ""
    )
    return Posting(
        id=posting_id,
        title=title,
        company=board.company,
        location=location,
        other_locations=payload.others(location, listed),
        department=payload.join_parts(categories.get("department"), categories.get("team")),
        url=payload.text(item.get("hostedUrl")),
        posted_at=payload.iso_from_epoch_ms(item.get("createdAt")),
        description=_description(item),
        salary=_salary(item.get("salaryRange")),
        workplace_hint=_WORKPLACE.get(payload.text(item.get("workplaceType")).lower(), ""),
        employment_type=payload.text(categories.get("commitment")),
        requisition_id=payload.text(item.get("requisitionCode")),
    )


def _description(item: dict[str, Any]) -> str:
    parts = [_plain(item, "descriptionPlain", "description")]
    lists = item.get("lists")
    if isinstance(lists, list):
        for section in lists:
            if isinstance(section, dict):
                parts.append(payload.text(section.get("text")))
                content = section.get("content")
                parts.append(html_to_text(content if isinstance(content, str) else None))
    parts.append(_plain(item, "additionalPlain", "additional"))
    parts.append(_plain(item, "salaryDescriptionPlain", "salaryDescription"))
    return "\n".join(part for part in parts if part)


def _plain(item: dict[str, Any], plain_key: str, html_key: str) -> str:
    plain = item.get(plain_key)
    if isinstance(plain, str) and plain.strip():
        return plain.strip()
    markup = item.get(html_key)
    return html_to_text(markup if isinstance(markup, str) else None)


def _salary(salary_range: Any) -> StructuredSalary | None:
    if not isinstance(salary_range, dict):
        return None
    return payload.structured_salary(
        salary_range.get("min"),
        salary_range.get("max"),
        salary_range.get("currency"),
        payload.period_of(salary_range.get("interval")),
    )
