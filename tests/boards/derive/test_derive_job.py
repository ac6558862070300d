"""derive_job: the one place a Posting becomes a ParsedJob — identity key, tidy strings, structured
fields before text, and the posting text never reaching the ParsedJob."""

from __future__ import annotations

import dataclasses

from boards.derive import derive_job, job_key
from boards.job import ParsedJob
from boards.sources.base import Posting, StructuredSalary

DESCRIPTION = (
    "You will build our pricing engine.\n"
    "- 5+ years of experience building backend services\n"
    "The base salary range is $150,000 - $190,000 per year.\n"
    "This role is hybrid, with 3 days a week in our Austin office."
)


def posting(**fields: object) -> Posting:
    defaults: dict[str, object] = {"id": "4012345", "title": "Senior Backend Engineer", "location": "Austin, TX"}
    defaults.update(fields)
    return Posting(**defaults)  # type: ignore[arg-type]


def test_the_key_is_the_platform_id_when_there_is_one() -> None:
    job = derive_job(posting(id=" 4012345 ", url="https://Example.com/Jobs/1"), platform="greenhouse")
    assert job.key == "id:4012345"
    assert job.platform_id == "4012345"


def test_the_key_keeps_the_case_of_a_platform_id() -> None:
    assert derive_job(posting(id="JR-0042a"), platform="workday").key == "id:JR-0042a"


def test_the_key_falls_back_to_the_lowercased_url() -> None:
    job = derive_job(posting(id="", url=" https://Example.com/Jobs/ABC "), platform="greenhouse")
    assert job.key == "url:https://example.com/jobs/abc"
    assert job.url == "https://Example.com/Jobs/ABC"


def test_the_key_falls_back_to_title_and_location_lowercased() -> None:
    job = derive_job(posting(id="", url="", title=" Senior  Engineer ", location="Berlin "), platform="greenhouse")
    assert job.key == "tl:senior engineer|berlin"


def test_a_json_ld_posting_whose_id_is_its_url_is_keyed_by_url() -> None:
    url = "https://acme.example/careers/Backend-42"
    job = derive_job(posting(id=url, url=url), platform="html")
    assert job.key == "url:https://acme.example/careers/backend-42"


def test_a_json_ld_posting_whose_id_is_title_and_location_is_keyed_by_them() -> None:
    job = derive_job(
        posting(id="Backend Engineer|Berlin", title="Backend Engineer", location="Berlin"), platform="html"
    )
    assert job.key == "tl:backend engineer|berlin"


def test_a_json_ld_identifier_stays_an_id_key() -> None:
    job = derive_job(posting(id="REQ-77", url="https://acme.example/careers/77"), platform="html")
    assert job.key == "id:REQ-77"


def test_job_key_is_the_same_as_the_key_of_the_derived_job() -> None:
    item = posting(id="", url="https://acme.example/x")
    assert job_key(item, platform="lever") == derive_job(item, platform="lever").key


def test_strings_are_trimmed_and_inner_whitespace_collapsed() -> None:
    job = derive_job(
        posting(
            title="  Senior\n Backend\tEngineer ",
            company=" Acme ",
            location=" Austin, TX ",
            department=" Engineering ",
            url=" https://acme.example/1 ",
            posted_at=" 2026-10-01 ",
        ),
        platform="lever",
    )
    assert (job.title, job.company, job.location, job.department, job.url, job.posted_at) == (
        "Senior Backend Engineer",
        "Acme",
        "Austin, TX",
        "Engineering",
        "https://acme.example/1",
        "2026-10-01",
    )


def test_a_blank_posting_date_is_absent() -> None:
    assert derive_job(posting(posted_at="  "), platform="lever").posted_at is None


def test_other_locations_are_unique_without_the_primary_and_at_most_twenty() -> None:
    places = [" Austin, TX", "Berlin", "berlin", "", "  ", "Berlin "] + [f"City {n}" for n in range(30)]
    job = derive_job(posting(location="Austin, TX", other_locations=places), platform="ashby")
    assert job.other_locations[:2] == ("Berlin", "City 0")
    assert len(job.other_locations) == 20
    assert "Austin, TX" not in job.other_locations


