"""A run of the delivery service sends many watches' rows at once: a receiver that fails mid-way
changes nothing for the others, nothing delivered is sent again, a receiver's rows share one
connection, and what the run learns is written in a few statements as it goes."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from boards.fetch import connection as fetch_connection
from changes.models import DeliveryStatus, WebhookDelivery
from changes.services import delivery
from changes.services.delivery import webhooks_deliver_backlog, webhooks_deliver_due
from tests.changes.test_delivery import make_delivery, make_due, make_watch, receiver
from watches.models import Watch

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def local_receivers(config) -> None:
    config(allow_private_networks=True, watch_ttl_days=30)


class KeepAliveReceiver:
    """A receiver on 127.0.0.1 that keeps connections open (HTTP/1.1, 204 with a length), as a
    production receiver does; werkzeug's development server closes each one. Records the paths."""

    def __init__(self) -> None:
        paths = self.paths = []  # type: list[str]

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                return

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                paths.append(self.path)
                self.send_response(204)
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = int(self.server.server_address[1])
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url_for(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"


@pytest.fixture
def keep_alive_receiver() -> Iterator[KeepAliveReceiver]:
    receiver = KeepAliveReceiver()
    yield receiver
    receiver.server.shutdown()
    receiver.server.server_close()


@pytest.fixture
def connects(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every TCP connection the fetch layer opened."""
    seen: list[tuple[str, int]] = []
    real = fetch_connection.open_socket

    def counted(address: str, port: int, timeout: float, options: Any) -> Any:
        seen.append((address, port))
        return real(address, port, timeout, options)

    monkeypatch.setattr(fetch_connection, "open_socket", counted)
    return seen


def watches_with_rows(
    server: HTTPServer | KeepAliveReceiver, names: list[str], rows: int
) -> dict[str, list[WebhookDelivery]]:
    """A watch per name, its receiver at /hook/<name>, with `rows` deliveries each."""
    made: dict[str, list[WebhookDelivery]] = {}
    for name in names:
        watch = make_watch(server.url_for(f"/hook/{name}"), secret=f"secret-{name}")
        made[name] = [make_delivery(watch, change_id=n) for n in range(1, rows + 1)]
    return made


def test_a_receiver_that_fails_mid_run_is_retried_and_the_others_are_delivered_once(httpserver: HTTPServer) -> None:
    """b answers its second delivery with 500: its first stays delivered, the second is retried,
    the third waits unsent behind it; a and c get all three. The next run sends b's last two in
    order and nothing that was delivered."""
    received: list[tuple[str, str]] = []
    failed_once: set[str] = set()

    def handle(request: Request) -> Response:
        name = request.path.rsplit("/", 1)[1]
        received.append((name, request.headers["x-watchtower-delivery"]))
        if name == "b" and len([n for n, _ in received if n == "b"]) == 2 and "b" not in failed_once:
            failed_once.add("b")
            return Response("down", status=500)
        return Response("", status=204)

    for name in "abc":
        httpserver.expect_request(f"/hook/{name}", method="POST").respond_with_handler(handle)
    rows = watches_with_rows(httpserver, list("abc"), 3)

    assert webhooks_deliver_due(workers=3) == 9

    for row in (row for group in rows.values() for row in group):
        row.refresh_from_db()
    assert [row.status for row in rows["a"] + rows["c"]] == [DeliveryStatus.DELIVERED] * 6
    first, second, third = rows["b"]
    assert first.status == DeliveryStatus.DELIVERED
    assert (second.status, second.attempts, second.last_error) == (DeliveryStatus.PENDING, 1, "HTTP 500")
    assert (third.status, third.attempts) == (DeliveryStatus.PENDING, 1)
    assert third.last_error.startswith(f"not sent: delivery {second.delivery_id}")
    assert Counter(name for name, _ in received) == {"a": 3, "b": 2, "c": 3}

    make_due(second, third)
    assert webhooks_deliver_due(workers=3) == 2

    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {DeliveryStatus.DELIVERED}
    sent = Counter(delivery_id for _, delivery_id in received)
    assert sent[str(second.delivery_id)] == 2  # the failed one, again (same id)
    assert all(count == 1 for delivery_id, count in sent.items() if delivery_id != str(second.delivery_id))
    for name, group in rows.items():
        order = [delivery_id for n, delivery_id in received if n == name]
        assert list(dict.fromkeys(order)) == [str(row.delivery_id) for row in group]


def test_a_receivers_deliveries_in_one_run_share_one_connection(
    keep_alive_receiver: KeepAliveReceiver, connects: list[tuple[str, int]]
) -> None:
    rows = watches_with_rows(keep_alive_receiver, ["a"], 5)

    assert webhooks_deliver_due(workers=1) == 5

    assert keep_alive_receiver.paths == ["/hook/a"] * 5
    assert connects == [("127.0.0.1", keep_alive_receiver.port)]
    assert (
        WebhookDelivery.objects.filter(pk__in=[row.pk for row in rows["a"]], status=DeliveryStatus.DELIVERED).count()
        == 5
    )


def test_a_run_writes_its_deliveries_in_one_statement(httpserver: HTTPServer) -> None:
    """Ten watches with a delivery each: one claim, one UPDATE for the ten delivered rows, one
    renewing the ten watches."""
    for name in "abcdefghij":
        httpserver.expect_request(f"/hook/{name}", method="POST").respond_with_data("", status=204)
    rows = watches_with_rows(httpserver, list("abcdefghij"), 1)

    with CaptureQueriesContext(connection) as queries:
        assert webhooks_deliver_due(workers=4) == 10

    updates = Counter(
        table
        for query in queries.captured_queries
        if query["sql"].startswith("UPDATE")
        for table in (WebhookDelivery._meta.db_table, Watch._meta.db_table)
        if f'"{table}"' in query["sql"].split(" SET ")[0]
    )
    assert updates == {WebhookDelivery._meta.db_table: 2, Watch._meta.db_table: 1}
    watches = Watch.objects.filter(pk__in=[group[0].watch_id for group in rows.values()])
    assert all(watch.expires_at == watches[0].expires_at for watch in watches)
    assert WebhookDelivery.objects.filter(status=DeliveryStatus.DELIVERED, attempts=1).count() == 10


def test_what_a_run_learnt_is_written_while_it_is_still_sending(monkeypatch: pytest.MonkeyPatch) -> None:
    """A run that dies mid-way resends only what it had not written yet (at most RECORD_EVERY
    rows or RECORD_SECONDS of them): here, every row is written before the next watch is sent."""
    monkeypatch.setattr(delivery, "RECORD_EVERY", 1)
    rows = [make_delivery(make_watch(f"https://hooks.example/{name}")) for name in "abc"]
    seen_delivered: list[int] = []

    def accept(row: WebhookDelivery, watch: Watch, keep_alive: object) -> delivery.Attempt:
        seen_delivered.append(WebhookDelivery.objects.filter(status=DeliveryStatus.DELIVERED).count())
        return delivery.Attempt(True)

    monkeypatch.setattr(delivery, "_post", accept)
    assert webhooks_deliver_due(workers=1) == 3
    assert seen_delivered == [0, 1, 2]
    assert WebhookDelivery.objects.filter(pk__in=[row.pk for row in rows], status=DeliveryStatus.DELIVERED).count() == 3


def test_a_tick_sends_a_backlog_larger_than_one_run(httpserver: HTTPServer) -> None:
    """One tick keeps running while runs find rows due: six rows, runs of two, all sent in order."""
    seen = receiver(httpserver, [204])
    watch = make_watch(httpserver.url_for("/hook"))
    rows = [make_delivery(watch, change_id=n) for n in range(1, 7)]

    assert webhooks_deliver_backlog(seconds=60, limit=2) == 6

    assert [request.headers["x-watchtower-delivery"] for request in seen] == [str(row.delivery_id) for row in rows]
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {DeliveryStatus.DELIVERED}


def test_a_tick_stops_once_its_time_is_up(httpserver: HTTPServer) -> None:
    seen = receiver(httpserver, [204])
    watch = make_watch(httpserver.url_for("/hook"))
    for n in range(1, 7):
        make_delivery(watch, change_id=n)

    assert webhooks_deliver_backlog(seconds=0, limit=2) == 2

    assert len(seen) == 2
    assert WebhookDelivery.objects.filter(status=DeliveryStatus.PENDING).count() == 4


def test_a_newer_batch_never_overtakes_an_older_one_left_outside_the_claim(httpserver: HTTPServer) -> None:
    """Under a backlog, a watch's older row retried after a failure can be due later than its newer
    row (due since it was queued) and fall outside a run's `limit`: the newer one must wait."""
    seen = receiver(httpserver, [204])
    now = timezone.now()
    a = make_watch(httpserver.url_for("/hook"), secret="secret-a")
    older, newer = make_delivery(a, change_id=1), make_delivery(a, change_id=2)
    b = make_watch(httpserver.url_for("/hook"), secret="secret-b")
    others = [make_delivery(b, change_id=n) for n in (3, 4)]
    due_at = {older: 1, newer: 100, others[0]: 50, others[1]: 40}  # seconds ago
    for row, seconds in due_at.items():
        WebhookDelivery.objects.filter(pk=row.pk).update(next_attempt_at=now - timedelta(seconds=seconds))

    webhooks_deliver_backlog(seconds=60, limit=2)

    order = [request.headers["x-watchtower-delivery"] for request in seen]
    assert [d for d in order if d in {str(older.delivery_id), str(newer.delivery_id)}] == [
        str(older.delivery_id),
        str(newer.delivery_id),
    ]
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {DeliveryStatus.DELIVERED}
