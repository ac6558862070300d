"""Employment type: full_time, part_time, contract, temporary or internship, or unknown (None).

A platform's own field wins (Lever `categories.commitment`, Ashby `employmentType`, SmartRecruiters
`typeOfEmployment`, Workday `timeType`, Recruitee `employment_type_code`, Workable
`employment_type`, JSON-LD `employmentType`, Greenhouse "Employment Type" metadata); then the
title, which is short and written for exactly this ("Contract iOS Engineer", "Werkstudent");
then only *labelled* statements in the description ("Employment type: Contract", "This is a
part-time position", "6-month contract"), because descriptions also say "full-time employees
enjoy…" about the company's other staff.

When a value names two kinds ("Full-time, fixed term", a JSON-LD list `["FULL_TIME",
"CONTRACTOR"]`) the narrower one wins, in the order internship, contract, temporary, part-time,
full-time: a fixed-term full-time job is temporary, a paid internship is an internship.
"""

from __future__ import annotations

import functools
import re
from typing import Literal

from boards.derive.text import PostingText, anchor_words

EmploymentType = Literal["full_time", "part_time", "contract", "temporary", "internship"]
EMPLOYMENT_TYPES: tuple[EmploymentType, ...] = ("full_time", "part_time", "contract", "temporary", "internship")
MAX_DESCRIPTION = 200_000

# Narrowest first: the first kind a value names wins.
_KINDS: tuple[tuple[EmploymentType, re.Pattern[str]], ...] = (
    (
        "internship",
        re.compile(
            r"\b(?:interns?|internships?|co ?op|working student|werkstudent\w*|praktikum|praktikant\w*"
            r"|stagiaire|apprentice(?:ship)?|trainee ?ship|summer student|placement year|industrial placement|alternance)\b"
        ),
    ),
    (
        "contract",
        re.compile(
            r"\b(?:(?<!fixed term )(?<!fixed duration )contract(?:or|ors)?|contract to hire|freelance(?:r)?|freelancing|consultant contract|1099|c2c"
            r"|corp to corp|b2b contract|self employed|zzp|auftrag)\b"
        ),
    ),
    (
        "temporary",
        re.compile(
            r"\b(?:temporary|temp|seasonal|fixed term|fixed duration|befristet\w*|cdd|interim|maternity cover"
            r"|parental leave cover|locum|per diem)\b"
        ),
    ),
    ("part_time", re.compile(r"\b(?:part time|parttime|teilzeit|temps partiel|half time|halftime|minijob)\b")),
    (
        "full_time",
        re.compile(
            r"\b(?:full time|fulltime|permanent|regular|vollzeit|unbefristet|festanstellung|cdi|temps plein|ft|perm)\b"
        ),
    ),
)
# Full-time words a title is read for (not "Regular", "Permanent": see _from_title).
_TITLE_FULL_TIME = re.compile(r"\b(?:full time|fulltime|vollzeit)\b")
# Title words that say a kind without its usual spelling.
_TITLE_ONLY = re.compile(r"\((?:pt|ft)\)|\b(?:pt|ft)\b")
# Labelled statements in a description: "Employment type: Contract", "Job Type: Part-time".
_LABELLED = re.compile(
    r"\b(?:(?:employment|job|position|contract|work|engagement|role)\s+type|type\s+of\s+(?:employment|contract|position|role))"
    r"\s*[:\-–]\s*(?P<value>[^\n.;|]{2,60})"
)
# "This is a part-time position", "this role is a 6-month contract", "a full-time, permanent role".
_STATEMENT = re.compile(
    r"\b(?:(?:this|the)\s+(?:\w+\s+)?(?:role|position|job|opportunity|vacancy|post)\s+(?:is|will\s+be|is\s+offered\s+as)"
    r"|this\s+is)\s+(?:an?\s+)?(?P<value>[\w\s,/-]{3,60}?)(?:\s+(?P<noun>role|position|job|opportunity|contract|engagement"
    r"|basis|assignment|program(?:me)?)\b|[.,;\n(])"
    r"|\b(?:an?|our)\s+(?P<value2>(?:\d{1,2}|six|three|twelve|nine)[\s-]+months?)\s+(?:fixed[\s-]term\s+)?contract\b"
    r"|\bon\s+an?\s+(?P<value3>(?:fixed[\s-]term|freelance|contract|temporary|part[\s-]time|full[\s-]time))\s+"
    r"(?:basis|contract)\b"
)


@functools.lru_cache(maxsize=4096)  # a board repeats its few values thousands of times
def employment_type_from_value(value: str) -> EmploymentType | None:
    """The kind a platform value or a label names: "FullTime", "FULL_TIME", "Full-time Employee",
    "parttime_fixed_term", "Intern", "Contractor". "volunteer", "other" and the like say nothing."""
    folded = _fold(value)
    if not folded:
        return None
    for kind, pattern in _KINDS:
        if pattern.search(folded):
            return kind
    return None


