"""`rows_insert` (boards/services/rows.py) stores what Django's `bulk_create` stores: on PostgreSQL
it streams binary COPY, where each value is sent as its column's type, so every kind of value a
check writes (text with any character, nulls, integers, floats, booleans, aware timestamps, JSON)
is compared with the ORM's own write of the same rows."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from boards.models import Job, JobGroup, Resource
from boards.services.rows import JsonText, copies, rows_insert

pytestmark = pytest.mark.django_db

MOMENT = datetime(2026, 9, 15, 13, 0, 0, 123456, tzinfo=UTC)


def job_rows(resource: Resource, prefix: str) -> list[dict[str, Any]]:
    rows = []
    for number, (title, salary, years, data) in enumerate(
        [
            ("Senior iOS Engineer", (140_000, 180_000), 5.0, {"title": "Senior iOS Engineer", "salary": {"min": 1.5}}),
            ("Ingénieur·e données — Zürich 💼", (None, None), None, {"places": [{"city": None}], "ok": True}),
            ("tab\there, line\nbreak, back\\slash", (0, 2**31 - 1), 0.25, {"nested": [[], {}, '\\\t\n"', 1e16]}),
            ("", (None, 90_000), 40.0, {}),
        ]
    ):
        rows.append(
            {
                "resource_id": resource.pk,
                "key": f"{prefix}{number}",
                "data": data,
                "last_seen_at": MOMENT,
                "fingerprint": "f" * 32,
                "job_hash": "h" * 64,
                "group_key": f"g{number}",
                "vacancy_key": "" if number % 2 else f"v{number}",
                "lead": number != 2,
                "first_seen_at": MOMENT - timedelta(days=number),
                "times_posted": number + 1,
                "title": title,
                "company": "Acme, Inc.",
                "location": "Berlin, Germany",
                "department": "",
                "remote": bool(number % 2),
                "workplace_type": "remote",
                "seniority": "senior",
                "salary_currency": "USD" if salary[0] is not None else "",
                "salary_annual_min": salary[0],
                "salary_annual_max": salary[1],
                "experience_years": years,
                "employment_type": "",
                "visa_sponsorship": "yes" if number == 0 else "",
                "company_key": "acme",
                "staffing_agency": number == 3,
                "posted_at": None if number == 1 else MOMENT.astimezone(timezone(timedelta(hours=-4))),
                "search_text": f" {title.lower()} | berlin germany ",
                "place_text": " ci0berlin0de | berlin germany ",
            }
        )
    return rows


def stored(model: type[Job] | type[JobGroup], prefix: str) -> list[dict[str, Any]]:
    rows = []
    for values in model.objects.filter(key__startswith=prefix).order_by("key").values():
        row: dict[str, Any] = dict(values)
        row.pop("id")
        row["key"] = row["key"][len(prefix) :]
        rows.append(row)
    return rows


def test_rows_inserted_are_the_rows_bulk_create_stores() -> None:
    resource = Resource.objects.create(url="https://boards.greenhouse.io/acme", platform="greenhouse")
    rows_insert(Job, job_rows(resource, "copy:"))
    Job.objects.bulk_create([Job(**row) for row in job_rows(resource, "orm:")])
    copied = stored(Job, "copy:")
    assert len(copied) == 4
    assert copied == stored(Job, "orm:")


def test_group_rows_inserted_are_the_rows_bulk_create_stores() -> None:
    resource = Resource.objects.create(url="https://boards.greenhouse.io/acme", platform="greenhouse")

    def rows(prefix: str) -> list[dict[str, Any]]:
        return [
            {"resource_id": resource.pk, "key": f"{prefix}a", "first_seen_at": MOMENT, "times_posted": 1, "places": []},
            {
                "resource_id": resource.pk,
                "key": f"{prefix}b",
                "first_seen_at": MOMENT,
                "times_posted": 3,
                "places": ["Berlin, Germany", "São Paulo"],
            },
        ]

    rows_insert(JobGroup, rows("copy:"))
    JobGroup.objects.bulk_create([JobGroup(**row) for row in rows("orm:")])
    copied = stored(JobGroup, "copy:")
    assert [row["closed_at"] for row in copied] == [None, None]  # a field the rows leave out: its default
    assert copied == stored(JobGroup, "orm:")


def test_group_places_given_as_a_tuple_are_stored_as_the_list() -> None:
    """`grouping.save` hands each group's places as its tuple (COPY remembers their texts)."""
    resource = Resource.objects.create(url="https://boards.greenhouse.io/acme", platform="greenhouse")
    places = [(), ("Berlin, Germany",), ("Berlin, Germany", "São Paulo"), ("Berlin, Germany",)]

    def rows(prefix: str, kind: type) -> list[dict[str, Any]]:
        return [
            {
                "resource_id": resource.pk,
                "key": f"{prefix}{n}",
                "first_seen_at": MOMENT,
                "times_posted": 1,
                "places": kind(p),
            }
            for n, p in enumerate(places)
        ]

    rows_insert(JobGroup, rows("copy:", tuple))
    JobGroup.objects.bulk_create([JobGroup(**row) for row in rows("orm:", list)])
    copied = stored(JobGroup, "copy:")
    assert [row["places"] for row in copied] == [list(p) for p in places]
    assert copied == stored(JobGroup, "orm:")


def test_a_board_s_new_groups_are_written_in_key_order() -> None:
    """`grouping.save` writes new group memory rows in key order (the board's unique index takes
    them at its right edge), each as the plan has it."""
    from boards.groups import GroupHistory
    from boards.services.grouping import Plan, save

    resource = Resource.objects.create(url="https://boards.greenhouse.io/acme", platform="greenhouse")
    keys = [f"{(number * 7919) % 1000:03d}ab" for number in range(60)]
    history = {key: GroupHistory(MOMENT, number + 1, None, (f"City {number}",)) for number, key in enumerate(keys)}
    save(resource, Plan([], {}, history, [], {}, {}, set(), {}), MOMENT)
    rows = list(JobGroup.objects.filter(resource=resource).order_by("id").values_list("key", "times_posted", "places"))
    assert [key for key, _, _ in rows] == sorted(keys) != keys
    assert {key: (times, places) for key, times, places in rows} == {
        key: (group.times_posted, list(group.places)) for key, group in history.items()
    }


def test_a_json_text_is_stored_as_the_value_it_means() -> None:
    """A new row's data handed to COPY as its JSON text (`JsonText`, compact, not ASCII-escaped,
    in another key order: `jobstore.data_text`) is stored as the dict is."""
    if not copies():
        pytest.skip("JSON text is written by COPY, on PostgreSQL")
    resource = Resource.objects.create(url="https://boards.greenhouse.io/acme", platform="greenhouse")
    as_text = []
    for row in job_rows(resource, "copy:"):
        text = json.dumps(dict(reversed(row["data"].items())), separators=(",", ":"), ensure_ascii=False)
        as_text.append({**row, "data": JsonText(text.encode())})
    rows_insert(Job, as_text)
    Job.objects.bulk_create([Job(**row) for row in job_rows(resource, "orm:")])
    copied = stored(Job, "copy:")
    assert len(copied) == 4
    assert copied == stored(Job, "orm:")
