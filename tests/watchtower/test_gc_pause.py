"""The collector pause around a check (watchtower/gc_pause.py)."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from watchtower import gc_pause
from watchtower.gc_pause import collector_paused


@pytest.fixture(autouse=True)
def collector_running() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_it_pauses_the_collector_for_the_block_and_restarts_it() -> None:
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_it_restarts_the_collector_when_the_block_raises() -> None:
    with pytest.raises(ValueError), collector_paused():
        raise ValueError
    assert gc.isenabled()


def test_overlapping_sections_restart_it_when_the_last_one_ends() -> None:
    first_in = threading.Event()
    second_done = threading.Event()
    seen: list[bool] = []

    def second() -> None:
        first_in.wait()
        with collector_paused():
            pass
        seen.append(gc.isenabled())
        second_done.set()

    thread = threading.Thread(target=second)
    thread.start()
    with collector_paused():
        first_in.set()
        second_done.wait()
        assert not gc.isenabled()
    thread.join()
    assert seen == [False]  # the second ended inside the first: still paused for it
    assert gc.isenabled()


def test_a_collector_disabled_by_someone_else_stays_disabled() -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()


def test_a_pause_kept_up_by_overlapping_sections_collects_when_overdue(monkeypatch: Any) -> None:
    collections: list[int] = []

    def collect(*args: int) -> int:
        collections.append(1)
        return 0

    monkeypatch.setattr(gc_pause, "MAX_PAUSE_SECONDS", 0.0)
    monkeypatch.setattr(gc_pause.gc, "collect", collect)
    with collector_paused():
        with collector_paused():
            pass
        assert collections == [1]  # the inner section ended with the pause overdue
        assert not gc.isenabled()
    assert collections == [1]  # the last section restarts the collector instead
    assert gc.isenabled()
