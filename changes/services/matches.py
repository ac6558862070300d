"""Matches kept for rare searches: each new change is matched to them once, by the webhook fan-out
(changes/services/webhooks.py), and a poll reads its watch's page from the kept ids instead of
filtering the window (docs/internals.md "Feed plans"; docs/scaling.md, "The feed at 10,000,000
change rows").

A search watch far behind the newest change whose filters are rare had to read the window to find
its page: the walk tests every row from the cursor (`rows / share` of them), the index read every
row its words match. A search whose changes are kept (`FeedSearch.indexed`) reads its page as the
first `rows` ids of the primary key (search, change id) above its cursor instead, whatever the
window. What it keeps is exactly what the feed's own predicate says (`feed.changes_seen`, held to
the SQL by the agreement tests), and a poll still reads by today's plans the parts of its window
the matches do not cover: below `matched_from` (a search registered after the watch's cursor) and
above the fan-out mark (changes written since the last batch) (`reads.parts`).

Only searches worth it keep matches: their changes are rare (they saw fewer than MATCH_SHARE of
the newest changes, so a walk for a page reads more than 1 / MATCH_SHARE rows, and the matches they
keep are few). What a search keeps must mean the same whenever a change is matched, so it keeps
the matches of its filters without the two kinds that move after the change is written
(`kept_filters`): freshness (`posted_within_days`, `max_days_open`), relative to the clock, and
`tech_companies_only`, relative to each board's tech share, which a later read of the board may
carry across the line in either direction. A poll tests each kept match for those (`Seen.unkept_sql`:
the freshness bounds as of the read, the boards' shares at the read) as the walk tests the window's
rows (`reads.match_statement`), so it sees what the walk would. Its rarity is that of what it keeps.
The choice is made once, when a search is registered: when its first watch is made, or by
maintenance for the watches that were not (bulk-made, edited, or made before there were changes).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.db.models import Func, TextField
from django.db.models.functions import MD5, Cast

from changes.models import Change, FeedMatch, FeedSearch
from changes.services.reads import INDEX_READ, watch_changes, window_statement
from watches.filters import Filters
from watches.models import Watch, WatchKind

# A search keeps its matches when it saw fewer than this share of the newest PROBE_ROWS changes:
# its walk for a page of 101 would read more than 20,000 rows, and it keeps about 5 matches or
# fewer in 1,000 changes. The count costs a walk of PROBE_ROWS rows once per new search.
MATCH_SHARE = 0.005
PROBE_ROWS = 20_000


class Searched(NamedTuple):
    """What the fan-out reads of a search that keeps matches."""

    pk: int
    # What it keeps (`kept_filters`) as JSON text: the stored text (as the fan-out groups webhook
    # watches by it) when that is all of the search's filters.
    filters: str
    matched_from: int | None


def search_key() -> Func:
    """A watch's (or a search's) key: the MD5 of its filters' stored text, computed by the
    database, so that the key of a watch and of its search agree whatever the JSON's spelling.
    `feed._watches` spells it in SQL as `search_key_sql`."""
    return MD5(Cast("filters", TextField()))


def search_key_sql(alias: str) -> str:
    """`search_key()` of the watch row `alias`, in SQL (a test holds the two together)."""
    if connection.vendor == "postgresql":
        return f"md5({alias}.filters::text)"
    return f"MD5(CAST({alias}.filters AS text))"


# The filters whose meaning moves after a change is written: freshness with the clock, and the
# tech-company restriction with each board's share. A search keeps the matches of its other filters
# (`kept_filters`); a poll tests these (`Seen.unkept_sql`).
UNKEPT = ("tech_companies_only", "posted_within_days", "max_days_open")


def kept_filters(filters: Filters) -> Filters:
    """The filters whose matches a search keeps: its own without the ones of UNKEPT, conjuncts of
    `search_feed_q` relative to the clock or to each board's current tech share, tested when a
    poll reads the kept matches (`reads.match_statement`) instead of when they are kept. The same
    whenever a change is matched."""
    return dataclasses.replace(filters, tech_companies_only=False, posted_within_days=None, max_days_open=None)


def kept_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """`kept_filters` of stored filters, as stored filters (the keys dropped: their absence means
    false or none)."""
    return {name: value for name, value in data.items() if name not in UNKEPT}


def keeps_matches() -> Callable[[Filters], bool] | None:
    """Which searches keep matches: those whose kept filters (`kept_filters`) saw fewer than
    MATCH_SHARE of the newest PROBE_ROWS changes (counted, not estimated: conditions that exclude
    each other, which the estimate takes as independent, see nothing, and are kept). A search with
    a freshness filter or kept to tech companies is judged by what it keeps, all boards' matches of
    any age: a poll reads at most those of its window. None before there are changes: undecided."""
    newest = list(Change.objects.order_by("-id").values_list("id", flat=True)[PROBE_ROWS - 1 : PROBE_ROWS])
    lower = newest[0] - 1 if newest else 0
    rows = Change.objects.filter(id__gt=lower).count()
    if rows == 0:
        return None

    def keeps(filters: Filters) -> bool:
        watch = Watch(kind=WatchKind.SEARCH, filters=kept_filters(filters).as_dict(), baseline=0)
        return watch_changes(watch, index=False).filter(id__gt=lower).count() < MATCH_SHARE * rows

    return keeps


def searches_register(*, watch_ids: Iterable[int] | None = None, now: datetime | None = None) -> int:
    """Register the searches of live search watches (those of `watch_ids`, or all) that have no
    `FeedSearch` yet, each deciding once whether it keeps matches. Returns how many were added.
    Nothing is registered before there are changes to decide by; maintenance registers what was
    left."""
    keeps = keeps_matches()
    if keeps is None:
        return 0
    watches = Watch.objects.live(now).filter(kind=WatchKind.SEARCH)
    if watch_ids is not None:
        watches = watches.filter(pk__in=list(watch_ids))
    found = dict(
        watches.annotate(key=search_key())
        .exclude(key__in=FeedSearch.objects.values("key"))
        .values_list("key", "filters")
    )
    searches = [
        FeedSearch(key=key, filters=data, indexed=keeps(Filters.from_dict(data))) for key, data in found.items()
    ]
    FeedSearch.objects.bulk_create(searches, ignore_conflicts=True)
    return len(searches)


def searches_prune(*, now: datetime | None = None) -> int:
    """Forget the searches no live watch has (their matches go with them)."""
    live = Watch.objects.live(now).filter(kind=WatchKind.SEARCH).annotate(key=search_key()).values("key")
    _, per_model = FeedSearch.objects.exclude(key__in=live).delete()
    return int(per_model.get(FeedSearch._meta.label, 0))


def matches_prune() -> int:
    """Delete the matches of changes retention has deleted (all below the oldest change left)."""
    oldest = Change.objects.order_by("id").values_list("id", flat=True).first()
    stale = FeedMatch.objects.all() if oldest is None else FeedMatch.objects.filter(change_id__lt=oldest)
    return int(stale.delete()[0])


def indexed_searches() -> list[Searched]:
    """The searches that keep matches, for the fan-out, each with what it keeps."""
    rows = (
        FeedSearch.objects.filter(indexed=True)
        .order_by("id")
        .values_list("id", "filters", Cast("filters", TextField()), "matched_from")
    )
    return [
        Searched(pk, json.dumps(kept_data(data)) if any(name in data for name in UNKEPT) else text, matched_from)
        for pk, data, text, matched_from in rows
    ]


def matches_write(pairs: Sequence[tuple[int, int]], *, started: Sequence[int], mark: int) -> None:
    """Keep (search id, change id) `pairs` (one fan-out batch), and mark the searches matched for
    the first time (`started`) as keeping matches above `mark`, the batch's lower bound: called in
    the fan-out's transaction, so the matches and the mark move together."""
    if pairs:
        if connection.vendor == "postgresql":
            table = connection.ops.quote_name(FeedMatch._meta.db_table)
            with (
                connection.cursor() as cursor,
                cursor.cursor.copy(f"COPY {table} (search_id, change_id) FROM STDIN") as copy,
            ):
                for pair in pairs:
                    copy.write_row(pair)
        else:
            FeedMatch.objects.bulk_create([FeedMatch(search_id=search, change_id=change) for search, change in pairs])
    if started:
        FeedSearch.objects.filter(pk__in=started, matched_from__isnull=True).update(matched_from=mark)


