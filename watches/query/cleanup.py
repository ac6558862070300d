"""Before the passes: the query made into the working text the passes read (`normalise`), and the
first pass, which cuts what speaks of Watchtower or of delivery rather than of jobs (`clean_up`:
URLs, "use Watchtower to", "notify me via Slack", "near me").

Its own module because every pass depends on the shape `normalise` leaves: commas and spaced dashes
as separators, "w/" as "with", misspellings of the readers' words corrected (noted), gender markers
of titles cut.
"""

from __future__ import annotations

import functools
import re

from watches.query.place_names import CODE_NOT_REGION
from watches.query.state import BAR, MAX_QUERY_LENGTH, ReaderState

_URL = re.compile(r"https?://\S+")
_SELF_MENTION = re.compile(
    r"(?:\b(?:please|hey|hi|hello)\b[\s,!]*)*(?:\b(?:use|using|via|with|through|ask|on)\s+)?"
    r"\bwatchtower(?:\.[a-z]{2,})?\b(?:\s+to\b)?"
)
# "notify me", "show me" ("don't show me jobs at Uber" is an exclusion, read by `companies`).
_DELIVERY = re.compile(
    r"(?:[\s,.;!?]*\b(?:and|then)\b)?[\s,.;!?]*\b(?:tell|let|notify|alert|ping|email|e-mail|message|send|show(?<!n't\sshow)(?<!n’t\sshow)(?<!not\sshow)|text|help)\s+me\b"
    r"(?:\s+know\b)?"
)
# "notify via webhook", "by email": the channel, which the watch's delivery settings decide.
_CHANNEL = re.compile(
    r"(?:[\s,.;!?]*\b(?:and|then)\b)?[\s,.;!?]*(?:\b(?:notify|alert|ping|tell|send)(?:\s+(?:me|us))?\s+)?"
    r"\b(?:via|by|through|over)\s+(?:a\s+)?(?:webhooks?|e-?mail|slack|telegram|sms|discord|text)\b"
)
# "near me", "close to me": where the writer is, which the query does not say; request words.
_NEAR_ME = re.compile(r"\b(?:near|around|close\s+to)\s+me\b")
_TIGHT_COMMA = re.compile(r",(?=[^\s\d,])|(?<=[^\d\s,]),(?=\d)")
_FULL_STACK = re.compile(r"\bfull[\s-]+stack\b")
_DEV_OPS = re.compile(r"\bdev(?: sec)? ops\b")
_SPACED_DASH = re.compile(r"(?P<before>\S*)\s+[-–—]\s+(?=(?P<after>\S*))")


def _dash_as_comma(match: re.Match[str]) -> str:
    if any(ch.isdigit() for ch in match.group("before")) and any(ch.isdigit() for ch in match.group("after")):
        return match.group(0)
    return match.group("before") + ", "


# Misspellings of the words the readers look for, and "lvl" for "level".
_MISSPELT = {
    **dict.fromkeys(
        ("sponsership", "sponsorhip", "sponsorshp", "sponsorshop", "sponcership", "sponsorsip"), "sponsorship"
    ),
    **dict.fromkeys(("expirience", "experiance", "experince", "expereince", "exprience", "experence"), "experience"),
    **dict.fromkeys(("seniour", "senoir", "seinor", "snior", "sneior"), "senior"),
    "sponser": "sponsor",
    "sponsers": "sponsor",
    "lvl": "level",
}
_SPELLED = re.compile(r"\b(?:" + "|".join(_MISSPELT) + r")\b")
# The gender markers of German and French titles: "(m/w/d)", "(f/m/x)", "m/w/d", "H/F", "(all genders)".
_GENDER_MARK = re.compile(
    r"\(\s*[mwfhdx](?:\s*/\s*[mwfhdx]){1,2}(?:\s*/\s*(?:divers|div|i))?\s*\)|\(\s*(?:all\s+genders?|gn)\s*\)"
    r"|(?<![\w/])(?:[mwfhdx]/[mwfhdx]/[mwfhdx]|[mfh]/[mfh])(?![\w/])"
)
_WITH_ABBREVIATION = re.compile(r"(?<![\w/])w/(o\b)?\s*")
_HYPHEN_ONLY = re.compile(r"(?<=[a-z])-only\b")
# "or" in French, Portuguese and German ("Paris ou remote", "Berlin oder remote"), and in Spanish and
# Italian between words ("Roma o remoto", "Madrid o Barcelona"; not "$50,000 o más", "100k o più",
# which `pay` reads as "or more").
_FOREIGN_OR = re.compile(r"(?<=\s)(?:ou|oder)(?=\s)|(?<=[^\W\d]{2}\s)o(?=\s(?!m[aá]s\b|pi[uù]\b))")
# "No" in French, Spanish, Italian, German, Dutch and Polish, before what it refuses ("pas de freelance",
# "sin cripto", "senza turni", "keine Zeitarbeit", "geen detachering", "bez B2B"): the readers of
# refusals read "no" ("sem" is search engine marketing too, and stays).
_FOREIGN_NO = re.compile(r"\b(?:pas\s+d(?:e\s+|['’])|(?:sans|sin|senza|kein(?:e|en)?|ohne|geen|zonder|bez)\s+)")
# Remote work in Spanish, Portuguese, Italian, French and Polish ("remoto", "télétravail", "zdalnie"):
# read as "remote", so every rule about remote work reads them ("Roma o remoto" is Rome or remote).
_FOREIGN_REMOTE = re.compile(r"\b(?:remot[oa]s?|t[ée]l[ée]travail|teletrabajo|zdaln(?:ie|a|y))\b")


