"""Database connections on the worker threads where MCP work runs.

The SDK runs sync tools on anyio's pooled worker threads (up to 40 per process), and the gate's
lookups run on asgiref's executor. Those threads never see Django's request signals, so nothing
recycles their connections; with `conn_max_age` each pooled thread would keep one open, idle, and a
few processes would exhaust PostgreSQL's `max_connections`. Each unit of work therefore starts by
dropping stale connections and ends by closing the thread's connection.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import close_old_connections, connection


@contextmanager
def thread_connection() -> Iterator[None]:
    close_old_connections()
    try:
        yield
    finally:
        connection.close()
