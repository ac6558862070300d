"""The embedded runner: with no broker, `serve` runs checks, webhook delivery and maintenance
in-process, on threads (healthchecks' `sendalerts` is the model).

- One dispatcher thread claims due resources (one per free host, `scheduler.dispatch`) into a
  bounded thread pool (`SCHEDULER_CONCURRENCY` checks at once; the host lease keeps it to one
  per host). After a check its pool thread claims the host's next due resource and the
  dispatcher starts it the moment the host's spacing has passed, so a busy host is checked as
  fast as politeness allows, not once per tick.
- One fan-out thread matches new changes to webhook watches every `FANOUT_EVERY` seconds
  (`webhooks_fan_out`: the checks' transactions only write changes), so deliveries are enqueued
  within a second or two of a check and never wait behind a slow receiver.
- One housekeeping thread delivers due webhooks every few seconds and runs maintenance every ten
  minutes (maintenance takes its own lock, so several replicas can all try).
- `stop()` (SIGTERM/SIGINT via `serve`) sets a flag: nothing new starts, running checks get a
  bounded time to finish, and every thread closes its database connection.
"""

from __future__ import annotations

import heapq
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor

from django.db import DEFAULT_DB_ALIAS, close_old_connections, connection, connections
from django.db.backends.base.base import BaseDatabaseWrapper

from boards.services.check import resource_check
from boards.services.scheduler import CheckFunction, Outcome, check_and_continue, dispatch, resource_unclaim
from changes.services.delivery import webhooks_deliver_backlog
from changes.services.maintenance import maintenance_run
from changes.services.webhooks import warm_filters, webhooks_fan_out
from matching import places
from watchtower.periods import FANOUT_EVERY, MAINTENANCE_EVERY, WEBHOOKS_EVERY

logger = logging.getLogger(__name__)

DISPATCH_EVERY = 1.0
STOP_TIMEOUT = 30.0

OnOutcome = Callable[[Outcome], None]


def warm_up() -> None:
    """Load the place gazetteer before the first check rather than inside it: it takes a second or
    more, and the first check of every thread would wait for it while holding its host's lease."""
    places.resolve("Austin, TX")


def warm_up_fanout() -> None:
    """In the process (or thread) that fans out, before its first fan-out: compile the webhook
    watches' filters (`webhooks.warm_filters`). A failure only costs the first fan-out that work."""
    try:
        compiled = warm_filters()
        logger.info("compiled %d webhook filters ahead of the first fan-out", compiled)
    except Exception:  # the first fan-out compiles what this did not
        logger.exception("compiling the webhook searches ahead of the first fan-out failed")
    finally:
        close_old_connections()


