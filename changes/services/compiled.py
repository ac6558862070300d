"""What a watch sees, as SQL compiled once per filter set (docs/internals.md "Feed plans").

A feed call's statements differ from one poll to the next only in their bounds (the cursor, the
newest id, the board, the window's buckets, the page's length); what a watch sees depends on its
kind and filters alone, and on the clock for freshness filters. Building each watch's page as a
queryset and compiling it was the largest part of a call's Python (a profile of 180 five-watch
polls on a bench.feed database: 7 of 17 s), more than reading its rows. So the condition is
compiled without a queryset (`filters.where_sql`, as jobs_search compiles its own) once per (kind,
filters, plan form) and kept per process (`seen_by`, SEEN_CACHE filter sets), and the statements
are written around it (changes/services/reads.py).

Freshness filters (`posted_within_days`, `max_days_open`) are relative to now: their conditions are
compiled at each read, and ANDed to the cached rest (`filters_q` is a conjunction, so the rows are
the same).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Q

from changes.models import Change
from watches.filters import Filters, filters_q, search_feed_q, search_feed_role_only_q, where_sql
from watches.models import Watch, WatchKind

# Distinct filter sets kept compiled per process (a few KB each). A deployment's watches share
# far fewer: bench.feed's 100,000 watches have 1,720 searches and about as many board filters.
SEEN_CACHE = 8_192


class Seen:
    """What watches of one kind with one filter set see: the `Q` (ORM form) and its SQL over
    `changes_change`, the part that does not move with the clock compiled once per form."""

    def __init__(self, kind: str, filters: Filters) -> None:
        self.kind = kind
        self.filters = filters
        fresh = filters.posted_within_days is not None or filters.max_days_open is not None
        self._fixed = dataclasses.replace(filters, posted_within_days=None, max_days_open=None)
        self._moving = (
            Filters(posted_within_days=filters.posted_within_days, max_days_open=filters.max_days_open)
            if fresh
            else None
        )
        self._compiled: dict[tuple[str, bool | str], tuple[str, tuple[Any, ...]]] = {}

    def q(self, *, index: bool) -> Q:
        """The whole condition (`index` as for `filters_q`), relative to now."""
        return self._q(self.filters, index=index)

    def sql(self, *, index: bool) -> tuple[str, list[Any]]:
        """The condition as SQL over `changes_change` and its parameters, relative to now."""
        database = connections[DEFAULT_DB_ALIAS]
        key = (database.vendor, index)
        fixed = self._compiled.get(key)
        if fixed is None:
            sql, params = where_sql(Change, self._q(self._fixed, index=index))
            fixed = self._compiled[key] = (sql, tuple(params))
        return self._with_moving(fixed, index=index)

    def role_sql(self, role: str) -> tuple[str, list[Any]]:
        """A search's condition for the rows of `role` (`filters.search_feed_role_q`: the role
        not tested; the walk's plain form), relative to now: the feed's walk of one role
        (`reads.search_walk_statement`)."""
        database = connections[DEFAULT_DB_ALIAS]
        key = (database.vendor, role)
        fixed = self._compiled.get(key)
        if fixed is None:
            # `search_feed_role_q`, its two parts compiled apart: the filters' part (the larger)
            # once for every role.
            shared = self._compiled.get((database.vendor, "filters"))
            if shared is None:
                sql, params = where_sql(Change, filters_q(self._fixed, index=False))
                shared = self._compiled[(database.vendor, "filters")] = (sql, tuple(params))
            own = search_feed_role_only_q(self._fixed, role)
            if own:
                sql, params = where_sql(Change, own)
                fixed = (f"({sql}) AND ({shared[0]})", (*params, *shared[1]))
            else:
                fixed = shared
            self._compiled[key] = fixed
        return self._with_moving(fixed, index=False)

    def unkept_sql(self) -> tuple[str, list[Any]]:
        """What a poll tests of each of the search's kept matches (changes/services/matches.py):
        the part of its filters the matches are not kept by (`matches.kept_filters`), each in the
        walk's plain form: the tech-company restriction, its subquery of the tech boards read by
        the poll's statement, so a board's share then decides, as in the walk (compiled once), and
        the freshness bounds relative to now (compiled at each read); "TRUE" when there is none.
        With the kept filters' condition, `filters_q` of the parts ANDed, this is the whole
        condition."""
        database = connections[DEFAULT_DB_ALIAS]
        key = (database.vendor, "unkept")
        found = self._compiled.get(key)
        if found is None:
            rest = Filters(tech_companies_only=self.filters.tech_companies_only)
            sql, params = where_sql(Change, filters_q(rest, index=False))
            found = self._compiled[key] = (sql, tuple(params))
        return self._with_moving(found, index=False)

    def _with_moving(self, fixed: tuple[str, tuple[Any, ...]], *, index: bool) -> tuple[str, list[Any]]:
        """A compiled condition ANDed with the freshness bounds, compiled at each call (they are
        relative to now); the condition alone when there are none."""
        if self._moving is None:
            return fixed[0], list(fixed[1])
        moving, moving_params = where_sql(Change, filters_q(self._moving, index=index))
        if fixed[0] == "TRUE":
            return moving, moving_params
        return f"({fixed[0]}) AND ({moving})", [*fixed[1], *moving_params]

    def _q(self, filters: Filters, *, index: bool) -> Q:
        if self.kind == WatchKind.BOARD:
            return filters_q(filters, index=index)
        return search_feed_q(filters, index=index)


def seen_by(watch: Watch) -> Seen:
    """The watch's `Seen`, shared by every watch of its kind and filters."""
    return _seen(str(watch.kind), json.dumps(watch.filters, sort_keys=True))


@functools.lru_cache(maxsize=SEEN_CACHE)
def _seen(kind: str, filters: str) -> Seen:
    return Seen(kind, Filters.from_dict(json.loads(filters)))
