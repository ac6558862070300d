#!/bin/sh
# Container entry point: optional migrations, a clean multiprocess metrics directory, then the command.
set -eu

# Only one service should migrate (compose sets RUN_MIGRATIONS=true on `app` alone).
if [ "${RUN_MIGRATIONS:-false}" = "true" ]; then
    python manage.py migrate --noinput
fi

# With several worker processes, prometheus_client keeps counters in files here; files of an
# earlier container run would be counted again, so start empty.
if [ -n "${PROMETHEUS_MULTIPROC_DIR:-}" ]; then
    rm -rf "${PROMETHEUS_MULTIPROC_DIR:?}"
    mkdir -p "${PROMETHEUS_MULTIPROC_DIR}"
fi

exec "$@"
