"""How often the periodic housekeeping runs, whichever runner runs it.

The Celery beat schedule (`watchtower/celery.py`) and the embedded runner (`watchtower/embedded.py`)
both deliver due webhooks and run maintenance; one definition keeps the two modes alike. Each
runner keeps its own dispatch tick: beat sends a task per tick, the embedded dispatcher is a loop
that also wakes for follow-ups, so their ticks differ on purpose.
"""

from __future__ import annotations

# Seconds between two deliveries of due webhooks (a retry is never sent earlier than this).
WEBHOOKS_EVERY = 5.0
# Seconds between two maintenance runs (maintenance takes its own lease, so replicas may all try).
MAINTENANCE_EVERY = 600.0
