"""Change ids are the cursor, so writers are serialised (SPEC §8): a reader paging through the feed
while two writers commit never skips an id, even when a writer is slow to commit."""

from __future__ import annotations

import random
import threading
import time

import pytest
from django.db import close_old_connections, connection, transaction

from boards.models import Resource
from boards.services.check import serialise_change_writes
from changes.models import Change
from changes.services.feed import changes_get
from watches.services.clients import client_create
from watches.services.watches import watch_create

WRITES_PER_WRITER = 25

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="SQLite serialises every writer by design; the race is PostgreSQL's"
)


def write_changes(resource_id: int, errors: list[BaseException]) -> None:
    close_old_connections()
    try:
        for n in range(WRITES_PER_WRITER):
            with transaction.atomic():
                serialise_change_writes()
                Change.objects.create(
                    resource_id=resource_id,
                    type="JOB_ADDED",
                    role="new",
                    job_key=f"id:{resource_id}-{n}",
                    summary="New job: Engineer",
                    title="Engineer",
                    search_text=" engineer ",
                )
                time.sleep(random.uniform(0, 0.01))  # a slow commit holding a low id
    except BaseException as exc:
        errors.append(exc)
    finally:
        close_old_connections()


@pytest.mark.django_db(transaction=True)
def test_a_reader_never_skips_an_id_while_two_writers_commit() -> None:
    client = client_create().client
    watch_create(client=client, query="engineer")
    resources = [
        Resource.objects.create(url=f"https://boards.greenhouse.io/r{i}", platform="greenhouse", fetch_host=f"h{i}")
        for i in range(2)
    ]
    errors: list[BaseException] = []
    writers = [threading.Thread(target=write_changes, args=(r.pk, errors)) for r in resources]
    for writer in writers:
        writer.start()
    seen: list[int] = []
    while any(writer.is_alive() for writer in writers):
        seen += [c["id"] for c in changes_get(client=client, limit=5)["changes"]]
    for writer in writers:
        writer.join()
    while True:
        page = changes_get(client=client, limit=50)
        seen += [c["id"] for c in page["changes"]]
        if not page["has_more"] and not page["changes"]:
            break
    assert errors == []
    assert sorted(seen) == sorted(Change.objects.values_list("id", flat=True))
    assert len(seen) == 2 * WRITES_PER_WRITER == len(set(seen))