def search_backfill(search_id: int, *, lower: int) -> int:
    """Keep the search's matches from `lower` up (they start at `matched_from`): one read of the
    window below through the word index (or the walk on SQLite), written in SQL, and
    `matched_from` lowered, under the search's row lock. Nothing before the fan-out has started the
    search. Returns how many matches were added. What a deployment runs for the searches its
    watches already had (and bench/feed.py for its generated ones)."""
    with transaction.atomic():
        search = FeedSearch.objects.select_for_update().get(pk=search_id)
        if not search.indexed or search.matched_from is None or lower >= search.matched_from:
            return 0
        watch = Watch(kind=WatchKind.SEARCH, filters=kept_data(search.filters), baseline=0)
        index = connection.vendor == "postgresql"
        quote = connection.ops.quote_name
        ids = f"SELECT {quote(Change._meta.db_table)}.{quote('id')} FROM {quote(Change._meta.db_table)}"
        sql, params = window_statement(watch, lower=lower, top=search.matched_from, index=index, select=ids)
        table = quote(FeedMatch._meta.db_table)
        with connection.cursor() as cursor:
            if index:
                for name, value in INDEX_READ.items():
                    cursor.execute("SELECT set_config(%s, %s, true)", [name, value])
            cursor.execute(
                f"INSERT INTO {table} (search_id, change_id) SELECT %s, found.id FROM ({sql}) AS found",
                [search.pk, *params],
            )
            added = int(cursor.rowcount)
        FeedSearch.objects.filter(pk=search.pk).update(matched_from=lower)
    return added
