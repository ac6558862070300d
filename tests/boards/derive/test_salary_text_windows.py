"""The salary reader's small text windows, read with substring searches instead of patterns
(issue 19's speed work), agree with the patterns they replaced on any text."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from boards.derive import salary_patterns as pat
from boards.derive.salary import _after_window, _letter_runs, _period_after
from boards.derive.salary_places import _may_name_a_code

# Characters that meet every branch: sentence marks, spaces of several kinds, letters, digits, text
# outside ASCII and a lone surrogate.
TEXT = st.text(alphabet=st.sampled_from(list(".!?;\n \t\u00a0\u2009ab Zé1$€\ud800-")), max_size=60)


@given(TEXT, st.integers(min_value=0, max_value=70))
def test_the_window_after_a_figure_ends_where_the_sentence_pattern_ends_it(text: str, end: int) -> None:
    window = text[end : end + 40]
    cut = re.compile(r"[.!?;](?:\s|$)|\n").search(window)
    assert _after_window(text, end) == (window[: cut.start()] if cut else window)


@given(TEXT)
def test_the_letter_runs_are_what_the_letters_pattern_finds(text: str) -> None:
    assert _letter_runs(text) == re.findall("[a-z]+", text)


# The period pattern's words and marks, in both cases, between separators.
PERIOD_PIECES = [
    "per", "Per", "a", "An", "each", "/", "pro", "PAR", "im", "year", "Years", "yr", "mo", "Mth", "week", "Wks",
    "day", "Hours", "hr", "h", "jahr", "monat", "annually", "Yearly", "p.a.", "P.A", "pa", "monthly", "hourly",
    "p/hr", "p.h.", "ph", "pw", "PCM", "p/a", "x", "5", ",", ".", "(", "-", "é", "ä", "ß", " ", "  ", "\t", "\u00a0",
]  # fmt: skip
PERIOD_TEXT = st.lists(st.sampled_from(PERIOD_PIECES), max_size=14).map("".join)


@given(PERIOD_TEXT | TEXT)
def test_the_period_after_a_figure_is_what_the_case_blind_pattern_finds(after: str) -> None:
    expected = pat.PERIOD_AFTER.search(after, 0, 30)
    found = _period_after(after)
    assert (found is None) == (expected is None)
    if found is not None and expected is not None:
        assert found.span() == expected.span()
        for group in ("unit", "foreign", "adverb", "abbr"):
            assert (found[group] or "").lower() == (expected[group] or "").lower()


def test_a_sentence_mark_ends_the_window_only_before_a_space_or_its_end() -> None:
    assert _after_window("$5 a.m. shift. Then", 2) == " a.m"
    assert _after_window("$5 per hour; tips", 2) == " per hour"
    assert _after_window("$5 per hour\nmore", 2) == " per hour"


CODE_PIECES = ["USD", "EUR", "Rs", "zł", "Kč", "Ft", "US", "D", "ABC", "A", "r", "s", "usd", " ", "1", "é", "\ud800"]
CODE_TEXT = st.lists(st.sampled_from(CODE_PIECES), max_size=20).map("".join)


@given(CODE_TEXT | TEXT | st.text(max_size=100))
def test_a_text_read_for_codes_is_every_text_where_the_code_pattern_finds_one(text: str) -> None:
    names = [found[0] for found in pat.CODE_TRIGGER.finditer(text)]
    if any(name in pat.CODE_SET or name in pat.WORD_CURRENCIES for name in names):
        assert _may_name_a_code(text)
