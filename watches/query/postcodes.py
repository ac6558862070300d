"""UK postcode districts after a British town ("London EC2", "Manchester M1"): where in the town,
which no filter holds, so noted and cut, the town left to the place passes.

Its own module because it must run before every pass that reads such a code as something else
("W2 only" is a US tax status, "E6" a job grade), and only when the query has a digit.
"""

from __future__ import annotations

import re

from matching import places
from watches.query.state import ReaderState
from watches.query.words import STOP_WORDS

# UK postcode districts (outward codes, "EC2", "SW1A", "M1"; an inward part may follow: "EC2A 4NE")
# after a town; the letters must be one of the UK's postcode areas.
_POSTCODE = re.compile(r"(?<=[a-z.])(?:\s*,)?\s+(?P<code>[a-z]{1,2}\d[a-z\d]?(?:\s+\d[a-z]{2})?)(?![\w/+#])")
_POSTCODE_AREAS_TEXT = """
ab al b ba bb bd bh bl bn br bs bt ca cb cf ch cm co cr ct cv cw da dd de dg dh dl dn dt dy e ec eh en ex fk fy g gl
gu gy ha hd hg hp hr hs hu hx ig im ip iv je ka kt kw ky l la ld le ll ln ls lu m me mk ml n ne ng nn np nr nw ol ox pa
pe ph pl po pr rg rh rm s sa se sg sk sl sm sn so sp sr ss st sw sy ta td tf tn tq tr ts tw ub w wa wc wd wf wn wr ws wv
yo ze
"""
_POSTCODE_AREAS = frozenset(_POSTCODE_AREAS_TEXT.split())


def _is_outward_code(code: str) -> bool:
    """Whether a word is a UK postcode district: a postcode area, then a district number; a letter
    after it only in central London ("EC2A", "SW1A", "W1T", "E1W"), so "B2B", "E2E", "C2C" are not."""
    outward = code.split()[0]
    area = outward[: 2 if outward[1].isalpha() else 1]
    if area not in _POSTCODE_AREAS:
        return False
    district = outward[len(area) :]
    if district[-1].isdigit():
        return True
    return area in {"ec", "wc"} or (area in {"w", "sw", "e", "n", "se", "nw"} and district[0] == "1")


def read_postcodes(reader: ReaderState) -> None:
    """ "London EC2", "Manchester M1", "London, SW1A 1AA": a UK postcode district (outward code,
    with or without the inward part) right after a British town is where in the town, which
    no filter holds: noted and removed, the town left to the place readers. Read first, before
    "W2 only" (a US tax status) and job grades ("E6"): after a British town these are districts.
    Elsewhere the word stays what it was ("AWS EC2" is a skill)."""
    for match in reversed(list(_POSTCODE.finditer(reader.text))):
        code = match.group("code")
        if not _is_outward_code(code):
            continue
        words = re.findall(r"[a-z][a-z'-]*", reader.text[: match.start()].rsplit("|", 1)[-1])[-3:]
        town = next(
            (
                phrase
                for size in range(1, len(words) + 1)
                if (phrase := " ".join(words[-size:])) not in STOP_WORDS
                and any(place.country == "GB" and place.city for place in places.resolve(phrase))
            ),
            None,
        )
        if town is None:
            continue
        reader.notes.append(
            f'"{code.upper()}" was read as a postcode district of {town.title()}; a postcode is not a filter '
            f"Watchtower has, so the place is {town.title()}."
        )
        reader.text = reader.text[: match.start()] + reader.text[match.end() :]
