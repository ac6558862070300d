"""The OAuth challenge of the MCP endpoint (mcp_bridge/auth.py)."""

from __future__ import annotations

from mcp_bridge.auth import challenge


def test_the_challenge_keeps_the_description_one_quoted_string(settings) -> None:
    value = challenge('say "hi" \\ now')
    base = settings.WATCHTOWER.public_base_url
    assert value.startswith(f'Bearer resource_metadata="{base}/.well-known/oauth-protected-resource/mcp"')
    assert 'error_description="say hi  now"' in value
    assert 'scope="watches"' in value
