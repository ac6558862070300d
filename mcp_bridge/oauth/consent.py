"""The authorization endpoint and its consent page.

Watchtower has no accounts, so there is no login: the person at the browser either creates a new
anonymous client in one click, or pastes a token they already have to connect that client (and keep
its watches). Either way the code is issued to the client's technical user (watches/services/clients.py)
through django-oauth-toolkit, which stores the PKCE challenge with it.

The query string of the authorization request is the state between the two steps: the form posts
back to the same URL, and the request is validated again from it, so a tampered hidden field has
nothing to tamper with.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import quote, urlencode, urlsplit, urlunsplit

from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.csrf import csrf_protect
from oauth2_provider.exceptions import FatalClientError, OAuthToolkitError
from oauth2_provider.http import OAuth2ResponseRedirect
from oauth2_provider.models import get_application_model
from oauth2_provider.scopes import get_scopes_backend
from oauth2_provider.views.mixins import OAuthLibMixin
from oauthlib import oauth2
from oauthlib.common import urlencoded
from oauthlib.oauth2.rfc6749.errors import CustomOAuth2Error, InvalidRequestError

from mcp_bridge.oauth.resources import INVALID_TARGET, first_invalid_resource
from watches.models import Client
from watches.services.clients import client_authenticate, client_create, technical_user
from watches.services.ratelimits import budgets, ratelimit_enforce
from watchtower.api.addresses import client_bucket
from watchtower.config import current
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

PKCE_REQUIRED = "PKCE with code_challenge_method=S256 is required"
BAD_TOKEN = "That token is not a valid Watchtower token."
TOO_MANY = "Too many clients were created from your network recently. Try again later, or paste an existing token."


class Refusal(Exception):
    """The consent page is shown again with a message (bad pasted token, budget spent)."""

    def __init__(self, message: str, status: int, *, details_open: bool) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.details_open = details_open


def _escaped_path(request: HttpRequest) -> str:
    """The request path with the query escaped the way oauthlib insists on (it refuses characters
    outside its `urlencoded` set rather than decoding them)."""
    parts = urlsplit(request.get_full_path())
    query = "".join(c if c in urlencoded else quote(c, safe="") for c in parts.query)
    return urlunsplit(("", "", parts.path, query, ""))


def _with_issuer(url: str) -> str:
    """RFC 9207: error responses carry `iss` too, so a client can tell which server answered."""
    separator = "&" if urlsplit(url).query else "?"
    return f"{url}{separator}{urlencode({'iss': current().public_base_url})}"


@method_decorator(csrf_protect, name="dispatch")
class AuthorizeView(OAuthLibMixin, View):
    http_method_names = ["get", "post"]

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        response = super().dispatch(request, *args, **kwargs)
        # The page carries a code-issuing form and may show a token: never cache it, never frame it
        # (clickjacking the "Connect" button would connect an attacker's app).
        response["Cache-Control"] = "no-store"
        response["Pragma"] = "no-cache"
        # The site-wide Content-Security-Policy (watchtower/security.py) says `frame-ancestors
        # 'none'` too. Referrer-Policy stays "same-origin": under "no-referrer" the browser would
        # post the form with `Origin: null`, which CSRF checking refuses.
        response["X-Frame-Options"] = "DENY"
        return response

    def get(self, request: HttpRequest) -> HttpResponse:
        checked = self._validate(request)
        if isinstance(checked, HttpResponse):
            return checked
        scopes, credentials = checked
        return self._consent(request, scopes, credentials)

    def post(self, request: HttpRequest) -> HttpResponse:
        checked = self._validate(request)
        if isinstance(checked, HttpResponse):
            return checked
        scopes, credentials = checked
        application = get_application_model().objects.get(client_id=credentials["client_id"])
        try:
            client = self._chosen_client(request, application.name)
        except Refusal as refusal:
            return self._consent(request, scopes, credentials, refusal=refusal)
        request.user = technical_user(client)  # type: ignore[assignment]  # DOT reads request.user
        try:
            uri, _headers, _body, _status = self.create_authorization_response(
                request=request, scopes=" ".join(scopes), credentials=credentials, allow=True
            )
        except OAuthToolkitError as error:
            return self._error(error)
        logger.info("OAuth code issued", extra={"client": client.pk, "application": application.client_id})
        response = OAuth2ResponseRedirect(uri, application.get_allowed_schemes())
        response.status_code = 303  # after a POST, the browser follows with a GET
        return response

    def _chosen_client(self, request: HttpRequest, app_name: str) -> Client:
        if request.POST.get("action") == "existing":
            try:
                return client_authenticate(token=request.POST.get("token", "").strip())
            except AppError:
                raise Refusal(BAD_TOKEN, 400, details_open=True) from None
        try:
            ratelimit_enforce(budget=budgets()["client_creation"], bucket=client_bucket(request))
        except AppError:
            raise Refusal(TOO_MANY, 429, details_open=True) from None
        return client_create(source="oauth", user_agent=app_name).client

    def _validate(self, request: HttpRequest) -> tuple[list[str], dict[str, Any]] | HttpResponse:
        """oauthlib's checks (client, redirect URI, response type, scope, PKCE present), then ours:
        the challenge method must be S256 (RFC 7636 §4.2; OAuth 2.1 §4.1.1 drops `plain`), and any
        RFC 8707 `resource` must be an absolute URI.

        The grant records the resource(s) asked for, and the tokens issued from it carry them as
        their audience (django-oauth-toolkit ≥ 3.4 stores `resource` on grants and tokens). A
        client that names none gets this server's own resource: RFC 8707 §2 lets the authorization
        server pick a default, and a token with a recorded audience cannot be used elsewhere."""
        core = self.get_oauthlib_core()
        try:
            try:
                scopes, credentials = core.server.validate_authorization_request(
                    _escaped_path(request), http_method="GET", body="", headers={}
                )
            except oauth2.FatalClientError as error:
                raise FatalClientError(error=error) from None
            except oauth2.OAuth2Error as error:
                raise OAuthToolkitError(error=error) from None
            credentials.pop("request", None)
            if credentials.get("code_challenge_method") != "S256":
                raise OAuthToolkitError(
                    error=InvalidRequestError(description=PKCE_REQUIRED, state=credentials.get("state")),
                    redirect_uri=credentials["redirect_uri"],
                )
            resources = request.GET.getlist("resource")
            if first_invalid_resource(resources) is not None:
                raise OAuthToolkitError(
                    error=CustomOAuth2Error(
                        error="invalid_target", description=INVALID_TARGET, state=credentials.get("state")
                    ),
                    redirect_uri=credentials["redirect_uri"],
                )
            credentials["resource"] = resources or [current().mcp_resource]
        except OAuthToolkitError as error:
            return self._error(error)
        return list(scopes), credentials

    def _error(self, error: OAuthToolkitError) -> HttpResponse:
        """RFC 6749 §4.1.2.1: an unknown client or a redirect URI that is not registered is shown to
        the person (never redirected: the address could be anyone's); anything else goes back to
        the app's redirect URI as `error`, `error_description`, `state`."""
        oauthlib_error = error.oauthlib_error
        redirect_uri = oauthlib_error.redirect_uri
        if isinstance(error, FatalClientError) or not redirect_uri:
            if oauthlib_error.error == "invalid_client_id" or "client_id" in (oauthlib_error.description or ""):
                message = "This app is not registered with Watchtower. Remove the connection and add it again."
            elif "redirect" in (oauthlib_error.description or "").lower():
                message = "The redirect address does not match the one this app registered."
            else:
                message = oauthlib_error.description or "This authorization request is not valid."
            return render(self.request, "mcp_bridge/authorize_error.html", {"message": message}, status=400)
        separator = "&" if "?" in redirect_uri else "?"
        url = _with_issuer(redirect_uri + separator + oauthlib_error.urlencoded)
        return OAuth2ResponseRedirect(url, ["https", "http"])

    def _consent(
        self,
        request: HttpRequest,
        scopes: list[str],
        credentials: dict[str, Any],
        refusal: Refusal | None = None,
    ) -> HttpResponse:
        application = get_application_model().objects.get(client_id=credentials["client_id"])
        descriptions = get_scopes_backend().get_all_scopes()
        context = {
            "app_name": application.name or "An MCP app",
            "redirect_host": urlsplit(credentials["redirect_uri"]).netloc,
            "scopes": [descriptions.get(scope, scope) for scope in scopes],
            "action_url": request.get_full_path(),
            "error": refusal.message if refusal else "",
            "details_open": bool(refusal and refusal.details_open),
            "base_url": current().public_base_url,
        }
        return render(request, "mcp_bridge/consent.html", context, status=refusal.status if refusal else 200)
