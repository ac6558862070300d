"""Remote, hybrid or on-site: from the platform's own field first, else the title and location,
else an explicit statement in the posting text.

The title and location are the strongest text signal: they are short and written for exactly this.
The description is read only when they say nothing, and only for sentences about this role ("This
role is hybrid", "3 days a week in the office"), because descriptions also carry company boilerplate
("we are a remote-first company", "offices in 12 cities") that says nothing about the job.
"""

from __future__ import annotations

import functools
import re
from typing import Literal

from boards.derive.text import PostingText, anchor_words

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
# In a location only: Amazon and others write "Virtual" for remote, and a place named "Worldwide"
# is no office.
_VIRTUAL = re.compile(r"\b(?:virtual|worldwide)\b")

# Explicit statements about the role in a description, read around each workplace word: the text
# before it ("this role is fully ", "3 days a week in our ") and after it (" position", " role").
_ROLE_IS_BEFORE = re.compile(
    r"\b(?:this|the|our)\s+(?:\w+\s+)?(?:role|position|job|opportunity)\s+(?:is|will\s+be|can\s+be)\s+(?:an?\s+)?"
    r"(?:fully\s+|100%\s+|completely\s+|entirely\s+)?$"
)
_ROLE_WORDS = ("role", "position", "job", "opportunity")  # every match of _ROLE_IS_BEFORE holds one
_ROLE_AFTER = re.compile(r"[\s-]+(?:role|position|job|opportunity|work(?:ing)?\s+(?:model|arrangement|schedule))\b")
_NEGATION_BEFORE = re.compile(r"\b(?:not|no|non)[\s-]*(?:a\s+)?(?:fully\s+)?$")
_NOT_AVAILABLE_AFTER = re.compile(r"\s+(?:work\s+)?is\s+not\s+(?:available|possible|offered|an\s+option)\b")
_DAYS_BEFORE = re.compile(
    _DAY_COUNT + r"\s*(?:\+\s*)?(?:days?|x)\s*(?:a|per|/|each)?\s*(?:week|wk)?\s*(?:in|at|on|from)[\s-]+"
    r"(?:the\s+|our\s+|an?\s+)?(?:\w+\s+)?$"
)
_DAYS_AFTER = re.compile(r"\s*(?:\w+\s+)?" + _DAY_COUNT + r"\s*(?:\+\s*)?(?:days?|x)\s*(?:a|per|/|each)?\s*(?:week|wk)")
# The words looked for in a description (anchors of the posting's one scan); "site", "office" and
# "person" are read as on-site phrases when "on"/"in" comes before them ("on-site", "in office",
# "in-person", "office-based").
_DESCRIPTION_WORDS = anchor_words("remote", "hybrid", "office", "site", "person", "hq", "headquarters", "campus")
_PRIORITY: dict[WorkplaceKind, int] = {"onsite": 1, "remote": 2, "hybrid": 3}
MAX_MENTIONS = 60
_TRUE_HINTS = frozenset({"true", "yes", "1"})
# Values of a platform's workplace field that name the place of work without a workplace word:
# "Office", "Work from office", "WFO", "Vor Ort" are on-site; "Home based", "Homeoffice", "Home" remote.
_HINT_ONSITE = re.compile(
    r"^(?:office|in[\s-]the[\s-]office|(?:work(?:ing)?\s+)?(?:from|at)\s+(?:the\s+)?office|wfo|at\s+office|"
    r"office\s+only|fully\s+office|100%\s+office|vor\s+ort|präsenz|presencial|sur\s+site|presentiel|présentiel)\b"
)
_HINT_OFFICE = re.compile(r"\boffice\b")
_HINT_DAYS = re.compile(r"\b\d\s*(?:-\s*\d\s*)?days?\b")
_HINT_REMOTE = re.compile(
    r"^(?:home|home[\s-]?based|home[\s-]?office|homeoffice|from\s+home|télétravail|teletrabajo)\b"
)


def workplace_type(*, title: str, location: str, hint: str = "", description: str = "") -> WorkplaceKind:
    """remote, hybrid, onsite or unknown. A platform's own field (Lever/Ashby `workplaceType`,
    Workable `telecommuting`, Oracle `WorkplaceType`, …) wins over any text."""
    return workplace_from_lowered(
        title=title, location=location, hint=hint, description_low=(description or "")[:MAX_DESCRIPTION].lower()
    )


