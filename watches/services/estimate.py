"""How many current jobs a search matches, estimated in the process from PostgreSQL's own
statistics (no round trip per search): what `newest_matching` sizes its plan by.

The planner's statistics are read once per STATS_TTL_SECONDS per process (one query): the share
of each word in the word arrays of `job_words` (search words, place tokens, level and remote
flags, pay and experience thresholds, joint keys; 1,000 most-common elements per column, migrations
boards/0004 and 0014), the histograms of the pay top (statistics on its expression,
`job_salary_top_stats`, migration boards/0030), of experience and of `first_seen_at` (where the
newest N jobs start). A search's share is the product of its conditions' shares, as the planner's own
estimate is; a phrase counts as its rarest word. Wrong estimates cost time, never results:
conditions that go together make the estimate low (a larger slice is read), conditions that
exclude each other make it high (the slice comes up short and the search reads the indexes).
"""

from __future__ import annotations

import bisect
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from django.db import connection
from django.utils import timezone

from matching.terms import term_key
from watches.filters import Filters, location_keys, remote_from_keys
from watches.services.job_keys import (
    LEVEL_OF_WORD,
    TECH_KEY,
    currency_key,
    experience_key,
    fine_pay,
    held_level_key,
    level_key,
    pay_key,
    remote_level_key,
)

STATS_TTL_SECONDS = 300
# The index columns (numbers) of the search words, place tokens, flags, bounds keys and joint
# keys (0: none). GIN checks a scan's keys in column order: job_words' first column is the posting
# day (migration boards/0023: a rare window proposes the rows the other keys are asked about), its
# second the joint keys (migration boards/0015: an empty joint key ends the scan at once).
Columns = tuple[int, int, int, int, int]
JOB_WORDS_COLUMNS: Columns = (3, 4, 5, 6, 2)
CHANGE_WORDS_COLUMNS: Columns = (1, 2, 3, 0, 0)
# The power of the other words' shares in the share of words asked for all of (`_shares`).
TOGETHER = 0.25
# Shares for conditions no statistics describe: a guess on the side of "more match".
UNKNOWN_SHARE = {"visa": 0.7, "employment": 0.6, "companies": 0.01, "tech": 0.5, "currency": 0.8}
# Plain columns whose values the estimate reads from pg_stats (most common values and the number
# of distinct ones), for the filters of issue 19: the shares of visa_sponsorship "yes" (and
# unknown), of the employment types asked for, and of the companies asked for. A company is one
# board's few hundred jobs: guessed at 1 % each, a company filter looked common and its search
# read a word's every job through job_words instead of the company's own rows.
VALUE_COLUMNS = ("visa_sponsorship", "employment_type", "company_key")


@dataclass(frozen=True)
class Histogram:
    """A column's non-null share and equal-frequency bounds (ascending), with its most common
    values, as pg_stats gives them."""

    null_share: float = 0.0
    common: dict[float, float] = field(default_factory=dict)
    bounds: tuple[float, ...] = ()

    def share_at_least(self, low: float) -> float:
        """The share of all rows whose value is >= low."""
        return self._share(lambda value: value >= low, low, above=True)

    def share_at_most(self, high: float) -> float:
        return self._share(lambda value: value <= high, high, above=False)

    def _share(self, test: Callable[[float], bool], edge: float, *, above: bool) -> float:
        common = sum(share for value, share in self.common.items() if test(value))
        rest = max(0.0, 1.0 - self.null_share - sum(self.common.values()))
        if len(self.bounds) < 2:
            return common + rest * 0.5
        position = bisect.bisect_left(self.bounds, edge) if above else bisect.bisect_right(self.bounds, edge)
        buckets = len(self.bounds) - 1
        below = min(max(position - 0.5, 0.0), buckets) / buckets
        return common + rest * ((1.0 - below) if above else below)


@dataclass(frozen=True)
class Values:
    """A plain column's most common values with their shares, and the share of any other value
    (what is left spread evenly over the distinct values not listed), as pg_stats gives them."""

    common: dict[str, float] = field(default_factory=dict)
    other: float = 0.0

    def share(self, values: Iterable[str]) -> float:
        return min(1.0, sum(self.common.get(value, self.other) for value in dict.fromkeys(values)))


