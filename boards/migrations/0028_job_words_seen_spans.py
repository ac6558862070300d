"""`job_words`' sighting column holds each job's 4-day span beside its 4-hour bucket, and its
bounds column a remote job's level (PostgreSQL only).

An index read of a slice asks the sighting column for an overlap with the slice's buckets, and
the GIN scan checks every entry of that overlap at each row its other keys agree on: a slice of
90 days was 540 entries, 22 ns an entry a row at 5M jobs (every job read through such an overlap
57 ms, without it 20 ms), so a slice of half the jobs cost more than every job and slices
stopped at a month. A job now also holds its span (`job_keys.SEEN_SQL`: `- floor(epoch / 345600)
- 1`, negative, so no span is a bucket), and a slice asks for the buckets up to the next span's
start and the spans from there (`job_keys.seen_keys`): 46 entries at most for 90 days.

A remote job also holds `r<level>` (`job_keys.remote_level_key`) in the bounds column: a remote
search with levels asks for it instead of the flags array's level and remote, two common keys
the scan stepped through together (docs/internals.md, "Remote and a level").

The other columns, their order, expressions, collation and statistics targets are 0026's; the new
index is built before the old one is dropped, then the table is analysed (1M jobs: 1 min 37 s,
5M: 4 min 19 s to 7 min 27 s at load 4-6). Reversed: 0026's index again. Code and index go
together: the statements of code before this migration are not matched to the new index (nor
this code's to the old one), so a deployment restarts its processes once it has run.
"""

from __future__ import annotations

import importlib

from django.db import migrations

posted_first = importlib.import_module("boards.migrations.0023_job_words_posted_first")
fewer_keys = importlib.import_module("boards.migrations.0026_job_words_fewer_keys")
TABLE, INDEX, STATISTICS = posted_first.TABLE, posted_first.INDEX, posted_first.STATISTICS
SEEN_EPOCH = posted_first.SEEN_EPOCH
SPANS = f"(ARRAY[(floor({SEEN_EPOCH} / 14400))::integer, (- floor({SEEN_EPOCH} / 345600) - 1)::integer])"
# The bounds column's last key, and after it a remote job's level (`job_keys.remote_level_key`).
TECH = "CASE WHEN tech THEN 'tech' END"
REMOTE_LEVEL = "CASE WHEN remote THEN 'r' || seniority END"


def _columns() -> list[str]:
    expressions = fewer_keys._columns()
    assert expressions[-1] == posted_first.SEEN and sum(TECH in e for e in expressions) == 1
    expressions = [e.replace(TECH, f"{TECH}, {REMOTE_LEVEL}") for e in expressions[:-1]]
    return [*expressions, SPANS]


def create(apps, schema_editor):
    fewer_keys.rebuild(schema_editor, _columns())


def drop(apps, schema_editor):
    fewer_keys.create(apps, schema_editor)


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0027_board_rows_without_constraint")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
