"""Where a remote job can be worked from (`remote_scope`): country codes ("US"), ISO regions
("US-CA"), zones (EU, EMEA, APAC, LATAM, AMERICAS, …) and "worldwide".

Read, for remote jobs only, from three places, all kept: the location strings ("Remote - US",
"Remote (EMEA)", "Anywhere", "Remote, US or Canada"; matching/places/scope.py), a platform's own field
(JSON-LD `applicantLocationRequirements`), and statements in the posting text about where the
person must be ("must reside in the US", "open to candidates in Canada or Mexico", "remote within
Europe", "work from anywhere", "within CET ±2 hours"). Text statements are read only when they
name known places; a time zone is read as the zone it lies in (CET ±2 → EMEA, US time zones →
AMERICAS, AEST/SGT → APAC), which is an approximation stated in docs/derived-fields.md.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence

from boards.derive.text import PostingText, anchor_words
from matching import places
from matching.places import gazetteer

MAX_STATEMENTS = 12
MAX_PHRASE_WORDS = 8

# "must reside in", "open to candidates (based|located) in", "remote within", "work from anywhere in".
_LEAD = re.compile(
    r"\b(?:must|should|need\s+to|required\s+to|have\s+to)\s+(?:currently\s+|already\s+|permanently\s+|legally\s+)?"
    r"(?:reside|live|be\s+(?:located|based|residing|living|resident)|work)\s+(?:in|within|from)\s+"
    r"|\b(?:must|should|need\s+to|required\s+to)\s+be\s+(?:an?\s+)?(?:legal\s+|permanent\s+)?residents?\s+of\s+(?:the\s+)?"
    r"|\b(?:open|available)\s+(?:only\s+)?to\s+(?:\w+\s+){0,2}?(?:candidates|applicants|people|residents|anyone|talent)"
    r"\s+(?:(?:who\s+(?:are|live|reside)\s+)?(?:based|located|living|residing|resident)\s+)?(?:in|within|across|from|of)\s+"
    r"|\b(?:work\s+and\s+(?:reside|live)|(?:reside|live)\s+and\s+work)\s+(?:in|within)\s+"
    r"|\b(?:candidates|applicants|employees)\s+(?:must\s+be\s+|should\s+be\s+|need\s+to\s+be\s+)?"
    r"(?:based|located|living|residing)\s+(?:in|within|anywhere\s+in)\s+"
    r"|\b(?:remote(?:[\s-]first)?|remotely|work\s+from\s+home)\s+(?:(?:from\s+)?anywhere\s+)?"
    r"(?:within|in|across|throughout|from)\s+(?:the\s+)?"
    r"|\bwork\s+(?:remotely\s+)?from\s+anywhere\s+(?:in|within|across)\s+"
    r"|\bhire\s+(?:remotely\s+)?(?:in|across|within)\s+"
    r"|\b(?:anywhere|located)\s+in\s+"
)
_ANYWHERE = re.compile(
    r"\b(?:work\s+(?:remotely\s+)?from\s+anywhere(?:\s+in\s+the\s+world)?(?![\w\s]{0,3}\b(?:in|within|across)\b)"
    r"|fully\s+distributed\s+(?:team|company)\s+(?:across|around)\s+the\s+(?:world|globe)"
    r"|remote\s+(?:from\s+)?anywhere(?:\s+in\s+the\s+world)?(?![\w\s]{0,3}\b(?:in|within|across)\b)"
    r"|(?:hire|hiring)\s+(?:globally|worldwide|anywhere\s+in\s+the\s+world))"
)
# Every statement of `_ANYWHERE` holds one of these words, or both "fully" and "distributed": a text
# without them is not scanned (a scan of a 3 KB description costs ~100 µs, these lookups in the
# posting's anchor scan (`PostingText.holds`) next to nothing;
# "distributed" alone is common: "distributed systems").
_ANYWHERE_WORDS = anchor_words("anywhere", "globally", "worldwide")
_FULLY_DISTRIBUTED = anchor_words("distributed", "fully")
_PHRASE_END = re.compile(
    r"[.;:!?()\[\]\n|]|\s[-–—]\s|\b(?:time\s*zones?|timezone|hours?|and\s+(?:be|have|must|able|are|is|will)|with|who|"
    r"that|to|for|while|during|at|as|is|are|can|will|because|so|if|but|where|when|only|area|region|time)\b"
)
# "in one of the following countries: Spain, Portugal".
_LISTING = re.compile(
    r"(?:one\s+of\s+)?(?:the\s+)?following\s+(?:(?:us|u\.s\.)\s+|canadian\s+)?"
    r"(?P<kind>countries|locations|regions|states|provinces|areas)\s*:?\s*"
)
# A listing of "states" names US states, of "provinces" Canadian ones: "CA, NY, TX, WA" are then
# California, New York, Texas and Washington, not Canada and the town of Wa in Ghana.
_LISTED_REGIONS = {"states": "US-", "provinces": "CA-"}
# "US-based", "must be UK-based", "Canada-based candidates only": where the person must be, said with
# "-based" after the place. Read only after words that make it about the person (not "a Berlin-based
# company", which says where the employer is).
_BASED = re.compile(
    r"\b(?:must\s+be|should\s+be|need\s+to\s+be|needs\s+to\s+be|be|remote(?:-first)?|remotely|candidates|applicants|you're|you\s+are"
    r"|role\s+is|position\s+is|fully\s+remote)\s*,?\s+(?P<place>[a-z][a-z.]*(?:\s[a-z]+)?)-based\b"
    r"|\b(?P<place2>[a-z][a-z.]*(?:\s[a-z]+)?)-based\s+(?:candidates|applicants|residents|talent|only|remote)\b"
)
_PHRASE_SPLIT = re.compile(r",|\s+or\s+|\s+and\s+|/|&")
_LEADING_ARTICLE = re.compile(r"^(?:the|either)\s+")
# Time zones named in a posting, and the zone each lies in.
_TIME_ZONES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\b(?:cet|cest|eet|eest|wet|west|bst|central\s+european|eastern\s+european)\b"
            r"|\b(?:gmt|utc)\b(?!\s*[+\-−–]\s*\d)"
        ),
        "EMEA",
    ),
    (
        re.compile(
            r"\b(?:est|edt|cst|cdt|mst|mdt|pst|pdt|et|pt|ct|mt|eastern|pacific|central|mountain)\s+(?:standard\s+)?"
            r"time\b|\b(?:est|edt|pst|pdt|cst|mst)\b|\bus\s+time\s*zones?\b|\bnorth\s+american\s+time\s*zones?\b"
        ),
        "AMERICAS",
    ),
    (re.compile(r"\b(?:aest|aedt|awst|sgt|jst|kst|nzst|hkt|ist|ict|wib)\b"), "APAC"),
)
# "within ±2 hours of CET", "CET +/- 3 hours", "overlap with CET", "in the CET time zone".
_TIME_ZONE_CONTEXT = re.compile(
    r"(?:\bwithin|\boverlap|±|\+/-|\+-|\bplus\s+or\s+minus|\btime\s*zones?|\btimezone|\bhours?\b)"
)


def remote_scope_of(
    *, locations: Sequence[str], remote: bool, hints: Iterable[str] = (), text: PostingText | None = None
) -> tuple[str, ...]:
    """The scope codes of a job; () for a job that is not remote or names no area."""
    if not remote:
        return ()
    codes = places.remote_scope_of_locations(locations, remote=True)
    for hint in hints:
        codes.extend(places.remote_scope_of_phrase(hint))
    if text is not None and text.description_low:
        codes.extend(scope_of(text))
    return tuple(places.normalise_scope(codes))


# Literal words one of the statements above holds (anchors of the posting's one scan,
# PostingText.occurrences), and the time-zone names and words: a text that holds none of them is not
# scanned with the (much slower) regular expressions.
_LEAD_WORDS = anchor_words(
    "reside", "live in", "located", "based", "resident", "open to", "available to", "remote", "anywhere", "hire",
    "living in", "residing", "live and work", "reside and work", "work and reside", "work and live",
)  # fmt: skip
# A statement's words lie within this many characters before and after its anchor word.
_LEAD_BEFORE, _LEAD_AFTER = 50, 90
_LINKS = (" in ", " within ", " from ", " across ", " throughout ", " of ", " to ")
_TIME_ZONE_TOKENS = frozenset(
    [
        "utc",
        "gmt",
        "cet",
        "cest",
        "eet",
        "eest",
        "wet",
        "west",
        "bst",
        "aest",
        "aedt",
        "awst",
        "sgt",
        "jst",
        "kst",
        "nzst",
        "hkt",
        "est",
        "edt",
        "pst",
        "pdt",
        "cst",
        "cdt",
        "mst",
        "mdt",
        "ist",
        "ict",
        "wib",
        "et",
        "pt",
        "ct",
        "mt",
        "eastern",
        "pacific",
        "central",
        "mountain",
        "european",
    ]
)
_TIME_ZONE_WORDS = frozenset(token.encode("ascii") for token in _TIME_ZONE_TOKENS)


def scope_from_text(low: str) -> list[str]:
    """Scope codes from statements in lowercased posting text (see the module docstring)."""
    return scope_of(PostingText.of_lowered(low))


def scope_of(text: PostingText) -> list[str]:
    """`scope_from_text` of a posting's description."""
    low = text.description_low
    codes: list[str] = []
    for count, match in enumerate(_lead_matches(text)):
        if count >= MAX_STATEMENTS:
            break
        start = match.end()
        listing = _LISTING.match(low, start)
        if listing is not None:
            start = listing.end()
        end = _PHRASE_END.search(low, start, start + 120)
        phrase = low[start : end.start() if end else start + 120]
        kind = listing.group("kind") if listing is not None else None
        found = _listed_regions(phrase, _LISTED_REGIONS[kind]) if kind in _LISTED_REGIONS else _phrase_codes(phrase)
        if end is not None and end.group(0).startswith("time") and not all(_is_area(code) for code in found):
            continue  # "within the Pacific time zone": a time zone (read below), not the town of Pacific, MO
        codes.extend(found)
    codes.extend(_based_codes(text))
    if _may_say_anywhere(text) and _ANYWHERE.search(low):
        codes.append(places.WORLDWIDE)
    if text.holds_any_word(_TIME_ZONE_WORDS):
        codes.extend(_time_zone_codes(low))
    return places.normalise_scope(codes)


