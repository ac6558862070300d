"""Visa sponsorship: "with visa sponsorship", "that sponsor H-1B", "relocation + visa" →
`visa_sponsorship`; "no sponsorship needed" is noted (every job fits).

The sponsorship pattern runs only when a visa word is in the query (most have none).
"""

from __future__ import annotations

import functools
import re

from watches.query.state import ReaderState

_VISA_NOT_NEEDED = re.compile(
    r"\b(?:no|without|not|don'?t|do\s+not|doesn'?t|never)\s+(?:need(?:ing|ed)?\s+|requir(?:e|ing|ed)\s+|want\s+)?"
    r"(?:any\s+|a\s+)?(?:visa\s+|h-?1-?b1?\s+|work\s+permit\s+)?(?:sponsorship|sponsor)\b"
    r"(?:\s+(?:needed|required|necessary))?"
)
# A permit the seeker holds ("blue card holder", "I have a work permit", "green card holder") needs
# no sponsorship, and one refused ("we cannot support Blue Card", "no H-1B") is no
# request for it: noted, never `visa_sponsorship`, never role words.
# (An H-1B held is not there: a new employer files for it again, the "H-1B transfer" sponsors read.)
_HELD = r"(?:(?:eu\s+)?blue\s+card|green\s+card|work\s+permit|residence\s+permit|highly\s+skilled\s+migrant(?:\s+(?:visa|permit))?|kennismigrant)"
_PERMIT = r"(?:" + _HELD + r"|h-?1-?b(?:\s+visa)?|(?:457|482|494|186|tss|skilled\s+worker|tier\s+2)\s+visas?)"
_PERMIT_HELD = re.compile(
    rf"\b{_HELD}\s+holders?\b"
    rf"|\b(?:i\s+|i'm\s+|already\s+)?(?:hold|have|has|got|holding|having|already\s+have|already\s+on)\s+(?:an?\s+|my\s+|the\s+)?"
    rf"(?:(?:valid|current|existing)\s+)?{_HELD}\b"
    rf"|\bwith\s+(?:an?\s+|my\s+)?(?:valid|current|existing|own)\s+{_HELD}\b"
)
_PERMIT_REFUSED = re.compile(
    r"\b(?:cannot|can'?t|can\s+not|unable\s+to|do\s+not|don'?t|does\s+not|doesn'?t|won'?t|will\s+not|not|no)\s+"
    r"(?:(?:support|offer|provide|sponsor|process|accept)(?:s|ing)?\s+)?(?:an?\s+|the\s+|any\s+)?"
    rf"{_PERMIT}(?:\s+(?:sponsorship|support|applications?|visas?))?\b(?:\s+(?:required|needed|necessary)\b)?"
)
# A permit a posting requires ("a valid work permit is required", "EU work permit needed"): a
# condition of the job, not a wish for sponsorship; noted, never role words ("valid", "permit").
_PERMIT_REQUIRED = re.compile(
    r"\b(?:(?:an?|the)\s+)?(?:(?:valid|current|existing)\s+)?(?:(?:eu|uk|us|u\.s\.|swiss|canadian|australian)\s+)?"
    r"(?:work|residence)\s+permits?\s+(?:is\s+|are\s+)?(?:required|needed|necessary|mandatory|a\s+must)\b"
)
# Sponsorship an employer says it does not give ("unable to provide sponsorship for work visas",
# "we cannot offer visa sponsorship"): a posting's refusal, never `visa_sponsorship`.
_SPONSORSHIP_REFUSED = re.compile(
    r"\b(?:cannot|can'?t|can\s+not|unable\s+to|not\s+able\s+to|do\s+not|don'?t|does\s+not|doesn'?t|won'?t|will\s+not)\s+"
    r"(?:currently\s+)?(?:provide|offer|support|give)\s+(?:any\s+)?(?:visa\s+|work\s+permit\s+|h-?1-?b\s+)?sponsorship\b"
    r"(?:\s+for\s+(?:work\s+)?(?:visas?|permits?))?"
)
_VISA = re.compile(
    r"(?:\b(?:with|offering|offers?|that\s+offers?|providing|provides?|including|needs?|needing|requir(?:e|es|ing)"
    r"|i\s+need|and|plus)\s+)?(?:an?\s+)?(?:\b(?:visa|h-?1-?b1?|work\s+permit|blue\s+card|immigration|tier\s+2"
    r"|skilled\s+worker|ep|employment\s+pass)\s+)+(?:sponsorship|sponsor(?:ing)?|support|transfers?|provided|offered|included)\b(?:\s+(?:required|needed|necessary|wanted|please))?"
    # The permits a sponsor obtains, named alone: the EU "Blue Card", the Dutch "highly skilled migrant"
    # (kennismigrant) scheme, Singapore's "EP" (Employment Pass) before "sponsorship" (above).
    # An H-1B holder changing employer needs the new one to file again: the transfer a sponsor makes.
    r"|\bh-?1-?b\s+holders?\b"
    # Visas a sponsor obtains, named by their scheme: Australia's employer-sponsored subclasses ("482
    # visa", "457 visa", "TSS visa"), the UK's "Skilled Worker visa" / "Tier 2 visa".
    r"|\b(?:subclass\s+)?(?:457|482|494|186)(?:\s*/\s*(?:457|482|494|186))*\s+visas?\b(?:\s+(?:sponsorship|sponsored))?"
    r"|\b(?:tss|skilled\s+worker|tier\s+2)\s+visas?\b(?:\s+(?:sponsorship|sponsored))?"
    r"|\b(?:eu\s+)?blue\s+card\b|\bhighly\s+skilled\s+migrant(?:\s+(?:visa|permit|scheme))?\b|\bkennismigrant\b"
    r"|(?:\b(?:that|which|who|companies\s+that|employers\s+that)\s+)?(?:\b(?:will|can|would|do|must|should)\s+)?"
    r"\bsponsor(?:s|ing)?\s+(?:a\s+|my\s+|your\s+)?(?:visas?|h-?1-?bs?(?:\s+visas?)?|work\s+permits?)\b"
    r"|(?<!not\s)(?<!n't\s)(?<!unable\sto\s)(?<!cannot\s)(?<!never\s)"
    r"\b(?:offer|offers|offering|provide|provides|providing)\s+(?:an?\s+)?(?:h-?1-?bs?|work\s+permits?)\b"
    r"|\bvisa[\s-]sponsor(?:ed|ing|ship)?\b|(?:\bwith\s+)?\bsponsorship\b(?:\s+(?:required|needed|necessary|wanted|please))?"
    # The visa it is for: "sponsorship for TN visa", "sponsorship for an H-1B".
    r"(?:\s+for\s+(?:an?\s+|the\s+|my\s+)?(?:(?:tn|e-?3|o-?1|l-?1|h-?1-?b1?|work)\s+)?(?:visas?|permits?)"
    r"|\s+for\s+(?:an?\s+|the\s+|my\s+)?(?:tn|e-?3|o-?1|l-?1|h-?1-?b1?)\b(?:\s+visas?)?)?"
    # "relocation + visa", "visa & relocation": a visa asked for beside relocation or after "+" is its
    # sponsorship ("at Mastercard and Visa", "…, Visa, Foster City" are the company).
    r"|(?:\+|\bplus\b|(?<=relocation\s)(?:&|and))\s*visas?(?=\s*(?:[,|]|$))"
    r"|(?<=[,|]\s)visas?(?=\s*(?:\+|&|\band\b|\bplus\b)\s*relocation\b)"
)
# Words every `_VISA` reading holds (h-1b written "h1b", "h-1b", "h1-b", "h-1-b").
_VISA_WORDS = (
    "visa",
    "1b",
    "1-b",
    "permit",
    "blue card",
    "immigration",
    "tier 2",
    "skilled worker",
    "sponsor",
    "skilled migrant",
    "kennismigrant",
    "green card",
)


