"""The last pass: what no other pass took is the role → `keywords` (any of them) and `all_keywords`
(each of them). One specific word is the keyword; several are all needed; a choice ("Go or Rust",
"UI/UX", "(React/TypeScript)") is `keywords` beside the words outside it; generic words
("engineer", "developer") are dropped next to a specific one (noted); a security clearance read by
`clearances` joins the role words here.

Its own module because it is the one pass that reads what is left rather than what it recognises:
every rule here decides between "keywords" and "all_keywords".
"""

from __future__ import annotations

import functools
import re

from matching import places
from watches.filters import MAX_TERM_LENGTH, MAX_TERMS
from watches.query.state import BAR, ReaderState
from watches.query.words import FOREIGN_STOP_WORDS, GENERIC, GENERIC_FORMS, STACK_WORDS, STOP_WORDS, WORD, role_word

# A negation left for this pass negated nothing a pass could read: noted, never a keyword.
_NEGATIONS = frozenset({"not", "no", "non", "never", "nor", "without", "excluding", "except"})
# A choice in brackets: "(go or rust)", "(react/typescript)".
_BRACKETED_CHOICE = re.compile(r"\(([^()|]*?(?:\bor\b|/)[^()|]*)\)")
_SEGMENT_TEXT = re.compile(r"[^,|]+")
_TIGHT_SLASH = re.compile(r"(?<![\w/])[\w+#.-]+(?:/[\w+#.-]+)+(?![\w/])")
# "AI engineer LLM / RAG", "Android developer Kotlin / Jetpack Compose": a choice joined by a
# spaced slash right after a generic role word, up to the end of its segment, is a choice of skills
# (not "ai llm" or "rag"); the role words before it stay the role.
_SKILLS_AFTER_ROLE = re.compile(
    r"\b(?:" + "|".join(sorted(GENERIC, key=len, reverse=True)) + r")s?\s+"
    r"(?P<choice>(?!(?:" + "|".join(sorted(GENERIC, key=len, reverse=True)) + r")s?\b)[\w+#.-]+\s+/\s+[^,|]*?)"
    r"(?=\s*(?:[,|]|$))"
)


def read_roles(reader: ReaderState) -> None:
    noted = len(reader.notes)
    _role_reading(reader)
    if reader.clearances:
        _add_clearances(reader, noted)


def _add_clearances(reader: ReaderState, noted: int) -> None:
    """A clearance is a specific role word: with one other specific word both are needed
    (`all_keywords`), beside a choice of words it is needed too, and beside only generic words
    ("TS/SCI software engineer") it is the keyword, the generic words dropped as usual."""
    if reader.all_keywords or (reader.keywords and len(reader.keywords) > 1):
        reader.all_keywords = _capped(reader, [*reader.all_keywords, *reader.clearances], "all_keywords")
        return
    if reader.keywords and any(word not in GENERIC for word in reader.keywords[0].split()):
        reader.all_keywords = _capped(reader, [*reader.keywords, *reader.clearances], "all_keywords")
        reader.keywords = []
        return
    generic = reader.keywords[0].split() if reader.keywords else []
    del reader.notes[noted:]  # "software engineer" alone was no generic word dropped; now it is
    if len(reader.clearances) == 1:
        reader.keywords = list(reader.clearances)
    else:
        reader.all_keywords = _capped(reader, reader.clearances, "all_keywords")
        reader.keywords = []
    _note_generic(reader, generic)


