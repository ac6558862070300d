"""Visa sponsorship: "yes", "no" or unknown (None), with the phrase it was read from.

Only sentences that mention sponsorship, visas or the right to work are read. Each is classed by
the first rule that fits, and the strongest class over the whole posting wins:

1. a refusal ("we are unable to sponsor", "no visa sponsorship", "authorized to work … without
   sponsorship", "sponsorship is not available") → "no";
2. an offer ("we sponsor H-1B visas", "visa sponsorship is available", "relocation and visa
   support", "we welcome applicants who need a work permit") → "yes";
3. a requirement of an existing right ("you must have the right to work in the UK", "must be
   legally eligible to work in Canada", "Australian citizens or permanent residents only") → "no".

A refusal beats an offer (a job seeker who needs a visa is better told no than misled), and an
offer beats a bare requirement: many employers that sponsor still print "must be authorised to
work in the country" in their standard text. Sponsorship in other senses (events, conferences,
sports, clinical-trial sponsors, an executive sponsor, sponsored training or certifications) is not
about visas: a sentence that says "sponsor" with such words and no visa words is skipped; nor is
"Visa" the card network, in a sentence about cards or payments that says nothing of work, permits
or immigration.
"""

from __future__ import annotations

import re
from typing import Literal

from boards.derive.text import PostingText, anchor_words

VisaAnswer = Literal["yes", "no"]
MAX_DESCRIPTION = 200_000
MAX_SENTENCES = 40
MAX_EVIDENCE = 160

