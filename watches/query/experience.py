"""The most years of experience a job may ask for: "5+ years", "at most 4 YOE", "2-3 years of
experience", "no experience required", "6 months experience", "3 Jahre Erfahrung" →
`max_experience_years`.

Read before pay so that "6 years" is never $6,000; the patterns and their reader live together
because each pattern's groups are what the reader reads.
"""

from __future__ import annotations

import re

from boards.derive.experience import NUMBER_WORDS
from watches.query.state import ReaderState, plain

_COUNT = r"(?:\d{1,2}(?:\.\d)?|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
# "3 Jahre", "5 años", "3 ans", "3 anni", "2 jaar", "5 år", "5 lat" (Polish).
_YEARS = r"(?:years?|yrs?|yoe|jahren?|jahre|años?|anos?|ans|anni|anno|jaar|jaren|år|lat)\b['’]?"
# "YOE" (years of experience) says experience by itself: "3 YOE", "at most 4 yoe", "10+ YOE".
_YOE = r"(?:yoe|y\.o\.e\.?)(?!\w)"
# "experience" in German, Spanish, Portuguese, French, Italian, Dutch, Swedish, Norwegian and Polish.
_EXPERIENCE_WORDS = (
    r"experience|exp|xp|berufserfahrung|erfahrung|experiencia|experiência|expérience|esperienza|ervaring"
    r"|erfarenhet|erfaring|doświadczenia|doświadczenie"
)
_EXPERIENCE = (
    r"(?:of\s+|de\s+|d['’]\s*|di\s+)?(?:(?:work|working|professional|relevant|industry|hands-on)\s+){0,2}"
    rf"(?:{_EXPERIENCE_WORDS})\b"
)
_LEAD = (
    r"(?:(?:and|with|requiring|requires?|that\s+requires?|needing|needs?|for\s+someone\s+with|i\s+have|having)"
    r"\s+(?:a\s+)?)?"
)
_STRICT_BOUND = r"(?:less\s+than|fewer\s+than|under|below|<)"
_BOUND = r"(?:max(?:imum)?(?:\s+of)?|at\s+most|up\s+to|no\s+more\s+than|not\s+more\s+than|<=|≤)"
_LEAST = r"(?:min(?:imum)?(?:\s+of)?|at\s+least)"
# "mind. 3 Jahre" (mindestens), "au moins 3 ans", "al menos 3 años", "pelo menos 3 anos": "at least",
# written so before the patterns read it (only when one is there).
_FOREIGN_LEAST = re.compile(r"\b(?:mind\.|mindestens|au\s+moins|al\s+menos|pelo\s+menos|almeno|minstens)(?=\s)")
# A range's "to" in other languages: "3 bis 5 Jahre", "3 a 5 años", "3 à 5 ans", "2 tot 4 jaar".
_TO = r"(?:-|–|—|to|bis|a|à|tot|até)"
_THEN = r"\s*(?:[,;/]\s*)?(?:(?:and|but)\s+)?"
_EXPERIENCE_PATTERNS: tuple[re.Pattern[str], ...] = (
    # "min 5 years, max 8", "at least 5 but no more than 8 years": a range, read as its upper end
    # (as "5-8 years"); the years are said after either number.
    re.compile(
        rf"{_LEAD}{_LEAST}\s*(?P<low>{_COUNT})\s*\+?\s*{_YEARS}(?:\s+{_EXPERIENCE})?{_THEN}"
        rf"{_BOUND}\s*(?P<n>{_COUNT})(?:\s*{_YEARS})?(?:\s+{_EXPERIENCE})?"
    ),
    re.compile(
        rf"{_LEAD}{_LEAST}\s*(?P<low>{_COUNT}){_THEN}{_BOUND}\s*(?P<n>{_COUNT})\s*{_YEARS}(?:\s+{_EXPERIENCE})?"
    ),
    # "min 3 years experience", "at least 5 yrs": as "5+ years", that number ("at least 18 years
    # old" is an age).
    re.compile(
        rf"{_LEAD}{_LEAST}\s*(?P<n>{_COUNT})\s*\+?\s*{_YEARS}(?!\s+(?:old|of\s+age)\b)"
        rf"(?:\s+{_EXPERIENCE})?(?:\s+(?:required|needed))?"
    ),
    re.compile(
        rf"{_LEAD}(?P<bound>{_STRICT_BOUND}|{_BOUND})\s*(?P<n>{_COUNT})\s*\+?\s*{_YEARS}"
        rf"(?:\s+{_EXPERIENCE})?(?:\s+(?:required|needed))?"
    ),
    re.compile(rf"{_LEAD}(?P<n>{_COUNT})\s+or\s+(?:fewer|less)\s+{_YEARS}(?:\s+{_EXPERIENCE})?"),
    re.compile(
        rf"{_LEAD}(?:between\s+(?P<from>{_COUNT})\s+and|(?P<low>{_COUNT})\s*{_TO})\s*(?P<n>{_COUNT})\s*\+?\s*{_YEARS}"
        rf"(?:\s+{_EXPERIENCE})?"
    ),
    re.compile(
        rf"{_LEAD}(?P<n>{_COUNT})\s*\+?\s*{_YEARS}\s+{_EXPERIENCE}"
        r"(?:\s+(?:or\s+less|or\s+fewer|max(?:imum)?|at\s+most|tops|required|needed))?"
    ),
    re.compile(
        rf"(?:experience|exp)\s*(?:of|:)?\s*(?P<bound>{_STRICT_BOUND}|{_BOUND})?\s*(?P<n>{_COUNT})\s*\+?\s*{_YEARS}"
    ),
    # Years without the word "experience" where nothing else can be meant: "YOE", a plus ("5+ years",
    # "8+ yrs"), "with 3 years", "6yrs max", "2 years or less".
    re.compile(rf"{_LEAD}(?P<n>{_COUNT})\s*\+?\s*{_YOE}(?:\s+(?:or\s+less|or\s+fewer|max(?:imum)?|at\s+most|tops))?"),
    re.compile(rf"{_LEAD}(?P<n>{_COUNT})\s*(?:\+\s*(?:years?|yrs?)\b|(?:years?|yrs?)\s*\+(?![\w+]))"),  # "6 yrs+"
    re.compile(
        rf"\b(?:with|having|i\s+have)\s+(?:a\s+)?(?P<n>{_COUNT})\s*(?:years?|yrs?)\b(?!\s+(?:contract|old|ago|left))"
    ),
    re.compile(
        rf"(?<![\w-])(?P<n>{_COUNT})\s*(?:years?|yrs?)\s+(?:max(?:imum)?|or\s+less|or\s+fewer|at\s+most|tops)\b"
    ),
    # "devops, Phoenix, AZ, 5 yrs": a number of years that is a comma segment of its own (not after
    # a kind of work whose length it may be: "contract, 2 years").
    re.compile(
        r"(?:^|(?<!contract)(?<!contracts)(?<!internship)(?<!temp)(?<!temporary)(?<!freelance)(?<!term),|\|)"
        rf"\s*(?P<n>{_COUNT})\s*(?:years?|yrs?)\s*(?=,|\||$)"
    ),
    re.compile(rf"\b(?:with\s+)?no\s+(?:prior\s+)?(?:{_EXPERIENCE_WORDS})(?!\w)(?:\s+(?:required|needed|necessary))?"),
    # "jobs that don't require experience": as "no experience required".
    re.compile(
        r"\b(?:(?:that|which)\s+)?(?:don'?t|do\s+not|doesn'?t|does\s+not)\s+(?:require|need)\s+(?:any\s+)?(?:prior\s+)?experience\b"
    ),
    # Months, as years: "6 months experience" is at most half a year ("18 months of exp" 1.5).
    re.compile(rf"{_LEAD}(?P<months>{_COUNT})\s*(?:-\s*)?months?\s+{_EXPERIENCE}"),
)


