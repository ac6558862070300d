"""The threshold key a search's bound asks for is held by every job within the bound
(watches/services/job_keys.py): a necessary condition, never one that drops a match."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from boards.derive.seniority import seniority
from matching.terms import term_key
from watches.filters import Filters
from watches.services.estimate import index_keys
from watches.services.job_keys import (
    ABSENT_WORDS,
    EXPERIENCE_LEVELS,
    FINE_PAY_LEVELS,
    LEVEL_OF_WORD,
    LEVEL_WORDS,
    PAY_LEVELS,
    absent_key,
    bucket_start,
    experience_key,
    fine_pay,
    level_key,
    pay_key,
    posted_day,
    posted_days,
    seen_bucket,
)


def pay_keys_held(top: int | None) -> set[str]:
    """The pay keys bounds_sql and joint_sql give a job with this pay top."""
    levels = (*PAY_LEVELS, *FINE_PAY_LEVELS)
    return {"p"} if top is None else {f"p{level}" for level in levels if top >= level * 1000}


def experience_keys_held(years: float | None) -> set[str]:
    return {"e"} if years is None else {f"e{level}" for level in EXPERIENCE_LEVELS if years <= level}


def test_every_pay_that_reaches_the_minimum_holds_its_key() -> None:
    tops = [0, 9_999, 40_000, 179_999, 180_000, 189_999, 190_000, 250_001, 400_000, 9_000_000]
    for minimum in (40_000, 60_000, 185_000, 190_000, 399_999, 400_000, 10_000_000):
        key = pay_key(minimum)
        assert key is not None
        assert all(key in pay_keys_held(top) for top in tops if top >= minimum)
        assert key not in pay_keys_held(None)
    assert pay_key(190_000) == "p180"
    assert pay_key(290_000) == "p290" and fine_pay("p290") and not fine_pay("p250")
    assert pay_key(299_999) == "p290" and pay_key(300_000) == "p300"
    assert pay_key(39_999) is None


def test_every_experience_within_the_bound_holds_its_key() -> None:
    years = [-1.0, 0.0, 0.5, 1.0, 1.99, 2.0, 6.0, 7.0, 14.5, 15.0]
    for bound in (0.0, 0.5, 1.0, 1.5, 6.0, 7.0, 14.9, 15.0):
        key = experience_key(bound)
        assert key is not None
        assert all(key in experience_keys_held(value) for value in years if value <= bound)
        assert key not in experience_keys_held(None)
    assert experience_key(1) == "e1"
    assert experience_key(7) == "e8"
    assert experience_key(15.5) is None


def test_a_sighting_bucket_starts_at_its_own_start() -> None:
    moment = datetime(2026, 12, 2, 5, 59, 59, 999_999, tzinfo=UTC)
    bucket = seen_bucket(moment)
    assert bucket_start(bucket) <= moment < bucket_start(bucket + 1)
    assert seen_bucket(bucket_start(bucket + 1)) == bucket + 1
    assert seen_bucket(bucket_start(bucket + 1) - timedelta(microseconds=1)) == bucket


def posted_keys_held(moment: datetime) -> set[int]:
    """The posting keys posted_sql gives a job posted at `moment`: its day, and its bucket negated."""
    return {posted_day(moment), -seen_bucket(moment)}


def test_every_job_posted_since_the_cutoff_holds_a_key_or_is_posted_after_the_keys() -> None:
    """The posting days a window asks for are a necessary condition: a job posted since the
    cutoff holds one of them, unless it was posted after the day after now's (read by range)."""
    now = datetime(2026, 12, 3, 16, 31, 7, tzinfo=UTC)
    for since in (now - timedelta(days=1), now - timedelta(days=7), now.replace(hour=0, minute=0, second=0)):
        keys, after = posted_days(since, now)
        assert after == datetime(2026, 12, 5, tzinfo=UTC)
        moments = [since + timedelta(minutes=37 * step) for step in range(800)]
        for moment in (*moments, since, after - timedelta(microseconds=1)):
            assert moment >= after or posted_keys_held(moment) & set(keys), moment
        # Tight: the cutoff's day before its bucket, and the days before it, hold none of the keys.
        for moment in (since - timedelta(hours=4), since - timedelta(days=3)):
            assert not posted_keys_held(moment) & set(keys), moment


