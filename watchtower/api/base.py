"""What every `/v1/` view shares: the per-address budgets, bearer authentication, usage counting
and the rate-limit headers. Views subclass `ApiView` and set `tool` (the MCP tool name their
calls are counted under) and, where SPEC §14 gives one, a route `budget`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.schemas.inspectors import ViewInspector
from rest_framework.views import APIView

from watches.models import Client
from watches.services.ratelimits import (
    Verdict,
    budget_refusal,
    budgets,
    client_budget_enforce,
    ratelimit_hit,
    request_budget_hit,
)
from watches.services.usage import counts_record, usage_record
from watchtower.api.addresses import client_bucket
from watchtower.api.auth import BearerAuthentication, ClientRequired
from watchtower.api.schema import ApiSchema
from watchtower.errors import AppError


class JsonOnly(DefaultContentNegotiation):
    """Always JSON, whatever `Accept` says: an agent sending `Accept: text/plain` still gets an
    answer it can read instead of a 406."""

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        renderer = next(iter(renderers), None) or JSONRenderer()
        return renderer, renderer.media_type


class ApiView(APIView):
    authentication_classes = [BearerAuthentication]
    permission_classes = [ClientRequired]
    content_negotiation_class = JsonOnly
    schema: ViewInspector | None = ApiSchema()
    tool: str = ""  # counted in usage_daily (authenticated) or counts_daily (anonymous_search)
    budget: str = ""  # a route budget of SPEC §14, on top of "global"
    count_anonymous: bool = False  # tokenless calls counted as anonymous_search

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        """1. The per-address budget (shared with MCP), before anything costs a token lookup.
        2. DRF's negotiation, authentication (a sent token must be valid) and permissions, then
           the per-client budget (shared with MCP).
        3. The route budget.
        4. One usage count: per client when authenticated, anonymous otherwise."""
        bucket = client_bucket(request)
        self.global_verdict = request_budget_hit(bucket=bucket)
        if not self.global_verdict.allowed:
            raise budget_refusal(budgets()["global"], self.global_verdict)
        super().initial(request, *args, **kwargs)
        if isinstance(request.user, Client):
            client_budget_enforce(client_id=request.user.pk)
        if self.budget:
            route = budgets()[self.budget]
            verdict = ratelimit_hit(budget=route, bucket=bucket)
            if not verdict.allowed:
                raise AppError(
                    "RATE_LIMITED",
                    f'rate limit "{route.name}" exceeded ({route.limit} per {route.window_seconds}s); '
                    f"retry in {verdict.retry_after}s",
                    retry_after=verdict.retry_after,
                )
        if self.tool:
            if isinstance(request.user, Client):
                usage_record(client_id=request.user.pk, tool=self.tool, interface="rest")
            elif self.count_anonymous:
                counts_record(metric="anonymous_search", dim=f"rest:{self.tool}")

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        verdict: Verdict | None = getattr(self, "global_verdict", None)
        if verdict is not None:
            response["X-RateLimit-Limit"] = str(verdict.limit)
            response["X-RateLimit-Remaining"] = str(verdict.remaining)
        return super().finalize_response(request, response, *args, **kwargs)


class RouteNotFoundApi(ApiView):
    """Any path under /v1/ that is not a route: JSON, never Django's HTML 404 page."""

    permission_classes: list[Any] = []
    schema = None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        raise AppError("NOT_FOUND", "no such route; see /llms.txt")
