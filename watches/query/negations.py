"""What the query refuses: "no managers", "excluding PHP or Java", "non-sales" → `exclude_keywords`
("no FAANG" → `exclude_companies`); "not in Berlin", "outside London" and "no remote" are noted
(there are no such filters), never read as a place or as remote work wished for.

Read after the companies ("not at Amazon" is theirs) and before the place and remote passes, which
would otherwise read the refused place or "remote" as asked for. `exclude_words` is the one way
any pass excludes a word (clearances use it too).
"""

from __future__ import annotations

import re

from watches.query.companies import COMPANY_GROUPS
from watches.query.place_names import bare_place, place_end, read_places
from watches.query.state import BAR, ReaderState
from watches.query.words import FOREIGN_STOP_WORDS, GENERIC, SKILL_WORDS, STOP_WORDS, WORD, role_word

# "outside London" (not "outside sales"): read only when a known place follows.
_OUTSIDE = re.compile(r"\b(?:outside(?:\s+of)?|anywhere\s+(?:but|except)|except\s+for)\s+(?:the\s+)?")
_NOT_PLACE = re.compile(
    r"\b(?:not|no|excluding|except|outside(?:\s+of)?|but\s+not|anywhere\s+but)\s+"
    r"(?:(?:based\s+|located\s+)?in|near|around)\s+(?:the\s+)?"
)
# "no remote", "not the remote kind", "don't want a fully remote job": up to two words between the
# negation and "remote" (articles, "fully", "want", "interested in"), so "remote" is never read as
# wished for when it is refused.
_NOT_REMOTE = re.compile(
    r"\b(?:no|not|non|without|don'?t\s+want|do\s+not\s+want)[\s-]+"
    r"(?:(?:the|a|an|any|fully|completely|entirely|100%|interested\s+in|looking\s+for|want(?:ing)?)\s+){0,2}"
    r"remote(?:\s+(?:work|jobs?|roles?|positions?|only|kind|type|sort|ones?))?\b"
)
# An item's second word: not a separator, a negation or a grammar word that starts what follows.
_SECOND = r"(?:[^\S\n]+(?!(?:or|nor|and|not|no|non|excluding|except|without|minus|but|in|at|for|from|with|jobs?|roles?)\b)\w[\w+#.&'-]*)?"
_EXCLUSION = re.compile(
    # "non-manager", "non-sales" (not "non-profit", an organisation wished for).
    r"(?:\b(?P<verb>not(?:\s+interested\s+in)?|no|excluding|except|without|minus|but\s+not|avoid(?:ing)?|skip(?:ping)?)\s+(?:any\s+)?"
    r"|\bnon[\s-](?!profits?\b))"
    # "no managers, no interns": a second negation starts a list of its own. An item may hold a
    # second word, which `_phrase` keeps when the two are one thing refused ("no manual testing").
    r"(?P<items>[\w+#.&'-]+" + _SECOND + r"(?:\s*(?:,|/|\bor\b|\bnor\b|\band\b|(?<=\s)&(?=\s))\s*"
    r"(?!(?:not|no|excluding|except|without|minus|but)\b)[\w+#.&'-]+" + _SECOND + r")*)"
    # "exclude Amazon and Meta": after the verb "exclude", "and" joins what is excluded too.
    r"|\bexclude\s+(?:any\s+)?(?P<listed>[\w+#.&'-]+"
    + _SECOND
    + r"(?:\s*(?:,|/|\bor\b|\band\b|\bnor\b|(?<=\s)&(?=\s))\s*"
    r"[\w+#.&'-]+" + _SECOND + r")*)"
)

_NEGATED = re.compile(r"\s*(?:not|no|excluding|except|without|minus|avoid(?:ing)?|skip(?:ping)?|non)\b")


