"""Calling a Watchtower tool the way an agent does: the official MCP SDK client over Streamable HTTP."""

from __future__ import annotations

import json
from typing import Any

import anyio
import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import Implementation


def mcp_call(url: str, tool: str, arguments: dict[str, Any], *, token: str = "") -> Any:
    """Initialize, call one tool, return its JSON result (raises RuntimeError on a tool error)."""

    async def run() -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        async with httpx2.AsyncClient(headers=headers, timeout=60) as http:
            info = Implementation(name="watchtower-demo", version="1.0")
            async with Client(streamable_http_client(url, http_client=http), client_info=info) as client:
                result = await client.call_tool(tool, arguments)
        text = result.content[0].text  # type: ignore[union-attr]
        if result.is_error:
            raise RuntimeError(f"{tool} failed: {text}")
        return json.loads(text)

    return anyio.run(run)