def workplace_from_lowered(
    *, title: str, location: str, hint: str, description_low: str = "", text: PostingText | None = None
) -> WorkplaceKind:
    """`workplace_type` for a caller that already holds the lowercased description, as a string or
    as the description of `text` (derive_job's PostingText)."""
    from_hint = _from_hint(hint)
    if from_hint is not None:
        return from_hint
    from_title = _from_title_and_place(title or "", location or "")
    if from_title is not None:
        return from_title
    if text is not None:
        description_low = text.description_low
    if description_low:
        if text is None:
            text = PostingText.of_lowered(description_low)
        from_description = _from_description(text, description_low[:MAX_DESCRIPTION])
        if from_description is not None:
            return from_description
    return "unknown"


def is_remote(*, title: str, location: str, hint: str = "", description: str = "") -> bool:
    """The `remote` flag: only a fully remote job (a hybrid or on-site one is not)."""
    return workplace_type(title=title, location=location, hint=hint, description=description) == "remote"


@functools.lru_cache(maxsize=4096)  # a board repeats its titles and places: each pair is read once
def _from_title_and_place(title: str, location: str) -> WorkplaceKind | None:
    return _from_text(f"{title} | {location}".lower(), location=location.lower())


@functools.lru_cache(maxsize=4096)
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
    home = _HINT_REMOTE.match(value) is not None
    office = _HINT_OFFICE.search(value.replace("home office", "").replace("home-office", "")) is not None
    if ((home or _REMOTE.search(value)) and office) or (home and _HINT_DAYS.search(value)):
        return "hybrid"  # "Office / Remote", "Home office 2 days"
    found = _from_text(value, location=value)
    if found is not None:
        return found
    if _HINT_ONSITE.match(value):
        return "onsite"
    return "remote" if home else None


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


def _from_description(text: PostingText, low: str) -> WorkplaceKind | None:
    """Only explicit statements about this role, read around each workplace word. A refusal of
    remote wins, then hybrid, then remote, then on-site. `low` is the description of `text`, cut.

    Reading short windows around the words keeps a 3 KB description to one anchor scan instead of
    several full regular-expression scans."""
    best: WorkplaceKind | None = None
    mentions = 0
    for word in text.present(_DESCRIPTION_WORDS):
        for at in text.occurrences(word, within=len(low)):
            if mentions >= MAX_MENTIONS:
                break
            mentions += 1
            phrase = _phrase(low, word, at)
            if phrase is not None:
                kind = _statement(low, *phrase)
                if kind == "refused":
                    return "onsite"
                if kind is not None and (best is None or _PRIORITY[kind] > _PRIORITY[best]):
                    best = kind
    return best


def _phrase(low: str, word: str, at: int) -> tuple[str, int, int] | None:
    """(what the word means here, where its phrase starts, where it ends), or None when the word is
    part of another one ("website", "personal", "offices")."""
    end = at + len(word)
    if _letter_at(low, end):
        return None
    if word in {"site", "office", "person"}:
        for lead in ("on-", "on ", "on") if word == "site" else ("in-", "in "):
            start = at - len(lead)
            if start >= 0 and low.startswith(lead, start) and not _letter_at(low, start - 1):
                return "onsite", start, end
        if word == "office" and low.startswith(("-based", " based"), end) and not _letter_at(low, at - 1):
            return "onsite", at, end + 6
        if word == "person":
            return None
    if _letter_at(low, at - 1):
        return None
    return (word if word in {"remote", "hybrid"} else "place"), at, end


def _letter_at(low: str, index: int) -> bool:
    return 0 <= index < len(low) and low[index].isalpha()


def _statement(low: str, meaning: str, start: int, end: int) -> WorkplaceKind | Literal["refused"] | None:
    """The searches of the 60 characters before the phrase (tried at each of their places) run
    only when the words every match holds are there: "day" or "x", a role word, "no"."""
    before = low[max(0, start - 60) : start]
    after = low[end : end + 40]
    if meaning == "place":
        return "hybrid" if ("day" in before or "x" in before) and _DAYS_BEFORE.search(before) else None
    role_is = any(word in before for word in _ROLE_WORDS) and _ROLE_IS_BEFORE.search(before) is not None
    role_after = bool(_ROLE_AFTER.match(after))
    if meaning == "remote":
        if "no" in before and _NEGATION_BEFORE.search(before) and (role_is or role_after or "is not" in before):
            return "refused"
        if _NOT_AVAILABLE_AFTER.match(after):
            return "refused"
        if role_is or (role_after and not after.startswith((" role is not", " position is not"))):
            return "remote"
        return None
    if meaning == "hybrid":
        return "hybrid" if role_is or role_after else None
    if _DAYS_AFTER.match(after):
        return "hybrid"
    return "onsite" if role_is or role_after else None
