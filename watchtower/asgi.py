"""The ASGI entry point: Django for everything, `/mcp` for the MCP bridge (mcp_bridge/app.py).

A plain ASGI callable rather than a mounted sub-application, because a mounted app's lifespan never
runs and Django refuses lifespan scopes: the lifespan scope goes to the MCP app, whose lifespan
starts the SDK's session manager. Serve with `uvicorn --lifespan on` so a failure there is fatal.

Django is served through its WSGI handler in a thread pool (watchtower/wsgi_bridge.py), not its
ASGI handler: every view is synchronous, and Django's ASGI handler runs them one at a time per
process (thread-sensitive sync_to_async) at twice the CPU per request (bench/api.py: 5.0 vs 10.5 ms for GET /v1/changes).
"""

from __future__ import annotations

import os
import threading

from django.core.wsgi import get_wsgi_application
from starlette.types import Receive, Scope, Send

from watchtower.api.middleware import MAX_REQUEST_BODY_BYTES
from watchtower.config import CONFIG
from watchtower.wsgi_bridge import WsgiBridge

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "watchtower.settings")
# Threads per process for Django requests: a watch creation may wait seconds on its first check.
django_app = WsgiBridge(get_wsgi_application(), workers=CONFIG.web_threads, max_body=MAX_REQUEST_BODY_BYTES)

# Imported after Django is set up: the bridge touches models.
from mcp_bridge.app import MCP_PATH, build_mcp_app  # noqa: E402

mcp_app = build_mcp_app()
_warming: list[threading.Thread] = []


def warm_places() -> threading.Thread:
    """At start-up, load the place gazetteer on a thread of its own, once per process. Otherwise
    the first request that reads a place (a search or a feed with `locations`, the query reader)
    waits one to several seconds for it; a worker process of a broker deployment never runs the
    embedded scheduler, whose threads load it for the checks (`watchtower.embedded.warm_up`)."""
    if not _warming:
        from watchtower.embedded import warm_up

        _warming.append(threading.Thread(target=warm_up, name="warm-places", daemon=True))
        _warming[0].start()
    return _warming[0]


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan":
        warm_places()
    if scope["type"] == "lifespan" or (scope["type"] == "http" and scope["path"].rstrip("/") == MCP_PATH):
        await mcp_app(scope, receive, send)
        return
    await django_app(scope, receive, send)
