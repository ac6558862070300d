"""Embedded mode end to end (no broker), what only the embedded runner has: two threads of one
process running the same claimed check, and a replica whose database connections drop (the
scenarios every runner shares are in test_scheduling.py)."""

from __future__ import annotations

import threading

from boards.services.check import resource_check
from boards.services.scheduler import resource_claim
from tests.integration.conftest import INTEGRATION, make_board, wait_for
from tests.integration.flows import checked, terminate_backends_of_others

pytestmark = INTEGRATION


def test_the_same_claimed_check_run_twice_at_once_fetches_once(live) -> None:
    board = make_board(live, "twice")
    token = resource_claim(resource_id=board.pk)
    assert token
    outcomes: list[str] = []

    def run() -> None:
        try:
            outcomes.append(resource_check(resource_id=board.pk, claim_token=token).outcome)
        finally:
            from django.db import connection

            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert sorted(outcomes)[0] == "first_snapshot" and sorted(outcomes)[1] in {"host_busy", "skipped"}
    assert len(live.hits_for("twice")) == 1
    assert resource_check(resource_id=board.pk, claim_token=token).outcome == "skipped"
    assert len(live.hits_for("twice")) == 1


def test_a_replica_survives_its_database_connections_dropping(live, processes, subprocess_env) -> None:
    first = make_board(live, "first")
    replica = processes(env=subprocess_env(), kind="embedded", name="replica").start()
    wait_for(lambda: checked(first), timeout=20, what="a check before the restart")

    assert terminate_backends_of_others() >= 1  # what a PostgreSQL restart does to the replica
    second = make_board(live, "second")
    wait_for(lambda: checked(second), timeout=20, what="the scheduler to resume")
    assert replica.process is not None and replica.process.poll() is None
