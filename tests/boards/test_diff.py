from __future__ import annotations

import dataclasses
import hashlib
import json
import tracemalloc
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boards.diff import (
    STALE_AFTER,
    DiffResult,
    JobEvent,
    body_fingerprint,
    carry_details,
    content_hash,
    diff_jobs,
    drop_stale,
    job_hash,
    job_text,
)
from boards.job import ParsedJob, Salary, sorted_dict


def job(key: str, title: str = "Engineer", **fields: object) -> ParsedJob:
    return ParsedJob(key=key, title=title, **fields)  # type: ignore[arg-type]


def index(*jobs: ParsedJob) -> dict[str, ParsedJob]:
    return {item.key: item for item in jobs}


def summary(result: DiffResult) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(event.type, event.job.key, event.changed_fields) for event in result.events]


def test_an_identical_snapshot_has_no_events_and_the_same_hash() -> None:
    jobs = [job("id:1", location="Berlin"), job("id:2", title="Designer")]

    result = diff_jobs(index(*jobs), list(reversed(jobs)), complete=True)

    assert result.events == []
    assert result.content_hash == content_hash(jobs)


def test_added_removed_and_updated_jobs_in_that_order() -> None:
    before = index(job("id:1"), job("id:2", location="Berlin"), job("id:3"))
    after = [job("id:2", location="Munich"), job("id:3"), job("id:4")]

    result = diff_jobs(before, after, complete=True)

    assert summary(result) == [
        ("JOB_ADDED", "id:4", ()),
        ("JOB_REMOVED", "id:1", ()),
        ("JOB_UPDATED", "id:2", ("location",)),
    ]
    assert [item.key for item in result.jobs] == ["id:2", "id:3", "id:4"]


def test_an_update_names_every_tracked_field_that_changed_in_order() -> None:
    before = index(job("id:1", title="Engineer", location="Berlin", department="Eng", url="https://a/1"))
    after = [job("id:1", title="Senior Engineer", location="Munich", department="Platform", url="https://a/2")]

    (event,) = diff_jobs(before, after, complete=True).events

    assert event.changed_fields == ("title", "location", "department", "url")
    assert event.before == before["id:1"]
    assert event.job == after[0]


def test_other_fields_change_the_hash_but_make_no_event() -> None:
    before = index(job("id:1", posted_at="2026-01-01"))
    salary = Salary(
        min=100000, max=120000, currency="USD", period="year", annual_min=100000, annual_max=120000, source="structured"
    )
    after = [job("id:1", posted_at="2026-01-02", salary=salary, seniority="senior", other_locations=("Paris",))]

    result = diff_jobs(before, after, complete=True)

    assert result.events == []
    assert result.jobs == after
    assert result.content_hash != content_hash(before.values())


def test_an_incomplete_snapshot_never_removes_and_keeps_unseen_jobs_open() -> None:
    before = index(job("id:a"), job("id:b"))

    result = diff_jobs(before, [job("id:c"), job("id:a")], complete=False)

    assert summary(result) == [("JOB_ADDED", "id:c", ())]
    assert sorted(item.key for item in result.jobs) == ["id:a", "id:b", "id:c"]


def test_the_same_change_with_a_complete_snapshot_removes() -> None:
    before = index(job("id:a"), job("id:b"))

    result = diff_jobs(before, [job("id:c"), job("id:a")], complete=True)

    assert summary(result) == [("JOB_ADDED", "id:c", ()), ("JOB_REMOVED", "id:b", ())]


def test_a_title_location_job_that_moved_is_one_update() -> None:
    before = index(
        job("tl:nurse|leeds", title="Nurse", location="Leeds"), job("tl:porter|york", title="Porter", location="York")
    )
    after = [
        job("tl:nurse|bradford", title="Nurse", location="Bradford"),
        job("tl:porter|york", title="Porter", location="York"),
    ]

    result = diff_jobs(before, after, complete=True)

    (event,) = result.events
    assert (event.type, event.job.key, event.changed_fields) == ("JOB_UPDATED", "tl:nurse|bradford", ("location",))
    assert event.before is not None and event.before.key == "tl:nurse|leeds"
    assert sorted(item.key for item in result.jobs) == ["tl:nurse|bradford", "tl:porter|york"]


