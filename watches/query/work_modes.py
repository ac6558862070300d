"""Work modes: "hybrid", "on-site", "3 days a week in office" are noted (no filter); "remote or
hybrid" says remote is one mode among others, so no remote filter; "remote Africa ok" makes the
place a location, remote allowed from there.

Read before `remote`, whose "remote" would otherwise be taken as required.
"""

from __future__ import annotations

import re

from watches.query.place_names import read_places
from watches.query.state import ReaderState

# "remote or hybrid", "hybrid/remote", "on-site, hybrid or remote": remote as one mode among others
# is no requirement (a hybrid job in the place is as welcome).
_MODE = r"(?:hybrid|on[\s-]?site|in[\s-]office|in[\s-]person)"
_MODE_JOIN = r"\s*(?:/|,|\bor\b|\band/or\b)\s*"
_REMOTE_OR_MODE = re.compile(
    rf"\b(?:fully\s+)?(?:remote|wfh)(?:{_MODE_JOIN}{_MODE})+\b"
    rf"|\b{_MODE}(?:{_MODE_JOIN}{_MODE})*{_MODE_JOIN}(?:fully\s+)?(?:remote|wfh)\b"
    # "remote OK", "remote is fine": remote allowed, not asked for.
    r"|\bremote\s+(?:is\s+)?(?:ok|okay|fine|welcome|possible|considered|acceptable)\b"
)
# "remote Africa ok", "remote in the EU is fine": remote work from a place allowed, not asked for.
_REMOTE_PLACE_OK = re.compile(
    r"\b(?:fully\s+)?remote\s+(?:(?:from|in|within)\s+)?(?:the\s+)?(?P<place>[a-z][a-z.]*(?:\s[a-z.]+){0,2}?)\s+"
    r"(?:is\s+|also\s+|too\s+)?(?:ok|okay|fine|welcome|possible|considered|acceptable)\b"
)
_WORK_MODE = re.compile(
    r"\b(?:hybrid|hybride|h[ií]brido|on[\s-]?site|in[\s-]office|in[\s-]person|presencial)\b"
    r"(?:\s*\(?\s*(?:\d|one|two|three|four)(?:\s*-\s*\d)?\s*(?:days?|x)(?:\s*(?:a|per|/)\s*(?:week|wk))?"
    r"(?:\s+(?:in\s+)?(?:the\s+)?office)?\s*\)?)?"
)
# Days in the office apart from the word hybrid too: "(2 days/wk)", "3 days a week in office" (a
# second pattern, read only when "week" or "office" is in the query).
_WORK_MODE_OR_DAYS = re.compile(
    _WORK_MODE.pattern + r"|\(?\b(?:\d|one|two|three|four)(?:\s*-\s*\d)?\s*(?:days?|x)\s*(?:(?:a|per|/)\s*(?:week|wk)\b"
    r"(?:\s+(?:in\s+)?(?:the\s+)?office\b)?|(?:in\s+)?(?:the\s+)?office\b(?:\s*(?:a|per|/)\s*(?:week|wk)\b)?)\s*\)?"
)


def read_work_modes(reader: ReaderState) -> None:
    def either(match: re.Match[str]) -> bool:
        reader.notes.append(
            f'"{match.group(0)}": any of these work modes will do, and a work mode is not a filter Watchtower '
            "has; no remote filter was set."
        )
        return True

    if "remote" in reader.text or "wfh" in reader.text:
        reader.cut(_REMOTE_OR_MODE, either)

        def allowed_from(match: re.Match[str]) -> bool:
            accepted = read_places(match.group("place"))
            if not accepted or "remote" in accepted:
                return False
            reader.locations.extend(place for place in accepted if place not in reader.locations)
            reader.notes.append(
                f'"{match.group(0).strip()}": remote work is allowed, not asked for; the place is a location '
                "(it finds remote jobs workable from there too), and no remote filter was set."
            )
            return True

        reader.cut(_REMOTE_PLACE_OK, allowed_from)

    def mode(match: re.Match[str]) -> bool:
        reader.notes.append(f'"{match.group(0).strip()}" is not a filter Watchtower has; it was ignored.')
        return True

    days = "week" in reader.text or "wk" in reader.text or "office" in reader.text
    reader.cut(_WORK_MODE_OR_DAYS if days else _WORK_MODE, mode)
