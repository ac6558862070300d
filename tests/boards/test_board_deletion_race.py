"""Jobs and vacancy groups keep no foreign key constraint to their board (migration boards/0027),
so the order of locks must keep a board's deletion and a check of it from leaving rows of a
deleted board: a check writes in the transaction that first updates the board's row, a deletion
locks the boards before the collector reads their rows (`boards.models.ResourceQuerySet.delete`).
Two connections on PostgreSQL, each side paused inside its transaction while the other runs."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import close_old_connections, connection

from boards import models
from boards.models import Job, JobGroup, Resource
from boards.services import check
from boards.services.check import resource_check
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
from tests.fakes import greenhouse_job, serve_greenhouse

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite serialises every writer by design"),
]

WAIT = 10.0


def in_thread(work: Callable[[], Any], results: list[Any]) -> threading.Thread:
    """Run `work` on a connection of its own; its result or exception goes to `results`."""

    def run() -> None:
        close_old_connections()
        try:
            results.append(work())
        except BaseException as exc:  # reported to the test
            results.append(exc)
        finally:
            close_old_connections()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def board_with_jobs(site: Any) -> Resource:
    resource, _ = resource_get_or_create(board=recognize("https://boards.greenhouse.io/acme"))
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    return resource


def no_rows_without_a_board() -> None:
    boards = Resource.objects.values("pk")
    assert not Job.objects.exclude(resource_id__in=boards).exists()
    assert not JobGroup.objects.exclude(resource_id__in=boards).exists()


def test_a_deletion_waits_for_a_running_check_and_deletes_what_it_wrote(site, monkeypatch) -> None:
    resource = board_with_jobs(site)
    written, resume = threading.Event(), threading.Event()
    real_write_rows = check.write_rows

    def write_rows_then_wait(*args: Any, **kwargs: Any) -> Any:
        result = real_write_rows(*args, **kwargs)
        written.set()  # the rows are inserted, the transaction still open
        assert resume.wait(WAIT)
        return result

    monkeypatch.setattr(check, "write_rows", write_rows_then_wait)
    checked: list[Any] = []
    checking = in_thread(lambda: resource_check(resource_id=resource.pk), checked)
    assert written.wait(WAIT)
    deleted: list[Any] = []
    deleting = in_thread(lambda: Resource.objects.filter(pk=resource.pk).delete(), deleted)
    time.sleep(0.5)
    assert deleting.is_alive()  # waiting for the check's lock on the board's row
    resume.set()
    checking.join(WAIT)
    deleting.join(WAIT)
    assert checked[0].outcome == "first_snapshot"
    # A first read writes no group memory rows: its two groups' memory is their job rows'
    # (boards/services/grouping.py).
    assert deleted[0][1]["boards.Job"] == 2 and deleted[0][1].get("boards.JobGroup", 0) == 0
    assert not Resource.objects.exists()
    no_rows_without_a_board()


def test_a_check_waits_for_a_deletion_that_locked_first_and_writes_nothing(site, monkeypatch) -> None:
    resource = board_with_jobs(site)
    reached, locked, proceed_check, proceed_delete = (threading.Event() for _ in range(4))
    real_write, real_lock = check._write, models._boards_locked

    def wait_then_write(*args: Any, **kwargs: Any) -> Any:
        reached.set()  # the listing is read and diffed, nothing written yet
        assert proceed_check.wait(WAIT)
        return real_write(*args, **kwargs)

    def lock_then_wait(*args: Any, **kwargs: Any) -> list[int]:
        ids = real_lock(*args, **kwargs)
        locked.set()
        assert proceed_delete.wait(WAIT)
        return ids

    monkeypatch.setattr(check, "_write", wait_then_write)
    monkeypatch.setattr(models, "_boards_locked", lock_then_wait)
    checked: list[Any] = []
    checking = in_thread(lambda: resource_check(resource_id=resource.pk), checked)
    assert reached.wait(WAIT)
    deleted: list[Any] = []
    deleting = in_thread(lambda: Resource.objects.filter(pk=resource.pk).delete(), deleted)
    assert locked.wait(WAIT)
    proceed_check.set()
    time.sleep(0.5)
    assert checking.is_alive()  # its update of the board's row waits for the deletion's lock
    proceed_delete.set()
    deleting.join(WAIT)
    checking.join(WAIT)
    assert deleted[0][1] == {"boards.Resource": 1}
    assert checked[0].outcome == "raced"
    assert not Resource.objects.exists()
    no_rows_without_a_board()


def test_deleting_one_board_locks_it_first(site, monkeypatch) -> None:
    """`Resource.delete` (the admin's delete of one board) takes the same lock."""
    resource = board_with_jobs(site)
    assert resource_check(resource_id=resource.pk).outcome == "first_snapshot"
    locking: list[list[int]] = []
    real_lock = models._boards_locked

    def recording(*args: Any, **kwargs: Any) -> list[int]:
        locking.append(real_lock(*args, **kwargs))
        return locking[-1]

    monkeypatch.setattr(models, "_boards_locked", recording)
    pk = resource.pk
    resource.delete()
    assert locking == [[pk]]
    assert not Job.objects.exists() and not JobGroup.objects.exists()
