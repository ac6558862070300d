"""The authorization server MCP clients sign in with (SPEC §13), built on django-oauth-toolkit."""
