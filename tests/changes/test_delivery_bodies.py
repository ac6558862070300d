"""Outbox rows hold change ids; the body is built from them when the row is first claimed and kept,
so retries send the same bytes (changes/services/delivery.py). Runs on SQLite and, with
DATABASE_URL set, on PostgreSQL."""

from __future__ import annotations

import hashlib
import hmac
import json
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from boards.models import Resource
from boards.services.check import resource_check
from changes.models import Change, DeliveryStatus, WebhookDelivery
from changes.services import delivery
from changes.services.delivery import PRUNED, payloads_build, webhooks_deliver_due
from changes.services.feed import changes_get
from changes.services.webhooks import webhooks_fan_out
from tests.fakes import FakeSite, greenhouse_job, serve_greenhouse
from watches.models import Client, Watch
from watches.services.clients import client_create
from watches.services.watches import watch_create

pytestmark = pytest.mark.django_db

HOOK_HOST = "hooks.acme.example"
HOOK = f"https://{HOOK_HOST}/in"
BOARD = "https://boards.greenhouse.io/acme"
IOS = greenhouse_job(1, "Senior iOS Engineer")
ANDROID = greenhouse_job(2, "Android Engineer", location="Berlin, Germany")


class Sent:
    """The webhook requests made, as (headers, body), answered with the hook's served status."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.requests: list[tuple[dict[str, str], bytes]] = []
        real = delivery.fetch

        def recording(url: str, **kwargs: Any) -> Any:
            self.requests.append((dict(kwargs["headers"]), kwargs["body"]))
            return real(url, **kwargs)

        monkeypatch.setattr(delivery, "fetch", recording)

    @property
    def bodies(self) -> list[dict[str, Any]]:
        return [json.loads(body) for _, body in self.requests]


@pytest.fixture
def sent(site: FakeSite, monkeypatch: pytest.MonkeyPatch) -> Sent:
    answer(site, 200)
    return Sent(monkeypatch)


def answer(site: FakeSite, status: int) -> None:
    site.serve(HOOK_HOST, "/in", "ok", status=status)


def hooked(**kwargs: Any) -> tuple[Client, dict[str, Any]]:
    client = client_create().client
    return client, watch_create(client=client, webhook_url=HOOK, **kwargs)


def checked(site: FakeSite, jobs: list[dict[str, Any]]) -> None:
    serve_greenhouse(site, "acme", jobs)
    resource_check(resource_id=Resource.objects.get().pk)


def fanned_out(site: FakeSite, jobs: list[dict[str, Any]], **watch: Any) -> tuple[Client, dict[str, Any]]:
    """A webhook watch, a check that writes `jobs`' changes, and their fan-out."""
    serve_greenhouse(site, "acme", [])
    watch_create(client=client_create().client, url=BOARD)  # the board, read by search watches too
    client, created = hooked(**watch)
    checked(site, jobs)
    assert webhooks_fan_out() == 1
    return client, created


def due_again() -> None:
    WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING).update(
        next_attempt_at=timezone.now() - timedelta(seconds=1)
    )


@pytest.mark.parametrize("watch", [{"url": BOARD, "label": "acme board"}, {"query": "engineer"}])
def test_the_body_built_from_stored_ids_is_what_get_changes_shows(site: FakeSite, sent: Sent, watch: Any) -> None:
    client, created = fanned_out(site, [IOS, ANDROID], **watch)
    [row] = WebhookDelivery.objects.all()
    assert row.payload is None and len(row.change_ids) == 2

    assert webhooks_deliver_due(workers=1) == 1

    [(headers, raw)] = sent.requests
    row.refresh_from_db()
    assert row.status == DeliveryStatus.DELIVERED
    body = json.loads(raw)
    assert row.payload is not None
    assert body == {"delivery_id": str(row.delivery_id), **row.payload}  # the stored body is what was sent
    assert body["watch_id"] == created["id"]
    assert (body["label"], body["url"], body["query"]) == (
        watch.get("label", ""),
        watch.get("url"),
        created.get("query") or None,
    )
    assert body["changes"] == changes_get(client=client, peek=True)["changes"]
    assert [change["data"]["job"]["title"] for change in body["changes"]] == ["Senior iOS Engineer", "Android Engineer"]
    secret = Watch.objects.get(public_id=created["id"]).webhook_secret
    timestamp = headers["x-watchtower-timestamp"]
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + raw, hashlib.sha256).hexdigest()
    assert headers["x-watchtower-signature"] == f"sha256={expected}"
    assert headers["x-watchtower-delivery"] == str(row.delivery_id)


