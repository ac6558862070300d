from __future__ import annotations

import hashlib
import hmac
import json
import socket
import time
from collections.abc import Iterator
from datetime import timedelta
from itertools import count
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from changes.models import DeliveryStatus, WebhookDelivery
from changes.services import delivery
from changes.services.delivery import MAX_ATTEMPTS, retry_delay, sign, webhooks_deliver_due
from tests.boards.fetch.servers import raw_server, read_request
from watches.models import Client, Watch, WatchKind

pytestmark = pytest.mark.django_db

SECRET = "whsec_test_secret"
_numbers = count(1)


@pytest.fixture(autouse=True)
def local_receivers(config) -> None:
    config(allow_private_networks=True, watch_ttl_days=30)


def make_watch(url: str, *, secret: str = SECRET) -> Watch:
    client = Client.objects.create(token_hash=f"hash-{next(_numbers)}")
    now = timezone.now()
    return Watch.objects.create(
        client=client,
        kind=WatchKind.SEARCH,
        query="ios",
        webhook_url=url,
        webhook_secret=secret,
        last_accessed_at=now - timedelta(days=10),
        expires_at=now + timedelta(days=20),
    )


def make_delivery(watch: Watch, *, change_id: int = 1) -> WebhookDelivery:
    return WebhookDelivery.objects.create(
        watch=watch,
        first_change_id=change_id,
        last_change_id=change_id,
        payload={"watch_id": watch.public_id, "label": "", "changes": [{"id": change_id, "type": "JOB_ADDED"}]},
    )


def make_due(*rows: WebhookDelivery) -> None:
    """Time passes: every pending row is due for its next attempt."""
    WebhookDelivery.objects.filter(pk__in=[row.pk for row in rows]).update(
        next_attempt_at=timezone.now() - timedelta(seconds=1)
    )


def receiver(httpserver: HTTPServer, statuses: list[int]) -> list[Request]:
    """Answer POST /hook with the given statuses in turn (the last one repeats); record requests."""
    seen: list[Request] = []

    def handle(request: Request) -> Response:
        seen.append(request)
        status = statuses[min(len(seen), len(statuses)) - 1]
        return Response("ok", status=status)

    httpserver.expect_request("/hook", method="POST").respond_with_handler(handle)
    return seen


def test_the_signature_is_an_hmac_of_timestamp_dot_body() -> None:
    expected = hmac.new(b"k", b"1700000000.{}", hashlib.sha256).hexdigest()
    assert sign("k", "1700000000", b"{}") == f"sha256={expected}"


