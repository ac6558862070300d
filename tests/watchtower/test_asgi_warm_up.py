"""The server loads the place gazetteer when it starts, not in its first request that reads a place."""

from __future__ import annotations

import asyncio
from collections.abc import MutableMapping
from typing import Any

from matching.places import gazetteer


def test_the_lifespan_start_loads_the_gazetteer_once_on_a_thread_of_its_own(monkeypatch) -> None:
    from watchtower import asgi

    monkeypatch.setattr(asgi, "_warming", [])
    gazetteer.load.cache_clear()
    sent: list[MutableMapping[str, Any]] = []
    messages = iter([{"type": "lifespan.startup"}, {"type": "lifespan.shutdown"}])

    async def receive() -> dict[str, Any]:
        return next(messages)

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(message)

    asyncio.run(asgi.application({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, receive, send))
    thread = asgi.warm_places()  # the same thread: started once per process
    assert thread is asgi._warming[0] and len(asgi._warming) == 1
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert gazetteer.load.cache_info().currsize == 1
    assert [message["type"] for message in sent] == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
