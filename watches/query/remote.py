"""Remote work: where it must be allowed from ("remote jobs I can do from Germany", "anywhere in
Europe", "remote Europe", "US remote", "remote anywhere" → `remote_from`; a name there that is no
known place is noted, never a keyword), and "remote" itself → `remote_only` (`read_remote`, after
the places: with them and no on-site alternative, the places become `remote_from`).

Two passes, one before the place passes (so "remote from Canada" is not a location) and one after
them, in one module because they decide together what "remote" beside a place means.
"""

from __future__ import annotations

import re

from matching import places
from watches.filters import MAX_TERMS
from watches.query.place_names import REMOTE, SHORT_PLACES, place_end, read_places
from watches.query.state import BAR, ReaderState
from watches.query.words import STOP_WORDS

# "remote jobs I can do from Germany", "workable from Canada", "remote from the UK".
_REMOTE_FROM = re.compile(
    r"\b(?:(?:that|which)\s+)?(?:i|we|you|one)\s+(?:can|could|may)\s+(?:do|work|take|get|hold|apply\s+for|perform)"
    r"\s+(?:it\s+|them\s+|remotely\s+)*from\s+(?:anywhere\s+(?:in|within|across)\s+)?(?:the\s+)?"
    r"|\b(?:remote(?:ly)?(?:\s+only)?(?:\s+(?:jobs?|roles?|positions?|work|gigs?|openings?|opportunities))?|work(?:ing)?"
    r"|workable|doable|possible)\s+(?:remotely\s+)?from\s+(?:anywhere\s+(?:in|within|across)\s+)?(?:the\s+)?"
    r"|\bremote(?:ly)?\s+(?:from\s+)?anywhere\s+(?:in|within|across)\s+(?!the\s+world\b)(?:the\s+)?"
)
# "remote Europe", "remote (US or Canada)", "US remote", "remote-UK": a country or zone next to "remote".
_REMOTE_NEXT = re.compile(
    r"\b(?:fully[\s-]+|100%\s*)?remote(?:ly)?(?:[\s-]+(?:first|friendly))?(?:[\s-]+only)?\s*[\s,-]\s*\(?\s*"
)
_NEXT_TO_REMOTE = re.compile(r"(?:^|\||\bor\b|\band\b|,|/)\s*(?P<place>[a-z][a-z.]*(?:\s[a-z]+)?)[\s-]+(?=remote\b)")
# "nearshore", "near-shore", "nearshoring": remote work for an employer in a nearby country.
_NEARSHORE = re.compile(r"\bnear[\s-]?shor(?:e|ed|ing)\b")
_REMOTE_ANYWHERE = re.compile(
    r"\b(?:(?:fully\s+)?remote(?:ly)?\s+(?:from\s+)?anywhere(?:\s+in\s+the\s+world|(?!\s+(?:in|within|across)\b))"
    r"|work\s+from\s+anywhere(?:\s+in\s+the\s+world|(?!\s+(?:in|within|across)\b))|worldwide\s+remote|remote\s+(?:worldwide|globally)|globally\s+remote"
    r"|anywhere\s+in\s+the\s+world)\b"
)


def read_remote_from(reader: ReaderState) -> None:
    if "shor" in reader.text:
        reader.text = _NEARSHORE.sub(lambda match: _nearshore(reader, match), reader.text)

    def anywhere(match: re.Match[str]) -> bool:
        if places.WORLDWIDE not in reader.remote_from:
            reader.remote_from.append(places.WORLDWIDE)
        return True

    reader.cut(_REMOTE_ANYWHERE, anywhere)
    position = 0
    while True:
        match = _REMOTE_FROM.search(reader.text, position)
        if match is None:
            break
        end = place_end(reader.text, match.end())
        words = reader.text[match.end() : end].split()
        for size in range(len(words), 0, -1):
            accepted = read_places(" ".join(words[:size]))
            if accepted and all(places.remote_from_keys(place) for place in accepted):
                reader.remote_from.extend(place for place in accepted if place not in reader.remote_from)
                cut_end = reader.words_end(match, words[:size])
                reader.text = reader.text[: match.start()] + BAR + reader.text[cut_end:]
                position = match.start() + len(BAR)
                break
        else:
            position = match.end()
            if _unknown_place(reader, words, match):
                position = match.start() + len(BAR)
    _remote_next_to_place(reader)


def _nearshore(reader: ReaderState, match: re.Match[str]) -> str:
    """ "nearshore React developer, LATAM": work for an employer abroad from a country near it,
    which is remote work (a keyword "nearshore" would ask for it in the title, which few hold); the
    place beside it says where from, as beside "remote"."""
    reader.notes.append(
        f'"{match.group(0).strip()}" was read as remote work (from a country near the employer); name where from '
        '("remote LATAM") or pass `remote_from`.'
    )
    return " remote "


def _unknown_place(reader: ReaderState, words: list[str], match: re.Match[str]) -> bool:
    """ "remote jobs I can do from Narnia": a name where a place must stand that Watchtower does
    not know is said in a note and cut, never left to become a keyword that matches nothing.
    Only a short phrase of non-grammar words ("from companies in …" is left); "from home" is cut
    and read as remote work."""
    if words[:1] == ["home"]:
        words = words[:1]  # "work from home", "remote jobs from home": remote work, nothing more
        reader.remote_only = True
    elif not 1 <= len(words) <= 3 or any(word in STOP_WORDS or word in _NOT_FROM_PLACES for word in words):
        return False
    if not all(word.isalpha() for word in words):
        return False
    phrase = " ".join(words)
    if phrase != "home":
        reader.notes.append(
            f'"{phrase}" was not recognised as a place remote work can be allowed from; it was ignored (not '
            "read as a keyword). Pass `remote_from` to set one."
        )
    reader.text = reader.text[: match.start()] + BAR + reader.text[reader.words_end(match, words) :]
    return True


