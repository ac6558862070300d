"""A search's newest slice is sized in jobs, so that it reads as many rows at 5,000,000 jobs as at
1,000,000, and a word the statistics do not list is guessed from what ANALYZE leaves out
(watches/services/estimate.py, watches/services/search.py)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest
from django.utils import timezone

from watches.filters import Filters
from watches.services import search
from watches.services.estimate import Histogram, SearchStats, _elements, unlisted_below
from watches.services.job_keys import SEEN_HOURS


def stats(rows: float, share: float = 0.01) -> SearchStats:
    """`rows` jobs first seen at an even pace over the last 90 days (a 100-bucket histogram of
    it), `share` of them saying "python"."""
    now = timezone.now()
    seen = tuple(now - timedelta(days=90) + timedelta(days=0.9 * bucket) for bucket in range(101))
    nothing = Histogram()
    return SearchStats(
        rows=rows,
        words={"python": share},
        places={},
        flags={},
        unlisted=(0.0001, 0.0001, 0.0001),
        salary=nothing,
        experience=nothing,
        seen=seen,
    )


def test_the_newest_slice_holds_the_share_asked_for_not_a_whole_histogram_bucket() -> None:
    histogram = stats(5_000_000)
    since, covered = histogram.newest_since(0.002)
    assert covered == pytest.approx(0.002)
    assert since is not None and histogram.seen[-2] < since < histogram.seen[-1]
    assert histogram.share_since(since) == pytest.approx(0.002)
    assert histogram.newest_since(1.0) == (None, 1.0)


@pytest.mark.parametrize("share", [0.3, 0.02, 0.004, 0.001])
def test_a_search_reads_the_same_slice_in_jobs_at_one_and_at_five_million(share: float) -> None:
    """Sized as a share of the histogram, the slice was at least 1 % of the jobs: 50,000 at 5M
    where 10,000 at 1M. An index read's slice starts at a sighting bucket (4 hours)."""
    python = Filters(keywords=("python",))
    sizes = (1e6, 5e6)
    plans = [search._choose(python, stats(rows, share), share, 101) for rows in sizes]
    assert plans[0].walk == plans[1].walk
    wanted = max(2 * 102 / share, search.MIN_SLICE_ROWS)
    for plan, rows in zip(plans, sizes, strict=True):
        bucket = rows * SEEN_HOURS / (90 * 24)
        assert wanted * 0.99 <= plan.covered * rows <= wanted * 1.01 + (0 if plan.walk else bucket)


def test_a_word_missing_from_a_list_with_room_is_below_what_analyze_leaves_out() -> None:
    # Three elements listed where a statistics target of 100 leaves room for 1,000: every element
    # sampled more often than the cutoff is listed, so any other one is rarer than the cutoff.
    row = [0.0, ["engineer", "ios", "rust"], [0.6, 0.1, 0.01, 0.01, 0.6, 0.0], None, None, None, [1, 2, 3, 10.0], 100]
    words, unlisted = _elements(row)
    assert words == {"engineer": 0.6, "ios": 0.1, "rust": 0.01}
    assert unlisted == pytest.approx(unlisted_below(10.0, 100) / 2)
    assert unlisted < 0.01 / 2
    # A full list says nothing of the elements left out but that they are rarer than its last.
    listed = [f"w{index}" for index in range(1000)]
    full = [0.0, listed, [0.5] * 1000 + [0.004, 0.5, 0.0], None, None, None, [10.0], 100]
    assert _elements(full)[1] == pytest.approx(0.002)


def test_words_asked_for_together_are_taken_most_of_the_way_from_independent_to_nested() -> None:
    """ "machine" and "learning" (2 % each) are a role's words: as independent they were 0.04 %,
    40 times rarer than the 2 % they are together; the estimate takes the rarest times the others
    to the power TOGETHER (a quarter): 0.75 %."""
    from watches.services.estimate import TOGETHER, estimated_share

    assert TOGETHER == 0.25
    words = replace(stats(1e6), words={"machine": 0.02, "learning": 0.02, "london": 0.04})
    assert estimated_share(Filters(all_keywords=("machine", "learning")), words) == pytest.approx(0.02 * 0.02**0.25)
    three = Filters(all_keywords=("london", "machine", "learning"))
    assert estimated_share(three, words) == pytest.approx(0.02 * (0.02 * 0.04) ** 0.25)
    # One word, or a phrase (its rarest word), is as before.
    assert estimated_share(Filters(all_keywords=("machine",)), words) == pytest.approx(0.02)
    assert estimated_share(Filters(keywords=("machine learning",)), words) == pytest.approx(0.02)


def test_a_first_read_of_common_conditions_estimated_rare_is_a_bounded_slice() -> None:
    """Several index conditions are estimated as their product, and conditions read from the same
    title go together ("product" at manager level): an estimate of 0.001 % would read every job,
    at 5M its rarest condition's 500,000. The first read covers at most FIRST_SLICE_ROWS jobs; a
    read sized from a measured share, a single condition and a rare one are not bounded."""
    rows = 5_000_000
    common = replace(stats(rows), words={"product": 0.1, "haskell": 0.0002}, flags={"manager": 0.1})
    product = Filters(keywords=("product",), seniority=("manager",))
    bucket = rows * SEEN_HOURS / (90 * 24)
    first = search._choose(product, common, 0.00001, 101, first=True)
    assert first.since is not None and first.covered * rows <= search.FIRST_SLICE_ROWS + bucket
    assert search._choose(product, common, 0.00001, 101).since is None
    assert search._choose(Filters(keywords=("product",)), common, 0.00001, 101, first=True).since is None
    haskell = Filters(keywords=("haskell",), seniority=("manager",))
    assert search._choose(haskell, common, 0.00001, 101, first=True).since is None
