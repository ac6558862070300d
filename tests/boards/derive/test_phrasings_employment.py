"""Employment type as platforms and postings state it (issue 19): platform values first (Lever
commitment, Ashby employmentType, SmartRecruiters typeOfEmployment, Workday timeType, Recruitee
employment_type_code, Workable employment_type, JSON-LD employmentType, Amazon job_schedule_type,
Oracle JobSchedule), then the title, then labelled statements in the text. Rules:
docs/derived-fields.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boards.derive import derive_job
from boards.derive.employment import employment_type_from_value, employment_type_of
from boards.sources.base import BoardRef, Posting
from boards.sources.recruitee import parse as recruitee_parse

# The recorded Recruitee sample, copied into the test fixtures (tests never read ../shared).
SAMPLES = Path(__file__).resolve().parent.parent / "fixtures"

VALUES: list[tuple[str, str | None]] = [
    ("FullTime", "full_time"),
    ("PartTime", "part_time"),
    ("Intern", "internship"),
    ("Contract", "contract"),
    ("Temporary", "temporary"),
    ("FULL_TIME", "full_time"),
    ("PART_TIME", "part_time"),
    ("CONTRACTOR", "contract"),
    ("TEMPORARY", "temporary"),
    ("INTERN", "internship"),
    ("PER_DIEM", "temporary"),
    ("VOLUNTEER", None),
    ("OTHER", None),
    ("Full-time", "full_time"),
    ("Full Time", "full_time"),
    ("Full-time Employee", "full_time"),
    ("Permanent", "full_time"),
    ("Regular", "full_time"),
    ("Part-time", "part_time"),
    ("Part time", "part_time"),
    ("Internship - Summer 2026", "internship"),
    ("Co-op", "internship"),
    ("Working Student", "internship"),
    ("Werkstudent", "internship"),
    ("Freelance", "contract"),
    ("Contract to Hire", "contract"),
    ("Fixed Term", "temporary"),
    ("Seasonal", "temporary"),
    ("fulltime", "full_time"),
    ("parttime_fixed_term", "temporary"),
    ("fulltime_fixed_term", "temporary"),
    ("fulltime_permanent", "full_time"),
    ("internship", "internship"),
    ("volunteer", None),
    ("full-time", "full_time"),
    ("Full-time, Contract", "contract"),
    ("Vollzeit", "full_time"),
    ("Teilzeit", "part_time"),
    ("CDI", "full_time"),
    ("CDD", "temporary"),
    ("", None),
]

TITLES: list[tuple[str, str | None]] = [
    ("Software Engineer (Contract)", "contract"),
    ("Contract iOS Developer", "contract"),
    ("Freelance UX Designer", "contract"),
    ("Senior Data Engineer - 6 Month Contract", "contract"),
    ("Part-Time Customer Support Agent", "part_time"),
    ("Barista (PT)", "part_time"),
    ("Software Engineering Intern, Summer 2026", "internship"),
    ("Werkstudent Softwareentwicklung (m/w/d)", "internship"),
    ("Co-op, Mechanical Engineering", "internship"),
    ("Temporary Warehouse Associate", "temporary"),
    ("Seasonal Retail Associate", "temporary"),
    ("Backend Engineer (Full-time)", "full_time"),
    ("Contract Manager", None),
    ("Contracts Attorney", None),
    ("Intern Program Coordinator", None),
    ("Interim CTO", None),
    ("Senior Software Engineer", None),
]

TEXTS: list[tuple[str, str | None]] = [
    ("Employment type: Contract\nLocation: Remote", "contract"),
    ("Job Type: Part-time", "part_time"),
    ("This is a full-time, permanent position.", "full_time"),
    ("This is a part-time role (20 hours per week).", "part_time"),
    ("This role is a 6-month contract with the possibility of extension.", "contract"),
    ("We are hiring on a freelance basis.", "contract"),
    ("The position is offered on a fixed-term contract until June.", "temporary"),
    ("Full-time employees enjoy unlimited PTO.", None),
    ("We value work-life balance and flexible hours.", None),
]


@pytest.mark.parametrize(("value", "expected"), VALUES)
def test_a_platform_value_names_its_kind(value: str, expected: str | None) -> None:
    assert employment_type_from_value(value) == expected


@pytest.mark.parametrize(("title", "expected"), TITLES)
def test_the_title_names_a_kind(title: str, expected: str | None) -> None:
    found = employment_type_of(stated="", title=title, description_low="")
    assert (found[0] if found else None) == expected


@pytest.mark.parametrize(("text", "expected"), TEXTS)
def test_only_labelled_statements_in_the_text_are_read(text: str, expected: str | None) -> None:
    found = employment_type_of(stated="", title="Engineer", description_low=text.lower())
    assert (found[0] if found else None) == expected


def test_the_platform_value_wins_over_the_title_and_is_marked_structured() -> None:
    assert employment_type_of(stated="Full-time", title="Contract Engineer", description_low="") == (
        "full_time",
        "structured",
    )
    assert employment_type_of(stated="", title="Contract Engineer", description_low="") == ("contract", "text")


def test_an_internship_is_an_intern_level_job() -> None:
    job = derive_job(Posting(id="1", title="Software Engineer", employment_type="Intern"), platform="ashby")
    assert job.employment_type == "internship"
    assert job.seniority == "intern"
    assert job.as_dict()["employment_type_source"] == "structured"


def test_recruitee_employment_codes_from_the_recorded_sample() -> None:
    body = (SAMPLES / "recruitee-offers-five.json").read_bytes()
    board = BoardRef(platform="recruitee", board_url="https://germanzeroev.recruitee.com", fetch_host="x", key="x")
    postings = recruitee_parse(body, board)
    kinds = [derive_job(posting, platform="recruitee").employment_type for posting in postings]
    codes = [offer["employment_type_code"] for offer in json.loads(body)["offers"]]
    assert codes == ["parttime_fixed_term", "fulltime_fixed_term", "internship", "internship", "volunteer"]
    assert kinds == ["temporary", "temporary", "internship", "internship", None]
