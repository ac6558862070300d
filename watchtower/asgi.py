"""The ASGI entry point: Django for everything, `/mcp` for the MCP bridge (mcp_bridge/app.py).

A plain ASGI callable rather than a mounted sub-application, because a mounted app's lifespan never
runs and Django refuses lifespan scopes: the lifespan scope goes to the MCP app, whose lifespan
starts the SDK's session manager. Serve with `uvicorn --lifespan on` so a failure there is fatal.
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application
from starlette.types import Receive, Scope, Send

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "watchtower.settings")
django_app = get_asgi_application()

# Imported after Django is set up: the bridge touches models.
from mcp_bridge.app import MCP_PATH, build_mcp_app  # noqa: E402

mcp_app = build_mcp_app()


async def application(scope: Scope, receive: Receive, send: Send) -> None:
    if scope["type"] == "lifespan" or (scope["type"] == "http" and scope["path"].rstrip("/") == MCP_PATH):
        await mcp_app(scope, receive, send)
        return
    await django_app(scope, receive, send)  # type: ignore[arg-type]  # Starlette's and Django's ASGI types differ
