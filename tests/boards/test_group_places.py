"""`groups.places_seen`: every location an open group has had, its memory's then its postings'
(boards/groups.py). A group without a memory of this life (none, or closed) has its postings'
locations, each once: what the general rule gives it."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given
from hypothesis import strategies as st

from boards.groups import GroupHistory, locations_of, places_seen
from boards.job import ParsedJob

PLACES = st.sampled_from(["", "Berlin", "berlin", "BERLIN", "Austin, TX", "Remote - US", "Zürich", "zürich"])
POSTINGS = st.lists(
    st.builds(
        ParsedJob,
        key=st.sampled_from(["id:1", "id:2", "id:3", "id:4"]),
        title=st.just("Engineer"),
        location=PLACES,
        other_locations=st.lists(PLACES, max_size=3).map(tuple),
    ),
    min_size=1,
    max_size=4,
)
MEMORIES = st.none() | st.builds(
    GroupHistory,
    first_seen_at=st.just(datetime(2026, 9, 1, tzinfo=UTC)),
    times_posted=st.just(1),
    closed_at=st.none() | st.just(datetime(2026, 9, 20, tzinfo=UTC)),
    places=st.lists(PLACES.filter(bool), max_size=3).map(tuple),
)


def by_rule(remembered: GroupHistory | None, postings: list[ParsedJob]) -> tuple[str, ...]:
    """The rule as written for every group: the remembered places of an open group, then each
    location of the postings not among them (casefolded)."""
    places = dict.fromkeys(remembered.places if remembered is not None and remembered.closed_at is None else ())
    folded = {place.casefold() for place in places}
    for place in locations_of(postings):
        if place.casefold() not in folded:
            folded.add(place.casefold())
            places[place] = None
    return tuple(places)


@given(MEMORIES, POSTINGS)
def test_the_places_a_group_has_had_are_those_the_rule_gives(
    remembered: GroupHistory | None, postings: list[ParsedJob]
) -> None:
    assert places_seen(remembered, postings) == by_rule(remembered, postings)
