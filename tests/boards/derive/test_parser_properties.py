"""Properties of the derivation parsers on arbitrary input: they never raise, and what they return
is well formed (a salary's minimum is not above its maximum, a range of years is ordered, a level
and a workplace type are one of their few values)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from boards.derive import derive_job
from boards.derive.company import company_key, is_staffing_agency
from boards.derive.employment import EMPLOYMENT_TYPES, employment_type_of
from boards.derive.experience import experience_from_text
from boards.derive.money import ANNUAL_FACTOR
from boards.derive.remote_scope import scope_from_text
from boards.derive.salary import salary_from_structured, salary_from_text
from boards.derive.seniority import LEVELS, seniority
from boards.derive.visa import MAX_EVIDENCE, visa_sponsorship_of
from boards.derive.workplace import is_remote, workplace_type
from boards.sources.base import Posting, StructuredSalary

# Fragments that steer generated text into the parsers' interesting paths.
TOKENS = [
    "$", "US$", "CA$", "£", "€", "¥", "₹", "₱", "USD", "EUR", "GBP", "INR", "Rs.", "k", "K", "M", "million", "LPA",
    "lakh", "150", "150,000", "1,50,000", "60.000", "60 000", "75.50", "200", "401", "(k)", "2024", "0", "99",
    "-", "–", "to", "and", "between", "up to", "from", "+", "/yr", "/hr", "per year", "per hour", "a month",
    "annually", "hourly", "salary", "pay", "base", "bonus", "stipend", "raised", "equity", "customers",
    "years", "year", "yrs", "y", "of experience", "at least", "minimum of", "three", "fifteen", "(3)", "(five)", "ago",
    "old", "less than", "under", "at most", "or less", "max", "BS", "Master's degree", "PhD", "or", "with", "p/hr",
    "ph", "p.a.", "per wk", "weekly", "plus", "super", "package", "FTE", "zzgl.", "Bonus",
    "remote", "Remote", "hybrid", "on-site", "onsite", "in office", "not", "no", "days", "a week", "in the office",
    "this role is", "position", "Senior", "Sr.", "Staff", "Principal", "Manager", "Director", "Head of", "Intern",
    "Junior", "Associate", "Lead", "Architect", "I", "II", "III", "IV", "V", "Product", "Engineer", ",", ".", "\n",
    " ", "  ", "(", ")", ":", ";",
    "visa", "sponsor", "sponsorship", "H-1B", "unable to", "we", "must", "right to work", "authorized to work",
    "without", "Blue Card", "482", "citizens", "must reside in", "open to candidates in", "Germany", "US", "EMEA",
    "CET", "±2", "UTC-5", "anywhere", "contract", "part-time", "Employment type:", "internship", "This is a",
    "role", "our client", "Staffing", "Inc.", "GmbH",
]  # fmt: skip

texts = st.one_of(
    st.text(max_size=400),
    st.lists(st.sampled_from(TOKENS), max_size=60).map(" ".join),
    st.lists(st.sampled_from(TOKENS), max_size=60).map("".join),
    st.binary(max_size=300).map(lambda raw: raw.decode("utf-8", errors="replace")),
)
PROPERTY_SETTINGS = settings(max_examples=200, deadline=None)


@PROPERTY_SETTINGS
@given(texts)
def test_salary_from_text_never_raises_and_is_ordered(text: str) -> None:
    salary = salary_from_text(text)
    if salary is None:
        return
    assert salary.min is not None or salary.max is not None
    assert salary.period in ANNUAL_FACTOR
    assert salary.source == "text"
    if salary.min is not None and salary.max is not None:
        assert salary.min <= salary.max
    if salary.annual_min is not None and salary.annual_max is not None:
        assert salary.annual_min <= salary.annual_max
    for annual in (salary.annual_min, salary.annual_max):
        assert annual is None or isinstance(annual, int)


finite_or_odd = st.one_of(
    st.none(), st.floats(allow_nan=True, allow_infinity=True), st.integers(min_value=-(10**12), max_value=10**12)
)


@PROPERTY_SETTINGS
@given(
    finite_or_odd,
    finite_or_odd,
    st.one_of(st.none(), st.text(max_size=5)),
    st.sampled_from([None, "year", "month", "week", "day", "hour"]),
)
def test_salary_from_structured_never_raises_and_is_ordered(
    low: float | None, high: float | None, currency: str | None, period: str | None
) -> None:
    salary = salary_from_structured(StructuredSalary(min=low, max=high, currency=currency, period=period))  # type: ignore[arg-type]
    if salary is None:
        return
    assert salary.source == "structured"
    for value in (salary.min, salary.max):
        assert value is None or (math.isfinite(value) and value > 0)
    if salary.annual_min is not None and salary.annual_max is not None:
        assert salary.annual_min <= salary.annual_max


@PROPERTY_SETTINGS
@given(texts)
def test_experience_from_text_never_raises_and_is_ordered(text: str) -> None:
    found = experience_from_text(text)
    if found is None:
        return
    low, high = found
    assert low is not None or high is not None
    assert low is None or 0 <= low <= 30
    assert high is None or 0 <= high <= 40
    assert low is None or high is None or low < high


@PROPERTY_SETTINGS
@given(texts, texts, st.one_of(st.just(""), st.sampled_from(TOKENS), st.text(max_size=20)), texts)
def test_workplace_type_never_raises_and_is_one_of_four(title: str, location: str, hint: str, description: str) -> None:
    kind = workplace_type(title=title, location=location, hint=hint, description=description)
    assert kind in {"remote", "hybrid", "onsite", "unknown"}
    assert is_remote(title=title, location=location, hint=hint, description=description) is (kind == "remote")


@PROPERTY_SETTINGS
@given(texts)
def test_seniority_never_raises_and_is_one_level(title: str) -> None:
    assert seniority(title) in LEVELS


@PROPERTY_SETTINGS
@given(
    st.builds(
        Posting,
        id=st.text(max_size=12),
        title=texts,
        company=st.text(max_size=12),
        location=texts,
        other_locations=st.lists(st.text(max_size=12), max_size=30),
        url=st.text(max_size=30),
        posted_at=st.one_of(st.none(), st.text(max_size=12)),
        description=texts,
        workplace_hint=st.text(max_size=12),
        experience_years=st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True)),
        employment_type=texts,
        remote_scope_hints=st.lists(st.text(max_size=20), max_size=3),
    ),
    st.sampled_from(["greenhouse", "html", "lever"]),
)
def test_derive_job_never_raises_and_keeps_its_invariants(posting: Posting, platform: str) -> None:
    job = derive_job(posting, platform=platform)
    assert job.key.startswith(("id:", "url:", "tl:"))
    assert job.remote is (job.workplace_type == "remote")
    assert len(job.other_locations) <= 20
    assert job.location.casefold() not in {place.casefold() for place in job.other_locations}
    assert job.title == job.title.strip()
    if job.experience_years is not None:
        assert math.isfinite(job.experience_years) and job.experience_years >= 0
    assert job.employment_type is None or job.employment_type in EMPLOYMENT_TYPES
    assert (job.employment_type is None) is (job.employment_type_source is None)
    assert job.visa_sponsorship in (None, "yes", "no")
    assert (job.visa_sponsorship is None) is (job.visa_evidence is None)
    if job.employment_type == "internship":
        assert job.seniority == "intern"
    assert job.remote or job.remote_scope == ()
    assert len(set(job.remote_scope)) == len(job.remote_scope)
    assert "worldwide" not in job.remote_scope or job.remote_scope == ("worldwide",)


@PROPERTY_SETTINGS
@given(texts)
def test_visa_sponsorship_never_raises_and_quotes_short_evidence(text: str) -> None:
    found = visa_sponsorship_of(text)
    if found is not None:
        answer, evidence = found
        assert answer in ("yes", "no")
        assert evidence and len(evidence) <= MAX_EVIDENCE + 2


@PROPERTY_SETTINGS
@given(texts, texts)
def test_employment_type_and_remote_scope_never_raise(title: str, text: str) -> None:
    found = employment_type_of(stated=text, title=title, description_low=text.lower())
    assert found is None or (found[0] in EMPLOYMENT_TYPES and found[1] in ("structured", "text"))
    for code in scope_from_text(text.lower()):
        assert code and code == code.strip()


@PROPERTY_SETTINGS
@given(texts)
def test_company_key_never_raises_and_is_idempotent(name: str) -> None:
    key = company_key(name)
    assert company_key(key) == key or not key
    assert isinstance(is_staffing_agency(company=name, description_low=name.lower()), bool)
