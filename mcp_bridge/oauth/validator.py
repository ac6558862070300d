"""django-oauth-toolkit's request validator with one correction for the token endpoint."""

from __future__ import annotations

from typing import Any

from oauth2_provider.oauth2_validators import OAuth2Validator
from oauthlib.oauth2.rfc6749.errors import InvalidGrantError


class WatchtowerValidator(OAuth2Validator):
    def confirm_redirect_uri(
        self, client_id: str, code: str, redirect_uri: str, client: Any, *args: Any, **kwargs: Any
    ) -> bool:
        """RFC 6749 §5.2 names `invalid_grant` for a code whose redirection URI differs from the one
        of the authorization request; oauthlib would answer `invalid_request`."""
        if not super().confirm_redirect_uri(client_id, code, redirect_uri, client, *args, **kwargs):
            raise InvalidGrantError(description="redirect_uri differs from the one of the authorization request.")
        return True