def _remote_next_to_place(reader: ReaderState) -> None:
    """ "remote Europe", "remote (US or Canada)", "US remote", "remote-UK": a country or zone
    written next to "remote" is where the remote work must be allowed from. Only countries and
    zones (scope codes such as "US", "EMEA"): a city or state next to "remote" ("remote phoenix
    developer") may be a word of the role, and stays what the later passes make of it."""
    position = 0
    while True:
        match = _REMOTE_NEXT.search(reader.text, position)
        if match is None:
            break
        end = place_end(reader.text, match.end())
        words = reader.text[match.end() : end].split()
        if any(word.rstrip(",.").endswith("-based") for word in words):
            position = match.end()  # "remote-first, US-based": read as a place by `locations`
            continue
        for index, word in enumerate(words):
            if word.rstrip(",") == "only":
                words = words[:index]  # "remote US only", "remote, US only, no agencies"
                break
        if words and (words[0] in _NOT_PLACE_START or (words[0] in STOP_WORDS and words[0] not in SHORT_PLACES)):
            position = match.end()  # "remote within Europe" is read by `locations`, "remote and …" names no place
            continue
        for size in range(min(len(words), 4), 0, -1):
            accepted = read_places(" ".join(words[:size]))
            if accepted and _countries_or_zones(accepted):
                reader.remote_from.extend(place for place in accepted if place not in reader.remote_from)
                cut_end = reader.words_end(match, words[:size])
                if reader.text[cut_end : cut_end + 2].strip().startswith(")"):
                    cut_end = reader.text.index(")", cut_end) + 1
                reader.text = reader.text[: match.start()] + BAR + reader.text[cut_end:]
                position = match.start() + len(BAR)
                break
        else:
            position = match.end()
    for match in reversed(list(_NEXT_TO_REMOTE.finditer(reader.text))):
        accepted = read_places(match.group("place"))
        if accepted and _countries_or_zones(accepted):
            reader.remote_from.extend(place for place in accepted if place not in reader.remote_from)
            reader.text = reader.text[: match.start("place")] + BAR + reader.text[match.end() :]


def read_remote(reader: ReaderState) -> None:
    said: list[str] = []

    def remote(match: re.Match[str]) -> bool:
        reader.remote_only = True
        said.append(match.group(0))
        return True

    reader.cut(REMOTE, remote)
    if said and reader.locations and not reader.remote_from and all(_FRIENDLY.search(word) for word in said):
        # "remote-friendly backend jobs in Boston or NYC": remote work allowed, not asked for, as
        # "remote OK" (`work_modes`): the places stay locations, which find the remote jobs workable
        # from there too. Alone ("remote-friendly DevOps gigs") it is remote work, as "remote".
        reader.remote_only = False
        reader.notes.append(
            f'"{said[0].strip()}": remote work is allowed, not asked for; the places are locations (they find remote '
            'jobs workable from there too), and no remote filter was set. Say "remote" to ask for remote jobs only.'
        )
        return
    if reader.remote_only and "remote" in reader.locations:
        # "remote jobs in Austin or remote": remote is required anyway.
        reader.locations.remove("remote")
    if (
        reader.remote_only
        and reader.locations
        and not reader.remote_from
        and all(places.remote_from_keys(place) for place in reader.locations)
    ):
        # "remote jobs in the US", "remote in Europe": where the remote work must be allowed from.
        # Only places the remote_from filter knows move there; any other text stays a location
        # filter on remote jobs, as it was before remote_from existed.
        reader.remote_from, reader.locations = reader.locations, []
    if reader.remote_from and reader.locations:
        # "in New York or remote US", "Lagos or Nairobi, remote Africa": a job must be in one of
        # the places or remote from the area, not both; a location "remote <area>" finds the
        # remote jobs workable from the area (docs/queries.md, Places).
        areas = [f"remote {place}" for place in reader.remote_from]
        reader.notes.append(
            "The places and the remote area were read as alternatives: a job in "
            + " or ".join(f'"{place}"' for place in reader.locations)
            + ", or remote from "
            + " or ".join(f'"{place}"' for place in reader.remote_from)
            + "."
        )
        reader.locations = [*reader.locations, *(area for area in areas if area not in reader.locations)][:MAX_TERMS]
        reader.remote_from = []
    if reader.remote_from:
        reader.remote_only = False  # implied: remote_from selects remote jobs only
        reader.remote_from = reader.remote_from[:MAX_TERMS]


_FRIENDLY = re.compile(r"[\s-]friendly$")


def _countries_or_zones(accepted: list[str]) -> bool:
    """Whether every place names a country, a zone, the world or a named group of states (not a
    town or one state)."""
    for place in accepted:
        codes = places.remote_scope_of_phrase(place)
        if len(codes) > 1 and all("-" in code for code in codes):
            continue  # a named group of states ("East Coast", "PNW") is no word of a role either
        if not codes or not all(
            code == places.WORLDWIDE or code in places.ZONE_CODES.values() or "-" not in code for code in codes
        ):
            return False
        if not all(places.remote_from_keys(place) for place in accepted):
            return False
    return True


# Words that do not start a place next to "remote" (the resolver reads past them: "within europe").
_NOT_PLACE_START = frozenset({"within", "across", "throughout", "around", "near", "anywhere", "everywhere", "first"})
# Words after "remote … from" that are not places and need no note: "work from home".
_NOT_FROM_PLACES = frozenset({"home", "anywhere", "companies", "company", "startups", "startup", "office", "abroad"})