def test_a_window_asks_for_its_first_day_from_the_cutoffs_bucket_on() -> None:
    now = datetime(2026, 12, 3, 16, 31, tzinfo=UTC)
    keys, _after = posted_days(now - timedelta(days=1), now)
    day = posted_day(now)
    # 16:00-20:00 and 20:00-24:00 of yesterday, then today and tomorrow.
    assert keys == [-seen_bucket(now - timedelta(days=1)), -seen_bucket(now - timedelta(hours=20)), day, day + 1]
    midnight = now.replace(hour=0, minute=0)
    assert posted_days(midnight, now)[0] == [day, day + 1]


def test_only_the_common_excluded_words_have_a_key() -> None:
    assert absent_key(term_key("Manager")) == "-manager"
    assert all(absent_key(term_key(word)) == f"-{word}" for word in ABSENT_WORDS)
    assert absent_key(term_key("machine learning")) is None  # a phrase: tested on the rows
    assert absent_key(term_key("python")) is None


def joint_keys_held(level: str, words: set[str], currency: str | None) -> set[str]:
    """The level-word and currency keys joint_sql gives a job (currency None: no pay stated)."""
    held = {f"{level}{'+' if word in words else '-'}{word}" for word in LEVEL_WORDS}
    return held | ({f"c{currency}"} if currency is not None else set())


def test_a_level_with_its_level_words_asks_for_keys_every_match_holds() -> None:
    """Each joint group is an any-of every matching job holds at least one of; a job at another
    level, or with the excluded word, holds none of it."""
    filters = Filters(seniority=("principal", "staff"), exclude_keywords=("principal", "sales"), all_keywords=("lead",))
    keys = index_keys(filters)
    assert keys.bounds == ("-sales",)  # not a level word: the bounds column's key
    assert set(keys.joint) == {("principal-principal", "staff-principal"), ("principal+lead", "staff+lead")}
    matching = joint_keys_held("staff", {"staff", "lead"}, None)
    assert all(set(group) & matching for group in keys.joint)
    assert not set(keys.joint[0]) & joint_keys_held("principal", {"principal", "lead"}, None)
    assert not set(keys.joint[0]) & joint_keys_held("mid", {"lead"}, None)
    # Any of the keywords, when every one is a level word; otherwise the words' own keys decide.
    anyof = index_keys(Filters(seniority=("mid",), keywords=("manager", "director")))
    assert anyof.joint == (("mid+manager", "mid+director"),)
    assert index_keys(Filters(seniority=("mid",), keywords=("manager", "python"))).joint == ()
    # Without a level, an excluded level word is the bounds column's absent key.
    assert index_keys(Filters(exclude_keywords=("principal",))) == type(keys)(bounds=("-principal",))
    assert level_key("mid", " python ", present=True) is None


def test_a_currency_and_a_fine_threshold_are_joint_keys_when_unknowns_are_left_out() -> None:
    keys = index_keys(Filters(min_salary=290_000, salary_currency="GBP", include_unknown=False))
    assert keys.bounds == () and keys.joint == (("p290",), ("cGBP", "c"))
    assert {"p290"} <= pay_keys_held(290_000) and "p290" not in pay_keys_held(289_999)
    assert set(keys.joint[1]) & joint_keys_held("mid", set(), "GBP")
    assert set(keys.joint[1]) & joint_keys_held("mid", set(), "")
    assert not set(keys.joint[1]) & joint_keys_held("mid", set(), "USD")
    assert index_keys(Filters(min_salary=290_000, salary_currency="GBP")) == type(keys)()


