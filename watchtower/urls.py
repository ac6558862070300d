from __future__ import annotations

from django.contrib import admin
from django.urls import path

from watchtower.health import health

urlpatterns = [
    path("health", health, name="health"),
    path("admin/", admin.site.urls),
]
