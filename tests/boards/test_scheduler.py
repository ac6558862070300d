from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from itertools import count

import pytest
from django.utils import timezone

from boards.models import HostLease, IndexOrigin, Resource
from boards.services.scheduler import (
    FOLLOWUP_LEAD,
    FOLLOWUP_MAX_DELAY,
    check_and_continue,
    directory_overdue_count,
    dispatch,
    host_claim_next,
    resource_claim,
    resources_due,
)
from watches.models import Client, Watch, WatchKind

pytestmark = pytest.mark.django_db

_numbers = count(1)


def make_resource(*, host: str = "boards-api.greenhouse.io", due_in: float = -60, indexed: bool = False) -> Resource:
    n = next(_numbers)
    return Resource.objects.create(
        url=f"https://boards.greenhouse.io/company{n}",
        platform="greenhouse",
        fetch_host=host,
        board_key=f"company{n}",
        indexed=indexed,
        index_origin=IndexOrigin.DIRECTORY if indexed else "",
        next_check_at=timezone.now() + timedelta(seconds=due_in),
    )


def watch(resource: Resource, *, deleted: bool = False, expires_in: timedelta = timedelta(days=30)) -> Watch:
    client = Client.objects.create(token_hash=f"hash-{next(_numbers)}")
    now = timezone.now()
    return Watch.objects.create(
        client=client,
        resource=resource,
        kind=WatchKind.BOARD,
        expires_at=now + expires_in,
        deleted_at=now if deleted else None,
    )


@dataclass(frozen=True)
class FakeOutcome:
    resource_id: int
    ok: bool = True
    outcome: str = "unchanged"
    code: str = ""
    message: str = ""
    changes: int = 0
    fetch_host: str = ""  # unknown: the scheduler looks it up


def test_a_watched_resource_that_is_due_is_due() -> None:
    resource = make_resource()
    watch(resource)
    assert resources_due(limit=10) == [resource.pk]


def test_a_directory_board_is_due_without_any_watch() -> None:
    resource = make_resource(indexed=True)
    assert resources_due(limit=10) == [resource.pk]


def test_a_directory_board_is_not_due_when_the_directory_is_disabled(config) -> None:
    make_resource(indexed=True)
    config(index_enabled=False)
    assert resources_due(limit=10) == []


def test_a_resource_whose_watch_was_deleted_is_never_due() -> None:
    resource = make_resource()
    watch(resource, deleted=True)
    assert resources_due(limit=10) == []


def test_a_resource_whose_watch_expired_is_never_due() -> None:
    resource = make_resource()
    watch(resource, expires_in=timedelta(seconds=-1))
    assert resources_due(limit=10) == []


def test_a_resource_is_not_due_before_its_next_check() -> None:
    watch(make_resource(due_in=120))
    assert resources_due(limit=10) == []


def test_two_due_resources_on_one_host_yield_only_the_earliest() -> None:
    later = make_resource(due_in=-10, indexed=True)
    earlier = make_resource(due_in=-100, indexed=True)
    assert resources_due(limit=10) == [earlier.pk]
    assert later.pk not in resources_due(limit=10)


def test_hosts_proceed_in_parallel_earliest_first_up_to_the_limit() -> None:
    a = make_resource(host="a.example", due_in=-30, indexed=True)
    b = make_resource(host="b.example", due_in=-90, indexed=True)
    c = make_resource(host="c.example", due_in=-60, indexed=True)
    assert resources_due(limit=10) == [b.pk, c.pk, a.pk]
    assert resources_due(limit=2) == [b.pk, c.pk]


def test_a_host_with_a_live_lease_yields_nothing() -> None:
    make_resource(host="busy.example", indexed=True)
    HostLease.objects.create(key="busy.example", holder="x", leased_until=timezone.now() + timedelta(seconds=30))
    assert resources_due(limit=10) == []


