"""Discovery documents: RFC 9728 protected-resource metadata (where `/mcp` sends clients on a 401)
and RFC 8414 authorization-server metadata, served by django-oauth-toolkit's own views from its
settings (`OAUTH2_PROVIDER` in watchtower/settings.py: scopes, grant and response types, token
endpoint authentication, the PKCE gate, the issuer and the protected resource). The issuer and
resource are `PUBLIC_BASE_URL`, not the request's Host header, so the documents name the public
address even behind a proxy.

What the toolkit cannot know is filled in here: our OAuth endpoints live outside its URL namespace,
and registration is ours (mcp_bridge/oauth/registration.py), not its DCR view.
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from oauth2_provider.settings import oauth2_settings
from oauth2_provider.views import OAuthProtectedResourceMetadataView, OAuthServerMetadataView

from mcp_bridge.oauth.cors import open_cors

# The toolkit's endpoint names → ours. An endpoint we do not serve (revocation, introspection) is
# left out of the document, as the toolkit does for an unregistered one.
ENDPOINTS = {"authorize": "oauth-authorize", "token": "oauth-token"}


class AuthorizationServerMetadata(OAuthServerMetadataView):
    """The toolkit's RFC 8414 document, with our endpoints, our registration endpoint (RFC 7591),
    the one response mode the authorization endpoint uses, and where the service is documented."""

    def _get_endpoint_url(self, request: HttpRequest, view_name: str, required: bool = False) -> str | None:
        # Overrides the toolkit's (3.4) URL lookup, which reverses `oauth2_provider:<name>`;
        # tests/mcp_bridge/test_oauth_metadata.py fails if an upgrade stops calling it.
        name = ENDPOINTS.get(view_name)
        return f"{_issuer()}{reverse(name)}" if name else None

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        document = json.loads(super().get(request, *args, **kwargs).content)
        document["registration_endpoint"] = f"{_issuer()}{reverse('oauth-register')}"
        document["response_modes_supported"] = ["query"]
        document["service_documentation"] = f"{_issuer()}/"
        return JsonResponse(document)


def _issuer() -> str:
    return str(oauth2_settings.OIDC_ISS_ENDPOINT)


protected_resource = open_cors(OAuthProtectedResourceMetadataView.as_view(http_method_names=["get", "head", "options"]))
authorization_server = open_cors(AuthorizationServerMetadata.as_view(http_method_names=["get", "head", "options"]))
