"""The MCP side of authentication: the OAuth challenge that tells a client where to sign in.
Who a bearer token stands for is decided in `watches/services/clients.py`, shared with REST."""

from __future__ import annotations

from watches.services.clients import OAUTH_SCOPE
from watchtower.config import current


def resource_metadata_url() -> str:
    return f"{current().public_base_url}/.well-known/oauth-protected-resource/mcp"


def challenge(description: str) -> str:
    """The `WWW-Authenticate` value that tells an MCP client where to start OAuth (RFC 9728 §5.1,
    RFC 6750 §3). Quotes and backslashes are dropped from the description so it stays one
    quoted-string."""
    clean = description.replace('"', "").replace("\\", "")
    return (
        f'Bearer resource_metadata="{resource_metadata_url()}", scope="{OAUTH_SCOPE}", '
        f'error="invalid_token", error_description="{clean}"'
    )