def test_a_host_whose_lease_ran_out_is_free_again() -> None:
    resource = make_resource(host="idle.example", indexed=True)
    HostLease.objects.create(key="idle.example", holder="x", leased_until=timezone.now() - timedelta(seconds=1))
    assert resources_due(limit=10) == [resource.pk]


def test_a_just_claimed_resource_is_not_claimed_again() -> None:
    resource = make_resource(indexed=True)
    assert resource_claim(resource_id=resource.pk) is not None
    assert resources_due(limit=10) == []
    assert resource_claim(resource_id=resource.pk) is None


def test_a_claim_on_one_resource_keeps_its_host_out_of_the_due_list() -> None:
    first = make_resource(due_in=-100, indexed=True)
    make_resource(due_in=-50, indexed=True)
    resource_claim(resource_id=first.pk)
    assert resources_due(limit=10) == []


def test_a_duplicate_claim_fails_and_the_first_token_stands() -> None:
    resource = make_resource(indexed=True)
    token = resource_claim(resource_id=resource.pk)
    assert token
    assert resource_claim(resource_id=resource.pk) is None
    resource.refresh_from_db()
    assert resource.claim_token == token


def test_an_expired_claim_can_be_taken_over() -> None:
    resource = make_resource(indexed=True)
    first = resource_claim(resource_id=resource.pk, duration=timedelta(seconds=1))
    later = timezone.now() + timedelta(seconds=5)
    second = resource_claim(resource_id=resource.pk, now=later)
    assert second is not None and second != first
    assert resources_due(limit=10, now=later) == []


def test_a_resource_that_is_not_due_cannot_be_claimed() -> None:
    resource = make_resource(due_in=300, indexed=True)
    assert resource_claim(resource_id=resource.pk) is None


def test_dispatch_hands_each_claimed_resource_to_submit_with_its_token() -> None:
    a = make_resource(host="a.example", indexed=True)
    b = make_resource(host="b.example", indexed=True)
    submitted: list[tuple[int, str]] = []
    assert dispatch(limit=10, submit=lambda rid, token: submitted.append((rid, token))) == 2
    tokens = dict(Resource.objects.filter(pk__in=[a.pk, b.pk]).values_list("pk", "claim_token"))
    assert sorted(submitted) == sorted(tokens.items())


def test_dispatch_gives_the_claim_back_when_submit_fails() -> None:
    resource = make_resource(indexed=True)

    def broker_down(resource_id: int, token: str) -> None:
        raise ConnectionError("broker unreachable")

    with pytest.raises(ConnectionError):
        dispatch(limit=10, submit=broker_down)
    resource.refresh_from_db()
    assert resource.claim_token == "" and resource.claimed_until is None
    assert resources_due(limit=10) == [resource.pk]


def test_the_next_resource_of_a_host_starts_when_its_spacing_has_passed() -> None:
    make_resource(host="h.example", due_in=-100, indexed=True)
    following = make_resource(host="h.example", due_in=-50, indexed=True)
    now = timezone.now()
    HostLease.objects.create(key="h.example", holder="", leased_until=now + timedelta(milliseconds=200))
    # The first resource was just checked: it is no longer due.
    Resource.objects.exclude(pk=following.pk).update(next_check_at=now + timedelta(hours=1))
    claimed = host_claim_next(host="h.example", now=now)
    assert claimed is not None
    assert claimed.resource_id == following.pk
    # Started FOLLOWUP_LEAD ahead: the check does what needs no socket, then waits for the lease.
    assert claimed.delay_seconds == pytest.approx(0.2 - FOLLOWUP_LEAD.total_seconds(), abs=0.01)
    assert Resource.objects.get(pk=following.pk).claim_token == claimed.token


def test_no_follow_up_when_a_check_of_the_host_is_already_queued() -> None:
    queued = make_resource(host="h.example", due_in=-100, indexed=True)
    make_resource(host="h.example", due_in=-50, indexed=True)
    resource_claim(resource_id=queued.pk)
    assert host_claim_next(host="h.example") is None


