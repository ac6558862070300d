"""Security clearances ("TS/SCI", "active secret clearance", "SC/DV"): read before later passes take
their words apart ("TS/SCI" is no choice of two words, "top secret" no request word "top"), kept
aside as one term each for `roles`, which decides how a clearance joins the role words; "no
TS/SCI" excludes it (`negations.exclude_words`).

Run only when a clearance's word is in the query (`CLEARANCE_WORDS`): most queries skip it.
"""

from __future__ import annotations

import re

from watches.query.negations import exclude_words
from watches.query.state import ReaderState

# Security clearances, each one term (a keyword the job must hold), never split on "/" nor read as
# "top" (a request word) and "secret": "TS/SCI" (= "TS-SCI" = "TS SCI"), "top secret", "public
# trust", UK "SC/DV"; a level named only beside "clearance"/"cleared" otherwise ("secret clearance",
# "TS cleared", "DV cleared", "NV1 clearance"). "active", "cleared", "clearance", "required" around
# it belong to it; a polygraph after it is noted (no filter; a job without one is as open).
_CLEARANCE_CLEAR = r"(?:security\s+)?(?:clearances?|cleared)"
_CLEARANCE = re.compile(
    r"(?P<negated>\b(?:no|not|non|without|excluding|except|never)[\s-]+(?:an?\s+|any\s+)?)?"
    r"(?:\b(?:an?\s+)?(?:active|current|interim|existing|valid|full)\s+)?(?:\bcleared\s+)?"
    r"(?P<term>\bts\s*[/-]\s*sci\b|\bts\s+sci\b|\btop[\s-]secret\b|\bpublic[\s-]trust\b|\bsc\s*(?:/|\bor\b)\s*e?dv\b"
    rf"|\b(?:secret|ts|sc|e?dv|nv[12]|bpss)(?=[\s-]+{_CLEARANCE_CLEAR}\b))"
    rf"(?:[\s-]+{_CLEARANCE_CLEAR}\b(?:\s+(?:required|needed|preferred|a\s+must))?)?"
    r"(?P<poly>\s*(?:\bwith\b|w/|\+|/|\band\b|&|,)?\s*(?:an?\s+)?(?:full[\s-]scope\s+|fs\s+|ci\s+|lifestyle\s+)?"
    r"(?:poly(?:graph)?|fsp)\b)?"
)
_CLEARANCE_TERMS = {"ts-sci": "ts/sci", "tssci": "ts/sci", "sc-dv": "sc/dv", "scordv": "sc/dv", "sc-edv": "sc/dv"}
CLEARANCE_WORDS = re.compile(r"\b(?:ts|secret|trust|sc|e?dv|nv[12]|bpss)\b")


def read_clearances(reader: ReaderState) -> None:
    """ "TS/SCI cleared", "active secret clearance", "SC/DV": one term each, kept for the role
    words (`roles.read_roles`); "no TS/SCI" excludes it."""

    def clearance(match: re.Match[str]) -> bool:
        written = re.sub(r"\s*(?:/|-|\s)\s*", " ", match.group("term")).strip()
        term = _CLEARANCE_TERMS.get(written.replace(" ", "-"), _CLEARANCE_TERMS.get(written.replace(" ", ""), written))
        if match.group("negated"):
            exclude_words(reader, [term])
        elif term not in reader.clearances:
            reader.clearances.append(term)
        if match.group("poly"):
            reader.notes.append(
                f'"{match.group("poly").strip(" ,/+&")}": a polygraph is not something Watchtower can filter on; '
                "it was ignored (the clearance was read)."
            )
        return True

    reader.cut(_CLEARANCE, clearance)
