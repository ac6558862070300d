from __future__ import annotations

from datetime import date, timedelta
from itertools import count

import pytest
import time_machine
from django.utils import timezone

from boards.groups import REPOST_WINDOW
from boards.models import HostLease, IndexOrigin, JobGroup, Resource, Snapshot
from changes.models import Change, DeliveryStatus, WebhookDelivery
from changes.services.maintenance import LOCK_KEY, maintenance_run
from watches.models import Client, CountsDaily, RateLimitWindow, UsageDaily, Watch, WatchKind

pytestmark = pytest.mark.django_db

_numbers = count(1)
DAY = timedelta(days=1)


def make_resource(*, age: timedelta = 2 * DAY, indexed: bool = False, origin: str = "", failures: int = 0) -> Resource:
    n = next(_numbers)
    return Resource.objects.create(
        url=f"https://boards.greenhouse.io/maint{n}",
        platform="greenhouse",
        fetch_host="boards-api.greenhouse.io",
        indexed=indexed,
        index_origin=origin,
        consecutive_failures=failures,
        created_at=timezone.now() - age,
    )


def make_client(*, unseen_for: timedelta = timedelta(0)) -> Client:
    return Client.objects.create(token_hash=f"hash-{next(_numbers)}", last_seen_at=timezone.now() - unseen_for)


def make_watch(
    client: Client,
    resource: Resource | None = None,
    *,
    expires_in: timedelta = 10 * DAY,
    deleted_ago: timedelta | None = None,
) -> Watch:
    now = timezone.now()
    return Watch.objects.create(
        client=client,
        resource=resource,
        kind=WatchKind.BOARD if resource else WatchKind.SEARCH,
        query="" if resource else "ios",
        expires_at=now + expires_in,
        deleted_at=now - deleted_ago if deleted_ago is not None else None,
    )


def make_change(resource: Resource, *, age: timedelta) -> Change:
    return Change.objects.create(
        resource=resource, type="JOB_ADDED", job_key="k", summary="New job", title="t", created_at=timezone.now() - age
    )


def test_a_watch_untouched_past_its_expiry_is_expired() -> None:
    client = make_client()
    stale = make_watch(client, expires_in=-timedelta(seconds=1))
    fresh = make_watch(client)
    counts = maintenance_run()
    assert counts is not None and counts["expired_watches"] == 1
    stale.refresh_from_db()
    fresh.refresh_from_db()
    assert stale.deleted_at is not None and stale.delete_reason == "expired"
    assert fresh.deleted_at is None


def test_changes_past_retention_are_deleted(config) -> None:
    config(change_retention_days=30)
    resource = make_resource()
    make_watch(make_client(), resource)
    old = make_change(resource, age=31 * DAY)
    recent = make_change(resource, age=29 * DAY)
    counts = maintenance_run()
    assert counts is not None and counts["deleted_changes"] == 1
    assert list(Change.objects.values_list("pk", flat=True)) == [recent.pk]
    assert not Change.objects.filter(pk=old.pk).exists()


def test_only_non_current_snapshots_past_retention_are_deleted(config) -> None:
    config(snapshot_retention_days=7)
    resource = make_resource(indexed=True, origin=IndexOrigin.DIRECTORY)
    now = timezone.now()
    old = Snapshot.objects.create(resource=resource, taken_at=now - 20 * DAY, content_hash="a")
    recent = Snapshot.objects.create(resource=resource, taken_at=now - 2 * DAY, content_hash="b")
    current = Snapshot.objects.create(resource=resource, taken_at=now - 1 * DAY, content_hash="c")
    lonely = make_resource(indexed=True, origin=IndexOrigin.DIRECTORY)
    only = Snapshot.objects.create(resource=lonely, taken_at=now - 90 * DAY, content_hash="d")
    counts = maintenance_run()
    assert counts is not None and counts["deleted_snapshots"] == 1
    assert set(Snapshot.objects.values_list("pk", flat=True)) == {recent.pk, current.pk, only.pk}
    assert not Snapshot.objects.filter(pk=old.pk).exists()


def test_with_zero_retention_only_the_current_snapshot_stays(config) -> None:
    config(snapshot_retention_days=0)
    resource = make_resource(indexed=True, origin=IndexOrigin.DIRECTORY)
    now = timezone.now()
    Snapshot.objects.create(resource=resource, taken_at=now - timedelta(minutes=10), content_hash="a")
    current = Snapshot.objects.create(resource=resource, taken_at=now - timedelta(minutes=1), content_hash="b")
    maintenance_run()
    assert list(Snapshot.objects.values_list("pk", flat=True)) == [current.pk]


def test_a_promoted_board_failing_eight_times_leaves_the_directory_but_a_listed_one_stays() -> None:
    promoted = make_resource(indexed=True, origin=IndexOrigin.WATCHED, failures=8)
    make_watch(make_client(), promoted, deleted_ago=DAY)  # its watch ended; the row keeps it for now
    healthy = make_resource(indexed=True, origin=IndexOrigin.WATCHED, failures=7)
    listed = make_resource(indexed=True, origin=IndexOrigin.DIRECTORY, failures=30)
    counts = maintenance_run()
    assert counts is not None and counts["unindexed_boards"] == 1
    assert not Resource.objects.get(pk=promoted.pk).indexed
    assert Resource.objects.get(pk=healthy.pk).indexed
    assert Resource.objects.get(pk=listed.pk).indexed