def test_moves_are_not_paired_when_the_title_is_ambiguous_or_the_key_is_stable() -> None:
    before = index(
        job("tl:nurse|leeds", title="Nurse", location="Leeds"),
        job("tl:nurse|hull", title="Nurse", location="Hull"),
        job("url:https://x/1", title="Porter", location="York"),
    )
    after = [
        job("tl:nurse|bradford", title="Nurse", location="Bradford"),
        job("url:https://x/2", title="Porter", location="Selby"),
    ]

    kinds = sorted(event.type for event in diff_jobs(before, after, complete=True).events)

    assert kinds == ["JOB_ADDED", "JOB_ADDED", "JOB_REMOVED", "JOB_REMOVED", "JOB_REMOVED"]


def test_a_partial_job_carries_over_the_details_seen_earlier() -> None:
    full = job(
        "id:101", title="Systems Administration - Active Directory (Remote)", location="Austin", url="https://x/101"
    )
    partial = job("id:101", title="Systems Administration Active Directory", url="https://x/101", partial=True)

    result = diff_jobs(index(full), [partial], complete=True)

    assert result.events == []
    assert result.jobs == [full]


def test_a_partial_job_becoming_complete_is_not_an_update_but_its_details_are_taken() -> None:
    partial = job("id:1", title="Backend Engineer", partial=True)
    full = job("id:1", title="Backend Engineer (Platform)", location="Berlin")

    result = diff_jobs(index(partial), [full], complete=True)

    assert result.events == []
    assert result.jobs == [full]


def test_partial_jobs_are_compared_with_each_other() -> None:
    result = diff_jobs(
        index(job("id:1", url="https://x/a", partial=True)),
        [job("id:1", url="https://x/b", partial=True)],
        complete=True,
    )

    assert summary(result) == [("JOB_UPDATED", "id:1", ("url",))]


def test_duplicate_keys_collapse_to_the_first() -> None:
    result = diff_jobs({}, [job("id:1", title="First"), job("id:1", title="Second")], complete=True)

    assert [(event.type, event.job.title) for event in result.events] == [("JOB_ADDED", "First")]
    assert [item.title for item in result.jobs] == ["First"]


def test_an_incomplete_view_forgets_a_job_unseen_for_thirty_days_without_a_removal() -> None:
    now = datetime(2026, 6, 1, tzinfo=UTC)
    old, recent, shown = job("id:1", "Old"), job("id:2", "Recent"), job("id:3", "Shown")
    result = diff_jobs(index(old, recent, shown), [shown], complete=False)
    assert {item.key for item in result.jobs} == {"id:1", "id:2", "id:3"}  # an incomplete view removes nothing
    last_seen = {"id:1": now - STALE_AFTER - timedelta(days=1), "id:2": now - timedelta(days=2), "id:3": now}

    pruned = drop_stale(result, seen={"id:3"}, last_seen=last_seen, now=now)

    assert {item.key for item in pruned.jobs} == {"id:2", "id:3"}
    assert pruned.events == []
    assert pruned.content_hash == content_hash([recent, shown]) != result.content_hash


def test_a_listing_without_detail_fields_keeps_what_an_earlier_detail_page_gave() -> None:
    salary = Salary(100_000, 120_000, "USD", "year", 100_000, 120_000, "text")
    read = job("id:1", salary=salary, experience_years=5.0, workplace_type="remote", remote=True, details_read=True)
    listed = job("id:1", location="Berlin")
    fresh = job("id:2")

    carried = carry_details(index(read), [listed, fresh])

    assert carried[0] == dataclasses.replace(
        listed, salary=salary, experience_years=5.0, workplace_type="remote", remote=True, details_read=True
    )
    assert carried[1] is fresh


def test_a_listing_that_read_the_detail_page_again_keeps_its_own_fields() -> None:
    before = job("id:1", experience_years=5.0, details_read=True)
    again = job("id:1", experience_years=3.0, details_read=True)

    assert carry_details(index(before), [again]) == [again]


def test_the_content_hash_ignores_order_and_follows_content() -> None:
    a, b = job("id:1"), job("id:2", location="Paris")

    assert content_hash([a, b]) == content_hash([b, a])
    assert content_hash([a, b]) != content_hash([a, dataclasses.replace(b, location="Lyon")])
    assert len(content_hash([])) == 64


def test_a_body_fingerprint_changes_with_any_byte() -> None:
    assert body_fingerprint(b'{"jobs": []}') == body_fingerprint(b'{"jobs": []}')
    assert body_fingerprint(b'{"jobs": []}') != body_fingerprint(b'{"jobs": [] }')


