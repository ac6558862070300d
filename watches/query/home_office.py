""" "Home Office": the UK's interior ministry, or working from home (German and much of Europe's
English: "Homeoffice", "100% Home Office"). Which one a query means is read from the words around it:

- "the Home Office" ("policy advisor at the Home Office") is the department: `companies`;
- "Home Office" written in capitals right before or after a place in the UK ("Home Office London",
  "Croydon, Home Office"), or with one after "in" ("Home Office caseworker jobs in Croydon"), is the
  department too: its offices are in London, Croydon, Sheffield and
  Liverpool, and a seeker working from home in London writes "remote London";
- "Home Office sponsor", "licensed Home Office sponsor" is visa sponsorship (the department
  licenses sponsors); "home office 2 days" is hybrid work, noted;
- otherwise ("home office, Manchester", "Home Office Berlin", "remote or home office") it is remote
  work, read as "remote" by the remote pass (`place_names.REMOTE`).

Each reading is noted with how to ask for the other. Read before the company lists, so "at the
Home Office" is never a kind of company, and run only when "home office" is in the query.
"""

from __future__ import annotations

import re

from matching import places
from watches.query.place_names import read_places
from watches.query.state import BAR, ReaderState

_HOME_OFFICE = re.compile(
    r"(?:\b(?:an?\s+)?(?:approved|licensed|registered)\s+)?(?P<the>\bthe\s+)?\bhome\s+office\b"
    r"(?P<sponsor>\s+(?:approved\s+|licensed\s+|registered\s+)?(?:visa\s+)?(?:sponsors?(?:hip)?|licen[cs]ed?)\b)?"
    r"(?P<days>\s*\(?\s*(?:\d|one|two|three|four)(?:\s*-\s*\d)?\s*(?:days?|x)\b(?:\s*(?:a|per|/)\s*(?:week|wk)\b)?\s*\)?)?"
    r"(?!\s+(?:budget|allowance|stipend|setup|equipment)\b)"
)
_BESIDE = re.compile(r"[\s,]*(?P<place>[a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*){0,2})")
_IN_PLACE = re.compile(r"\bin\s+(?:the\s+)?(?P<place>[a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*){0,2})")
_COUNTRY_UK = "GB"


def read_home_office(reader: ReaderState) -> None:
    def department(match: re.Match[str]) -> str:
        if match.group("sponsor"):
            reader.visa = True  # the department licenses the UK's visa sponsors
            reader.notes.append(f'"{match.group(0).strip()}" was read as visa sponsorship.')
            return BAR
        if match.group("days"):
            reader.notes.append(
                f'"{match.group(0).strip()}": some days from home is hybrid work, which is not a filter Watchtower '
                "has; it was ignored."
            )
            return BAR
        if match.group("the") or _capitals_beside_uk_place(reader, match):
            if "home office" not in reader.companies:
                reader.companies.append("home office")
            reader.notes.append(
                f'"{match.group(0).strip()}" was read as the UK government department (a company); for work '
                'from home, say "remote".'
            )
            return BAR
        reader.notes.append(
            f'"{match.group(0).strip()}" was read as remote work (working from home); for the UK government '
            'department, say "at the Home Office".'
        )
        if re.search(r"\bremote\s*(?:or|and|/|,)?\s*$", reader.text[: match.start()]):
            return ""  # "remote or home office": said twice
        return " remote "  # as the word the later passes read ("Home Office Berlin" is "remote Berlin")

    reader.text = _HOME_OFFICE.sub(department, reader.text)


def _capitals_beside_uk_place(reader: ReaderState, match: re.Match[str]) -> bool:
    """ "Home Office London", "Sheffield, Home Office": the name in capitals next to a UK place."""
    if "Home Office" not in reader.original and "HOME OFFICE" not in reader.original:
        return False
    after = _BESIDE.match(reader.text, match.end())
    before = re.search(r"(?P<place>[a-z][a-z.'-]*(?:\s+[a-z][a-z.'-]*){0,2})[\s,]*$", reader.text[: match.start()])
    # "Home Office caseworker jobs in Croydon": a UK place after "in" anywhere in the query.
    places_in = list(_IN_PLACE.finditer(reader.text)) if " in " in reader.text else []
    for found in (after, before, *places_in):
        if found is None:
            continue
        words = found.group("place").split()
        # The longest run of words next to the name that is a place ("london", "new york city").
        for size in range(len(words), 0, -1):
            phrase = " ".join(words[-size:] if found is before else words[:size])
            accepted = read_places(phrase)
            if accepted:
                codes = [code for place in accepted for code in places.remote_scope_of_phrase(place)]
                if codes and all(code.split("-")[0] == _COUNTRY_UK for code in codes):
                    return True
                break
    return False
