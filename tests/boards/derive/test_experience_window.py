"""Experience reads a counted year word from a window cut around it (and caches the reading per
window, as a board repeats its boilerplate): the answer must be the one read on the whole text."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from boards.derive.experience import _COUNT_CLOSES, _LABEL_FIRST, _YEAR_WORD, _read_counted, _read_mention

PIECES = [
    *["5", "3+", "10", "-", "–", "to", "and", "(", ")", ".", ",", ";", ":", "\n"],
    " ",
    "  ",
    "years",
    "year",
    "yrs",
    "y",
    "five (5)",
    "between",
    "experience",
    "of experience",
    "exp.",
    "bachelor's degree and",
    "BS +",
    "phd with",
    "for over",
    "we have",
    "our company has",
    "at least",
    "less than",
    "no more than",
    "or less",
    "max",
    "ago",
    "of age",
    "in the last",
    "x" * 37,
    "lorem ipsum dolor sit amet ",
]
TEXTS = st.lists(st.sampled_from(PIECES), max_size=60).map("".join).map(str.lower)
# A count led by a degree, a long count, and experience words far after it, each at any distance:
# the reads that reach farthest from the year word.
COUNTS = st.sampled_from(["5", "3-5", "five (5) - ten (10)", "2 to  4", "10 (ten)+ -- 12 (twelve)+", "between 3 and 5"])
FAR = st.builds(
    lambda lead, gap, degree, count, tail, word: f"{lead}{degree}{' ' * gap}{count} years{' ' * tail}{word}",
    st.sampled_from(["", "x", "requires a ", "the company has "]),
    st.integers(0, 70),
    st.sampled_from(["", "bachelor's degree and ", "phd with ", "ms + ", "for over ", "we have ", "experience: "]),
    COUNTS,
    st.integers(0, 75),
    st.sampled_from(["", "experience", "exp.", "of history", ". 5 years", "ago"]),
)


@given(TEXTS | FAR)
def test_a_counted_year_reads_the_same_from_its_window_as_from_the_whole_text(low: str) -> None:
    for mention in _YEAR_WORD.finditer(low):
        start, end = mention.start(), mention.end()
        if _LABEL_FIRST.match(low, start) or not _COUNT_CLOSES.search(low, max(0, start - 12), start):
            continue  # read without the window
        assert _read_mention(low, start, end) == _read_counted.__wrapped__(low, start, end)


def test_a_requirement_far_into_a_long_text_is_read_from_its_window() -> None:
    low = "lorem ipsum " * 40 + "we have 20 years of history. " + "x " * 60 + "requires 5+ years of experience"
    found = [_read_mention(low, m.start(), m.end()) for m in _YEAR_WORD.finditer(low)]
    assert found == [_read_counted.__wrapped__(low, m.start(), m.end()) for m in _YEAR_WORD.finditer(low)]
    assert found[0] is None and found[-1] is not None and found[-1].years == (5.0, None)
