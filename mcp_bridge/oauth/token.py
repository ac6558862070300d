"""The token endpoint: django-oauth-toolkit's, with the per-address `oauth_token` budget and CORS.

DOT answers the authorization-code grant (checking the PKCE verifier, RFC 7636 §4.6, and the
redirect URI, RFC 6749 §4.1.3) and the refresh-token grant, once every RFC 8707 `resource` of the
request is one it can read (mcp_bridge/oauth/resources.py). Refresh tokens rotate: each use issues
a new one and revokes the old, and a replayed old one revokes the whole family (RFC 9700 §4.14.2,
settings `ROTATE_REFRESH_TOKEN` and `REFRESH_TOKEN_REUSE_PROTECTION`).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from oauth2_provider.views import TokenView

from mcp_bridge.oauth.resources import INVALID_TARGET, first_invalid_resource
from watches.services.ratelimits import budgets, ratelimit_enforce
from watchtower.api.addresses import client_bucket
from watchtower.errors import AppError


class WatchtowerTokenView(TokenView):
    http_method_names = ["post"]

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            ratelimit_enforce(budget=budgets()["oauth_token"], bucket=client_bucket(request))
        except AppError as error:
            limited = JsonResponse({"error": "slow_down", "error_description": error.message}, status=429)
            if error.retry_after:
                limited["Retry-After"] = str(error.retry_after)
            return limited
        if first_invalid_resource(request.POST.getlist("resource")) is not None:
            response: HttpResponse = JsonResponse(
                {"error": "invalid_target", "error_description": INVALID_TARGET}, status=400
            )
        else:
            response = super().post(request, *args, **kwargs)
        response["Cache-Control"] = "no-store"
        response["Pragma"] = "no-cache"
        return response