@dataclass(frozen=True)
class SearchStats:
    rows: float
    words: dict[str, float]
    places: dict[str, float]
    flags: dict[str, float]
    unlisted: tuple[float, float, float]  # the share of a word not among the most common, per column
    salary: Histogram
    experience: Histogram
    seen: tuple[datetime, ...]  # first_seen_at bounds, ascending: where the newest N jobs start
    # The share of each key of job_words' bounds column (job_keys.py; job_words only, else empty).
    bounds: dict[str, float] = field(default_factory=dict)
    # The same of its joint keys column, and the share of a joint key not listed.
    joint: dict[str, float] = field(default_factory=dict)
    joint_unlisted: float = 0.0
    # VALUE_COLUMNS' values (a column without statistics is missing: its share is guessed).
    values: dict[str, Values] = field(default_factory=dict)
    # When jobs were posted, else first seen, in seconds since the epoch (`job_posted_idx`; empty
    # without it: `seen` is used). Posted dates are often whole days, so most are common values.
    posted: Histogram = field(default_factory=Histogram)
    # The share of the jobs whose board is a tech company: of job_words' `tech` key (job_keys.py,
    # `Job.tech`), from its bounds column's statistics (None: no such column, `tech_companies_only`
    # is then guessed).
    tech: float | None = None

    def newest_since(self, share: float) -> tuple[datetime | None, float]:
        """A time after which `share` of the jobs (the newest) were first seen (None: all of
        them), and the share of jobs first seen after it: interpolated within the histogram's
        bucket, as `share_since` reads it. Rounded up to a whole bucket (1 % of the jobs at the
        default statistics target), the newest slice held at least 50,000 jobs at 5M where 10,000
        at 1M, so a search wanting 10,000 rows read five times its rows at 5M."""
        if share >= 1.0 or len(self.seen) < 2:
            return None, 1.0
        buckets = len(self.seen) - 1
        position = min(max((1.0 - share) * buckets, 0.0), float(buckets))
        bucket = min(math.floor(position), buckets - 1)
        low, high = self.seen[bucket], self.seen[bucket + 1]
        return low + (high - low) * (position - bucket), (buckets - position) / buckets

    def share_since(self, moment: datetime) -> float:
        """The share of the jobs first seen at or after `moment` (interpolated in its bucket)."""
        if len(self.seen) < 2:
            return 1.0
        buckets = len(self.seen) - 1
        position = bisect.bisect_left(self.seen, moment)
        if position == 0:
            return 1.0
        if position > buckets:
            return 0.0
        low, high = self.seen[position - 1], self.seen[position]
        within = (high - moment) / (high - low) if high > low else 0.0
        return min(1.0, (buckets - position + within) / buckets)


def search_stats() -> SearchStats | None:
    """The statistics (None before the first ANALYZE), read at most once per STATS_TTL_SECONDS."""
    return _cached(
        _cache,
        "boards_job",
        "job_words",
        "job_salary_top_stats",
        columns=JOB_WORDS_COLUMNS,
        posted="job_posted_idx",
    )


def change_stats() -> SearchStats | None:
    """The same statistics of the change rows (`change_words`; no pay statistics there, so pay is
    a guess): what the feed sizes a watch's read by (changes/services/reads.py)."""
    return _cached(_change_cache, "changes_change", "change_words", "", columns=CHANGE_WORDS_COLUMNS)


_cache: list[Any] = [None, float("-inf")]
_change_cache: list[Any] = [None, float("-inf")]


def _cached(
    cache: list[Any], table: str, words: str, salary: str, *, columns: Columns, posted: str = ""
) -> SearchStats | None:
    now = time.monotonic()
    if now - cache[1] > STATS_TTL_SECONDS:
        stats = _read(table, words, salary, columns=columns, posted=posted)
        cache[:] = [stats, now]
    stats = cache[0]
    return stats if isinstance(stats, SearchStats) else None


