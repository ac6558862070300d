"""Anonymous clients and who is calling.

A client token is a 192-bit random `wt_…` string, shown once; only its SHA-256 is stored.
Watchtower has no accounts, so an OAuth grant (django-oauth-toolkit) belongs to a technical Django
user that each connected client gets (`Client.user`), and an access token resolves to the client
owning that user. REST, the MCP gate and the consent page all read a bearer token here, so every
front door answers "who is calling" the same way.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from oauth2_provider.models import get_access_token_model

from watches.models import Client
from watchtower.config import current
from watchtower.errors import AppError

TOKEN_PREFIX = "wt_"
TOKEN_PATTERN = re.compile(r"^wt_[A-Za-z0-9_-]{20,64}$")
REF_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._-]{0,39}$")
# The one scope Watchtower grants: use the watch tools on behalf of one anonymous client.
OAUTH_SCOPE = "watches"
# RFC 6750 §2.1: `Bearer` (any case), one space, then a token without spaces.
BEARER_PATTERN = re.compile(r"^bearer\s+(\S+)\s*$", re.IGNORECASE)
TECHNICAL_USER_PREFIX = "wt-client-"
# last_seen_at is bumped at most this often, so authentication is not a write per request.
TOUCH_EVERY = timedelta(hours=1)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return TOKEN_PREFIX + secrets.token_urlsafe(24)  # 24 bytes = 192 bits


def clean_ref(ref: str | None) -> str:
    """A `?ref=` tag if it is well-formed, else empty (never an error)."""
    ref = (ref or "").strip().lower()
    return ref if REF_PATTERN.match(ref) else ""


@dataclass(frozen=True)
class NewClient:
    client: Client
    token: str  # shown once


def client_create(*, source: str = "", user_agent: str = "") -> NewClient:
    token = new_token()
    client = Client.objects.create(
        token_hash=token_hash(token), source=clean_ref(source) or source[:40], user_agent=user_agent[:200]
    )
    return NewClient(client=client, token=token)


def client_authenticate(*, token: str | None) -> Client:
    """The client owning `token`, or UNAUTHORIZED. Comparison is on the SHA-256 digest, looked up
    through a unique index and confirmed with a constant-time compare."""
    if not token or not TOKEN_PATTERN.match(token):
        raise AppError(
            "UNAUTHORIZED",
            'Missing or invalid token. Create one with POST /v1/clients and send it as "Authorization: Bearer <token>".',
        )
    digest = token_hash(token)
    # Raw SQL: every authenticated call runs this, and the queryset cost twice its CPU to compile.
    table = connection.ops.quote_name(Client._meta.db_table)
    found = Client.objects.raw(f"SELECT * FROM {table} WHERE {connection.ops.quote_name('token_hash')} = %s", [digest])
    client = next(iter(found), None)
    if client is None or not hmac.compare_digest(client.token_hash, digest):
        raise AppError("UNAUTHORIZED", "Unknown token.")
    client_touch(client=client)
    return client


def client_touch(*, client: Client) -> None:
    now = timezone.now()
    if now - client.last_seen_at >= TOUCH_EVERY:
        Client.objects.filter(pk=client.pk).update(last_seen_at=now)
        client.last_seen_at = now


class _AnotherWorkerWon(Exception):
    """Raised inside the transaction to roll back a technical user that lost the race."""


@dataclass(frozen=True)
class BearerIdentity:
    """The client a bearer token stands for."""

    client: Client


def bearer_token(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, or None."""
    match = BEARER_PATTERN.match(authorization or "")
    return match.group(1) if match else None


def bearer_identity(token: str) -> BearerIdentity | None:
    """Resolve a bearer token: a client token first (they all start `wt_`), else an OAuth access
    token that is unexpired, carries the `watches` scope, was issued for this server (its audience)
    and belongs to a client's technical user.

    Audience (RFC 8707; the MCP authorization spec's MUST): a token whose recorded `resource` does
    not cover `PUBLIC_BASE_URL/mcp` was issued for another resource server and is refused, so a
    token minted for someone else cannot be replayed here. A token with no recorded resource is
    accepted: the consent page records this server's resource when a client omits the parameter
    (mcp_bridge/oauth/consent.py), so only tokens issued before audiences were recorded have none."""
    if token.startswith(TOKEN_PREFIX):
        try:
            return BearerIdentity(client=client_authenticate(token=token))
        except AppError:
            return None
    checksum = hashlib.sha256(token.encode("utf-8")).hexdigest()
    access = get_access_token_model().objects.filter(token_checksum=checksum).first()
    if access is None or access.user_id is None or not access.is_valid([OAUTH_SCOPE]):
        return None
    if not access.allows_audience(current().mcp_resource):
        return None
    client = Client.objects.filter(user_id=access.user_id).first()
    if client is None:
        return None
    client_touch(client=client)
    return BearerIdentity(client=client)


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