def read_experience(reader: ReaderState) -> None:
    def years(match: re.Match[str]) -> bool:
        groups = match.groupdict()
        if groups.get("months") is not None:
            value = round(_count(groups["months"]) / 12, 2)
        elif groups.get("n") is None:
            value = 0.0  # "no experience required"
        else:
            value = _count(groups["n"])
            if groups.get("bound") and re.fullmatch(_STRICT_BOUND, groups["bound"]):
                value = max(value - 1, 0.0)
        if value > 50:
            return False
        if reader.max_years is None:
            reader.max_years = value
        elif value != reader.max_years:
            reader.notes.append(
                f'"{match.group(0).strip()}" was ignored: the maximum years of experience was already read '
                f"as {plain(reader.max_years)}."
            )
        return True

    if "mind" in reader.text or "moins" in reader.text or "menos" in reader.text or "almeno" in reader.text:
        reader.text = _FOREIGN_LEAST.sub("at least", reader.text)
    if "decade" in reader.text:
        # "a decade of experience": ten years.
        reader.text = re.sub(
            r"\b(?:a|one)\s+decade\s+(?=(?:of\s+)?(?:\w+\s+)?(?:experience|exp)\b)", "10 years ", reader.text
        )
    text = reader.text
    if not (  # every pattern needs one of these: most queries skip them all (a chain of `in`: no call each)
        "yr" in text
        or "year" in text
        or "yoe" in text
        or "y.o.e" in text
        or "exp" in text
        or "jahr" in text
        or "año" in text
        or "anos" in text
        or " ans " in text
        or "anni" in text
        or "anno" in text
        or "jaar" in text
        or "jaren" in text
        or "år" in text
        or " lat " in text
        or "erfa" in text
        or "esperienz" in text
        or "ervaring" in text
        or "doświadcz" in text
    ):
        return
    for pattern in _EXPERIENCE_PATTERNS:
        reader.cut(pattern, years)


def _count(text: str) -> float:
    return float(NUMBER_WORDS[text]) if text in NUMBER_WORDS else float(text)
