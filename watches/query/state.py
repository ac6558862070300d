"""The reader's state, which every pass reads and writes: the working text, the filters read so far,
the notes; and the cut, the one way a pass takes what it read out of the text.

A module of its own so that each pass (a function of this state, in a module named for what it
reads) depends on it and on nothing of the passes it does not call.
"""

from __future__ import annotations

import re
from collections.abc import Callable

MAX_QUERY_LENGTH = 500
# What a cut leaves: a hard boundary for the passes after it (no phrase is read across it).
BAR = " | "


class ReaderState:
    """One query being read. `text` is the lowercased working copy the passes cut from
    (`cleanup.normalise` fills it), `original` the query as written (its capitals say "US" the
    country, "NC" the state); the other attributes are the filters as the passes read them."""

    def __init__(self) -> None:
        self.notes: list[str] = []
        self.text = ""
        self.original = ""
        self.capital_us = False
        self.capital_codes: frozenset[str] = frozenset()
        self.keywords: list[str] = []
        self.all_keywords: list[str] = []
        self.exclude: list[str] = []
        self.locations: list[str] = []
        self.seniority: list[str] = []
        self.remote_only = False
        self.min_salary: int | None = None
        self.currency: str | None = None
        # The currency of a bare "$" (USD unless `pay.read_local_dollar` reads the amount again), and
        # the amount taken with one: its text, where its notes start and how many there are.
        self.dollar = "USD"
        self.bare_dollar: tuple[str, int, int] | None = None
        # Likewise the krona or krone written "kr" (SEK unless the places are in Norway, Denmark or
        # Iceland), and which of the two marks the amount taken was written with.
        self.krona = "SEK"
        self.bare_mark = "$"
        self.max_years: float | None = None
        self.remote_from: list[str] = []
        self.visa = False
        self.employment: list[str] = []
        self.not_employment: list[str] = []
        self.companies: list[str] = []
        self.exclude_companies: list[str] = []
        self.no_agencies = False
        self.posted_within: int | None = None
        self.clearances: list[str] = []

    def cut(self, pattern: re.Pattern[str], handle: Callable[[re.Match[str]], bool] | None = None) -> None:
        """Replace each match with a bar when `handle` accepts it (or always, without one)."""

        def replace(match: re.Match[str]) -> str:
            if handle is None or handle(match):
                return BAR
            return match.group(0)

        self.text = pattern.sub(replace, self.text)

    def words_end(self, match: re.Match[str], words: list[str]) -> int:
        """Where `words` (split from the text after `match`) end in the text, whatever spaces stand
        between them."""
        consumed = re.match(r"\s*" + r"\s+".join(re.escape(word) for word in words), self.text[match.end() :])
        return match.end() + (consumed.end() if consumed else 0)


def plain(value: float) -> str:
    """A number as a note writes it: 5, not 5.0; 1.5 as it is."""
    return str(int(value)) if float(value).is_integer() else str(value)
