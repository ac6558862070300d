"""Places as tokens: the `place_text` column of a job and the keys a location filter looks for there.

Each token is one alphanumeric word with a two-letter kind prefix (" ci0austin0ustx re0ustx
co0us zo0northamerica … | austin tx "), so a filter is a substring test the database serves from
a GIN index over the words of `place_text` (docs/internals.md, "Search plans"), and each token is
as selective as the place itself (words shared by every token, such as "country" or "america",
would make every index lookup read most of the table).
Remote postings carry `remote:<area>` tokens for the areas of their remote scope (scope.py; from
platform fields and text too, boards/derive/remote_scope.py) and `within:<area>` tokens for the
larger areas those lie inside; a filter asks for those of every area that covers its place, so
"Remote - US" matches "US" and "Austin" but not "Germany", and `remote_from` reads the same tokens.

Pure: imports nothing of Django.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from matching import terms
from matching.places import gazetteer, resolver, scope

_TOKEN_PREFIXES = {
    "city": "ci",
    "region": "re",
    "country": "co",
    "zone": "zo",
    "metro": "me",
    "remote": "ra",
    "within": "rw",
}
REMOTE_UNKNOWN_KEY = " ra0unknown "
_ANYWHERE = frozenset({"anywhere", "worldwide", "world", "everywhere", "global", "globally", "remote anywhere"})


def _encode(token: str) -> str:
    """ "city:austin/us-tx" → "ci0austin0ustx", "remote:us" → "ra0us"; plain "remote" stays. The
    digit keeps tokens apart from the words of the location text that follows them."""
    kind, _, value = token.partition(":")
    if not value:
        return token
    return _TOKEN_PREFIXES[kind] + "0" + re.sub(r"[^a-z0-9]", "", value.replace("/", "0"))


def _area_tokens(place: resolver.Place, metros: tuple[str, ...], zone: str | None) -> list[str]:
    found: list[str] = []
    if place.city:
        found.append(f"city:{_city_token(place)}")
    found.extend(f"metro:{slug}" for slug in metros)
    if place.region and place.country:
        found.append(f"region:{place.region.lower()}")
    if place.country:
        found.append(f"country:{place.country.lower()}")
        found.extend(f"zone:{item}" for item in gazetteer.zones_of_country(place.country))
    if zone:
        found.extend(f"zone:{item}" for item in gazetteer.with_parents((zone,)))
    return found


def _city_token(place: resolver.Place) -> str:
    qualifier = (place.region or place.country or "").lower()
    return f"{gazetteer.slug_of(place.city or '')}/{qualifier}"


def place_text_for(*, locations: Sequence[str], remote: bool, remote_scope: Sequence[str] | None = None) -> str:
    """The `place_text` column: tokens of every resolved place, the remote tokens of the job's
    scope (`remote:<area>` for each area it can be worked from, `within:<area>` for each larger
    area that scope lies inside, `remote:unknown` for a remote job that names none), then the
    normalised location text itself (after a bar) for filters that name no known place.
    Without `remote_scope`, the scope is read from the locations."""
    return place_text_of(tuple(locations), remote, None if remote_scope is None else tuple(remote_scope))


@functools.lru_cache(maxsize=resolver.RESOLVED_CACHE)
def place_text_of(locations: tuple[str, ...], remote: bool, remote_scope: tuple[str, ...] | None) -> str:
    """`place_text_for` of tuples, by position, remembered: the postings of a board share a few
    hundred locations. A job's row (boards/services/jobstore.py `filter_values`) asks it
    directly, with the job's own tuples."""
    codes = (
        list(remote_scope) if remote_scope is not None else scope.remote_scope_of_locations(locations, remote=remote)
    )
    found: list[str] = []
    texts: list[str] = []
    for location in locations:
        if location.strip():
            texts.append(terms.normalise(location).strip())
        for item in resolver.resolve_location(location):
            if item.place is None:
                continue
            if item.place.remote:
                found.append("remote")
                if item.place.city:
                    found.extend(_area_tokens(item.place, item.metros, item.zone))
            else:
                found.extend(_area_tokens(item.place, item.metros, item.zone))
    if remote:
        found.append("remote")
    for code in codes:
        found.append(f"remote:{scope.scope_token(code)}")
        found.extend(f"within:{area}" for area in scope.scope_within(code))
    if remote and not codes:
        found.append("remote:unknown")
    unique = list(dict.fromkeys(_encode(token) for token in found))
    tail = [text for text in texts if text]
    pieces = [*unique, *([terms.FIELD_SEPARATOR, *tail] if tail else [])]
    return f" {' '.join(pieces)} " if pieces else ""


