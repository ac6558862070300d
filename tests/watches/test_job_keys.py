"""The threshold key a search's bound asks for is held by every job within the bound
(watches/services/job_keys.py): a necessary condition, never one that drops a match."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from boards.derive.seniority import seniority
from matching.terms import term_key
from watches.filters import Filters
from watches.services.estimate import index_keys
from watches.services.job_keys import (
    EXPERIENCE_LEVELS,
    FINE_PAY_LEVELS,
    LEVEL_OF_WORD,
    LEVEL_WORDS,
    PAY_LEVELS,
    bucket_start,
    experience_key,
    fine_pay,
    held_level_key,
    level_key,
    pay_key,
    posted_day,
    posted_days,
    seen_bucket,
    seen_keys,
    seen_span,
)


def pay_keys_held(top: int | None) -> set[str]:
    """The pay keys bounds_sql and joint_sql give a job with this pay top."""
    levels = (*PAY_LEVELS, *FINE_PAY_LEVELS)
    return set() if top is None else {f"p{level}" for level in levels if top >= level * 1000}


def experience_keys_held(years: float | None) -> set[str]:
    return set() if years is None else {f"e{level}" for level in EXPERIENCE_LEVELS if years <= level}


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


def test_a_slice_s_sighting_keys_hold_its_buckets_and_no_other() -> None:
    """Every bucket from the first to the end `seen_keys` gives holds one of its keys (itself or
    its span), no bucket outside does, and beyond a span there are fewer keys than buckets."""
    for first, after in [(1000, 1001), (1000, 1024), (1000, 1030), (1008, 1100), (1032, 1560), (1017, 1575)]:
        keys, end = seen_keys(first, after)
        assert end >= after and len(set(keys)) == len(keys)
        for bucket in range(first - 50, end + 50):
            held = bucket in keys or seen_span(bucket) in keys
            assert held == (first <= bucket < end), (first, after, bucket)
        assert len(keys) <= min(after - first, 23 + (end - first) // 24 + 1)
    assert seen_keys(1032, 1560)[0] == [seen_span(bucket) for bucket in range(1032, 1560, 24)]
    assert seen_span(0) == -1 and seen_span(23) == -1 and seen_span(24) == -2


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


def test_an_excluded_word_has_a_key_only_as_a_level_word_at_a_level() -> None:
    """No index serves a negation: an excluded word is tested on the rows, but a level word at a
    level (its own: a key no job holds; another: the level alone), migration boards/0026."""
    assert (
        index_keys(Filters(keywords=("python",), exclude_keywords=("manager", "sales")))
        == type(index_keys(Filters()))()
    )
    assert held_level_key("manager", term_key("Manager"), present=False) == "manager-manager"
    assert held_level_key("senior", term_key("lead"), present=False) == "senior-lead"
    assert held_level_key("mid", term_key("manager"), present=False) == "mid"
    assert held_level_key("mid", term_key("manager"), present=True) == "mid+manager"
    assert held_level_key("mid", term_key("python"), present=False) is None
    assert held_level_key("mid", term_key("machine learning"), present=True) is None  # a phrase


def joint_keys_held(level: str, words: set[str], currency: str | None) -> set[str]:
    """The level-word and currency keys joint_sql gives a job (currency None: no pay stated): its
    level, the level words it holds at its level, the words of its own level it lacks."""
    held = {level} | {f"{level}+{word}" for word in LEVEL_WORDS if word in words}
    held |= {f"{level}-{word}" for word in LEVEL_WORDS if word not in words and LEVEL_OF_WORD[word] == level}
    return held | ({f"c{currency}"} if currency is not None else set())


def test_a_level_with_its_level_words_asks_for_keys_every_match_holds() -> None:
    """Each joint group is an any-of every matching job holds at least one of; a job at another
    level, or with the excluded word, holds none of it."""
    filters = Filters(seniority=("principal", "staff"), exclude_keywords=("principal", "sales"), all_keywords=("lead",))
    keys = index_keys(filters)
    assert keys.bounds == ()  # "sales" is tested on the rows
    assert set(keys.joint) == {("principal-principal", "staff"), ("principal+lead", "staff+lead")}
    matching = joint_keys_held("staff", {"staff", "lead"}, None)
    assert all(set(group) & matching for group in keys.joint)
    assert not set(keys.joint[0]) & joint_keys_held("principal", {"principal", "lead"}, None)
    assert not set(keys.joint[0]) & joint_keys_held("mid", {"lead"}, None)
    # Any of the keywords, when every one is a level word; otherwise the words' own keys decide.
    anyof = index_keys(Filters(seniority=("mid",), keywords=("manager", "director")))
    assert anyof.joint == (("mid+manager", "mid+director"),)
    assert index_keys(Filters(seniority=("mid",), keywords=("manager", "python"))).joint == ()
    # A level word excluded at other levels only: the level alone, which the flags ask already.
    assert index_keys(Filters(seniority=("mid", "senior"), exclude_keywords=("manager",))) == type(keys)()
    assert index_keys(Filters(exclude_keywords=("principal",))) == type(keys)()
    assert level_key("mid", " python ", present=True) is None


def test_every_job_a_level_and_its_level_words_match_holds_a_key_of_each_group() -> None:
    """Over every level and every set of level words a text may hold: a job the exact conditions
    match holds a key of each joint group index_keys asks for."""
    levels = ("intern", "entry", "mid", "senior", "staff", "principal", "manager", "director")
    texts = [set(), {"manager"}, {"senior"}, {"lead"}, {"senior", "lead"}, {"principal", "manager"}, {"intern"}]
    for asked in [(level,) for level in levels] + [("principal", "mid"), ("senior", "staff"), ("entry", "manager")]:
        for word in LEVEL_WORDS:
            for present in (True, False):
                terms = {"all_keywords": (word,)} if present else {"exclude_keywords": (word,)}
                keys = index_keys(Filters(seniority=asked, **terms))  # type: ignore[arg-type]
                for level in levels:
                    for words in texts:
                        if level in asked and (word in words) == present:
                            held = joint_keys_held(level, words, None)
                            assert all(set(group) & held for group in keys.joint), (asked, word, level, words)


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
        joint={"p260": 0.05, "cGBP": 0.02, "c": 0.04, "mid": 0.5},
        joint_unlisted=0.00001,
    )
    java = Filters(keywords=("java",), min_salary=260_000, salary_currency="GBP", include_unknown=False)
    assert index_keys(java).joint == (("p260",), ("cGBP", "c"))
    assert index_keys(java, stats) == type(index_keys(java))(bounds=("p250",))
    alone = Filters(min_salary=260_000, salary_currency="GBP", include_unknown=False)
    assert index_keys(alone, stats).joint == (("p260",), ("cGBP", "c"))
    levels = Filters(keywords=("java",), seniority=("mid",), exclude_keywords=("manager",), all_keywords=("lead",))
    assert index_keys(levels, stats).joint == (("mid+lead",),)  # empty: kept; "manager" on the rows
    assert index_keys(levels, stats).bounds == ()


def test_a_common_key_is_left_out_of_the_scan_when_a_rarer_condition_leads() -> None:
    """A bounds key most jobs hold narrows the rows rechecked by little and costs GIN a step
    through its whole posting tree: left out beside a rarer word, kept when it is all the scan
    has (the exact condition applies either way)."""
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
        bounds={"e15": 0.9, "p40": 0.6, "p100": 0.3, "e2": 0.04},
        joint={},
        joint_unlisted=0.00001,
    )
    assert stats.bounds["p40"] > COMMON_KEY_SHARE > stats.bounds["p100"]
    java = Filters(keywords=("java",), max_experience_years=15, min_salary=40_000, include_unknown=False)
    assert index_keys(java).bounds == ("p40", "e15")
    assert index_keys(java, stats).bounds == ()
    assert index_keys(replace(java, min_salary=100_000), stats).bounds == ("p100",)
    bounded = Filters(min_salary=40_000, max_experience_years=2, include_unknown=False)
    assert index_keys(bounded, stats).bounds == ("e2",)
    alone = Filters(min_salary=40_000, max_experience_years=15, include_unknown=False)
    assert index_keys(alone, stats).bounds == ("p40", "e15")


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