def _may_say_anywhere(text: PostingText) -> bool:
    """Asked of the words the scan found at all (`present`: the title's too), then of the description."""
    if any(text.holds(word) for word in text.present(_ANYWHERE_WORDS)):
        return True
    return len(text.present(_FULLY_DISTRIBUTED)) == len(_FULLY_DISTRIBUTED) and all(
        text.holds(word) for word in _FULLY_DISTRIBUTED
    )


def _lead_matches(text: PostingText) -> list[re.Match[str]]:
    """The statements of `_LEAD`, found in short windows around their anchor words: one regular
    expression over a whole 3 KB description costs far more (bench/derive.py). In each window the
    pattern is tried only where a statement can start (`_lead_in`)."""
    low = text.description_low
    found: dict[int, re.Match[str]] = {}
    windows = 0
    places: list[int] | None = None
    for word in text.present(_LEAD_WORDS):
        for at in text.occurrences(word):
            if len(found) >= MAX_STATEMENTS:
                break
            follows = low[at : at + len(word) + 40]
            if not any(link in follows for link in _LINKS):
                continue  # every statement puts "in", "within", "from", "across" or "of" after its anchor
            start, end = max(0, at - _LEAD_BEFORE), min(len(low), at + len(word) + _LEAD_AFTER)
            windows += 1
            if places is None and windows > _FEW_WINDOWS:
                places = _lead_places(low, 0, len(low))  # found once for the many windows to come
            if places is None:
                tried = _lead_places(low, start, end)
            else:
                tried = places[bisect.bisect_left(places, start) : bisect.bisect_left(places, end)]
            for match in _lead_in(low, tried, start, end):
                found.setdefault(match.start(), match)
    return [found[start] for start in sorted(found)]


