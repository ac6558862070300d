"""Years of experience a posting asks for, read from its text.

A number of years is a requirement only when its context says so ("5+ years of experience",
"Experience: 3-5 years", "at least two years in a similar role"); company history ("for over 20
years we have…", "5 years ago"), ages ("18 years of age") and schooling ("4 years of college") are
not. The first requirement in the text wins: postings state the main one first and the nice-to-haves
later. A stated range keeps both ends; a ceiling ("less than 2 years", "up to 3 years", "3 years or
less") is a maximum with no minimum. Where degrees open alternative paths on one line ("BS + 6 years,
MS + 4 years or PhD + 2 years"), the lowest path is the requirement: a candidate on it qualifies.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

MAX_TEXT = 200_000
MAX_MENTIONS = 200  # "year" mentions examined; bounds the work on hostile input
MAX_YEARS = 30  # a larger count is never a requirement ("50 years of history")

NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
}
_COUNT = r"(?:\d{1,2}(?:\.\d)?|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
# The number written twice: "five (5) years", "5 (five) years", "ten (10)+ years".
_AGAIN = r"(?:\s?\((?:" + _COUNT + r")\+?\))?"
# "three (3)+ years", "3+ yrs", "7y", "3yrs+" alike; the candidate must end at the year word (or
# at a "+" right after it).
_CANDIDATE = re.compile(
    r"(?<![\w.$€£,])(?P<n1>" + _COUNT + r")" + _AGAIN + r"(?P<plus>\s?\+|\s?plus\b|\s+or\s+more\b)?"
    r"(?:\s{0,2}(?P<sep>-{1,2}|[‐‑–—~]|to|and)\s{0,2}(?P<n2>" + _COUNT + r")" + _AGAIN + r"(?P<plus2>\s?\+)?)?"
    r"\s{0,2}(?:years?|yrs?|y)(?![a-z])(?:['’]s?)?(?P<plus3>\+)?"
)
# Words that make the count a ceiling: "less than 2 years", "a maximum of 4", "up to 3 years" (but
# "no less than 5" is a floor).
_CEILING = (
    r"(?:(?<!\bno\s)(?<!\bnot\s)\b(?:less|fewer)\s+than|\bunder|\bbelow|\b(?:no|not)\s+more\s+than|"
    r"\b(?:a\s+)?max(?:imum|\.)?(?:\s+of)?|\bat\s+most|\bup\s*to|\bnot\s+(?:to\s+)?exceed(?:ing)?|<=?|≤)"
)
# "Years of experience: 3-5", "years of relevant experience required - 5+", "… : up to 2".
_LABEL_FIRST = re.compile(
    r"years?\s+of\s+(?:\w+\s+)?experience(?:\s+required)?\s*[:\-–]\s*(?P<ceiling>" + _CEILING + r"\s*)?"
    r"(?P<n1>" + _COUNT + r")(?P<plus>\+)?"
    r"(?:\s*(?:-|–|—|to)\s*(?P<n2>" + _COUNT + r"))?(?![\w.])"
)
# What ends the text right before a counted year word: a digit, "+", "(3)", a number word, "plus",
# "or more". A cheap test that spares the full pattern on every "a year" and "per year".
_COUNT_CLOSES = re.compile(r"(?:[\d+)]|\b(?:" + "|".join(NUMBER_WORDS) + r"|plus|more))\s{0,2}$")
# A year word, or "y" right after a count ("7y", "7+ y"): a bare "y" anywhere else is a letter.
# (Led by the literal "y" so the engine skips ahead; a leading alternation is several times slower.)
_YEAR_WORD = re.compile(r"y(?:(?:ears?|rs?)|(?<=\dy)|(?<=\d\sy)|(?<=\d\+y)|(?<=\d\+\sy))(?![a-z])")
# Tails that make the years something else than required experience.
_TAIL_SKIP = re.compile(
    r"(?:ago|old|of age|later|from now|in business|in operation|in the making|running|young|"
    r"of (?:university|college|school|study|studies|education|schooling|formal education|history|growth|operations?|"
    r"existence|service to|success|innovation|partnership|funding|runway|warranty)|"
    r"(?:vesting|cliff|contract|commitment|term|lease|guarantee))\b"
)
_TAIL_ACCEPT = re.compile(
    r"(?:of|in|as|at|with|working|building|developing|designing|shipping|leading|managing|professional|relevant|"
    r"hands-on|industry|related|direct|practical|post|prior|progressive|full-time|commercial|proven|combined|total|"
    r"previous|demonstrated|recent|solid|strong|applicable|equivalent|comparable|similar|required|minimum|"
    r"experience|exp)\b"
)
_EXPERIENCE_IN_TAIL = re.compile(r"\bexp(?:erience[ds]?|\.)?(?![a-z])")
# "Experience: 7+ years", "experience required - at least 3 years", "experience of 5 years",
# "Exp: 7 yrs", "Experience: less than 1 year".
_LABEL_BEFORE = re.compile(
    r"(?:experience|\bexp\b\.?)\s*(?:required|level|needed|requirements?)?\s*[:\-–(]?\s*(?:of\s+)?"
    r"(?:at\s+least\s+|a\s+minimum\s+of\s+|minimum\s+(?:of\s+)?|min\.?\s+|over\s+|more\s+than\s+|"
    + _CEILING
    + r"\s*)?$"
)
# A degree joined to the years: "BS + 6 years", "Master's degree and 4 years", "PhD or MS with 2+".
_DEGREE_BEFORE = re.compile(
    r"\b(?:degree|bachelor|bachelors|bachelor['’]s|master|masters|master['’]s|ph\.?\s?d|doctorate|doctoral|mba|"
    r"b\.?sc?|b\.?a|m\.?sc?|m\.?a|b\.?eng|m\.?eng|b\.?tech|m\.?tech|associate['’]s|diploma|ged)\b\.?"
    r"[^.;:\n]{0,30}?(?:\+|&|\band\b|\bwith\b|\bplus\b|,)\s*"
    r"(?:at\s+least\s+|a\s+minimum\s+of\s+|minimum\s+(?:of\s+)?|min\.?\s+)?$"
)
# After the count: "3 years or less", "2 years max", "2 years maximum", "3 years at most".
# "3 years of experience or less" too (then the experience words stay in the tail).
_CEILING_AFTER = re.compile(
    r"(?P<lead>(?:of\s+)?(?:[a-z-]+\s+)?(?:experience|exp)\.?\s*)?(?:or\s+(?:less|fewer)|max(?:imum)?|at\s+most)"
    r"(?![a-z])"
)
_MINIMUM_BEFORE = re.compile(
    r"(?:at\s+least|a\s+minimum\s+of|minimum\s+(?:of\s+)?|min\.?|no\s+less\s+than|not\s+less\s+than|more\s+than|requires?|"
    r"required|must\s+have|you\s+have|you've|bring|with|have)\s*$"
)
# The same ceilings as plain endings: a `$`-anchored search over the ceiling pattern tries every
# position of the window and costs ten times as much.
_CEILING_ENDINGS = (
    "less than",
    "fewer than",
    "under",
    "below",
    "more than",  # only after "no"/"not", checked below
    "maximum of",
    "maximum",
    "max of",
    "max",
    "max.",
    "at most",
    "up to",
    "upto",
    "exceed",
    "exceeding",
    "<",
    "<=",
    "≤",
)
# A time span rather than a requirement: "for over 20 years", "in the last 5 years", "than 10 years".
_TIMESPAN_BEFORE = re.compile(
    r"\b(?:for|over\s+the|in\s+the|the|past|last|next|every|within|after|during|since|first|by)\s+"
    r"(?:over\s+|more\s+than\s+|nearly\s+|almost\s+|about\s+|the\s+)?$"
)
# The company speaking of itself: "we have 20+ years of experience in…".
_COMPANY_BEFORE = re.compile(
    r"\b(?:we|we've|(?:our|the|a|an)\s+(?:\w+\s+)?(?:company|firm|team|business|organi[sz]ation|agency|family|"
    r"founders?|leadership))\s+(?:collectively\s+|together\s+)?(?:has|have|had|bring|brings|boast|boasts|with|of)\s+"
    r"(?:over\s+|more\s+than\s+|nearly\s+|almost\s+|about\s+|the\s+)?$"
)
_SENTENCE_END = re.compile(r"[.;!?](?:\s|$)|\n")


Years = tuple[float | None, float | None]
# How far past a degree-led requirement its alternative paths are looked for (same line).
DEGREE_PATHS_WINDOW = 300


@dataclass(frozen=True)
class _Found:
    years: Years
    degree_led: bool


def experience_from_text(text: str) -> Years | None:
    """(minimum years or None, maximum years or None) of the first stated requirement, or None.

    At least one end is set: a ceiling alone ("less than 2 years") has no minimum.
    """
    if not text:
        return None
    return experience_from_lowered(text[:MAX_TEXT].lower())


def experience_from_lowered(low: str) -> Years | None:
    """`experience_from_text` for a caller that already holds the lowercased text."""
    low = low[:MAX_TEXT]
    mentions = _YEAR_WORD.finditer(low)
    for count, mention in enumerate(mentions):
        if count >= MAX_MENTIONS:
            break
        found = _read_mention(low, mention.start(), mention.end())
        if found is None:
            continue
        if not found.degree_led:
            return found.years
        return _lowest_path(low, mention.end(), found.years, mentions, MAX_MENTIONS - count - 1)
    return None


def _lowest_path(low: str, after: int, first: Years, mentions: Iterator[re.Match[str]], budget: int) -> Years:
    """The lowest of the degree-led requirements on the line of the first one: "BS + 6 years, MS +
    4 years or PhD + 2 years" asks 2 years of a PhD, and a candidate on that path qualifies."""
    line_end = low.find("\n", after, after + DEGREE_PATHS_WINDOW)
    end = line_end if line_end >= 0 else after + DEGREE_PATHS_WINDOW
    best = first
    for mention in itertools.islice(mentions, max(0, budget)):
        if mention.start() >= end:
            break
        found = _read_mention(low, mention.start(), mention.end())
        if found is not None and found.degree_led and _floor(found.years) < _floor(best):
            best = found.years
    return best


