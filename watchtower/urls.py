from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from watchtower.health import health

urlpatterns = [
    path("health", health, name="health"),
    path("admin/", admin.site.urls),
    path("", include("watchtower.api.urls")),
    path("", include("mcp_bridge.urls")),
    path("", include("watchtower.site.urls")),
]
