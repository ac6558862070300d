"""Places → `locations`: after "in", "near", "based in" ("in Austin, TX or remote", "Berlin-based";
a misspelt city one letter away, noted), and written bare as a segment of their own or at either
end of the query ("data engineer, New York, senior", "hybrid London backend").

Two passes (`read_locations`, then `read_bare_places` over what is left) that note alike what they
read loosely ("Northern Virginia" as Virginia, "DE" as Delaware, not Germany); which phrases are
places at all is `place_names`' answer.
"""

from __future__ import annotations

import re

from matching import places
from watches.filters import MAX_TERMS
from watches.query.place_names import NOT_BARE_PLACES, PART_OF_PLACE, bare_place, place_end, read_places
from watches.query.state import BAR, ReaderState
from watches.query.words import STACK_WORDS, STOP_WORDS, WORD, role_word

_PLACE_INTRO = re.compile(
    r"\b(?:based\s+in|located\s+in|in\s+or\s+(?:near|around)|in|near|around|within)\s+(?:the\s+)?(?:greater\s+)?"
    r"(?P<foreign>(?!))?"
)
# "à Paris", "en Madrid", "em São Paulo": "in" in French, Spanish, Portuguese (a place only when one
# follows: "ingeniero en sistemas" is a role, read without a note); looked for only when written.
_PLACE_INTRO_FOREIGN = re.compile(
    _PLACE_INTRO.pattern.replace("(?P<foreign>(?!))?", "") + r"|(?<!\S)(?P<foreign>à|en|em)\s+"
)
_BASED = re.compile(r"\b(?P<place>[a-z]+(?:\s[a-z]+)?)-based\b")
# Segments of a query a place may stand alone in: between cuts, commas and brackets.
_SEGMENT = re.compile(r"[^|,;()\[\]\"!?]+")
# Words skipped at the edges of a query when looking for a place there: "find London jobs",
# "remote Berlin backend", "backend roles London".
_EDGE_SKIP = STOP_WORDS | {
    "remote",
    "remotely",
    "remoto",
    "remota",
    "fully",
    "wfh",
    "remote-first",
    "remote-only",
    "jobs",
    "roles",
}
_DANGLING_CONJUNCTION = re.compile(r"^\s*(?:or|and)\s+|(?<!,)\s+(?:or|and)\s*$")  # not "Portland, OR"


def read_locations(reader: ReaderState) -> None:
    text = reader.text
    intro = _PLACE_INTRO_FOREIGN if (" à " in text or " en " in text or " em " in text) else _PLACE_INTRO
    position = 0
    while True:
        match = intro.search(reader.text, position)
        if match is None:
            break
        end = place_end(reader.text, match.end())
        words = reader.text[match.end() : end].split()
        accepted: list[str] | None = None
        used = 0
        # Pay in another currency than the dollar says the query is about a place abroad: "in DE,
        # €70k" is Germany (a code that is both a US state and a country is otherwise the state).
        abroad = reader.currency not in (None, "USD")
        for size in range(len(words), 0, -1):
            accepted = read_places(" ".join(words[:size]), codes=reader.capital_codes, abroad=abroad)
            if accepted is not None:
                used = size
                break
        if accepted is None:
            accepted, used = _misspelt_place(reader, words)
        if accepted is None:
            phrase = " ".join(words)
            if phrase and any(ch.isalnum() for ch in phrase) and not match.group("foreign"):
                reader.notes.append(
                    f'"{match.group(0).strip()} {phrase}" was not recognised as a place; its words were read '
                    "as role words. Pass `locations` to set a place."
                )
            position = match.end()
            continue
        consumed = re.match(r"\s*" + r"\s+".join(re.escape(word) for word in words[:used]), reader.text[match.end() :])
        cut_end = match.end() + (consumed.end() if consumed else 0)
        # "in Toronto, ON": a qualifier that is also a place-ending word ("on", "in") narrows the
        # place when written in capitals and the two are one place.
        comma = "" if reader.text[:cut_end].endswith(",") else ","
        qualifier = re.compile(rf"\s*{comma}\s*([a-z]{{2}})\b").match(reader.text, cut_end)
        if qualifier and qualifier.group(1) in reader.capital_codes and accepted:
            narrowed = f"{accepted[-1]}, {qualifier.group(1)}"
            if read_places(narrowed) == [narrowed] and len(places.resolve(narrowed)) == 1:
                accepted[-1] = narrowed
                cut_end = qualifier.end()
        for place in accepted:
            if place not in reader.locations:
                reader.locations.append(place)
        _note_larger_places(reader, " ".join(words[:used]), accepted)
        _note_code_readings(reader, words[:used], accepted)
        reader.text = reader.text[: match.start()] + BAR + reader.text[cut_end:]
        position = match.start() + len(BAR)

    def based(match: re.Match[str]) -> bool:
        accepted = read_places(match.group("place"))
        if accepted is None:
            return False
        reader.locations.extend(place for place in accepted if place not in reader.locations)
        return True

    reader.cut(_BASED, based)
    _settle(reader)


