"""Helpers shared by the sources that read a board in several requests (Workday, Oracle, Eightfold,
SuccessFactors, Apple, Amazon, iCIMS, Google).

The contract (boards/sources/base.py): a failure of the first request propagates, so a board that is
down is reported as down; a failure of a later page keeps what was read and marks the listing
incomplete, so nothing unseen is ever reported as removed.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from boards.sources.base import Fetch, Request, Response
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

MAX_OTHER_LOCATIONS = 20


def first_response(fetch: Fetch, request: Request) -> Response:
    """The first request of a check: any failure propagates (the board is unreadable)."""
    response = fetch(request)
    if response.status >= 400:
        raise AppError(
            "UPSTREAM_ERROR", f"HTTP {response.status} from {request.url}", extra={"http_status": response.status}
        )
    return response


def later_response(fetch: Fetch, request: Request) -> Response | None:
    """A follow-up request: a refusal (429, 403, timeout…) ends paging instead of failing the check."""
    try:
        response = fetch(request)
    except AppError as exc:
        logger.info("follow-up request refused", extra={"url": request.url, "code": exc.code})
        return None
    if response.status >= 400:
        logger.info("follow-up request failed", extra={"url": request.url, "status": response.status})
        return None
    return response


def load_json(response: Response) -> Any:
    try:
        return json.loads(response.body)
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deeply to decode
        raise AppError("PARSE_ERROR", f"could not parse response: {exc}") from None


def later_json(fetch: Fetch, request: Request) -> Any | None:
    """A follow-up page as JSON, or None when it was refused or is not JSON."""
    response = later_response(fetch, request)
    if response is None:
        return None
    try:
        return json.loads(response.body)
    except (ValueError, RecursionError):
        logger.info("follow-up page is not JSON", extra={"url": request.url})
        return None


def http_status_of(exc: AppError) -> int | None:
    """The upstream HTTP status of a fetch failure (FetchError.http_status, or our own extra)."""
    status = getattr(exc, "http_status", None)
    if isinstance(status, int):
        return status
    extra = exc.extra.get("http_status")
    return extra if isinstance(extra, int) else None


def text(value: Any) -> str:
    """A trimmed string, or "" for anything that is not a non-blank string or a number."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):
        return ""
    if isinstance(value, int | float):
        return str(value)
    return ""


def others(primary: str, places: Iterable[str]) -> list[str]:
    """Further locations: unique, non-empty, without the primary, at most 20."""
    seen = {primary}
    result: list[str] = []
    for place in places:
        place = place.strip()
        if place and place not in seen:
            seen.add(place)
            result.append(place)
        if len(result) >= MAX_OTHER_LOCATIONS:
            break
    return result


def iso_from_epoch(seconds: Any) -> str | None:
    """Epoch seconds (Eightfold `postedTs`, `t_create`) as an ISO 8601 UTC timestamp."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        return None
    try:
        moment = datetime.fromtimestamp(seconds, tz=UTC)
    except (OverflowError, OSError, ValueError):
        return None
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def iso_date_prefix(value: Any) -> str | None:
    """`YYYY-MM-DD` from an ISO date or timestamp, else None (relative texts are never kept)."""
    value = text(value)
    match = _ISO_DATE.match(value)
    return match.group(0) if match else None
