"""The cyclic garbage collector, paused while a check builds and writes a board's jobs.

A check of a 100,000-posting board keeps hundreds of thousands of objects alive at once (postings,
jobs, rows, the stored set): each survives young collections and is traversed again and again
as the heap grows, and a full collection traverses the whole process (Django, the place
gazetteer) besides. Measured on bench/big_board.py at 10,000 postings (load 5): 0.50 s of the
second read's 1.64 s CPU was the collector; with it paused, 1.15 s. Those objects are freed by
reference counting: the check leaves a few dozen cyclic objects behind (`gc.collect()` after it
found 27), which the collector takes once it runs again.

Process-wide (the collector is one per interpreter) and shared by threads: the collector runs
again when the last paused section ends. Embedded mode runs checks on a thread pool, so sections
of different checks may overlap without end; a section that ends after the collector has been
paused for MAX_PAUSE_SECONDS collects once, so other code's cyclic garbage (a web request's, say)
never waits longer than about that. A collector someone else disabled stays disabled.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

MAX_PAUSE_SECONDS = 60.0

_lock = threading.Lock()
_holders = 0
_paused_at = 0.0  # time.monotonic() when this pause began (or last collected)
_ours = False  # whether the collector was running when the pause began (so it is ours to restart)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for the block (see the module docstring)."""
    global _holders, _paused_at, _ours
    with _lock:
        if _holders == 0:
            _ours = gc.isenabled()
            _paused_at = time.monotonic()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            overdue = _holders > 0 and _ours and time.monotonic() - _paused_at >= MAX_PAUSE_SECONDS
            if overdue:
                _paused_at = time.monotonic()
            if _holders == 0 and _ours:
                gc.enable()
        if overdue:  # outside the lock: a finalizer the collection runs may start a section itself
            gc.collect()