# Literal words a sentence about visas holds, found with the posting's one anchor scan
# (PostingText.occurrences), which is many times faster on a 3 KB description than one regular
# expression with this many alternatives, or a `str.find` of each word (bench/derive.py).
_TRIGGERS = anchor_words(
    "sponsor",
    "visa",
    "right to work",
    "right-to-work",
    "work permit",
    "working rights",
    "work rights",
    "authoris",
    "authoriz",
    "eligible to work",
    "entitled to work",
    "citizen",
    "permanent resident",
    "h-1b",
    "h1b",
    "h1-b",
    "h-1-b",
    "blue card",
    "lmia",
    "immigration",
    "482",
    "skilled worker",
    "kennismigrant",
    "skilled migrant",
    "employment pass",
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n|•|;|\u2022|\s\*\s")
# Words that say a sentence is about working in a country.
_VISA_WORDS = re.compile(
    r"\bvisas?\b|work(?:ing)? permits?|right to work|right-to-work|work(?:ing)? rights|work authori[sz]ation"
    r"|authori[sz]ed to work|eligible to work|entitled to work|immigration|\bh-?1-?b\b|green card|blue card|\blmia\b"
    r"|citizens?(?:hip)?\b|permanent residen|\b482\b|\btss\b|skilled worker|tier 2|relocat|employment pass"
    r"|work authori[sz]ed|legally (?:able|allowed) to work|kennismigrant|skilled migrant"
)
# "Sponsor" in other senses: events, sport, marketing, clinical trials, a project's sponsor.
_OTHER_SENSES = re.compile(
    r"\bevents?\b|conference|\bsports?\b|marketing|brand|partnerships?\b|clinical|\btrials?\b|\bstud(?:y|ies)\b"
    r"|(?:executive|project|business|programme|program|product|internal|deal|senior)\s+sponsors?\b|sponsorship sales"
    r"|sponsorships? (?:deals|packages|inventory|revenue|team|program|portfolio)|donor|fundrais|hackathon|meetups?"
    r"|sponsored (?:by|content|posts?|ads?)|\bsponsors? (?:relations|activation|events?)"
    r"|certifications?|\bcourses?\b|training|tuition|education|learning|memberships?|\bgym\b|offsites?|resource groups"
)
# "Visa" the card network: a sentence about cards or payments that says nothing of work, permits or
# immigration ("support for Visa tokenization", "Visa, Mastercard and Amex") is not about visas.
_CARD_NETWORK = re.compile(
    r"mastercard|\bamex\b|american express|card (?:network|scheme|payments?|issu\w*)|tokeni[sz]ation|\bdebit\b"
    r"|credit card|\bissuers?\b|\bacquir\w*|\bcheckout\b|payment (?:network|rails|methods?|processing)"
)
_ABOUT_WORK = re.compile(
    r"sponsor|work(?:ing)? permit|immigration|right to work|authori[sz]|eligib|entitled|\bh-1b\b|blue card|relocat"
    r"|citizen|residen|\blmia\b|skilled worker|employment pass|kennismigrant|\bwork visas?\b"
)
_NEGATION = (
    r"(?:unable|not\s+able|cannot|can\s*not|can'?t|won'?t|will\s+not|do\s+not|don'?t|does\s+not|doesn'?t|"
    r"are\s+not|is\s+not|aren'?t|isn'?t|not\s+in\s+a\s+position|no\s+longer|never|not\s+currently|currently\s+not|"
    r"not\s+be\s+able|must\s+not|should\s+not|not\s+require|not\s+need|not\s+eligible|not\s+offer|not\s+provide|"
    r"not\s+support|not\s+sponsor|nor)"
)
_REFUSALS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"\b{_NEGATION}\b[^.]{{0,50}}?(?:\bsponsor\w*|\bvisas?\b|work permits?|\blmia\b|\bh-?1-?b\b|blue card|employment pass"
        r"|kennismigrant|skilled migrant)"
    ),
    re.compile(
        r"\bno\s+(?!restrictions?\b|limits?\b|problem\b|issue\b)(?:\w+\s+){0,2}(?:visa|h-?1-?b|work\s+permit|immigration|employment|relocation\s+or\s+visa)?\s*"
        r"(?:sponsorship|sponsoring|support\s+for\s+visas?)\b|\bno\s+visa\s+(?:support|assistance|help)\b"
    ),
    re.compile(
        r"\bsponsorship\s+(?:is\s+|will\s+|can\s+|would\s+)?(?:not|unavailable|n'?t|never|isn'?t|won'?t|can'?t)\b"
        r"|\bsponsorship\s*[:\-–]\s*(?:no\b|none|not\s+(?:available|offered|provided|possible)|n/?a\b|unavailable)"
        r"|\bsponsorship\s+(?:is\s+)?(?:not\s+)?(?:unavailable|not\s+possible|not\s+offered)"
    ),
    re.compile(
        r"\bwithout\s+(?:the\s+)?(?:need\s+(?:for|of)\s+|requiring\s+|requirement\s+(?:for|of)\s+)?(?:\w+\s+){0,4}?"
        r"(?:sponsorship|visa\s+support|a\s+visa|visas?\b)"
    ),
    re.compile(r"\b(?:unable|not\s+able)\s+to\s+(?:\w+\s+){0,3}(?:relocation\s+or\s+)?(?:visa|immigration)"),
    # "Sponsorship for this role is not available": the negation after the words it qualifies.
    re.compile(
        r"\bsponsorship\b[^.;?!]{0,60}?\b(?:(?:is|are|will|can|would)\s+not|isn'?t|aren'?t|won'?t|can'?t)\s+(?:be\s+)?"
        r"(?:available|offered|provided|possible|supported|an\s+option|given)\b"
    ),
)
_OFFERS: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"\b(?:we|we'll|we'd|we're|company|employer|can|will|do|does|happy\s+to|able\s+to|willing\s+to|open\s+to|offer\s+to"
        r"|glad\s+to|proud\s+to)\s+(?:\w+\s+){0,2}(?:sponsor|sponsors|sponsoring)\s+(?:[\w()-]+\s+){0,5}?"
        r"(?:visas?|work\s+permits?|h-?1-?b|blue\s+cards?|immigration|skilled\s+worker|tss|482|employment\s+pass"
        r"|kennismigrant|highly\s+skilled\s+migrant"
        r"|relocation|candidates|international|the\s+right|qualified|applicants|sponsorship|green\s+cards?)"
    ),
    re.compile(
        r"\b(?:visa|h-?1-?b|blue\s+card|work\s+permit|immigration|skilled\s+worker|tier\s+2|482|tss|employment\s+pass"
        r"|lmia|kennismigrant)"
        r"\s+(?:visa\s+|(?:and|&)\s+relocation\s+)?(?:sponsorship|support|assistance|help|sponsoring|costs?|fees?|process(?:ing)?)\s+"
        r"(?:(?:and|&|\+)\s+relocation(?:\s+(?:support|assistance|help|package))?(?:\s+to\s+[\w-]+)?\s+)?"
        r"(?:is\s+|are\s+|will\s+be\s+|can\s+be\s+|may\s+be\s+)?(?:\w+\s+)?(?:available|offered|provided|possible|included"
        r"|given|covered|paid|considered|on\s+offer)\b"
    ),
    re.compile(
        r"\b(?:offer|offers|offering|provide|provides|providing|include|includes|including|with|plus|and|&|full|"
        r"comprehensive|generous|dedicated|complete)\s+(?:full\s+|comprehensive\s+|generous\s+|dedicated\s+)?"
        r"(?:relocation\s+(?:and|&|\+)\s+)?(?:\w+\s+)?(?:visa|immigration|h-?1-?b|blue\s+card|work\s+permit)"
        r"\s+(?:sponsorship|support|assistance|help|services|costs|processing|and\s+relocation|&\s+relocation)"
    ),
    re.compile(
        r"\b(?:visa|h-?1-?b|blue\s+card|immigration|work\s+permit)?\s*sponsorship\s+"
        r"(?:(?:for|under|through|via|and|&)\s+(?:[\w-]+\s+){1,5}?)?(?:is\s+|are\s+|will\s+be\s+|can\s+be\s+|may\s+be\s+)?"
        r"(?:available|offered|provided|possible|on\s+offer|an\s+option|included)\b"
        r"|\bsponsorship\s*[:\-–]\s*(?:yes|available|provided|offered|possible)\b"
    ),
    re.compile(
        r"\b(?:welcome|encourage|consider|accept|open\s+to)\s+(?:\w+\s+){0,4}?(?:applicants?|candidates?|applications?"
        r"|people|talent)\s+(?:\w+\s+){0,3}?(?:who\s+|that\s+)?(?:require|need|requiring|needing|will\s+need|in\s+need\s+of)"
        r"\s+(?:\w+\s+){0,3}?(?:visas?|sponsorship|work\s+permits?)"
        r"|\b(?:applicants?|candidates?|applications|those|people)\s+(?:who\s+|that\s+)?(?:require|need|requiring|needing"
        r"|will\s+require|will\s+need)\s+(?:[\w-]+\s+){0,2}?(?:sponsorship|visas?|work\s+permits?)\s+(?:are|is|will\s+be)\s+"
        r"(?:also\s+|still\s+|very\s+)?(?:welcome|considered|encouraged)"
    ),
    # "We can offer sponsorship for the Skilled Worker visa", "open to visa sponsorship", "comes with
    # sponsorship": the sentence is about visas (or says "sponsor" in no other sense, see _classify).
    re.compile(
        r"\b(?:offer|offers|offering|provide|provides|providing|open\s+to|comes?\s+with|eligible\s+for)\s+"
        r"(?:full\s+|visa\s+|immigration\s+|h-1b\s+|work\s+permit\s+)?sponsorship\b"
    ),
    re.compile(
        r"\b(?:help|helps|assist|assists|support|supports|guide|handle|handles|cover|covers|pay\s+for|take\s+care\s+of)"
        r"\s+(?!(?:our\s+|the\s+)?(?:employees|clients|customers|colleagues|staff|users|members|workers|team)\b)"
        r"(?:you\s+|candidates\s+)?(?:with\s+|in\s+|through\s+|for\s+)?(?:obtaining\s+|getting\s+|securing\s+|"
        r"applying\s+for\s+|obtain\s+|get\s+|secure\s+)?(?:the\s+|your\s+|a\s+|all\s+|any\s+)?(?:\w+\s+){0,2}?"
        r"(?:visa|work\s+permit|immigration|blue\s+card|h-?1-?b|lmia|employment\s+pass|kennismigrant)"
        r"(?:s|\s+(?:process|application|costs?|fees?|paperwork))?\b"
    ),
    re.compile(
        r"\bwe\s+(?:can\s+|will\s+|'ll\s+)?(?:apply|arrange|file)\s+for\s+(?:your|the|a)\s+(?:[\w()-]+\s+){0,4}?"
        r"(?:visa|work\s+permit|blue\s+card|residence\s+permit)"
    ),
    re.compile(r"\beligible\s+for\s+(?:[\w-]+\s+){0,3}?sponsorship\b"),
    re.compile(
        r"\b(?:approved|licensed|licenced|accredited|recogni[sz]ed|registered|certified)\s+(?:\w+\s+){0,2}?(?:visa\s+)?sponsor\b"
    ),
    re.compile(r"\b(?:h-?1-?b|visa)\s+(?:transfers?\s+)?(?:candidates\s+|holders\s+)?(?:are\s+)?welcome\b"),
    re.compile(r"\bno\s+restrictions?\s+on\s+(?:\w+\s+)?sponsorship\b"),
)
_H1B = re.compile(r"\bh\s?-?\s?1\s?-?\s?b\b")
# A negation in the 30 characters before an offer ("we do not offer visa sponsorship").
_NEGATED_BEFORE = re.compile(rf"\b{_NEGATION}\s+(?:\w+\s+)?$")
_REQUIREMENTS: tuple[re.Pattern[str], ...] = (
    re.compile(
        r"\b(?:must|should|need\s+to|needs\s+to|required\s+to|will\s+need\s+to|are\s+required\s+to|have\s+to)\s+"
        r"(?:already\s+|currently\s+)?(?:have|hold|possess|be\s+able\s+to\s+(?:provide|demonstrate|show)|provide\s+proof\s+of"
        r"|demonstrate|show|obtain)\s+(?:\w+\s+){0,5}?(?:right\s+to\s+work|right-to-work|work(?:ing)?\s+(?:authori[sz]ation"
        r"|permits?|rights)|eligibility\s+to\s+work|permission\s+to\s+work|citizenship|permanent\s+residen\w*|residency"
        r"|green\s+card|employment\s+authori[sz]ation)"
    ),
    re.compile(
        r"\b(?:must|should|need\s+to|required\s+to|are\s+required\s+to|have\s+to)\s+be\s+(?:\w+\s+){0,3}?"
        r"(?:authori[sz]ed|eligible|entitled|permitted|able|allowed|cleared)\s+to\s+(?:legally\s+)?work\b"
        r"|\b(?:must|should)\s+be\s+(?:an?\s+)?(?:\w+\s+)?(?:citizen|permanent\s+resident|green\s+card\s+holder)"
    ),
    re.compile(
        r"\bcitizens?\s+(?:or|and|/|&)\s+(?:permanent\s+residents?|prs?|green\s+card\s+holders?)\b|\bcitizens?\s+only\b"
        r"|\bcitizenship\s+(?:is\s+)?required\b|\brequires?\s+(?:\w+\s+)?citizenship\b"
        r"|\b(?:right\s+to\s+work|work(?:ing)?\s+(?:permit|rights|authori[sz]ation)|citizenship)\s+(?:\w+\s+){0,4}?"
        r"(?:is\s+|are\s+)?(?:required|mandatory|a\s+must|necessary|essential|needed)\b"
    ),
    re.compile(
        r"\bonly\s+(?:\w+\s+){0,5}?(?:eligible|authori[sz]ed|entitled|permitted)\s+to\s+work"
        r"|\bonly\s+(?:\w+\s+){0,5}?(?:with|holding|who\s+hold|who\s+have)\s+(?:\w+\s+){0,3}?(?:work(?:ing)?\s+rights"
        r"|right\s+to\s+work|work\s+permits?|citizenship|permanent\s+residency|work\s+authori[sz]ation)"
    ),
)


