"""A job's identity beyond its platform id: the keys that say two postings are one vacancy.

- `group_key`: one board's postings of one vacancy (one requisition in thirty cities, a job
  reposted under a new id). The normalised title, then the requisition id where the platform
  has one, else a fingerprint of the description, else nothing more (the title alone).
- `vacancy_key`: the same vacancy on two boards (a company's ATS and its careers page's JSON-LD
  copy). The normalised title and the description fingerprint; "" when the description is too
  short to tell jobs apart, so nothing is folded across boards on a title alone.

The fingerprint reads the description as words: markup, whitespace and case are gone before it
sees it, links (with their tracking parameters) and dates are dropped, and so are the words of
the posting's own locations, so "Join our Austin office" and "Join our Denver office" agree.
docs/derived-fields.md states the rule and its limits. Pure, like the rest of `matching`.
"""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Iterable
from typing import NamedTuple

KEY_LENGTH = 20  # hex characters of SHA-1 kept: 80 bits, no collision within any plausible index
MIN_FINGERPRINT_WORDS = 30  # fewer words say too little to join two boards' postings
MIN_PLACE_WORD = 3
# The opening of a description is what is fingerprinted: enough to tell two jobs of one title
# apart (company introductions are shorter), and it keeps a fingerprint within the check
# pipeline's budget (bench/check_pipeline.py: grouping adds at most 10 %).
FINGERPRINT_CHARS = 1500
_URL = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
# Dates are dropped word by word: digits go with every other non-letter, then month names and
# the endings left of ordinals ("2nd" → "nd"). Figures go too: a description differing only in a
# number is the same text.
_DATE_WORDS = frozenset(
    [
        "jan",
        "january",
        "feb",
        "february",
        "mar",
        "march",
        "apr",
        "april",
        "may",
        "jun",
        "june",
        "jul",
        "july",
        "aug",
        "august",
        "sep",
        "sept",
        "september",
        "oct",
        "october",
        "nov",
        "november",
        "dec",
        "december",
        "st",
        "nd",
        "rd",
        "th",
    ]
)
# Every ASCII byte that is not a letter becomes a space (UTF-8 bytes of other characters stay
# inside their words, the same way on both sides): `bytes.translate` does it in one C pass, about
# ten times faster than a regular expression over Unicode classes (bench/check_pipeline.py).
_LETTER_BYTES = bytes(byte if (65 <= byte <= 90 or 97 <= byte <= 122 or byte >= 128) else 32 for byte in range(256))
_DATE_BYTES = frozenset(word.encode() for word in _DATE_WORDS)


# Titles keep their figures: "Engineer 1" and "Engineer 2" are two jobs.
_TITLE_BYTES = bytes(byte if (48 <= byte <= 57 or chr(byte).isalpha() or byte >= 128) else 32 for byte in range(256))


def _words(text: str, table: bytes = _LETTER_BYTES) -> list[bytes]:
    return text.casefold().encode("utf-8").translate(table).split()


_WORD = re.compile(r"[^\W_]+")


@functools.lru_cache(maxsize=4096)  # a board repeats its titles; group and vacancy keys both ask
def title_key(title: str) -> str:
    """The title as words and figures: case, punctuation and spacing do not count."""
    return " ".join(word.decode("utf-8", "replace") for word in _words(title, _TITLE_BYTES))


def requisition_key(requisition: str) -> str:
    """A requisition id compared loosely: case and separators do not count ("R-123" = "r123").
    One without a digit is a placeholder, not an id (Greenhouse boards answer "ONE", "MULTI"):
    it is no requisition at all. Most are ASCII letters and digits alone ("R12345"): their key is
    their lower case, without the word scan. Not remembered: a board lists each requisition once,
    and a cache that missed for nearly every posting cost twice the key itself (0.33 against
    0.14 µs, timeit; a new 100,000-posting board asks it of every posting)."""
    if requisition.isascii() and requisition.isalnum():
        folded = requisition.lower()  # an ASCII text's case fold
        return "" if folded.isalpha() else folded
    key = "".join(_WORD.findall(requisition.casefold()))
    return key if any(ch.isdigit() for ch in key) else ""


