"""The keys that say two postings are one vacancy (matching/identity.py, docs/derived-fields.md)."""

from __future__ import annotations

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