def read_visa(reader: ReaderState) -> None:
    def not_needed(match: re.Match[str]) -> bool:
        reader.notes.append(
            f'"{match.group(0).strip()}": not needing sponsorship is not a filter (every job fits); it was ignored.'
        )
        return True

    def visa(match: re.Match[str]) -> bool:
        reader.visa = True
        return True

    if "sponsor" in reader.text:
        reader.cut(_VISA_NOT_NEEDED, not_needed)
    if not any(word in reader.text for word in _VISA_WORDS):  # each way of asking names one: most queries skip
        return
    text = reader.text
    if "card" in text or "permit" in text or "1b" in text or "1-b" in text or "migrant" in text or " visa" in text:
        reader.cut(_PERMIT_HELD, functools.partial(_noted, reader, "a permit held needs no sponsorship"))
        reader.cut(_PERMIT_REFUSED, functools.partial(_noted, reader, "a permit refused is no request for sponsorship"))
        if "permit" in text:
            reader.cut(
                _PERMIT_REQUIRED,
                functools.partial(
                    _noted, reader, "a permit required is a condition of the posting, no request for sponsorship"
                ),
            )
    if "sponsorship" in text:
        reader.cut(
            _SPONSORSHIP_REFUSED,
            functools.partial(_noted, reader, "sponsorship refused is no request for it"),
        )
    reader.cut(_VISA, visa)


def _noted(reader: ReaderState, why: str, match: re.Match[str]) -> bool:
    reader.notes.append(f'"{match.group(0).strip()}": {why}; no filter was set from it (every job fits).')
    return True
