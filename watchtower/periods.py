"""How often the periodic housekeeping runs, whichever runner runs it.

The Celery beat schedule (`watchtower/celery.py`) and the embedded runner (`watchtower/embedded.py`)
both fan changes out to webhook watches, deliver due webhooks and run maintenance; one definition keeps the two modes alike. Each
runner keeps its own dispatch tick: beat sends a task per tick, the embedded dispatcher is a loop
that also wakes for follow-ups, so their ticks differ on purpose.
"""

from __future__ import annotations

# Seconds between two fan-outs of new changes to webhook watches (deliveries are enqueued within
# about this long of a check's commit; a run with nothing new costs one indexed query).
FANOUT_EVERY = 1.0
# Seconds between two deliveries of due webhooks (a retry is never sent earlier than this).
WEBHOOKS_EVERY = 5.0
# Seconds between two maintenance runs (maintenance takes its own lease, so replicas may all try).
MAINTENANCE_EVERY = 600.0
