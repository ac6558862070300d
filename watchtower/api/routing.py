"""One path, several operations: `/v1/watches` is both "list" and "create". Each operation keeps
its own view class (its own serializers, tool name and budget); `method_route` sends each request
to the view of its method, and shows the schema generator one class holding all of them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponseBase
from rest_framework.views import APIView

from watchtower.api.base import ApiView

View = Callable[..., HttpResponseBase]


def method_route(**views: type[APIView]) -> View:
    """`method_route(get=WatchListApi, post=WatchCreateApi)`."""
    handlers = {method.upper(): view.as_view() for method, view in views.items()}
    if "GET" in handlers:
        handlers.setdefault("HEAD", handlers["GET"])
    # The schema generator reads operations from one class: give it the handlers of every view
    # (with their @extend_schema), on a class that also answers the methods nobody serves (405).
    attrs: dict[str, Any] = {method: getattr(view, method) for method, view in views.items()}
    route_class: type[APIView] = type("".join(view.__name__ for view in views.values()) + "Route", (ApiView,), attrs)
    fallback = route_class.as_view()

    def route(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        return handlers.get(request.method or "GET", fallback)(request, *args, **kwargs)

    route.cls = route_class  # type: ignore[attr-defined]
    route.initkwargs = {}  # type: ignore[attr-defined]
    route.csrf_exempt = True  # type: ignore[attr-defined]
    return route