def _role_reading(reader: ReaderState) -> None:
    text = reader.text
    if " / " in text:
        skills = _SKILLS_AFTER_ROLE.search(text)
        if skills and _choice_beside_words(reader, text, *skills.span("choice"), skills.group("choice")):
            return
    any_of = bool(re.search(r"\bor\b|/", text.replace("|", " ")))
    if any_of and "(" in text and _bracketed_alternatives(reader, text):
        return
    if any_of and (" or " in text or " / " in text) and _choice_before_shared_words(reader, text):
        return
    if any_of and _segment_alternatives(reader, text):
        return
    if any_of:
        phrases: list[str] = []
        dropped: list[str] = []
        for piece in re.split(r"\bor\b|/|\|", text):
            words = _role_words(reader, piece)
            specific = [word for word in words if word not in GENERIC]
            dropped.extend(word for word in words if word in GENERIC and specific)
            phrase = " ".join(specific or words)
            if phrase and phrase not in phrases:
                phrases.append(phrase)
        reader.keywords = _capped(reader, phrases, "keywords")
        _note_generic(reader, dropped)
        return
    words = _role_words(reader, text)
    specific = list(dict.fromkeys(word for word in words if word not in GENERIC))
    generic = list(dict.fromkeys(word for word in words if word in GENERIC))
    if not specific:
        phrase = " ".join(generic)
        if len(generic) > 1 and phrase not in text and any(word in FOREIGN_STOP_WORDS for word in text.split()):
            # "Engenheiro de Software": generic words a grammar word of another language stands
            # between are each needed, not a phrase no title holds ("engenheiro software").
            reader.all_keywords = _capped(reader, generic, "all_keywords")
        elif generic:
            reader.keywords = _capped(reader, [phrase], "keywords")
    elif len(specific) == 1:
        reader.keywords = [specific[0]]
        _note_generic(reader, generic)
    else:
        reader.all_keywords = _capped(reader, specific, "all_keywords")
        _note_generic(reader, generic)
    if specific and any(word in _SHORT_TITLE_WORDS for word in specific):
        _short_title_word(reader, specific)


# Title words written short, which titles write both ways ("Sales Rep", "Sales Representative"): the
# two forms are the query's choice (`keywords`), the other words stay needed.
_SHORT_TITLE_WORDS = {"rep": "representative", "asst": "assistant", "exec": "executive", "coord": "coordinator"}


def _short_title_word(reader: ReaderState, specific: list[str]) -> None:
    """ "customer service rep": `all_keywords` customer, service and `keywords` rep, representative
    (a keyword "rep" alone misses every "Customer Service Representative"). Only the first such word,
    and only with no other choice in the query."""
    short = next(word for word in specific if word in _SHORT_TITLE_WORDS)
    full = _SHORT_TITLE_WORDS[short]
    reader.keywords = [short, full]
    reader.all_keywords = [word for word in reader.all_keywords if word not in (short, full)]
    reader.notes.append(f'"{short}" was read as "{short}" or "{full}" (titles write both).')


def _bracketed_alternatives(reader: ReaderState, text: str) -> bool:
    """ "backend engineer (Go or Rust)", "frontend dev (React/TypeScript)": the alternatives in
    brackets are `keywords` (any of them), the role words outside them `all_keywords` (each of
    them). Only when the brackets hold the query's one choice and a specific word stands
    outside them; False leaves the text to the usual reading."""
    group = _BRACKETED_CHOICE.search(text)
    if group is None:
        return False
    return _choice_beside_words(reader, text, group.start(), group.end(), group.group(1))


