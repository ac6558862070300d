"""Remote scope codes (`ParsedJob.remote_scope`): where a remote job can be worked from, read from
location strings ("Remote - US" → US, "Remote (EMEA)" → EMEA, "Anywhere" → worldwide), and the
areas a scope lies inside, for the `remote:` and `within:` tokens of `place_text`.

Codes are ISO 3166-1 countries ("US"), ISO 3166-2 regions ("US-CA"), the zones of `ZONE_CODES` and
"worldwide". "EU" is Europe as a continent (the UK, Switzerland and Norway included), as job
postings use it. Statements in posting text are read in boards/derive/remote_scope.py with
`remote_scope_of_phrase`. Pure: imports nothing of Django.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from matching.places import gazetteer, resolver

WORLDWIDE = "worldwide"
ZONE_CODES: dict[str, str] = {
    "europe": "EU",
    "emea": "EMEA",
    "apac": "APAC",
    "asia": "ASIA",
    "latam": "LATAM",
    "americas": "AMERICAS",
    "north-america": "NORTH_AMERICA",
    "africa": "AFRICA",
    "middle-east": "MIDDLE_EAST",
    "oceania": "OCEANIA",
}
_ZONES_BY_CODE = {code: zone for zone, code in ZONE_CODES.items()}


def scope_code(item: resolver.Resolved) -> str | None:
    """The scope code of a resolved place: its region, else its country, else its zone."""
    if item.world:
        return WORLDWIDE
    place = item.place
    if place is None:
        return None
    if place.region and place.country:
        return place.region
    if place.country:
        return place.country
    if item.zone:
        return ZONE_CODES[item.zone]
    return None


def remote_scope_of_locations(locations: Sequence[str], *, remote: bool) -> list[str]:
    """Where a job can be worked from, by its location strings: "Remote - US" → ["US"], "Remote
    (EMEA)" → ["EMEA"], "Anywhere" → ["worldwide"]; a job remote by its title or platform field
    with only office places ("Austin, TX") → their regions. [] when no area is named. Memoised:
    a board repeats a few location strings over hundreds of jobs."""
    return list(_scope_of_locations(tuple(locations), remote))


@functools.lru_cache(maxsize=4096)
def _scope_of_locations(locations: tuple[str, ...], remote: bool) -> tuple[str, ...]:
    scope: list[str] = []
    anchored: list[resolver.Resolved] = []
    any_remote = False
    for location in locations:
        for item in resolver.resolve_location(location):
            if item.place is not None and item.place.remote:
                any_remote = True
                code = scope_code(item)
                if code:
                    scope.append(code)
            elif item.place is not None:
                anchored.append(item)
    if remote and not any_remote:
        scope.extend(code for code in (scope_code(item) for item in anchored) if code)
    return tuple(normalise_scope(scope))


def remote_scope_of_phrase(phrase: str) -> list[str]:
    """The scope codes a phrase from a posting's text names ("the US or Canada", "Europe",
    "anywhere"); [] when any part of it is not a known place."""
    codes: list[str] = []
    for item in resolver.resolve_location(phrase):
        if item.place is None and not item.world:
            return []
        code = scope_code(item)
        if code is None:
            return []
        codes.append(code)
    return codes


def normalise_scope(codes: Iterable[str]) -> list[str]:
    """Unique codes in order; "worldwide" alone when it is among them (it covers the rest)."""
    unique = list(dict.fromkeys(code for code in codes if code))
    return [WORLDWIDE] if WORLDWIDE in unique else unique


def scope_token(code: str) -> str:
    """The area of a `remote:` token: "US-CA" → us-ca, "EMEA" → emea, "worldwide" → world."""
    if code == WORLDWIDE:
        return "world"
    return _ZONES_BY_CODE.get(code, code.lower())


def scope_within(code: str) -> list[str]:
    """The larger areas a scope lies inside: "US-CA" → us, north-america, americas."""
    if code == WORLDWIDE:
        return []
    zone = _ZONES_BY_CODE.get(code)
    if zone is not None:
        return [parent for parent in gazetteer.with_parents((zone,)) if parent != zone]
    country = gazetteer.country_of_region(code) if "-" in code else code
    areas = [country.lower()] if "-" in code else []
    areas.extend(gazetteer.zones_of_country(country))
    return areas
