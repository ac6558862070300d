from __future__ import annotations

import pytest

from boards.services.check import resource_check
from changes.services.feed import changes_ack, changes_get
from tests.fakes import greenhouse_job, serve_greenhouse
from watches.services.clients import client_create
from watches.services.watches import watch_create, watch_get, watch_list

pytestmark = pytest.mark.django_db

IOS = greenhouse_job(1, "Senior iOS Engineer")
ANDROID = greenhouse_job(2, "Android Engineer")


def board_watch(client, **filters):
    return watch_create(client=client, url="https://boards.greenhouse.io/acme", filters=filters or None)


def recheck(site, jobs):
    from boards.models import Resource

    serve_greenhouse(site, "acme", jobs)
    return resource_check(resource_id=Resource.objects.get().pk)


def test_a_keyword_watch_sees_only_matching_additions_once(site) -> None:
    serve_greenhouse(site, "acme", [])
    client = client_create().client
    watch = board_watch(client, keywords=["ios"])
    assert watch["current_jobs"] == []
    recheck(site, [IOS, ANDROID])
    first = changes_get(client=client)
    assert [c["data"]["job"]["title"] for c in first["changes"]] == ["Senior iOS Engineer"]
    assert first["changes"][0]["type"] == "JOB_ADDED"
    assert first["changes"][0]["watch_id"] == watch["id"]
    assert first["has_more"] is False
    assert changes_get(client=client)["changes"] == []


def test_a_second_watch_of_the_same_board_shares_the_resource(site) -> None:
    serve_greenhouse(site, "acme", [IOS])
    first = board_watch(client_create().client)
    second = board_watch(client_create().client)
    assert first["resource"]["board_url"] == second["resource"]["board_url"]
    assert second["initial_check"]["shared_resource"] is True
    assert [j["title"] for j in second["current_jobs"]] == ["Senior iOS Engineer"]


def test_peek_does_not_advance_and_ack_does(site) -> None:
    serve_greenhouse(site, "acme", [])
    client = client_create().client
    board_watch(client)
    recheck(site, [IOS])
    peeked = changes_get(client=client, peek=True)
    again = changes_get(client=client, peek=True)
    assert [c["id"] for c in peeked["changes"]] == [c["id"] for c in again["changes"]] != []
    changes_ack(client=client, cursor=peeked["cursor"])
    assert changes_get(client=client)["changes"] == []


def test_since_replays_without_rewinding_the_cursor(site) -> None:
    serve_greenhouse(site, "acme", [])
    client = client_create().client
    board_watch(client)
    recheck(site, [IOS])
    recheck(site, [IOS, ANDROID])
    everything = changes_get(client=client)
    assert len(everything["changes"]) == 2
    replay = changes_get(client=client, since=everything["changes"][0]["id"], peek=True)
    assert [c["data"]["job"]["title"] for c in replay["changes"]] == ["Android Engineer"]
    assert changes_get(client=client)["changes"] == []


def test_paging_never_skips_and_never_splits_a_change(site) -> None:
    serve_greenhouse(site, "acme", [])
    client = client_create().client
    board_watch(client)
    jobs = [greenhouse_job(i, f"Engineer {i}") for i in range(1, 8)]
    recheck(site, jobs)
    seen: list[int] = []
    while True:
        page = changes_get(client=client, limit=3)
        seen += [c["id"] for c in page["changes"]]
        if not page["has_more"]:
            break
    assert len(seen) == 7 == len(set(seen))
    assert seen == sorted(seen)


def test_a_watch_never_sees_changes_from_before_it_existed(site) -> None:
    serve_greenhouse(site, "acme", [])
    early = client_create().client
    board_watch(early)
    recheck(site, [IOS])
    late = client_create().client
    board_watch(late)
    assert changes_get(client=late)["changes"] == []
    assert len(changes_get(client=early)["changes"]) == 1


def test_a_search_watch_reads_additions_on_every_board(site) -> None:
    serve_greenhouse(site, "acme", [])
    board_watch(client_create().client)
    searcher = client_create().client
    created = watch_create(client=searcher, query="remote iOS jobs")
    assert created["type"] == "search"
    assert created["interpreted"]["filters"]["keywords"] == ["ios"]
    recheck(site, [IOS, ANDROID])
    changes = changes_get(client=searcher)["changes"]
    assert [c["data"]["job"]["title"] for c in changes] == ["Senior iOS Engineer"]
    recheck(site, [ANDROID])  # a removal is not reported to a search watch
    assert changes_get(client=searcher)["changes"] == []


def test_pending_counts_and_watch_detail(site) -> None:
    serve_greenhouse(site, "acme", [])
    client = client_create().client
    watch = board_watch(client)
    recheck(site, [IOS, ANDROID])
    listed = watch_list(client=client)["watches"]
    assert listed[0]["pending_changes"] == 2
    detail = watch_get(client=client, watch_id=watch["id"])
    assert {j["title"] for j in detail["current_jobs"]} == {"Senior iOS Engineer", "Android Engineer"}
    assert detail["expires_at"]


def test_the_feed_reads_exactly_the_active_watches_of_the_client() -> None:
    """The feed's hand-written SQL and `active_watches` agree: expired, deleted and other clients'
    watches are left out, the order is creation order, and an unknown or foreign id is NOT_FOUND."""
    from datetime import timedelta

    from django.utils import timezone

    from changes.services.feed import _watches
    from watches.models import Watch, WatchKind
    from watches.services.lookup import active_watches
    from watchtower.errors import AppError

    mine, theirs = client_create().client, client_create().client
    now = timezone.now()

    def search_watch(client, *, created, expires, deleted=None):
        return Watch.objects.create(
            client=client,
            kind=WatchKind.SEARCH,
            query="ios",
            created_at=now + timedelta(seconds=created),
            expires_at=now + timedelta(seconds=expires),
            deleted_at=deleted,
        )

    later = search_watch(mine, created=-10, expires=3600)
    earlier = search_watch(mine, created=-20, expires=3600)
    search_watch(mine, created=-30, expires=-1)  # expired
    search_watch(mine, created=-40, expires=3600, deleted=now)  # deleted
    foreign = search_watch(theirs, created=-50, expires=3600)

    watches, top = _watches(mine, None)
    assert [w.pk for w in watches] == [w.pk for w in active_watches(client=mine)] == [earlier.pk, later.pk]
    assert top == 0
    assert [w.pk for w in _watches(mine, later.public_id)[0]] == [later.pk]
    for hidden in (foreign.public_id, "w_nothing"):
        with pytest.raises(AppError) as raised:
            _watches(mine, hidden)
        assert raised.value.code == "NOT_FOUND"
