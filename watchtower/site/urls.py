"""The public face (SPEC §3.2) and the operators' endpoints (SPEC §15), mounted at the root."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from watchtower.site import metrics_view, pages, stats_view, wellknown

urlpatterns: list[URLPattern | URLResolver] = [
    path("", pages.home, name="home"),
    path("llms.txt", pages.llms_txt, name="llms-txt"),
    path("robots.txt", pages.robots_txt, name="robots-txt"),
    path("privacy", pages.privacy, name="privacy"),
    path("companies", pages.companies, name="companies"),
    path(".well-known/watchtower.json", wellknown.watchtower_json, name="watchtower-json"),
    path(".well-known/mcp.json", wellknown.mcp_server_card, name="mcp-json"),
    path(".well-known/mcp-server-card", wellknown.mcp_server_card, name="mcp-server-card"),
    path(".well-known/mcp-registry-auth", wellknown.mcp_registry_auth, name="mcp-registry-auth"),
    path("metrics", metrics_view.metrics, name="metrics"),
    path("stats", stats_view.stats, name="stats"),
]
