"""The salary reader's caches (issue 19's speed work) change no answer: a line's figure windows are
the ones the whole text's trigger passes find, and a figure's judgement is fixed by the window its
cache key holds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boards.derive import salary, salary_patterns, salary_places
from boards.derive.text import PostingText

# Figures, periods split over lines ("per\nyear"), "k" figures, pay and perk words, and lines that
# end as a period's first word.
PIECES = [
    "5", "48,000", "150", "$", "€", "k", "K", "-", " ", "  ", "+", "\n", "\n\n", "per", "year", "a", "an", "hour",
    "/", "yr", "p/hr", "pa", "annum", "weekly", "yearly", "ly", "salary", "pay", "bonus", "budget", "equity", "USD",
    "up to", "from", "é", "data", ".", ",", ":", "(", ")", "kr", "Kr.",
]  # fmt: skip
TEXT = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@given(TEXT)
def test_the_figure_windows_read_line_by_line_are_the_whole_texts(text: str) -> None:
    low = text.lower()
    whole = sorted(salary_places._figure_windows_whole(low))
    assert sorted(salary_places._figure_windows(low)) == whole
    assert sorted(salary_places._figure_windows(low)) == whole  # the lines now come from the cache


def test_a_text_with_more_trigger_matches_than_the_cap_keeps_the_first_of_each() -> None:
    low = "\n".join(["150k - 160k"] * 150 + ["5 per year"])
    assert sorted(salary_places._figure_windows(low)) == sorted(salary_places._figure_windows_whole(low))


@settings(max_examples=50)
@given(st.lists(TEXT, min_size=2, max_size=6))
def test_a_figure_judged_from_the_cache_is_judged_as_in_its_own_text(texts: list[str]) -> None:
    judged: dict[tuple[str, str, int, int, str, str], object] = {}
    for middle in texts:
        for before, after in (("", ""), ("Bonus: ", "\nper year"), ("Salary\n" * 20, " equity" * 10)):
            text = before + middle + after
            read = PostingText.of_text(text)
            for match, offset in salary_places.money_matches(read, read.text, read.low):
                start, end = match.start() + offset, match.end() + offset
                first = max(0, start - salary._JUDGE_BEFORE)
                last = end + salary._JUDGE_AFTER
                # a bare "$" and "kr" where the posting is (`salary_of`)
                for dollar, krona in (("USD", "SEK"), ("CAD", "SEK"), ("MXN", "SEK"), ("USD", "NOK")):
                    key = (text[first:last], read.low[first:last], start - first, end - first, dollar, krona)
                    expected = salary._judge(read.text, read.low, match, offset, dollar, krona)
                    assert judged.setdefault(key, expected) == expected
                    assert salary._judged(read.text, read.low, match, offset, dollar, krona) == expected


# Long letter runs, so that windows hold enough letters to be read on their own, among figures,
# ranges, codes, spaced "+" signs and runs of spaces and digits.
MONEY_PIECES = [
    *PIECES, "USD", "(GBP)", " + ", "+", "   ", "1 000", "0" * 30, " " * 30, "to", "and", "million", "lakh",
    "x" * 40, "pay for the whole team and more", "%",
]  # fmt: skip
MONEY_TEXT = st.lists(st.sampled_from(MONEY_PIECES), max_size=60).map("".join)


@given(MONEY_TEXT, st.data())
def test_the_money_pattern_on_a_window_finds_what_it_finds_on_the_text(text: str, data: st.DataObject) -> None:
    for start in data.draw(st.lists(st.integers(min_value=0, max_value=max(0, len(text) - 1)), max_size=8)):
        expected = salary_patterns.MONEY.match(text, start)
        for _ in range(2):  # the second from the cache
            found, offset = salary_places._money_at(text, start)
            if expected is None:
                assert found is None
            else:
                assert found is not None
                assert (found.start() + offset, found.end() + offset) == expected.span()
                assert found.groups() == expected.groups()
                assert [
                    found.end(group) + offset
                    for group in range(1, 1 + salary_patterns.MONEY.groups)
                    if found.end(group) >= 0
                ] == [
                    end
                    for end in (expected.end(group) for group in range(1, 1 + salary_patterns.MONEY.groups))
                    if end >= 0
                ]


@given(
    st.lists(st.sampled_from([piece for piece in MONEY_PIECES if not any(ch.isdigit() for ch in piece)]), max_size=60)
)
def test_a_text_without_a_digit_has_no_money_match(pieces: list[str]) -> None:
    """`salary_of` answers None at once for a text without a digit (most titles alone): every
    figure pat.MONEY reads starts with one."""
    text = "".join(pieces)
    read = PostingText.of_text(text)
    assert salary_places.money_matches(read, read.text, read.low) == []
    assert salary.salary_of(read) is None
