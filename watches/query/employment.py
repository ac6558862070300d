"""Kinds of work: "contract", "part-time", "internship", "Festanstellung", "on B2B" →
`employment_types`; "no contract roles" asks for every other kind.

Read after pay ("B2B" right before or after Polish pay is contract work) and before the role words
("contract manager" stays a role).
"""

from __future__ import annotations

import functools
import re

from boards.derive.employment import EMPLOYMENT_TYPES
from watches.query.state import ReaderState

_KIND_WORDS = (
    # German: "Festanstellung" (permanent), "Vollzeit", "Teilzeit", "Praktikum", "befristet" (fixed-term).
    r"festanstellung|festangestellt|vollzeit|teilzeit|praktikum|befristet|"
    r"fixed[\s-]term\s+contracts?|apprenticeships?|contract[\s-]to[\s-]hire|contract(?:or|ors|s)?|freelance(?:rs?)?|freelancing|part[\s-]?time|full[\s-]?time"
    r"|temporary|temp|fixed[\s-]term|seasonal|per[\s-]diem|internships?|permanent(?!\s+residen)|c2c|corp[\s-]to[\s-]corp|1099"
    # France's CDI (permanent) and CDD (fixed-term); Brazil's CLT (employee) and PJ (contractor).
    r"|cdi|cdd|clt|pj"
    # Poland's contractor agreement: "on B2B" ("na B2B"), "B2B contract", "B2B only" (not "B2B sales", a market).
    r"|(?<=\bon\s)b2b|(?<=\bna\s)b2b|b2b(?=\s+(?:contract|only|agreement)\b)"
    # "20 000 PLN netto B2B": alone right after the pay.
    r"|(?:(?<=\|\s)|(?<=\|\s\s))b2b(?=\s*(?:[,|]|$))"
)
# Rarer kinds, read only when a word of theirs is in the query (`_RARE_KINDS_LOOK`), so the patterns
# every query pays for stay as short. A contract that becomes permanent: "contract to perm", "C2H",
# "6 months then perm" (contract work, as derive reads "contract to hire"); "temp to perm",
# "temp-to-hire" (temporary: derive reads the "temp"); "perm only", "perm roles", "contract or perm",
# "…, perm" (permanent: derive reads "perm" so); a season's work in Spanish, Portuguese, French and
# German ("temporada de verano", "saisonnier", "Saisonkraft", "sazonal").
_RARE_KIND_WORDS = (
    r"temp[\s-]to[\s-](?:perm(?:anent)?|hire)|contract[\s-]to[\s-]perm(?:anent)?|c2h|right[\s-]to[\s-]hire"
    r"|(?:(?:and\s+)?then|leading\s+to|with\s+a\s+view\s+to|before\s+going)\s+perm(?:anent)?(?!\s+residen)"
    r"(?:\s+(?:roles?|positions?|hire|jobs?|offer))?"
    r"|perm(?=\s+(?:only|roles?|jobs?|positions?|basis)\b)|(?<=[,|]\s)perm(?=\s*(?:[,|]|$))"
    r"|(?<=contract\sor\s)perm|(?<=contract/)perm|(?<=contract\s/\s)perm|(?<=temp\sor\s)perm"
    r"|(?:de\s+)?temporada(?:\s+de\s+(?:verano|invierno|alta|ver[ãa]o))?|saisonni(?:er|ère)s?|saisonarbeit|saisonkraft|sazonal"
)
_RARE_KINDS_LOOK = ("perm", "hire", "c2h", "tempora", "saison", "sazonal")
_EMPLOYMENT_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("internship", re.compile(r"internships?|apprenticeships?|praktikum")),
    (
        "contract",
        re.compile(
            r"contract to (?:hire|perm(?:anent)?)|c2h|right to hire|(?:(?:and )?then|leading to|with a view to|before going) perm.*"
            r"|contract(?:or|ors|s)?|freelance(?:rs?)?|freelancing|c2c|corp to corp|1099|b2b|pj"
        ),
    ),
    # "per diem": shift by shift, as needed (nursing, pharmacy); derive reads it temporary too.
    (
        "temporary",
        re.compile(
            r"temp to (?:perm(?:anent)?|hire)|(?:de )?temporada.*|saisonni.*|saisonarbeit|saisonkraft|sazonal"
            r"|temporary|temp|fixed term(?: contracts?)?|seasonal|per diem|befristet|cdd"
        ),
    ),
    ("part_time", re.compile(r"part ?time|teilzeit")),
    ("full_time", re.compile(r"full ?time|permanent|perm|festanstellung|festangestellt|vollzeit|cdi|clt")),
)
# "defense contractors", "government contractor": companies of a sector, not contract work; the
# sector is what the query says ("excluding defense contractors" excludes "defense").
_SECTOR_CONTRACTORS = re.compile(r"\b(?P<sector>defen[cs]e|government|gov|federal|military)\s+contractors?\b")
# "Warsaw B2B 25k+ PLN", "Warsaw, B2B, 25 000 PLN": right before the pay, or a segment of its own.
_B2B_BEFORE_PAY = re.compile(r"\bb2b(?=\s*,?\s*\|)|(?:(?<=[,|]\s)|(?<=[,|]))\s*b2b(?=\s*(?:[,|]|$))")


