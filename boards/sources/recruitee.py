"""Recruitee career sites (`{company}.recruitee.com`), read through their public offers API.

One request returns every published offer with its text and structured `salary`, whose amounts
are sometimes numeric strings ("3800") and whose `min` or `max` may be null.
"""

from __future__ import annotations

import re
from typing import Any

from boards.sources import payload
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request, StructuredSalary
from boards.sources.paging import first_response
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text

PLATFORM = "recruitee"
MAX_REQUESTS = 1
PAGE_SPACING_MS = 0

_HOST = re.compile(r"^([a-z0-9_-]+)\.recruitee\.com$")
_RESERVED = {"www", "app", "api", "blog", "support", "help", "docs", "status", "careers", "static", "assets"}


def recognize(url: ParsedUrl) -> BoardRef | None:
    match = _HOST.match(url.hostname or "")
    if not match or match.group(1) in _RESERVED:
        return None
    slug = match.group(1)
    host = f"{slug}.recruitee.com"
    return BoardRef(
        platform=PLATFORM,
        board_url=f"https://{host}",
        fetch_host=host,
        key=slug,
        company=company_from_slug(slug),
    )


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    response = first_response(fetch, Request(f"https://{board.fetch_host}/api/offers/"))
    return Listing(postings=parse(response.body, board), complete=True, **payload.listing_validators(response))


def parse(body: bytes, board: BoardRef) -> list[Posting]:
    """Postings of an `/api/offers/` body; raises AppError("PARSE_ERROR") without an `offers` list."""
    _, offers = payload.listed(body, PLATFORM, "offers")
    return [posting for offer in offers if (posting := _posting(offer, board)) is not None]


def _posting(offer: dict[str, Any], board: BoardRef) -> Posting | None:
    offer_id = payload.identifier(offer.get("id"))
    title = payload.text(offer.get("title"))
    if not offer_id or not title:
        return None
    location = payload.text(offer.get("location")) or payload.join_parts(offer.get("city"), offer.get("country"))
    places = offer.get("locations")
    description = "\n".join(
        html_to_text(offer[key]) for key in ("description", "requirements") if isinstance(offer.get(key), str)
    )
    return Posting(
        id=offer_id,
        title=title,
        company=payload.text(offer.get("company_name")) or board.company,
        location=location,
        other_locations=payload.others(
            location,
            (
                payload.text(place.get("name"))
                or payload.join_parts(place.get("city"), place.get("state"), place.get("country"))
                for place in places
                if isinstance(place, dict)
            )
            if isinstance(places, list)
            else (),
        ),
        department=payload.text(offer.get("department")),
        url=payload.text(offer.get("careers_url")),
        posted_at=payload.iso_timestamp(offer.get("published_at")),
        description=description.strip(),
        salary=_salary(offer.get("salary")),
        workplace_hint=_workplace(offer),
        employment_type=payload.text(offer.get("employment_type_code")),
    )


def _salary(salary: Any) -> StructuredSalary | None:
    if not isinstance(salary, dict):
        return None
    return payload.structured_salary(
        salary.get("min"), salary.get("max"), salary.get("currency"), payload.period_of(salary.get("period"))
    )


def _workplace(offer: dict[str, Any]) -> str:
    """Recruitee has three flags; an offer that is both remote and on-site is hybrid."""
    remote, hybrid, onsite = (offer.get(flag) is True for flag in ("remote", "hybrid", "on_site"))
    if hybrid or (remote and onsite):
        return "hybrid"
    if remote:
        return "remote"
    if onsite:
        return "onsite"
    return ""