def _read(table: str, words: str, salary: str, *, columns: Columns, posted: str = "") -> SearchStats | None:
    """`table`'s statistics: the element shares of the columns of the GIN index `words` that
    `columns` names (words, places, flags, and where it has them the bounds and joint keys), the
    histogram of the pay top's statistics `salary` (if any: `CREATE STATISTICS` on its expression),
    experience and first sighting."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT s.tablename, CASE WHEN s.tablename = %s THEN s.attname ELSE a.attnum::text END, s.null_frac, s.most_common_elems::text::text[],"
            " s.most_common_elem_freqs, s.most_common_vals::text::text[], s.most_common_freqs,"
            " s.histogram_bounds::text::text[], s.elem_count_histogram,"
            " COALESCE(NULLIF(a.attstattarget, -1), current_setting('default_statistics_target')::integer),"
            " s.n_distinct"
            " FROM pg_stats s JOIN pg_class c ON c.relname = s.tablename"
            " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = s.attname"
            " WHERE s.schemaname = current_schema() AND (s.tablename IN (%s, %s)"
            " OR (s.tablename = %s AND s.attname IN ('experience_years', 'first_seen_at', %s, %s, %s)))"
            # The pay top's statistics (migration boards/0030), its one expression as column 1.
            " UNION ALL SELECT e.statistics_name, '1', e.null_frac, e.most_common_elems::text::text[],"
            " e.most_common_elem_freqs, e.most_common_vals::text::text[], e.most_common_freqs,"
            " e.histogram_bounds::text::text[], e.elem_count_histogram,"
            " current_setting('default_statistics_target')::integer, e.n_distinct"
            " FROM pg_stats_ext_exprs e WHERE e.statistics_schemaname = current_schema() AND e.statistics_name = %s",
            [table, words, posted, table, *VALUE_COLUMNS, salary],
        )
        found = {(name, number): rest for name, number, *rest in cursor.fetchall()}
        cursor.execute("SELECT reltuples FROM pg_class WHERE oid = %s::regclass", [table])
        rows = float(cursor.fetchone()[0])
    if rows <= 0 or (words, str(columns[0])) not in found:
        return None
    elements = [_elements(found.get((words, str(number)))) for number in columns[:3]]
    seen = found.get((table, "first_seen_at"))
    bounds, joint = (found.get((words, str(number))) if number else None for number in columns[3:])
    bounds_keys = _elements(bounds)[0] if bounds else {}
    # The share of the `tech` key, as word_shares reads a bounds key (the bounds column lists every
    # key it holds: one it does not list is below ANALYZE's cutoff).
    tech = bounds_keys.get(TECH_KEY, elements[2][1]) if bounds else None
    return SearchStats(
        rows=rows,
        words=elements[0][0],
        places=elements[1][0],
        flags=elements[2][0],
        unlisted=(elements[0][1], elements[1][1], elements[2][1]),
        salary=_histogram(found.get((salary, "1"))),
        experience=_histogram(found.get((table, "experience_years"))),
        seen=tuple(datetime.fromisoformat(bound) for bound in (seen[5] if seen else None) or ()),
        posted=_histogram(found.get((posted, "1")), value=lambda text: datetime.fromisoformat(text).timestamp()),
        bounds=bounds_keys,
        joint=_elements(joint)[0] if joint else {},
        joint_unlisted=_elements(joint)[1] if joint else 0.0,
        values={name: _values(found[(table, name)], rows) for name in VALUE_COLUMNS if (table, name) in found},
        tech=tech,
    )


def _values(row: list[Any], rows: float) -> Values:
    """A plain column's most common values, and what is left spread evenly over the distinct
    values not listed (n_distinct: a count, or when negative a share of the rows)."""
    null, _elements, _shares, values, shares, *_rest, distinct = row
    common = {str(value): float(share) for value, share in zip(values or (), shares or (), strict=True)}
    left = max(0.0, 1.0 - float(null) - sum(common.values()))
    distinct = float(distinct or 0.0)
    others = (distinct if distinct >= 0 else -distinct * rows) - len(common)
    return Values(common, left / others if others >= 1 else left)


def _elements(row: list[Any] | None) -> tuple[dict[str, float], float]:
    """An array column's most common elements with their shares, and the share of any other
    element: half the least common listed one (as the planner assumes), or, when the list is not
    full, half the cutoff below which ANALYZE leaves an element out (`unlisted_below`)."""
    if not row or not row[1]:
        return {}, 0.0001
    null, elements, shares, _values, _shares, _bounds, counts, target, *_distinct = row
    # After the elements' shares pg_stats lists their minimum, maximum and the null share.
    words = {str(element): float(share) for element, share in zip(elements, shares, strict=False)}
    unlisted = float(shares[len(elements)]) / 2
    if len(elements) < MOST_COMMON_ELEMENTS * target and counts:
        unlisted = min(unlisted, unlisted_below(float(counts[-1]), target) * (1.0 - float(null)) / 2)
    return words, unlisted


# ANALYZE keeps up to this many most common elements per unit of a column's statistics target.
MOST_COMMON_ELEMENTS = 10


def unlisted_below(elements_per_row: float, target: int) -> float:
    """The share of rows below which ANALYZE leaves an array element out of the most common
    elements (PostgreSQL's array_typanalyze.c, lossy counting: the cutoff is 9 × the elements
    sampled / the bucket width, the width MOST_COMMON_ELEMENTS × target × 1000 / 7). When the
    list is shorter than its room, every element above the cutoff is in it: a word no listed
    job holds is below it, not at half the rarest listed word. The synthetic corpus of
    bench.search lists 206 words, the rarest at 0.12 %: a word no job holds was guessed at
    0.06 %, so at 5M a slice read went first and came back empty before the read of every job."""
    return 9 * elements_per_row * 7 / (MOST_COMMON_ELEMENTS * target * 1000)


def _histogram(row: list[Any] | None, value: Callable[[str], float] = float) -> Histogram:
    if not row:
        return Histogram()
    null, _elements, _shares, values, shares, bounds, *_rest = row
    common = {value(item): float(share) for item, share in zip(values or (), shares or (), strict=True)}
    return Histogram(float(null), common, tuple(value(bound) for bound in bounds or ()))


def estimated_share(filters: Filters, stats: SearchStats | None, *, now: datetime | None = None) -> float:
    """The share of current jobs `filters` matches, conditions taken as independent (0 without
    statistics)."""
    if stats is None:
        return 0.0
    return math.prod(_shares(filters, stats, now=now))


def word_shares(filters: Filters, stats: SearchStats | None) -> list[float]:
    """The share of each condition `job_words` serves (words, places, level, remote, and the keys
    of `index_keys` its statistics list), on its own, a level taken together with the level words
    it is joined with; empty when there is none. Their
    product is how many rows an index read visits, their minimum about how many index entries
    it reads (the rarest key drives, the others are checked against it)."""
    if stats is None:
        return []
    # The excluded level words at the search's levels: taken with the level from the joint keys
    # (job_words only; the change rows have none). No other exclusion has a key.
    keyed = tuple(
        value
        for value in filters.exclude_keywords
        if stats.joint and filters.seniority and level_key("", term_key(value), present=False)
    )
    remote_levels = asks_remote_levels(filters, stats)
    word_like = Filters(
        keywords=filters.keywords,
        all_keywords=filters.all_keywords,
        exclude_keywords=keyed,
        locations=filters.locations,
        seniority=filters.seniority,
        remote_only=filters.remote_only and not remote_levels,
    )
    shares = _shares(word_like, stats)
    if remote_levels:
        # The remote jobs of the levels (one key, `remote_level_key`), as the share of the levels'
        # jobs that are remote: the level's share above, folded with its level words, stays.
        remote = sum(stats.bounds.get(remote_level_key(level), stats.unlisted[2]) for level in filters.seniority)
        levels = sum(stats.flags.get(level, stats.unlisted[2]) for level in filters.seniority)
        shares.append(min(1.0, remote / levels) if levels > 0 else 1.0)
    bounds, joint = _range_keys(filters)
    if stats.bounds:
        shares += [stats.bounds.get(key, stats.unlisted[2]) for key in bounds]
    if stats.joint:
        shares += [min(1.0, sum(stats.joint.get(key, stats.joint_unlisted) for key in group)) for group, _ in joint]
    if stats.bounds and asks_tech(filters, stats):
        shares.append(float(stats.tech or 0.0))
    return shares


# The index read asks job_words for the `tech` key when at most this share of the jobs hold it;
# a more common key is tested on the rows the other keys find (`Job.tech`, one column test): each
# key is one more list the scan advances. Database CPU of bench.search's 200 tech-only searches,
# key asked / tested on the rows: 10 % of the jobs tech (1M) 1,261 / 1,879 ms, slowest 21 / 85 ms;
# 40 % 1,074 / 1,038 ms at 1M and 2,113 / 1,783 ms at 5M (p95 45.5 / 40.1 ms).
TECH_KEY_SHARE = 0.25


def asks_remote_levels(filters: Filters, stats: SearchStats | None) -> bool:
    """Whether an index read of `filters` asks job_words for the remote jobs of its levels (the
    bounds column's `r<level>` keys, migration boards/0028) instead of the flags array's level and
    remote: a search with both (without statistics, yes; the change rows have no such key).
    Remote and a level are common alone (18 % and 5-28 % of bench.search's jobs) and far rarer
    together, and a GIN scan advances every key at each row the rarest proposes: "entry level
    backend engineer, remote" stepped through backend, entry and remote (243,000, 277,000 and
    915,000 entries at 5M)."""
    if not (filters.remote_only and filters.seniority):
        return False
    return stats is None or bool(stats.bounds)


def asks_tech(filters: Filters, stats: SearchStats | None) -> bool:
    """Whether an index read of `filters` asks job_words for the `tech` key (without statistics,
    as every key, yes)."""
    if not filters.tech_companies_only:
        return False
    return stats is None or stats.tech is None or stats.tech <= TECH_KEY_SHARE


@dataclass(frozen=True)
class IndexKeys:
    """The keys of job_words every job a search matches holds (job_keys.py): each of `bounds`
    (the bounds column), and at least one of each group of `joint` (the joint keys column)."""

    bounds: tuple[str, ...] = ()
    joint: tuple[tuple[str, ...], ...] = ()
    # A remote search's levels as the bounds column's keys of remote jobs at them (any of them).
    remote_levels: tuple[str, ...] = ()


def index_keys(filters: Filters, stats: SearchStats | None = None) -> IndexKeys:
    """The pay and experience thresholds of bounds that leave unknowns out (most jobs state
    neither, so with unknowns a bound narrows too little to be worth a key) and the currency
    with them; for each excluded term that is one of the common excluded words, the key of the
    jobs that lack it; with levels, the level words a search asks for or excludes joined with
    those levels (any of the levels). With `stats`, only the joint groups that lead the scan
    well (`_leading`)."""
    bounds, joint = _range_keys(filters)
    if asks_tech(filters, stats):
        bounds.append(TECH_KEY)
    levels, terms = filters.seniority, filters.keys
    for key in terms.exclude_keywords:
        # A level word absent at its own level is a key of its own ("principal-principal": none
        # hold it), at another level the level alone stands for it (job_keys.held_level_key):
        # asked for when one of the levels is the word's own (else it is the flags' level). Any
        # other excluded word is tested on the rows (no index serves a negation).
        pairs = [held_level_key(level, key, present=False) for level in levels]
        if pairs and all(pairs) and any(pair != level for pair, level in zip(pairs, levels, strict=True)):
            joint.append((tuple(pair for pair in pairs if pair), None))
    if levels:
        for key in terms.all_keywords:
            pairs = [level_key(level, key, present=True) for level in levels]
            if all(pairs):
                joint.append((tuple(pair for pair in pairs if pair), None))
        pairs = [level_key(level, key, present=True) for level in levels for key in terms.keywords]
        if terms.keywords and all(pairs):
            joint.append((tuple(pair for pair in pairs if pair), None))
    if stats is not None:
        words = _word_shares(filters, stats)
        if stats.joint:
            joint = _leading(words, bounds, joint, stats)
        bounds = _narrowing(words, bounds, joint, stats)
    remote = tuple(remote_level_key(level) for level in filters.seniority) if asks_remote_levels(filters, stats) else ()
    return IndexKeys(
        tuple(dict.fromkeys(bounds)), tuple(dict.fromkeys(group for group, _fallback in joint)), tuple(remote)
    )


# A bounds key held by more than this share of the jobs is left out of the index scan when a
# rarer index condition leads it: GIN steps through the key's whole posting tree to intersect
# it, and it narrows the rows rechecked by at most this share. 'Without director' and 'without
# lead' (94 % and 90 % of the jobs; absent-word keys, which boards/0026 dropped) beside java, 2
# years and 260k GBP cost 83 ms at 5M; without those two keys the same read took 30 ms, the same
# rows (the exact condition still applies).
COMMON_KEY_SHARE = 0.5


def _word_shares(filters: Filters, stats: SearchStats) -> list[float]:
    """The share of each condition of `filters` that job_words' word and place columns serve."""
    word_like = Filters(
        keywords=filters.keywords,
        all_keywords=filters.all_keywords,
        locations=filters.locations,
        seniority=filters.seniority,
        remote_only=filters.remote_only,
    )
    return _shares(word_like, replace(stats, joint={}))


def _narrowing(words: list[float], bounds: list[str], joint: list[JointGroup], stats: SearchStats) -> list[str]:
    """`bounds` without its common keys, when a condition no more common than COMMON_KEY_SHARE
    is left to lead the scan (otherwise all of them: they are then the scan's only keys)."""
    share = {key: stats.bounds.get(key, stats.unlisted[2]) for key in bounds}
    joint_shares = [min(1.0, sum(stats.joint.get(key, stats.joint_unlisted) for key in group)) for group, _ in joint]
    leading = [*words, *joint_shares, *(value for value in share.values() if value <= COMMON_KEY_SHARE)]
    if min(leading, default=1.0) > COMMON_KEY_SHARE:
        return bounds
    return [key for key in bounds if share[key] <= COMMON_KEY_SHARE]


# A group of joint keys (any of them), and the bounds column key to ask for instead when it is
# left out (None: nothing).
JointGroup = tuple[tuple[str, ...], str | None]


def _leading(words: list[float], bounds: list[str], joint: list[JointGroup], stats: SearchStats) -> list[JointGroup]:
    """The joint groups no more common than the search's rarest other index condition, rarest
    first; the others' fallback keys are added to `bounds`. The joint keys are job_words' second
    column, after the posting day's, and GIN checks keys in column order, so a common joint key
    leads the scan in place of a rarer word: java + pay >= 260k in GBP + at most 2 years led by
    `p260` and the currency (5 % of the jobs each) stepped through both, 90 ms at 5M for 137 rows;
    an empty joint key is the rarest of all and always stays."""
    others = words + [stats.bounds.get(key, stats.unlisted[2]) for key in bounds]
    rarest = min(others, default=1.0)
    shared = [
        (min(1.0, sum(stats.joint.get(key, stats.joint_unlisted) for key in group)), group, fallback)
        for group, fallback in joint
    ]
    kept: list[JointGroup] = []
    for share, group, fallback in sorted(shared, key=lambda item: item[0]):
        if share <= rarest:
            kept.append((group, fallback))
        elif fallback is not None:
            bounds.append(fallback)
    return kept


def _range_keys(filters: Filters) -> tuple[list[str], list[JointGroup]]:
    """The keys of a search's pay and experience bounds when they leave unknowns out: those of
    the bounds column, and the groups of the joint keys column (a finer pay threshold, the bounds
    column's coarser one its fallback; the currency asked for or none named)."""
    bounds: list[str] = []
    joint: list[JointGroup] = []
    if filters.include_unknown:
        return bounds, joint
    if filters.min_salary is not None:
        pay = pay_key(filters.min_salary)
        if pay is not None and fine_pay(pay):
            joint.append(((pay,), pay_key(filters.min_salary, fine=False)))
        elif pay is not None:
            bounds.append(pay)
        if filters.salary_currency:
            joint.append(((currency_key(filters.salary_currency), currency_key("")), None))
    if filters.max_experience_years is not None:
        years = experience_key(filters.max_experience_years)
        if years is not None:
            bounds.append(years)
    return bounds, joint


def _shares(filters: Filters, stats: SearchStats, *, now: datetime | None = None) -> list[float]:
    """The share of each condition of `filters` on its own."""
    shares: list[float] = []
    words, places, flags = stats.words, stats.places, stats.flags
    unlisted_word, unlisted_place, unlisted_flag = stats.unlisted

    def word(key: str, listed: dict[str, float], unlisted: float) -> float:
        return min((listed.get(part, unlisted) for part in key.split()), default=1.0)

    def any_of(keys: Iterable[str], listed: dict[str, float], unlisted: float) -> float:
        missing = 1.0
        for key in keys:
            missing *= 1.0 - word(key, listed, unlisted)
        return 1.0 - missing

    # A level and the level words (job_keys.LEVEL_WORDS) asked for with it go together: from the
    # joint keys' own shares, not the product of the two.
    level_share: float | None = None
    folded: set[str] = set()
    keywords_folded = False
    if filters.seniority and stats.joint:
        level_share, folded, keywords_folded = _level_share(filters, stats)
    elif filters.seniority:
        level_share, folded, keywords_folded = _own_level_share(filters, stats)
    keywords = [term_key(value) for value in filters.keywords if term_key(value)]
    if keywords and not keywords_folded:
        shares.append(any_of(keywords, words, unlisted_word))
    # Words a search asks for all of go together more often than not (a role's words: "machine",
    # "learning"; a title's: "account", "executive"): their share is taken three quarters of the
    # way, on a log scale, from independent (the product) to nested (the rarest), i.e. the rarest
    # times the others to the power TOGETHER. Taken as independent, "machine learning engineer"
    # was expected 40 times rarer than it is, and its index read found 5,000 rows before a walk
    # took the page; halfway (the square root), "warehouse associate" and "account executive"
    # (0.8 % each, 0.8 % together at 5M) were still expected 11 times rarer and were the slowest
    # searches as agents send them (155 ms at 5M, 2.1× their 1M time).
    together = sorted(
        word(term_key(value), words, unlisted_word) if term_key(value) else 1.0
        for value in filters.all_keywords
        if term_key(value) not in folded
    )
    if together:
        shares.append(together[0] * math.prod(together[1:]) ** TOGETHER)
    for value in filters.exclude_keywords:
        if term_key(value) not in folded:
            shares.append(1.0 - word(term_key(value), words, unlisted_word) if term_key(value) else 1.0)
    keys = location_keys(filters.locations)
    remote = flags.get("true", unlisted_flag)
    if keys:
        # A place's tokens include the remote areas it lies in, held by remote jobs only: remote
        # jobs of a place are at most as many as either (not their product).
        place = any_of(keys, places, unlisted_place)
        shares.append(min(place, remote) if filters.remote_only else place)
    if level_share is not None:
        shares.append(level_share)
    elif filters.seniority:
        shares.append(min(1.0, sum(flags.get(level, unlisted_flag) for level in filters.seniority)))
    if (filters.remote_only and not keys) or filters.remote_from:
        shares.append(remote)
    if filters.remote_from:
        shares.append(any_of(remote_from_keys(filters), places, unlisted_place))
    unknown = [""] if filters.include_unknown else []
    if filters.visa_sponsorship:
        visa = stats.values.get("visa_sponsorship")
        guess = UNKNOWN_SHARE["visa"] if filters.include_unknown else 1 - UNKNOWN_SHARE["visa"]
        shares.append(visa.share(["yes", *unknown]) if visa else guess)
    if filters.employment_types:
        kinds = stats.values.get("employment_type")
        shares.append(kinds.share([*filters.employment_types, *unknown]) if kinds else UNKNOWN_SHARE["employment"])
    if filters.companies:
        shares.append(company_share(filters, stats))
    if filters.tech_companies_only:
        shares.append(UNKNOWN_SHARE["tech"] if stats.tech is None else stats.tech)
    if filters.min_salary is not None:
        reaches = stats.salary.share_at_least(filters.min_salary)
        if filters.salary_currency:
            reaches *= UNKNOWN_SHARE["currency"]
        shares.append(reaches + (stats.salary.null_share if filters.include_unknown else 0.0))
    if filters.max_experience_years is not None:
        within = stats.experience.share_at_most(filters.max_experience_years)
        shares.append(within + (stats.experience.null_share if filters.include_unknown else 0.0))
    if filters.posted_within_days is not None:
        shares.append(posted_share(filters, stats, now=now))
    if filters.max_days_open is not None and len(stats.seen) > 1:
        since = (now or timezone.now()) - timedelta(days=filters.max_days_open or 1)
        shares.append(1.0 - bisect.bisect_left(stats.seen, since) / len(stats.seen))
    return [max(0.0, min(1.0, share)) for share in shares]


def posted_share(filters: Filters, stats: SearchStats, *, now: datetime | None = None) -> float:
    """The share of the jobs posted (else first seen) within the search's days: from
    job_posted_idx's histogram when there is one, not from first sightings (a board read for the
    first time is first seen today with postings of every age)."""
    if filters.posted_within_days is None:
        return 1.0
    since = (now or timezone.now()) - timedelta(days=filters.posted_within_days or 1)
    if stats.posted.common or stats.posted.bounds:
        return max(0.0, min(1.0, stats.posted.share_at_least(since.timestamp())))
    if len(stats.seen) < 2:
        return 1.0
    return max(0.0, min(1.0, 1.0 - bisect.bisect_left(stats.seen, since) / len(stats.seen)))


def company_share(filters: Filters, stats: SearchStats) -> float:
    """The share of the jobs at the companies `filters` names (1.0 when it names none)."""
    if not filters.companies:
        return 1.0
    companies = stats.values.get("company_key")
    if companies is None:
        return min(1.0, UNKNOWN_SHARE["companies"] * len(filters.companies))
    return companies.share(filters.keys.companies)


def _level_share(filters: Filters, stats: SearchStats) -> tuple[float, set[str], bool]:
    """The share of the jobs at any of the search's levels whose texts have the level words it
    asks for (every one of `all_keywords`, any of `keywords` when all of them are level words)
    and lack those it excludes, from the joint keys (each word's share given the level, the
    words taken as independent of each other given it); the term keys so counted, and whether
    the keywords are. "Principal level without the word principal" is then about no job, not
    the 6 % of principal-level jobs times the 94 % without the word."""
    terms = filters.keys
    excluded = [key for key in terms.exclude_keywords if level_key("", key, present=False)]
    required = [key for key in terms.all_keywords if level_key("", key, present=True)]
    wanted = all(level_key("", key, present=True) for key in terms.keywords)
    anyof = list(terms.keywords) if terms.keywords and wanted else []
    total = 0.0
    for level in filters.seniority:
        share = stats.flags.get(level, stats.unlisted[2])
        if share <= 0:
            continue

        def given(key: str, *, present: bool, level: str = level, share: float = share) -> float:
            if not present and held_level_key(level, key, present=False) == level:
                # A level word absent at another level has no key (job_keys.held_level_key):
                # the level's jobs but those holding it.
                holding = stats.joint.get(str(level_key(level, key, present=True)), stats.joint_unlisted)
                return max(0.0, min(1.0, (share - holding) / share))
            joint = stats.joint.get(str(level_key(level, key, present=present)), stats.joint_unlisted)
            return min(1.0, joint / share)

        within = share * math.prod(given(key, present=False) for key in excluded)
        within *= math.prod(given(key, present=True) for key in required)
        if anyof:
            within *= 1.0 - math.prod(1.0 - given(key, present=True) for key in anyof)
        total += within
    return min(1.0, total), {*excluded, *required}, bool(anyof)


def _own_level_share(filters: Filters, stats: SearchStats) -> tuple[float, set[str], bool]:
    """`_level_share` for statistics without joint keys (the change rows' `change_words`): a
    level word asked for at the level it names (LEVEL_OF_WORD: "manager" at manager level) is
    taken as nested in it, the share of both the rarer of the two, since a title's level is
    read from that word; any other level word as independent of the level, as before. Taken as
    independent, "manager" at manager level was expected at a fifth of its share of the change
    rows and a week back the feed read 88,558 rows through the index (1.6 s) instead of a 23 ms
    walk. Excluded words stay independent (a level without its own word is rare but not none:
    "architect" is principal). Same return as `_level_share`."""
    terms = filters.keys
    # Term keys are padded (" manager "); the statistics and LEVEL_OF_WORD hold the bare word.
    required = [key for key in terms.all_keywords if key.strip() in LEVEL_OF_WORD]
    named = all(key.strip() in LEVEL_OF_WORD for key in terms.keywords)
    anyof = list(terms.keywords) if terms.keywords and named else []
    if not any(LEVEL_OF_WORD[key.strip()] in filters.seniority for key in [*required, *anyof]):
        return min(1.0, sum(stats.flags.get(level, stats.unlisted[2]) for level in filters.seniority)), set(), False
    total = 0.0
    for level in filters.seniority:
        share = stats.flags.get(level, stats.unlisted[2])
        if share <= 0:
            continue

        def given(key: str, level: str = level, share: float = share) -> float:
            word = stats.words.get(key.strip(), stats.unlisted[0])
            return min(1.0, word / share) if LEVEL_OF_WORD[key.strip()] == level else word

        within = share * math.prod(given(key) for key in required)
        if anyof:
            within *= 1.0 - math.prod(1.0 - given(key) for key in anyof)
        total += within
    return min(1.0, total), set(required), bool(anyof)
