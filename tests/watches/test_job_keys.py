"""The threshold key a search's bound asks for is held by every job within the bound
(watches/services/job_keys.py): a necessary condition, never one that drops a match."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from matching.terms import term_key
from watches.services.job_keys import (
    ABSENT_WORDS,
    EXPERIENCE_LEVELS,
    PAY_LEVELS,
    absent_key,
    bucket_start,
    experience_key,
    pay_key,
    seen_bucket,
)


def pay_keys_held(top: int | None) -> set[str]:
    """The pay keys bounds_sql gives a job with this pay top."""
    return {"p"} if top is None else {f"p{level}" for level in PAY_LEVELS if top >= level * 1000}


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


def test_only_the_common_excluded_words_have_a_key() -> None:
    assert absent_key(term_key("Manager")) == "-manager"
    assert all(absent_key(term_key(word)) == f"-{word}" for word in ABSENT_WORDS)
    assert absent_key(term_key("machine learning")) is None  # a phrase: tested on the rows
    assert absent_key(term_key("python")) is None
