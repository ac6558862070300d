"""Companies: "at Stripe or Airbnb" → `companies`, "not at Amazon" → `exclude_companies`, "excluding
staffing agencies" → `exclude_staffing_agencies`; "FAANG" is the five it names.

A company list ends where a place begins ("at Netflix, Los Gatos", "at Google Zurich, Meta London":
the place is a location), so this pass asks `place_names`; names are compared by
`boards.derive.company_key`, as jobs' companies are.
"""

from __future__ import annotations

import functools
import re

from boards.derive.company import company_key
from matching import places
from watches.filters import MAX_COMPANIES, MAX_TERM_LENGTH
from watches.query.home_office import read_home_office
from watches.query.place_names import bare_place
from watches.query.state import BAR, ReaderState
from watches.query.words import GENERIC, SKILL_WORDS, STOP_WORDS, role_word

_DONT = r"(?:don['’]?t|do\s+not)"
# An intermediary: "staffing agencies", "recruiters", "headhunters", "recruitment firms".
_AGENCY = (
    r"(?:(?:(?:staffing|recruit(?:ment|ing)|temp|employment|talent)\s+)?(?:agenc(?:y|ies)|recruiters?|headhunters?)"
    r"|staffing\s+(?:firms?|companies|agencies)|(?:staffing|recruiting|recruitment)\s+firms?)\b"
)
_NO_AGENCIES = re.compile(
    r"(?:\b(?:excluding|exclude|no|not\s+(?:from|via|through)|without|skip|minus|except|but\s+not"
    r"|"
    + _DONT
    + r"\s+want\s+(?:to\s+(?:work|go|apply)\s+)?(?:for|with|through|via))\s+(?:any\s+)?"
    # "no recruiters or agencies", "no agencies, recruiters or headhunters": one refusal.
    + _AGENCY
    + r"(?:\s*(?:,|/|\bor\b|\band\b|\bnor\b|&)\s*"
    + _AGENCY
    + r")*"
    r"|\bdirect\s+(?:employers?|hires?)\s+only\b|\bno\s+third[\s-]part(?:y|ies)(?:\s+recruiters?)?\b)"
    # "exclude staffing agencies and Revature": what "and" adds is excluded too (`read_negations`).
    r"(?P<more>\s+(?:and|or|nor|&)\s+(?!(?:no|not|remote|hybrid|in|at)\b)(?=[a-z]))?"
)
_COMPANY_END = (
    r"(?=\s*(?:[.!?;()\[\]\"|]|,\s*\||,\s*$|$|(?:,\s*)?\b(?:in|with|that|which|who|making|paying|earning|requiring|for|as|where|on|from|near"
    r"|around|jobs?|roles?|positions?|openings?|please|remote|remotely|hiring|posted|only|but|excluding|except|no|not"
    r"|without|based|located|within|paying|offering|sponsoring|at)\b))"
)
# A name's words never run into the next criterion ("at Shopify or Stripe, remote Canada").
_NAMES = (
    r"(?P<names>[a-z0-9][\w&'.+-]*(?:(?:\s*,\s*|\s+)(?!(?:in|with|that|for|as|on|from|near|jobs?|roles?|but|not|at"
    r"|remote|remotely|hybrid|onsite|on-site|no|excluding|except|paying|making|only|based|posted)\b)[\w&'.+-]+){0,11}?)"
)
# "not at Amazon", "don't show me jobs at Uber", "excluding companies like Palantir".
_NOT_AT_COMPANY = re.compile(
    r"\b(?:(?:not|except|excluding|exclude|but\s+not|never|no\s+jobs|nothing|avoid(?:ing)?"
    r"|" + _DONT + r"\s+(?:show|send|give)(?:\s+me)?(?:\s+any)?)\s+"
    r"(?:(?:jobs|roles|positions|anything|openings)\s+)?(?:at|from|with|companies\s+(?:like|such\s+as))"
    r"|" + _DONT + r"\s+want\s+to\s+work\s+(?:at|for|with))\s+(?:any\s+)?" + _NAMES + _COMPANY_END
)
_AT_COMPANY = re.compile(r"(?:\bat\s+|(?<!\S)@\s*)(?:companies\s+like\s+|either\s+)?" + _NAMES + _COMPANY_END)
# Words after "at" that do not start a company name.
_NOT_COMPANY_TEXT = """
a an the least most home night scale startups startup companies company big large small any all some top tech
fortune my our your their this that work once first last times time weekends weekend school university office hq
headquarters agencies agency places place firms firm one two level minimum maximum max min hour year month day week
entry mid senior junior end same well early late midnight noon it them us me fintechs fintech unicorns scaleups
scale-ups nonprofits non-profits banks enterprises consultancies agencies series
"""
_NOT_COMPANY = frozenset(_NOT_COMPANY_TEXT.split())
# Words that end the name of a kind of company, not of one company ("early-stage startups").
_COMPANY_KINDS = frozenset(
    [
        "startups",
        "startup",
        "companies",
        "fintechs",
        "unicorns",
        "scaleups",
        "scale-ups",
        "nonprofits",
        "non-profits",
        "agencies",
        "consultancies",
        "firms",
        "enterprises",
    ]
)
# Names that stand for a fixed set of companies.
_FAANG = ("meta", "amazon", "apple", "netflix", "google")
COMPANY_GROUPS = {"faang": _FAANG, "maang": _FAANG, "fang": ("meta", "amazon", "netflix", "google")}


