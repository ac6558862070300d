"""`ParsedJob.__init__` (and `groups.GroupHistory.__init__`) is written out from the dataclass's
fields with each slot's own setter (boards/job.py `compile_init`): it builds the very job the
dataclass's own `__init__` builds, and the job stays frozen."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boards import groups
from boards.job import ParsedJob, Salary, _dataclass_init
from boards.services.stored import StoredJob

SALARIES = st.none() | st.builds(
    Salary,
    min=st.none() | st.floats(0, 1e6),
    max=st.none() | st.floats(0, 1e6),
    currency=st.none() | st.just("USD"),
    period=st.just("year"),
    annual_min=st.none() | st.integers(0, 10**6),
    annual_max=st.none() | st.integers(0, 10**6),
    source=st.sampled_from(["structured", "text"]),
)
VALUES: dict[str, st.SearchStrategy[Any]] = {
    "company": st.text(max_size=5),
    "location": st.text(max_size=5),
    "other_locations": st.lists(st.text(max_size=3), max_size=2).map(tuple),
    "posted_at": st.none() | st.text(max_size=5),
    "remote": st.booleans(),
    "seniority": st.sampled_from(["mid", "senior"]),
    "salary": SALARIES,
    "experience_years": st.none() | st.floats(0, 50),
    "remote_scope": st.lists(st.sampled_from(["US", "EMEA"]), max_size=2).map(tuple),
    "staffing_agency": st.booleans(),
    "group": st.text(max_size=5),
    "extra": st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
}
FIELDS = st.fixed_dictionaries({}, optional=VALUES)


def by_dataclass(cls: type[ParsedJob], *args: Any, **kwargs: Any) -> ParsedJob:
    job = object.__new__(cls)
    _dataclass_init(job, *args, **kwargs)
    return job


def every_field(job: ParsedJob) -> dict[str, Any]:
    return {field.name: getattr(job, field.name) for field in dataclasses.fields(job)}


@given(st.text(max_size=5), st.text(max_size=5), FIELDS)
def test_a_job_is_what_the_dataclass_would_build(key: str, title: str, fields: dict[str, Any]) -> None:
    built = ParsedJob(key=key, title=title, **fields)
    expected = by_dataclass(ParsedJob, key=key, title=title, **fields)
    assert every_field(built) == every_field(expected)
    assert built == expected and hash(built) == hash(expected)
    assert ParsedJob(key, title, **fields) == built  # positional as the dataclass takes them


def test_each_job_gets_a_fresh_extra_and_the_defaults_of_its_fields() -> None:
    one, two = ParsedJob(key="id:1", title="Engineer"), ParsedJob(key="id:2", title="Engineer")
    assert one.extra == {} and one.extra is not two.extra
    assert (one.workplace_type, one.seniority, one.other_locations, one.salary) == ("unknown", "mid", (), None)


def test_the_arguments_are_checked_as_the_dataclass_checks_them() -> None:
    with pytest.raises(TypeError):
        ParsedJob(key="id:1")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        ParsedJob(key="id:1", title="Engineer", colour="blue")  # type: ignore[call-arg]


def test_a_job_and_a_stored_job_stay_frozen_and_hold_no_dict() -> None:
    for job in (ParsedJob(key="id:1", title="Engineer"), StoredJob(key="id:1", title="Engineer")):
        with pytest.raises(dataclasses.FrozenInstanceError):
            job.title = "Designer"  # type: ignore[misc]
        assert not hasattr(job, "__dict__")
    moved = dataclasses.replace(StoredJob(key="id:1", title="Engineer"), location="Berlin")
    assert type(moved) is StoredJob and moved.location == "Berlin"


MOMENTS = st.datetimes(timezones=st.just(UTC)) | st.datetimes()


@given(MOMENTS, st.integers(1, 9), st.none() | MOMENTS, st.lists(st.text(max_size=3), max_size=3).map(tuple))
def test_a_group_history_is_what_the_dataclass_would_build(
    first: datetime, times: int, closed: datetime | None, places: tuple[str, ...]
) -> None:
    built = groups.GroupHistory(first, times, closed_at=closed, places=places)
    expected = object.__new__(groups.GroupHistory)
    groups._dataclass_init(expected, first, times, closed_at=closed, places=places)
    assert (built.first_seen_at, built.times_posted, built.closed_at, built.places) == (first, times, closed, places)
    assert built == expected and hash(built) == hash(expected)
    assert groups.GroupHistory(first, times) == groups.GroupHistory(first, times, None, ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        built.times_posted = 2  # type: ignore[misc]
    assert dataclasses.replace(built, times_posted=times + 1).times_posted == times + 1
