"""Remote scope tries its statement pattern only where a statement can start (`_lead_in`), at the
places found in the window or, past a few windows, in the whole description: the statements found
must be the ones a search of the window finds."""

from __future__ import annotations

import bisect

from hypothesis import given
from hypothesis import strategies as st

from boards.derive.remote_scope import _LEAD, _LEAD_STARTS, _lead_in, _lead_places

# One statement of each kind `_LEAD` reads, pieces of them, and words that start like them.
STATEMENTS = [
    *["must reside in ", "should live within ", "need to be based in ", "required to work from ", "have to live in "],
    *["must currently reside in ", "must be a legal resident of the ", "should be residents of "],
    *["open to candidates based in ", "available only to people who live in ", "open to anyone in "],
    *["candidates must be located in ", "applicants based in ", "employees living anywhere in "],
    *["remote within the ", "remote-first from ", "remotely across ", "work from home in ", "remote anywhere in "],
    *["work remotely from anywhere in ", "work from anywhere within ", "hire remotely in ", "hire across "],
    *["anywhere in ", "located in "],
]
PIECES = [
    *STATEMENTS,
    *_LEAD_STARTS,
    *["must ", "be ", "in ", "within ", "from ", "of ", "the ", "to ", "remote ", "work ", "mustard ", "rework "],
    *["us", "canada", "x", "é", " ", "  ", "\n", ".", ",", "-", "_", "3"],
]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)
PLACES = st.integers(0, 300) | st.just(0) | st.just(10_000)


@given(TEXTS, PLACES, PLACES)
def test_the_statements_found_where_they_can_start_are_those_a_search_finds(low: str, one: int, two: int) -> None:
    start, end = min(one, two, len(low)), min(max(one, two), len(low))
    expected = [match.span() for match in _LEAD.finditer(low, start, end)]
    in_window = _lead_places(low, start, end)
    assert [match.span() for match in _lead_in(low, in_window, start, end)] == expected
    everywhere = _lead_places(low, 0, len(low))
    in_text = everywhere[bisect.bisect_left(everywhere, start) : bisect.bisect_left(everywhere, end)]
    assert [match.span() for match in _lead_in(low, in_text, start, end)] == expected
