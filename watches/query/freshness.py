"""How recently a job must have been posted: "posted this week", "in the last 3 days", "today",
"fresh" → `posted_within_days`.

Read before years and pay, so "in the last 3 days" is neither.
"""

from __future__ import annotations

import math
import re

from watches.filters import MAX_DAYS
from watches.query.state import ReaderState

# A number of days, weeks or months after "last"/"past" (or "posted within"); "this week", "today",
# "new today", "fresh".
_NUMBER_WORDS = {
    "one": 1,
    "a": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "ten": 10,
    "fourteen": 14,
    "thirty": 30,
}
_FRESH_COUNT = r"\d{1,3}|one|a|two|three|four|five|six|seven|ten|fourteen|thirty"
_FRESH_UNIT = r"days?|weeks?|months?|hours?|hrs?|h|d"  # "last 24h", "past 7d"
_FRESH_POSTED = r"(?:(?:posted|published|listed|added|opened)\s+)?"
_FRESH_SPAN = re.compile(
    rf"\b{_FRESH_POSTED}(?:in|within|over|during|from)\s+(?:the\s+)?(?:last|past)\s+"
    rf"(?P<count>{_FRESH_COUNT})?\s*(?P<unit>{_FRESH_UNIT})\b"
    rf"|\b{_FRESH_POSTED}(?:in\s+the\s+)?(?:last|past)\s+(?P<count2>{_FRESH_COUNT})?\s*(?P<unit2>{_FRESH_UNIT})\b"
    # "posted within 3 days", "within a week": a window without "last".
    # ("within 3 hours of EST" is a time zone's overlap, read by `unsupported`).
    rf"|\b{_FRESH_POSTED}within\s+(?P<count3>{_FRESH_COUNT})\s*(?P<unit3>{_FRESH_UNIT})\b(?!\s+of\b)"
    # "posted less than 5 days ago", "posted 2 days ago or less".
    rf"|\b{_FRESH_POSTED}(?:(?:less\s+than|under|fewer\s+than|at\s+most|no\s+more\s+than|<)\s*)?"
    rf"(?P<count4>{_FRESH_COUNT})\s*(?P<unit4>{_FRESH_UNIT})\s+ago\b(?:\s+or\s+(?:less|newer|sooner|fewer))?"
)
_FRESH_WORDS = re.compile(
    r"\b(?:(?:posted|published|listed|added|opened)\s+)?(?:since\s+)?(?P<when>this\s+week|this\s+month|today|yesterday)\b"
    r"|\b(?P<new>new\s+today)\b|\b(?P<fresh>fresh(?:ly\s+posted)?(?![\s-]+grad)|brand[\s-]new)\b"
)
FRESH_DAYS = 3  # "fresh": posted in the last three days
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30}


def read_freshness(reader: ReaderState) -> None:
    """ "posted this week" → 7, "in the last 3 days" → 3, "new today"/"today" → 1 (the last
    24 hours, whatever the hour in UTC), "yesterday" → 2, "fresh" → FRESH_DAYS; the first one read wins."""

    def span(match: re.Match[str]) -> bool:
        groups = match.groupdict()
        count_text = next((groups[name] for name in ("count", "count2", "count3", "count4") if groups[name]), "1")
        unit = next((groups[name] for name in ("unit", "unit2", "unit3", "unit4") if groups[name]), "day")
        count = int(count_text) if count_text.isdigit() else _NUMBER_WORDS[count_text]
        if unit.startswith(("hour", "hr")) or unit == "h":
            days = max(math.ceil(count / 24), 1)  # "the last 48 hours": two days
        else:
            days = count * _UNIT_DAYS["day" if unit == "d" else unit.rstrip("s")]
        return _fresh(reader, days, match.group(0))

    def words(match: re.Match[str]) -> bool:
        when = " ".join((match.group("when") or "").split())
        if match.group("fresh"):
            return _fresh(reader, FRESH_DAYS, match.group(0))
        days = {"this week": 7, "this month": 30, "today": 1, "yesterday": 2}.get(when, 1)
        return _fresh(reader, days, match.group(0))

    reader.cut(_FRESH_SPAN, span)
    reader.cut(_FRESH_WORDS, words)


def _fresh(reader: ReaderState, days: int, text: str) -> bool:
    if reader.posted_within is None:
        reader.posted_within = min(days, MAX_DAYS)
    else:
        reader.notes.append(f'"{text.strip()}" was ignored: only the first time window is used.')
    return True
