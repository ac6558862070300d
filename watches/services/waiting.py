"""How long a request may wait on board reads (issue 15 item 1).

Creating a board watch reads the board once, so `current_jobs` is the baseline; forcing a check
reads it again. A board that answers one byte a second used to hold a web thread for the whole
fetch deadline of every page, and twelve such requests held every thread, so `/health` waited 43 s.
Two bounds now hold:

- **A deadline per request.** Every read a request makes ends by `REQUEST_READ_DEADLINE_SECONDS`
  after it began, all reads together (`boards.services.reading.DeadlineReached`). A board not read
  by then is left due, the scheduler (the embedded loop or Celery) reads it within seconds, and the
  watch says `initial_check.status: "pending"` until then (`get_watch` shows the result).
- **Slots per process.** At most `REQUEST_READS_PER_CLIENT` requests of one client, and
  `REQUEST_READS_PER_ADDRESS` from one address, read boards at once, and never more than half the
  web threads: the others always serve everything else. A request without a slot waits on nothing:
  its board watches come back pending at once.

The slots are counted in this process, because what they protect is this process's threads.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from watchtower import metrics
from watchtower.config import current

_lock = threading.Lock()
_in_use: Counter[str] = Counter()


@dataclass(frozen=True)
class ReadWindow:
    """Until when (a `time.monotonic()` value) one request may read boards."""

    deadline: float

    def remaining(self) -> float:
        return max(0.0, self.deadline - time.monotonic())

    @property
    def open(self) -> bool:
        return self.remaining() > 0


def _caps(*, client_id: int, address: str) -> dict[str, int]:
    config = current()
    return {
        "all": max(1, config.web_threads // 2),
        f"client:{client_id}": config.request_reads_per_client,
        f"address:{address or 'unknown'}": config.request_reads_per_address,
    }


@contextmanager
def read_window(*, client_id: int, address: str) -> Iterator[ReadWindow]:
    """The request's window for reading boards: REQUEST_READ_DEADLINE_SECONDS from now when a slot
    is free for this client, this address and the process, else already closed."""
    caps = _caps(client_id=client_id, address=address)
    with _lock:
        granted = all(_in_use[key] < cap for key, cap in caps.items())
        if granted:
            _in_use.update(caps.keys())
    if not granted:
        metrics.READS_DEFERRED.inc()
    now = time.monotonic()
    try:
        yield ReadWindow(deadline=now + current().request_read_deadline_seconds if granted else now)
    finally:
        if granted:
            with _lock:
                _in_use.subtract(caps.keys())
                for key in caps:
                    if _in_use[key] <= 0:
                        del _in_use[key]
