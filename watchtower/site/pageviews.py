"""Daily page-view counts by audience: one counter row per (day, path, audience), bumped in place.
Nothing about the visitor (address, User-Agent, cookie) is stored."""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from watches.services.usage import counts_record
from watchtower.site.audience import classify

logger = logging.getLogger(__name__)

PAGE_VIEW = "page_view"

View = Callable[..., HttpResponse]


def page_view_record(*, path: str, user_agent: str | None) -> None:
    counts_record(metric=PAGE_VIEW, dim=f"{path}|{classify(user_agent)}")


def counted(view: View) -> View:
    """Count a successful GET of the wrapped page; counting never breaks the page."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if request.method == "GET" and response.status_code == 200:
            try:
                page_view_record(path=request.path, user_agent=request.headers.get("User-Agent"))
            except Exception:
                logger.exception("could not count a page view of %s", request.path)
        return response

    return wrapper