def normalise(reader: ReaderState, text: str) -> None:
    """The working text of a query: spaces collapsed, cut to `MAX_QUERY_LENGTH`, lowercased, its
    separators, abbreviations and misspellings written as the passes read them; and what its
    capitals say (`capital_us`, `capital_codes`)."""
    clean = " ".join(text.split())
    if len(clean) > MAX_QUERY_LENGTH:
        reader.notes.append(f"Only the first {MAX_QUERY_LENGTH} characters of the query were read.")
        clean = clean[:MAX_QUERY_LENGTH]
    # "senior engineer,new york,200k": a comma without a space is a comma ("$120,000" stays).
    if "," in clean:
        clean = _TIGHT_COMMA.sub(", ", clean)
    # "Sr. DevOps Engineer - Phoenix - $140K": a dash between spaces separates like a comma,
    # unless numbers stand on both sides of it ("3 - 5 years", "$120k - $140k" are ranges).
    if " - " in clean or " – " in clean or " — " in clean:
        clean = _SPACED_DASH.sub(_dash_as_comma, clean)
    reader.text = f" {clean.lower()} "
    # "(m/w/d)", "H/F": a title's gender marker, read before "w/" (with).
    if "/" in reader.text or "gender" in reader.text:
        reader.text = _GENDER_MARK.sub(functools.partial(_gender_mark, reader), reader.text)
    # "w/ 5+ YOE", "w/o sponsorship": the abbreviations of "with" and "without".
    if "w/" in reader.text:
        reader.text = _WITH_ABBREVIATION.sub(lambda m: " without " if m.group(1) else " with ", reader.text)
    # "full stack": "full" alone is a request word ("full time"); the role is one word.
    if "stack" in reader.text:
        reader.text = _FULL_STACK.sub("full-stack", reader.text)
    # "dev ops", "dev sec ops": one word, as titles write it ("dev" alone is a generic word).
    if " ops" in reader.text:
        reader.text = _DEV_OPS.sub(lambda match: match.group(0).replace(" ", ""), reader.text)
    # "sponsership", "experiance", "entry lvl": misspellings and short forms of the words the
    # readers below look for (noted), so the filter is read, not a keyword no job holds.
    if any(stem in reader.text for stem in ("spons", "lvl", "seniour", "senoir", "seinor", "snior", "sneior")) or (
        "exp" in reader.text and "experience" not in reader.text
    ):
        reader.text = _SPELLED.sub(functools.partial(_spelled, reader), reader.text)
    # "Paris ou remote", "Roma o remoto": "or" in other languages.
    if " ou " in reader.text or " oder " in reader.text or " o " in reader.text:
        reader.text = _FOREIGN_OR.sub("or", reader.text)
    text = reader.text
    if "remot" in text or "travail" in text or "teletrabajo" in text or "zdaln" in text:
        reader.text = _FOREIGN_REMOTE.sub("remote", text)
    text = reader.text
    if (
        "pas d" in text
        or "sans " in text
        or "sin " in text
        or "senza " in text
        or "kein" in text
        or "ohne " in text
        or "geen " in text
        or "zonder " in text
        or "bez " in text
    ):
        reader.text = _FOREIGN_NO.sub("no ", text)
    # "US-only" is "US only" ("only" is a request word; the place is read alone).
    if "-only" in reader.text:
        reader.text = _HYPHEN_ONLY.sub(" only", reader.text)
    # "US" the country written bare, not "us" the pronoun ("… contact us").
    reader.capital_us = bool(re.search(r"\bU\.?S\b", clean))
    reader.original = clean
    # Two-letter codes written in capitals ("in NC"): a state or province there, not a word.
    reader.capital_codes = frozenset(code.lower() for code in re.findall(r"\b[A-Z]{2}\b", clean)) - CODE_NOT_REGION


def _spelled(reader: ReaderState, match: re.Match[str]) -> str:
    word = match.group(0)
    meant = _MISSPELT[word]
    if word != "lvl":
        reader.notes.append(f'"{word}" was read as "{meant}".')
    return meant


def _gender_mark(reader: ReaderState, match: re.Match[str]) -> str:
    if not any("gender marker" in note for note in reader.notes):
        reader.notes.append(
            f'"{match.group(0).strip()}" is a gender marker of job titles (every job is open to all); it was ignored.'
        )
    return BAR


def clean_up(reader: ReaderState) -> None:
    """The first pass: what is about Watchtower or the delivery, never about the jobs."""

    def url(match: re.Match[str]) -> bool:
        reader.notes.append(f'"{match.group(0)}" is a URL, not a filter; to watch one board, pass it as `url` instead.')
        return True

    reader.cut(_URL, url)
    reader.cut(_SELF_MENTION)
    reader.cut(_DELIVERY)
    if " me" in reader.text:
        reader.cut(_NEAR_ME)
    if any(word in reader.text for word in ("via ", "by ", "through ", "over ")):
        reader.cut(_CHANNEL)
