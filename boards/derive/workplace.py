"""Remote, hybrid or on-site: from the platform's own field first, else the title and location,
else an explicit statement in the posting text.

The title and location are the strongest text signal: they are short and written for exactly this.
The description is read only when they say nothing, and only for sentences about this role ("This
role is hybrid", "3 days a week in the office"), because descriptions also carry company boilerplate
("we are a remote-first company", "offices in 12 cities") that says nothing about the job.
"""

from __future__ import annotations

import re
from typing import Literal

WorkplaceKind = Literal["remote", "hybrid", "onsite", "unknown"]

MAX_DESCRIPTION = 200_000

_DAY_COUNT = r"(?:\d(?:\s?-\s?\d)?|one|two|three|four|five|a\s+few)"
_DAYS_IN_OFFICE = (
    _DAY_COUNT + r"\s*(?:\+\s*)?(?:days?|x)\s*(?:a|per|/|each)?\s*(?:week|wk)?\s*(?:in|at|on|from)[\s-]+"
    r"(?:the\s+|our\s+|an?\s+)?(?:\w+\s+)?(?:office|site|hq|headquarters|studio|campus)"
    r"|(?:in[\s-]office|on[\s-]?site)\s*(?:\w+\s+)?"
    + _DAY_COUNT
    + r"\s*(?:\+\s*)?(?:days?|x)\s*(?:a|per|/|each)?\s*(?:week|wk)"
)
_HYBRID = re.compile(
    r"\bhybrid\b|\bpartially\s+remote\b|\bpartly\s+remote\b|\bpart[\s-]remote\b|\bflex(?:ible)?[\s-](?:remote|hybrid)\b|"
    r"\b(?:" + _DAYS_IN_OFFICE + r")"
)
# "no remote", "not remote", "non-remote" — but "no remote outside Canada" limits where, not whether.
_NOT_REMOTE = re.compile(
    r"\b(?:no|not|non)[\s-]*(?:a\s+)?(?:fully\s+)?(?:remote|telework|telecommute)\b(?!\s+(?:outside|except|beyond))"
    r"|\bremote\s+(?:work\s+)?(?:is\s+)?not\s+(?:available|possible|offered|an\s+option)\b"
)
_ONSITE = re.compile(
    r"\bon[\s-]?site\b|\bin[\s-]office\b|\bin[\s-]person\b|\boffice[\s-]based\b|\bin\s+the\s+office\b|\bon[\s-]premises?\b"
)
# Remote words; "remote sensing", "remote patient monitoring" and the like are fields, not places.
_REMOTE = re.compile(
    r"\bremote(?:ly)?\b(?![\s-]+(?:sensing|patient|monitoring|control|operations?\s+cent|pilot|piloted|vehicle|site\s+visit))"
    r"|\btelecommut\w*|\btelework\w*|\bwork(?:ing)?\s+from\s+home\b|\bwfh\b|\bwork\s+from\s+anywhere\b|\banywhere\b"
)
# In a location only: Amazon and others write "Virtual" for remote.
_VIRTUAL = re.compile(r"\bvirtual\b")

