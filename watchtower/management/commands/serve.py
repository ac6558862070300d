"""`python manage.py serve`: the directory sync, then uvicorn; in embedded mode (no broker) the
scheduler threads run beside it.

Signals: uvicorn installs its own SIGTERM/SIGINT handlers while it serves and, after a graceful
shutdown, re-raises the signal it caught with the handlers that were in place before. We install
handlers that only ask the scheduler to stop before starting uvicorn, so that re-raised signal
lands on them, and stop the scheduler (waiting a bounded time for running checks) once uvicorn
has returned.
"""

from __future__ import annotations

import logging
import signal
from types import FrameType
from typing import Any

import uvicorn
from django.core.management.base import BaseCommand, CommandError, CommandParser

from boards.services.directory import directory_sync
from watchtower.api.addresses import PROXY_NETWORKS
from watchtower.config import Config, current
from watchtower.embedded import EmbeddedScheduler

logger = logging.getLogger(__name__)

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})


class Command(BaseCommand):
    help = "Serve the ASGI app (REST, MCP, pages) with uvicorn; in embedded mode the checks run in-process."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="0.0.0.0 to serve the network (not with DEBUG)")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=1)

    def handle(self, *args: Any, **options: Any) -> None:
        config = current()
        if config.debug and options["host"] not in LOOPBACK_HOSTS:
            raise CommandError(
                f"DEBUG is on: its error pages show tracebacks and settings, so it serves loopback only "
                f"(--host 127.0.0.1), not {options['host']}. Set DEBUG=false to serve the network."
            )
        try:
            result = directory_sync()
            logger.info(
                "directory: %d boards indexed (%d added, %d removed, %d lines skipped, %d duplicate lines)",
                result.indexed,
                result.added,
                result.removed,
                len(result.invalid),
                len(result.duplicates),
            )
        except Exception:  # the API must come up even if the directory cannot be synced now
            logger.exception("directory sync failed; serving without it")

        scheduler: EmbeddedScheduler | None = None
        if config.run_scheduler and config.embedded:
            scheduler = EmbeddedScheduler(concurrency=config.scheduler_concurrency)
            _stop_on_signals(scheduler)
            scheduler.start()
        elif config.run_scheduler:
            logger.info("broker configured: checks run on Celery workers, not in this process")
        else:
            logger.info("RUN_SCHEDULER=false: API only")
        try:
            if options["workers"] == 1:
                server_config = uvicorn.Config(
                    "watchtower.asgi:application", host=options["host"], port=options["port"], **uvicorn_options(config)
                )
                uvicorn.Server(server_config).run()
            else:
                uvicorn.run(
                    "watchtower.asgi:application",
                    host=options["host"],
                    port=options["port"],
                    workers=options["workers"],
                    **uvicorn_options(config),
                )
        finally:
            if scheduler is not None:
                scheduler.stop()


def uvicorn_options(config: Config) -> dict[str, Any]:
    """With TRUST_PROXY, uvicorn takes the scheme (`X-Forwarded-Proto`) and the client address
    (`X-Forwarded-For`) from the proxies in FORWARDED_ALLOW_IPS (default: the loopback and private
    ranges `watchtower/api/addresses.py` trusts), so Django sees `https` behind a TLS proxy.
    Without it, those headers are ignored: anyone could send them."""
    if not config.trust_proxy:
        return {"lifespan": "on", "proxy_headers": False}
    trusted = config.forwarded_allow_ips or ",".join(str(network) for network in PROXY_NETWORKS)
    return {"lifespan": "on", "proxy_headers": True, "forwarded_allow_ips": trusted}


def _stop_on_signals(scheduler: EmbeddedScheduler) -> None:
    """Outside uvicorn's own handling (start-up, and the signal it re-raises after shutting down),
    a signal asks the scheduler to stop and leaves through `finally`, which waits for it."""

    def stop(signum: int, frame: FrameType | None) -> None:
        logger.info("signal %s: stopping", signal.Signals(signum).name)
        scheduler.request_stop()
        raise SystemExit(0)

    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, stop)
