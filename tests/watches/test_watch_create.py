from __future__ import annotations

import pytest

from tests.fakes import greenhouse_job, serve_greenhouse
from watches.models import Watch
from watches.services.clients import client_create
from watches.services.watches import watch_check_now, watch_create, watch_delete, watch_get
from watchtower.errors import AppError

pytestmark = pytest.mark.django_db


def error_of(call, **kwargs) -> AppError:
    with pytest.raises(AppError) as excinfo:
        call(**kwargs)
    return excinfo.value


def test_a_search_watch_needs_a_filter() -> None:
    client = client_create().client
    assert error_of(watch_create, client=client, query="jobs").code == "QUERY_TOO_BROAD"


def test_search_watches_count_against_the_client_limit(config) -> None:
    config(max_watches_per_client=2)
    client = client_create().client
    watch_create(client=client, query="ios")
    watch_create(client=client, query="android")
    error = error_of(watch_create, client=client, query="python")
    assert error.code == "WATCH_LIMIT" and error.status == 409


def test_urls_create_watches_and_report_errors_per_url(site) -> None:
    serve_greenhouse(site, "acme", [greenhouse_job(1, "iOS Engineer")])
    client = client_create().client
    body = watch_create(client=client, urls=["https://boards.greenhouse.io/acme", "ftp://nope"])
    assert len(body["watches"]) == 1
    assert body["errors"] == [
        {"url": "ftp://nope", "error": "VALIDATION_ERROR", "message": body["errors"][0]["message"]}
    ]


def test_url_and_urls_together_are_refused() -> None:
    client = client_create().client
    error = error_of(watch_create, client=client, url="https://a.example/x", urls=["https://b.example/y"])
    assert error.code == "VALIDATION_ERROR"


def test_another_clients_watch_is_not_found(site) -> None:
    serve_greenhouse(site, "acme", [])
    owner = client_create().client
    other = client_create().client
    watch = watch_create(client=owner, url="https://boards.greenhouse.io/acme")
    for call in (watch_get, watch_delete, watch_check_now):
        assert error_of(call, client=other, watch_id=watch["id"]).code == "NOT_FOUND"


def test_a_deleted_watch_is_gone(site) -> None:
    serve_greenhouse(site, "acme", [])
    client = client_create().client
    watch = watch_create(client=client, url="https://boards.greenhouse.io/acme")
    assert watch_delete(client=client, watch_id=watch["id"]) == {"deleted": True, "id": watch["id"]}
    assert error_of(watch_get, client=client, watch_id=watch["id"]).code == "NOT_FOUND"
    assert Watch.objects.get(public_id=watch["id"]).delete_reason == "deleted"


def test_check_now_is_refused_for_search_watches_and_too_soon(site, config) -> None:
    serve_greenhouse(site, "acme", [])
    client = client_create().client
    search = watch_create(client=client, query="ios")
    assert error_of(watch_check_now, client=client, watch_id=search["id"]).code == "NOT_SUPPORTED"
    config(min_check_interval_seconds=300)
    board = watch_create(client=client, url="https://boards.greenhouse.io/acme")
    assert error_of(watch_check_now, client=client, watch_id=board["id"]).code == "NOT_SUPPORTED"


def test_a_platform_board_with_open_jobs_joins_the_directory(site) -> None:
    from boards.models import Resource

    serve_greenhouse(site, "acme", [greenhouse_job(1, "iOS Engineer")])
    watch_create(client=client_create().client, url="https://boards.greenhouse.io/acme")
    resource = Resource.objects.get()
    assert resource.indexed and resource.index_origin == "watched"


def test_a_webhook_secret_is_shown_once(site) -> None:
    serve_greenhouse(site, "acme", [])
    client = client_create().client
    created = watch_create(
        client=client, url="https://boards.greenhouse.io/acme", webhook_url="https://hooks.acme.example/in"
    )
    assert created["webhook_secret"].startswith("whsec_")
    assert "webhook_secret" not in watch_get(client=client, watch_id=created["id"])


def test_a_board_url_whose_key_outgrows_its_column_is_refused_before_anything_is_written(site) -> None:
    # PostgreSQL refused the row (varchar(300)) and the request failed with a server error.
    with pytest.raises(AppError) as refused:
        watch_create(client=client_create().client, url="https://boards.greenhouse.io/" + "a" * 400)
    assert refused.value.code == "VALIDATION_ERROR" and "longer than 300" in refused.value.message
    assert not Watch.objects.exists()