def read_companies(reader: ReaderState) -> None:
    """ "excluding staffing agencies", "not at Amazon", "at Stripe or Airbnb"; at most `MAX_COMPANIES` of each."""

    def agencies(match: re.Match[str]) -> str:
        reader.no_agencies = True
        return BAR + "excluding " if match.group("more") else BAR

    if (
        "agenc" in reader.text
        or "recruit" in reader.text
        or "headhunt" in reader.text
        or "direct" in reader.text
        or "third" in reader.text
        or "staffing" in reader.text
    ):
        reader.text = _NO_AGENCIES.sub(agencies, reader.text)
    if "home office" in reader.text:
        read_home_office(reader)
    if "isd" in reader.text:
        reader.text = _SCHOOL_DISTRICT.sub(functools.partial(_school_district, reader), reader.text)
    reader.text = _NOT_AT_COMPANY.sub(functools.partial(_excluded_companies, reader), reader.text)
    reader.text = _AT_COMPANY.sub(functools.partial(_asked_companies, reader), reader.text)
    for name, found in (("companies", reader.companies), ("exclude_companies", reader.exclude_companies)):
        if len(found) > MAX_COMPANIES:
            reader.notes.append(f"Only the first {MAX_COMPANIES} {name} were kept.")
            del found[MAX_COMPANIES:]


# A Texas school district, named by its town and "ISD" (independent school district) or "CISD"
# (consolidated): "Houston ISD", "teacher at Fort Bend ISD", "not at Katy ISD". The employer, read as
# both the names jobs give it ("Houston ISD", "Houston Independent School District"); "isd" was a
# keyword and the town a location. The name is the words before it in capitals, else a known place.
_SCHOOL_DISTRICT = re.compile(
    r"(?P<neg>\b(?:not\s+at|not|no|excluding|except(?:\s+at)?|avoid)\s+)?(?:\bat\s+)?"
    r"(?P<name>(?:[a-z][\w.'’-]*\s+){1,3})(?P<kind>c?isd)\b"
)
_DISTRICT_KINDS = {"isd": "independent school district", "cisd": "consolidated independent school district"}