def employment_type_of(
    *, stated: str, title: str, description_low: str = "", text: PostingText | None = None
) -> tuple[EmploymentType, Literal["structured", "text"]] | None:
    """(kind, source): the platform's value (`Posting.employment_type`, as given) first, then the
    title, then labelled statements in the (already lowercased) description: `description_low`,
    or the description of `text` (derive_job's PostingText)."""
    found = employment_type_from_value(stated)
    if found is not None:
        return found, "structured"
    from_title = _from_title(title)
    if from_title is not None:
        return from_title, "text"
    if text is None:
        if not description_low:
            return None
        text = PostingText.of_lowered(description_low)
    from_description = _from_description(text)
    if from_description is not None:
        return from_description, "text"
    return None


@functools.lru_cache(maxsize=4096)  # and its titles
def _from_title(title: str) -> EmploymentType | None:
    folded = _fold(title)
    if not folded:
        return None
    for kind, pattern in _KINDS:
        if kind == "full_time":
            continue
        # Full-time words ("Regular", "Permanent") in a title are read below, more strictly.
        if pattern.search(folded) and not _title_false_positive(kind, folded):
            return kind
    if _TITLE_FULL_TIME.search(folded):
        return "full_time"
    pt_ft = _TITLE_ONLY.search(title.lower())
    if pt_ft is not None:
        return "part_time" if "pt" in pt_ft.group(0) else "full_time"
    return None


def _title_false_positive(kind: EmploymentType, folded: str) -> bool:
    if kind == "internship":
        # Whoever runs the intern program is not an intern.
        return bool(re.search(r"\bintern(?:s|ship)?\s+(?:program|programs|recruit\w*|coordinator|manager)\b", folded))
    if kind == "contract":
        # "Contract Manager", "Contracts Lawyer", "Contract Analyst" name a job about contracts;
        # "Contractor Relations Manager", "Contractor Safety Lead" one about the company's contractors.
        if re.search(
            r"\bcontractors?\s+(?:relations|management|manager|compliance|safety|onboarding|operations|payments?)\b",
            folded,
        ):
            return not re.search(r"\b(?:freelance\w*|1099|c2c|contract to hire)\b", folded)
        return bool(
            re.search(
                r"\bcontracts?\s+(?:manager|management|lawyer|attorney|counsel|analyst|administrator|specialist|"
                r"negotiator|officer|lead|director|associate|coordinator|paralegal)\b",
                folded,
            )
        ) and not re.search(r"\b(?:contractor|freelance\w*|1099|c2c|contract to hire)\b", folded)
    if kind == "temporary":
        return bool(re.search(r"\binterim\s+(?:cto|ceo|cfo|director|head|manager|vp)\b", folded)) and not re.search(
            r"\b(?:temporary|temp|fixed term|seasonal)\b", folded
        )
    return False


def _from_description(text: PostingText) -> EmploymentType | None:
    low = text.description_low[:MAX_DESCRIPTION]
    if not low:
        return None
    for match in _windowed(_LABELLED, text, low, _LABEL_WORDS, before=40, after=70):
        kind = employment_type_from_value(match.group("value"))
        if kind is not None:
            return kind
    for match in _windowed(_STATEMENT, text, low, _STATEMENT_WORDS, before=110, after=80):
        if match.group("value2"):
            return "contract"
        value = match.group("value") or match.group("value3") or ""
        if len(value.split()) > 6:
            continue
        kind = employment_type_from_value(value)
        if kind is None and match.group("noun") == "contract" and re.search(r"\d|month|year|week", value):
            kind = "contract"  # "a 6-month contract"
        if kind is not None:
            return kind
    return None


# The word every labelled statement holds, and the words one of the statements holds (its kind, or
# "month" of "a 6-month contract"): anchors of the posting's one scan (PostingText.occurrences).
_LABEL_WORDS = anchor_words("type")
_STATEMENT_WORDS = anchor_words(
    "full-time",
    "full time",
    "fulltime",
    "part-time",
    "part time",
    "contract",
    "freelance",
    "temporary",
    "temp ",
    "fixed-term",
    "fixed term",
    "intern",
    "-month",
    " month",
    "permanent",
    "seasonal",
)
MAX_ANCHORS = 40


def _windowed(
    pattern: re.Pattern[str], text: PostingText, low: str, anchors: tuple[str, ...], *, before: int, after: int
) -> list[re.Match[str]]:
    """The matches of `pattern` in short windows of `low` (the cut description of `text`) around its
    anchor words, in text order: one regular expression over a whole 3 KB description costs far
    more. At most MAX_ANCHORS anchors are read."""
    found: dict[int, re.Match[str]] = {}
    seen = 0
    for word in text.present(anchors):
        for at in text.occurrences(word, within=len(low)):
            if seen >= MAX_ANCHORS:
                break
            seen += 1
            for match in pattern.finditer(low, max(0, at - before), min(len(low), at + len(word) + after)):
                found.setdefault(match.start(), match)
    return [found[start] for start in sorted(found)]


_CASE_BOUNDARY = re.compile(r"(?<=[a-z])(?=[A-Z])")
_PUNCTUATION = re.compile(r"[_\-/,()\[\]:]+")


def _fold(value: str) -> str:
    """Lowercase, with case boundaries ("FullTime"), underscores and hyphens as spaces."""
    if not value:
        return ""
    spaced = _CASE_BOUNDARY.sub(" ", value)
    return " ".join(_PUNCTUATION.sub(" ", spaced.lower()).split())