def _choice_before_shared_words(reader: ReaderState, text: str) -> bool:
    """ "golang or rust backend", "python or java backend engineer", "backend golang or rust",
    "golang, rust or python backend": a choice of languages or frameworks (`STACK_WORDS`) whose
    last (or first) alternative carries the field they share (`_SHARED_FIELDS`) is the choice in
    `keywords` and the field in `all_keywords`, as "backend (golang or rust)" is; not "golang" or
    "rust backend". Only that shape: "react or react native" and "ml or data science" keep the
    usual reading. False (notes undone) leaves the text to it."""
    found = [m for m in _SEGMENT_TEXT.finditer(text) if re.search(r"\bor\b|/", m.group(0))]
    if len(found) != 1:
        return False
    segment = found[0]
    noted = len(reader.notes)
    pieces = [_role_words(reader, piece) for piece in re.split(r"\bor\b|/", segment.group(0))]
    specific = [[word for word in words if word not in GENERIC] for words in pieces]
    single = [len(words) == 1 and words[0] in STACK_WORDS for words in specific]
    choices: list[str] = []
    shared: list[str] = []
    if len(specific) >= 2 and all(single[:-1]) and _stack_then_fields(specific[-1]):
        choices, shared = [words[0] for words in specific[:-1]] + [specific[-1][0]], specific[-1][1:]
    elif len(specific) >= 2 and all(single[1:]) and _stack_then_fields(specific[0][::-1]):
        choices, shared = [specific[0][-1]] + [words[0] for words in specific[1:]], specific[0][:-1]
    if not choices:
        del reader.notes[noted:]
        return False
    start = segment.start()
    # "golang, rust or python backend": single languages in the comma segments just before join the choice.
    while True:
        before = re.search(r"(?:^|[,|])([^,|]*),\s*$", text[:start])
        looked = len(reader.notes)
        words = _role_words(reader, before.group(1)) if before else []
        if not before or len(words) != 1 or words[0] not in STACK_WORDS:
            del reader.notes[looked:]  # the outside words are read (and noted) below
            break
        choices.insert(0, words[0])
        start = before.start(1)
    outside = _role_words(reader, text[:start] + BAR + text[segment.end() :])
    generic = [word for piece in pieces for word in piece if word in GENERIC]
    generic += [word for word in outside if word in GENERIC]
    reader.keywords = _capped(reader, choices, "keywords")
    reader.all_keywords = _capped(reader, [*shared, *(word for word in outside if word not in GENERIC)], "all_keywords")
    _note_generic(reader, generic)
    return True


def _stack_then_fields(words: list[str]) -> bool:
    """ "rust backend": a language or framework, then only fields."""
    return len(words) >= 2 and words[0] in STACK_WORDS and all(word in _SHARED_FIELDS for word in words[1:])


# The fields such a choice shares: "golang or rust backend", "react or vue frontend".
_FIELDS_TEXT = """
backend back-end frontend front-end full-stack fullstack mobile web systems platform infrastructure infra
embedded firmware devops data ml game server server-side desktop cloud api system android ios
"""
_SHARED_FIELDS = frozenset(_FIELDS_TEXT.split())


def _segment_alternatives(reader: ReaderState, text: str) -> bool:
    """ "Junior UI/UX designer" (words joined by a slash) and "Senior Data Engineer, Snowflake
    or dbt" (a choice that is a segment of its own, between commas, dashes or cuts): read like
    a choice in brackets."""
    # "Junior UI/UX designer", "AI/ML research intern": words joined by a slash without spaces
    # are the choice, when they are the query's only one.
    tight = list(_TIGHT_SLASH.finditer(text))
    if (
        len(tight) == 1
        and not re.search(r"\bor\b|/", text[: tight[0].start()] + text[tight[0].end() :])
        and _choice_beside_words(reader, text, tight[0].start(), tight[0].end(), tight[0].group(0))
    ):
        return True
    found = [m for m in _SEGMENT_TEXT.finditer(text) if re.search(r"\bor\b|/", m.group(0))]
    if len(found) != 1:
        return False
    return _choice_beside_words(reader, text, found[0].start(), found[0].end(), found[0].group(0))


def _choice_beside_words(reader: ReaderState, text: str, start: int, end: int, inner: str) -> bool:
    """The alternatives of `inner` (at text[start:end]) as `keywords`, the specific role words
    outside it as `all_keywords`; False (notes undone) when either side is empty. Only generic
    words outside ("Software Engineer IV, …, Java/Spring") are dropped beside a choice of
    specific words: the choice is the role."""
    outside = text[:start] + BAR + text[end:]
    if re.search(r"\bor\b|/", outside.replace("|", " ")):
        return False
    noted = len(reader.notes)
    words = _role_words(reader, outside)
    specific = [word for word in dict.fromkeys(words) if word not in GENERIC]
    if not words:
        del reader.notes[noted:]  # the usual reading notes them again
        return False
    choices: list[str] = []
    for piece in re.split(r"\bor\b|/", inner):
        phrase = " ".join(word for word in _role_words(reader, piece))
        if phrase and phrase not in choices:
            choices.append(phrase)
    if len(choices) < 2 or (not specific and any(set(choice.split()) <= GENERIC for choice in choices)):
        del reader.notes[noted:]
        return False
    reader.keywords = _capped(reader, choices, "keywords")
    reader.all_keywords = _capped(reader, specific, "all_keywords")
    _note_generic(reader, [word for word in words if word in GENERIC])
    return True


