"""Company names as filters compare them, and the signals that a posting comes from a staffing
agency rather than the employer.

`company_key` folds a name so that "Stripe", "Stripe, Inc." and "STRIPE INC" are one company:
lowercase, accents and punctuation removed, a leading "The" and legal-form suffixes (Inc., LLC,
Ltd, GmbH, AG, S.A., B.V., plc, Corp., "GmbH & Co. KG", "Sp. z o.o.", "Pvt. Ltd.", "Private Limited",
"Sdn. Bhd.", "S.A. de C.V.", …) dropped.

`is_staffing_agency` is true when the company name carries an agency word ("Staffing",
"Recruitment", "Recruiting", "Talent Solutions", "Personnel", "Workforce Solutions", "Search
Partners", "Headhunters") or is one of the large agencies listed in `AGENCY_NAMES`, or when the
posting says it is written for someone else ("on behalf of our client", "our client, a leading…",
"our client is seeking", "a role with our client", "we are partnering with a leading fintech to
find…"). The list is documented in docs/derived-fields.md and applied only when
a filter asks for it (`exclude_staffing_agencies`).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from boards.derive.text import PostingText, anchor_words

_LEGAL_FORMS = (
    "inc incorporated llc l l c ltd limited gmbh mbh ag sa s a sas sarl srl spa s p a bv b v nv n v plc corp "
    "corporation co company pty pte oy ab as a s aps kg ug se lp llp pc kk k k sl kgaa ltda pvt oyj asa kft zrt sro"
)
_LEGAL = frozenset(_LEGAL_FORMS.split())
# Legal forms of several words whose words are not legal forms alone: Polish "Sp. z o.o.", Indian
# "Private Limited", Malaysian "Sdn. Bhd.", Mexican "S. de R.L. de C.V." / "S.A. de C.V.".
_LEGAL_TAILS: tuple[tuple[str, ...], ...] = (
    ("sp", "z", "oo"),
    ("private", "limited"),
    ("private", "ltd"),
    ("sdn", "bhd"),
    ("s", "de", "rl", "de", "cv"),
    ("de", "cv"),
    ("s", "de", "rl"),
)
# The last words of keys that the rules above changed (boards migration 0016 re-keys those rows).
LEGAL_TAIL_ENDS = ("and", "oo", "private", "bhd", "cv", "rl", "kgaa", "ltda", "pvt", "oyj", "asa", "kft", "zrt", "sro")
MAX_MENTIONS = 20
_AGENCY_WORDS = re.compile(
    r"\b(?:staffing|recruitment|recruiting|recruiters?|headhunt\w*|talent\s+solutions|personnel|"
    r"workforce\s+solutions|employment\s+(?:agency|services|solutions)|search\s+partners|executive\s+search|"
    r"resourcing|manpower|temp\s+agency|placement\s+(?:agency|services))\b"
)
# Large staffing and IT-contracting agencies, by company key.
AGENCY_NAMES: frozenset[str] = frozenset(
    {
        "robert half",
        "randstad",
        "randstad technologies",
        "adecco",
        "manpowergroup",
        "kelly services",
        "kforce",
        "teksystems",
        "aerotek",
        "actalent",
        "aston carter",
        "insight global",
        "hays",
        "michael page",
        "pagegroup",
        "page personnel",
        "allegis group",
        "apex systems",
        "modis",
        "akkodis",
        "experis",
        "beacon hill",
        "robert walters",
        "harvey nash",
        "jobot",
        "cybercoders",
        "motion recruitment",
        "vaco",
        "creative circle",
        "collabera",
        "spherion",
        "express employment professionals",
        "judge group",
        "system one",
        "yoh",
        "hirequest",
        "lhh",
        "nigel frank",
        "jefferson frank",
        "frank group",
        "tenth revolution group",
        "revature",
        "signature consultants",
        "diverse lynx",
        "infojini",
    }
)
# A posting written for another employer.
_FOR_A_CLIENT = re.compile(
    r"\b(?:on\s+behalf\s+of\s+(?:our|a|one\s+of\s+our)\s+clients?|(?:our|my)\s+client\s*(?:,|is|has|are|who|based|located)"
    # "a contract role with our client in Austin": one client, not a team about clients.
    r"|(?:with|for|at)\s+(?:our|my)\s+(?:direct\s+)?client\b(?!s|[\s-]+(?:success|services?|facing|relations|base|portfolio"
    r"|partners?|teams?|experience|support|management|accounts?|onboarding|engagement|delivery|data|needs))"
    r"|(?:our|a)\s+(?:valued\s+|leading\s+|prestigious\s+)?client\s+(?:is\s+)?(?:seeking|looking|hiring|searching)"
    r"|we\s+are\s+(?:a\s+)?(?:staffing|recruitment|recruiting)\s+(?:agency|firm|company)"
    r"|direct\s+client\s+(?:requirement|role|position))"
)
# "We are partnering with a leading SaaS company to find a Staff Engineer", "I'm working with a
# Series B startup who are hiring": a recruiter writing for an employer it does not name.
_PARTNERING = re.compile(
    r"\b(?:we\s+are|we're|we\s+have|i\s+am|i'm|i\s+have)\s+(?:currently\s+|exclusively\s+|proudly\s+)?"
    r"(?:partnering|partnered|working|teamed\s+up|recruiting)\s+(?:exclusively\s+)?(?:with|for)\s+(?:a|an)\s+"
    r"(?:[\w-]+\s+){0,5}?(?:company|startup|start-up|firm|business|organi[sz]ation|client|scale-?up|bank|fintech|brand"
    r"|retailer|provider|leader|employer|consultancy|group)\s*,?\s+(?:[\w,-]+\s+){0,6}?"
    r"(?:to\s+(?:find|hire|recruit|appoint|identify|secure)\b|(?:who|that|which)\s+(?:is|are)\s+"
    r"(?:hiring|looking|seeking|searching|recruiting)\b)"
)
_PARTNERING_WORDS = anchor_words("partnering", "partnered", "working with a", "teamed up", "recruiting for a")
# Words after a known agency's name that leave it the agency: "Randstad Digital", "Adecco Group".
_AGENCY_NAME_TAIL_WORDS = (
    "group international digital technologies technology professional professionals solutions services global "
    "uk usa us na deutschland germany france india canada australia ireland netherlands nederland italia espana "
    "europe emea apac americas holdings north america"
)
_AGENCY_NAME_TAILS = frozenset(_AGENCY_NAME_TAIL_WORDS.split())


@functools.lru_cache(maxsize=4096)
def company_key(name: str) -> str:
    """The name as filters compare it ("Stripe, Inc." → "stripe"); "" for no name. Cached: every
    job of a board names the same company, and folding a name costs more than reading a title."""
    # Case is folded again after the decomposition: "𝕊" has no lower case, its decomposition "S" has.
    folded = unicodedata.normalize("NFKD", (name or "").casefold()).casefold()
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = folded.replace("&", " and ")
    words = re.sub(r"[^\w]+|_", " ", re.sub(r"['’.]", "", folded)).split()
    if words and words[0] == "the" and len(words) > 1:
        words = words[1:]
    while len(words) > 1:
        tail = next(
            (tail for tail in _LEGAL_TAILS if len(words) > len(tail) and tuple(words[-len(tail) :]) == tail), None
        )
        if tail is not None:
            del words[-len(tail) :]
        elif words[-1] in _LEGAL:
            words.pop()
        elif words[-1] == "and" and len(words) > 2 and words[-2] in _LEGAL:
            words.pop()  # "GmbH & Co. KG": "and" between two legal forms
        else:
            break
    return " ".join(words)


# Every signal phrase holds one of these words: only short windows around them are scanned.
_CLIENT_WORDS = anchor_words("client", "staffing", "recruit")
# Every match of _FOR_A_CLIENT holds one of these: a window without them is not searched (the
# pattern, led by a word boundary, is tried at every place of the window: ~40K instructions a
# window, most of is_staffing_agency on a posting that mentions a recruiter).
_SIGNAL_NEEDS = ("client", "agency", "firm", "company")
MAX_AGENCY_TEXT = 20_000


@functools.lru_cache(maxsize=4096)  # every posting of a board names the same company
def _is_agency_name(company: str) -> bool:
    """Whether the company's name says it is an agency (a known name, or an agency word in it)."""
    key = company_key(company)
    if not key:
        return False
    if key in AGENCY_NAMES or _AGENCY_WORDS.search(key) is not None:
        return True
    words = key.split()
    return any(
        " ".join(words[:size]) in AGENCY_NAMES and all(word in _AGENCY_NAME_TAILS for word in words[size:])
        for size in range(1, min(len(words), 4))
    )


def is_staffing_agency(*, company: str, description_low: str = "", text: PostingText | None = None) -> bool:
    """Whether the company name or the posting text (`description_low`, or the description of
    derive_job's PostingText `text`) carries an agency signal (see above)."""
    if _is_agency_name(company):
        return True
    if text is not None:
        description_low = text.description_low
    low = description_low[:MAX_AGENCY_TEXT]
    if not low:
        return False
    if text is None:
        text = PostingText.of_lowered(low)
    for word in text.present(_CLIENT_WORDS):
        for at in text.occurrences(word, within=len(low))[:MAX_MENTIONS]:
            start = max(0, at - 60)
            window = low[start : at + 60]
            if any(need in window for need in _SIGNAL_NEEDS) and _FOR_A_CLIENT.search(low, start, at + 60):
                return True
    for word in text.present(_PARTNERING_WORDS):
        for at in text.occurrences(word, within=len(low))[:MAX_MENTIONS]:
            if _PARTNERING.search(low, max(0, at - 20), at + 160):
                return True
    return False
