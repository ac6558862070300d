from __future__ import annotations

import pytest

from watches.models import Client, UsageDaily
from watches.services.clients import token_hash

pytestmark = pytest.mark.django_db


def test_creating_a_client_returns_its_token_once(http) -> None:
    response = http.post("/v1/clients?ref=Claude-Code", content_type="application/json", HTTP_USER_AGENT="curl/8.5")
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"client_id", "token", "max_watches", "note"}
    assert body["token"].startswith("wt_") and body["max_watches"] == 50
    client = Client.objects.get(pk=body["client_id"])
    assert client.token_hash == token_hash(body["token"])
    assert (client.source, client.user_agent) == ("claude-code", "curl/8.5")


def test_a_malformed_ref_is_dropped_not_refused(http) -> None:
    response = http.post("/v1/clients?ref=%3Cscript%3E", content_type="application/json")
    assert response.status_code == 201
    assert Client.objects.get(pk=response.json()["client_id"]).source == ""


def test_the_new_token_works_at_once(http) -> None:
    token = http.post("/v1/clients", content_type="application/json").json()["token"]
    response = http.get("/v1/watches", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 200
    assert response.json()["watches"] == []


def test_creation_is_counted_for_the_new_client(http) -> None:
    client_id = http.post("/v1/clients", content_type="application/json").json()["client_id"]
    row = UsageDaily.objects.get(client_id=client_id)
    assert (row.tool, row.interface, row.calls) == ("create_client", "rest", 1)


def test_unknown_body_fields_are_named(http) -> None:
    response = http.post("/v1/clients", {"nmae": "x"}, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "VALIDATION_ERROR"
    assert "nmae" in response.json()["message"]


def test_a_form_body_is_refused_but_no_body_is_fine(http) -> None:
    assert http.post("/v1/clients", {"a": "b"}).status_code == 415
    assert http.generic("POST", "/v1/clients", b"").status_code == 201
