"""What a big board's checks store, as sorted JSON lines: the equality check of check-pipeline
speed work (bench/big_board.py's reads).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/wt_x python -m bench.store_dump OUT.jsonl [--jobs 5000]
    python -m bench.store_dump OUT.jsonl          # SQLite (without DATABASE_URL)

Run it on main and on the branch, then `cmp` the two files: a change that only makes the check
cheaper must leave them identical. Not collected by pytest.

bench/big_board.py's simulated Greenhouse host (its enriched listing over the body cap, then the
plain listing of `--jobs` jobs; a 20-job enriched board before it) is checked as that bench checks
it: the warm-up board, the big board's first read, its second read (100 added, 50 removed, 50
moved) and its third (same bytes). After each check, every row a check writes: the boards'
resource fields a check sets, their snapshots, job rows (every column, and on PostgreSQL the
`job_words` index entries of each row, evaluated from the index's own expressions), vacancy
groups and change rows, each sorted, without surrogate ids. The derivation version (a digest of
the code, boards/fingerprint.py) differs between two versions of the code by design: a row's
posting fingerprint is written as whether it is set, the board's `groups_planned` as whether it is
this version. A timestamp taken during a check is
written as that check's name (the clock differs run to run); the rest as stored.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.big_board import TOKEN, WARM_UP, Board, configure

RESOURCE_FIELDS = (
    "url",
    "company",
    "last_status",
    "consecutive_failures",
    "last_error_code",
    "etag",
    "last_modified",
    "content_hash",
    "body_hash",
    "complete",
    "listed_complete_at",
    "enriched_over_cap_since",
    "groups_planned",
    "open_jobs",
    "tech_share",
    "last_checked_at",
    "last_changed_at",
)


class Clock:
    """The checks' time windows: a moment inside one is written as that check's name."""

    def __init__(self) -> None:
        self.windows: list[tuple[str, datetime, datetime]] = []

    def name(self, moment: datetime) -> str | None:
        moment = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
        for name, start, end in self.windows:
            if start <= moment <= end:
                return f"<{name}>"
        return None

    def plain(self, value: Any) -> Any:
        """`value` with every moment of a check named (in JSON data too: ISO strings)."""
        if isinstance(value, datetime):
            return self.name(value) or value.isoformat()
        if isinstance(value, str) and len(value) >= 19 and value[4:5] == "-" and value[10:11] == "T":
            try:
                parsed = datetime.fromisoformat(value)
            except ValueError:
                return value
            return self.name(parsed) or value
        if isinstance(value, dict):
            return {key: self.plain(item) for key, item in value.items()}
        if isinstance(value, list | tuple):
            return [self.plain(item) for item in value]
        return value


def _words_expressions() -> list[str]:
    """The `job_words` index's expressions, as its migration spells them (PostgreSQL)."""
    import importlib

    joint = importlib.import_module("boards.migrations.0015_job_words_joint")
    return [joint.JOINT, *joint.WORDS, joint.FLAGS, joint.BOUNDS, joint.SEEN]


def _rows(rows: Iterable[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """Each row as a plain dictionary (the dump rewrites some of its values)."""
    return (dict(row) for row in rows)


def dump(stage: str, clock: Clock) -> Iterator[str]:
    from django.db import connection

    from boards.fingerprint import derivation_version
    from boards.models import Job, JobGroup, Resource, Snapshot
    from changes.models import Change

    def line(kind: str, row: dict[str, Any]) -> str:
        return json.dumps([stage, kind, clock.plain(row)], sort_keys=True, ensure_ascii=False, default=str)

    urls = dict(Resource.objects.values_list("id", "url"))
    for row in Resource.objects.order_by("url").values(*RESOURCE_FIELDS):
        row["groups_planned"] = (
            "<this version>" if row["groups_planned"] == derivation_version() else row["groups_planned"]
        )
        yield line("resource", row)
    for row in _rows(Snapshot.objects.order_by("resource__url", "taken_at", "id").values()):
        row.pop("id")
        row["resource_id"] = urls[row["resource_id"]]
        yield line("snapshot", row)
    words: dict[int, list[Any]] = {}
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id, {', '.join(_words_expressions())} FROM boards_job")
            words = {pk: list(columns) for pk, *columns in cursor.fetchall()}
    jobs = []
    for row in _rows(Job.objects.values()):
        pk = row.pop("id")
        row["resource_id"] = urls[row["resource_id"]]
        if words:
            row["job_words"] = words[pk]
        row["fingerprint"] = bool(row["fingerprint"])  # a digest of the code's version
        jobs.append(row)
    for row in sorted(jobs, key=lambda row: (row["resource_id"], row["key"])):
        yield line("job", row)
    groups = []
    for row in _rows(JobGroup.objects.values()):
        row.pop("id")
        row["resource_id"] = urls[row["resource_id"]]
        groups.append(row)
    for row in sorted(groups, key=lambda row: (row["resource_id"], row["key"])):
        yield line("group", row)
    # Change ids are the feed's order: kept as ranks.
    for rank, row in enumerate(_rows(Change.objects.order_by("id").values())):
        row.pop("id")
        row["rank"] = rank
        row["resource_id"] = urls[row["resource_id"]]
        yield line("change", row)


def run(board: Board, out: Any) -> None:
    from django.utils import timezone

    from boards.services.check import resource_check
    from boards.services.resources import resource_get_or_create
    from boards.sources.registry import recognize

    clock = Clock()

    def check(name: str, resource_id: int) -> None:
        start = timezone.now()
        outcome = resource_check(resource_id=resource_id, wait_for_host=5.0)
        time.sleep(0.01)
        clock.windows.append((name, start, timezone.now()))
        print(f"  {name}: {outcome.outcome}, {outcome.changes} changes, {outcome.jobs} jobs", flush=True)
        if not outcome.ok:
            raise SystemExit(f"{name}: the check failed: {outcome.code} {outcome.message}")
        for text in dump(name, clock):
            out.write(text + "\n")

    small, _ = resource_get_or_create(board=recognize(f"https://boards.greenhouse.io/{WARM_UP}"))
    check("warm-up", small.pk)
    resource, _ = resource_get_or_create(board=recognize(f"https://boards.greenhouse.io/{TOKEN}"))
    for name, version in (("first read", "before"), ("second read", "after"), ("third read", "after")):
        board.serving(version)
        check(name, resource.pk)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("out", type=Path)
    parser.add_argument("--jobs", type=int, default=5000)
    args = parser.parse_args(argv)

    sqlite = not os.environ.get("DATABASE_URL", "").startswith("postgres")
    board = Board(args.jobs)
    configure(board.port)
    if sqlite:  # bench.big_board's default is its PostgreSQL database
        os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    from django.db import connection

    from bench._databases import fresh_database

    try:
        with fresh_database("store_dump"), args.out.open("w", encoding="utf-8") as out:
            print(f"store dump: {args.jobs:,} jobs, {connection.vendor}", flush=True)
            run(board, out)
    finally:
        board.stop()
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
