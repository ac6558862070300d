"""Where a posting's text may state pay: the places the salary reader (salary.py) tries its money
pattern at, found only where something can mark a figure as pay (a currency symbol or code, a "k",
lakh, a pay word, a period right after a figure).

Kept apart from the judging of each figure (salary.py); the vocabulary is salary_patterns.py's.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Iterator

import ahocorasick_rs

from boards.derive import salary_patterns as pat
from boards.derive.text import PostingText, anchor_words, letter_bytes

# Longer inputs are cut: pay is stated within the first pages of any real posting, and the cap
# bounds the work a hostile page can cause.
MAX_TEXT = 200_000

# The characters a code's lead can end with: "USD", "Rs", "kr", then spaces and dots ("Rs. 50,000").
_CODE_LEAD_ENDS = frozenset(" .rsABCDEFGHIJKLMNOPQRSTUVWXYZ")

# The literal places `money_matches` reads, found by the posting's one anchor scan.
anchor_words(
    *pat.SYMBOLS,
    *pat.LAKH_WORDS,
    *pat.PAY_TRIGGERS,
    *pat.KR_WORDS,
)


def money_matches(read: PostingText, text: str, low: str) -> list[tuple[re.Match[str], int]]:
    """The money-looking matches of a text, found only where something can mark pay, each with the
    offset in `text` of the string it was found in (`_money_at`).

    Running the full pattern over a whole description costs about 0.3 ms, too much for a
    10,000-job board. So the places worth reading are found first (currency symbols, "150k", lakh,
    ISO codes, pay words, stated periods), and the pattern is only tried there. Symbols, lakh and
    pay words come from the posting's one anchor scan (`PostingText.starts`) instead of a pass over
    the text each; the period and "k" triggers stay patterns, whose words ("pa", "per", "year", "/")
    would slow that scan more than their passes cost, read line by line with each line's windows
    cached (`_figure_windows`). At most MAX_TRIGGERS places of each kind are read, which bounds the
    work on hostile input.
    """
    starts: set[int] = set()
    windows: list[tuple[int, int]] = []
    size = len(low)
    # The scan reads `low`; a symbol stands where it stands in `text` when lowercasing kept every
    # character one character (no character lowercases to a symbol), else it is looked for in `text`.
    aligned = len(text) == size < MAX_TEXT
    for symbol in read.present(pat.SYMBOLS) if aligned else pat.SYMBOLS:
        positions = read.starts(symbol, within=size)[: pat.MAX_TRIGGERS] if aligned else _positions(text, symbol)
        for position in positions:
            starts.add(_prefix_start(text, position))
            if symbol in pat.SUFFIX_SYMBOLS:
                windows.append((position - 40, position))
    windows.extend(_figure_windows(low))
    if any(read.starts(word, within=size) for word in read.present(pat.LAKH_WORDS)):
        windows.extend((found.start() - 30, found.end() + 50) for found in _islice(pat.LAKH_TRIGGER.finditer(low)))
    if not starts and _may_name_a_code(text):
        # ISO codes matter when no symbol is used ("EUR 60,000", "CHF 120k"); with a symbol, a code
        # after the figure ("$150k USD") is read as part of that match.
        for found in _islice(pat.CODE_TRIGGER.finditer(text)):
            if found[0] in pat.CODE_SET or found[0] in pat.WORD_CURRENCIES:
                windows.append((found.start() - 40, found.end() + 50))
    if read.present(pat.KR_WORDS):  # from the anchor scan: `"kr" in low` costs ~2.7 µs on a 3 KB text
        # The krona or krone written "kr", before or after its figure ("kr 600 000", "45 000 kr/mnd").
        for found in _islice(pat.KR_TRIGGER.finditer(low)):
            windows.append((found.start() - 40, found.end() + 50))
    for word in read.present(pat.PAY_TRIGGERS):
        for position in _word_positions(low, word, read.occurrences(word, title=True, within=size)):
            windows.append((position, position + 100))
    for start, end in _merged(windows):
        for found in _islice(pat.AMOUNT_START.finditer(text, max(0, start), max(0, end))):
            starts.add(_code_start(text, found.start()))
    matches: list[tuple[re.Match[str], int]] = []
    last_end = -1
    for start in sorted(starts):
        if start < last_end:
            continue
        match, offset = _money_at(text, start)
        if match is not None:
            matches.append((match, offset))
            last_end = match.end() + offset
    return matches


# How much of the text after a place `_money_at` cuts for pat.MONEY, and how many letters the cut
# must hold; see `_money_at`.
_MONEY_WINDOW = 160
_MONEY_LETTERS = 90


def _money_at(text: str, start: int) -> tuple[re.Match[str] | None, int]:
    """pat.MONEY.match(text, start), as a match and the offset of the string it was found in: the
    pattern tried on a short window of the text (cached: a board repeats its boilerplate), when the
    window shows that the pattern cannot read past it.

    Every way through pat.MONEY reads one character before its start and then a stretch of the
    text made of runs of figure characters (digits, group marks, spaces) or of spaces (the
    lookahead after a spaced "+") and at most 71 other characters (currency prefixes and codes, "k",
    lakh, "million", the range separator, the suffix code, each character its lookaheads test). A
    letter is never part of a run: when the window's first _MONEY_WINDOW characters from `start`
    hold _MONEY_LETTERS letters, no way through the pattern comes within ten characters of the
    window's end, so the pattern finds on the window what it finds on the text. A window that
    reaches the text's end is the text's end.
    """
    first = start - 1 if start else 0
    window = text[first : start + _MONEY_WINDOW]
    read, match = _money_in(window, start - first, len(window) < start - first + _MONEY_WINDOW)
    if read:
        return match, first
    return pat.MONEY.match(text, start), 0


@functools.lru_cache(maxsize=4096)
def _money_in(window: str, start: int, ends_text: bool) -> tuple[bool, re.Match[str] | None]:
    """Whether pat.MONEY can be read on `window` (`_money_at`), and its match there if so."""
    if ends_text or _letters(window) >= _MONEY_LETTERS:
        return True, pat.MONEY.match(window, start)
    return False, None


def _letters(window: str) -> int:
    """How many ASCII lowercase letters `window` holds."""
    found = letter_bytes(window)
    return len(found) - found.count(b" ")


# What `_figure_places` finds in each line read, by the line: the number of its trigger matches and
# the windows they open, counted from the line's start. A board repeats its boilerplate line for line.
_LineEntry = tuple[int, tuple[tuple[int, int], ...]]
_LINE_WINDOWS: dict[str, _LineEntry] = {}
_LINE_WINDOWS_MAX = 16384
_LINE_CACHED_MAX = 1000  # a longer line is read each time: the cache keeps boilerplate, not pages
_NO_WINDOWS: _LineEntry = (0, ())
# A line that ends with a period's first word ("per", "/", "a", "an", as the period triggers read
# them): a match may go on after its line break ("per\nyear"), so a text with one is read whole.
_BREAKING: _LineEntry = (-1, ())
_BREAKING_ENDS = ("per", "/", "a", "an")
_BREAKING_END = re.compile(r"(?:/|(?<![a-z])(?:per|an?))\Z")


def _figure_windows(low: str) -> list[tuple[int, int]]:
    """The windows the figure triggers open in `low` (around a "k" figure, before a period right
    after a figure): `_figure_places(low, MAX_TRIGGERS)`'s, read line by line, each line's windows
    cached.

    A trigger match holds a line break only as the space after a period's first word ("per\nyear"),
    and every look of the patterns and of the figure check stays within the match's line: without
    such a line, a line's matches and windows are the same wherever it stands. A text with one is
    read whole, and so is one with more than MAX_TRIGGERS matches, whose cap of each trigger's
    first matches the lines cannot tell.
    """
    lines = low.split("\n")
    entries = list(map(_LINE_WINDOWS.get, lines))
    if None in entries and not _read_lines(lines, entries):
        return _figure_windows_whole(low)
    windows: list[tuple[int, int]] = []
    matches = 0
    offset = 0
    for line, entry in zip(lines, entries, strict=True):
        if entry is not _NO_WINDOWS:
            if entry is _BREAKING:
                return _figure_windows_whole(low)
            matches += entry[0]  # type: ignore[index]
            for start, end in entry[1]:  # type: ignore[index]
                windows.append((start + offset, end + offset))
        offset += len(line) + 1
    if matches > pat.MAX_TRIGGERS:
        return _figure_windows_whole(low)
    return windows


def _figure_windows_whole(low: str) -> list[tuple[int, int]]:
    return [window for _, window in _figure_places(low, pat.MAX_TRIGGERS) if window is not None]


def _read_lines(lines: list[str], entries: list[_LineEntry | None]) -> bool:
    """Fill in the `entries` of the lines the cache lacks, read together in one pass over those lines
    joined; False when one of them ends as a period's first word or together they hold more than
    MAX_TRIGGERS matches (the text is read whole)."""
    missing = [index for index, entry in enumerate(entries) if entry is None]
    for index in missing:
        line = lines[index]
        if line.endswith(_BREAKING_ENDS) and _BREAKING_END.search(line):
            if len(line) <= _LINE_CACHED_MAX and len(_LINE_WINDOWS) < _LINE_WINDOWS_MAX:
                _LINE_WINDOWS[line] = _BREAKING
            return False
    starts: list[int] = []
    offset = 0
    for index in missing:
        starts.append(offset)
        offset += len(lines[index]) + 1
    counts = [0] * len(missing)
    windows: list[list[tuple[int, int]]] = [[] for _ in missing]
    joined = "\n".join(lines[index] for index in missing)
    for read, (position, window) in enumerate(_figure_places(joined, pat.MAX_TRIGGERS + 1), start=1):
        if read > pat.MAX_TRIGGERS:
            return False
        piece = bisect.bisect_right(starts, position) - 1
        counts[piece] += 1
        if window is not None:
            windows[piece].append((window[0] - starts[piece], window[1] - starts[piece]))
    if len(_LINE_WINDOWS) + len(missing) > _LINE_WINDOWS_MAX:
        _LINE_WINDOWS.clear()
    for piece, index in enumerate(missing):
        entry = (counts[piece], tuple(windows[piece])) if counts[piece] else _NO_WINDOWS
        entries[index] = entry
        if len(lines[index]) <= _LINE_CACHED_MAX:
            _LINE_WINDOWS[lines[index]] = entry
    return True


def _figure_places(low: str, limit: int) -> Iterator[tuple[int, tuple[int, int] | None]]:
    """Each of the first `limit` matches of pat.K_TRIGGER and of each period trigger in `low`: where
    it starts, and the window it opens (None: a period that follows no figure)."""
    for found in itertools.islice(pat.K_TRIGGER.finditer(low), limit):
        yield found.start(), (found.start() - 30, found.end() + 50)
    for trigger in pat.PERIOD_TRIGGERS:
        for found in itertools.islice(trigger.finditer(low), limit):
            begin = found.start()
            while begin > 0 and (
                low[begin - 1].isalpha() or (low[begin - 1] == "-" and low[begin - 2 : begin - 1].isalpha())
            ):
                begin -= 1  # "weekly" is found at its "ly", "bi-weekly" and "semi-monthly" too
            # Only a period right after a figure marks it ("56,000 per year", "2,000+ weekly"); the
            # figure is on the same line.
            if low[max(0, begin - 3) : begin].rstrip(" +")[-1:].isdigit():
                yield found.start(), (max(begin - 45, low.rfind("\n", 0, begin) + 1), begin)
            else:
                yield found.start(), None


# The codes and currency words, for `_may_name_a_code`.
_CODE_WORDS = ahocorasick_rs.AhoCorasick(pat.CODE_WORDS)
_ASCII_CODE_WORDS = ahocorasick_rs.BytesAhoCorasick([word.encode("utf-8") for word in pat.CODE_WORDS])


def _may_name_a_code(text: str) -> bool:
    """Whether an ISO code or a currency word ("EUR", "Rs") stands anywhere in `text`: a text
    without one is not read with pat.CODE_TRIGGER, whose pass tries every upper-case letter (the
    most costly pass of a posting without a currency symbol, most postings: about 0.55M
    instructions on a 3 KB description, this one pass of an automaton ~20K). A text the automaton
    cannot take (a lone surrogate) may name one."""
    try:
        if text.isascii():
            return bool(_ASCII_CODE_WORDS.find_matches_as_indexes(text.encode("ascii")))
        return bool(_CODE_WORDS.find_matches_as_indexes(text))
    except UnicodeEncodeError:
        return True


def _prefix_start(text: str, position: int) -> int:
    """Where a currency symbol's token starts: "CA$" two characters before its "$"."""
    if position == 0 or not text[position - 1].isalpha():
        return position  # every prefix ends with a letter, and no other character uppercases to one
    for width in (2, 1):
        if text[max(0, position - width) : position].upper() in pat.SYMBOL_PREFIXES and position - width >= 0:
            return position - width
    return position


