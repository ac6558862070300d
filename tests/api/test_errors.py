from __future__ import annotations

import pytest

from watches import api as watches_api
from watchtower.api.middleware import MAX_REQUEST_BODY_BYTES

pytestmark = pytest.mark.django_db


def test_an_unknown_route_under_v1_is_json(http) -> None:
    for path in ("/v1/nope", "/v1/watches/w_1/nope", "/v1", "/v1/"):
        response = http.get(path)
        assert response.status_code == 404, path
        assert response.json() == {"error": "NOT_FOUND", "message": "no such route; see /llms.txt"}


def test_an_unsupported_method_is_405_with_allow(http, agent) -> None:
    response = http.put("/v1/watches", {}, content_type="application/json", **agent.auth)
    assert response.status_code == 405
    assert response.json()["error"] == "METHOD_NOT_ALLOWED"
    assert "GET" in response["Allow"] and "POST" in response["Allow"]
    response = http.get("/v1/changes/ack", **agent.auth)
    assert (response.status_code, response.json()["error"]) == (405, "METHOD_NOT_ALLOWED")


def test_a_body_that_is_not_json_is_a_validation_error(http, agent) -> None:
    response = http.post("/v1/watches", "{not json", content_type="application/json", **agent.auth)
    assert response.status_code == 400
    assert response.json()["error"] == "VALIDATION_ERROR"


@pytest.mark.parametrize("path", ["/v1/watches", "/v1/clients", "/v1/jobs/search"])
def test_json_nested_too_deeply_is_a_validation_error(http, agent, path) -> None:
    """60 KB of nested arrays raised RecursionError in the JSON decoder: a 500 (issue 15)."""
    body = "[" * 30_000 + "]" * 30_000
    response = http.post(path, body, content_type="application/json", **agent.auth)
    assert response.status_code == 400
    assert response.json()["error"] == "VALIDATION_ERROR"
    assert "nested too deeply" in response.json()["message"]


def test_a_form_body_is_415(http, agent) -> None:
    response = http.post("/v1/watches", {"query": "ios"}, **agent.auth)  # multipart
    assert response.status_code == 415
    assert response.json()["error"] == "UNSUPPORTED_MEDIA_TYPE"


def test_a_json_array_body_is_a_validation_error(http, agent) -> None:
    response = http.post("/v1/watches", ["ios"], content_type="application/json", **agent.auth)
    assert response.status_code == 400
    assert "expected a JSON object" in response.json()["message"]


def test_field_errors_name_the_field(http, agent) -> None:
    body = {"keywords": ["ok", ""], "min_salary": -1, "seniority": ["wizard"], "interval_minutes": 0}
    response = http.post("/v1/watches", body, content_type="application/json", **agent.auth)
    assert response.status_code == 400
    message = response.json()["message"]
    for field in ("keywords.1:", "min_salary:", "seniority.0:", "interval_minutes:"):
        assert field in message
    assert message.count(";") >= 3


def test_a_body_over_64_kb_is_413(http, agent) -> None:
    body = '{"query": "' + "x" * MAX_REQUEST_BODY_BYTES + '"}'
    response = http.post("/v1/watches", body, content_type="application/json", **agent.auth)
    assert response.status_code == 413
    assert response.json()["error"] == "PAYLOAD_TOO_LARGE"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_body_just_under_the_cap_is_read(http, agent) -> None:
    body = '{"query": "ios"}' + " " * (MAX_REQUEST_BODY_BYTES - 100)
    response = http.post("/v1/jobs/search", body, content_type="application/json", **agent.auth)
    assert response.status_code == 200


@pytest.mark.parametrize("debug", [False, True])
def test_a_crash_is_internal_error_without_a_trace(http, agent, settings, monkeypatch, caplog, debug) -> None:
    settings.DEBUG = debug

    def crash(**kwargs):
        raise RuntimeError("secret detail from deep inside")

    monkeypatch.setattr(watches_api, "watch_list", crash)
    response = http.get("/v1/watches", **agent.auth)
    assert response.status_code == 500
    assert response.json() == {"error": "INTERNAL_ERROR", "message": "internal error"}
    assert b"secret detail" not in response.content and b"Traceback" not in response.content
    assert "secret detail" in caplog.text  # logged for the operator


def test_no_html_reaches_an_api_client_even_from_outside_drf(http, settings) -> None:
    settings.DEBUG = False
    response = http.get("/v1/watches", HTTP_HOST="evil.example")  # DisallowedHost, raised by Django
    assert response.status_code == 400
    assert response.json()["error"] == "BAD_REQUEST"


def test_every_answer_carries_the_security_headers(http, agent) -> None:
    for response in (
        http.get("/v1/watches", **agent.auth),
        http.get("/v1/watches"),
        http.get("/v1/nope"),
        http.post("/v1/clients", content_type="application/json"),
    ):
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "no-referrer"
        assert response["Content-Type"] == "application/json"


def test_an_accept_header_for_html_still_gets_json(http, agent) -> None:
    response = http.get("/v1/watches", HTTP_ACCEPT="text/html", **agent.auth)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"


def test_min_salary_is_capped_in_its_own_currency(http, agent) -> None:
    """96,000,000 COP a year (a Colombian's 8,000,000 a month) is a filter; 96,000,000 USD is refused
    (watches.filters.max_min_salary)."""
    pesos = {"keywords": ["backend"], "min_salary": 96_000_000, "salary_currency": "COP"}
    response = http.post("/v1/jobs/search", pesos, content_type="application/json", **agent.auth)
    assert response.status_code == 200, response.json()
    dollars = {"keywords": ["backend"], "min_salary": 96_000_000, "salary_currency": "USD"}
    response = http.post("/v1/jobs/search", dollars, content_type="application/json", **agent.auth)
    assert response.status_code == 400
    assert response.json()["error"] == "VALIDATION_ERROR"
    assert "min_salary must be between 0 and 10,000,000 in USD" in response.json()["message"]