# Properties -------------------------------------------------------------------------------------

KEYS = st.sampled_from([f"id:{n}" for n in range(6)] + [f"tl:t{n}|l{m}" for n in range(2) for m in range(2)])
TRACKED = {"title": st.sampled_from(["t0", "t1", "Engineer"]), "location": st.sampled_from(["", "l0", "l1"])}


@st.composite
def jobs(draw: st.DrawFn) -> ParsedJob:
    return job(
        draw(KEYS),
        title=draw(TRACKED["title"]),
        location=draw(TRACKED["location"]),
        department=draw(st.sampled_from(["", "Eng"])),
        url=draw(st.sampled_from(["", "https://x/1"])),
        seniority=draw(st.sampled_from(["mid", "senior"])),
        partial=draw(st.booleans()),
    )


def apply(previous: Mapping[str, ParsedJob], events: Sequence[JobEvent]) -> dict[str, ParsedJob]:
    result = dict(previous)
    for event in events:
        if event.type == "JOB_ADDED":
            result[event.job.key] = event.job
        elif event.type == "JOB_REMOVED":
            del result[event.job.key]
        else:
            assert event.before is not None
            del result[event.before.key]
            result[event.job.key] = event.job
    return result


def tracked(item: ParsedJob) -> tuple[str, str, str, str]:
    return (item.title, item.location, item.department, item.url)


@settings(max_examples=150)
@given(st.lists(jobs(), max_size=8), st.lists(jobs(), max_size=8))
def test_applying_the_events_to_the_old_set_gives_the_new_set(old: list[ParsedJob], new: list[ParsedJob]) -> None:
    previous = index(*old)

    result = diff_jobs(previous, new, complete=True)

    applied = apply(previous, result.events)
    assert applied.keys() == {item.key for item in result.jobs}
    for item in result.jobs:
        # Without an event, a job keeps its tracked fields, unless it went from partial to complete.
        if tracked(applied[item.key]) != tracked(item):
            assert applied[item.key].partial and not item.partial


@settings(max_examples=100)
@given(st.lists(jobs(), max_size=8))
def test_an_identical_snapshot_yields_no_event(old: list[ParsedJob]) -> None:
    previous = index(*old)

    result = diff_jobs(previous, list(previous.values()), complete=True)

    assert result.events == []
    assert result.content_hash == content_hash(previous.values())


@settings(max_examples=150)
@given(st.lists(jobs(), max_size=8), st.lists(jobs(), max_size=8), st.booleans())
def test_a_baseline_is_the_diff_without_its_events(old: list[ParsedJob], new: list[ParsedJob], complete: bool) -> None:
    previous = index(*old)

    result = diff_jobs(previous, new, complete=complete)
    baseline = diff_jobs(previous, new, complete=complete, baseline=True)

    assert baseline.events == []
    assert dataclasses.replace(baseline, events=result.events) == result


@settings(max_examples=150)
@given(st.lists(jobs(), max_size=8), st.lists(jobs(), max_size=8))
def test_each_new_job_keeps_the_text_its_hash_was_taken_of(old: list[ParsedJob], new: list[ParsedJob]) -> None:
    previous = index(*old)
    known = {key: job_hash(item) for key, item in previous.items()}

    result = diff_jobs(previous, [*previous.values(), *new], complete=True, known_hashes=known)

    assert result.job_texts.keys() == {item.key for item in result.jobs} - previous.keys()
    for item in result.jobs:
        if item.key in result.job_texts:
            assert result.job_texts[item.key] == job_text(item)
            assert result.job_hashes[item.key] == hashlib.sha256(job_text(item)).hexdigest() == job_hash(item)


def test_the_kept_texts_hold_no_spare_buffer() -> None:
    """orjson's bytes keep the buffer they were written in (about 4 KB): a new board's 100,000
    texts held that way took 350 MB."""
    new = [job(f"id:{number}", location="Berlin, Germany") for number in range(500)]
    tracemalloc.start()
    try:
        result = diff_jobs({}, new, complete=True, baseline=True)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(result.job_texts) == 500
    assert held < 500 * 1000  # each text about 150 bytes, with the dicts around them


