"""Anonymous clients: a 192-bit random token, shown once; only its SHA-256 is stored."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db import connection
from django.utils import timezone

from watches.models import Client
from watchtower.errors import AppError

TOKEN_PREFIX = "wt_"
TOKEN_PATTERN = re.compile(r"^wt_[A-Za-z0-9_-]{20,64}$")
REF_PATTERN = re.compile(r"^[a-z0-9][a-z0-9._-]{0,39}$")
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
