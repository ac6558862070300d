"""Which phrases name places: the gazetteer's answer (`matching.places`) read the way a job query
writes places, for every pass that has to tell a place from a word.

`read_places` reads a phrase that follows "in" ("austin, tx or remote"), `bare_place` one written
without it, which must be more than a word that is also a place ("Reading", "Phoenix", "sales"
are not); `place_end` is where a place phrase stops. Its own module because companies, negations,
work modes, remote and locations all ask it, and none of them should depend on another to do so.
"""

from __future__ import annotations

import re

from matching import places
from watches.filters import MAX_TERM_LENGTH
from watches.query.words import STOP_WORDS

_PLACE_END = re.compile(
    r"\s\|\s|(?<!\bst)(?<!\bft)(?<!\bmt)\.|[!?()\[\]\"]|\b(?:with|that|which|who|making|paying|earning|requiring|for|at|as|where|on|from"
    r"|in|jobs?|roles?|positions?|openings?|please)\b"
)
_PLACE_SPLIT = re.compile(r"\s+or\s+|\s+and\s+|/|;|&")
# Two-letter places a query may use on their own; others ("it", "qa", "ai", "ml") are words.
SHORT_PLACES = frozenset({"us", "uk", "eu", "sf", "la", "dc", "ny"})
# Two-letter codes that, even in capitals, are more often words or roles than states or countries ("in
# AR/VR", "jobs in ML", "in HR", "in QA": machine learning, not Mali; human resources, not Croatia), and
# the codes the place resolver reads as a place only with a place beside them (matching.places
# WORD_CODES: "in AB testing" is no Alberta, "in Calgary, AB" and "in AB, Canada" are).
CODE_NOT_REGION = (
    frozenset({"in", "or", "me", "hi", "ar", "it", "us", "ok", "id", "ai", "ml", "qa", "hr", "pm"}) | places.WORD_CODES
)
PART_OF_PLACE = re.compile(
    r"(northern|southern|eastern|western|central|north|south|east|west|upstate|downstate|coastal|rural|outer|inner)"
    r"\s+(.+)"
)
# A city named without a qualifier must be at least this large to be read as a place, and never
# one of these words, which in a job query name a field ("jobs in sales", "in mobile").
_PLACE_MIN_POPULATION = 50_000
_FIELDS_TEXT = """
sales media mobile success enterprise meta real time part support security design marketing data product
research energy music fashion retail gaming health education finance legal people growth content social video
cloud network space defense quality strategy trading travel food delivery commerce games sport sports tech
"""
_FIELDS_NOT_PLACES = frozenset(_FIELDS_TEXT.split())
# The words of remote work (read by `remote.read_remote`): a place written bare is never beside them.
REMOTE = re.compile(
    r"\b(?:fully\s+|100%\s*)?(?:remote|remotely|wfh|work\s+from\s+home|telecommute"
    # Spanish, Portuguese, French, German: "remoto", "télétravail", "teletrabajo", "Homeoffice"; "home
    # office" that is not the UK department (`home_office`), "home-based".
    r"|remot[oa]|t[ée]l[ée]travail|teletrabajo|home[\s-]?office|home[\s-]based)(?:[\s-](?:only|first|friendly))?\b"
)
# Place names that, written without "in", are more often a role, a skill or a plain word: "Phoenix"
# (the Elixir framework), "Spring", "Aurora", "Reading", "Nice", "Split", "Mobile", "Orange"…
# "in Reading" is still the town. Words beside remote that only name a scope are left to
# `remote.read_remote`.
_NOT_BARE_PLACES_TEXT = """
phoenix spring aurora ajax orion jupiter vista concord delta date most nice reading split orange bath sale hull
union paramount sunrise highland hub metro mission temple surprise independence liberty hope valence ventas toyota
allen aba san normal global international distributed worldwide anywhere world remote remotely telecommute
"""
NOT_BARE_PLACES = frozenset(_NOT_BARE_PLACES_TEXT.split()) | _FIELDS_NOT_PLACES | {"perm"}
# Grammar words that may be part of a place written bare ("New York", "Bay Area", "United States
# of America", "US"); any other grammar word means the phrase is not a place ("is fully").
_PLACE_STOP_WORDS = frozenset({"new", "area", "of", "us", "time", "am"})  # "Frankfurt am Main"
_SHORT_BARE_PLACES = frozenset({"nyc", "usa", "uae"})