def _school_district(reader: ReaderState, match: re.Match[str]) -> str:
    words = match.group("name").split()
    capitals = {word.lower() for word in re.findall(r"\b[A-Z][\w.'’-]*", reader.original)}
    size = 0
    for count in range(len(words), 0, -1):
        named = words[-count:]
        if all(word in capitals and word not in STOP_WORDS for word in named) or (
            not capitals & set(words) and bare_place(" ".join(named))
        ):
            size = count
            break
    if size == 0 and words[-1] not in STOP_WORDS and role_word(words[-1]) not in GENERIC:
        size = 1 if not capitals & set(words) else 0
    if size == 0:
        return match.group(0)
    name = " ".join(words[-size:])
    kind = match.group("kind")
    names = [f"{name} {kind}", f"{name} {_DISTRICT_KINDS[kind]}"]
    target = reader.exclude_companies if match.group("neg") else reader.companies
    _add_companies(target, names)
    reader.notes.append(
        f'"{name} {kind}" was read as the school district, `{"exclude_companies" if match.group("neg") else "companies"}`: '
        + ", ".join(f'"{each}"' for each in names)
        + " (the names jobs give it)."
    )
    before = " ".join(words[:-size])
    return f"{before} {BAR}" if before else BAR  # the text before the match ends in its space


def _excluded_companies(reader: ReaderState, match: re.Match[str]) -> str:
    """ "not at Meta or Google" → exclude_companies; a place after a comma closes the list ("not at
    Meta or Google, Seattle or remote": the places are left to the place readers)."""
    group = match.group("names")
    parts = re.split(r"(\s*,\s*)", group)
    rest = ""
    skills: list[str] = []
    for index in range(2, len(parts), 2):
        if _company_list_place(re.split(r"\s+(?:or|and)\b", parts[index].strip())[0]):
            group, rest = "".join(parts[: index - 1]), "".join(parts[index - 1 :])
            break
        if _role_part(parts[index]):
            closed = re.search(r"\b(?:or|and)\b", "".join(parts[: index - 1]))
            if closed or index < 4 or not all(word in SKILL_WORDS for word in _role_words(parts[index])):
                # "not at Meta or Google, java" (the list was closed), "not at Uber, python" (one
                # name is no list yet), "not at Uber, Lyft, data analyst" (a title): the role is the query's.
                group, rest = "".join(parts[: index - 1]), "".join(parts[index - 1 :])
                break
            # "exclude jobs at Oracle, IBM, python": a skill in the list is a word to exclude.
            skills.extend(_role_words(parts[index]))
            parts[index] = ""
            group = "".join(parts)
    names = _company_names(group)
    if not names:
        return match.group(0)
    _add_companies(reader.exclude_companies, names)
    reader.exclude.extend(word for word in dict.fromkeys(skills) if word not in reader.exclude)
    return BAR + rest


def _add_companies(target: list[str], names: list[str]) -> None:
    for name in names:
        if company_key(name) not in {company_key(known) for known in target}:
            target.append(name)


def _asked_companies(reader: ReaderState, match: re.Match[str]) -> str:
    """ "at Stripe or Airbnb" → companies. A place closes the list: "at Stripe Dublin, backend"
    (a place ending a name, then a comma) and "at Netflix, Los Gatos" (a place after a comma)
    leave what follows them to the readers after this one ("backend" is the role)."""
    group = match.group("names")
    parts = re.split(r"(\s*(?:,|\bor\b|\band\b|/|\s&\s)\s*)", group)
    found: list[str] = []
    pairs = 0
    for index in range(0, len(parts), 2):
        part = parts[index]
        before = parts[index - 1] if index else ""
        after = parts[index + 1] if index + 1 < len(parts) else ""
        if index and "," in before and _role_part(part):
            # "at Stripe, Airbnb or Shopify, backend": a skill or a title after a comma is the role.
            names = [_place_after_name(name)[0] for name in _company_names("".join(parts[: index - 1]))]
            if not names:
                return match.group(0)
            _add_companies(reader.companies, names)
            reader.locations.extend(place for place in found if place not in reader.locations)
            _note_pairs(reader, pairs)
            return BAR + "".join(parts[index - 1 :])
        accepted = _company_list_place(part) if index and "," in before else None
        if accepted:
            head = "".join(parts[: index - 1])
        else:
            name, accepted = _place_after_name(part.strip(" .'\""))
            following = parts[index + 2].strip(" .'\"") if index + 2 < len(parts) else ""
            if not accepted or "," not in after or (following and _place_after_name(following)[1]):
                # "at Microsoft Redmond or Google", "at Google Zurich, Meta London, python": the
                # list goes on, after a comma too when the next name also ends in a place.
                found.extend(accepted)
                pairs += bool(accepted)
                continue
            pairs += 1
            head = "".join(parts[:index]) + name
        names = [_place_after_name(name)[0] for name in _company_names(head)]
        if not names:
            return match.group(0)
        _add_companies(reader.companies, names)
        reader.locations.extend(place for place in [*found, *accepted] if place not in reader.locations)
        _note_pairs(reader, pairs)
        return BAR + "".join(parts[index + 1 :])
    names = _company_names(group)
    if not names:
        return match.group(0)
    reader.locations.extend(place for place in found if place not in reader.locations)
    _add_companies(reader.companies, [_place_after_name(name)[0] for name in names])
    _note_pairs(reader, pairs)
    return BAR


