"""The keys that say two postings are one vacancy (matching/identity.py, docs/derived-fields.md)."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from matching.identity import description_fingerprint, group_key, requisition_key, title_key, vacancy_key

TEXT = (
    "Join our {city} office to build the payments platform used by millions of merchants. You will design "
    "ledgers, own reconciliation jobs and review pull requests from a team of eight engineers. "
    "Apply by {date}: https://acme.example/apply?utm_source={source}&gh_src=1"
)


def text(city: str = "Austin", date: str = "2026-11-02", source: str = "greenhouse", spaces: str = " ") -> str:
    return TEXT.format(city=city, date=date, source=source).replace(" ", spaces)


def test_whitespace_links_dates_and_the_postings_own_city_do_not_change_the_fingerprint() -> None:
    austin = description_fingerprint(text(), locations=["Austin, TX"])
    assert austin == description_fingerprint(text(spaces=" \n\t "), locations=["Austin, TX"])
    assert austin == description_fingerprint(text(source="linkedin"), locations=["Austin, TX"])
    assert austin == description_fingerprint(text(date="November 9, 2026"), locations=["Austin, TX"])
    assert austin == description_fingerprint(text(city="Denver"), locations=["Denver, CO"])
    assert austin != description_fingerprint(text().replace("payments", "search"), locations=["Austin, TX"])


def test_the_requisition_decides_when_there_is_one_and_placeholders_are_none() -> None:
    one = group_key(title="Backend Engineer", requisition="R-123", fingerprint="a")
    assert one == group_key(title="backend  engineer", requisition="r123", fingerprint="b")
    assert one != group_key(title="Backend Engineer", requisition="R-124", fingerprint="a")
    assert requisition_key("ONE") == requisition_key("MULTI") == ""


def test_without_a_requisition_the_description_decides_and_titles_keep_their_figures() -> None:
    assert group_key(title="Engineer", fingerprint="a") != group_key(title="Engineer", fingerprint="b")
    assert title_key("Engineer 1") != title_key("Engineer 2")
    assert title_key("Senior  Engineer, Payments") == title_key("senior engineer payments")


def test_across_boards_only_a_description_long_enough_is_trusted() -> None:
    short = description_fingerprint("Build things.")
    assert short.endswith("~") and vacancy_key(title="Engineer", fingerprint=short) == ""
    long = description_fingerprint(text(), locations=["Austin, TX"])
    assert vacancy_key(title="Engineer", fingerprint=long) != ""


def test_a_place_goes_where_it_stands_as_a_phrase_and_its_words_stay_elsewhere() -> None:
    # Found by tests/boards/test_vacancy_properties.py: the state or country after the city kept
    # one posting of a vacancy apart from its others.
    words = "Join our {city} office. " + "We build the payments platform that every merchant relies on. " * 2
    austin = description_fingerprint(words.format(city="Austin, TX"), locations=["Austin, TX"])
    assert austin == description_fingerprint(words.format(city="Berlin, Germany"), locations=["Berlin, Germany"])
    assert austin == description_fingerprint(words.format(city="Berlin"), locations=["Berlin, Germany"])
    # A city's words are also ordinary words: "new" stays unless it is New York.
    news = "Our {city} team ships new features for new customers every week, and you would lead them."
    york = description_fingerprint(news.format(city="New York"), locations=["New York, NY"])
    assert york == description_fingerprint(news.format(city="Paris"), locations=["Paris, France"])
    # Two-letter parts go only inside the whole location: "Join us" keeps its "us".
    joins = "Join us in {city} to build the ledger. "
    assert description_fingerprint(joins.format(city="Austin"), locations=["Austin, TX, US"]) == (
        description_fingerprint(joins.format(city="Paris"), locations=["Paris, France"])
    )


def _requisition_key_by_words(requisition: str) -> str:
    """`requisition_key` as it was defined: every requisition through the word scan."""
    key = "".join(re.findall(r"[^\W_]+", requisition.casefold()))
    return key if any(ch.isdigit() for ch in key) else ""


@settings(max_examples=500)
@given(
    st.text(max_size=12)
    | st.from_regex(r"[A-Za-z]{0,3}[-_ ]?[0-9]{0,6}", fullmatch=True)
    | st.sampled_from(["ONE", "MULTI", "R-123", "ﬀ12", "K9", "²", "٣", "Ⅻ", "_1", ""])
)
def test_a_requisition_key_is_the_word_scans(requisition: str) -> None:
    assert requisition_key(requisition) == _requisition_key_by_words(requisition)
