"""Ashby job boards, read through the public posting API (one request per check).

`includeCompensation=true` adds each posting's pay tiers; the listing already carries the text.
"""

from __future__ import annotations

import re
from typing import Any

from boards.sources import payload
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, StructuredSalary
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text

PLATFORM = "ashby"
MAX_REQUESTS = 2  # the listing with compensation, and without it when that one is over the cap
PAGE_SPACING_MS = 0

_SLUG = re.compile(r"^[A-Za-z0-9_.-]+$")
_RESERVED = {"api", "embed", "posting-api", "job-board", "static", "assets"}
_WORKPLACE = {"remote": "remote", "hybrid": "hybrid", "onsite": "onsite", "on-site": "onsite"}


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    segments = [segment for segment in url.path.split("/") if segment]
    slug = ""
    if host == "jobs.ashbyhq.com" and segments:
        slug = segments[0]
    elif host == "api.ashbyhq.com" and len(segments) >= 3 and segments[:2] == ["posting-api", "job-board"]:
        slug = segments[2]
    if not slug or not _SLUG.match(slug) or slug.lower() in _RESERVED:
        return None
    return BoardRef(
        platform=PLATFORM,
        board_url=f"https://jobs.ashbyhq.com/{slug}",
        fetch_host="api.ashbyhq.com",
        key=slug,
        company=company_from_slug(slug),
    )


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    plain = f"https://{board.fetch_host}/posting-api/job-board/{board.key}"
    response, enriched = payload.fetch_enriched(
        fetch, f"{plain}?includeCompensation=true", plain, plain_only=context.plain_listing
    )
    postings = parse(response.body, board)
    return Listing(postings=postings, complete=True, enriched=enriched, **payload.listing_validators(response))


def parse(body: bytes, board: BoardRef) -> list[Posting]:
    """Listed postings of a job-board body; raises AppError("PARSE_ERROR") without a `jobs` list."""
    _, jobs = payload.listed(body, PLATFORM, "jobs")
    listed = (job for job in jobs if job.get("isListed") is not False)
    return [posting for job in listed if (posting := _posting(job, board)) is not None]


def _posting(job: dict[str, Any], board: BoardRef) -> Posting | None:
    job_id = payload.identifier(job.get("id"))
    title = payload.text(job.get("title"))
    if not job_id or not title:
        return None
    location = payload.text(job.get("location")) or _postal(job.get("address"))
    secondary = job.get("secondaryLocations")
    plain = job.get("descriptionPlain")
    markup = job.get("descriptionHtml")
    description = plain.strip() if isinstance(plain, str) and plain.strip() else ""
    if not description and isinstance(markup, str):
        description = html_to_text(markup)
    return Posting(
        id=job_id,
        title=title,
        company=board.company,
        location=location,
        other_locations=payload.others(
            location,
            (place.get("location") for place in secondary if isinstance(place, dict))
            if isinstance(secondary, list)
            else (),
        ),
        department=payload.join_parts(job.get("department"), job.get("team")),
        url=payload.text(job.get("jobUrl")),
        posted_at=payload.text(job.get("publishedAt")) or None,
        description=description,
        salary=_salary(job.get("compensation")),
        workplace_hint=_workplace(job),
        employment_type=payload.text(job.get("employmentType")),
    )


def _postal(address: Any) -> str:
    postal = address.get("postalAddress") if isinstance(address, dict) else None
    if not isinstance(postal, dict):
        return ""
    return payload.join_parts(postal.get("addressLocality"), postal.get("addressRegion"), postal.get("addressCountry"))


def _workplace(job: dict[str, Any]) -> str:
    stated = _WORKPLACE.get(payload.text(job.get("workplaceType")).lower(), "")
    if stated:
        return stated
    return "remote" if job.get("isRemote") is True else ""


def _salary(compensation: Any) -> StructuredSalary | None:
    """The summary's salary component (its range spans every tier), else the first tier's."""
    if not isinstance(compensation, dict):
        return None
    candidates: list[Any] = []
    summary = compensation.get("summaryComponents")
    if isinstance(summary, list):
        candidates.extend(summary)
    tiers = compensation.get("compensationTiers")
    if isinstance(tiers, list):
        for tier in tiers:
            if isinstance(tier, dict) and isinstance(tier.get("components"), list):
                candidates.extend(tier["components"])
    for component in candidates:
        if not isinstance(component, dict) or component.get("compensationType") != "Salary":
            continue
        salary = payload.structured_salary(
            component.get("minValue"),
            component.get("maxValue"),
            component.get("currencyCode"),
            payload.period_of(component.get("interval")),
        )
        if salary is not None:
            return salary
    return None
