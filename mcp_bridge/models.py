"""What the OAuth glue remembers beyond django-oauth-toolkit's own tables."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class RedeemedCode(models.Model):
    """An authorization code that was exchanged, and the tokens it bought.

    django-oauth-toolkit deletes a grant when its code is used, so a replay looks like any unknown
    code. RFC 6749 §4.1.2 asks more: a code used twice SHOULD revoke the tokens already issued from
    it, because one of the two callers stole it. The code is kept here as a SHA-256 digest (never
    the code itself) with the token family it started (every rotated refresh token inherits it)."""

    code_hash = models.CharField(max_length=64, unique=True)
    token_family = models.UUIDField(null=True, blank=True)
    access_token_id = models.BigIntegerField(null=True, blank=True)
    redeemed_at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"RedeemedCode #{self.pk}"