# The words a statement of `_LEAD` starts with: it is tried only where one of them stands.
_LEAD_STARTS = (
    "must", "should", "need", "required", "have", "open", "available", "candidates", "applicants", "employees",
    "remote", "work", "hire", "anywhere", "located", "live", "reside",
)  # fmt: skip
# Up to this many windows, each is searched for `_LEAD_STARTS` on its own (a posting has one or
# two); past it, the whole description once ("remote work in remote work in …").
_FEW_WINDOWS = 4


def _lead_places(low: str, start: int, end: int) -> list[int]:
    """Where one of `_LEAD_STARTS` stands in `low[start:end]`, in order."""
    places: list[int] = []
    for word in _LEAD_STARTS:
        at = low.find(word, start, end)
        while at >= 0:
            places.append(at)
            at = low.find(word, at + 1, end)
    places.sort()
    return places


def _lead_in(low: str, places: list[int], start: int, end: int) -> list[re.Match[str]]:
    """`_LEAD.finditer(low, start, end)`, with the pattern tried only at `places` (in order; every
    place in the window where a statement can start). A search tries its statements at each of
    the window's ~150 places: on bench.derive's remote postings (one window each, "remote-first
    company with hubs in …") remote scope went from 249K to 211K instructions."""
    matches: list[re.Match[str]] = []
    resume = start
    for at in places:
        if at < resume:
            continue  # inside the statement found before, as `finditer` goes on after its end
        match = _LEAD.match(low, at, end)
        if match is not None:
            matches.append(match)
            resume = match.end()
    return matches


