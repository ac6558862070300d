"""What each directory tier costs: boards, requests per hour per platform host, database size.

    python -m bench.directory                        # the figures of docs/scaling.md
    DATABASE_URL=postgres://…/<a loaded database> python -m bench.directory   # plus measured bytes per job

Every board of the tier is recognised (as `sync_directory` does) and grouped by the host its checks
go to. A directory board is checked every INDEX_CHECK_INTERVAL_SECONDS; one host takes a request at
most every HOST_MIN_SPACING_MS, so a host can take 3,600,000 / spacing requests an hour. For each
host: its boards, its requests per hour at one request per check (the steady state of the
single-listing platforms, and of every board whose listing is unchanged: a conditional request or
the same bytes), and the share of the host's politeness budget that uses. Paged platforms (Workday,
iCIMS, Oracle, SuccessFactors) live on one host per tenant, so their busiest host is shown.

Database size: with DATABASE_URL pointing at a database that holds jobs (bench/search.py loads
1,000,000 and 5,000,000), bytes per open job (table and indexes) are measured there and multiplied
by the tier's boards at that database's jobs per board.

Exits 1 when a tier's busiest host would need more than its politeness budget (the directory cycle
could not keep up).
"""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from pathlib import Path

TIERS = ("builtin", "extended")


def boards_by_host(files: list[Path]) -> tuple[dict[str, set[str]], dict[str, str], int]:
    from boards.services.directory import read_board_lines, recognize_line
    from watchtower.errors import AppError

    by_host: dict[str, set[str]] = defaultdict(set)
    platform_of: dict[str, str] = {}
    reported = 0
    for path in files:
        for line in read_board_lines(path):
            try:
                board = recognize_line(line)
            except AppError:
                reported += 1
                continue
            by_host[board.fetch_host].add(board.board_url)
            platform_of[board.fetch_host] = board.platform
    return by_host, platform_of, reported


def measured_bytes_per_job() -> tuple[float, float, str] | None:
    """(bytes per open job with indexes, jobs per board, database) from DATABASE_URL, if it holds jobs."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return None
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT (SELECT count(*) FROM boards_job), (SELECT count(*) FROM boards_resource),"
            " pg_total_relation_size('boards_job') + pg_total_relation_size('boards_resource'),"
            " current_database()"
        )
        jobs, boards, size, name = cursor.fetchone()
    if not jobs or not boards:
        return None
    return size / jobs, jobs / boards, str(name)


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "watchtower.settings")
    import django

    django.setup()  # recognising a line reads the models' platform names
    from watchtower.config import current

    config = current()
    per_hour_budget = 3_600_000 / max(config.host_min_spacing_ms, 1)
    checks_per_hour = 3600 / config.index_check_interval_seconds
    measured = measured_bytes_per_job()
    over = False
    print(
        f"directory cost: a directory board checked every {config.index_check_interval_seconds / 3600:g} h, "
        f"one request per host every {config.host_min_spacing_ms} ms ({per_hour_budget:,.0f} requests/hour per host)"
    )
    for tier in TIERS:
        from boards.services import directory

        files = [directory.BUILT_IN_BOARDS] + (list(directory.EXTENDED_BOARDS) if tier == "extended" else [])
        by_host, platform_of, reported = boards_by_host(files)
        boards = sum(len(urls) for urls in by_host.values())
        per_platform: dict[str, list[int]] = defaultdict(list)
        for host, urls in by_host.items():
            per_platform[platform_of[host]].append(len(urls))
        print(f"\n{tier}: {boards:,} boards on {len(by_host):,} hosts ({reported} lines reported, not boards)")
        print(f"  {'platform':<16}{'boards':>8}{'hosts':>7}{'busiest host':>14}{'req/hour':>10}{'of budget':>11}")
        for platform, counts in sorted(per_platform.items(), key=lambda item: -max(item[1])):
            busiest = max(counts)
            rate = busiest * checks_per_hour
            over = over or rate > per_hour_budget
            print(
                f"  {platform:<16}{sum(counts):>8,}{len(counts):>7,}{busiest:>14,}{rate:>10,.0f}"
                f"{rate / per_hour_budget:>10.0%}"
            )
        total_rate = boards * checks_per_hour
        print(f"  all hosts: {total_rate:,.0f} requests/hour ({total_rate / 3600:.2f}/s) at one request per check")
        if measured is not None:
            per_job, jobs_per_board, name = measured
            jobs = boards * jobs_per_board
            print(
                f"  database: {jobs:,.0f} open jobs at {jobs_per_board:.0f} per board (as in {name}) x "
                f"{per_job:,.0f} bytes = {jobs * per_job / 1e9:.2f} GB (jobs and boards, with indexes)"
            )
    load = os.getloadavg()[0]
    print(f"\nload average {load:.1f}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