_WORD_LEADS = frozenset({"Rs", "kr", "Kr", "KR"})


def _code_start(text: str, position: int) -> int:
    """Where a figure's token starts when an ISO code, "Rs." or "kr" leads it: "USD 120,000"."""
    if position == 0 or text[position - 1] not in _CODE_LEAD_ENDS:
        return position
    for width in (4, 3, 2):
        lead = text[max(0, position - width) : position].rstrip(" .")
        if position - width >= 0 and (lead in pat.CODE_SET or lead in _WORD_LEADS):
            return position - width
    return position


def _positions(text: str, needle: str) -> list[int]:
    positions: list[int] = []
    at = text.find(needle)
    while at >= 0 and len(positions) < pat.MAX_TRIGGERS:
        positions.append(at)
        at = text.find(needle, at + 1)
    return positions


def _islice(found: Iterator[re.Match[str]]) -> Iterator[re.Match[str]]:
    return itertools.islice(found, pat.MAX_TRIGGERS)


def _merged(windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping windows joined, so every stretch of text is scanned once."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(windows):
        if merged and start <= merged[-1][1]:
            if end > merged[-1][1]:
                merged[-1] = (merged[-1][0], end)
        else:
            merged.append((start, end))
    return merged


def _word_positions(low: str, word: str, occurrences: list[int]) -> list[int]:
    """Where a word starts (not inside another word: "ote" in "remote" does not count), of its
    `occurrences` in `low`."""
    positions: list[int] = []
    for at in occurrences:
        if at == 0 or not low[at - 1].isalpha() or not word[0].isalpha():
            positions.append(at)
            if len(positions) == pat.MAX_TRIGGERS:
                break
    return positions
