"""Per-posting fingerprints (boards/fingerprint.py): a check derives, compares and writes only the
postings that changed, and emits exactly the changes a check that derives everything emits."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
import time_machine
from django.utils import timezone

from boards.derive import derive_job
from boards.diff import content_hash
from boards.models import HostLease, Job, Resource
from boards.services import check, reading, stored
from boards.services.check import resource_check
from boards.services.jobstore import job_from_data
from boards.services.resources import resource_get_or_create
from boards.sources.registry import recognize
from changes.models import Change
from tests.boards.group_memory import group_memory
from tests.fakes import GREENHOUSE_API, greenhouse_job, serve_greenhouse

pytestmark = pytest.mark.django_db(transaction=False)

JOB_COLUMNS = (
    "key",
    "data",
    "title",
    "location",
    "search_text",
    "place_text",
    "group_key",
    "vacancy_key",
    "lead",
    "times_posted",
    "first_seen_at",
)
SHARED = "We build robots. " * 40  # one description: postings of one vacancy (boards/groups.py)


def board(token: str) -> Resource:
    resource, _ = resource_get_or_create(board=recognize(f"https://boards.greenhouse.io/{token}"))
    return resource


def counting_derivations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The titles of the postings derived from now on."""
    derived: list[str] = []

    def counted(posting: Any, *, platform: str) -> Any:
        derived.append(posting.title)
        return derive_job(posting, platform=platform)

    monkeypatch.setattr(reading, "derive_job", counted)
    return derived


def rows(resource: Resource) -> list[tuple[Any, ...]]:
    return sorted(Job.objects.filter(resource=resource).values_list(*JOB_COLUMNS))


def changes(resource: Resource) -> list[tuple[Any, ...]]:
    return sorted(
        Change.objects.filter(resource=resource).values_list(
            "type", "job_key", "summary", "data", "changed_fields", "role", "group_key", "prior_place_text"
        ),
        key=repr,
    )


