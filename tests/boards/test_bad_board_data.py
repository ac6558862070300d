"""Bad board data never poisons a check (issue 15 item 2).

A posting whose JSON title held a lone UTF-16 surrogate ("\\ud83d") used to raise outside the
check's error handling: the other new job on that board was never reported, the board stayed
`healthy: true`, it was retried as soon as its claim ran out, and creating a watch on it answered
500 and left the watch behind. Text is now cleaned where sources hand it on (`registry.read`), and
whatever else fails inside a check is recorded as that check's failure, with backoff and a code.
"""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from boards.models import Job, Resource
from boards.services import check as check_service
from boards.services.check import CHECK_FAILED, resource_check
from boards.services.jobstore import ANNUAL_COLUMN_MAX
from changes.models import Change
from tests.boards.test_check import acme
from tests.fakes import GREENHOUSE_API, GREENHOUSE_QUERIES, FakeSite, greenhouse_job, serve_greenhouse
from watches.filters import MAX_MIN_SALARY
from watches.models import Watch
from watches.services.clients import client_create
from watches.services.present import resource_health
from watches.services.watches import watch_create

pytestmark = pytest.mark.django_db


def serve_escaped(site: FakeSite, token: str, jobs: list[dict[str, Any]]) -> None:
    """The board's JSON as a server would send it: ASCII, a lone surrogate escaped as "\\ud83d"."""
    body = json.dumps({"jobs": jobs, "meta": {"total": len(jobs)}}).encode()
    assert b"\\ud83d" in body or not any("\ud83d" in str(job) for job in jobs)
    for query in GREENHOUSE_QUERIES:
        site.serve(GREENHOUSE_API, f"/v1/boards/{token}/jobs{query}", body, content_type="application/json")