class EmbeddedScheduler:
    """Checks, webhooks and maintenance on threads of this process."""

    def __init__(
        self,
        *,
        concurrency: int,
        check: CheckFunction | None = None,
        on_outcome: OnOutcome | None = None,
        housekeeping: bool = True,
        dispatch_every: float = DISPATCH_EVERY,
        webhooks_every: float = WEBHOOKS_EVERY,
        fanout_every: float = FANOUT_EVERY,
        maintenance_every: float = MAINTENANCE_EVERY,
    ) -> None:
        self.concurrency = concurrency
        self.check = check or resource_check
        self.on_outcome = on_outcome
        self.housekeeping = housekeeping
        self.dispatch_every = dispatch_every
        self.webhooks_every = webhooks_every
        self.fanout_every = fanout_every
        self.maintenance_every = maintenance_every
        self._stop = threading.Event()
        self._wake = threading.Condition()
        self._pending: list[tuple[float, int, str]] = []  # (monotonic start time, resource id, token)
        self._running = 0
        self._pool = ThreadPoolExecutor(
            max_workers=concurrency, thread_name_prefix="check", initializer=self._thread_started
        )
        self._connections: list[BaseDatabaseWrapper] = []
        self._threads: list[threading.Thread] = []

    # -- life cycle -------------------------------------------------------------------------

    def start(self) -> None:
        self._threads = [threading.Thread(target=self._dispatch_loop, name="scheduler", daemon=True)]
        if self.housekeeping:
            self._threads.append(threading.Thread(target=self._fanout_loop, name="fanout", daemon=True))
            self._threads.append(threading.Thread(target=self._housekeeping_loop, name="housekeeping", daemon=True))
        for thread in self._threads:
            thread.start()
        logger.info("embedded scheduler started (%d checks at once)", self.concurrency)

    def request_stop(self) -> None:
        """Start no new work from now on (safe in a signal handler: no waiting)."""
        with self._wake:
            self._stop.set()
            self._wake.notify_all()

    def stop(self, *, timeout: float = STOP_TIMEOUT) -> bool:
        """Stop starting work; wait up to `timeout` for running checks. True if all finished."""
        self.request_stop()
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        with self._wake:
            waiting, self._pending = self._pending, []
        for _, resource_id, token in waiting:
            _release(resource_id, token)
        with self._wake:
            while self._running and time.monotonic() < deadline:
                self._wake.wait(max(0.0, deadline - time.monotonic()))
            finished = self._running == 0
        self._pool.shutdown(wait=finished, cancel_futures=True)
        if finished:
            with self._wake:
                used, self._connections = self._connections, []
            for wrapper in used:
                wrapper.close()
        if not finished:
            logger.warning("embedded scheduler stopped with %d checks still running", self._running)
        logger.info("embedded scheduler stopped")
        return finished

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    @property
    def running(self) -> int:
        with self._wake:
            return self._running

    # -- dispatching ------------------------------------------------------------------------

    def dispatch_once(self) -> int:
        """Start due follow-ups, then claim as many due resources as there are free slots."""
        self._start_due_followups()
        with self._wake:
            free = self.concurrency - self._running - len(self._pending)
        if free <= 0 or self._stop.is_set():
            return 0
        return dispatch(limit=free, submit=self._submit)

    def _dispatch_loop(self) -> None:
        try:
            warm_up()
        except Exception:
            logger.exception("warm-up failed; the first checks will load what they need")
        next_dispatch = 0.0
        while not self._stop.is_set():
            now = time.monotonic()
            if now >= next_dispatch:
                try:
                    close_old_connections()
                    self.dispatch_once()
                except Exception:  # the database may be restarting: try again next tick
                    logger.exception("dispatch failed; retrying")
                    connection.close()
                next_dispatch = time.monotonic() + self.dispatch_every
            else:
                self._start_due_followups()
            with self._wake:
                wait = next_dispatch - time.monotonic()
                if self._pending:
                    wait = min(wait, self._pending[0][0] - time.monotonic())
                if wait > 0 and not self._stop.is_set():
                    self._wake.wait(wait)
        connection.close()

    def _start_due_followups(self) -> None:
        ready: list[tuple[int, str]] = []
        with self._wake:
            while self._pending and self._pending[0][0] <= time.monotonic():
                _, resource_id, token = heapq.heappop(self._pending)
                ready.append((resource_id, token))
        for resource_id, token in ready:
            self._submit(resource_id, token)

    def _submit(self, resource_id: int, token: str) -> None:
        with self._wake:
            self._running += 1
        try:
            future: Future[None] = self._pool.submit(self._run_check, resource_id, token)
        except RuntimeError:  # the pool is shut down: the claim runs out and another runner takes it
            with self._wake:
                self._running -= 1
                self._wake.notify_all()
            return
        future.add_done_callback(self._finished)

    def _submit_later(self, resource_id: int, token: str, delay: float) -> None:
        with self._wake:
            if not self._stop.is_set():
                heapq.heappush(self._pending, (time.monotonic() + delay, resource_id, token))
                self._wake.notify_all()
                return
        _release(resource_id, token)  # stopping: no follow-up starts here

    def _finished(self, _future: Future[None]) -> None:
        with self._wake:
            self._running -= 1
            self._wake.notify_all()

    def _thread_started(self) -> None:
        """Each pool thread keeps its database connection between checks (reconnecting for every
        check would sit on the critical path between two requests to a host); `stop` closes them."""
        wrapper = connections[DEFAULT_DB_ALIAS]
        wrapper.inc_thread_sharing()
        with self._wake:
            self._connections.append(wrapper)

    def _run_check(self, resource_id: int, token: str) -> None:
        close_old_connections()
        try:
            if self._stop.is_set():
                _release(resource_id, token)
                return
            outcome = check_and_continue(
                resource_id=resource_id, claim_token=token, check=self.check, submit_later=self._submit_later
            )
            if self.on_outcome is not None:
                self.on_outcome(outcome)
        except Exception:
            logger.exception("check of resource %s failed", resource_id, extra={"resource_id": resource_id})
            connection.close()  # whatever failed, the next check starts on a fresh connection
        finally:
            if self._stop.is_set():  # `stop` may have given up waiting: nobody else closes it
                connection.close()
            else:
                close_old_connections()

    # -- housekeeping -----------------------------------------------------------------------

    def _fanout_loop(self) -> None:
        warm_up_fanout()
        while not self._stop.is_set():
            try:
                close_old_connections()
                webhooks_fan_out()
            except Exception:
                logger.exception("webhook fan-out failed; retrying")
                connection.close()
            self._stop.wait(self.fanout_every)
        connection.close()

    def _housekeeping_loop(self) -> None:
        next_webhooks = 0.0
        next_maintenance = time.monotonic() + min(self.maintenance_every, 60.0)
        while not self._stop.is_set():
            now = time.monotonic()
            try:
                close_old_connections()
                if now >= next_webhooks:
                    webhooks_deliver_backlog(seconds=self.webhooks_every)
                    next_webhooks = time.monotonic() + self.webhooks_every
                if now >= next_maintenance:
                    maintenance_run()
                    next_maintenance = time.monotonic() + self.maintenance_every
            except Exception:
                logger.exception("webhook delivery or maintenance failed; retrying")
                connection.close()
                next_webhooks = time.monotonic() + self.webhooks_every
            self._stop.wait(max(0.0, min(next_webhooks, next_maintenance) - time.monotonic()))
        connection.close()


def _release(resource_id: int, token: str) -> None:
    """Give back the claim of a check that will not run here, so another runner takes it now."""
    try:
        resource_unclaim(resource_id=resource_id, token=token)
    except Exception:  # the claim runs out by itself
        logger.warning("could not release the claim of resource %s", resource_id, exc_info=True)


def scheduler_start(*, concurrency: int) -> EmbeddedScheduler:
    scheduler = EmbeddedScheduler(concurrency=concurrency)
    scheduler.start()
    return scheduler