def _settle(reader: ReaderState) -> None:
    """After each pass that adds places: "remote" as the only place is remote work, not a place,
    and no more than `MAX_TERMS` places are kept (noted)."""
    if reader.locations == ["remote"]:
        reader.locations = []
        reader.remote_only = True
    if len(reader.locations) > MAX_TERMS:
        reader.notes.append(f"Only the first {MAX_TERMS} locations were kept.")
        reader.locations = reader.locations[:MAX_TERMS]


def _misspelt_place(reader: ReaderState, words: list[str]) -> tuple[list[str] | None, int]:
    """ "in Seatle", "in San Fransisco": the first one or two words after "in", one letter from
    the name of a city of `_TYPO_MIN_POPULATION` people or more, are that city (noted). Never a
    word that is a field ("in sales" is no Salé)."""
    for size in (2, 1):
        phrase = " ".join(word.strip(",.") for word in words[:size])
        if len(words) < size or not phrase.replace(" ", "").isalpha():
            continue
        if any(word in NOT_BARE_PLACES or word in STOP_WORDS for word in phrase.split()):
            continue
        corrected = places.city_spelled_like(phrase, min_population=_TYPO_MIN_POPULATION)
        if corrected:
            reader.notes.append(
                f'"{phrase}" was read as the place "{corrected}", one letter away; pass `locations` if that is '
                "not what was meant."
            )
            return [corrected], size
    return None, 0


def _note_code_readings(reader: ReaderState, words: list[str], accepted: list[str]) -> None:
    """ "in DE": a code that is both a US state and a large country (Germany, Canada; not New
    Caledonia, "NC"), said in a note with the reading not taken, so the agent can pass it."""
    for word in words:
        code = word.strip(",.")
        if code not in reader.capital_codes:
            continue
        state = places.region_named_by_code(code)
        country = places.country_named_by_code(code, min_population=_NOTED_COUNTRY_POPULATION)
        if state is None or country is None or state == country:
            continue
        taken, other = (state, country) if state in accepted else (country, state)
        if taken in accepted:
            reader.notes.append(
                f'"{code.upper()}" was read as "{taken}"; it is also the code of {other.title()}: pass '
                f'`locations: ["{other}"]` for that.'
            )


def _note_larger_places(reader: ReaderState, read: str, accepted: list[str]) -> None:
    """ "Northern Virginia" read as "virginia": said in a note."""
    part = re.search(rf"\b{PART_OF_PLACE.pattern}", read)
    if part is None:
        return
    for place in accepted:
        larger = part.group(2).startswith(place) or place == f"{part.group(2)} state"  # "upstate new york"
        if larger and not re.search(rf"\b{re.escape(part.group(0))}\b", place):
            reader.notes.append(
                f'"{part.group(0).rstrip(" ,.")}" was read as "{place}", the larger place (a part of a place '
                "is not a filter Watchtower has)."
            )


