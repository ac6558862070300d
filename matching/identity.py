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

import hashlib
import re
from collections.abc import Iterable

from matching import terms

KEY_LENGTH = 20  # hex characters of SHA-1 kept: 80 bits, no collision within any plausible index
MIN_FINGERPRINT_WORDS = 30  # fewer words say too little to join two boards' postings
MIN_PLACE_WORD = 3
_URL = re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DATE = re.compile(
    r"\b\d{4}-\d{1,2}-\d{1,2}(?:[t ]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:z|[+-]\d{2}:?\d{2})?)?\b"
    r"|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b"
    rf"|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:,?\s+\d{{4}})?\b"
    rf"|\b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b"
    rf"|\b{_MONTH}\s+\d{{4}}\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[^\W_]+")


def title_key(title: str) -> str:
    """The title as words: case, accents, punctuation and plurals folded (matching.terms)."""
    return " ".join(terms.tokens(title))


def requisition_key(requisition: str) -> str:
    """A requisition id compared loosely: case and separators do not count ("R-123" = "r123").
    One without a digit is a placeholder, not an id (Greenhouse boards answer "ONE", "MULTI"):
    it is no requisition at all."""
    key = "".join(_WORD.findall(requisition.casefold()))
    return key if any(ch.isdigit() for ch in key) else ""


def description_words(description: str, *, locations: Iterable[str] = ()) -> list[str]:
    """The words a fingerprint is made of: no links, no dates, none of the posting's own place
    names (each location's text before its first comma, words of 3 letters or more). `description`
    is plain text (sources strip the markup)."""
    text = _DATE.sub(" ", _URL.sub(" ", description.casefold()))
    words = _WORD.findall(text)
    # The place itself, not its qualifiers: "New York, NY, US" drops "new" and "york" but keeps
    # "us", which a copy of the posting listed as "New York, NY" would keep too.
    place_words = {
        word
        for location in locations
        for word in _WORD.findall(location.split(",", 1)[0].casefold())
        if len(word) >= MIN_PLACE_WORD
    }
    return [word for word in words if word not in place_words] if place_words else words


def description_fingerprint(description: str, *, locations: Iterable[str] = ()) -> str:
    """A short hash of the description's words ("" for no description)."""
    words = description_words(description, locations=locations)
    if not words:
        return ""
    return _digest(" ".join(words)) + ("" if len(words) >= MIN_FINGERPRINT_WORDS else "~")


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
