"""Two boards' checks writing the first copies of one vacancy at the same moment announce it to a
search watch once (boards/services/grouping.py, `lock_vacancies`): the second waits for the
first's commit, then finds its copy (`also_at`). PostgreSQL only: SQLite serialises every writer."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pytest
from django.db import close_old_connections, connection

from boards.models import Resource
from boards.services import grouping
from boards.services.check import resource_check
from changes.models import Change
from changes.services.feed import changes_get
from tests.fakes import FakeSite, greenhouse_job, serve_greenhouse
from watches.services.clients import client_create
from watches.services.watches import watch_create

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite serialises every writer by design; the race is PostgreSQL's"
)

TOKENS = ("acme", "acmecareers")
TEXT = (
    "Keep the systems that run our payments platform reliable: you will own service level objectives, "
    "capacity plans, incident reviews and the tooling our engineers use to ship safely several times a day. "
    "We value clear writing, calm debugging and automation that removes toil for everyone on the team."
)


def check_at_once(resource_id: int, errors: list[BaseException]) -> None:
    close_old_connections()
    try:
        outcome = resource_check(resource_id=resource_id, wait_for_host=20)
        assert outcome.ok and outcome.changes == 1, outcome
    except BaseException as exc:
        errors.append(exc)
    finally:
        close_old_connections()


@pytest.mark.django_db(transaction=True)
def test_two_boards_writing_one_vacancy_at_once_announce_it_once(site: FakeSite, monkeypatch: Any) -> None:
    client = client_create().client
    for token in TOKENS:
        serve_greenhouse(site, token, [greenhouse_job(1, "Office Manager")])
        watch_create(client=client, url=f"https://boards.greenhouse.io/{token}")
    search = watch_create(client=client, query="site reliability engineer")["id"]
    for n, token in enumerate(TOKENS, 2):
        sre = greenhouse_job(n, "Site Reliability Engineer", location="Austin, TX", content=TEXT)
        serve_greenhouse(site, token, [greenhouse_job(1, "Office Manager"), sre])

    # Both checks reach the vacancy lookup before either commits (what the lock must survive).
    both_there = threading.Barrier(2, timeout=20)
    lock = grouping.lock_vacancies

    def meet_then_lock(keys: Sequence[str]) -> None:
        both_there.wait()
        lock(keys)

    monkeypatch.setattr(grouping, "lock_vacancies", meet_then_lock)
    errors: list[BaseException] = []
    checks = [
        threading.Thread(target=check_at_once, args=(resource.pk, errors))
        for resource in Resource.objects.filter(platform="greenhouse")
    ]
    for thread in checks:
        thread.start()
    for thread in checks:
        thread.join(timeout=60)
    assert errors == []

    announced = changes_get(client=client, watch_id=search)["changes"]
    assert [change["type"] for change in announced] == ["JOB_ADDED"]
    copies = sorted(
        Change.objects.filter(title="Site Reliability Engineer").values_list("role", "data"), key=lambda row: row[0]
    )
    assert [role for role, _ in copies] == ["", "new"]  # the second copy is for its board watch only
    assert copies[0][1]["also_at"] == [copies[1][1]["job"]["url"]]