def read_bare_places(reader: ReaderState) -> None:
    """ "data engineer, New York, senior", "hybrid London backend", "python developer Berlin": a
    known place written without "in", either as a whole segment of its own (between commas or
    cuts) or as the first or last words of the query (past request words and "remote"). Only
    the edges and whole segments: a place word inside a role ("reading specialist") is left,
    and words that are more often role, skill or plain words than places ("Phoenix", "Spring",
    "Reading", "Nice") are never read bare (they still are after "in")."""
    text = reader.text
    segments = [(m.start(), m.end()) for m in _SEGMENT.finditer(text) if any(ch.isalpha() for ch in m.group(0))]
    if not segments:
        return
    # "python developer Austin, TX": a qualifier after a comma joins the segment before it, whose
    # last words may then be its city ("data engineer, New York" leaves "New York" alone).
    # The qualifier may also be the first words of a longer segment ("San Francisco, CA
    # backend"): it joins the place before it, and the rest of the segment stays a segment.
    merged: list[tuple[int, int, bool]] = []
    for start, end in segments:
        after_comma = bool(merged) and text[merged[-1][1] : start].strip() == ","
        qualifier_end = _leading_qualifier(reader, text, merged[-1], start, end) if after_comma else None
        if qualifier_end is None:
            merged.append((start, end, False))
            continue
        merged[-1] = (merged[-1][0], qualifier_end, True)
        if text[qualifier_end:end].strip():
            merged.append((qualifier_end, end, False))
    found: list[tuple[int, int, list[str]]] = []
    for index, (start, end, qualified) in enumerate(merged):
        # A segment's last words are looked at when it ends the query or a comma follows it
        # ("Senior data engineer Denver or Boulder CO, Snowflake").
        first = index == 0
        last = index == len(merged) - 1 or qualified or text[end:].lstrip().startswith(",")
        # "NYC or | …" (the alternative after "or" was read already): the conjunction is no place word.
        segment = text[start:end]
        if " or" in segment or " and" in segment or "or " in segment or "and " in segment:
            segment = _DANGLING_CONJUNCTION.sub("", segment)
        accepted = bare_place(segment) or _segment_city(reader, segment, len(merged))
        if accepted:
            found.append((start, end, accepted))
        elif first or last:
            words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text[start:end])]
            words = [(start + a, start + b) for a, b in words]
            edges = []
            if first:
                edges.append(_edge_place(text, words, leading=True))
            if last:
                edges.append(_edge_place(text, words, leading=False))
            for edge in edges:
                if edge and not any(edge[0] < b and a < edge[1] for a, b, _ in found):
                    found.append(edge)
    # "… contact us": "us" written bare is the country only in capitals ("US", "U.S.").
    found = [item for item in found if reader.capital_us or not re.match(r"u\.?s\b", item[2][0])]
    for start, end, accepted in sorted(found):
        _note_larger_places(reader, text[start:end], accepted)
        reader.locations.extend(place for place in accepted if place not in reader.locations)
    for start, end, _accepted in sorted(found, reverse=True):
        reader.text = reader.text[:start] + BAR + reader.text[end:]
    _settle(reader)


# Cities named like a word, which written bare are mostly the word ("Phoenix" the Elixir framework,
# "Reading", "Nice"), but are the city as a comma segment of their own in a query naming no language
# or framework: "customer service rep, Phoenix", "nurse, Reading", "chef, Nice".
_SEGMENT_CITIES = frozenset({"phoenix", "aurora", "reading", "nice", "split", "bath", "hull", "concord"})


def _segment_city(reader: ReaderState, segment: str, segments: int) -> list[str] | None:
    word = segment.strip(" .")
    if word not in _SEGMENT_CITIES or segments < 2:
        return None
    if any(role_word(raw) in STACK_WORDS for raw in WORD.findall(reader.text)):
        return None  # "elixir developer, Phoenix": the framework
    found = read_places(word)
    if found:
        reader.notes.append(
            f'"{word}" (a segment of its own) was read as the place; pass it in `keywords` for the word.'
        )
    return found


