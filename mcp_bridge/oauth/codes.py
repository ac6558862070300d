"""Single-use authorization codes, to the letter of RFC 6749 §4.1.2: "If an authorization code is
used more than once, the authorization server MUST deny the request and SHOULD revoke (when
possible) all tokens previously issued based on that authorization code."

django-oauth-toolkit denies the second use (the grant is gone); this module remembers each
redeemed code (as a digest) with the token family it started, and revokes that family when the
code comes back. Records are kept as long as a refresh token lives, after which nothing issued
from the code can still be valid.
"""

from __future__ import annotations

import hashlib
import logging
import uuid
from datetime import timedelta

from django.utils import timezone
from oauth2_provider.models import get_access_token_model, get_refresh_token_model
from oauth2_provider.settings import oauth2_settings

from mcp_bridge.models import RedeemedCode

logger = logging.getLogger(__name__)


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode("utf-8")).hexdigest()


def issued_tokens(access_token: str) -> tuple[uuid.UUID | None, int | None]:
    """The token family and access-token id of a just-issued access token (given in the clear)."""
    row = (
        get_access_token_model()
        .objects.filter(token_checksum=hashlib.sha256(access_token.encode("utf-8")).hexdigest())
        .values_list("refresh_token__token_family", "pk")
        .first()
    )
    return (row[0], row[1]) if row else (None, None)


def code_redeemed(*, code: str, token_family: uuid.UUID | None, access_token_id: int | None) -> None:
    """Remember that `code` was exchanged for these tokens; forget records nothing can use any more."""
    now = timezone.now()
    keep = timedelta(seconds=oauth2_settings.REFRESH_TOKEN_EXPIRE_SECONDS or 0)
    RedeemedCode.objects.filter(redeemed_at__lt=now - keep).delete()
    RedeemedCode.objects.update_or_create(
        code_hash=_digest(code),
        defaults={"token_family": token_family, "access_token_id": access_token_id, "redeemed_at": now},
    )


def code_replayed(*, code: str) -> bool:
    """A code that does not validate: if it was redeemed before, revoke everything issued from it
    (the refresh-token family, rotated descendants included, and their access tokens). Returns
    whether it was a replay."""
    record = RedeemedCode.objects.filter(code_hash=_digest(code)).first()
    if record is None:
        return False
    tokens_revoke(token_family=record.token_family, access_token_id=record.access_token_id)
    logger.warning("Authorization code replayed; its tokens are revoked", extra={"redeemed_code": record.pk})
    return True


def tokens_revoke(*, token_family: uuid.UUID | None, access_token_id: int | None) -> None:
    if token_family is not None:
        get_refresh_token_model().revoke_family(token_family)
    if access_token_id is not None:
        get_access_token_model().objects.filter(pk=access_token_id).delete()
