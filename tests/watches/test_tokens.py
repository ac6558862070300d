from __future__ import annotations

import hashlib

import pytest

from watches.models import Client
from watches.services.clients import client_authenticate, client_create, token_hash
from watchtower.errors import AppError


@pytest.mark.django_db
def test_only_the_sha256_of_the_token_is_stored() -> None:
    created = client_create(source="claude-code", user_agent="test")
    assert created.token.startswith("wt_")
    stored = Client.objects.get(pk=created.client.pk)
    assert stored.token_hash == hashlib.sha256(created.token.encode()).hexdigest()
    assert created.token not in str(Client.objects.values().get(pk=created.client.pk))


def test_tokens_carry_192_random_bits() -> None:
    from watches.services.clients import new_token

    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100
    assert all(len(t) == len("wt_") + 32 for t in tokens)  # 24 bytes in base64url


@pytest.mark.django_db
def test_a_token_authenticates_its_own_client() -> None:
    created = client_create()
    assert client_authenticate(token=created.token).pk == created.client.pk


@pytest.mark.django_db
@pytest.mark.parametrize("token", [None, "", "Bearer x", "wt_short", "wt_" + "A" * 32])
def test_a_missing_malformed_or_unknown_token_is_unauthorized(token) -> None:
    client_create()
    with pytest.raises(AppError) as excinfo:
        client_authenticate(token=token)
    assert excinfo.value.code == "UNAUTHORIZED"
    assert excinfo.value.status == 401


def test_the_hash_is_hex_sha256() -> None:
    assert token_hash("abc") == hashlib.sha256(b"abc").hexdigest()
