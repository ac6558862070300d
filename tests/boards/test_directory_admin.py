"""The directory in the admin: retired boards shown with their reason and date and revived by an
operator; a board added by hand passes the rules of a directory file's line."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client as HttpClient

from boards.models import IndexOrigin, Resource
from boards.services.resources import resource_get_or_create
from boards.services.scheduler import resources_due
from boards.sources.registry import recognize

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/boards/resource/"


@pytest.fixture
def operator() -> HttpClient:
    User.objects.create_superuser("operator", "operator@example.com", "a long enough password")
    http = HttpClient()
    http.force_login(User.objects.get(username="operator"))
    return http


def test_a_retired_board_shows_its_reason_and_date_and_an_operator_revives_it(operator: HttpClient) -> None:
    resource, _ = resource_get_or_create(board=recognize("https://boards.greenhouse.io/acme"))
    reason = "UPSTREAM_ERROR: HTTP 404 from boards-api.greenhouse.io (gone since 2026-11-02)"
    Resource.objects.filter(pk=resource.pk).update(
        indexed=True,
        index_origin=IndexOrigin.DIRECTORY,
        retired_at=datetime(2026, 11, 9, tzinfo=UTC),
        retired_reason=reason,
    )
    listed = operator.get(CHANGELIST, {"retired": "yes"}).content.decode()
    assert "boards.greenhouse.io/acme" in listed and reason in listed and "Nov. 9, 2026" in listed
    assert "boards.greenhouse.io/acme" not in operator.get(CHANGELIST, {"retired": "no"}).content.decode()
    assert resources_due(limit=10) == []
    answer = operator.post(CHANGELIST, {"action": "revive", "_selected_action": [resource.pk]}, follow=True)
    assert "1 retired boards will be checked again." in answer.content.decode()
    after = Resource.objects.get(pk=resource.pk)
    assert after.retired_at is None and after.retired_reason == ""
    assert resources_due(limit=10) == [resource.pk]


@pytest.mark.parametrize(
    ("url", "platform", "reason"),
    [
        ("http://169.254.169.254/latest/meta-data", "successfactors", "cloud metadata"),
        ("https://careers.globex.example/jobs", "", "not a board on a supported platform"),
        ("https://boards.greenhouse.io/" + "a" * 400, "", "longer than 300"),
    ],
)
def test_a_board_added_by_hand_passes_a_directory_lines_rules(
    operator: HttpClient, url: str, platform: str, reason: str
) -> None:
    answer = operator.post(f"{CHANGELIST}add-board/", {"url": url, "platform": platform})
    assert answer.status_code == 200 and reason in answer.content.decode()
    assert not Resource.objects.exists()
    added = operator.post(
        f"{CHANGELIST}add-board/", {"url": "https://careers.globex.example", "platform": "successfactors"}
    )
    assert added.status_code == 302
    assert Resource.objects.get().url == "https://careers.globex.example/search/"