def _floor(years: Years) -> float:
    return years[0] if years[0] is not None else 0.0


# How far before and after a counted year word `_read_counted` reads (its farthest look: the
# degree words up to 60 characters before a count that starts up to 40 before the word, and one
# character more for `\b`; the tail of 70 characters after a count that ends up to 3 past it).
_READ_BEFORE, _READ_AFTER = 101, 73


def _read_mention(low: str, year_start: int, year_end: int) -> _Found | None:
    """The requirement a "year" word closes ("5+ years") or opens ("years of experience: 5")."""
    labelled = _LABEL_FIRST.match(low, year_start)
    if labelled is not None:
        return _found(_result(labelled["n1"], labelled["n2"], ceiling=bool(labelled["ceiling"])))
    if not _COUNT_CLOSES.search(low, max(0, year_start - 12), year_start):
        return None  # "a year", "per year", "this year": no count right before the word
    start = max(0, year_start - _READ_BEFORE)
    return _read_counted(low[start : year_end + _READ_AFTER], year_start - start, year_end - start)


@functools.lru_cache(maxsize=4096)  # a board repeats its boilerplate ("for over 20 years we…")
def _read_counted(low: str, year_start: int, year_end: int) -> _Found | None:
    """The requirement a counted "year" word closes, read from the window of the text around it
    that `_read_mention` cuts: every look of this function stays within it, so its answer is the
    one on the whole text."""
    candidate = None
    for found in _CANDIDATE.finditer(low, max(0, year_start - 40), year_end + 3):
        if found.start() < year_start < found.end():
            candidate = found
            break
    if candidate is None:
        return None
    n1, n2 = candidate["n1"], candidate["n2"]
    if candidate["sep"] == "and" and not low.endswith("between ", 0, candidate.start()):
        n2 = None
    start, end = candidate.start(), candidate.end()
    tail = _tail(low, end)
    stripped = tail.lstrip(" ,:()-–'’")
    ceiling_after = _CEILING_AFTER.match(stripped) if n2 is None else None
    if ceiling_after is not None and not ceiling_after["lead"]:
        stripped = stripped[ceiling_after.end() :].lstrip(" ,:()-–'’")
    if _TAIL_SKIP.match(stripped):
        return None
    before = low[max(0, start - 40) : start]
    if _COMPANY_BEFORE.search(before):
        return None
    ceiling = n2 is None and (ceiling_after is not None or _ceiling_before(before))
    explicit = bool(candidate["plus"] or candidate["plus2"] or candidate["plus3"] or n2 is not None)
    if _LABEL_BEFORE.search(before):
        return _found(_result(n1, n2, ceiling=ceiling))
    degree_led = bool(_DEGREE_BEFORE.search(low, max(0, start - 60), start))
    if degree_led:
        return _found(_result(n1, n2, ceiling=ceiling), degree_led=True)
    if not explicit and _TIMESPAN_BEFORE.search(before):
        return None
    minimum = bool(_MINIMUM_BEFORE.search(before))
    experience_tail = bool(_TAIL_ACCEPT.match(stripped) or _EXPERIENCE_IN_TAIL.search(tail))
    if experience_tail:
        return _found(_result(n1, n2, ceiling=ceiling))
    # A bare "5+ years", "3 to 5 years" or "at least two years" closing a line or a clause.
    if (explicit or minimum) and not ceiling and not stripped.strip(" .,;:)"):
        return _found(_result(n1, n2))
    return None


