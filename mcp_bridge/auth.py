"""The MCP side of authentication: the OAuth challenge that tells a client where to sign in.
Who a bearer token stands for is decided in `watches/services/clients.py`, shared with REST."""

from __future__ import annotations

from watches.services.clients import OAUTH_SCOPE
from watchtower.config import current


def resource_metadata_url() -> str:
    return f"{current().public_base_url}/.well-known/oauth-protected-resource/mcp"


def challenge(error_description: str | None = None) -> str:
    """The `WWW-Authenticate` value that tells an MCP client where to start OAuth (RFC 9728 §5.1).

    RFC 6750 §3.1: a request that carried no token gets the challenge without `error` (it only
    lacks authentication); a token that is unknown, expired, revoked or for another resource gets
    `error="invalid_token"` and the description. Quotes and backslashes are dropped from the
    description so it stays one quoted-string."""
    value = f'Bearer resource_metadata="{resource_metadata_url()}", scope="{OAUTH_SCOPE}"'
    if error_description is None:
        return value
    clean = error_description.replace('"', "").replace("\\", "")
    return f'{value}, error="invalid_token", error_description="{clean}"'