def read_negations(reader: ReaderState) -> None:
    for match in list(_NOT_PLACE.finditer(reader.text)):
        start = match.start()
        if reader.text[start : match.end()] != match.group(0):
            continue  # an earlier cut of this loop moved the text
        end = place_end(reader.text, match.end())
        phrase = reader.text[start:end].strip()
        reader.notes.append(
            f'"{phrase}": excluding a place is not a filter Watchtower has; it was ignored '
            "(no location filter was set from it)."
        )
        reader.text = reader.text[:start] + BAR + reader.text[end:]

    position = 0
    while (outside := _OUTSIDE.search(reader.text, position)) is not None:
        words = reader.text[outside.end() : place_end(reader.text, outside.end())].split()
        size = next((size for size in range(min(len(words), 4), 0, -1) if read_places(" ".join(words[:size]))), 0)
        if not size:
            position = outside.end()
            continue
        end = reader.words_end(outside, words[:size])
        reader.notes.append(
            f'"{reader.text[outside.start() : end].strip()}": excluding a place is not a filter Watchtower has; it was '
            "ignored (no location filter was set from it)."
        )
        reader.text = reader.text[: outside.start()] + BAR + reader.text[end:]
        position = outside.start() + len(BAR)

    def not_remote(match: re.Match[str]) -> bool:
        reader.notes.append(
            f'"{match.group(0).strip()}": excluding remote jobs is not a filter Watchtower has; it was ignored.'
        )
        return True

    reader.cut(_NOT_REMOTE, not_remote)

    def exclusion(match: re.Match[str]) -> str:
        if match.group("listed") is not None:
            listed = match.group("listed")
            # "exclude Revolut, Monzo and Starling, backend engineer": a list closed by "and"/"or"/"&"
            # ends at the comma after it; what follows is the query's ("exclude crypto & gambling, golang").
            closed = re.search(r"(?:\b(?:or|and|nor)|(?<=\s)&)\s+[\w+#.&'-]+(?:[^\S\n]+[\w+#.&'-]+)?\s*,", listed)
            rest = listed[closed.end() - 1 :] if closed else ""
            listed = listed[: closed.end() - 1] if closed else listed
            words: list[str] = []
            at = 0
            parts = re.split(r"(\s*(?:,|/|\bor\b|\band\b|\bnor\b|(?<=\s)&(?=\s))\s*)", listed)
            for index, raw in enumerate(parts):
                first, _, second = raw.partition(" ")
                if (
                    index
                    and index % 2 == 0
                    and not closed
                    and first in _WISHED_AFTER
                    and "," in parts[index - 1]
                    and _wished_after(match, words, listed[at + len(first) :] + rest)
                ):
                    rest = listed[at:] + rest  # "exclude crypto, golang": golang is wished for
                    break
                if index % 2 == 0 and second:
                    # "exclude manual testing roles": the phrase; "exclude recruiters python": the
                    # first word, and the list ends there.
                    phrase = _phrase(reader, first, second.strip(), match.start("listed") + at + len(raw))
                    if not phrase:
                        words.append(first)
                        rest = listed[at + len(first) :] + rest
                        break
                    words.append(phrase)
                elif index % 2 == 0 and raw:
                    words.append(raw)
                at += len(raw)
            found = [role_word(word) for word in words]
            usable = [word for word in found if word and word not in STOP_WORDS and word != "remote"]
            if not usable or len(usable) != len(found):
                return match.group(0)
            exclude_words(reader, usable)
            return BAR + rest
        # The list is its items up to the first that is no word to exclude: a grammar word
        # ("not sales, new York"), "remote", or a place written bare after a comma ("no intern,
        # USA"). What follows stays in the text for the readers after this one.
        # A comma continues the list when a conjunction closes it ("no sales, marketing or
        # support") or when the role was said before the list ("backend jobs without php, java");
        # "no crypto, backend" excludes crypto, and backend is the role. "and" joins only after a
        # verb of leaving out ("excluding Amazon and Google"), not after "no"/"not".
        items = match.group("items")
        parts = re.split(r"(\s*(?:,|/|\bor\b|\bnor\b|\band\b|(?<=\s)&(?=\s))\s*)", items)
        joins_and = (match.group("verb") or "").split()[-1:] not in (["no"], ["not"], [])
        # "not" and "non-" refuse a word ("not copied into", "non-public answer"); the other verbs
        # may refuse a phrase of two ("no manual testing", "without customer support").
        joins_phrase = (match.group("verb") or "not").split()[-1] != "not"
        # The role said before the list: words of segments that are not themselves exclusions
        # ("no crypto, no gambling, python developer": crypto is no role, python is not excluded).
        said_before = " ".join(
            segment for segment in re.split(r"[,|]", match.string[: match.start()]) if not _NEGATED.match(segment)
        )
        role_before = any(
            (word := role_word(raw)) and word not in STOP_WORDS and word.isalpha() for raw in WORD.findall(said_before)
        )
        taken: list[str] = []
        at = end = 0
        for index, part in enumerate(parts):
            if index % 2:
                at += len(part)
                continue
            first, _, second = part.partition(" ")
            word = role_word(first)
            if not word or word in STOP_WORDS or word == "remote":
                break
            if index and not _listed(parts, index, joins_and, role_before):
                break
            if second:
                phrase = (
                    _phrase(reader, first, second.strip(), match.start("items") + at + len(part))
                    if joins_phrase
                    else ""
                )
                if not phrase:
                    # The second word is not refused with the first ("no managers python developer"):
                    # the list ends after the first, the second stays for the readers after this one.
                    taken.append(word)
                    end = at + len(first)
                    break
                word = phrase
            taken.append(word)
            at += len(part)
            end = at
        if not taken:
            return match.group(0)
        exclude_words(reader, taken)
        return BAR + items[end:]

    reader.text = _EXCLUSION.sub(exclusion, reader.text)


