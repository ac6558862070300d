"""The posting text the readers share (boards/derive/text.py): what it holds must be exactly what
each reader used to compute on its own, so a reader's answer does not change with it."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from boards.derive.employment import _STATEMENT_WORDS
from boards.derive.text import MAX_TEXT, PostingText, WordGroups, candidate_words
from boards.derive.visa import _TRIGGERS

GROUPS: dict[str, WordGroups] = {"visa triggers": _TRIGGERS, "employment statements": _STATEMENT_WORDS}
WORDISH = st.text(alphabet=st.sampled_from([*"abcxyz CET est-é\nİ.ß", "\ud800", "𝔘"]), max_size=80)


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


def test_the_description_is_read_without_the_title_and_both_are_lowercased_once() -> None:
    read = PostingText.of_posting("Senior Engineer", "Remote within CET ±2 hours.")
    assert read.text == "Senior Engineer\nRemote within CET ±2 hours."
    assert read.low == read.text.lower()
    assert read.description_low == "remote within cet ±2 hours."
    assert read.words == {"remote", "within", "cet", "hours"}


def test_a_long_posting_is_cut_where_every_reader_cut_it() -> None:
    read = PostingText.of_posting("Engineer", "x" * (MAX_TEXT + 50))
    assert len(read.text) == len(read.low) == len(read.description_low) == MAX_TEXT


def test_every_word_holds_the_part_it_is_grouped_under() -> None:
    for name, groups in GROUPS.items():
        for part, words in groups:
            assert all(part in word for word in words), (name, part, words)


def test_a_group_is_left_out_only_when_the_text_lacks_its_part() -> None:
    groups: WordGroups = (("full", ("full-time", "full time")), ("intern", ("intern",)))
    assert list(candidate_words("a fully remote role", groups)) == ["full-time", "full time"]
    assert list(candidate_words("an internal tool", groups)) == ["intern"]
    assert list(candidate_words("a permanent role", groups)) == []
