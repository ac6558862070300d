"""The OpenAPI 3 schema (`/v1/openapi.json`) and the interactive docs (`/docs/api`, Swagger UI from
the sidecar package's static files: no CDN)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.renderers import OpenApiJsonRenderer2
from drf_spectacular.views import SpectacularJSONAPIView, SpectacularSwaggerSplitView
from rest_framework.permissions import AllowAny

from watchtower.api.base import ApiView


class OpenApiSchemaApi(ApiView, SpectacularJSONAPIView):
    """GET /v1/openapi.json: counted against the global budget like every /v1/ request."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    renderer_classes = [OpenApiJsonRenderer2]  # plain application/json
    schema = None


class ApiDocsView(SpectacularSwaggerSplitView):
    """GET /docs/api: Swagger UI on the schema above, every asset served from /static/, its start-up
    script too (`/docs/api?script=`): the site-wide CSP allows no inline script."""

    url_name = "openapi-schema"
    title = "Watchtower REST API"