def test_no_follow_up_when_someone_else_holds_the_host_for_long() -> None:
    make_resource(host="h.example", indexed=True)
    until = timezone.now() + FOLLOWUP_MAX_DELAY + timedelta(seconds=30)
    HostLease.objects.create(key="h.example", holder="api", leased_until=until)
    assert host_claim_next(host="h.example") is None


def test_a_finished_check_queues_its_hosts_next_due_resource() -> None:
    first = make_resource(host="h.example", due_in=-100, indexed=True)
    second = make_resource(host="h.example", due_in=-50, indexed=True)
    make_resource(host="other.example", due_in=-500, indexed=True)
    token = resource_claim(resource_id=first.pk)
    assert token

    def check(*, resource_id: int, claim_token: str, on_host_free: object) -> FakeOutcome:
        Resource.objects.filter(pk=resource_id).update(
            next_check_at=timezone.now() + timedelta(hours=1), claim_token="", claimed_until=None
        )
        return FakeOutcome(resource_id)

    later: list[tuple[int, str, float]] = []
    outcome = check_and_continue(
        resource_id=first.pk, claim_token=token, check=check, submit_later=lambda *args: later.append(args)
    )
    assert outcome.outcome == "unchanged"
    assert [(rid, delay) for rid, _, delay in later] == [(second.pk, 0.0)]


def test_the_next_check_of_a_host_is_queued_when_the_lease_is_released_not_after_the_writes() -> None:
    first = make_resource(host="h.example", due_in=-100, indexed=True)
    second = make_resource(host="h.example", due_in=-50, indexed=True)
    token = resource_claim(resource_id=first.pk)
    assert token
    later: list[tuple[int, str, float]] = []
    queued_while_writing: list[list[int]] = []

    def check(*, resource_id: int, claim_token: str, on_host_free: Callable[[str], None]) -> FakeOutcome:
        on_host_free("h.example")  # the read is done; this check is still claimed, and due
        queued_while_writing.append([rid for rid, _, _ in later])
        Resource.objects.filter(pk=resource_id).update(
            next_check_at=timezone.now() + timedelta(hours=1), claim_token="", claimed_until=None
        )
        return FakeOutcome(resource_id)

    check_and_continue(
        resource_id=first.pk, claim_token=token, check=check, submit_later=lambda *args: later.append(args)
    )
    assert queued_while_writing == [[second.pk]]
    assert [rid for rid, _, _ in later] == [second.pk]  # queued once, not again after the check


def test_a_host_whose_previous_check_outlasts_the_next_one_is_continued_when_its_writes_end() -> None:
    # Under load a check can still be writing when the check it queued has already read the board
    # (its spacing ran out first). That check finds the host "queued" (the writer's claim is live)
    # and claims nothing; the writer, done, continues the host instead of leaving it to a tick.
    first = make_resource(host="h.example", due_in=-100, indexed=True)
    second = make_resource(host="h.example", due_in=-50, indexed=True)
    third = make_resource(host="h.example", due_in=-10, indexed=True)
    token = resource_claim(resource_id=first.pk)
    assert token
    later: list[tuple[int, str, float]] = []

    def submit_later(resource_id: int, token: str, delay: float) -> None:
        later.append((resource_id, token, delay))

    def done(resource_id: int) -> FakeOutcome:
        Resource.objects.filter(pk=resource_id).update(
            next_check_at=timezone.now() + timedelta(hours=1), claim_token="", claimed_until=None
        )
        return FakeOutcome(resource_id)

    def quick(*, resource_id: int, claim_token: str, on_host_free: Callable[[str], None]) -> FakeOutcome:
        on_host_free("h.example")
        return done(resource_id)

    def slow_writer(*, resource_id: int, claim_token: str, on_host_free: Callable[[str], None]) -> FakeOutcome:
        on_host_free("h.example")  # queues `second`...
        (rid, follow_token, _) = later[-1]
        # ...which runs whole while this check still writes: it cannot queue `third`.
        check_and_continue(resource_id=rid, claim_token=follow_token, check=quick, submit_later=submit_later)
        assert [rid for rid, _, _ in later] == [second.pk]
        return done(resource_id)

    check_and_continue(resource_id=first.pk, claim_token=token, check=slow_writer, submit_later=submit_later)
    assert [rid for rid, _, _ in later] == [second.pk, third.pk]
    assert Resource.objects.get(pk=third.pk).claim_token == later[-1][1]


