"""`Authorization: Bearer <token>` for the REST API (SPEC §13).

The header is read and the token resolved by `watches/services/clients.py`, the same code the MCP
gate uses: a client token (SHA-256 digest, constant-time compare) or an OAuth access token issued
to a connected app, so that app can also call REST with its token.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from watches.models import Client
from watches.services.clients import TOKEN_PREFIX, bearer_token, client_authenticate, client_for_bearer
from watchtower.errors import AppError

REALM = "watchtower"
MALFORMED = 'Send the token as "Authorization: Bearer <token>". Create one with POST /v1/clients.'


def client_for_token(token: str) -> Client:
    """The client a bearer token stands for: a client token (`wt_…`, refused with
    `client_authenticate`'s own message), else an OAuth access token."""
    if token.startswith(TOKEN_PREFIX):
        try:
            return client_authenticate(token=token)
        except AppError as exc:
            raise AuthenticationFailed(exc.message) from None
    client = client_for_bearer(token)
    if client is None:
        raise AuthenticationFailed("Unknown, expired or revoked token.")
    return client


class BearerAuthentication(BaseAuthentication):
    """No header → anonymous (the view's permission decides); a header → it must be valid."""

    def authenticate(self, request: Request) -> tuple[Client, str] | None:
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if not header:
            return None
        token = bearer_token(header)
        if token is None:
            raise AuthenticationFailed(MALFORMED)
        return client_for_token(token), token

    def authenticate_header(self, request: Request) -> str:
        """Declaring a challenge makes DRF answer 401 instead of 403 (RFC 6750 §3). A request
        without a bearer token (no header, or another scheme) gets no error code (§3.1); one
        whose token was refused gets `invalid_token`."""
        if bearer_token(request.META.get("HTTP_AUTHORIZATION")) is not None:
            return f'Bearer realm="{REALM}", error="invalid_token"'
        return f'Bearer realm="{REALM}"'


class ClientRequired(BasePermission):
    def has_permission(self, request: Request, view: Any) -> bool:
        return isinstance(request.user, Client)


def request_client(request: Request) -> Client:
    """The authenticated client of a view guarded by `ClientRequired`."""
    client = request.user
    if not isinstance(client, Client):
        raise AuthenticationFailed(MALFORMED)
    return client


class BearerAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "watchtower.api.auth.BearerAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A client token (`wt_…`) from POST /v1/clients, or an OAuth access token.",
        }