def _negated(kinds: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?:no|not|non|excluding|exclude|except|without|never|but\s+not|avoid(?:ing)?|skip(?:ping)?|minus)[\s-]+(?:any\s+)?"
        rf"(?P<items>(?:{kinds})(?:\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*(?:{kinds}))*)"
        r"(?:\s+(?:roles?|jobs?|positions?|work|gigs?|contracts?|openings?|please))?\b"
    )


_EMPLOYMENT_WORD = re.compile(rf"\b(?:{_RARE_KIND_WORDS}|{_KIND_WORDS})\b")
_EMPLOYMENT_NEGATED = _negated(_KIND_WORDS)
_EMPLOYMENT_NEGATED_ALL = _negated(f"{_RARE_KIND_WORDS}|{_KIND_WORDS}")
_TAX_TERMS = re.compile(r"c2c|corp[\s-]to[\s-]corp|1099")
# The length of a contract written short, before or after it: "a 6m contract", "6mo contract",
# "6-12m contract", "12 month contract", "contract (6m)" (a length alone, "3 months", is read by
# `unsupported`); a length is no filter, and "6m" no role word.
_CONTRACT_LENGTH = re.compile(
    r"\b\d{1,2}(?:\s*[-–]\s*\d{1,2})?[\s-]*(?:m|mos?|mths?|mnths?|months?|weeks?|wks?)\+?(?:\s+(?:initial|rolling|renewable|extendable))?"
    r"(?=\s+(?:contracts?|ftc|fixed[\s-]term|freelance|temp)\b)"
    r"|(?<=\bcontract\s)\(?\d{1,2}\s*(?:m|mos?|mths?|mnths?)\+?\)?(?=\s*(?:[,|]|$))"
)


# "contract manager", "contracts lawyer": roles about contracts, left to the role words.
def _wanted(kinds: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b(?P<kind>{kinds})\b(?:\s+only\b)?"
        r"(?!\s+(?:manager|management|lawyer|attorney|counsel|administrator|analyst|specialist|negotiator|law|officer"
        r"|coordinator|associate|paralegal|program|programme|recruiter|director|lead))"
    )


_EMPLOYMENT = _wanted(_KIND_WORDS)
_EMPLOYMENT_ALL = _wanted(f"{_RARE_KIND_WORDS}|{_KIND_WORDS}")


def read_employment(reader: ReaderState) -> None:
    def negated(match: re.Match[str]) -> bool:
        words = _EMPLOYMENT_WORD.findall(match.group("items"))
        if all(_TAX_TERMS.fullmatch(word) for word in words):
            # "no C2C", "no 1099": the tax terms of a contract refused, not contract work ("no C2C,
            # W2 contract" asks for contracts).
            reader.notes.append(
                f'"{match.group(0).strip()}": the tax terms of a contract are not something Watchtower can filter on; '
                "it was ignored."
            )
            return True
        for word in words:
            kind = _employment_kind(word)
            if kind not in reader.not_employment:
                reader.not_employment.append(kind)
        return True

    def wanted(match: re.Match[str]) -> bool:
        return wanted_kind(_employment_kind(match.group("kind")))

    def wanted_kind(kind: str) -> bool:
        if kind not in reader.employment:
            reader.employment.append(kind)
        if kind == "internship" and "intern" not in reader.seniority:
            reader.seniority.append("intern")  # an internship is an intern's job (docs/derived-fields.md)
        return True

    if "contractor" in reader.text:
        reader.text = _SECTOR_CONTRACTORS.sub(r"\g<sector>", reader.text)
    rare = any(word in reader.text for word in _RARE_KINDS_LOOK)
    reader.cut(_EMPLOYMENT_NEGATED_ALL if rare else _EMPLOYMENT_NEGATED, negated)
    if "contract" in reader.text or "ftc" in reader.text or "fixed" in reader.text or "temp" in reader.text:
        reader.cut(_CONTRACT_LENGTH, functools.partial(_length_noted, reader))
    if reader.currency == "PLN" and "b2b" in reader.text:
        # "Warsaw B2B 25k+ PLN net": Poland's contractor agreement right before Polish pay.
        reader.cut(_B2B_BEFORE_PAY, lambda match: wanted_kind("contract"))
    reader.cut(_EMPLOYMENT_ALL if rare else _EMPLOYMENT, wanted)


def _length_noted(reader: ReaderState, match: re.Match[str]) -> bool:
    reader.notes.append(
        f'"{match.group(0).strip("() ")}": the length of a contract is not something Watchtower can filter on; '
        "it was ignored (not read as a keyword)."
    )
    return True


def employment_types(reader: ReaderState) -> tuple[str, ...]:
    """The kinds asked for; "no contract roles" alone asks for every other kind."""
    if reader.employment:
        return tuple(kind for kind in reader.employment if kind not in reader.not_employment)
    if reader.not_employment:
        return tuple(kind for kind in EMPLOYMENT_TYPES if kind not in reader.not_employment)
    return ()


def _employment_kind(word: str) -> str:
    folded = " ".join(word.replace("-", " ").split())
    for kind, pattern in _EMPLOYMENT_KINDS:
        if pattern.fullmatch(folded):
            return kind
    return "contract"
