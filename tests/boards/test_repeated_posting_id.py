"""A listing that shows one posting id twice is read as the diff reads it (SPEC §8: a repeated key
collapses to its first posting), also when one of the two is a stored posting unchanged: the board's
check used to fail with a TypeError on every read while the listing repeated the id."""

from __future__ import annotations

import pytest

from boards.models import Job
from boards.services.check import resource_check
from changes.models import Change
from tests.boards.test_check import acme
from tests.fakes import FakeSite, greenhouse_job, serve_greenhouse

pytestmark = pytest.mark.django_db

BERLIN = greenhouse_job(3, "Designer", location="Berlin, Germany")
TWIN = greenhouse_job(3, "Designer", location="Remote - US")


def _stored_locations() -> list[str]:
    return [row["location"] for row in Job.objects.values_list("data", flat=True)]


def test_the_stored_posting_first_keeps_the_job_as_it_was(site: FakeSite) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [BERLIN])
    assert resource_check(resource_id=resource.pk).ok
    serve_greenhouse(site, "acme", [BERLIN, TWIN])

    outcome = resource_check(resource_id=resource.pk)
    again = resource_check(resource_id=resource.pk)

    assert (outcome.ok, outcome.changes, again.ok, again.changes) == (True, 0, True, 0)
    assert _stored_locations() == ["Berlin, Germany"]
    assert not Change.objects.exists()


def test_the_other_posting_first_is_the_job_now(site: FakeSite) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [BERLIN])
    assert resource_check(resource_id=resource.pk).ok
    serve_greenhouse(site, "acme", [TWIN, BERLIN])

    outcome = resource_check(resource_id=resource.pk)

    assert (outcome.ok, outcome.changes) == (True, 1)
    assert _stored_locations() == ["Remote - US"]
    change = Change.objects.get()
    assert (change.type, change.changed_fields, change.data["job"]["location"]) == (
        "JOB_UPDATED",
        ["location"],
        "Remote - US",
    )


def test_the_twin_gone_again_changes_nothing(site: FakeSite) -> None:
    resource = acme()
    serve_greenhouse(site, "acme", [BERLIN])
    assert resource_check(resource_id=resource.pk).ok
    serve_greenhouse(site, "acme", [BERLIN, TWIN])
    assert resource_check(resource_id=resource.pk).ok
    serve_greenhouse(site, "acme", [BERLIN])

    outcome = resource_check(resource_id=resource.pk)

    assert (outcome.ok, outcome.changes) == (True, 0)
    assert _stored_locations() == ["Berlin, Germany"]