def _coverage(region: str | None, country: str | None) -> list[str]:
    """The remote areas that cover a place: its region, its country, the zones of its country,
    and the whole world."""
    keys: list[str] = []
    if region and country:
        keys.append(f"remote:{region.lower()}")
    if country:
        keys.append(f"remote:{country.lower()}")
        keys.extend(f"remote:{zone}" for zone in gazetteer.zones_of_country(country))
    keys.append("remote:world")
    return keys


def _metro_coverage(metros: tuple[str, ...], region: str | None, country: str | None) -> list[str]:
    """The remote areas that cover a metro area: those of each region it spans, so the DC metro
    ("DMV": DC, Virginia, Maryland) finds a job remote in Virginia only, as "PNW" finds one remote
    in Oregon only. A metro of one region covers what that region covers."""
    keys = _coverage(region, country)
    for slug in metros:
        for other in gazetteer.metro_regions(slug):
            keys.extend(key for key in _coverage(other, gazetteer.country_of_region(other)) if key not in keys)
    return keys


def place_filter_keys(location_filter: str) -> list[str]:
    """The padded tokens a location filter must find in `place_text`, any of them; "" never."""
    return list(_filter_keys(location_filter))


@functools.lru_cache(maxsize=4096)
def _filter_keys(location_filter: str) -> tuple[str, ...]:
    keys: list[str] = []
    text = location_filter.strip()
    if not text:
        return ()
    if gazetteer.fold(text) in {"remote", "remote only", "fully remote", "remote first", "wfh", "work from home"}:
        return (" remote ",)
    for item in resolver.resolve_location(text):
        place = item.place
        if item.world:
            keys.append("remote:world")
        elif place is None:
            normalised = terms.normalise(item.text or text).strip()
            if normalised:
                keys.append(normalised)
        elif place.remote:
            if place.city:
                keys.append(f"city:{_city_token(place)}")
            if item.zone:
                keys.extend(f"remote:{zone}" for zone in gazetteer.with_parents((item.zone,)))
                keys.append("remote:world")
            else:
                keys.extend(_coverage(place.region, place.country))
        elif place.city:
            keys.append(f"city:{_city_token(place)}")
            keys.extend(_coverage(place.region, place.country))
        elif item.metros:
            keys.extend(f"metro:{slug}" for slug in item.metros)
            keys.extend(_metro_coverage(item.metros, place.region, place.country))
        elif item.zone:
            keys.append(f"zone:{item.zone}")
            keys.extend(f"remote:{zone}" for zone in gazetteer.with_parents((item.zone,)))
            keys.extend(("remote:world", f"within:{item.zone}"))
        elif place.region and place.country:
            keys.append(f"region:{place.region.lower()}")
            keys.extend(_coverage(place.region, place.country))
        elif place.country:
            keys.append(f"country:{place.country.lower()}")
            keys.extend(_coverage(None, place.country))
            keys.append(f"within:{place.country.lower()}")
    if not keys:
        normalised = terms.normalise(text).strip()
        if normalised:
            keys.append(normalised)
    return tuple(f" {_encode(key)} " for key in dict.fromkeys(keys))


@functools.lru_cache(maxsize=4096)
def remote_from_keys(place: str) -> tuple[str, ...]:
    """The padded tokens, any of which in `place_text` says a remote job can be worked from
    `place`: the remote areas that cover it (its region, country, zones, the world) and, for a
    country or a zone, the scopes that lie inside it ("Remote - Bavaria" can be worked from
    Germany by someone who lives there). () when the place is not known."""
    text = place.strip()
    if not text:
        return ()
    if gazetteer.fold(text) in _ANYWHERE:
        return (f" {_encode('remote:world')} ",)
    keys: list[str] = []
    for item in resolver.resolve_location(text):
        resolved = item.place
        if item.world:
            keys.append("remote:world")
        elif resolved is None:
            return ()
        elif resolved.country is None and item.zone:
            keys.extend(f"remote:{zone}" for zone in gazetteer.with_parents((item.zone,)))
            keys.extend(("remote:world", f"within:{item.zone}"))
        elif resolved.country is None:
            return ()
        elif resolved.city is None and item.metros:
            keys.extend(_metro_coverage(item.metros, resolved.region, resolved.country))
        else:
            keys.extend(_coverage(resolved.region, resolved.country))
            if resolved.city is None and resolved.region is None:
                keys.append(f"within:{resolved.country.lower()}")
    return tuple(f" {_encode(key)} " for key in dict.fromkeys(keys))
