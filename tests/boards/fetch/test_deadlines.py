"""The watchdog behind every fetch's deadline: one thread for the process, each deadline shut down
at its own time, a closed one never, and a forked worker gets a watchdog of its own."""

from __future__ import annotations

import multiprocessing
import socket
import time
from multiprocessing.connection import Connection

from boards.fetch.connection import Deadline


def watched(seconds: float) -> tuple[Deadline, socket.socket, socket.socket]:
    ours, theirs = socket.socketpair()
    deadline = Deadline(seconds)
    deadline.watch(ours)
    return deadline, ours, theirs


def test_each_deadline_expires_at_its_own_time_whatever_the_order_they_were_made() -> None:
    late, *late_pair = watched(0.8)
    early, *early_pair = watched(0.2)
    time.sleep(0.5)
    assert early.tripped and not late.tripped
    assert early_pair[0].recv(1) == b""  # shut down: the read ends at once
    time.sleep(0.6)
    assert late.tripped
    for deadline, pair in ((late, late_pair), (early, early_pair)):
        deadline.close()
        for sock in pair:
            sock.close()


def test_a_closed_deadline_never_shuts_its_sockets_down() -> None:
    deadline, ours, theirs = watched(0.1)
    deadline.close()
    time.sleep(0.3)
    assert not deadline.tripped
    theirs.sendall(b"x")
    assert ours.recv(1) == b"x"
    ours.close()
    theirs.close()


def _child(channel: Connection) -> None:
    deadline, *_sockets = watched(0.2)
    time.sleep(0.6)
    channel.send(deadline.tripped)


def test_a_forked_worker_has_a_watchdog_of_its_own() -> None:
    """Celery's prefork workers fork a process whose watchdog thread already runs."""
    Deadline(0.01).close()  # the parent's watchdog thread is running
    context = multiprocessing.get_context("fork")
    parent_end, child_end = context.Pipe()
    child = context.Process(target=_child, args=(child_end,))
    child.start()
    try:
        assert parent_end.poll(5), "the child never answered"
        assert parent_end.recv() is True
    finally:
        child.join(5)
