"""The plain-language query reader (SPEC §4): rules, no model, and every guess shown.

The text is read in passes over a lowercased working copy (`state.ReaderState`). Each pass *cuts*
what it recognises (replaces it with a bar, a hard boundary for later passes), so a number read as
years of experience is never read again as pay, and a place is never read as a role word. Each pass
is a function of the reader's state in the module named for what it reads; `reader.py` runs them in
this order:

1. clean-up (`cleanup`): URLs, mentions of Watchtower itself, delivery instructions ("notify me"),
   the gender markers of German and French titles ("(m/w/d)"); a UK postcode district after a
   British town (`postcodes`: "London EC2": noted, the town kept);
2. years of experience (`experience`; before pay, so "6 years" is never $6,000);
3. pay floors (`pay`: "at least 150k", "$45/hour", "£2,500 pcm", "R 35 000", "35.000 €", "1,20,000
   INR" → yearly); a ceiling is noted, not used; an amount that is a bonus or a budget is no pay;
4. visa sponsorship (`visa`: "with visa sponsorship", "that sponsor H-1B"); employment types
   (`employment`: "contract", "part-time", "internship", "no contract roles"); companies
   (`companies`: "at Stripe or Airbnb", "not at Amazon", "excluding staffing agencies"; a skill in
   a list of companies is no company: "exclude jobs at Oracle, IBM, python"; "Home Office", the UK
   department or working from home, by the words around it: `home_office`); criteria
   Watchtower has no filter for (`unsupported`: "with a 4-day week", "unlimited PTO") are noted,
   never read as role words; a security clearance (`clearances`: "TS/SCI", "top secret") is kept as
   one term for the role words;
5. negations (`negations`): "not in Berlin" and "no remote" are noted (no such filters), "no
   managers" excludes;
6. work modes (`work_modes`: hybrid, on-site) are noted; where remote work must be allowed from
   (`remote`: "remote jobs I can do from Germany", "remote jobs from Canada", "anywhere in Europe",
   "remote anywhere", a country or zone written next to "remote": "remote Europe", "US remote",
   "remote (US or Canada)"; a name there that is no known place is noted, never a keyword); places
   (`locations`: "in Austin, TX or remote"), checked against the gazetteer (`place_names`) so "in
   machine learning" stays a role; a place without "in" as a segment of its own or at either end
   ("data engineer, New York, senior", "hybrid London backend"), unless the word is more often a
   role or skill ("Phoenix", "Mobile");
7. "remote" → `remote_only`, or with places (and no on-site alternative) → `remote_from` (`remote`);
8. levels → `seniority` (`levels`); 9. what is left → role words (`roles`, over the word forms
   of `words`).

Whatever is not used is said in `notes`, so the calling agent can correct it with explicit
filters. `interpret` never raises.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from watches.filters import Filters
from watches.query.reader import read_filters
from watches.query.state import MAX_QUERY_LENGTH

__all__ = ["MAX_QUERY_LENGTH", "Interpretation", "interpret", "read"]

logger = logging.getLogger(__name__)


@dataclass
class Interpretation:
    filters: Filters
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"filters": self.filters.as_dict(), "notes": list(self.notes)}


def interpret(text: Any) -> Interpretation:
    """Read a plain-language query into filters and notes; never raises (a failure of a rule
    becomes a note, so a creation request still gets an answer it can correct)."""
    try:
        return read(text)
    except Exception:  # a reader bug must not turn a watch request into a server error
        logger.exception("query reader failed", extra={"query": str(text)[:MAX_QUERY_LENGTH]})
        return Interpretation(Filters(), ["The query could not be read; pass explicit filters instead."])


def read(text: Any) -> Interpretation:
    """The reader itself, without `interpret`'s safety net (tests run both)."""
    filters, notes = read_filters(text if isinstance(text, str) else "")
    return Interpretation(filters, notes)