@settings(max_examples=150)
@given(st.lists(jobs(), max_size=8), st.lists(jobs(), max_size=8))
def test_an_incomplete_snapshot_yields_no_removal_and_loses_no_job(old: list[ParsedJob], new: list[ParsedJob]) -> None:
    previous = index(*old)

    result = diff_jobs(previous, new, complete=False)

    assert all(event.type != "JOB_REMOVED" for event in result.events)
    assert previous.keys() <= {item.key for item in result.jobs}
    assert apply(previous, result.events).keys() == {item.key for item in result.jobs}


def _as_dict_by_fields(job: ParsedJob) -> dict[str, Any]:
    """`ParsedJob.as_dict` as it was written before it read its fields with one attrgetter: the
    definition the served job and its hash (`job_hash`) keep."""
    data = {f.name: getattr(job, f.name) for f in dataclasses.fields(job) if f.name != "extra"}
    data["other_locations"] = list(job.other_locations)
    data["remote_scope"] = list(job.remote_scope)
    if job.salary is not None:
        data["salary"] = {k: v for k, v in dataclasses.asdict(job.salary).items() if v is not None}
    if not job.details_read:
        data.pop("details_read")
    if not job.staffing_agency:
        data.pop("staffing_agency")
    for name in ("experience_years", "experience_years_max"):
        value = data.get(name)
        if isinstance(value, float) and value.is_integer():
            data[name] = int(value)
    return {k: v for k, v in data.items() if v is not None and v != [] and v != ""}


TEXTS = st.sampled_from(["", "Berlin", "US", "Senior iOS Engineer", "Zürich 💼"])
SALARIES = st.none() | st.builds(
    Salary,
    min=st.none() | st.floats(0, 1e6),
    max=st.none() | st.floats(0, 1e6),
    currency=st.none() | st.sampled_from(["USD", "EUR"]),
    period=st.sampled_from(["year", "hour"]),
    annual_min=st.none() | st.integers(0, 10**6),
    annual_max=st.none() | st.integers(0, 10**6),
    source=st.sampled_from(["structured", "text"]),
)
JOBS = st.builds(
    ParsedJob,
    key=st.sampled_from(["id:1", "url:https://x.test/1"]),
    title=TEXTS,
    company=TEXTS,
    location=TEXTS,
    other_locations=st.lists(TEXTS, max_size=2).map(tuple),
    posted_at=st.none() | st.just("2026-09-15T09:00:00-04:00"),
    remote=st.booleans(),
    salary=SALARIES,
    experience_years=st.none() | st.sampled_from([0.0, 2.0, 2.5, 40.0]),
    experience_years_max=st.none() | st.sampled_from([3.0, 7.5]),
    employment_type=st.none() | st.just("full_time"),
    remote_scope=st.lists(st.sampled_from(["US", "EMEA"]), max_size=2).map(tuple),
    staffing_agency=st.booleans(),
    partial=st.booleans(),
    details_read=st.booleans(),
    group=TEXTS,
    extra=st.just({"ignored": 1}),
)


@given(JOBS)
def test_a_job_as_served_is_its_fields_in_order_without_absent_values(job: ParsedJob) -> None:
    served = job.as_dict()
    expected = _as_dict_by_fields(job)
    assert served == expected
    assert list(served) == list(expected)  # the order too: SQLite stores the JSON text as written
    encoded = json.dumps(expected, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    assert json.loads(job_text(job)) == expected
    if "e-" not in encoded:  # orjson writes a float under 1e-4 otherwise ("0.00001"; watchtower/json_text.py)
        assert job_hash(job) == hashlib.sha256(encoded.encode("utf-8", "surrogatepass")).hexdigest()


@given(JOBS)
def test_the_hashed_form_of_a_job_is_its_served_form_in_sorted_order(job: ParsedJob) -> None:
    hashed = sorted_dict(job)
    assert hashed == job.as_dict()
    assert list(hashed) == sorted(hashed)
    assert "salary" not in hashed or list(hashed["salary"]) == sorted(hashed["salary"])


def test_removed_jobs_come_in_key_order_whatever_order_the_stored_rows_were_read_in() -> None:
    # The stored set's order is the database plan's; the removed jobs' change rows are written in
    # this order, so two plans of the same read must not give two feeds.
    stored = [job(f"id:{number}", title=f"Role {number}") for number in (5, 0, 3, 1, 4, 2)]

    forward = diff_jobs(index(*stored), [], complete=True)
    backward = diff_jobs(index(*reversed(stored)), [], complete=True)

    expected = [("JOB_REMOVED", f"id:{number}", ()) for number in range(6)]
    assert summary(forward) == summary(backward) == expected
