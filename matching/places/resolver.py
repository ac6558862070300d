"""Reading location text as places: "Austin, TX", "Remote (EMEA)", "Bay Area" become `Place`s.

A location is split into segments ("Austin; Remote") and comma parts; each head part is a city or
an area, narrowed by the qualifiers after it. The gazetteer says what a name can mean; this module
decides what it means here. Rules, for operators and agents: docs/queries.md.

Pure: imports nothing of Django.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from matching.places import gazetteer


@dataclass(frozen=True)
class Place:
    """A resolved place: ISO 3166 codes where possible (region "US-CA", country "US"). Zones
    such as EMEA are given as the region with no country. `remote` marks an area a remote
    posting can be worked from rather than an office."""

    city: str | None
    region: str | None
    country: str | None
    remote: bool = False


@dataclass(frozen=True)
class Resolved:
    """A place with what the public `Place` cannot hold: metro areas and zones it belongs to,
    and the remote area it stands for."""

    place: Place | None
    metros: tuple[str, ...] = ()
    zone: str | None = None
    world: bool = False
    text: str = ""
    # For cities: how many people live there, and whether a qualifier ("TX") confirmed it.
    population: int = 0
    qualified: bool = False


_WORLD_WORDS = frozenset({"anywhere", "worldwide", "global", "globally", "world", "international"})
_EAST_COAST = (
    "US-ME", "US-NH", "US-MA", "US-RI", "US-CT", "US-NY", "US-NJ", "US-PA", "US-DE", "US-MD", "US-DC", "US-VA",
    "US-NC", "US-SC", "US-GA", "US-FL",
)  # fmt: skip
_MIDWEST = ("US-IL", "US-IN", "US-IA", "US-KS", "US-MI", "US-MN", "US-MO", "US-NE", "US-ND", "US-OH", "US-SD", "US-WI")
# Groups of countries or regions postings and queries name as one area ("Remote - DACH", "Nordics",
# "PNW"): each reads as its countries (or regions), so "Remote - DACH" can be worked from Germany
# and a DACH location filter finds Vienna.
COUNTRY_GROUPS: dict[str, tuple[str, ...]] = {
    "dach": ("DE", "AT", "CH"),
    "benelux": ("BE", "NL", "LU"),
    "nordics": ("DK", "FI", "IS", "NO", "SE"),
    "nordic countries": ("DK", "FI", "IS", "NO", "SE"),
    "scandinavia": ("DK", "NO", "SE"),
    "baltics": ("EE", "LV", "LT"),
    "baltic states": ("EE", "LV", "LT"),
    "pacific northwest": ("US-WA", "US-OR"),
    "pnw": ("US-WA", "US-OR"),
    "new england": ("US-ME", "US-NH", "US-VT", "US-MA", "US-RI", "US-CT"),
    # The US's own regions as postings and queries name them ("Remote - East Coast", "jobs in the
    # Midwest"): the Atlantic seaboard states with DC and Pennsylvania, the Pacific states, and the
    # Census Bureau's Midwest.
    "east coast": _EAST_COAST,
    "us east coast": _EAST_COAST,
    "west coast": ("US-WA", "US-OR", "US-CA"),
    "us west coast": ("US-WA", "US-OR", "US-CA"),
    "midwest": _MIDWEST,
    "mid west": _MIDWEST,
}
_REMOTE_PATTERN = re.compile(
    r"\b(?:remote|remotely|work from home|wfh|telecommute|telework|distributed|home based)\b|\b(?:anywhere|worldwide)\b"
)
_NOT_REMOTE_PATTERN = re.compile(r"\b(?:no|not|non)[\s-]*remote\b")
# Words around a place that say nothing about where it is.
_NOISE = re.compile(
    r"\b(?:hybrid|on ?site|in office|office|hq|headquarters|based|only|first|friendly|the|in|within|from"
    r"|fully|completely|entirely|100|locations?|ok|okay|preferred|time ?zones?)\b"
)
# Two-letter codes that in location text are a company's legal form more often than a place named on
# its own: "AB" is Sweden's and Finland's aktiebolag ("Klarna AB, Stockholm"; and A/B testing) before it
# is Alberta, "AG" the German and Swiss Aktiengesellschaft before Antigua and Barbuda, "AS" Norway's
# aksjeselskap before the Czech town of Aš, "BV" the Dutch besloten vennootschap before Bouvet Island,
# "KG" a German Kommanditgesellschaft before Kyrgyzstan, "SA" the société / sociedad anónima of
# French, Swiss, Spanish and Latin American companies ("Nestlé SA", "Acme SA") before Saudi Arabia or
# South Australia (and South Africa as people shorten it). Such a code is a place only where the context
# says so (`_resolve_head`): as the qualifier of a place it agrees with ("Calgary, AB", "Edmonton AB"),
# or followed by qualifiers that agree with it ("AB, Canada", "SA, Australia"); alone or beside a place elsewhere
# ("Stockholm, AB") it is no place, nor an unknown one beside a place. The query reader reads these
# codes so too (watches/query/place_names.py CODE_NOT_REGION).
WORD_CODES = frozenset({"ab", "ag", "as", "bv", "kg", "sa"})
# Words that widen a place to its surroundings ("Greater Austin", "Austin metro area").
_WIDENING = re.compile(r"^(?:greater )|(?: metro(?:politan)?(?: area)?| area| region)$")


# Abbreviated and full honorifics of place names, each way round.
_HONORIFICS = {"st": "saint", "saint": "st", "mt": "mount", "mount": "mt", "ft": "fort", "fort": "ft"}


def _other_spellings(name: str) -> list[str]:
    """The name with its honorifics spelled the other way, at any word of a name of several
    ("port st lucie" → "port saint lucie", "st paul" → "saint paul"); [] for a name of one word."""
    words = name.split()
    if len(words) < 2 or not any(word in _HONORIFICS for word in words):
        return []
    spellings = [""]
    for word in words:
        other = _HONORIFICS.get(word)
        spellings = [
            f"{head} {option}".lstrip() for head in spellings for option in ((word, other) if other else (word,))
        ]
    return spellings[1:]


def _hint_constraints(part: str) -> list[tuple[str, str | None]]:
    """What a qualifier ("CA", "Texas", "UK", "Ontario") may mean: (country, region or None)."""
    gaz = gazetteer.load()
    options: list[tuple[str, str | None]] = [
        (gazetteer.country_of_region(iso), iso) for iso in gaz.regions.get(part, [])
    ]
    country = gaz.countries.get(part)
    if country:
        options.append((country, None))
    return options


def _matches(city: gazetteer.City, constraints: list[tuple[str, str | None]]) -> bool:
    return any(city.country == country and (region is None or city.region == region) for country, region in constraints)


def _best_city(name: str, hints: list[list[tuple[str, str | None]]]) -> tuple[gazetteer.City | None, int]:
    """The city a name means, narrowed by as many of the following qualifiers as agree with it
    (returned as the count used); without qualifiers the most populous namesake wins."""
    cities = gazetteer.load().cities
    alias = gazetteer.CITY_ALIASES.get(name)
    candidates = list(cities.get(alias or name, []))
    if alias and hints:
        # A qualifier may choose the town the alias is not: "Roma, QLD" is Roma, Queensland, not Rome.
        candidates += [city for city in cities.get(name, []) if city not in candidates]
    # The gazetteer lists a town under one spelling of its honorific ("St. Paul", Alberta, but
    # "Saint Paul", Minnesota; "Port Saint Lucie"): "St Paul, MN" and "Port St. Lucie" must find
    # every spelling before the qualifier chooses.
    for spelling in _other_spellings(name):
        candidates += [city for city in cities.get(spelling, []) if city not in candidates]
    if not candidates:
        return None, 0
    used = 0
    for constraints in hints:
        narrowed = [city for city in candidates if _matches(city, constraints)]
        if not narrowed:
            break
        candidates = narrowed
        used += 1
    return max(candidates, key=lambda city: (city.population, city.primary)), used


def _agrees(place: Place, hints: list[list[tuple[str, str | None]]]) -> bool:
    return all(
        any(country == place.country and (region is None or region == place.region) for country, region in constraints)
        for constraints in hints
    )


def _area(name: str, hints: list[list[tuple[str, str | None]]]) -> Resolved | None:
    """A part that is not a city: a metro area, a region, a country or a zone."""
    gaz = gazetteer.load()
    metro = gazetteer.metro_named(name)
    if metro and _metro_agrees(metro[1], hints):
        slug, region = metro
        return Resolved(Place(None, region, gazetteer.country_of_region(region)), metros=(slug,))
    regions = gaz.regions.get(name, [])
    agreeing: list[str] = []
    if hints and regions:
        agreeing = [
            iso
            for iso in regions
            if any(gazetteer.country_of_region(iso) == country for c in hints for country, _ in c)
        ]
        regions = agreeing or regions
    # A two-letter code alone is a country ("DE", "CA"); as a qualifier it was tried above. Before a
    # country it agrees with as a region, it is the region: "SA, Australia" is South Australia.
    if regions and not (len(name) == 2 and name in gaz.countries and not agreeing):
        region = regions[0]
        return Resolved(Place(None, region, gazetteer.country_of_region(region)))
    country = gaz.countries.get(name)
    if country:
        return Resolved(Place(None, None, country))
    zone = gazetteer.ZONE_NAMES.get(name)
    if zone:
        return Resolved(Place(None, gazetteer.ZONE_DISPLAY[zone], None), zone=zone)
    if name in _WORLD_WORDS:
        return Resolved(None, world=True)
    return None


def _metro_agrees(region: str, hints: list[list[tuple[str, str | None]]]) -> bool:
    """Whether every qualifier allows a metro in `region`: "Orange County, FL" is not California's
    Orange County (nor "Bay Area, UK" the Bay Area); "Bay Area, CA" and "Bay Area, US" are."""
    country = gazetteer.country_of_region(region)
    return all(any(c == country and r in (None, region) for c, r in constraints) for constraints in hints)


def _strip_noise(text: str) -> str:
    return " ".join(_NOISE.sub(" ", text).split())


def _resolve_parts(parts: list[str]) -> list[Resolved]:
    """Comma parts of one segment: each head part is a city or an area, narrowed by the
    qualifiers after it ("Austin, TX", "London, Ontario, Canada"); a part that does not qualify
    the head starts a new place ("San Francisco, New York")."""
    resolved: list[Resolved] = []
    index = 0
    while index < len(parts):
        head = parts[index]
        group = COUNTRY_GROUPS.get(head)
        if group is not None:
            resolved.extend(
                Resolved(
                    Place(None, code, gazetteer.country_of_region(code)) if "-" in code else Place(None, None, code)
                )
                for code in group
            )
            index += 1
            continue
        following = [_hint_constraints(part) for part in parts[index + 1 :]]
        hints: list[list[tuple[str, str | None]]] = []
        for constraints in following:
            if not constraints:
                break
            hints.append(constraints)
        result, used = _resolve_head(head, hints)
        if result is None:
            if head not in WORD_CODES or len(parts) == 1:  # "Stockholm, AB": the company's form, no unknown place
                resolved.append(Resolved(None, text=head))
            index += 1
            continue
        resolved.append(result)
        index += 1 + used
    return resolved


def _resolve_head(head: str, hints: list[list[tuple[str, str | None]]]) -> tuple[Resolved | None, int]:
    if head not in WORD_CODES:
        return _resolve_named(head, hints)
    # A code that is a word too is a place only with a qualifier it agrees with ("AB, Canada", "As,
    # Belgium"); "Klarna AB", "Stockholm, AB", "AB, Sweden" are the company's form.
    result, used = _resolve_named(head, hints) if hints else (None, 0)
    return (result, used) if used else (None, 0)


def _resolve_named(head: str, hints: list[list[tuple[str, str | None]]]) -> tuple[Resolved | None, int]:
    gaz = gazetteer.load()
    if head in gazetteer.ZONE_NAMES or head in _WORLD_WORDS:
        return _area(head, hints), 0
    metro = gazetteer.metro_named(head)
    if metro is not None and (not hints or any(region == metro[1] for c in hints for _, region in c)):
        # A metro's name or nickname is the metro, before any town of that name: "the Triangle" is
        # Raleigh-Durham, not Triangle, Virginia ("Triangle, VA" still is the town).
        return _area(head, hints), len(hints)
    named_area = head not in gazetteer.CITY_ALIASES and len(head) > 2 and (head in gaz.regions or head in gaz.countries)
    # A region's code before a country it is in is the region: "WA, US" is Washington, not Wa, Ghana.
    coded_area = bool(hints) and len(head) == 2 and head in gaz.regions and head not in gazetteer.CITY_ALIASES
    if named_area or coded_area or (head in gazetteer.REGION_PREFERRED and not hints):
        # "California" is the state, not California, Maryland; "Victoria, BC" is still the city.
        area = _area(head, hints)
        if area is not None and area.place is not None and _agrees(area.place, hints):
            return area, len(hints)
    city, used = _best_city(head, hints)
    if city is None:
        # "Austin TX", "Seattle Washington", "Berlin Germany": a qualifier without a comma.
        words = head.split()
        for cut in (2, 1):
            if len(words) > cut:
                tail = " ".join(words[-cut:])
                constraints = _hint_constraints(tail)
                if constraints:
                    city, used_inner = _best_city(" ".join(words[:-cut]), [constraints, *hints])
                    if city is not None and used_inner >= 1:
                        used = max(used_inner - 1, 0)
                        break
                    city = None
    lead = _region_code_lead(head) if city is None else None
    if lead is not None:
        # "CA-ON-Toronto", "US-TX-Austin": iCIMS writes a region's ISO code before the town.
        coded, town = lead
        city, _ = _best_city(town, [[(gazetteer.country_of_region(coded), coded)], *hints])
        if city is None or city.region != coded:
            return Resolved(Place(town.title(), coded, gazetteer.country_of_region(coded))), 0
    if city is not None:
        place = Place(city.name, city.region, city.country)
        qualified = used > 0 or len(head.split()) > len(gazetteer.fold(city.name).split())
        return Resolved(place, metros=gazetteer.metros_of(city), population=city.population, qualified=qualified), used
    area = _area(head, hints)
    if area is not None:
        consumed = 0
        if area.place is not None and area.place.country is not None:
            for constraints in hints:
                if not any(country == area.place.country for country, _ in constraints):
                    break
                consumed += 1
        return area, consumed
    widened = _WIDENING.sub("", head).strip()
    if widened and widened != head:
        inner, inner_used = _resolve_head(widened, hints)
        if inner is not None and inner.place is not None and inner.place.city and inner.metros:
            # "Austin metro area" is the metro, not only the city.
            return Resolved(Place(None, inner.place.region, inner.place.country), metros=inner.metros), inner_used
        return inner, inner_used
    # An unknown town with a known qualifier: "Smallville, KS".
    if hints:
        country, region = hints[0][0]
        return Resolved(Place(head.title(), region, country)), 1
    return None, 0


def _region_code_lead(head: str) -> tuple[str, str] | None:
    """A region's ISO 3166-2 code written before a town ("ca on toronto", folded from
    "CA-ON-Toronto"): the region and the town, or None."""
    words = head.split()
    if len(words) < 3 or len(words[0]) != 2:
        return None
    regions = gazetteer.load().regions.get(f"{words[0]} {words[1]}", [])
    code = f"{words[0]}-{words[1]}".upper()
    return (code, " ".join(words[2:])) if code in regions else None


_SEGMENT_SPLIT = re.compile(r"[;|/•\n]| or | & ")
_PART_SPLIT = re.compile(r"\s+[-–—]\s+|[()\[\]]|,")


# Distinct location strings remembered by `resolve_location`. A board repeats a few hundred
# locations over all its postings (a 100,000-posting board resolved each of them twice per
# check: a quarter of the check's CPU, bench/big_board.py); the gazetteer never changes while
# the process runs, so a location resolves the same way every time.
RESOLVED_CACHE = 16_384


def resolve_location(location: str) -> list[Resolved]:
    """A location is remote as a whole when it says so anywhere: "Remote (US or Canada)"."""
    return list(_resolve_location(location))


@functools.lru_cache(maxsize=RESOLVED_CACHE)
def _resolve_location(location: str) -> tuple[Resolved, ...]:
    text = _NOT_REMOTE_PATTERN.sub(" ", location.casefold())
    world = bool(re.search(r"\b(?:anywhere|worldwide)\b", text))
    remote = world or bool(_REMOTE_PATTERN.search(text))
    if remote:
        text = _REMOTE_PATTERN.sub(" ", text)
    results: list[Resolved] = []
    for segment in _SEGMENT_SPLIT.split(text):
        results.extend(_resolve_segment(segment, remote=remote, world=world))
    if remote and not results:
        results.append(Resolved(Place(None, None, None, remote=True), world=world))
    return tuple(results)


def _resolve_segment(segment: str, *, remote: bool, world: bool) -> list[Resolved]:
    text = segment.strip()
    if not text:
        return []
    parts = [_strip_noise(gazetteer.fold(part)) for part in _PART_SPLIT.split(text)]
    parts = [part.replace(",", " ").strip() for part in parts]
    parts = [part for part in parts if part]
    found = _resolve_parts(parts)
    if not remote:
        return found
    if world or any(item.world for item in found):
        return [Resolved(Place(None, None, None, remote=True), world=True)]
    return [_as_remote(item) for item in found]


def _as_remote(item: Resolved) -> Resolved:
    if item.place is None:
        return Resolved(Place(None, None, None, remote=True), text=item.text)
    place = item.place
    return Resolved(Place(place.city, place.region, place.country, remote=True), metros=item.metros, zone=item.zone)


def resolve(location: str) -> list[Place]:
    """The places a location string names, in order; unknown ones are left out."""
    return [item.place for item in resolve_location(location) if item.place is not None]


def places_as_dicts(locations: Sequence[str]) -> list[dict[str, Any]]:
    """Every resolved place of a job's locations, for agents to see why a location matched;
    text that names no known place is listed as `unresolved`."""
    seen: list[dict[str, Any]] = []
    for location in locations:
        for entry in _place_entries(location):
            if entry not in seen:
                seen.append(dict(entry))
    return seen


@functools.lru_cache(maxsize=RESOLVED_CACHE)
def _place_entries(location: str) -> tuple[dict[str, Any], ...]:
    """`places_as_dicts` of one location (callers copy the dicts: they are shared)."""
    return tuple(
        asdict(item.place) if item.place is not None else {"unresolved": location.strip()}
        for item in _resolve_location(location)
    )


def is_nickname(text: str) -> bool:
    """Whether a name is a short name given to a place of its own: a metro's nickname ("DFW",
    "ATX", "DMV"), a group's ("PNW") or a city alias ("NYC", "SF"). The query reader reads such a
    name written bare, where another word of three letters is no place ("swe", "api")."""
    name = gazetteer.fold(text)
    return name in COUNTRY_GROUPS or name in gazetteer.CITY_ALIASES or gazetteer.metro_named(name) is not None


def is_qualifier(text: str) -> bool:
    """Whether a comma part narrows the place before it ("TX", "Texas", "UK", "Ontario")."""
    return bool(_hint_constraints(gazetteer.fold(text)))


def is_place(text: str, *, min_population: int = 0) -> bool:
    """Whether a phrase names a known place, area or remote region (the query reader uses this
    to tell "in Austin" from "in machine learning"). With `min_population`, a city named without
    a qualifier must be that large or part of a metro area, so "in mobile" is not Mobile, AL."""
    folded = gazetteer.fold(text)
    if not folded:
        return False
    if folded in {"remote", "anywhere", "worldwide"}:
        return True
    items = resolve_location(text)
    if not items:
        return False
    for item in items:
        if item.place is None and not item.world:
            return False
        if item.text and item.place is not None and not (item.place.city or item.place.region or item.place.country):
            return False  # "want remote python work": words that are no place, beside "remote"
        small = item.population < min_population and not item.metros
        if item.place is not None and item.place.city and not item.qualified and small:
            return False
    return True
