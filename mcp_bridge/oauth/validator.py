"""django-oauth-toolkit's request validator with our corrections for the token endpoint."""

from __future__ import annotations

from typing import Any

from oauth2_provider.oauth2_validators import OAuth2Validator
from oauthlib.oauth2.rfc6749.errors import InvalidGrantError

from mcp_bridge.oauth.codes import code_redeemed, code_replayed, issued_tokens, tokens_revoke

ISSUED = "watchtower_issued"  # where save_bearer_token leaves the tokens for invalidate_authorization_code


class WatchtowerValidator(OAuth2Validator):
    def confirm_redirect_uri(
        self, client_id: str, code: str, redirect_uri: str, client: Any, *args: Any, **kwargs: Any
    ) -> bool:
        """RFC 6749 §5.2 names `invalid_grant` for a code whose redirection URI differs from the one
        of the authorization request; oauthlib would answer `invalid_request`."""
        if not super().confirm_redirect_uri(client_id, code, redirect_uri, client, *args, **kwargs):
            raise InvalidGrantError(description="redirect_uri differs from the one of the authorization request.")
        return True

    def validate_code(self, client_id: str, code: str, client: Any, request: Any, *args: Any, **kwargs: Any) -> bool:
        """A code that was already exchanged is refused (the toolkit has deleted its grant) and,
        RFC 6749 §4.1.2, the tokens issued from it are revoked (mcp_bridge/oauth/codes.py)."""
        if super().validate_code(client_id, code, client, request, *args, **kwargs):
            return True
        code_replayed(code=code)
        return False

    def save_bearer_token(self, token: dict[str, Any], request: Any, *args: Any, **kwargs: Any) -> Any:
        saved = super().save_bearer_token(token, request, *args, **kwargs)
        if request.grant_type == "authorization_code" and token.get("access_token"):
            setattr(request, ISSUED, issued_tokens(token["access_token"]))
        return saved

    def invalidate_authorization_code(self, client_id: str, code: str, request: Any, *args: Any, **kwargs: Any) -> None:
        """oauthlib calls this after saving the tokens. Two exchanges of one code racing each other
        both pass `validate_code`; the loser finds the grant gone, and that is a replay too: its own
        tokens and the winner's are revoked."""
        token_family, access_token_id = getattr(request, ISSUED, (None, None))
        try:
            super().invalidate_authorization_code(client_id, code, request, *args, **kwargs)
        except InvalidGrantError:
            tokens_revoke(token_family=token_family, access_token_id=access_token_id)
            code_replayed(code=code)
            raise
        code_redeemed(code=code, token_family=token_family, access_token_id=access_token_id)