@pytest.mark.parametrize("what", ["skipped", "host_busy"])
def test_a_check_that_did_not_run_queues_nothing(what: str) -> None:
    first = make_resource(host="h.example", due_in=-100, indexed=True)
    make_resource(host="h.example", due_in=-50, indexed=True)
    later: list[tuple[int, str, float]] = []
    check_and_continue(
        resource_id=first.pk,
        claim_token="stale",
        check=lambda **kwargs: FakeOutcome(first.pk, ok=False, outcome=what),
        submit_later=lambda *args: later.append(args),
    )
    assert later == []


def test_a_follow_up_that_cannot_be_queued_is_given_back() -> None:
    first = make_resource(host="h.example", due_in=-100, indexed=True)
    second = make_resource(host="h.example", due_in=-50, indexed=True)
    Resource.objects.filter(pk=first.pk).update(next_check_at=timezone.now() + timedelta(hours=1))

    def broker_down(resource_id: int, token: str, delay: float) -> None:
        raise ConnectionError("broker unreachable")

    check_and_continue(
        resource_id=first.pk, claim_token="", check=lambda **kwargs: FakeOutcome(first.pk), submit_later=broker_down
    )
    second.refresh_from_db()
    assert second.claim_token == "" and second.claimed_until is None


def test_overdue_directory_boards_are_counted_after_fifteen_minutes() -> None:
    make_resource(indexed=True, due_in=-16 * 60)
    make_resource(indexed=True, due_in=-60)
    watch(make_resource(due_in=-60 * 60))  # watched but not in the directory
    assert directory_overdue_count() == 1


def test_the_compiled_follow_up_query_agrees_with_its_queryset() -> None:
    """`host_claim_next` runs SQL compiled once with stand-in values; it must pick what the
    queryset picks for real values: due, monitored, unclaimed, none queued, earliest first."""
    from boards.services.scheduler import _next_on_host, next_on_host_queryset

    now = timezone.now()
    make_resource(host="a.example", due_in=-30, indexed=True)
    earliest = make_resource(host="a.example", due_in=-90)
    watch(earliest)  # monitored through a watch
    make_resource(host="a.example", due_in=-120)  # neither indexed nor watched: not monitored
    make_resource(host="a.example", due_in=60, indexed=True)  # not due yet
    HostLease.objects.create(key="a.example", holder="", leased_until=now + timedelta(milliseconds=150))
    make_resource(host="b.example", due_in=-60, indexed=True)
    resource_claim(resource_id=make_resource(host="b.example", due_in=-100, indexed=True).pk)  # b has one queued

    for host in ("a.example", "b.example", "c.example"):
        expected = next_on_host_queryset(host=host, now=now).first()
        assert _next_on_host(host=host, now=now) == expected
    # The check asking (still running, so claimed) does not count as queued.
    running = Resource.objects.get(fetch_host="b.example", claimed_until__isnull=False).pk
    expected = next_on_host_queryset(host="b.example", now=now, running=running).first()
    assert expected is not None
    assert _next_on_host(host="b.example", now=now, running=running) == expected
    picked = _next_on_host(host="a.example", now=now)
    assert picked is not None and picked[0] == earliest.pk and picked[2] is not None
    assert abs((picked[2] - now).total_seconds() - 0.15) < 0.001
