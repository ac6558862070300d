"""Dead directory boards retire themselves after a week of "gone" answers; failing boards keep
their backoff; watched boards never retire; a watch or an operator revives a retired board."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.utils import timezone

from boards.models import IndexOrigin, Job, Resource
from boards.services.check import resource_check
from boards.services.directory import directory_sync, monitored_resources
from boards.services.resources import resource_get_or_create, resource_revive
from boards.services.retirement import RETIRE_AFTER
from boards.services.scheduler import resources_due
from boards.sources.registry import recognize
from tests.fakes import greenhouse_job, serve_greenhouse
from watches.services.clients import client_create
from watches.services.watches import watch_create
from watchtower.errors import AppError

pytestmark = pytest.mark.django_db

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def directory_board() -> Resource:
    resource, _ = resource_get_or_create(board=recognize("https://boards.greenhouse.io/acme"))
    Resource.objects.filter(pk=resource.pk).update(indexed=True, index_origin=IndexOrigin.DIRECTORY)
    return Resource.objects.get(pk=resource.pk)


def check_at(when: datetime, resource: Resource) -> Resource:
    with time_machine.travel(when, tick=False):
        resource_check(resource_id=resource.pk)
    return Resource.objects.get(pk=resource.pk)


def test_a_board_gone_for_a_week_is_retired_with_its_reason_and_not_checked_again(site, tmp_path) -> None:
    resource = directory_board()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    check_at(START, resource)
    assert Job.objects.count() == 1
    serve_greenhouse(site, "acme", [], status=404)
    first_gone = START + timedelta(hours=4)
    after = check_at(first_gone, resource)
    assert after.gone_since == first_gone and after.retired_at is None
    after = check_at(first_gone + timedelta(days=3), resource)  # gone, but not for a week yet
    assert after.retired_at is None and after.gone_since == first_gone
    retired_at = first_gone + RETIRE_AFTER
    after = check_at(retired_at, resource)
    assert after.retired_at == retired_at
    assert "HTTP 404" in after.retired_reason and first_gone.date().isoformat() in after.retired_reason
    assert after.open_jobs == 0 and Job.objects.count() == 0  # its week-old jobs are no longer searched
    listed = tmp_path / "boards.txt"
    listed.write_text("https://boards.greenhouse.io/acme\n", encoding="utf-8")
    with time_machine.travel(retired_at + timedelta(days=30), tick=False):
        assert directory_sync(files=[listed]).indexed == 1  # still listed: kept, and still retired
        assert resources_due(limit=10) == []
        assert list(monitored_resources()) == []
    assert Resource.objects.get(pk=resource.pk).retired_at == retired_at


def test_a_410_counts_as_gone_and_a_failure_between_breaks_the_run(site) -> None:
    resource = directory_board()
    serve_greenhouse(site, "acme", [], status=410)
    check_at(START, resource)
    serve_greenhouse(site, "acme", [], status=503)
    after = check_at(START + timedelta(days=4), resource)
    assert after.gone_since is None  # a failing host is not a dead board
    serve_greenhouse(site, "acme", [], status=410)
    after = check_at(START + timedelta(days=8), resource)
    assert after.gone_since == START + timedelta(days=8) and after.retired_at is None
    after = check_at(START + timedelta(days=15), resource)
    assert after.retired_at == START + timedelta(days=15)


def test_a_failing_board_keeps_its_backoff_and_is_never_retired(site) -> None:
    resource = directory_board()
    serve_greenhouse(site, "acme", [], status=500)
    for day in range(0, 15, 2):
        after = check_at(START + timedelta(days=day), resource)
        assert after.retired_at is None and after.gone_since is None
        assert after.next_check_at > START + timedelta(days=day)  # backed off, still scheduled
    assert after.consecutive_failures == 8


def test_a_success_ends_the_run(site) -> None:
    resource = directory_board()
    serve_greenhouse(site, "acme", [], status=404)
    check_at(START, resource)
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Data Engineer")])
    assert check_at(START + timedelta(days=2), resource).gone_since is None
    serve_greenhouse(site, "acme", [], status=404)
    check_at(START + timedelta(days=5), resource)
    assert check_at(START + timedelta(days=9), resource).retired_at is None  # gone only since day 5


def test_a_watched_board_is_never_retired(site) -> None:
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    client = client_create().client
    with time_machine.travel(START, tick=False):
        watch_create(client=client, url="https://boards.greenhouse.io/acme")
    resource = Resource.objects.get()
    Resource.objects.filter(pk=resource.pk).update(indexed=True, index_origin=IndexOrigin.DIRECTORY)
    serve_greenhouse(site, "acme", [], status=404)
    check_at(START + timedelta(hours=1), resource)
    after = check_at(START + timedelta(days=9), resource)
    assert after.gone_since == START + timedelta(hours=1) and after.retired_at is None


def test_a_watch_revives_a_retired_board(site) -> None:
    resource = directory_board()
    Resource.objects.filter(pk=resource.pk).update(
        retired_at=START, retired_reason="UPSTREAM_ERROR: HTTP 404", gone_since=START - timedelta(days=8)
    )
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    body = watch_create(client=client_create().client, url="https://boards.greenhouse.io/acme")
    assert body["initial_check"]["ok"] is True
    after = Resource.objects.get(pk=resource.pk)
    assert after.retired_at is None and after.retired_reason == "" and after.gone_since is None
    assert after.open_jobs == 1


def test_a_refused_watch_leaves_a_retired_board_retired(site) -> None:
    """Revived only when the watch is written: a board revived by a refused request would answer
    refusals from then on, which are failures, not "gone", and so would never retire again."""
    resource = directory_board()
    Resource.objects.filter(pk=resource.pk).update(
        retired_at=START, retired_reason="UPSTREAM_ERROR: HTTP 404", gone_since=START - timedelta(days=8)
    )
    serve_greenhouse(site, "acme", [], status=403)
    with pytest.raises(AppError) as refused:
        watch_create(client=client_create().client, url="https://boards.greenhouse.io/acme")
    assert refused.value.code == "ACCESS_DENIED"
    after = Resource.objects.get(pk=resource.pk)
    assert after.retired_at == START and after.retired_reason == "UPSTREAM_ERROR: HTTP 404"
    assert resources_due(limit=10) == []


def test_an_operator_revives_a_retired_board() -> None:
    resource = directory_board()
    assert resource_revive(resource) is False  # not retired: nothing to do
    Resource.objects.filter(pk=resource.pk).update(retired_at=START, retired_reason="gone", next_check_at=START)
    now = timezone.now()
    assert resource_revive(Resource.objects.get(pk=resource.pk), now=now) is True
    after = Resource.objects.get(pk=resource.pk)
    assert after.retired_at is None and after.next_check_at == now
    assert resources_due(limit=10) == [resource.pk]
