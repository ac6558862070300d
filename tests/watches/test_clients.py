"""Who is calling: bearer resolution and the technical users behind OAuth grants
(watches/services/clients.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from oauth2_provider.models import get_access_token_model, get_application_model

from watches.models import Client
from watches.services.clients import bearer_token, client_create, client_for_bearer, technical_user

pytestmark = pytest.mark.django_db


def _access_token(client: Client, raw: str, *, scope: str = "watches", expires_in: int = 3600) -> int:
    application = get_application_model().objects.create(
        name="app",
        client_type="public",
        authorization_grant_type="authorization-code",
        redirect_uris="https://a.example/cb",
    )
    token = get_access_token_model()(
        user=technical_user(client),
        application=application,
        scope=scope,
        expires=timezone.now() + timedelta(seconds=expires_in),
    )
    token.token = raw
    token.save()
    return int(token.pk)


def test_it_reads_a_bearer_header_case_insensitively_and_nothing_else() -> None:
    assert bearer_token("bearer abc") == "abc"
    assert bearer_token("Bearer  abc ") == "abc"
    assert bearer_token("Basic abc") is None
    assert bearer_token("Bearer a b") is None
    assert bearer_token(None) is None


def test_a_client_token_and_an_oauth_token_resolve_to_their_client() -> None:
    created = client_create()
    _access_token(created.client, "OauthToken123")
    assert client_for_bearer(created.token) == created.client
    assert client_for_bearer("OauthToken123") == created.client


def test_expired_foreign_scope_and_unknown_tokens_resolve_to_nobody() -> None:
    created = client_create()
    _access_token(created.client, "Expired123", expires_in=-1)
    _access_token(created.client, "Registration123", scope="oauth2_provider:registration")
    assert client_for_bearer("Expired123") is None
    assert client_for_bearer("Registration123") is None
    assert client_for_bearer("wt_" + "n" * 32) is None
    assert client_for_bearer("nothing") is None


def test_a_client_gets_one_technical_user() -> None:
    client = client_create().client
    first = technical_user(client)
    assert technical_user(Client.objects.get(pk=client.pk)) == first
    assert not first.has_usable_password()
