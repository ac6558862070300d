"""The watchdog behind every fetch's deadline: one thread for the process, each deadline shut down
at its own time, a closed one never, and a forked worker gets a watchdog of its own."""

from __future__ import annotations

import multiprocessing
import socket
import time
from collections.abc import Callable
from multiprocessing.connection import Connection

from boards.fetch.connection import Deadline


def watched(seconds: float) -> tuple[Deadline, socket.socket, socket.socket]:
    ours, theirs = socket.socketpair()
    deadline = Deadline(seconds)
    deadline.watch(ours)
    return deadline, ours, theirs


def wait_until(predicate: Callable[[], bool], patience: float = 30.0) -> None:
    """Poll until `predicate()`; `patience` only keeps a broken test from hanging."""
    give_up = time.monotonic() + patience
    while not predicate():
        assert time.monotonic() < give_up, "timed out"
        time.sleep(0.01)


def test_each_deadline_expires_at_its_own_time_whatever_the_order_they_were_made() -> None:
    """Ordered by synchronisation, not by sleeps of the test: the late deadline is ten minutes
    away, so an early one made after it trips (and the late one has not) only if the watchdog
    follows each deadline's own time; a loaded machine can delay the watchdog, not reorder it."""
    late, *late_pair = watched(600)
    early, *early_pair = watched(0.1)
    wait_until(lambda: early.tripped)
    assert not late.tripped
    assert early_pair[0].recv(1) == b""  # shut down: the read ends at once
    later, *later_pair = watched(0.1)  # and the next one, with the late one still waiting
    wait_until(lambda: later.tripped)
    assert not late.tripped
    for deadline, pair in ((late, late_pair), (early, early_pair), (later, later_pair)):
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
    give_up = time.monotonic() + 30  # only keeps a broken watchdog from hanging the test
    while not deadline.tripped and time.monotonic() < give_up:
        time.sleep(0.01)
    channel.send(deadline.tripped)


def test_a_forked_worker_has_a_watchdog_of_its_own() -> None:
    """Celery's prefork workers fork a process whose watchdog thread already runs."""
    Deadline(0.01).close()  # the parent's watchdog thread is running
    context = multiprocessing.get_context("fork")
    parent_end, child_end = context.Pipe()
    child = context.Process(target=_child, args=(child_end,))
    child.start()
    try:
        assert parent_end.poll(60), "the child never answered"
        assert parent_end.recv() is True
    finally:
        child.join(60)