def test_a_retry_sends_the_body_of_the_first_attempt(site: FakeSite, sent: Sent) -> None:
    fanned_out(site, [IOS, ANDROID], url=BOARD)
    answer(site, 503)
    webhooks_deliver_due(workers=1)
    [row] = WebhookDelivery.objects.all()
    assert row.status == DeliveryStatus.PENDING and row.payload is not None

    # What a body built again would differ by: a change deleted by retention since.
    Change.objects.filter(pk=row.change_ids[0]).delete()
    answer(site, 200)
    due_again()
    webhooks_deliver_due(workers=1)

    first, second = sent.requests
    assert first[1] == second[1] and len(json.loads(second[1])["changes"]) == 2
    assert first[0]["x-watchtower-delivery"] == second[0]["x-watchtower-delivery"]
    row.refresh_from_db()
    assert row.status == DeliveryStatus.DELIVERED and row.attempts == 2


def test_changes_pruned_before_the_first_attempt_are_left_out(site: FakeSite, sent: Sent) -> None:
    fanned_out(site, [IOS, ANDROID], url=BOARD)
    [row] = WebhookDelivery.objects.all()
    Change.objects.filter(pk=row.change_ids[0]).delete()

    webhooks_deliver_due(workers=1)

    [body] = sent.bodies
    assert [change["id"] for change in body["changes"]] == row.change_ids[1:]
    row.refresh_from_db()
    assert row.status == DeliveryStatus.DELIVERED


def test_a_row_whose_changes_were_all_pruned_is_not_sent_and_fails(site: FakeSite, sent: Sent) -> None:
    fanned_out(site, [IOS, ANDROID], url=BOARD)
    Change.objects.all().delete()

    assert webhooks_deliver_due(workers=1) == 1

    assert sent.requests == []
    [row] = WebhookDelivery.objects.all()
    assert row.status == DeliveryStatus.FAILED and row.last_error == PRUNED


def test_a_watch_that_expires_after_the_fan_out_is_sent_nothing(site: FakeSite, sent: Sent) -> None:
    _, created = fanned_out(site, [IOS], url=BOARD)
    expired_at = timezone.now() - timedelta(seconds=1)
    Watch.objects.filter(public_id=created["id"]).update(expires_at=expired_at)

    assert webhooks_deliver_due(workers=1) == 1

    assert sent.requests == []
    [row] = WebhookDelivery.objects.all()
    assert row.status == DeliveryStatus.FAILED and row.last_error == "watch deleted or webhook removed"
    assert Watch.objects.get(public_id=created["id"]).expires_at == expired_at  # not renewed


def test_a_row_written_with_its_body_is_sent_as_it_is_beside_new_ones(site: FakeSite, sent: Sent) -> None:
    _, created = fanned_out(site, [IOS], url=BOARD)
    watch = Watch.objects.get(public_id=created["id"])
    stored = {"watch_id": watch.public_id, "label": "", "url": BOARD, "query": None, "changes": [{"id": 0}]}
    old = WebhookDelivery.objects.create(watch=watch, payload=stored, first_change_id=0, last_change_id=0)
    WebhookDelivery.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(hours=1))

    assert webhooks_deliver_due(workers=1) == 2

    old_body, new_body = sorted(sent.bodies, key=lambda body: body["delivery_id"] != str(old.delivery_id))
    assert old_body == {"delivery_id": str(old.delivery_id), **stored}
    assert [change["data"]["job"]["title"] for change in new_body["changes"]] == ["Senior iOS Engineer"]


def test_bodies_are_built_for_rows_without_one_when_the_migration_is_reversed(site: FakeSite) -> None:
    fanned_out(site, [IOS, ANDROID], url=BOARD)
    [row] = WebhookDelivery.objects.all()

    assert payloads_build() == 1
    assert payloads_build() == 0

    row.refresh_from_db()
    assert row.payload is not None
    assert [change["id"] for change in row.payload["changes"]] == row.change_ids


@pytest.mark.django_db(transaction=True)
def test_the_migration_reverses_with_pending_rows_of_both_kinds(site: FakeSite) -> None:
    """Back to the schema before change ids, a row that has no body yet gets one (the code
    before needs one on every row) and a row written with its body keeps it; then forward again."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    _, created = fanned_out(site, [IOS, ANDROID], url=BOARD)
    watch = Watch.objects.get(public_id=created["id"])
    stored = {"watch_id": watch.public_id, "label": "", "url": BOARD, "query": None, "changes": [{"id": 0}]}
    old = WebhookDelivery.objects.create(watch=watch, payload=stored)
    new = WebhookDelivery.objects.get(payload__isnull=True)

    executor = MigrationExecutor(connection)
    executor.migrate([("changes", "0006_change_roles")])
    with connection.cursor() as cursor:
        cursor.execute("SELECT id, payload FROM changes_webhookdelivery ORDER BY id")
        bodies = {row_id: json.loads(payload) if isinstance(payload, str) else payload for row_id, payload in cursor}
    # Forward to the latest schema, not only to 0007: the tests after this one need every migration.
    forward = MigrationExecutor(connection)
    forward.migrate(forward.loader.graph.leaf_nodes())

    assert bodies[old.pk] == stored
    assert [change["id"] for change in bodies[new.pk]["changes"]] == new.change_ids
    assert bodies[new.pk]["changes"][0]["data"]["job"]["title"] == "Senior iOS Engineer"