def test_a_delivery_is_posted_signed_with_its_headers(httpserver: HTTPServer) -> None:
    seen = receiver(httpserver, [200])
    watch = make_watch(httpserver.url_for("/hook"))
    row = make_delivery(watch)

    assert webhooks_deliver_due(workers=1) == 1

    [request] = seen
    body = request.get_data()
    timestamp = request.headers["x-watchtower-timestamp"]
    assert request.headers["content-type"] == "application/json"
    assert request.headers["user-agent"].startswith("WatchtowerBot/")
    assert request.headers["x-watchtower-delivery"] == str(row.delivery_id)
    assert abs(int(timestamp) - timezone.now().timestamp()) < 60
    expected = hmac.new(SECRET.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    assert request.headers["x-watchtower-signature"] == f"sha256={expected}"
    assert row.payload is not None
    assert json.loads(body) == {"delivery_id": str(row.delivery_id), **row.payload}


def test_a_delivered_webhook_marks_the_row_and_extends_the_watch(httpserver: HTTPServer) -> None:
    receiver(httpserver, [204])
    watch = make_watch(httpserver.url_for("/hook"))
    row = make_delivery(watch)
    webhooks_deliver_due(workers=1)
    row.refresh_from_db()
    watch.refresh_from_db()
    assert row.status == DeliveryStatus.DELIVERED
    assert row.attempts == 1 and row.delivered_at is not None and row.last_error == ""
    assert timezone.now() - watch.last_accessed_at < timedelta(minutes=1)
    assert watch.expires_at - timezone.now() > timedelta(days=29)


def test_a_failed_attempt_is_retried_later_with_the_same_delivery_id(httpserver: HTTPServer) -> None:
    seen = receiver(httpserver, [503, 200])
    row = make_delivery(make_watch(httpserver.url_for("/hook")))

    webhooks_deliver_due(workers=1)
    row.refresh_from_db()
    assert row.status == DeliveryStatus.PENDING
    assert row.attempts == 1 and row.last_error == "HTTP 503"
    assert row.next_attempt_at - timezone.now() == pytest.approx(timedelta(seconds=60), abs=timedelta(seconds=5))
    assert webhooks_deliver_due(workers=1) == 0  # not due yet

    make_due(row)
    webhooks_deliver_due(workers=1)
    row.refresh_from_db()
    assert row.status == DeliveryStatus.DELIVERED and row.attempts == 2
    assert [r.headers["x-watchtower-delivery"] for r in seen] == [str(row.delivery_id)] * 2
    assert seen[0].headers["x-watchtower-signature"] != "" and seen[0].get_data() == seen[1].get_data()


def test_backoff_doubles_from_a_minute_and_is_capped() -> None:
    assert [retry_delay(n).total_seconds() for n in range(1, 8)] == [60, 120, 240, 480, 960, 1920, 3840]
    assert retry_delay(20) == timedelta(hours=6)


def test_a_receiver_that_never_answers_2xx_ends_in_failed_after_eight_attempts(httpserver: HTTPServer) -> None:
    seen = receiver(httpserver, [500])
    row = make_delivery(make_watch(httpserver.url_for("/hook")))
    for attempt in range(1, MAX_ATTEMPTS + 1):
        make_due(row)
        webhooks_deliver_due(workers=1)
        row.refresh_from_db()
        assert row.attempts == attempt
    assert row.status == DeliveryStatus.FAILED
    assert len(seen) == MAX_ATTEMPTS
    make_due(row)
    assert webhooks_deliver_due(workers=1) == 0


def test_a_redirect_is_not_followed_and_counts_as_a_failure(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/hook", method="POST").respond_with_data(
        "", status=302, headers={"location": httpserver.url_for("/elsewhere")}
    )
    row = make_delivery(make_watch(httpserver.url_for("/hook")))
    webhooks_deliver_due(workers=1)
    row.refresh_from_db()
    assert row.status == DeliveryStatus.PENDING and row.last_error == "HTTP 302"
    assert [request.path for request, _ in httpserver.log] == ["/hook"]


def dripping(status: int) -> Response:
    """`status` at once, then a body of unknown length that comes a byte every 0.2 s for 30 s."""

    def body() -> Iterator[bytes]:
        for _ in range(150):
            time.sleep(0.2)
            yield b"x"

    return Response(body(), status=status)


@pytest.mark.parametrize(
    ("answer", "status", "error"),
    [
        (Response(b"x" * 200_000, status=200), DeliveryStatus.DELIVERED, ""),
        (dripping(200), DeliveryStatus.DELIVERED, ""),
        (Response(b"x" * 200_000, status=500), DeliveryStatus.PENDING, "HTTP 500"),
        (dripping(503), DeliveryStatus.PENDING, "HTTP 503"),
    ],
    ids=["2xx-past-the-body-cap", "2xx-body-never-ends", "5xx-past-the-body-cap", "5xx-body-never-ends"],
)
def test_a_receiver_is_judged_by_its_status_whatever_its_body(
    httpserver: HTTPServer, config, answer: Response, status: str, error: str
) -> None:
    """The status line is the receiver's answer: a body past MAX_BODY_BYTES or one that never
    ends does not turn a 2xx into BODY_TOO_LARGE or TIMEOUT and a retry (the receiver would get
    the batch again each time), nor a 5xx into anything but its status; and the body is not
    waited for."""
    config(allow_private_networks=True, max_body_bytes=1024, fetch_timeout_seconds=10)
    httpserver.expect_request("/hook", method="POST").respond_with_response(answer)
    row = make_delivery(make_watch(httpserver.url_for("/hook")))
    started = time.monotonic()
    webhooks_deliver_due(workers=1)
    assert time.monotonic() - started < 5
    row.refresh_from_db()
    assert (row.status, row.attempts, row.last_error) == (status, 1, error)


def test_a_receiver_whose_answer_breaks_the_sender_fails_only_its_own_attempt(httpserver: HTTPServer) -> None:
    """A 302 whose Location is not UTF-8 raised UnicodeDecodeError out of the fetch and ended the
    whole run: every watch's batch stayed claimed and unsent until the lease ran out, and the
    hostile one never counted an attempt, so it broke every run, for everyone, for good."""
    httpserver.expect_request("/ok", method="POST").respond_with_data("", status=204)

    def hostile(conn: socket.socket) -> None:
        read_request(conn)
        conn.sendall(b"HTTP/1.1 302 Found\r\nLocation: http://\xff\xfe/\r\nContent-Length: 0\r\n\r\n")

    with raw_server(hostile) as port:
        bad = make_delivery(make_watch(f"http://127.0.0.1:{port}/hook"))
        good = [make_delivery(make_watch(httpserver.url_for("/ok")), change_id=n) for n in range(2, 6)]
        assert webhooks_deliver_due(workers=2) == 5

    bad.refresh_from_db()
    assert (bad.status, bad.attempts, bad.claim_token) == (DeliveryStatus.PENDING, 1, "")
    assert bad.last_error.startswith("SSRF_BLOCKED: unreadable redirect Location")
    assert WebhookDelivery.objects.filter(pk__in=[row.pk for row in good], status=DeliveryStatus.DELIVERED).count() == 4


def test_any_failure_in_the_sender_fails_that_attempt_only(httpserver: HTTPServer, monkeypatch) -> None:
    """The sender's safety net: whatever else a receiver's answer makes go wrong is that attempt's
    INTERNAL_ERROR, never the end of the run."""
    httpserver.expect_request("/ok", method="POST").respond_with_data("", status=204)
    real_fetch = delivery.fetch

    def fetch(url: str, **options: Any) -> Any:
        if url.endswith("/broken"):
            raise RuntimeError("a bug the receiver found")
        return real_fetch(url, **options)

    monkeypatch.setattr(delivery, "fetch", fetch)
    bad = make_delivery(make_watch(httpserver.url_for("/broken")))
    good = make_delivery(make_watch(httpserver.url_for("/ok")), change_id=2)

    assert webhooks_deliver_due(workers=2) == 2

    bad.refresh_from_db()
    good.refresh_from_db()
    assert (bad.status, bad.attempts, bad.last_error.split(":")[0]) == (DeliveryStatus.PENDING, 1, "INTERNAL_ERROR")
    assert good.status == DeliveryStatus.DELIVERED


def test_an_unreachable_receiver_is_a_failed_attempt(httpserver: HTTPServer) -> None:
    url = httpserver.url_for("/hook")
    httpserver.stop()
    try:
        row = make_delivery(make_watch(url))
        webhooks_deliver_due(workers=1)
        row.refresh_from_db()
        assert row.status == DeliveryStatus.PENDING and row.attempts == 1
        assert row.last_error.startswith("NETWORK_ERROR")
    finally:
        httpserver.start()


def test_a_deleted_watch_fails_its_deliveries_without_sending(httpserver: HTTPServer) -> None:
    seen = receiver(httpserver, [200])
    watch = make_watch(httpserver.url_for("/hook"))
    row = make_delivery(watch)
    Watch.objects.filter(pk=watch.pk).update(deleted_at=timezone.now())
    webhooks_deliver_due(workers=1)
    row.refresh_from_db()
    assert row.status == DeliveryStatus.FAILED and row.last_error == "watch deleted or webhook removed"
    assert seen == []


def test_an_expired_watch_not_yet_swept_gets_no_delivery_and_is_not_renewed(httpserver: HTTPServer) -> None:
    """Expiry is decided by `expires_at`, not by the maintenance sweep: a watch past it is gone, so
    its pending rows fail without a POST, and no delivery brings it back to life."""
    seen = receiver(httpserver, [200])
    watch = make_watch(httpserver.url_for("/hook"))
    row = make_delivery(watch)
    expired_at = timezone.now() - timedelta(seconds=1)
    Watch.objects.filter(pk=watch.pk).update(expires_at=expired_at)

    assert webhooks_deliver_due(workers=1) == 1

    row.refresh_from_db()
    watch.refresh_from_db()
    assert seen == []
    assert row.status == DeliveryStatus.FAILED and row.last_error == "watch deleted or webhook removed"
    assert watch.expires_at == expired_at and watch.deleted_at is None


def test_a_watch_that_expires_while_its_delivery_is_sent_is_not_renewed(monkeypatch) -> None:
    """The renewal is a conditional UPDATE on liveness: a watch that expired between the claim and
    the 2xx keeps its expiry."""
    watch = make_watch("https://hooks.example/hook")
    row = make_delivery(watch)
    expired_at = timezone.now() - timedelta(seconds=1)

    def expire_then_accept(row: WebhookDelivery, watch: Watch, keep_alive: object) -> delivery.Attempt:
        Watch.objects.filter(pk=watch.pk).update(expires_at=expired_at)
        return delivery.Attempt(True)

    monkeypatch.setattr(delivery, "_post", expire_then_accept)
    webhooks_deliver_due(workers=1)

    row.refresh_from_db()
    watch.refresh_from_db()
    assert row.status == DeliveryStatus.DELIVERED
    assert watch.expires_at == expired_at


def test_one_watchs_batches_arrive_in_order_after_an_outage(httpserver: HTTPServer) -> None:
    seen = receiver(httpserver, [500, 200])
    watch = make_watch(httpserver.url_for("/hook"))
    first = make_delivery(watch, change_id=1)
    second = make_delivery(watch, change_id=2)

    webhooks_deliver_due(workers=1)  # the first fails; the second is not sent to a failing receiver
    assert len(seen) == 1
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.attempts == second.attempts == 1
    assert second.last_error.startswith("not sent")

    third = make_delivery(watch, change_id=3)
    assert webhooks_deliver_due(workers=1) == 0  # the new batch waits behind the older ones

    make_due(first, second)
    assert webhooks_deliver_due(workers=1) == 3
    ids = [r.headers["x-watchtower-delivery"] for r in seen[1:]]
    assert ids == [str(first.delivery_id), str(second.delivery_id), str(third.delivery_id)]
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {DeliveryStatus.DELIVERED}


def test_a_claimed_delivery_is_not_sent_by_another_run_at_the_same_time(httpserver: HTTPServer) -> None:
    seen = receiver(httpserver, [200])
    row = make_delivery(make_watch(httpserver.url_for("/hook")))
    # Another runner has claimed it: its next attempt was pushed ahead as a lease.
    WebhookDelivery.objects.filter(pk=row.pk).update(
        claim_token="other", next_attempt_at=timezone.now() + timedelta(minutes=5)
    )
    assert webhooks_deliver_due(workers=1) == 0
    assert seen == []


@pytest.mark.django_db(transaction=True)
def test_several_watches_are_served_in_parallel_each_in_order(httpserver: HTTPServer) -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():  # type: ignore[attr-defined]
        pytest.skip("threads sharing in-memory SQLite lock tables instead of waiting")
    seen: list[Request] = []

    def handle(request: Request) -> Response:
        seen.append(request)
        return Response("ok", status=200)

    httpserver.expect_request("/hook", method="POST").respond_with_handler(handle)
    rows = []
    for _ in range(4):
        watch = make_watch(httpserver.url_for("/hook"), secret=f"secret-{next(_numbers)}")
        rows += [make_delivery(watch, change_id=n) for n in (1, 2, 3)]
    assert webhooks_deliver_due(workers=4) == 12
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {DeliveryStatus.DELIVERED}
    order = [r.headers["x-watchtower-delivery"] for r in seen]
    for watch_id in {row.watch_id for row in rows}:
        mine = [str(row.delivery_id) for row in rows if row.watch_id == watch_id]
        assert [d for d in order if d in mine] == mine
