"""Greenhouse job boards, read through the public Job Board API (one request per check).

`content=true` makes the listing carry each posting's (entity-escaped) HTML and
`pay_transparency=true` its pay ranges, so salary and experience cost no extra request.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any
from urllib.parse import parse_qs

from boards.sources import payload
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, StructuredSalary
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text

PLATFORM = "greenhouse"
MAX_REQUESTS = 2  # the enriched listing, and the plain one when the enriched one is over the cap
PAGE_SPACING_MS = 0

_BOARD_HOST = re.compile(r"^(?:job-)?boards(\.eu)?\.greenhouse\.io$")
_API_HOST = re.compile(r"^(?:boards-)?api(\.eu)?\.greenhouse\.io$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]+$")
_RESERVED = {"embed", "api", "v1", "jobs", "job", "boards", "include", "assets", "static"}
# Custom fields boards add for the workplace: "Workplace Type", "Remote Status", "Work Model", "Work
# Arrangement", "Location Type"; a field named only "Office…" ("Office Type", "In Office") is read
# after them, since "Office" fields often hold a city instead.
_WORKPLACE_FIELDS = (
    re.compile(
        r"workplace|remote|location\s*type|work(?:ing)?\s*(?:model|arrangement|style|setting|type|location)", re.I
    ),
    re.compile(r"office|on-?site|hybrid", re.I),
)
_EMPLOYMENT_FIELD = re.compile(r"employment|job\s*type|contract\s*type|position\s*type|commitment", re.I)
# The custom fields a posting is read for, each by the first field its names match that has a
# value: the workplace (either of `_WORKPLACE_FIELDS`, the first one preferred), the employment type.
_FIELD_NAMES = (*_WORKPLACE_FIELDS, _EMPLOYMENT_FIELD)


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    segments = [segment for segment in url.path.split("/") if segment]
    token = ""
    eu = False
    board_host = _BOARD_HOST.match(host)
    api_host = _API_HOST.match(host)
    if board_host:
        eu = bool(board_host.group(1))
        if segments and segments[0] == "embed":
            token = (parse_qs(url.query).get("for") or [""])[0]
        elif segments:
            token = segments[0]
    elif api_host:
        eu = bool(api_host.group(1))
        if len(segments) >= 3 and segments[0] == "v1" and segments[1] == "boards":
            token = segments[2]
    if not token or not _TOKEN.match(token) or token.lower() in _RESERVED:
        return None
    return board_for(token, eu=eu)


def board_for(token: str, *, eu: bool = False) -> BoardRef:
    board_url = f"https://job-boards.eu.greenhouse.io/{token}" if eu else f"https://boards.greenhouse.io/{token}"
    return BoardRef(
        platform=PLATFORM,
        board_url=board_url,
        fetch_host="boards-api.eu.greenhouse.io" if eu else "boards-api.greenhouse.io",
        key=token,
        company=company_from_slug(token),
        options={"region": "eu"} if eu else {},
    )


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    plain = f"https://{board.fetch_host}/v1/boards/{board.key}/jobs"
    response, enriched = payload.fetch_enriched(
        fetch, f"{plain}?content=true&pay_transparency=true", plain, plain_only=context.plain_listing
    )
    postings, recognised = payload.listed_postings(
        response.body, PLATFORM, "jobs", board, context, lambda job: _posting(job, board)
    )
    return Listing(
        postings=postings,
        complete=True,
        enriched=enriched,
        recognised=recognised,
        **payload.listing_validators(response),
    )


def parse(body: bytes, board: BoardRef) -> list[Posting]:
    """Postings of a `/v1/boards/{token}/jobs` body (with or without `content=true`).

    Raises AppError("PARSE_ERROR") when the body is not a JSON object with a `jobs` list.
    """
    jobs = payload.listed_objects(body, PLATFORM, "jobs")
    return [posting for job in jobs if (posting := _posting(job, board)) is not None]


def _posting(job: Mapping[str, Any], board: BoardRef) -> Posting | None:
    get = job.get
    text = payload.text
    job_id = payload.identifier(get("id"))
    title = text(get("title"))
    if not job_id or not title:
        return None
    location = get("location")
    departments = get("departments")
    content = get("content")
    workplace, office, employment = _custom_fields(get("metadata"))
    return Posting(
        id=job_id,
        title=title,
        company=text(get("company_name")) or board.company,
        location=text(location.get("name")) if isinstance(location, dict) else "",
        department=payload.join_parts(*(item.get("name") for item in departments if isinstance(item, dict)))
        if isinstance(departments, list)
        else "",
        url=text(get("absolute_url")),
        posted_at=text(get("first_published")) or None,
        description=html_to_text(content) if isinstance(content, str) else "",
        salary=_pay(get("pay_input_ranges")),
        workplace_hint=workplace or office,
        employment_type=employment,
        requisition_id=text(get("requisition_id")),
    )


def _pay(ranges: Any) -> StructuredSalary | None:
    """The first pay range: amounts are in cents; the range title sometimes names the period."""
    if not isinstance(ranges, list):
        return None
    for pay_range in ranges:
        if not isinstance(pay_range, dict):
            continue
        low = payload.number(pay_range.get("min_cents"))
        high = payload.number(pay_range.get("max_cents"))
        salary = payload.structured_salary(
            low / 100 if low is not None else None,
            high / 100 if high is not None else None,
            pay_range.get("currency_type"),
            payload.period_of(pay_range.get("title")),
        )
        if salary is not None:
            return salary
    return None


def _custom_fields(metadata: Any) -> tuple[str, ...]:
    """For each of `_FIELD_NAMES`, the value of the first custom field whose name it matches and
    that has one, as text ("" when none has): boards add a "Workplace Type" field (Remote / Hybrid
    / On-site / Office-based), an "Employment Type" one. One pass over the fields, each name
    matched once (a 100,000-posting board's fields were gone over once for each of the three)."""
    if not isinstance(metadata, list):
        return _NO_FIELDS
    found: list[str] | None = None
    for field in metadata:
        name = field.get("name") if isinstance(field, dict) else None
        if not isinstance(name, str):
            continue
        matched = _names_matched(name)
        if not matched:
            continue
        value = field.get("value")
        if isinstance(value, list):
            value = next((item for item in value if isinstance(item, str)), "")
        text = payload.text(value)
        if text:
            if found is None:
                found = list(_NO_FIELDS)
            for index in matched:
                if not found[index]:
                    found[index] = text
    return _NO_FIELDS if found is None else tuple(found)


_NO_FIELDS = ("",) * len(_FIELD_NAMES)


@lru_cache(maxsize=4096)
def _names_matched(name: str) -> tuple[int, ...]:
    """The indexes of the `_FIELD_NAMES` a custom field's name matches: a board names the same
    few fields on every posting."""
    cleaned = payload.text(name)
    return tuple(index for index, names in enumerate(_FIELD_NAMES) if names.search(cleaned))
