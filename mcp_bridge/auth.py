"""Who is calling: a `wt_…` client token, or an OAuth access token issued by django-oauth-toolkit.

Watchtower has no accounts. An OAuth grant belongs to a Django user, so every client that connects an
app over OAuth gets one technical user (`Client.user`), and an access token resolves to the client
owning that user. REST reuses `client_for_bearer` so both front doors read a bearer the same way.
"""

from __future__ import annotations

import hashlib
import logging
import re
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from oauth2_provider.models import get_access_token_model, get_refresh_token_model

from watches.models import Client, Watch
from watches.services.clients import TOKEN_PREFIX, client_authenticate, client_touch
from watchtower.config import current
from watchtower.errors import AppError

logger = logging.getLogger(__name__)

# The one scope Watchtower grants: use the watch tools on behalf of one anonymous client.
OAUTH_SCOPE = "watches"
# RFC 6750 §2.1: `Bearer` (any case), one space, then a token without spaces.
BEARER_PATTERN = re.compile(r"^bearer\s+(\S+)\s*$", re.IGNORECASE)
TECHNICAL_USER_PREFIX = "wt-client-"


class _AnotherWorkerWon(Exception):
    """Raised inside the transaction to roll back a technical user that lost the race."""


@dataclass(frozen=True)
class BearerIdentity:
    """The client a bearer token stands for; `access_token_id` is set for an OAuth connection."""

    client: Client
    access_token_id: int | None = None


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, or None."""
    match = BEARER_PATTERN.match(authorization or "")
    return match.group(1) if match else None


def bearer_identity(token: str) -> BearerIdentity | None:
    """Resolve a bearer token: a client token first (they all start `wt_`), else an OAuth access
    token that is unexpired, carries the `watches` scope and belongs to a client's technical user."""
    if token.startswith(TOKEN_PREFIX):
        try:
            return BearerIdentity(client=client_authenticate(token=token))
        except AppError:
            return None
    checksum = hashlib.sha256(token.encode("utf-8")).hexdigest()
    access = get_access_token_model().objects.filter(token_checksum=checksum).first()
    if access is None or access.user_id is None or not access.is_valid([OAUTH_SCOPE]):
        return None
    client = Client.objects.filter(user_id=access.user_id).first()
    if client is None:
        return None
    client_touch(client=client)
    return BearerIdentity(client=client, access_token_id=access.pk)


def client_for_bearer(token: str) -> Client | None:
    """The client behind a bearer token (client token or OAuth access token), or None if unknown,
    expired or revoked."""
    identity = bearer_identity(token)
    return identity.client if identity else None


def technical_user(client: Client) -> AbstractBaseUser:
    """The Django user that OAuth grants for `client` belong to, created on first use.

    Two consent pages for one client may race: the conditional UPDATE lets exactly one user win,
    and the loser's freshly created user is removed again."""
    user_model = get_user_model()
    if client.user_id is not None:
        return user_model.objects.get(pk=client.user_id)
    try:
        with transaction.atomic():
            user = user_model(username=f"{TECHNICAL_USER_PREFIX}{client.pk}")
            user.set_unusable_password()
            user.save()
            if Client.objects.filter(pk=client.pk, user__isnull=True).update(user=user) != 1:
                raise _AnotherWorkerWon
    except (_AnotherWorkerWon, IntegrityError):
        client.refresh_from_db(fields=["user"])
        if client.user is None:
            raise AppError("INTERNAL_ERROR", "Could not connect this client; try again.") from None
        return client.user
    client.user = user
    return user


def connection_adopt(*, access_token_id: int, connected: Client, target: Client) -> bool:
    """SPEC §13: a call with both an OAuth connection and a `client_token` moves the connection to
    the token's client when the connected client has no active watches, so a user who connects the
    app keeps the watches made before. Only this connection's access and refresh tokens move; the
    client token itself is never touched. Returns whether the connection moved."""
    if connected.pk == target.pk:
        return False
    if Watch.objects.live().filter(client=connected).exists():
        return False
    user = technical_user(target)
    with transaction.atomic():
        moved = get_access_token_model().objects.filter(pk=access_token_id).update(user=user)
        get_refresh_token_model().objects.filter(access_token_id=access_token_id).update(user=user)
    if moved:
        logger.info(
            "OAuth connection moved to the client_token's client",
            extra={"from_client": connected.pk, "to_client": target.pk},
        )
    return bool(moved)


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
