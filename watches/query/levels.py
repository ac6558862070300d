"""Levels → `seniority`, with the words of titles (`boards.derive.seniority`): "junior", "new grad",
"senior", "staff", "principal", "head of"; "senior+" and "staff or above" take the levels above
on the individual ladder.

Read after places and remote, before the role words, so a level word is never a keyword.
"""

from __future__ import annotations

import re

from watches.query.state import BAR, ReaderState

# Levels, in order; each pattern's words are cut and the level added (SPEC §6 levels). The level
# words are those of titles (boards/derive/seniority.py): "lead" is senior ("staff lead" staff),
# "head of", "VP" and "chief" director, "distinguished" and "fellow" principal, "junior", "early
# career", "new grad", "graduate", "entry-level", "trainee" entry. "lead generation" is a role.
_NOT_LEAD_LEVEL = r"(?!\s+(?:generation|gen|gens|nurtur\w*|qualif\w*|scoring|routing|magnets?|times?|poisoning|paint))"
_ACADEMIC_FELLOW = (
    r"(?<!research\s)(?<!postdoctoral\s)(?<!postdoc\s)(?<!clinical\s)(?<!teaching\s)(?<!graduate\s)(?<!summer\s)"
)
_LEVELS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # An intern in French, German, Spanish, Portuguese, Italian and Polish too, as titles write it
    # (boards/derive/seniority.py): "stagiaire", "Praktikant", "becario", "estagiário", "stagista", "stażysta".
    (
        "intern",
        re.compile(
            r"\b(?:interns?|internships?|working\s+students?|werkstudent(?:in|en)?|co-?op|stagiaires?|praktikant(?:in|en)?"
            r"|becari[oa]s?|estagi[aá]ri[oa]s?|stagist[ai]|stażyst(?:a|ka))(?!\w)"
        ),
    ),
    (
        "entry",
        re.compile(
            r"\b(?:junior|júnior|jr\b\.?|entry[\s-]level|(?:new|fresh|recent)(?:\s+(?:college|university|phd|ms|msc|masters?|bs|bsc|bachelors?))?"
            r"[\s-]grads?|(?:new|fresh|recent)\s+graduates?|graduates?(?:\s+(?:schemes?|programmes?|programs?))?|freshers?|early[\s-]career|"
            r"trainees?|beginners?)(?:[\s-]level)?(?=\W|$)"
        ),
    ),
    # "mid-senior", "junior-mid": "mid" joined to another level is the level too ("mid-market" is not).
    (
        "mid",
        # "pleno" (Brazil), "semi senior" / "ssr" (Spanish), "confirmé" (French) and "medior" (Dutch) are
        # mid-level; titles that say so name no level (boards/derive/seniority.py reads them as mid).
        re.compile(
            r"\b(?:mid[\s-]?level|intermediate|pleno|semi[\s-]?senior|ssr|confirm[ée]e?s?|medior)(?!\w)|\bmid(?=[\s/,-]+(?:to\s+)?(?:senior|sr)\b)|(?<=[-/])mid\b"
        ),
    ),
    (
        "senior",
        re.compile(
            r"\b(?:senior|sênior|sr\b\.?|snr|teamleit(?:er|erin|ung))(?!\s+(?:staff|principal|manager|managers|director|directors)\b)"
            r"|(?<!staff\s)\b(?:tech\s+|team\s+)?lead\b(?!\s+staff\b)" + _NOT_LEAD_LEVEL
        ),
    ),
    ("staff", re.compile(r"\b(?:senior\s+|sr\.?\s+|lead\s+)?staff\b(?:\s+lead\b)?")),
    (
        "principal",
        re.compile(
            r"\b(?:senior\s+|sr\.?\s+)?(?:principal|distinguished)\b"
            # "principle engineer": the level, misspelt (not "first principles").
            r"|\bprinciple(?=\s+(?:engineer|developer|architect|scientist|designer|product|software|data|swe|sre|pm|consultant)s?\b)"
            r"|" + _ACADEMIC_FELLOW + r"\b(?:(?:technical|engineering|senior)\s+)?fellows?\b"
        ),
    ),
    ("manager", re.compile(r"\b(?:senior\s+|sr\.?\s+)?(?:managers?|management|mgrs?)\b")),
    (
        "director",
        re.compile(
            r"\b(?:senior\s+|sr\.?\s+)?(?:directors?|vps?|svps?|evps?|avps?|vice\s+presidents?|head\s+of|chief)\b"
            # German heads, as titles write them (boards/derive/seniority.py): "Leitung IT", "Leiter Vertrieb",
            # "Abteilungsleiter", "Geschäftsführer" ("Projektleiter" is one word: a project manager).
            r"|\b(?:abteilungs|bereichs)?leit(?:ung|er|erin)\b|\bgesch(?:ä|ae|a)ftsf(?:ü|ue|u)hrer(?:in)?\b"
        ),
    ),
)
# "senior+", "staff or above": that level and the ones above it on the individual ladder.
_LADDER = ("entry", "mid", "senior", "staff", "principal")
_LADDER_WORDS = {
    "junior": "entry",
    "jr": "entry",
    "entry level": "entry",
    "mid": "mid",
    "mid level": "mid",
    "senior": "senior",
    "sr": "senior",
    "staff": "staff",
    "principal": "principal",
}
_LEVEL_AND_ABOVE = re.compile(
    r"\b(?P<level>junior|jr|entry[\s-]level|mid(?:[\s-]level)?|senior|sr|staff|principal)\.?"
    r"(?:\s*\+|\s+(?:or|and)\s+(?:above|higher|up|more\s+senior)\b|\s+plus\b)(?:[\s-]level\b)?"
)

# "junior to mid", "mid-senior", "senior through staff", German "Junior bis Senior", French "junior à
# senior": every level of the ladder between the two.
_LEVEL_RANGE = re.compile(
    r"\b(?P<low>junior|jr|entry[\s-]level|mid(?:[\s-]level)?|senior|sr|staff)\.?\s*(?:to|–|through|thru|bis|à)\s*"
    r"(?P<high>mid(?:[\s-]level)?|senior|sr|staff|principal)\b\.?(?:[\s-]level\b)?"
)


def read_levels(reader: ReaderState) -> None:
    def and_above(match: re.Match[str]) -> bool:
        lowest = _LADDER_WORDS[re.sub(r"[\s.-]+", " ", match.group("level")).strip()]
        for level in _LADDER[_LADDER.index(lowest) :]:
            if level not in reader.seniority:
                reader.seniority.append(level)
        return True

    def level_range(match: re.Match[str]) -> bool:
        low, high = (_LADDER_WORDS[re.sub(r"[\s.-]+", " ", match.group(side)).strip()] for side in ("low", "high"))
        if _LADDER.index(low) >= _LADDER.index(high):
            return False
        for level in _LADDER[_LADDER.index(low) : _LADDER.index(high) + 1]:
            if level not in reader.seniority:
                reader.seniority.append(level)
        return True

    if any(word in reader.text for word in ("+", "above", "higher", " up", "plus", "more senior")):
        reader.cut(_LEVEL_AND_ABOVE, and_above)
    text = reader.text
    if " to " in text or " thr" in text or "–" in text or " bis " in text or " à " in text:  # "mid-senior": below
        reader.cut(_LEVEL_RANGE, level_range)
    for level, pattern in _LEVELS:
        if pattern.search(reader.text):
            reader.text = pattern.sub(BAR, reader.text)
            if level not in reader.seniority:
                reader.seniority.append(level)
