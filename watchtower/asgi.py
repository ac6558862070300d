"""The ASGI entry point: Django for everything, with `/mcp` routed to the MCP bridge when it is
installed (see mcp_bridge/app.py)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "watchtower.settings")
django_app = get_asgi_application()

application = django_app
