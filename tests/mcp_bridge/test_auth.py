"""The OAuth challenge of the MCP endpoint (mcp_bridge/auth.py)."""

from __future__ import annotations

from mcp_bridge.auth import challenge


def test_the_challenge_keeps_the_description_one_quoted_string(settings) -> None:
    value = challenge('say "hi" \\ now')
    base = settings.WATCHTOWER.public_base_url
    assert value.startswith(f'Bearer resource_metadata="{base}/.well-known/oauth-protected-resource/mcp"')
    assert 'error="invalid_token", error_description="say hi  now"' in value
    assert 'scope="watches"' in value


def test_without_a_description_the_challenge_names_no_error(settings) -> None:
    """RFC 6750 §3.1: a request that carried no token only lacks authentication."""
    value = challenge()
    assert "error" not in value
    assert value.startswith('Bearer resource_metadata="')