# Explicit statements about the role in a description.
_ROLE = (
    r"(?:this|the|our)\s+(?:\w+\s+)?(?:role|position|job|opportunity|team)\s+(?:is|will\s+be|can\s+be)\s+(?:an?\s+)?"
)
_DESCRIPTION_NOT_REMOTE = re.compile(
    _ROLE + r"not\s+(?:a\s+)?(?:fully\s+)?remote\b|\bnot\s+(?:a\s+)?remote\s+(?:role|position|job|opportunity)\b|"
    r"\bremote\s+work\s+is\s+not\s+(?:available|possible|offered)\b"
)
_DESCRIPTION_HYBRID = re.compile(
    _ROLE
    + r"(?:fully\s+)?hybrid\b|\bhybrid\s+(?:role|position|job|opportunity|work(?:ing)?\s+(?:model|arrangement|schedule))\b|"
    r"\b(?:" + _DAYS_IN_OFFICE + r")"
)
_DESCRIPTION_REMOTE = re.compile(
    _ROLE + r"(?:fully\s+|100%\s+|completely\s+|entirely\s+)?remote\b|"
    r"\b(?:fully|100%|completely|entirely)\s+remote\s+(?:role|position|job|opportunity)\b|"
    r"\bremote\s+(?:role|position)\b(?!\s+is\s+not)"
)
_DESCRIPTION_ONSITE = re.compile(
    _ROLE + r"(?:fully\s+|100%\s+)?(?:on[\s-]?site|in[\s-]office|in[\s-]person|office[\s-]based)\b|"
    r"\b(?:on[\s-]?site|in[\s-]office|in[\s-]person)\s+(?:role|position|job)\b"
)
_DESCRIPTION_RULES: tuple[tuple[re.Pattern[str], WorkplaceKind], ...] = (
    (_DESCRIPTION_NOT_REMOTE, "onsite"),
    (_DESCRIPTION_HYBRID, "hybrid"),
    (_DESCRIPTION_REMOTE, "remote"),
    (_DESCRIPTION_ONSITE, "onsite"),
)
_DESCRIPTION_WORDS = ("remote", "hybrid", "office", "site", "person", "hq", "headquarters", "campus", "studio")
MAX_WINDOWS = 60
_TRUE_HINTS = frozenset({"true", "yes", "1"})


def workplace_type(*, title: str, location: str, hint: str = "", description: str = "") -> WorkplaceKind:
    """remote, hybrid, onsite or unknown. A platform's own field (Lever/Ashby `workplaceType`,
    Workable `telecommuting`, Oracle `WorkplaceType`, …) wins over any text."""
    from_hint = _from_hint(hint)
    if from_hint is not None:
        return from_hint
    from_title = _from_text(f"{title or ''} | {location or ''}".lower(), location=(location or "").lower())
    if from_title is not None:
        return from_title
    if description:
        from_description = _from_description(description[:MAX_DESCRIPTION].lower())
        if from_description is not None:
            return from_description
    return "unknown"


def is_remote(*, title: str, location: str, hint: str = "", description: str = "") -> bool:
    """The `remote` flag: only a fully remote job (a hybrid or on-site one is not)."""
    return workplace_type(title=title, location=location, hint=hint, description=description) == "remote"


def _from_hint(hint: str) -> WorkplaceKind | None:
    """A platform value as given: "remote", "Hybrid", "ORA_ON_SITE", "remote_global", "Fully Remote",
    "true" (a boolean remote flag). "unspecified", "false" and the like say nothing."""
    value = (hint or "").strip().lower().replace("_", " ")
    if not value:
        return None
    if value in _TRUE_HINTS:
        return "remote"
    if value.startswith("ora "):
        value = value[4:]
    if "flexible" in value:
        return "hybrid"
    return _from_text(value, location=value)


def _from_text(text: str, *, location: str) -> WorkplaceKind | None:
    """Title and location: hybrid words win, then a refusal of remote, then remote (on-site too
    means a choice of both, which is hybrid), then on-site."""
    if _HYBRID.search(text):
        return "hybrid"
    if _NOT_REMOTE.search(text):
        return "onsite"
    remote = bool(_REMOTE.search(text) or _VIRTUAL.search(location))
    onsite = bool(_ONSITE.search(text))
    if remote and onsite:
        return "hybrid"
    if remote:
        return "remote"
    if onsite:
        return "onsite"
    return None


def _from_description(low: str) -> WorkplaceKind | None:
    """Only explicit statements about the role; a refusal of remote comes first.

    The patterns are read only in short windows around the words they need, so a 3 KB description
    costs a few substring searches rather than several full regular-expression scans."""
    windows: list[tuple[int, int]] = []
    for word in _DESCRIPTION_WORDS:
        at = low.find(word)
        while at >= 0 and len(windows) < MAX_WINDOWS:
            windows.append((max(0, at - 80), at + 80))
            at = low.find(word, at + len(word))
    if not windows:
        return None
    segments = [low[start:end] for start, end in _merged(windows)]
    for pattern, kind in _DESCRIPTION_RULES:
        if any(pattern.search(segment) for segment in segments):
            return kind
    return None


def _merged(windows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(windows):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