def test_a_lone_surrogate_in_a_title_costs_nothing_and_every_new_job_is_reported(site: FakeSite) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    resource_check(resource_id=resource.pk)
    serve_escaped(
        site,
        "acme",
        [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Chef \ud83d"), greenhouse_job(3, "Welder")],
    )

    outcome = resource_check(resource_id=resource.pk)

    assert (outcome.ok, outcome.outcome, outcome.changes) == (True, "changed", 2)
    assert sorted(Change.objects.values_list("title", flat=True)) == ["Chef \ufffd", "Welder"]
    resource.refresh_from_db()
    assert resource_health(resource)["healthy"] is True
    assert resource.consecutive_failures == 0


def test_watching_a_board_with_a_lone_surrogate_works(site: FakeSite) -> None:
    serve_escaped(site, "acme", [greenhouse_job(1, "Chef \ud83d"), greenhouse_job(2, "Welder \x00")])
    client = client_create(source="tests").client

    watch = watch_create(client=client, url="https://boards.greenhouse.io/acme")

    assert watch["initial_check"] == {"status": "done", "ok": True, "snapshot_taken": True, "jobs": 2}
    assert sorted(job["title"] for job in watch["current_jobs"]) == ["Chef \ufffd", "Welder"]


def test_an_unexpected_failure_inside_a_check_is_recorded_with_backoff_and_a_code(
    site: FakeSite, monkeypatch: pytest.MonkeyPatch
) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    resource_check(resource_id=resource.pk)
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Welder")])

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug in the store")

    monkeypatch.setattr(check_service.jobstore, "job_data", broken)
    before = timezone.now()

    outcome = resource_check(resource_id=resource.pk)

    assert (outcome.ok, outcome.outcome, outcome.code) == (False, "error", CHECK_FAILED)
    resource.refresh_from_db()
    assert resource.last_error_code == CHECK_FAILED
    assert resource.consecutive_failures == 1
    assert resource.claim_token == ""
    assert resource.next_check_at > before + timedelta(minutes=1)  # backoff, not "due again now"
    assert resource_health(resource)["healthy"] is False
    assert Job.objects.filter(resource=resource).count() == 1  # the failed write left nothing


def test_a_watch_whose_creation_fails_leaves_nothing_behind(site: FakeSite, monkeypatch: pytest.MonkeyPatch) -> None:
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Welder")])
    client = client_create(source="tests").client

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug after the check")

    monkeypatch.setattr("watches.services.watches.jobs_as_dicts", broken)

    with pytest.raises(RuntimeError):
        watch_create(client=client, url="https://boards.greenhouse.io/acme")

    assert not Watch.objects.filter(client=client).exists()
    assert Resource.objects.get().last_error_code == ""


VND_PAY = "<p>Salary range: VND 2,500,000,000 - 3,500,000,000 per year</p>"


def test_a_years_pay_past_a_postgresql_integer_is_stored_and_every_job_reported(site: FakeSite) -> None:
    """VND 3,500,000,000 a year (about 140,000 USD) passed the `integer` pay columns: on PostgreSQL
    the whole board's check failed (CHECK_FAILED, no job stored), SQLite took it. The columns hold
    the cap, above every threshold a filter compares with; the job as served keeps the stated pay."""
    resource = acme()
    serve_greenhouse(
        site,
        "acme",
        [
            greenhouse_job(1, "Senior iOS Engineer", "Ho Chi Minh City, Vietnam", content=VND_PAY),
            greenhouse_job(2, "Welder"),
        ],
    )

    outcome = resource_check(resource_id=resource.pk)

    assert (outcome.ok, outcome.changes) == (True, 0)  # the first snapshot reports nothing
    paid = Job.objects.get(title="Senior iOS Engineer")
    assert (paid.salary_annual_min, paid.salary_annual_max) == (ANNUAL_COLUMN_MAX, ANNUAL_COLUMN_MAX)
    assert ANNUAL_COLUMN_MAX > MAX_MIN_SALARY
    assert {k: paid.data["salary"][k] for k in ("min", "max", "currency", "annual_max")} == {
        "min": 2_500_000_000,
        "max": 3_500_000_000,
        "currency": "VND",
        "annual_max": 3_500_000_000,
    }
    serve_greenhouse(
        site,
        "acme",
        [
            greenhouse_job(1, "Senior iOS Engineer", "Ho Chi Minh City, Vietnam", content=VND_PAY),
            greenhouse_job(2, "Welder"),
            greenhouse_job(3, "Lead iOS Engineer", "Hanoi, Vietnam", content=VND_PAY),
        ],
    )
    assert resource_check(resource_id=resource.pk).changes == 1
    assert Change.objects.get().salary_annual_max == ANNUAL_COLUMN_MAX


@pytest.mark.parametrize("retry_after", ["9" * 30, "²"])
def test_a_board_that_asks_to_wait_in_an_odd_retry_after_is_rate_limited(site: FakeSite, retry_after: str) -> None:
    """A 429 whose Retry-After overflowed `timedelta` ("999…") or was a digit only to `str.isdigit`
    ("²") was recorded as our own bug (CHECK_FAILED, PARSE_ERROR) instead of RATE_LIMITED."""
    resource = acme()
    for query in GREENHOUSE_QUERIES:
        site.pages[(GREENHOUSE_API, f"/v1/boards/acme/jobs{query}")] = (
            429,
            b"slow down",
            {"Content-Type": "text/plain", "Retry-After": retry_after},
        )

    outcome = resource_check(resource_id=resource.pk)

    resource.refresh_from_db()
    assert (outcome.ok, resource.last_error_code) == (False, "RATE_LIMITED")
    assert timezone.now() + timedelta(hours=1) < resource.next_check_at <= timezone.now() + timedelta(days=7)


@pytest.mark.parametrize(
    "posted",
    ["0000-00-00", "2026-02-30", "2026-02-30T10:00:00Z", "2026-01-01T25:00:00", "9999-12-31T23:59:59-14:00"],
)
def test_a_posting_date_no_calendar_has_is_no_date_and_the_check_goes_on(site: FakeSite, posted: str) -> None:
    """Django's date parsers raise on a well-formed impossible date ("0000-00-00" is a database's
    empty date), and 9999-12-31 at -14:00 is past the year 9999 in UTC: the whole board's check
    failed (CHECK_FAILED, no job stored) for one posting's date."""
    resource = acme()
    serve_greenhouse(
        site,
        "acme",
        [
            greenhouse_job(1, "Senior iOS Engineer", first_published=posted, updated_at=posted),
            greenhouse_job(2, "Welder"),
        ],
    )

    outcome = resource_check(resource_id=resource.pk)

    assert outcome.ok, outcome
    assert dict(Job.objects.values_list("title", "posted_at"))["Senior iOS Engineer"] is None
    assert Job.objects.count() == 2