def test_an_unwatched_resource_outside_the_directory_is_deleted_after_a_day() -> None:
    orphan = make_resource(age=2 * DAY)
    young = make_resource(age=timedelta(hours=2))
    listed = make_resource(indexed=True, origin=IndexOrigin.DIRECTORY)
    watched = make_resource()
    make_watch(make_client(), watched)
    soft_deleted = make_resource()
    make_watch(make_client(), soft_deleted, deleted_ago=DAY)
    counts = maintenance_run()
    assert counts is not None and counts["deleted_resources"] == 1
    remaining = set(Resource.objects.values_list("pk", flat=True))
    assert orphan.pk not in remaining
    assert {young.pk, listed.pk, watched.pk, soft_deleted.pk} <= remaining


def test_soft_deleted_watches_are_purged_after_thirty_days_and_free_their_resource() -> None:
    resource = make_resource()
    make_watch(make_client(), resource, deleted_ago=31 * DAY)
    counts = maintenance_run()
    assert counts is not None and counts["purged_watches"] == 1 and counts["deleted_resources"] == 1
    assert not Resource.objects.filter(pk=resource.pk).exists()


def test_idle_clients_without_active_watches_are_deleted() -> None:
    idle = make_client(unseen_for=91 * DAY)
    idle_but_watching = make_client(unseen_for=91 * DAY)
    make_watch(idle_but_watching)
    recent = make_client(unseen_for=89 * DAY)
    counts = maintenance_run()
    assert counts is not None and counts["deleted_clients"] == 1
    remaining = set(Client.objects.values_list("pk", flat=True))
    assert idle.pk not in remaining and {idle_but_watching.pk, recent.pk} <= remaining


def test_old_rate_limit_windows_are_dropped() -> None:
    now = timezone.now()
    RateLimitWindow.objects.create(key="api:1.2.3.4", window_start=now - 2 * DAY, count=3)
    kept = RateLimitWindow.objects.create(key="api:1.2.3.4", window_start=now - timedelta(minutes=1), count=1)
    counts = maintenance_run()
    assert counts is not None and counts["deleted_rate_limit_windows"] == 1
    assert list(RateLimitWindow.objects.values_list("pk", flat=True)) == [kept.pk]


def test_finished_webhook_rows_are_deleted_after_a_week_but_pending_ones_stay() -> None:
    watch = make_watch(make_client())
    old = timezone.now() - 8 * DAY

    def row(status: str, created_at=old) -> WebhookDelivery:
        return WebhookDelivery.objects.create(watch=watch, payload={}, status=status, created_at=created_at)

    row(DeliveryStatus.DELIVERED)
    row(DeliveryStatus.FAILED)
    pending = row(DeliveryStatus.PENDING)
    recent = row(DeliveryStatus.DELIVERED, created_at=timezone.now())
    counts = maintenance_run()
    assert counts is not None and counts["deleted_deliveries"] == 2
    assert set(WebhookDelivery.objects.values_list("pk", flat=True)) == {pending.pk, recent.pk}


def test_daily_usage_and_counts_are_kept_four_hundred_days() -> None:
    today = timezone.now().date()
    old_day: date = today - timedelta(days=401)
    UsageDaily.objects.create(day=old_day, client_id=1, tool="get_changes", interface="rest", calls=2)
    UsageDaily.objects.create(day=today, client_id=1, tool="get_changes", interface="rest", calls=2)
    CountsDaily.objects.create(day=old_day, metric="page_view", dim="/|browser", n=1)
    CountsDaily.objects.create(day=today - timedelta(days=399), metric="page_view", dim="/|browser", n=1)
    counts = maintenance_run()
    assert counts is not None and counts["deleted_usage_rows"] == 2
    assert UsageDaily.objects.count() == 1 and CountsDaily.objects.count() == 1


def test_long_expired_host_leases_are_dropped() -> None:
    now = timezone.now()
    HostLease.objects.create(key="old.example", leased_until=now - timedelta(hours=2))
    HostLease.objects.create(key="recent.example", leased_until=now - timedelta(minutes=2))
    maintenance_run()
    assert set(HostLease.objects.values_list("key", flat=True)) == {"recent.example", LOCK_KEY}


def test_only_one_runner_at_a_time() -> None:
    HostLease.objects.create(key=LOCK_KEY, holder="another-replica", leased_until=timezone.now() + timedelta(minutes=5))
    client = make_client()
    make_watch(client, expires_in=-DAY)
    assert maintenance_run() is None
    assert Watch.objects.filter(deleted_at__isnull=True).count() == 1


def test_a_vacancy_closed_past_the_repost_window_is_forgotten_and_an_open_one_is_kept(config) -> None:
    resource = make_resource(indexed=True)
    closed = timezone.now()
    JobGroup.objects.create(resource=resource, key="open", first_seen_at=closed - 400 * DAY)
    JobGroup.objects.create(resource=resource, key="closed", first_seen_at=closed - 10 * DAY, closed_at=closed)
    with time_machine.travel(closed + REPOST_WINDOW - timedelta(hours=1)):  # it could still be reposted
        assert maintenance_run()["deleted_job_groups"] == 0  # type: ignore[index]
    with time_machine.travel(closed + REPOST_WINDOW + timedelta(hours=1)):
        config(change_retention_days=90)  # changes kept that long still say when it closed
        assert maintenance_run()["deleted_job_groups"] == 0  # type: ignore[index]
        config(change_retention_days=30)
        assert maintenance_run()["deleted_job_groups"] == 1  # type: ignore[index]
    assert list(JobGroup.objects.values_list("key", flat=True)) == ["open"]


def test_running_twice_changes_nothing_the_second_time() -> None:
    make_watch(make_client(), expires_in=-DAY)
    make_resource()
    first = maintenance_run()
    second = maintenance_run()
    assert first is not None and any(first.values())
    assert second is not None and not any(second.values())
