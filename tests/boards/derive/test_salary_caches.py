"""The salary reader's caches (issue 19's speed work) change no answer: a line's figure windows are
the ones the whole text's trigger passes find, and a figure's judgement is fixed by the window its
cache key holds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from boards.derive import salary, salary_places
from boards.derive.text import PostingText

# Figures, periods split over lines ("per\nyear"), "k" figures, pay and perk words, and lines that
# end as a period's first word.
PIECES = [
    "5", "48,000", "150", "$", "€", "k", "K", "-", " ", "  ", "+", "\n", "\n\n", "per", "year", "a", "an", "hour",
    "/", "yr", "p/hr", "pa", "annum", "weekly", "yearly", "ly", "salary", "pay", "bonus", "budget", "equity", "USD",
    "up to", "from", "é", "data", ".", ",", ":", "(", ")",
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
    judged: dict[tuple[str, str, int, int], object] = {}
    for middle in texts:
        for before, after in (("", ""), ("Bonus: ", "\nper year"), ("Salary\n" * 20, " equity" * 10)):
            text = before + middle + after
            read = PostingText.of_text(text)
            for match in salary_places.money_matches(read, read.text, read.low):
                start, end = match.span()
                first = max(0, start - salary._JUDGE_BEFORE)
                key = (
                    text[first : end + salary._JUDGE_AFTER],
                    read.low[first : end + salary._JUDGE_AFTER],
                    start - first,
                    end - first,
                )
                expected = salary._judge(read.text, read.low, match)
                assert judged.setdefault(key, expected) == expected
                assert salary._judged(read.text, read.low, match) == expected