def visa_sponsorship_of(text: str) -> tuple[VisaAnswer, str] | None:
    """(answer, evidence) for a posting's title and description, or None when it says nothing."""
    return visa_of(PostingText.of_text(text))


def visa_of(text: PostingText) -> tuple[VisaAnswer, str] | None:
    """`visa_sponsorship_of` a posting's text, read once by derive_job."""
    low = text.low[:MAX_DESCRIPTION]
    # The evidence is cut from the text as written, at positions found in its lowercased copy;
    # where lowercasing changed the length ("İ" is two characters lowercased) the copy is used.
    original = text.text[:MAX_DESCRIPTION] if len(text.text) >= len(low) else low
    best: tuple[int, str] | None = None
    for start, end in _candidate_sentences(text, low):
        found = _classify(_normalise(low[start:end]))
        if found is None:
            continue
        rank, span = found
        if best is None or rank > best[0]:
            best = (rank, _evidence(original[start:end], low[start:end], span))
        if rank == _RANK_REFUSAL:
            break
    if best is None:
        return None
    rank, evidence = best
    return ("yes" if rank == _RANK_OFFER else "no"), evidence


_RANK_REQUIREMENT = 1
_RANK_OFFER = 2
_RANK_REFUSAL = 3
# The classes in the order they are tried; the first pattern that fits a sentence classes it.
_CLASSES: tuple[tuple[int, tuple[re.Pattern[str], ...]], ...] = (
    (_RANK_REFUSAL, _REFUSALS),
    (_RANK_OFFER, _OFFERS),
    (_RANK_REQUIREMENT, _REQUIREMENTS),
)


