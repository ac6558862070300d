"""The one normalisation of text for term matching, used on both sides of every comparison.

A job's searchable fields and every filter term go through `normalise`, so whole-word,
case-insensitive, plural-tolerant and punctuation-insensitive matching becomes a plain
substring test of a padded key (" ios ") in a padded text (" senior ios engineer "). That
test is what a GIN index over the text's words serves on PostgreSQL (`watches.filters.ContainsWords`),
and what Python's `in` does for the in-memory predicate, so both give the same answer.

Pure: imports nothing of Django.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

# Separates the fields of a search text so a phrase never matches across two fields
# ("ios" at the end of a title followed by "engineering" as the department).
FIELD_SEPARATOR = "|"

# Tokens whose punctuation carries the meaning. Applied to lowercased text before it is split,
# so "C++", "c++" and "cpp" are one token and "c" alone stays "c".
_SYMBOLS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<![\w+])c\+\+(?![\w+])"), " cplusplus "),
    (re.compile(r"(?<!\w)c#(?!\w)"), " csharp "),
    (re.compile(r"(?<!\w)f#(?!\w)"), " fsharp "),
    # ".NET", "ASP.NET", "VB.NET": the ".net" part is its own token.
    (re.compile(r"\.net(?!\w)"), " dotnet "),
    # "Node.js", "Vue.js": one token without the dot.
    (re.compile(r"(?<![\w.])(\w+)\.js(?!\w)"), r" \1js "),
)

# Spellings of one thing as one token, after splitting ("front end", "front-end", "frontend").
_COMPOUNDS: dict[tuple[str, str], str] = {
    ("front", "end"): "frontend",
    ("back", "end"): "backend",
    ("full", "stack"): "fullstack",
    ("dev", "ops"): "devops",
    ("ml", "ops"): "mlops",
    ("sec", "ops"): "secops",
    ("e", "commerce"): "ecommerce",
    ("node", "js"): "nodejs",
    ("on", "site"): "onsite",
    ("co", "op"): "coop",
    ("pre", "sales"): "presales",
}

_ALIASES: dict[str, str] = {
    "cpp": "cplusplus",
    "reactjs": "react",
    "vuejs": "vue",
    "k8s": "kubernetes",
    "postgres": "postgresql",
}

# Plural-looking words that are not plurals, or whose singular would collide with another
# word ("news" is not "new"; "ios" is not "io").
_KEEP: frozenset[str] = frozenset(
    {
        "news",
        "ios",
        "macos",
        "ipados",
        "tvos",
        "watchos",
        "visionos",
        "chromeos",
        "kubernetes",
        "sales",
        "series",
        "species",
        "aws",
        "dns",
        "sms",
        "saas",
        "paas",
        "iaas",
        "gis",
        "ads",
        "windows",
        "its",
        "this",
        "plus",
        "status",
        "canvas",
        "atlas",
        "redis",
        "jenkins",
        "lens",
    }
)
# Singulars that end in "e" before the plural "s" although their plural looks like "-ches"/"-ies".
_E_SINGULARS: frozenset[str] = frozenset(
    {"cache", "niche", "avalanche", "cookie", "movie", "rookie", "selfie", "zombie"}
)
_TOKEN = re.compile(r"[^\W_]+")
_APOSTROPHES = re.compile(r"['’‘`´]")


def singular(token: str) -> str:
    """Fold an English plural to its singular, conservatively: folding is applied to both sides
    of a comparison, so it only has to be consistent and avoid collisions, not be grammatical."""
    if len(token) <= 3 or not token.endswith("s") or token in _KEEP or not token.isalpha():
        return token
    if token.endswith(("ss", "us", "is", "ics", "ops", "js")):
        return token
    if token[:-1] in _E_SINGULARS:
        return token[:-1]
    if token.endswith("ies") and len(token) > 4:
        return token[:-3] + "y"
    if token.endswith(("sses", "xes", "ches", "shes")):
        return token[:-2]
    return token[:-1]


def tokens(text: str) -> list[str]:
    """The normalised tokens of a text, in order."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = _APOSTROPHES.sub("", folded)
    for pattern, replacement in _SYMBOLS:
        folded = pattern.sub(replacement, folded)
    raw = _TOKEN.findall(folded)
    merged: list[str] = []
    index = 0
    while index < len(raw):
        pair = (raw[index], raw[index + 1]) if index + 1 < len(raw) else None
        if pair is not None and pair in _COMPOUNDS:
            merged.append(_COMPOUNDS[pair])
            index += 2
            continue
        merged.append(raw[index])
        index += 1
    return [singular(_ALIASES.get(token, token)) for token in merged]


@functools.lru_cache(maxsize=16384)  # a board repeats its titles, places, departments and company
def normalise(text: str) -> str:
    """Tokens joined by single spaces and padded with one space at each end, or "" if none."""
    found = tokens(text)
    return f" {' '.join(found)} " if found else ""


@functools.lru_cache(maxsize=8192)
def term_key(term: str) -> str:
    """What a filter term must find in a search text: its padded normalised form ("" when the
    term has no letters or digits, which callers treat as no term at all)."""
    return normalise(term)


def term_matches(term: str, text: str) -> bool:
    """Whole-word, plural-tolerant test of a term against a normalised (padded) text."""
    key = term_key(term)
    return bool(key) and key in text


def search_text_for(
    *,
    title: str,
    company: str,
    location: str,
    other_locations: Sequence[str],
    department: str,
) -> str:
    """The `search_text` column: title, location(s), department and company, each normalised,
    separated by a bar so phrases never span two fields."""
    return search_text_of(title, company, location, tuple(other_locations), department)


@functools.lru_cache(maxsize=32768)
def search_text_of(title: str, company: str, location: str, other_locations: tuple[str, ...], department: str) -> str:
    """`search_text_for` of the fields by position, the other locations a tuple, remembered: a
    board repeats its titles, places, departments and company (bench/big_board.py's 100,000
    postings: about 16,000 combinations; each field was looked up in `normalise`'s cache and the
    parts joined, once a posting). A job's row (boards/services/jobstore.py `filter_values`)
    asks it directly: the keywords and the tuple of the keyword form were a fifth of its cost."""
    fields = [title, location, *other_locations, department, company]
    parts = [normalise(field).strip() for field in fields if field]
    parts = [part for part in parts if part]
    if not parts:
        return ""
    return f" {f' {FIELD_SEPARATOR} '.join(parts)} "