def test_structured_salary_wins_over_the_text() -> None:
    job = derive_job(
        posting(
            description=DESCRIPTION, salary=StructuredSalary(min=160000, max=200000, currency="usd", period="year")
        ),
        platform="lever",
    )
    assert job.salary is not None
    assert (job.salary.min, job.salary.max, job.salary.currency, job.salary.source) == (
        160000,
        200000,
        "USD",
        "structured",
    )


def test_an_implausible_structured_salary_falls_back_to_the_text() -> None:
    job = derive_job(
        posting(description=DESCRIPTION, salary=StructuredSalary(min=1, max=1, currency="USD", period="year")),
        platform="lever",
    )
    assert job.salary is not None
    assert (job.salary.min, job.salary.max, job.salary.source) == (150000, 190000, "text")


def test_salary_and_experience_come_from_the_text_when_no_field_states_them() -> None:
    job = derive_job(posting(description=DESCRIPTION), platform="greenhouse")
    assert job.salary is not None
    assert (job.salary.annual_min, job.salary.annual_max, job.salary.period) == (150000, 190000, "year")
    assert (job.experience_years, job.experience_years_max, job.experience_source) == (5, None, "text")


def test_salary_in_the_title_is_read() -> None:
    job = derive_job(posting(title="Backend Engineer ($120k - $150k)"), platform="greenhouse")
    assert job.salary is not None
    assert (job.salary.min, job.salary.max) == (120000, 150000)


def test_structured_experience_wins_over_the_text() -> None:
    job = derive_job(posting(description=DESCRIPTION, experience_years=3.0), platform="html")
    assert (job.experience_years, job.experience_years_max, job.experience_source) == (3.0, None, "structured")


def test_an_impossible_structured_experience_falls_back_to_the_text() -> None:
    job = derive_job(posting(description=DESCRIPTION, experience_years=float("nan")), platform="html")
    assert (job.experience_years, job.experience_source) == (5, "text")


def test_a_stated_experience_range_keeps_both_ends() -> None:
    job = derive_job(posting(description="We need 3-5 years of experience with Go."), platform="lever")
    assert (job.experience_years, job.experience_years_max) == (3, 5)


def test_a_posting_that_states_nothing_has_no_salary_or_experience() -> None:
    job = derive_job(posting(description="Join a kind team building useful things."), platform="lever")
    assert (job.salary, job.experience_years, job.experience_source) == (None, None, None)
    assert "salary" not in job.as_dict()


def test_workplace_hint_wins_and_remote_follows_the_workplace_type() -> None:
    remote = derive_job(posting(location="Austin, TX", workplace_hint="remote"), platform="lever")
    assert (remote.workplace_type, remote.remote) == ("remote", True)
    hybrid = derive_job(posting(location="Remote (US)", workplace_hint="hybrid"), platform="lever")
    assert (hybrid.workplace_type, hybrid.remote) == ("hybrid", False)


def test_workplace_comes_from_the_description_when_title_and_location_are_silent() -> None:
    job = derive_job(posting(description=DESCRIPTION), platform="greenhouse")
    assert (job.workplace_type, job.remote) == ("hybrid", False)


def test_a_remote_other_location_makes_the_job_remote() -> None:
    job = derive_job(posting(location="New York, NY", other_locations=["Remote (US)"]), platform="ashby")
    assert (job.workplace_type, job.remote) == ("remote", True)


def test_seniority_comes_from_the_title() -> None:
    assert derive_job(posting(title="Engineering Manager, Staff"), platform="lever").seniority == "manager"


def test_partial_postings_stay_partial() -> None:
    assert derive_job(posting(partial=True), platform="icims").partial is True


def test_the_description_never_reaches_the_job() -> None:
    secret = "Unique sentence that must not be stored 8c1f."
    job = derive_job(posting(description=f"{DESCRIPTION}\n{secret}"), platform="greenhouse")
    assert not any(secret in str(value) for value in dataclasses.asdict(job).values())
    assert "description" not in {field.name for field in dataclasses.fields(ParsedJob)}
    assert secret not in repr(job.as_dict())


def test_deriving_twice_gives_equal_jobs() -> None:
    item = posting(description=DESCRIPTION, other_locations=["Berlin"])
    assert derive_job(item, platform="greenhouse") == derive_job(item, platform="greenhouse")