def _leading_qualifier(
    reader: ReaderState, text: str, previous: tuple[int, int, bool], start: int, end: int
) -> int | None:
    """Where a qualifier that opens the segment `text[start:end]` ends, when it narrows a place
    that ends the segment before it: the whole segment ("Austin, TX"), or its first one or two
    words when the place before takes them ("San Francisco, CA backend", "London, Ontario
    python"). A grammar word ("or", "in", "me") is a qualifier there only in capitals ("Portland,
    OR backend"), and the place with its qualifier must be one known place ("London, IT
    support" names London and Italy: IT is a role word there)."""
    if places.is_qualifier(text[start:end].strip()):
        return end
    words = list(re.finditer(r"\S+", text[start:end]))
    before = re.findall(r"\S+", text[previous[0] : previous[1]])[-4:]
    for size in (2, 1):
        if len(words) <= size:
            continue
        qualifier = " ".join(word.group(0) for word in words[:size])
        if not places.is_qualifier(qualifier):
            continue
        if size == 1 and qualifier in STOP_WORDS and not re.search(rf"\b{qualifier.upper()}\b", reader.original):
            continue
        for count in range(len(before), 0, -1):
            candidate = f"{' '.join(before[-count:])}, {qualifier}"
            # One place, narrowed: "London, IT support" is London and Italy, so IT is no qualifier.
            if bare_place(candidate) and len(places.resolve(candidate)) == 1:
                return start + words[size - 1].end()
    return None


def _edge_place(text: str, words: list[tuple[int, int]], *, leading: bool) -> tuple[int, int, list[str]] | None:
    """A place among the first (or last) words of a segment, past request words and "remote":
    the longest of up to four words."""
    order = range(len(words)) if leading else range(len(words) - 1, -1, -1)
    for at in order:
        for size in range(min(4, len(words)), 0, -1):
            span = words[at : at + size] if leading else words[max(at - size + 1, 0) : at + 1]
            if len(span) < size:
                continue
            accepted = bare_place(text[span[0][0] : span[-1][1]])
            if (
                accepted
                and not _slash_beside(text, span[0][0], span[-1][1])
                and not _numbered_title(text, span[0][0], span[-1][1])
            ):
                return span[0][0], span[-1][1], accepted
        word = text[words[at][0] : words[at][1]].strip(".'’")
        if role_word(word) not in _EDGE_SKIP and word not in _EDGE_SKIP and not word.isdigit():
            return None  # a request word, "remote" or a bare number ("UK 2026") may stand past the place
    return None


# A title's or version's number right after a word: "GTA 6", "GTA V", "GTA IV" (a game, not the
# Greater Toronto Area). One or two digits or a Roman numeral (not "i"), not followed by a unit or
# "+" ("NYC 2 days a week" keeps the place; a year such as "UK 2026" has four digits).
_TITLE_NUMBER = re.compile(
    r"\s+(?:\d{1,2}|x{0,2}(?:ix|iv|v|v?i{1,3})(?<!\si)|x{1,2})(?![\w+%.,/'’-])"
    r"(?!\s*(?:\+|%|days?|weeks?|wks?|months?|mos?|years?|yrs?|hours?|hrs?|h|d|x)\b)"
)


def _numbered_title(text: str, start: int, end: int) -> bool:
    """Whether the words at text[start:end] are a short abbreviation ("GTA", "SF": at most three
    letters) with a title's or version's number right after it: "GTA 6 game developer" names the
    game. A place so written is rarely numbered ("jobs in the GTA", "GTA, remote" are the place)."""
    word = text[start:end]
    return len(word) <= 3 and word.isalpha() and _TITLE_NUMBER.match(text, end) is not None


def _slash_beside(text: str, start: int, end: int) -> bool:
    """Whether a slash joins the words at text[start:end] to a word beside them: "Selenium /
    Cypress" is a choice of tools, and a place there only one side of it ("SF/NYC" is read whole)."""
    return text[:start].rstrip().endswith("/") or text[end:].lstrip().startswith("/")


# A misspelt place after "in" is read as a city one letter away only when the city is this large.
_TYPO_MIN_POPULATION = 250_000
# A country this large is worth a note when its code was read as a US state ("DE", "CA", "CO").
_NOTED_COUNTRY_POPULATION = 10_000_000