def _candidate_sentences(text: PostingText, low: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence of `low` (`text.low`, cut) holding a trigger word, in order,
    each once; at most MAX_SENTENCES."""
    spans: list[tuple[int, int]] = []
    last_end = -1
    for at, length in _trigger_positions(text, len(low)):
        if at < last_end:
            continue
        if len(spans) == MAX_SENTENCES:
            break
        start = _sentence_start(low, at)
        end = _sentence_end(low, at + length)
        spans.append((start, end))
        last_end = end
    return spans


def _trigger_positions(text: PostingText, within: int) -> list[tuple[int, int]]:
    """(position, length) of every trigger word in the title and description (their first `within`
    characters), in text order (at most MAX_SENTENCES per word)."""
    found: list[tuple[int, int]] = []
    for word in text.present(_TRIGGERS):
        for at in text.occurrences(word, title=True, within=within)[:MAX_SENTENCES]:
            found.append((at, len(word)))
    found.sort()
    return found


def _sentence_start(low: str, at: int) -> int:
    window_start = max(0, at - 300)
    cut = window_start
    for found in _SENTENCE_END.finditer(low, window_start, at):
        cut = found.end()
    return cut


def _sentence_end(low: str, at: int) -> int:
    found = _SENTENCE_END.search(low, at, min(len(low), at + 300))
    return found.start() if found else min(len(low), at + 300)


def _normalise(sentence: str) -> str:
    """One spacing, curly quotes straight, "H1B"/"H1-B"/"H-1B" one spelling."""
    cleaned = sentence.replace("’", "'").replace("‘", "'")
    cleaned = _H1B.sub("h-1b", cleaned)
    return " ".join(cleaned.split())


def _classify(sentence: str) -> tuple[int, tuple[int, int]] | None:
    """(rank, span of the phrase that classes it) of a normalised sentence, or None."""
    if not _VISA_WORDS.search(sentence) and ("sponsor" not in sentence or _OTHER_SENSES.search(sentence)):
        return None
    if _CARD_NETWORK.search(sentence) and not _ABOUT_WORK.search(sentence):
        return None
    for rank, patterns in _CLASSES:
        for pattern in patterns:
            found = pattern.search(sentence)
            if found is not None and not (rank == _RANK_OFFER and _negated_before(sentence, found.start())):
                return rank, found.span()
    return None


def _negated_before(sentence: str, at: int) -> bool:
    return _NEGATED_BEFORE.search(sentence[max(0, at - 30) : at]) is not None


def _evidence(original: str, low: str, span: tuple[int, int]) -> str:
    """The sentence as written, cut to at most MAX_EVIDENCE characters around the matched phrase
    (the span is in the normalised sentence, so it is located again by its words)."""
    text = " ".join(original.split()).strip(" -–—:*•")
    if len(text) <= MAX_EVIDENCE:
        return text
    normalised = _normalise(low)
    middle = (span[0] + span[1]) // 2
    ratio = middle / max(len(normalised), 1)
    centre = int(ratio * len(text))
    start = max(0, min(centre - MAX_EVIDENCE // 2, len(text) - MAX_EVIDENCE))
    clipped = text[start : start + MAX_EVIDENCE].strip()
    return ("…" if start > 0 else "") + clipped + ("…" if start + MAX_EVIDENCE < len(text) else "")
