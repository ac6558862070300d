"""Seniority from a job title: one of intern, entry, mid, senior, staff, principal, manager,
director. The first level that matches wins, in that priority order; `mid` means the title names no
level.

Management beats individual-contributor levels ("Senior Engineering Manager" is manager, "Associate
Director" is director). "Manager" in product, program, project, account and similar role names is a
job, not a management level, so "Senior Product Manager" is senior and "Associate Product Manager"
entry; "Group Product Manager" manages product managers and is manager.
"""

from __future__ import annotations

import functools
import re

LEVELS = ("intern", "entry", "mid", "senior", "staff", "principal", "manager", "director")

_INTERN = re.compile(
    r"\b(?:interns?|internships?|co-?op|working\s+student|werkstudent\w*|apprentice(?:ship)?|summer\s+student|"
    r"fellowship|praktikant\w*|stagiaire|becari[oa]s?|estagi[aá]ri[oa]s?|stagist[ai]|stażyst(?:a|ka))(?!\w)"
    r"(?!\s+(?:program|programs|recruit\w*|coordinator|manager))"
)
_DIRECTOR = re.compile(
    r"\b(?:director|directors|directeur|vp|svp|evp|avp|vice[\s-]+president|chief|head\s+of|head\s*[,:\-–]|"
    r"cto|cfo|ceo|coo|cio|ciso|cmo|cpo|cro|cdo|president|managing\s+partner)\b"
    # German heads: "Leitung IT & CRM", "Leiter Vertrieb", "Abteilungsleiterin", "Geschäftsführer"
    # ("Projektleiter", one word, is a project manager's title: no level).
    r"|\b(?:abteilungs|bereichs)?leit(?:ung|er|erin)\b|\bgesch(?:ä|ae|a)ftsf(?:ü|ue|u)hrer(?:in)?\b"
)
# Role names that end in "manager" without managing people.
_IC_MANAGER_ROLES = (
    r"product|program|programme|project|account|accounts|success|relationship|territory|community|partner|"
    r"partnerships?|case|content|campaign|release|channel|category|vendor|social\s+media|brand|marketing\s+program|"
    r"solutions?|portfolio|implementation|onboarding|escalation|proposal|grants?|payroll|facilities|office|"
    r"inventory|merchandise|lifecycle|growth|enablement"
)
_MANAGER = re.compile(
    r"\bgroup\s+(?:product|program)\s+manager\b|\b(?:manager|managers|mgr|supervisor|superintendent|foreman)\b"
)
_IC_MANAGER = re.compile(r"\b(?:" + _IC_MANAGER_ROLES + r")\s+(?:managers?|mgr)\b")
# "Fellow" is the principal level ("Engineering Fellow", "Fellow, AI Platform") except for academic and
# clinical fellowships ("Research Fellow", "Postdoctoral Fellow"), which are trainee posts.
_ACADEMIC_FELLOW = (
    r"(?<!research\s)(?<!postdoctoral\s)(?<!postdoc\s)(?<!post-doctoral\s)(?<!clinical\s)(?<!teaching\s)"
    r"(?<!graduate\s)(?<!summer\s)(?<!medical\s)(?<!policy\s)(?<!visiting\s)(?<!academic\s)(?<!doctoral\s)"
)
_PRINCIPAL = re.compile(r"\b(?:principal|distinguished|architect|architects)\b|" + _ACADEMIC_FELLOW + r"\bfellows?\b")
# "Staff Accountant", "Staff Nurse" and the like name a job, not the staff level.
_STAFF = re.compile(
    r"\bstaff\b(?!\s+(?:accountant|auditor|nurse|writer|attorney|pharmacist|physician|assistant|member))"
)
# "Teamleiter(in)", "Teamleitung": a team lead, in German.
_SENIOR = re.compile(r"\b(?:senior|sr|snr|lead|teamleit(?:er|erin|ung))\b(?!\s+(?:generation|gen)\b)")
_ENTRY = re.compile(
    r"\b(?:junior|jr|jnr|entry[\s-]+level|new\s+grads?|new\s+graduates?|graduate|graduates|grad|associate|trainee|"
    r"early[\s-]+career|beginner)\b"
)
# Level numerals end the role part of a title: "Engineer II", "Analyst III - Payments", "Engineer 2".
_ROMAN = re.compile(r"\b(I{1,3}|IV|V|VI)\b(?=\s*(?:$|[,(|/\-–—:]))")
_DIGIT_LEVEL = re.compile(
    r"\b(?:engineer|developer|analyst|scientist|designer|specialist|technician|consultant|administrator|"
    r"accountant|representative|researcher|programmer|sde|swe)\s+([1-6])\b(?=\s*(?:$|[,(|/\-–—:]))",
    re.IGNORECASE,
)
_NUMERAL_LEVEL = {"1": "entry", "2": "mid", "3": "senior", "4": "senior", "5": "staff", "6": "staff"}
_ROMAN_VALUE = {"I": "1", "II": "2", "III": "3", "IV": "4", "V": "5", "VI": "6"}


# An employment type that is an internship whatever the title says ("Software Engineer" with
# employmentType "Intern"). Read from the platform's field, never from the text.
_INTERN_EMPLOYMENT = re.compile(
    r"\b(?:interns?|internships?|working\s*students?|werkstudent\w*|praktik\w*|stage|stagiaire|co[\s-]?op|"
    r"apprentice(?:ship)?)\b"
)


@functools.lru_cache(maxsize=4096)  # a board repeats its titles: each is read once
def seniority_of_posting(title: str, employment_type: str) -> str:
    """The level of a posting: `intern` when the platform's employment type is an internship (even
    when the title names no level), else the title's level."""
    if employment_type and _INTERN_EMPLOYMENT.search(employment_type.lower().replace("_", " ")):
        return "intern"
    return seniority(title)


def seniority(title: str) -> str:
    """The level a title names (see LEVELS), `mid` when it names none."""
    if not title:
        return "mid"
    original = title.strip()
    low = original.lower()
    if _INTERN.search(low):
        return "intern"
    if _DIRECTOR.search(low):
        return "director"
    if _is_manager(low):
        return "manager"
    if _PRINCIPAL.search(low):
        return "principal"
    if _STAFF.search(low):
        return "staff"
    if _SENIOR.search(low):
        return "senior"
    numeral = _numeral_level(original)
    if numeral in {"staff", "senior"}:
        return numeral
    if _ENTRY.search(low):
        return "entry"
    return numeral or "mid"


def _is_manager(low: str) -> bool:
    """A management word that is not part of an individual-contributor role name."""
    for found in _MANAGER.finditer(low):
        if found.group().startswith("group"):
            return True
        role = _IC_MANAGER.search(low, max(0, found.start() - 40), found.end())
        if role is None or role.end() != found.end():
            return True
    return False


def _numeral_level(title: str) -> str | None:
    """Roman numerals are read in the original case: "IV" is a level, "iv" in "IV therapy" is not
    (a numeral must close the role part of the title)."""
    roman = _ROMAN.search(title)
    if roman is not None and roman.start() > 0:
        return _NUMERAL_LEVEL[_ROMAN_VALUE[roman.group(1)]]
    digit = _DIGIT_LEVEL.search(title)
    if digit is not None:
        return _NUMERAL_LEVEL[digit.group(1)]
    return None