def bare_place(phrase: str) -> list[str] | None:
    """The places a phrase written without "in" names, or None: as `read_places`, but every
    place must be more than a word that is also a place ("Reading") and not only "remote"."""
    phrase = phrase.strip(" ,.-")
    if phrase.endswith(" only"):
        phrase = phrase[: -len(" only")]  # "US only", "US-only": the place
    accepted = read_places(phrase)
    if not accepted or accepted == ["remote"]:
        return None
    for alternative in _PLACE_SPLIT.split(phrase):
        folded = alternative.strip(" ,.")
        if folded in {"remote", "remote only", "fully remote"}:
            continue  # "New York or remote"
        if not folded or folded in NOT_BARE_PLACES or not all(ch.isalpha() or ch in " .,'’-" for ch in folded):
            return None  # "ms +", "id:", "us$": symbols are not place names
        head = folded.split(",")[0].replace(".", "").strip()
        words = [word for word in re.split(r"[\s-]+", head) if word]
        if any(word in STOP_WORDS and word not in _PLACE_STOP_WORDS for word in words):
            return None  # "is fully", "be based in", "the us only": grammar, not a place ("Portland, OR" is)
        named = [word for word in head.split() if len(word) >= 3 and word not in STOP_WORDS]
        if (
            head not in SHORT_PLACES
            and head not in _SHORT_BARE_PLACES
            and (not named or len(head) <= 3)
            and not places.is_nickname(head)
        ):
            return None  # "b.v", "s.a", "swe" (a country code): no place name of its own
        if REMOTE.search(folded):
            return None  # "remote london", "remote-first": "remote" is read by `read_remote`, a place beside it alone
    return accepted


def place_end(text: str, start: int) -> int:
    """Where a place phrase starting at `start` ends: at a cut, a full stop (not of "St."), a bracket,
    or a word that starts another criterion ("with", "making", "jobs")."""
    found = _PLACE_END.search(text, start)
    return found.start() if found else len(text)


def read_places(phrase: str, *, codes: frozenset[str] = frozenset(), abroad: bool = False) -> list[str] | None:
    """The locations a place phrase names ("austin, tx or remote" → ["austin, tx", "remote"]),
    or None when any part of it is not a known place. A state or province code among `codes`
    (written in capitals: "in NC") is read as its name, and two places joined by a hyphen as both
    ("Kitchener-Waterloo"). "St."/"Ft."/"Mt." need nothing here: the resolver finds either spelling
    of an honorific ("Port St. Lucie")."""
    phrase = phrase.strip(" ,.")
    if not phrase:
        return None
    result: list[str] = []
    alternatives = _PLACE_SPLIT.split(phrase)
    for alternative in alternatives:
        alternative = alternative.removeprefix("the ")  # "in Ireland or the UK"
        parts = [part.strip() for part in alternative.split(",") if part.strip()]
        if not parts:
            return None
        merged: list[str] = []
        for part in parts:
            # "austin, tx", "dc, usa"; not "qa, argentina" (a two-letter word is no place of its own).
            if (
                merged
                and places.is_qualifier(part)
                and (len(merged[-1]) > 2 or merged[-1] in SHORT_PLACES or merged[-1] in places.WORD_CODES)
            ):
                merged[-1] = f"{merged[-1]}, {part}"
            else:
                merged.append(part)
        for item in merged:
            if item in {"remote", "remote only", "fully remote"}:
                if len(merged) > 1:
                    return None  # "in Europe, fully remote": remote there, read by `read_remote`, not a place beside it
                result.append("remote")
                continue
            if item in codes and item not in SHORT_PLACES:
                region = places.region_named_by_code(item)
                country = places.country_named_by_code(item)
                if region and country and (abroad or _abroad_beside(alternatives, item, codes)):
                    region = country  # "in DE or NL", "in DE, €70k": Germany, not Delaware
                if region:
                    result.append(region)
                    continue
            if len(item) > MAX_TERM_LENGTH or (len(item) <= 2 and item not in SHORT_PLACES):
                return None
            if item in _FIELDS_NOT_PLACES:
                return None
            found = _known_place(item)
            if found is None:
                return None
            result.extend(found)
    return result


def _abroad_beside(alternatives: list[str], code: str, codes: frozenset[str]) -> bool:
    """Whether another alternative of a place phrase is a country abroad ("in DE or NL", "in DE
    or Austria"): then a code that is both a US state and a country is the country."""
    for alternative in alternatives:
        item = alternative.strip(" ,.").removeprefix("the ")
        if item == code:
            continue
        if item in codes and places.region_named_by_code(item) == places.country_named_by_code(item) is not None:
            if places.country_named_by_code(item) != "united states":
                return True  # a country's code that is no state's ("NL")
            continue
        if len(item) > 2 and any(place.country not in (None, "US") for place in places.resolve(item)):
            return True
    return False


def _known_place(item: str) -> list[str] | None:
    if places.is_place(item, min_population=_PLACE_MIN_POPULATION):
        return [item]
    part = PART_OF_PLACE.match(item)
    if part and places.is_place(part.group(2), min_population=_PLACE_MIN_POPULATION):
        # "Central Texas", "Eastern Europe": the larger place (said in a note). A part of a city is
        # no part of a larger place, but a state of that name is: "upstate New York" is New York
        # State ("new york state"), never the city.
        if not any(place.city for place in places.resolve(part.group(2))):
            return [part.group(2)]
        state = f"{part.group(2)} state"
        if places.is_place(state):
            return [state]
    pieces = [piece.strip() for piece in re.split(r"\s*-\s*", item)] if "-" in item else []
    if len(pieces) == 2 and all(pieces):
        found = [_known_place(piece) for piece in pieces]
        if all(found):
            return [place for each in found if each for place in each]
    return None
