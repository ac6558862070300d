from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.django_db

OPERATIONS = {
    ("/v1/clients", "post"),
    ("/v1/watches", "get"),
    ("/v1/watches", "post"),
    ("/v1/watches/{watch_id}", "get"),
    ("/v1/watches/{watch_id}", "delete"),
    ("/v1/watches/{watch_id}/check", "post"),
    ("/v1/changes", "get"),
    ("/v1/changes/ack", "post"),
    ("/v1/jobs/search", "post"),
    ("/v1/companies", "get"),
}


@pytest.fixture
def schema(http) -> dict:
    response = http.get("/v1/openapi.json")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/") and "json" in response["Content-Type"]
    return response.json()


def test_the_schema_lists_every_route(schema) -> None:
    assert schema["openapi"].startswith("3.")
    found = {(path, method) for path, item in schema["paths"].items() for method in item}
    assert found == OPERATIONS


def test_every_error_response_is_documented_with_the_error_body(schema) -> None:
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            errors = {int(code) for code in operation["responses"] if int(code) >= 400}
            assert 429 in errors, (path, method)
            for code in errors:
                content = operation["responses"][str(code)]["content"]["application/json"]
                assert content["schema"] == {"$ref": "#/components/schemas/Error"}, (path, method, code)
    assert schema["components"]["schemas"]["Error"]["required"] == ["error", "message"]


def test_tokens_are_documented_as_bearer_auth(schema) -> None:
    assert schema["components"]["securitySchemes"]["bearerAuth"]["scheme"] == "bearer"
    watches = schema["paths"]["/v1/watches"]["get"]
    assert watches["security"] == [{"bearerAuth": []}]
    assert 401 in {int(code) for code in watches["responses"]}
    search = schema["paths"]["/v1/jobs/search"]["post"]
    assert {} in search["security"]  # no token needed
    assert "security" not in schema["paths"]["/v1/clients"]["post"] or schema["paths"]["/v1/clients"]["post"][
        "security"
    ] == [{}]


def test_the_interactive_docs_load_nothing_from_a_cdn(http) -> None:
    response = http.get("/docs/api")
    assert response.status_code == 200
    html = response.content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', html)
    # Swagger UI's start-up script is a file too (the site-wide CSP allows no inline script).
    assert sources and all(source.startswith(("/static/", "/docs/api?script")) for source in sources), sources
    assert "cdn" not in html.lower() and "https://" not in html
    for source in sources:
        assert http.get(source).status_code == 200, source
    script = http.get("/docs/api?script=").content.decode()
    assert "/v1/openapi.json" in script and "cdn" not in script.lower()