def test_an_unchanged_posting_is_not_derived_again(site, monkeypatch) -> None:
    resource = board("acme")
    jobs = [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")]
    serve_greenhouse(site, "acme", jobs)
    resource_check(resource_id=resource.pk)
    assert all(Job.objects.values_list("fingerprint", flat=True))
    derived = counting_derivations(monkeypatch)
    serve_greenhouse(site, "acme", [jobs[0], greenhouse_job(2, "Staff Android Engineer")])
    outcome = resource_check(resource_id=resource.pk)
    assert outcome.outcome == "changed" and outcome.changes == 1
    assert derived == ["Staff Android Engineer"]  # the iOS posting was known
    assert list(Change.objects.values_list("type", "title")) == [("JOB_UPDATED", "Staff Android Engineer")]


def test_a_posting_that_changed_outside_the_tracked_fields_is_derived_and_rewritten(site, monkeypatch) -> None:
    """A changed pay range makes no event, but the stored job takes it."""
    resource = board("acme")
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    resource_check(resource_id=resource.pk)
    derived = counting_derivations(monkeypatch)
    paid = greenhouse_job(
        1,
        "Senior iOS Engineer",
        pay_input_ranges=[{"min_cents": 15000000, "max_cents": 20000000, "currency_type": "USD", "title": "Pay"}],
    )
    serve_greenhouse(site, "acme", [paid])
    outcome = resource_check(resource_id=resource.pk)
    assert derived == ["Senior iOS Engineer"]
    assert outcome.outcome == "unchanged" and Change.objects.count() == 0
    assert Job.objects.get().salary_annual_min == 150000


def counting_builds(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The titles of the raw Greenhouse postings built into postings from now on."""
    from boards.sources import greenhouse

    built: list[str] = []
    build = greenhouse._posting

    def counted(job: Any, board: Any) -> Any:
        built.append(job["title"])
        return build(job, board)

    monkeypatch.setattr(greenhouse, "_posting", counted)
    return built


def test_a_raw_posting_the_board_holds_is_not_even_built(site, monkeypatch) -> None:
    resource = board("acme")
    jobs = [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")]
    serve_greenhouse(site, "acme", jobs)
    resource_check(resource_id=resource.pk)
    built = counting_builds(monkeypatch)
    derived = counting_derivations(monkeypatch)
    serve_greenhouse(site, "acme", [greenhouse_job(3, "Designer"), jobs[1], jobs[0]])
    outcome = resource_check(resource_id=resource.pk)
    assert outcome.outcome == "changed" and outcome.changes == 1
    assert built == derived == ["Designer"]
    assert list(Change.objects.values_list("type", "title")) == [("JOB_ADDED", "Designer")]
    assert sorted(Job.objects.values_list("title", flat=True)) == [
        "Android Engineer",
        "Designer",
        "Senior iOS Engineer",
    ]


def test_a_raw_posting_changed_only_in_a_field_derivation_reads_is_derived_again(site, monkeypatch) -> None:
    """Greenhouse's custom fields are read for the workplace: no tracked field changes, the job does."""
    resource = board("acme")
    on_site = [{"id": 1, "name": "Workplace Type", "value": "On-site", "value_type": "single_select"}]
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Robotics Engineer", location="Austin, TX", metadata=on_site)])
    resource_check(resource_id=resource.pk)
    assert Job.objects.get().workplace_type == "onsite"
    derived = counting_derivations(monkeypatch)
    remote = [{**on_site[0], "value": "Remote"}]
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Robotics Engineer", location="Austin, TX", metadata=remote)])
    outcome = resource_check(resource_id=resource.pk)
    assert derived == ["Robotics Engineer"]
    assert outcome.outcome == "unchanged" and Change.objects.count() == 0
    assert Job.objects.get().workplace_type == "remote"


def test_a_change_of_the_sources_code_builds_every_posting_once(site, monkeypatch) -> None:
    resource = board("acme")
    jobs = [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")]
    serve_greenhouse(site, "acme", jobs)
    resource_check(resource_id=resource.pk)
    before = rows(resource)
    built = counting_builds(monkeypatch)
    monkeypatch.setattr(reading, "source_version", lambda version: f"{version}+other sources")
    serve_greenhouse(site, "acme", list(reversed(jobs)))
    assert resource_check(resource_id=resource.pk).outcome == "unchanged"
    assert sorted(built) == ["Android Engineer", "Senior iOS Engineer"]
    assert rows(resource) == before
    built.clear()
    Resource.objects.filter(pk=resource.pk).update(body_hash="")
    assert resource_check(resource_id=resource.pk).outcome == "unchanged"
    assert built == []


def test_a_raw_fingerprint_follows_the_object_the_board_and_the_version() -> None:
    from boards.sources.payload import raw_fingerprint

    def raw(job: dict) -> str:
        return json.dumps(job)

    acme = recognize("https://boards.greenhouse.io/acme")
    job = greenhouse_job(1, "Senior iOS Engineer")
    first = raw_fingerprint(raw(job), board=acme, version="v")
    assert raw_fingerprint(raw(dict(job)), board=acme, version="v") == first
    assert raw_fingerprint(raw({**job, "location": {"name": "Berlin"}}), board=acme, version="v") != first
    assert raw_fingerprint(raw({**job, "metadata": []}), board=acme, version="v") != first
    assert raw_fingerprint(raw(job), board=acme, version="w") != first
    # The board's own company names a posting without one: another board, another fingerprint.
    assert raw_fingerprint(raw(job), board=recognize("https://boards.greenhouse.io/globex"), version="v") != first
    assert raw_fingerprint(raw({**job, "title": "Senior iOS Engineer\ud83d"}), board=acme, version="v") != first


def test_a_new_derivation_version_derives_every_posting_once(site, monkeypatch) -> None:
    resource = board("acme")
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    resource_check(resource_id=resource.pk)
    before = rows(resource)
    derived = counting_derivations(monkeypatch)
    monkeypatch.setattr(reading, "derivation_version", lambda: "a newer derivation")
    # The same jobs in another order: new bytes, the same open set.
    serve_greenhouse(site, "acme", [greenhouse_job(2, "Android Engineer"), greenhouse_job(1, "Senior iOS Engineer")])
    outcome = resource_check(resource_id=resource.pk)
    assert sorted(derived) == ["Android Engineer", "Senior iOS Engineer"]
    assert outcome.outcome == "unchanged" and Change.objects.count() == 0
    assert rows(resource) == before
    # The new fingerprints were kept: the next check derives nothing.
    derived.clear()
    Resource.objects.filter(pk=resource.pk).update(body_hash="")
    assert resource_check(resource_id=resource.pk).outcome == "unchanged"
    assert derived == []


def test_the_version_follows_the_derivation_source() -> None:
    from boards import fingerprint

    fingerprint.derivation_version.cache_clear()
    first = fingerprint.derivation_version()
    assert first == fingerprint.derivation_version()
    fingerprint.derivation_version.cache_clear()
    original = fingerprint.DERIVATION_VERSION
    try:
        fingerprint.DERIVATION_VERSION = "another"
        assert fingerprint.derivation_version() != first
    finally:
        fingerprint.DERIVATION_VERSION = original
        fingerprint.derivation_version.cache_clear()


def _mixed_history() -> list[list[dict[str, Any]]]:
    """Listings one board shows over four checks: updates, removals, additions, a vacancy of two
    postings that gains and loses a city, a posting without a company, a removal and repost."""
    same = {"content": SHARED}
    base = [
        greenhouse_job(1, "Senior iOS Engineer"),
        greenhouse_job(2, "Android Engineer"),
        greenhouse_job(3, "Robotics Engineer", location="Austin, TX", **same),
        greenhouse_job(4, "Robotics Engineer", location="Denver, CO", **same),
        greenhouse_job(5, "Data Scientist", company_name=""),
        greenhouse_job(6, "Designer"),
    ]
    second = [
        base[0],
        greenhouse_job(2, "Android Engineer", location="Berlin"),
        base[2],
        base[3],
        greenhouse_job(7, "Robotics Engineer", location="Boston, MA", **same),
        base[4],
        greenhouse_job(8, "Security Engineer"),
    ]
    third = [second[0], second[1], base[2], second[4], base[4], second[6], base[5]]
    fourth = [*third[:4], greenhouse_job(5, "Data Scientist", company_name="", location="Austin, TX"), base[5]]
    return [base, second, third, fourth]


def _run_history(site: Any, token: str, history: list[list[dict[str, Any]]]) -> Resource:
    """Each check at the same instants for every board, an hour apart."""
    HostLease.objects.all().delete()  # the clock goes back: the last run's spacing would hold
    resource = board(token)
    start = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    for step, listing in enumerate(history):
        for job in listing:
            job["absolute_url"] = f"https://boards.greenhouse.io/{token}/jobs/{job['id']}"
        serve_greenhouse(site, token, listing)
        with time_machine.travel(start + timedelta(hours=step), tick=False):
            assert resource_check(resource_id=resource.pk).ok
    return resource


def _without_fingerprints(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every posting derived, every group planned, every row rebuilt and compared: the check as
    it was before."""
    monkeypatch.setattr(stored.StoredSet, "known", lambda self: {})
    monkeypatch.setattr(stored, "clean_keys", lambda *args, **kwargs: set())
    monkeypatch.setattr(check, "derivation_version", lambda: "plan every group")


def groups_of(resource: Resource) -> list[tuple[Any, ...]]:
    """The board's group memory as a check reads it (its rows, and what its job rows imply)."""
    return group_memory(resource)


def test_a_mixed_history_writes_what_deriving_everything_writes(site, monkeypatch) -> None:
    with_fingerprints = _run_history(site, "acme", _mixed_history())
    with monkeypatch.context() as patched:
        _without_fingerprints(patched)
        everything = _run_history(site, "globex", _mixed_history())

    def alike(values: list[tuple[Any, ...]]) -> str:
        return repr(values).replace("globex", "acme").replace("Globex", "Acme")

    assert changes(with_fingerprints)
    assert alike(changes(with_fingerprints)) == alike(changes(everything))
    assert alike(rows(with_fingerprints)) == alike(rows(everything))
    assert alike(groups_of(with_fingerprints)) == alike(groups_of(everything))
    for resource in (with_fingerprints, everything):
        # The hash kept from the rows' hashes is the open set's hashed afresh.
        resource.refresh_from_db()
        jobs = [
            job_from_data(key, data) for key, data in Job.objects.filter(resource=resource).values_list("key", "data")
        ]
        assert resource.content_hash == content_hash(jobs) and resource.open_jobs == len(jobs) == 6


def test_a_complete_listing_records_its_sighting_on_the_board(site) -> None:
    """Rows of a complete listing are not touched one by one; an incomplete view later counts
    the board's last complete listing as a sighting of each job it held."""
    from boards.diff import STALE_AFTER

    resource = board("acme")
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")])
    resource_check(resource_id=resource.pk)
    long_ago = timezone.now() - STALE_AFTER - timedelta(days=3)
    Job.objects.update(last_seen_at=long_ago)
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(3, "Data Scientist")])
    resource_check(resource_id=resource.pk)
    after = Resource.objects.get(pk=resource.pk)
    assert after.listed_complete_at is not None and after.listed_complete_at > long_ago
    assert Job.objects.get(key="id:1").last_seen_at == long_ago  # not touched
    seen = stored.last_seen(stored.stored_set(after), after)
    assert seen["id:1"] == after.listed_complete_at


def _serve_over_cap(site: Any, config: Callable[..., Any], token: str, plain: list[dict[str, Any]]) -> None:
    config(max_api_body_bytes=4096)
    enriched = [greenhouse_job(n, "Engineer", content="text " * 400) for n in range(1, 4)]
    site.serve(GREENHOUSE_API, f"/v1/boards/{token}/jobs?content=true&pay_transparency=true", {"jobs": enriched})
    site.serve(GREENHOUSE_API, f"/v1/boards/{token}/jobs", {"jobs": plain, "meta": {"total": len(plain)}})


def test_an_enriched_listing_over_the_cap_is_not_asked_for_again_for_a_day(site, config) -> None:
    resource = board("acme")
    _serve_over_cap(site, config, "acme", [greenhouse_job(1, "Senior iOS Engineer")])
    assert resource_check(resource_id=resource.pk).outcome == "first_snapshot"
    since = Resource.objects.get(pk=resource.pk).enriched_over_cap_since
    assert since is not None
    assert [p for p in site.requests_to(GREENHOUSE_API) if "/jobs" in p] == [
        "/v1/boards/acme/jobs?content=true&pay_transparency=true",
        "/v1/boards/acme/jobs",
    ]
    site.log.clear()
    _serve_over_cap(site, config, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Designer")])
    assert resource_check(resource_id=resource.pk).outcome == "changed"
    assert [p for p in site.requests_to(GREENHOUSE_API) if "/jobs" in p] == ["/v1/boards/acme/jobs"]
    assert Resource.objects.get(pk=resource.pk).enriched_over_cap_since == since
    # A day on, the enriched listing is tried again; under the cap now, it is read.
    Resource.objects.filter(pk=resource.pk).update(
        enriched_over_cap_since=since - check.ENRICHED_RETRY, body_hash="", etag=""
    )
    site.log.clear()
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Designer")])
    resource_check(resource_id=resource.pk)
    assert [p for p in site.requests_to(GREENHOUSE_API) if "/jobs" in p] == [
        "/v1/boards/acme/jobs?content=true&pay_transparency=true"
    ]
    assert Resource.objects.get(pk=resource.pk).enriched_over_cap_since is None


def test_a_group_the_board_has_no_memory_of_starts_from_its_rows_first_sighting(site) -> None:
    """Rows stored before the board remembered groups: their group starts when the row was first
    seen (read for those rows alone), not at the check that finds it without memory."""
    from boards.models import JobGroup

    resource = board("acme")
    jobs = [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")]
    serve_greenhouse(site, "acme", jobs)
    start = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False):
        resource_check(resource_id=resource.pk)
    sighted = dict(Job.objects.values_list("key", "first_seen_at"))
    JobGroup.objects.filter(resource=resource).delete()
    Resource.objects.filter(pk=resource.pk).update(groups_planned="")  # as a board before boards/0013
    HostLease.objects.all().delete()
    serve_greenhouse(site, "acme", [*jobs, greenhouse_job(3, "Designer")])
    with time_machine.travel(start + timedelta(days=3), tick=False):
        assert resource_check(resource_id=resource.pk).outcome == "changed"
    now = start + timedelta(days=3)
    assert dict(Job.objects.values_list("key", "first_seen_at")) == {**sighted, "id:3": now}
    # Their memory is what their rows imply: no group of them needs a row of its own.
    remembered = sorted((first, times) for _, first, times, _, _ in group_memory(resource))
    assert remembered == sorted([*((when, 1) for when in sighted.values()), (now, 1)])
    assert not JobGroup.objects.filter(resource=resource).exists()


def planned_groups(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many groups each check from now on reads the memory of."""
    from boards.services import grouping

    counts: list[int] = []
    remembered = grouping._remembered

    def counted(resource: Any, keys: list[str]) -> Any:
        counts.append(len(keys))
        return remembered(resource, keys)

    monkeypatch.setattr(grouping, "_remembered", counted)
    return counts


def test_once_every_group_was_planned_a_check_plans_the_groups_it_touches(site, monkeypatch) -> None:
    resource = board("acme")
    jobs = [greenhouse_job(number, f"Engineer {number}") for number in range(1, 6)]
    serve_greenhouse(site, "acme", jobs)
    resource_check(resource_id=resource.pk)
    resource.refresh_from_db()
    assert resource.groups_planned == check.derivation_version()
    counts = planned_groups(monkeypatch)
    serve_greenhouse(site, "acme", [*jobs[:3], greenhouse_job(4, "Staff Engineer 4"), greenhouse_job(9, "Designer")])
    assert resource_check(resource_id=resource.pk).outcome == "changed"
    # The updated posting's group, the added one and the removed one: not the three unchanged.
    assert counts == [3]


def test_a_new_version_plans_every_group_once_and_settles_their_memory(site, monkeypatch) -> None:
    """Memory settled under another version (here: one group's row lost) is settled again by the
    first check that writes under this one, as a plan of every group would."""
    from boards.models import JobGroup

    resource = board("acme")
    jobs = [greenhouse_job(number, f"Engineer {number}") for number in range(1, 4)]
    serve_greenhouse(site, "acme", jobs)
    resource_check(resource_id=resource.pk)
    settled = groups_of(resource)
    # Rows as a board kept before groups of one posting had none: one of them lost.
    JobGroup.objects.bulk_create(
        JobGroup(resource=resource, key=key, first_seen_at=first, times_posted=times, places=places)
        for key, first, times, _, places in settled[1:]
    )
    Resource.objects.filter(pk=resource.pk).update(groups_planned="an older version")
    counts = planned_groups(monkeypatch)
    serve_greenhouse(site, "acme", [*jobs, greenhouse_job(9, "Designer")])
    assert resource_check(resource_id=resource.pk).outcome == "changed"
    assert counts == [4]
    assert [group for group in groups_of(resource) if group[0] in {g[0] for g in settled}] == settled
    resource.refresh_from_db()
    assert resource.groups_planned == check.derivation_version()


def counting_decodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The keys of the stored rows decoded into jobs from now on."""
    from boards.services import jobstore

    decoded: list[str] = []
    decode = jobstore.job_from_data

    def counted(key: str, data: dict[str, Any], **kwargs: Any) -> Any:
        decoded.append(key)
        return decode(key, data, **kwargs)

    monkeypatch.setattr(jobstore, "job_from_data", counted)
    return decoded


def test_a_check_that_finds_the_same_bytes_or_a_304_decodes_no_stored_row(site, monkeypatch) -> None:
    resource = board("acme")
    jobs = [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Android Engineer")]
    serve_greenhouse(site, "acme", jobs)
    resource_check(resource_id=resource.pk)
    decoded = counting_decodes(monkeypatch)
    assert resource_check(resource_id=resource.pk).outcome == "unchanged"
    serve_greenhouse(site, "acme", jobs, status=304)
    assert resource_check(resource_id=resource.pk).outcome == "not_modified"
    assert decoded == []
    serve_greenhouse(site, "acme", [jobs[0], greenhouse_job(2, "Staff Android Engineer")])
    outcome = resource_check(resource_id=resource.pk)
    assert outcome.outcome == "changed" and outcome.changes == 1
    # A changed board reads its stored set, and decodes whole only the row of the posting that
    # changed (the iOS posting, shown as it is, stays a `StoredJob`).
    assert decoded == ["id:2"]
    assert list(Change.objects.values_list("type", "title")) == [("JOB_UPDATED", "Staff Android Engineer")]


def test_a_304_on_a_board_without_a_tech_share_takes_it_from_the_stored_jobs(site, monkeypatch) -> None:
    resource = board("acme")
    serve_greenhouse(site, "acme", [greenhouse_job(1, "Senior iOS Engineer"), greenhouse_job(2, "Recruiter")])
    resource_check(resource_id=resource.pk)
    share = Resource.objects.get(pk=resource.pk).tech_share
    assert share == 0.5
    Resource.objects.filter(pk=resource.pk).update(tech_share=None)
    decoded = counting_decodes(monkeypatch)
    serve_greenhouse(site, "acme", [], status=304)
    assert resource_check(resource_id=resource.pk).outcome == "not_modified"
    assert Resource.objects.get(pk=resource.pk).tech_share == share
    assert decoded == []  # the titles are read as `StoredJob`s


LIGHT_DATA: list[dict[str, Any]] = [
    {"title": "Ingénieur logiciel — Zürich ☃", "company": 'Acme \\ "Ltd"', "location": "Zürich, CH", "partial": False},
    {"title": "Engineer", "other_locations": ["Berlin", "Köln, DE", '["x"]'], "partial": True, "details_read": True},
    {"title": "Data", "group": "g1", "vacancy": "v1", "platform_id": "12345", "salary": {"min": 1, "currency": "USD"}},
    {"title": "", "company": "", "location": "", "other_locations": [], "details_read": False},
    {},
]


def test_a_stored_job_read_light_has_the_fields_of_the_job_rebuilt_whole() -> None:
    """`StoredJob`'s fields, extracted by the database from each row's data, are the whole job's
    (`jobstore.job_from_data`) on both backends: text beyond ASCII, quotes, flags true and false,
    absent fields; a row without a job hash is rebuilt whole at once."""
    resource = board("acme")
    for number, data in enumerate(LIGHT_DATA):
        Job.objects.create(resource=resource, key=f"id:{number}", data=data, title="t", job_hash=f"{number:064x}")
    Job.objects.create(resource=resource, key="id:unhashed", data=LIGHT_DATA[0], title="t")
    jobs = stored.stored_set(resource).jobs
    assert list(jobs) == list(Job.objects.filter(resource=resource).values_list("key", flat=True))
    for key, data in Job.objects.filter(resource=resource).values_list("key", "data"):
        whole = job_from_data(key, data)
        light = jobs[key]
        assert isinstance(light, stored.StoredJob) == (key != "id:unhashed")
        assert {name: getattr(light, name) for name in ("key", *stored.LIGHT_FIELDS)} == {
            name: getattr(whole, name) for name in ("key", *stored.LIGHT_FIELDS)
        }
        if key == "id:unhashed":
            assert light == whole
        else:
            with pytest.raises(TypeError):
                light.as_dict()