def _ceiling_before(before: str) -> bool:
    """Whether the words before a count make it a ceiling ("less than", "a maximum of", "up to",
    "no more than", "not to exceed"), but not "no less than", which is a floor."""
    text = before.rstrip()
    if not text.endswith(_CEILING_ENDINGS):
        return False
    for ending in _CEILING_ENDINGS:
        if not text.endswith(ending):
            continue
        head = text[: -len(ending)]
        if head and ending[0].isalpha() and head[-1].isalpha():
            continue  # "...funder 5 years": inside a word
        negated = head.rstrip().endswith((" no", " not")) or head.rstrip() in {"no", "not"}
        if ending in {"less than", "fewer than"}:
            return not negated
        if ending == "more than":
            return negated
        if ending in {"exceed", "exceeding"}:
            return head.rstrip().endswith(("not", "not to"))
        return True
    return False


def _found(years: Years | None, *, degree_led: bool = False) -> _Found | None:
    return _Found(years, degree_led) if years is not None else None


def _tail(low: str, end: int) -> str:
    window = low[end : end + 70]
    cut = _SENTENCE_END.search(window)
    return window[: cut.start()] if cut else window


def _number(token: str) -> float:
    return float(NUMBER_WORDS[token]) if token in NUMBER_WORDS else float(token)


def _result(n1: str, n2: str | None, *, ceiling: bool = False) -> Years | None:
    low: float | None = _number(n1)
    high = _number(n2) if n2 is not None else None
    if ceiling and high is None:
        low, high = None, low
    if low is not None and high is not None and high < low:
        low, high = high, low
    if (low is not None and low > MAX_YEARS) or (high is not None and high > MAX_YEARS + 10):
        return None
    if high == low:
        high = None
    return low, high