# Skills and roles (not industries, which are refused as often as wished for): the last item of a
# list after "exclude" that is one of them, of another kind than what is refused before it, when
# the query names no role elsewhere, is what is wished for ("exclude crypto, golang").
_INDUSTRY_TEXT = (
    "crypto web3 blockchain defi nft gambling betting igaming defense defence adtech fintech insurance healthcare "
    "sales marketing consulting"
)
_WISHED_AFTER = SKILL_WORDS - frozenset(_INDUSTRY_TEXT.split())


def _wished_after(match: re.Match[str], words: list[str], after: str) -> bool:
    """Whether a skill listed after "exclude" and a comma, after `words` refused, is wished for: none
    of `words` is a skill (they are of another kind) and the query names no role but it (before the
    list or in `after`, what follows the skill)."""
    if any(word in _WISHED_AFTER for word in words):
        return False
    return not any(
        (word := role_word(raw))
        and word not in STOP_WORDS
        and word not in GENERIC
        and word not in _LEVEL_WORDS
        and word != "remote"
        and word.isalpha()
        and not bare_place(raw)
        for raw in WORD.findall(match.string[: match.start()] + " " + after)
    )


def _listed(parts: list[str], index: int, joins_and: bool, role_before: bool) -> bool:
    """Whether the item parts[index] (after the first) continues the list of words to exclude."""
    separator = parts[index - 1]
    if separator.strip() in ("and", "&") and not joins_and:
        return False
    if (
        "," in separator
        and not role_before
        and not any(later.strip() in {"or", "nor", "and", "&", "/"} for later in parts[index + 1 :: 2])
    ):
        return False
    return not ("," in separator and bare_place(parts[index]))


# Words that say a level: refused before a role word they refuse the level, not a phrase ("no
# senior python roles" is python roles that are not senior).
_LEVEL_TEXT = "senior sr junior jr lead staff principal entry intern mid manager director head graduate trainee"
_LEVEL_WORDS = frozenset(_LEVEL_TEXT.split())
# What may follow a phrase refused: its end, a separator, a grammar word or a generic role word.
_PHRASE_END = re.compile(r"[^\S\n]*(?:$|(?P<mark>[,|/;.&])|(?P<word>[\w'-]+))")
# Words that end a refusal rather than name what is refused ("no body yet", "nothing longer than").
_NOT_IN_PHRASE_TEXT = (
    "yet into onto even ever longer again anymore than unless until since while because so then their his her our its"
)
_NOT_IN_PHRASE = frozenset(_NOT_IN_PHRASE_TEXT.split())
# A schedule refused ("night shifts", "weekend rotas", "on-call rotation") is the phrase whatever
# follows it, a role written without a comma too ("no night shifts nurse").
_SCHEDULE = frozenset({"shift", "rota", "rotation"})


def _phrase(reader: ReaderState, first: str, second: str, after: int) -> str:
    """ "no manual testing", "no customer support roles", "no data entry": two words refused as one
    term (the phrase), or "" when they are not one thing: a plural first word is a thing of its
    own ("no managers python developer"), a level refuses the level ("no senior python"), a
    generic or grammar word or a place is no part of what is refused, and the phrase must end the
    refusal (a separator, a grammar or generic word after it; a separator or the end after a
    plural second word: "no night shifts, nurse", not "no request waits on")."""
    one, two = role_word(first), role_word(second)
    if (
        first in _NOT_IN_PHRASE
        or second in _NOT_IN_PHRASE
        or (second.endswith("ed") and len(second) > 4)  # "no change skipped": a verb, not a thing
        or not one
        or not two
        or one != first.lower()
        or one in _LEVEL_WORDS
        or not one.replace("-", "").isalnum()
        or not two.replace("-", "").isalpha()
        or any(word in STOP_WORDS or word in FOREIGN_STOP_WORDS or word in GENERIC for word in (one, two))
        or bare_place(two)
    ):
        return ""
    if two in _SCHEDULE:
        return f"{one} {two}"  # "no night shifts nurse": a schedule refused, whatever follows it
    following = _PHRASE_END.match(reader.text, after)
    if following is None:
        return ""
    word = following.group("word")
    if two != second.lower() and following.group("mark") not in (",", "|", ";") and following.end() != len(reader.text):
        return ""  # "no night shifts, nurse"; not "no request waits on another's" (a verb)
    if word and word not in STOP_WORDS and role_word(word) not in STOP_WORDS and role_word(word) not in GENERIC:
        return ""
    return f"{one} {two}"


def exclude_words(reader: ReaderState, words: list[str]) -> None:
    """Excluded words, but "FAANG" is the companies it stands for ("no FAANG", "exclude FAANG")."""
    for word in dict.fromkeys(words):
        group = COMPANY_GROUPS.get(word)
        if group:
            reader.exclude_companies.extend(name for name in group if name not in reader.exclude_companies)
        elif word not in reader.exclude:
            reader.exclude.append(word)
