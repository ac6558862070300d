"""RFC 8707 resource indicators as callers send them: `resource` on the authorization request and
on the token request.

django-oauth-toolkit's `is_valid_resource_uri` parses with `urllib.parse.urlsplit`, which raises
ValueError on a bracket it cannot read (`http://[::1`, `https://[not-an-address]/mcp`) instead of
returning a value to refuse; the toolkit lets that out, and both endpoints answered 500. Every
`resource` is checked here first, so a malformed one is `invalid_target` like any other.
"""

from __future__ import annotations

from oauth2_provider.oauth2_validators import is_valid_resource_uri

INVALID_TARGET = "resource must be an absolute URI with a scheme and a host, without user info or fragment"


def resource_is_valid(value: str) -> bool:
    """The toolkit's rule (absolute URI, scheme and host, no user info, no fragment), False for
    what the parser cannot read instead of an exception."""
    try:
        return bool(is_valid_resource_uri(value))
    except ValueError:
        return False


def first_invalid_resource(values: list[str]) -> str | None:
    return next((value for value in values if not resource_is_valid(value)), None)