def _phrase_codes(phrase: str) -> list[str]:
    """Codes of a phrase such as "the us or canada", "one of the following countries: …"; the
    longest leading run of known places, so a trailing non-place word does not spoil it."""
    words = phrase.split()[:MAX_PHRASE_WORDS]
    for size in range(len(words), 0, -1):
        candidate = " ".join(words[:size]).strip(" ,")
        if not candidate or candidate in {"the", "a", "an", "our", "one", "any"}:
            continue
        parts = [part.strip() for part in _PHRASE_SPLIT.split(candidate) if part.strip()]
        parts = [_LEADING_ARTICLE.sub("", part) for part in parts]
        if not parts or any(len(part) < 2 or part in _NOT_PLACES for part in parts):
            continue
        codes: list[str] = []
        for part in parts:
            found = places.remote_scope_of_phrase(part)
            if not found:
                codes = []
                break
            codes.extend(found)
        if codes:
            return codes
    return []


def _is_area(code: str) -> bool:
    """A country or a zone ("US", "EU"), not a region or town: what "… time zones" may follow."""
    return code in places.ZONE_CODES.values() or (len(code) == 2 and code.isupper())


def _listed_regions(phrase: str, prefix: str) -> list[str]:
    """The regions of one country a listing names ("ca, ny, tx or wa" → US-CA, US-NY, …); [] when
    any part is not one of its regions."""
    table = gazetteer.load().regions
    codes: list[str] = []
    for part in _PHRASE_SPLIT.split(phrase):
        part = _LEADING_ARTICLE.sub("", part.strip(" ."))
        if not part:
            continue
        found = [code for code in table.get(gazetteer.fold(part), ()) if code.startswith(prefix)]
        if not found:
            return []
        codes.append(found[0])
    return codes


def _based_codes(text: PostingText) -> list[str]:
    """Codes of "US-based" statements (`_BASED`), looked for only around "-based"."""
    if not text.present(_BASED_WORDS):
        return []
    low = text.description_low
    codes: list[str] = []
    for at in text.occurrences("based")[:MAX_STATEMENTS]:
        if at == 0 or low[at - 1] != "-":
            continue
        for match in _BASED.finditer(low, max(0, at - 60), at + 30):
            codes.extend(_phrase_codes(match.group("place") or match.group("place2")))
    return codes


_BASED_WORDS = anchor_words("based")


# Words after "in" that are not places although the gazetteer knows a town of that name.
_NOT_PLACES = frozenset(
    {"office", "person", "house", "time", "mind", "order", "general", "team", "line", "our", "your", "this"}
)


# "UTC-5", "GMT+1", "UTC +5:30": the offset says the zone.
_OFFSET = re.compile(r"\b(?:utc|gmt)\s*(?P<sign>[+\-−–])\s*(?P<hours>\d{1,2})\b")


def _zone_of_offset(sign: str, hours: int) -> str | None:
    offset = hours if sign == "+" else -hours
    if not -12 <= offset <= 14:
        return None
    if offset <= -3:
        return "AMERICAS"
    if offset <= 4:
        return "EMEA"
    return "APAC"


def _time_zone_codes(low: str) -> list[str]:
    codes: list[str] = []
    for match in _OFFSET.finditer(low):
        code = _zone_of_offset(match.group("sign"), int(match.group("hours")))
        if code is not None and code not in codes:
            codes.append(code)
    for pattern, code in _TIME_ZONES:
        for match in pattern.finditer(low):
            window = low[max(0, match.start() - 60) : match.end() + 60]
            if _TIME_ZONE_CONTEXT.search(window):
                if code not in codes:
                    codes.append(code)
                break
    return codes
