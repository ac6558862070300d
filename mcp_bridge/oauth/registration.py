"""Dynamic client registration (RFC 7591) for MCP clients, which register themselves anonymously.

django-oauth-toolkit's own DCR view also issues RFC 7592 management tokens and confidential clients
with secrets; MCP clients need neither, and a management endpoint would let a registration change
its redirect URIs after the checks below. So this view registers public clients only (a client
asking for `client_secret_post`/`client_secret_basic` is registered as public and told so), and
keeps DOT's `Application` model and its validation.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.http import require_http_methods
from oauth2_provider.models import get_application_model

from mcp_bridge.oauth.cors import open_cors
from watches.services.clients import OAUTH_SCOPE
from watches.services.ratelimits import budgets, ratelimit_enforce
from watchtower.api.addresses import client_bucket
from watchtower.errors import AppError

MAX_REDIRECT_URIS = 10
MAX_URI_LENGTH = 2000
MAX_NAME_LENGTH = 100
LOOPBACK_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")
GRANT_TYPES = ("authorization_code", "refresh_token")
# RFC 7591 §3.2.1 lets the server replace requested metadata and answer with what it registered.
# Common MCP clients ask for a client secret by default; they are registered as public clients
# (`none`, PKCE protects the code) and the response says so, instead of a 400 they cannot recover
# from. Methods that need keys Watchtower does not hold (private_key_jwt, …) are still refused.
AUTH_METHODS_REGISTERED_AS_NONE = frozenset({"none", "client_secret_post", "client_secret_basic"})


class RegistrationError(Exception):
    def __init__(self, error: str, description: str, status: int = 400) -> None:
        super().__init__(description)
        self.error = error
        self.description = description
        self.status = status


def redirect_uri_problem(uri: Any) -> str | None:
    """Why a redirect URI is refused, or None. https anywhere; http only to a loopback address,
    where a native app listens (RFC 8252 §7.3, OAuth 2.1 §2.3.1); no fragment (RFC 6749 §3.1.2);
    no credentials."""
    if not isinstance(uri, str) or not uri or len(uri) > MAX_URI_LENGTH:
        return "each redirect URI must be a string of at most 2000 characters"
    if CONTROL_CHARACTERS.search(uri):  # never in a URI (RFC 3986); a NUL failed the insert on PostgreSQL (a 500)
        return f"{uri!r} holds a control character"
    try:
        parts = urlsplit(uri)
        host = parts.hostname
    except ValueError:
        return f"{uri!r} is not a URL"
    if not host:
        return f"{uri!r} has no host"
    if parts.fragment or "#" in uri:
        return f"{uri!r} has a fragment"
    if parts.username is not None or parts.password is not None:
        return f"{uri!r} carries credentials"
    if parts.scheme == "https":
        return None
    if parts.scheme == "http" and host in LOOPBACK_HOSTS:
        return None
    return f"{uri!r} must use https (http is allowed only on localhost, 127.0.0.1 or [::1])"


def _metadata(request: HttpRequest) -> dict[str, Any]:
    try:
        data = json.loads(request.body or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):  # RecursionError: nested too deeply
        raise RegistrationError("invalid_client_metadata", "The body must be a JSON object.") from None
    if not isinstance(data, dict):
        raise RegistrationError("invalid_client_metadata", "The body must be a JSON object.")
    return data


def _validated(data: dict[str, Any]) -> tuple[list[str], str]:
    uris = data.get("redirect_uris")
    if not isinstance(uris, list) or not 1 <= len(uris) <= MAX_REDIRECT_URIS:
        raise RegistrationError("invalid_redirect_uri", "redirect_uris must list 1 to 10 URIs.")
    for uri in uris:
        problem = redirect_uri_problem(uri)
        if problem:
            raise RegistrationError("invalid_redirect_uri", problem)
    if data.get("token_endpoint_auth_method", "none") not in AUTH_METHODS_REGISTERED_AS_NONE:
        raise RegistrationError(
            "invalid_client_metadata",
            'Only public clients are registered: token_endpoint_auth_method must be "none" (PKCE protects the code).',
        )
    grants = data.get("grant_types", ["authorization_code"])
    if not isinstance(grants, list) or not set(grants) <= set(GRANT_TYPES) or "authorization_code" not in grants:
        raise RegistrationError(
            "invalid_client_metadata", "grant_types must be authorization_code (and refresh_token)."
        )
    if data.get("response_types", ["code"]) != ["code"]:
        raise RegistrationError("invalid_client_metadata", 'response_types must be ["code"].')
    raw_name = data.get("client_name", "")
    name = CONTROL_CHARACTERS.sub("", raw_name if isinstance(raw_name, str) else "").strip()[:MAX_NAME_LENGTH]
    return [str(uri) for uri in uris], name


def _error(error: str, description: str, status: int, retry_after: int | None = None) -> HttpResponse:
    response = JsonResponse({"error": error, "error_description": description}, status=status)
    response["Cache-Control"] = "no-store"
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


@open_cors
@require_http_methods(["POST", "OPTIONS"])
def register(request: HttpRequest) -> HttpResponse:
    try:
        ratelimit_enforce(budget=budgets()["oauth_register"], bucket=client_bucket(request))
        uris, name = _validated(_metadata(request))
    except AppError as error:
        return _error("rate_limited", error.message, 429, error.retry_after)
    except RegistrationError as error:
        return _error(error.error, error.description, error.status)
    application_model = get_application_model()
    application = application_model(
        name=name,
        client_type=application_model.CLIENT_PUBLIC,
        authorization_grant_type=application_model.GRANT_AUTHORIZATION_CODE,
        redirect_uris=" ".join(uris),
        client_secret="",
        registration_source=application_model.RegistrationSource.DCR,
    )
    try:
        application.full_clean()
    except ValidationError as error:
        return _error("invalid_client_metadata", "; ".join(error.messages), 400)
    application.save()
    body: dict[str, Any] = {
        "client_id": application.client_id,
        "client_id_issued_at": int(application.created.timestamp()),
        "redirect_uris": uris,
        "grant_types": list(GRANT_TYPES),
        "response_types": ["code"],
        "token_endpoint_auth_method": "none",
        "scope": OAUTH_SCOPE,
    }
    if name:
        body["client_name"] = name
    response = JsonResponse(body, status=201)
    response["Cache-Control"] = "no-store"
    return response
