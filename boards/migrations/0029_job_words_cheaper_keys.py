"""job_words with the same keys cheaper to compute and without two keys no search asks for
(PostgreSQL only).

A new board's every row evaluates job_words' expressions and enters their keys (bench.big_board's
100,000 rows: about 28 a row). Measured on those rows COPYed into a copy of the table
(docs/scaling.md, 2026-12-06), the expressions were about a third of the index's upkeep, the
posting day and sighting columns (`floor(extract(epoch FROM ...) / 86400)`, in numeric, four
times a row) the dearest of them. Now (watches/services/job_keys.py, watches/filters.py):

- the posting day, its bucket, the sighting bucket and its span are computed from the date and
  the hour in integers (`job_keys._day_sql`, `_bucket_sql`): the same numbers for every moment;
- the words and places arrays leave out the bar between a text's fields (`|`, every job held it
  in both) and the flags array a job's `false` (not remote): no search asks for either
  (`filters.JOB_WORDS_SQL`, `JOB_FLAGS_SQL`).

Every other key is 0028's, in the same columns, order, collation and statistics targets: a
search asks for the keys it asked for and finds what it found. The new index is built beside the
old one, which it then replaces, and the table is analysed (0026's `rebuild`). Reversed: 0028's
index again. Code and index go together (as 0028): a deployment restarts its processes once it
has run.
"""

from __future__ import annotations

import importlib

from django.db import migrations

posted_first = importlib.import_module("boards.migrations.0023_job_words_posted_first")
fewer_keys = importlib.import_module("boards.migrations.0026_job_words_fewer_keys")
seen_spans = importlib.import_module("boards.migrations.0028_job_words_seen_spans")


def _day(moment: str) -> str:
    return f"(({moment} AT TIME ZONE 'UTC')::date - DATE '1970-01-01')"


def _bucket(moment: str) -> str:
    return f"({_day(moment)} * 6 + date_part('hour', ({moment} AT TIME ZONE 'UTC'))::integer / 4)"


POSTED_AT = "COALESCE(posted_at, first_seen_at)"
POSTED = f"(ARRAY[{_day(POSTED_AT)}, (- {_bucket(POSTED_AT)})])"
SEEN = f"(ARRAY[{_bucket('first_seen_at')}, (- floor({_day('first_seen_at')}::float8 / 4) - 1)::integer])"
WORDS = [f"(array_remove(string_to_array(btrim({column}), ' '), '|'))" for column in ("search_text", "place_text")]
FLAGS = "(array_remove(ARRAY[(seniority)::text, (remote)::text], 'false'))"
COLLATED = ' COLLATE "C"'
# The index this one spells anew, and each of its columns spelled so.
previous = seen_spans
SPELLED = {
    posted_first.POSTED: POSTED,
    seen_spans.SPANS: SEEN,
    **{
        f"{before}{COLLATED}": f"{after}{COLLATED}"
        for before, after in zip((*posted_first.WORDS, posted_first.FLAGS), (*WORDS, FLAGS), strict=True)
    },
}


def _columns() -> list[str]:
    """The previous index's columns, in its order, with the posting day, sighting, words, places
    and flags spelled anew."""
    columns = previous._columns()
    assert all(column in columns for column in SPELLED)
    return [SPELLED.get(column, column) for column in columns]


def create(apps, schema_editor):
    fewer_keys.rebuild(schema_editor, _columns())


def drop(apps, schema_editor):
    previous.create(apps, schema_editor)


class Migration(migrations.Migration):
    atomic = False  # each step commits on its own; a rerun after a failure starts over (`_new` dropped first)
    dependencies = [("boards", "0028_job_words_seen_spans")]

    operations = [migrations.RunPython(create, drop, elidable=False)]
