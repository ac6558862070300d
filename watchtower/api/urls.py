"""The REST front door: `/v1/…` (SPEC §3.2), its schema and its docs."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path, re_path

from changes.api import ChangeAckApi, ChangeListApi
from watches.api import (
    ClientCreateApi,
    CompanyListApi,
    JobSearchApi,
    WatchCheckApi,
    WatchCreateApi,
    WatchDeleteApi,
    WatchGetApi,
    WatchListApi,
)
from watchtower.api.base import RouteNotFoundApi
from watchtower.api.docs import ApiDocsView, OpenApiSchemaApi
from watchtower.api.routing import method_route

urlpatterns: list[URLPattern | URLResolver] = [
    path("v1/clients", ClientCreateApi.as_view(), name="client-create"),
    path("v1/watches", method_route(get=WatchListApi, post=WatchCreateApi), name="watches"),
    path("v1/watches/<str:watch_id>", method_route(get=WatchGetApi, delete=WatchDeleteApi), name="watch"),
    path("v1/watches/<str:watch_id>/check", WatchCheckApi.as_view(), name="watch-check"),
    path("v1/changes", ChangeListApi.as_view(), name="changes"),
    path("v1/changes/ack", ChangeAckApi.as_view(), name="changes-ack"),
    path("v1/jobs/search", JobSearchApi.as_view(), name="jobs-search"),
    path("v1/companies", CompanyListApi.as_view(), name="companies"),
    path("v1/openapi.json", OpenApiSchemaApi.as_view(), name="openapi-schema"),
    re_path(r"^v1(?:/.*)?$", RouteNotFoundApi.as_view(), name="route-not-found"),
    path("docs/api", ApiDocsView.as_view(), name="api-docs"),
]
