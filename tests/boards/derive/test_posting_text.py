"""The posting text the readers share (boards/derive/text.py): what it holds must be exactly what
each reader used to compute on its own, so a reader's answer does not change with it."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from boards.derive.text import _ANCHORS, MAX_TEXT, PostingText, anchor_words, lowercase

WORDISH = st.text(alphabet=st.sampled_from([*"abcxyz CET est-é\nİ.ß", "\ud800", "𝔘"]), max_size=80)
# Anchor words of the readers, and one that overlaps itself ("abab" in "ababab"), registered here.
OVERLAPPING = anchor_words("abab")
PIECES = [
    *["ab", "a", "b", " ", "visa", "remote", "İ", "\ud800", "𝔘", "é", "\n", "sponsor", "type", "Full-Time"],
    "€",
    "£",
    "?",
]
ANCHORISH = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


@given(st.text(max_size=300) | WORDISH)
def test_the_words_are_the_letter_runs_a_regular_expression_finds(text: str) -> None:
    low = text.lower()
    assert PostingText.of_lowered(low).words == frozenset(re.findall("[a-z]+", low))


@given(st.text(max_size=300) | WORDISH, st.frozensets(st.sampled_from(["abc", "est", "cet", "x", "ab", "z"])))
def test_holds_any_word_answers_as_the_word_set_does(text: str, wanted: frozenset[str]) -> None:
    low = text.lower()
    expected = not wanted.isdisjoint(re.findall("[a-z]+", low))
    as_bytes = frozenset(word.encode("ascii") for word in wanted)
    assert PostingText.of_lowered(low).holds_any_word(as_bytes) == expected
    read = PostingText.of_lowered(low)
    assert read.words is not None and read.holds_any_word(as_bytes) == expected  # from the built set too


@given(st.text(max_size=300) | WORDISH | ANCHORISH | st.text(alphabet=st.sampled_from([*"aZ €–’•ΣßǅİÉ", "\ud800"])))
def test_the_text_is_lowercased_as_str_lower_does(text: str) -> None:
    assert lowercase(text) == text.lower()


def test_the_description_is_read_without_the_title_and_both_are_lowercased_once() -> None:
    read = PostingText.of_posting("Senior Engineer", "Remote within CET ±2 hours.")
    assert read.text == "Senior Engineer\nRemote within CET ±2 hours."
    assert read.low == read.text.lower()
    assert read.description_low == "remote within cet ±2 hours."
    assert read.words == {"remote", "within", "cet", "hours"}


def test_a_long_posting_is_cut_where_every_reader_cut_it() -> None:
    read = PostingText.of_posting("Engineer", "x" * (MAX_TEXT + 50))
    assert len(read.text) == len(read.low) == len(read.description_low) == MAX_TEXT


def _found_by_str_find(low: str, word: str) -> list[int]:
    """What each reader's own loop found before the anchor scan: `str.find` from the start and
    from just past each occurrence."""
    starts = []
    at = low.find(word)
    while at >= 0:
        starts.append(at)
        at = low.find(word, at + len(word))
    return starts


@given(st.text(max_size=40) | WORDISH, st.text(max_size=300) | WORDISH | ANCHORISH, st.integers(0, 400))
def test_the_anchor_scan_finds_what_str_find_finds(title: str, description: str, within: int) -> None:
    read = PostingText.of_posting(title, description)
    for word in _ANCHORS:
        assert read.occurrences(word) == _found_by_str_find(read.description_low, word), word
        assert read.occurrences(word, title=True) == _found_by_str_find(read.low, word), word
        cut = read.description_low[:within]
        assert read.occurrences(word, within=within) == _found_by_str_find(cut, word), word
        assert read.holds(word) == (word in read.description_low)


@given(WORDISH | ANCHORISH)
def test_a_lowered_text_is_scanned_whole(low: str) -> None:
    read = PostingText.of_lowered(low)
    for word in (*OVERLAPPING, "visa", "remote", "sponsor"):
        assert read.occurrences(word) == _found_by_str_find(low, word)


def test_the_description_window_of_a_long_posting_is_scanned_past_the_cut_of_low() -> None:
    description = "x" * (MAX_TEXT - 20) + " remote visa " + "y" * 30
    read = PostingText.of_posting("Remote Engineer, visa", description)
    assert read.occurrences("remote") == _found_by_str_find(read.description_low, "remote") == [MAX_TEXT - 19]
    assert read.occurrences("visa", title=True) == _found_by_str_find(read.low, "visa") == [17]


def test_a_word_that_no_reader_registered_is_refused() -> None:
    read = PostingText.of_lowered("an unregistered word")
    try:
        read.occurrences("unregistered")
    except KeyError:
        return
    raise AssertionError("an unregistered word must be refused, not answered as absent")
