from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from boards.models import Job, Resource, Snapshot
from boards.services import stored
from boards.services.check import resource_check
from boards.services.resources import resource_get_or_create
from boards.services.rows import rows_copy
from boards.sources.registry import recognize
from changes.models import Change
from tests.fakes import GREENHOUSE_API, greenhouse_job, serve_greenhouse

pytestmark = pytest.mark.django_db


def acme() -> Resource:
    resource, _ = resource_get_or_create(board=recognize("https://boards.greenhouse.io/acme"))
    return resource


def test_the_first_check_is_a_baseline_without_events(site) -> None:
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    outcome = resource_check(resource_id=acme().pk)
    assert outcome.ok and outcome.outcome == "first_snapshot"
    assert outcome.jobs == 2
    assert Job.objects.count() == 2
    assert Change.objects.count() == 0
    resource = Resource.objects.get()
    assert resource.open_jobs == 2 and resource.content_hash and resource.last_checked_at is not None


def test_added_removed_and_updated_jobs_become_events(site) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    resource_check(resource_id=resource.pk)
    serve_greenhouse(
        site,
        "acme",
        [greenhouse_job(1, "Staff iOS Engineer"), greenhouse_job(3, "Data Scientist", location="Austin, TX")],
    )
    outcome = resource_check(resource_id=resource.pk)
    assert outcome.outcome == "changed" and outcome.changes == 3
    events = {(c.type, c.title) for c in Change.objects.all()}
    assert events == {
        ("JOB_UPDATED", "Staff iOS Engineer"),
        ("JOB_REMOVED", "Android Engineer"),
        ("JOB_ADDED", "Data Scientist"),
    }
    updated = Change.objects.get(type="JOB_UPDATED")
    assert updated.changed_fields == ["title"]
    assert updated.data["job"]["title"] == "Staff iOS Engineer"
    assert sorted(Job.objects.values_list("title", flat=True)) == ["Data Scientist", "Staff iOS Engineer"]
    assert Snapshot.objects.filter(resource=resource).count() == 1  # SNAPSHOT_RETENTION_DAYS=0 keeps the latest


def test_an_identical_board_is_unchanged(site) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    resource_check(resource_id=resource.pk)
    outcome = resource_check(resource_id=resource.pk)
    assert outcome.outcome == "unchanged"
    assert Change.objects.count() == 0


def test_a_failed_check_writes_only_the_failure_and_backs_off(site) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    resource_check(resource_id=resource.pk)
    serve_greenhouse(site, "acme", [], status=500)
    outcome = resource_check(resource_id=resource.pk)
    assert not outcome.ok and outcome.outcome == "error"
    after = Resource.objects.get(pk=resource.pk)
    assert after.consecutive_failures == 1
    assert after.last_error_code
    assert after.last_checked_at is not None
    assert after.next_check_at > after.last_checked_at
    assert Job.objects.count() == 1 and Change.objects.count() == 0


def test_a_stale_claim_does_nothing(site) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    outcome = resource_check(resource_id=resource.pk, claim_token="not-the-holder")
    assert outcome.outcome == "skipped"
    assert site.requests_to(GREENHOUSE_API) == []


def test_the_same_listing_bytes_skip_parsing(site, monkeypatch) -> None:
    from boards.sources import greenhouse

    resource = acme()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    resource_check(resource_id=resource.pk)
    assert Resource.objects.get(pk=resource.pk).body_hash

    def parse_must_not_run(*args, **kwargs):
        raise AssertionError("parsed although the bytes were the same")

    monkeypatch.setattr(greenhouse, "parse", parse_must_not_run)
    outcome = resource_check(resource_id=resource.pk)
    assert outcome.ok and outcome.outcome == "unchanged"


def test_a_later_check_writes_only_the_rows_that_changed(site, monkeypatch) -> None:
    """The baseline's freshness comes from the postings' own dates ("-04:00"), later checks read
    it back from the database (UTC): both must serve the same text, or the second check of every
    board rewrote every row (bench/big_board.py)."""
    resource = acme()
    kept = [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")]
    serve_greenhouse(site, "acme", kept)
    resource_check(resource_id=resource.pk)
    before = dict(Job.objects.values_list("key", "data"))
    serve_greenhouse(site, "acme", [*kept, greenhouse_job(3, "Data Scientist")])
    written: list[str] = []

    def recording(model, names, rows):
        if model is Job:
            written.extend(row[list(names).index("key")] for row in rows)
        rows_copy(model, names, rows)

    monkeypatch.setattr(stored, "rows_copy", recording)
    with CaptureQueriesContext(connection) as queries:
        outcome = resource_check(resource_id=resource.pk)
    assert outcome.outcome == "changed" and outcome.changes == 1
    after = dict(Job.objects.values_list("key", "data"))
    assert {key: after[key] for key in before} == before
    assert written == ["id:3"]
    assert not [query["sql"] for query in queries if 'DELETE FROM "boards_job"' in query["sql"]]


def test_baseline_jobs_are_ordered_by_their_posting_date(site) -> None:
    older = greenhouse_job(1, "Older", first_published="2026-01-01T00:00:00Z", updated_at="2026-01-01T00:00:00Z")
    newer = greenhouse_job(2, "Newer", first_published="2026-06-01T00:00:00Z", updated_at="2026-06-01T00:00:00Z")
    serve_greenhouse(site, "acme", [older, newer])
    resource_check(resource_id=acme().pk)
    assert list(Job.objects.order_by("-first_seen_at").values_list("title", flat=True)) == ["Newer", "Older"]


def test_a_check_that_lost_a_race_writes_nothing(site, monkeypatch) -> None:
    from boards.services import check, reading

    resource = acme()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    resource_check(resource_id=resource.pk)
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    real_read = reading.board_read

    def read_then_lose_the_race(*args, **kwargs):
        result = real_read(*args, **kwargs)
        Resource.objects.filter(pk=resource.pk).update(content_hash="written-by-another-check")
        return result

    monkeypatch.setattr(check, "board_read", read_then_lose_the_race)
    outcome = resource_check(resource_id=resource.pk)
    assert outcome.outcome == "raced"
    assert Change.objects.count() == 0
    assert Job.objects.count() == 1


def test_an_unreachable_robots_txt_backs_off_but_is_not_counted_as_a_refusal(site) -> None:
    from boards.fetch.errors import FetchError

    resource = acme()
    site.serve(GREENHOUSE_API, "/robots.txt", "down", status=503, content_type="text/plain")
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    outcome = resource_check(resource_id=resource.pk)
    assert outcome.code == "ROBOTS_DISALLOWED"
    stored = Resource.objects.get(pk=resource.pk)
    assert stored.blocked_at is None
    assert FetchError("ROBOTS_DISALLOWED", "x", transient=True).refusal is False


def test_a_check_derives_with_the_collector_paused_and_restarts_it(site, monkeypatch) -> None:
    import gc

    from boards.services import reading

    seen: list[bool] = []
    derive = reading.derive_job

    def derive_and_look(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return derive(*args, **kwargs)

    monkeypatch.setattr(reading, "derive_job", derive_and_look)
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    assert gc.isenabled()
    assert resource_check(resource_id=acme().pk).ok
    assert seen == [False]
    assert gc.isenabled()
