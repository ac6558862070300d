"""A posting without a description is read from a few short fields a board repeats, and what they
say is remembered (boards/derive/__init__.py): per combination of the fields (`_read_fields`), and
what the title says per title (`_title_said`, whose `PostingText` is read again for each place and
workplace field). A remembered reading is the reading made afresh, whatever was read before it."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

import boards.derive
from boards.derive import derive_job
from boards.sources.base import Posting, StructuredSalary

TITLES = [
    "Senior Software Engineer",
    "Software Engineering Intern",
    "Staff Data Engineer (Remote)",
    "Sales Manager - $120,000 - $150,000",
    "Nurse, 3+ years of experience",
    "Visa sponsorship available: Backend Engineer",
    "Recruiter",
]
PLACES = ["", "Austin, TX", "Remote - US", "Berlin, Germany", "London, United Kingdom", "Anywhere"]
POSTINGS = st.builds(
    Posting,
    id=st.integers(1, 50).map(str),
    title=st.sampled_from(TITLES),
    company=st.sampled_from(["Acme", "Robert Half", ""]),
    location=st.sampled_from(PLACES),
    other_locations=st.lists(st.sampled_from(PLACES), max_size=2),
    workplace_hint=st.sampled_from(["", "Remote", "Hybrid", "On-site"]),
    employment_type=st.sampled_from(["", "Intern", "Full-time", "Contract"]),
    salary=st.none() | st.just(StructuredSalary(min=100_000, max=120_000, currency="USD", period="year")),
    # Equal numbers that are stored apart (3 and 3.0, 0.0 and -0.0): never one remembered for another.
    experience_years=st.sampled_from([None, 3.0, 3, 0.0, -0.0, 60.0]),
    partial=st.booleans(),
    details_read=st.booleans(),
    requisition_id=st.sampled_from(["", "R-1", "R-2"]),
    remote_scope_hints=st.lists(st.sampled_from(["US", "EU"]), max_size=1),
)


def afresh(posting: Posting) -> object:
    """`derive_job` with nothing remembered: each reading made for this posting alone."""
    with (
        mock.patch.object(boards.derive, "_read_fields", boards.derive._read_text),
        mock.patch.object(boards.derive, "_listed_fields", boards.derive._listed_fields.__wrapped__),
        mock.patch.object(boards.derive, "_title_said", boards.derive._title_said.__wrapped__),
    ):
        return derive_job(posting, platform="greenhouse")


@settings(max_examples=300, deadline=None)  # the first example loads the place gazetteer
@given(st.lists(POSTINGS, min_size=1, max_size=6))
def test_a_posting_without_a_description_derives_as_if_nothing_were_remembered(postings: list[Posting]) -> None:
    for posting in postings:  # in the order drawn: each reads what the ones before it left behind
        derived = derive_job(posting, platform="greenhouse")
        assert derived == afresh(posting) and repr(derived) == repr(afresh(posting))


def test_a_title_read_once_serves_each_place_and_workplace_field() -> None:
    boards.derive._title_said.cache_clear()
    boards.derive._read_fields.cache_clear()
    boards.derive._listed_fields.cache_clear()
    for place, hint in [("Austin, TX", ""), ("Remote - US", ""), ("Berlin, Germany", "Remote")]:
        posting = Posting(id="1", title="Senior Software Engineer", location=place, workplace_hint=hint)
        assert derive_job(posting, platform="greenhouse") == afresh(posting)
    assert boards.derive._title_said.cache_info().misses == 1
