"""The server loads the place gazetteer when it starts, not in its first request that reads a place."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import MutableMapping
from typing import Any

from watchtower import embedded


def test_the_lifespan_start_loads_the_gazetteer_once_on_a_thread_of_its_own(monkeypatch) -> None:
    from watchtower import asgi

    lifespans: list[str] = []

    async def mcp_app(scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        # The SDK's session manager runs once per process (the MCP tests' server runs it), so the
        # MCP app is replaced here by one that only records the lifespan it was handed.
        lifespans.append(scope["type"])

    monkeypatch.setattr(asgi, "mcp_app", mcp_app)
    monkeypatch.setattr(asgi, "_warming", [])
    warmed: list[str] = []
    real_warm_up = embedded.warm_up

    def warm_up() -> None:
        real_warm_up()  # the gazetteer: places.resolve, cached once loaded
        warmed.append(threading.current_thread().name)

    monkeypatch.setattr(embedded, "warm_up", warm_up)

    async def receive() -> dict[str, Any]:
        return {"type": "lifespan.startup"}

    async def send(message: MutableMapping[str, Any]) -> None:
        return None

    asyncio.run(asgi.application({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, receive, send))
    assert lifespans == ["lifespan"]  # the lifespan still goes to the MCP app
    thread = asgi.warm_places()  # the same thread: started once per process
    assert thread is asgi._warming[0] and len(asgi._warming) == 1
    thread.join(timeout=60)
    assert not thread.is_alive()
    asgi.warm_places()
    assert warmed == ["warm-places"]