def _note_pairs(reader: ReaderState, pairs: int) -> None:
    """ "at Google Zurich, Meta London": the filters hold companies and places apart, so each
    company is looked for in each place; said in a note."""
    if pairs > 1:
        reader.notes.append(
            "Companies and places written as pairs were read apart: any of the companies, in any of the "
            "places (a job of the first company in the second place matches too)."
        )


def _place_after_name(name: str) -> tuple[str, list[str]]:
    """ "at Microsoft Redmond": a known place ending a company name is the place (a location),
    unless the name would end in a grammar word without it ("Bank of America")."""
    words = name.split()
    for size in range(min(3, len(words) - 1), 0, -1):
        accepted = bare_place(" ".join(words[-size:]))
        if accepted and words[-size - 1] not in STOP_WORDS and words[-size - 1] not in {"&", "and"}:
            return " ".join(words[:-size]), accepted
    return name, []


# Words of titles: with skills and generic role words, a comma segment of a company list made of
# them only is a role, no company ("at Uber or Lyft, data analyst").
_TITLE_TEXT = "analyst designer scientist architect manager consultant administrator researcher writer lead"
_TITLE_WORDS = frozenset(_TITLE_TEXT.split())


def _role_words(part: str) -> list[str]:
    return [role_word(word) for word in re.split(r"\s*(?:\bor\b|\band\b|/|\s&\s|\s)\s*", part.strip(" .'\"")) if word]


def _role_part(part: str) -> bool:
    """Whether a segment of a company list is a skill or a role ("python", "data analyst"), no name."""
    words = _role_words(part)
    return bool(words) and all(word in SKILL_WORDS or word in GENERIC or word in _TITLE_WORDS for word in words)


def _company_list_place(part: str) -> list[str] | None:
    """The places a name after a comma in a company list stands for ("at Netflix, Los Gatos"):
    a place as written bare, or a known town of two words or more at any size (a company is
    rarely named like one)."""
    name = part.strip(" .'\"")
    accepted = bare_place(name)
    if accepted:
        return accepted
    if len(name.split()) >= 2 and places.is_place(name):
        return [name]
    return None


_CLOCK = re.compile(r"\d{1,2}(?::\d{2})?\s*(?:am|pm)")  # "at 5pm" is a time, no company


def _company_names(phrase: str) -> list[str]:
    """Company names of "stripe or airbnb", "google, meta and apple"; [] when any part does not
    look like a name (a stop word first, no letters, more than four words)."""
    names: list[str] = []
    for part in re.split(r"\s*(?:,|\bor\b|\band\b|/|\s&\s)\s*", phrase.strip(" ,.")):
        name = part.strip(" .'\"")
        if not name and names:
            continue  # "Stripe, Airbnb, or Figma": the comma before "or"
        group = COMPANY_GROUPS.get(re.sub(r"\s+(?:companies|company|firms)$", "", name))
        if group:
            names.extend(group)  # "at FAANG companies": the five it stands for
            continue
        words = name.split()
        if not words or len(words) > 4 or words[0] in _NOT_COMPANY or not company_key(name) or _CLOCK.fullmatch(name):
            return []
        if len(words) > 1 and words[-1] in _COMPANY_KINDS:
            return []  # "at early-stage startups", "at Series C+ companies": a kind of company, no name
        if len(name) > MAX_TERM_LENGTH:
            return []
        names.append(name)
    return names