# Roles named with "developer" before a word ("developer advocate", "developer relations"): one
# specific term, not a generic word dropped beside "advocate" (a "Customer Advocate" is another job).
_DEVELOPER_ROLES = frozenset({"advocate", "advocates", "relations", "evangelist", "evangelists", "experience"})


def _role_words(reader: ReaderState, text: str) -> list[str]:
    found: list[str] = []
    raws = WORD.findall(text)
    if "developer" in text:
        raws = _developer_roles(raws)
    if "open source" in text or "open-source" in text:
        raws = _open_source(raws)
    for raw in raws:
        word = role_word(raw)
        if not word or word in STOP_WORDS or word in FOREIGN_STOP_WORDS:
            continue
        if word in _NEGATIONS:
            # What it negated was read (or was no word at all): a keyword "not" matches nothing wanted.
            reader.notes.append(
                f'"{raw}" was not understood (it negates nothing the reader could read); it was ignored.'
            )
            continue
        if not any(ch.isalpha() for ch in word):
            reader.notes.append(f'"{raw}" was not understood; it was ignored.')
            continue
        if len(word) > MAX_TERM_LENGTH:
            reader.notes.append(f'"{word[:40]}…" is too long to be a keyword; it was ignored.')
            continue
        generic = _misspelt_generic(word)
        if generic:
            reader.notes.append(f'"{raw}" was read as "{generic}".')
            word = generic
        found.append(word)
    return found


def _developer_roles(raws: list[str]) -> list[str]:
    """The words with "developer" and the word after it joined where they name one role."""
    joined: list[str] = []
    for raw in raws:
        if joined and joined[-1] in ("developer", "developers") and raw in _DEVELOPER_ROLES:
            joined[-1] = "developer " + (raw if raw in ("relations", "experience") else role_word(raw))
        else:
            joined.append(raw)
    return joined


def _open_source(raws: list[str]) -> list[str]:
    """ "open source" one term ("open" alone is a stop word, and "source" alone finds "Sourcing
    Specialist" titles' kin, not open source work)."""
    joined: list[str] = []
    for raw in raws:
        if joined and joined[-1].lower() == "open" and raw.lower() == "source":
            joined[-1] = "open source"
        else:
            joined.append(raw)
    return joined


def _capped(reader: ReaderState, items: list[str], name: str) -> list[str]:
    unique = [item for item in dict.fromkeys(items) if len(item) <= MAX_TERM_LENGTH]
    if len(unique) > MAX_TERMS:
        reader.notes.append(f"Only the first {MAX_TERMS} {name} were kept.")
    return unique[:MAX_TERMS]


def _note_generic(reader: ReaderState, dropped: list[str]) -> None:
    unique = list(dict.fromkeys(dropped))
    if unique:
        listed = ", ".join(f'"{word}"' for word in unique)
        reader.notes.append(f"{listed} dropped as too general next to a more specific role word.")


# Generic role words long enough that one letter off is a typo, not another word ("sofware",
# "enginer", "devloper"); a keyword with the typo would match no title.
_TYPO_GENERIC = tuple(word for word in GENERIC if len(word) >= 7 and word not in GENERIC_FORMS)


@functools.lru_cache(maxsize=2048)
def _misspelt_generic(word: str) -> str | None:
    """The generic role word `word` is one edit from (a letter left out, added, changed, or two
    swapped), or None."""
    if len(word) < 6 or word in GENERIC or not word.isalpha():
        return None
    for generic in _TYPO_GENERIC:
        if places.one_edit(word, generic):
            return generic
    return None