def test_a_joint_group_leads_the_scan_only_when_it_is_the_rarest_condition() -> None:
    """GIN checks job_words' keys in column order and the joint keys come first: a common joint
    group (a fine pay threshold, the currency) is left out when a word is rarer, the pay then
    asked for in the bounds column; an empty one always stays, rarest first."""
    from watches.services.estimate import Histogram, SearchStats

    stats = SearchStats(
        rows=1_000_000,
        words={"java": 0.02, "manager": 0.1},
        places={},
        flags={"mid": 0.5, "true": 0.3},
        unlisted=(0.0001, 0.0001, 0.0001),
        salary=Histogram(),
        experience=Histogram(),
        seen=(),
        bounds={"p250": 0.06},
        joint={"p260": 0.05, "cGBP": 0.02, "c": 0.04, "mid-manager": 0.45},
        joint_unlisted=0.00001,
    )
    java = Filters(keywords=("java",), min_salary=260_000, salary_currency="GBP", include_unknown=False)
    assert index_keys(java).joint == (("p260",), ("cGBP", "c"))
    assert index_keys(java, stats) == type(index_keys(java))(bounds=("p250",))
    alone = Filters(min_salary=260_000, salary_currency="GBP", include_unknown=False)
    assert index_keys(alone, stats).joint == (("p260",), ("cGBP", "c"))
    levels = Filters(keywords=("java",), seniority=("mid",), exclude_keywords=("manager",), all_keywords=("lead",))
    assert index_keys(levels, stats).joint == (("mid+lead",),)  # empty: kept; mid-manager: 45 %
    assert index_keys(levels, stats).bounds == ("-manager",)


def test_a_common_key_is_left_out_of_the_scan_when_a_rarer_condition_leads() -> None:
    """An absent-word key most jobs hold narrows the rows rechecked by little and costs GIN a
    step through its whole posting tree: left out beside a rarer word, kept when it is all the
    scan has (the exact condition applies either way)."""
    from watches.services.estimate import COMMON_KEY_SHARE, Histogram, SearchStats

    stats = SearchStats(
        rows=1_000_000,
        words={"java": 0.02},
        places={},
        flags={},
        unlisted=(0.0001, 0.0001, 0.0001),
        salary=Histogram(),
        experience=Histogram(),
        seen=(),
        bounds={"-director": 0.94, "-lead": 0.9, "-senior": 0.3, "e2": 0.04},
        joint={},
        joint_unlisted=0.00001,
    )
    assert stats.bounds["-lead"] > COMMON_KEY_SHARE > stats.bounds["-senior"]
    java = Filters(keywords=("java",), exclude_keywords=("director", "lead", "senior"))
    assert index_keys(java).bounds == ("-director", "-lead", "-senior")
    assert index_keys(java, stats).bounds == ("-senior",)
    bounded = Filters(exclude_keywords=("director", "lead"), max_experience_years=2, include_unknown=False)
    assert index_keys(bounded, stats).bounds == ("e2",)
    alone = Filters(exclude_keywords=("director", "lead"))
    assert index_keys(alone, stats).bounds == ("-director", "-lead")


def test_each_level_word_names_the_level_a_title_is_read_at() -> None:
    # LEVEL_OF_WORD is what the feed's estimate takes a level and its own word together by.
    titles = {
        "intern": "Software Intern",
        "junior": "Junior Engineer",
        "senior": "Senior Engineer",
        "lead": "Lead Engineer",
        "staff": "Staff Engineer",
        "principal": "Principal Engineer",
        "manager": "Engineering Manager",
        "director": "Director of Engineering",
    }
    assert set(titles) == set(LEVEL_WORDS) == set(LEVEL_OF_WORD)
    assert {word: seniority(title) for word, title in titles.items()} == LEVEL_OF_WORD