def description_words(description: str, *, locations: Iterable[str] = ()) -> set[bytes]:
    """The words a fingerprint is made of, as a set: no links, no figures or dates (digits,
    month names, ordinal endings), none of the posting's own place names, from its first
    FINGERPRINT_CHARS characters. `description` is plain text (sources strip the markup). A set
    of UTF-8 words, hashed in sorted order.

    A place name goes where it stands as a phrase (`_place_phrases`), not as words wherever they
    are: "Join our Austin, TX office" and "Join our Berlin, Germany office" agree, and so do two
    postings of a text that says "new" once posted in New York. The phrases are looked for only
    in a text that has their words: most descriptions do not name the posting's place."""
    description = description[:FINGERPRINT_CHARS]
    if "http" in description or "www." in description:
        description = _URL.sub(" ", description)
    listed = _words(description)
    words = set(listed)
    named = [place for location in locations if not words.isdisjoint((place := _place_phrases(location)).words)]
    if named and any(needed <= words for place in named for needed in place.several):
        text = b" " + b" ".join(listed) + b" "
        for place in named:
            for needle in place.needles:
                while needle in text:  # "Berlin Berlin": the two share the space between them
                    text = text.replace(needle, b" ")
        # Cheaper than splitting the text again: a place word that no longer stands in it goes.
        for place in named:
            words.difference_update(word for word in place.words if b" " + word + b" " not in text)
    else:
        # No phrase of several words can stand in the text (one of its words is missing, and taking
        # words out never brings one in): each one-word phrase goes wherever it stands, and the
        # place words that do not stand in the text were not among `words` to begin with.
        for place in named:
            words -= place.single
    words -= _DATE_BYTES
    return words


class _Place(NamedTuple):
    words: frozenset[bytes]  # every word of the location
    needles: tuple[bytes, ...]  # the phrases to take out, " "-delimited, longest first
    single: frozenset[bytes]  # the phrases of one word, as words
    several: tuple[frozenset[bytes], ...]  # the words of each phrase of several words


@functools.lru_cache(maxsize=4096)
def _place_phrases(location: str) -> _Place:
    """The words of `location` and the phrases to take out of a text, longest first: the whole
    location ("austin tx"), then each comma-separated part that is a phrase of several words or a
    word of MIN_PLACE_WORD letters or more ("austin"; not "tx" or "us", which are also words of
    the text around them). A board names its few places thousands of times: cached."""
    parts = [_words(part) for part in location.split(",")]
    whole = [word for part in parts for word in part]
    phrases = [whole, *(part for part in parts if len(part) > 1 or (part and len(part[0]) >= MIN_PLACE_WORD))]
    needles = dict.fromkeys(b" " + b" ".join(phrase) + b" " for phrase in phrases if phrase)
    single = frozenset(phrase[0] for phrase in phrases if len(phrase) == 1)
    several = tuple(dict.fromkeys(frozenset(phrase) for phrase in phrases if len(phrase) > 1))
    return _Place(frozenset(whole), tuple(needles), single, several)


def description_fingerprint(description: str, *, locations: Iterable[str] = ()) -> str:
    """A short hash of the description's words ("" for no description; ending in "~" when it has
    fewer than MIN_FINGERPRINT_WORDS distinct words, too few to join two boards' postings)."""
    words = description_words(description, locations=locations)
    if not words:
        return ""
    digest = hashlib.sha1(b" ".join(sorted(words)), usedforsecurity=False).hexdigest()[:KEY_LENGTH]
    return digest + ("" if len(words) >= MIN_FINGERPRINT_WORDS else "~")


def group_key(*, title: str, requisition: str = "", fingerprint: str = "") -> str:
    """One board's grouping key: title + requisition, else title + fingerprint, else the title."""
    requisition = requisition_key(requisition)
    if requisition:
        basis = f"r\x1f{requisition}"
    elif fingerprint:
        basis = f"d\x1f{fingerprint}"
    else:
        basis = "t"
    return _digest(f"{title_key(title)}\x1f{basis}")


def vacancy_key(*, title: str, fingerprint: str) -> str:
    """The across-boards key, or "" when the description is missing or too short to trust."""
    if not fingerprint or fingerprint.endswith("~"):
        return ""
    return _digest(f"{title_key(title)}\x1f{fingerprint}")


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()[:KEY_LENGTH]
