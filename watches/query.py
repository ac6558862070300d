"""The plain-language query reader (SPEC §4): rules, no model, and every guess shown.

The text is read in passes over a lowercased working copy. Each pass *cuts* what it recognises
(replaces it with a bar, a hard boundary for later passes), so a number read as years of
experience is never read again as pay, and a place is never read as a role word:

1. clean-up: URLs, mentions of Watchtower itself, delivery instructions ("notify me"), the
   gender markers of German and French titles ("(m/w/d)"); a UK postcode district after a British
   town ("London EC2": noted, the town kept);
2. years of experience (before pay, so "6 years" is never $6,000);
3. pay floors ("at least 150k", "$45/hour", "£2,500 pcm", "R 35 000", "35.000 €", "1,20,000 INR"
   → yearly); a ceiling is noted, not used; an amount that is a bonus or a budget is no pay;
4. visa sponsorship ("with visa sponsorship", "that sponsor H-1B"); employment types
   ("contract", "part-time", "internship", "no contract roles"); companies ("at Stripe or
   Airbnb", "not at Amazon", "excluding staffing agencies"); criteria Watchtower has no filter for
   ("with a 4-day week", "unlimited PTO") are noted, never read as role words; a security clearance
   ("TS/SCI", "top secret") is kept as one term for the role words;
5. negations: "not in Berlin" and "no remote" are noted (no such filters), "no managers" excludes;
6. work modes (hybrid, on-site) are noted; where remote work must be allowed from ("remote jobs I
   can do from Germany", "remote jobs from Canada", "anywhere in Europe", "remote anywhere", a
   country or zone written next to "remote": "remote Europe", "US remote", "remote (US or
   Canada)"; a name there that is no known place is noted, never a keyword); places ("in Austin,
   TX or remote"), checked against the gazetteer so "in machine learning" stays a role; a place
   without "in" as a segment of its own or at either end ("data engineer, New York, senior",
   "hybrid London backend"), unless the word is more often a role or skill ("Phoenix", "Mobile");
7. "remote" → `remote_only`, or with places (and no on-site alternative) → `remote_from`;
8. levels → `seniority`; 9. what is left → role words.

Whatever is not used is said in `notes`, so the calling agent can correct it with explicit
filters. `interpret` never raises.
"""

from __future__ import annotations

import functools
import logging
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from boards.derive import money, salary_patterns
from boards.derive.company import company_key
from boards.derive.employment import EMPLOYMENT_TYPES
from boards.derive.experience import NUMBER_WORDS
from boards.derive.money import ANNUAL_FACTOR
from matching import places, terms
from watches.filters import MAX_COMPANIES, MAX_DAYS, MAX_TERM_LENGTH, MAX_TERMS, Filters

logger = logging.getLogger(__name__)

MAX_QUERY_LENGTH = 500
BAR = " | "


@dataclass
class Interpretation:
    filters: Filters
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"filters": self.filters.as_dict(), "notes": list(self.notes)}


_COUNT = r"(?:\d{1,2}(?:\.\d)?|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_YEARS = r"(?:years?|yrs?|yoe|jahren?|jahre|años?|anos?)\b['’]?"  # "3 Jahre", "5 años"
# "YOE" (years of experience) says experience by itself: "3 YOE", "at most 4 yoe", "10+ YOE".
_YOE = r"(?:yoe|y\.o\.e\.?)(?!\w)"
_EXPERIENCE = (
    r"(?:of\s+|de\s+)?(?:(?:work|working|professional|relevant|industry|hands-on)\s+)?"
    r"(?:experience|exp|xp|berufserfahrung|erfahrung|experiencia|experiência|expérience)\b"
)
_LEAD = (
    r"(?:(?:and|with|requiring|requires?|that\s+requires?|needing|needs?|for\s+someone\s+with|i\s+have|having)"
    r"\s+(?:a\s+)?)?"
)
_STRICT_BOUND = r"(?:less\s+than|fewer\s+than|under|below|<)"
_BOUND = r"(?:max(?:imum)?(?:\s+of)?|at\s+most|up\s+to|no\s+more\s+than|not\s+more\s+than|<=|≤)"
_EXPERIENCE_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"{_LEAD}(?P<bound>{_STRICT_BOUND}|{_BOUND})\s*(?P<n>{_COUNT})\s*\+?\s*{_YEARS}"
        rf"(?:\s+{_EXPERIENCE})?(?:\s+(?:required|needed))?"
    ),
    re.compile(rf"{_LEAD}(?P<n>{_COUNT})\s+or\s+(?:fewer|less)\s+{_YEARS}(?:\s+{_EXPERIENCE})?"),
    re.compile(rf"{_LEAD}(?P<low>{_COUNT})\s*(?:-|–|—|to)\s*(?P<n>{_COUNT})\s*\+?\s*{_YEARS}(?:\s+{_EXPERIENCE})?"),
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
    re.compile(rf"{_LEAD}(?P<n>{_COUNT})\s*\+\s*(?:years?|yrs?)\b"),
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
    re.compile(r"\b(?:with\s+)?no\s+(?:prior\s+)?experience(?:\s+(?:required|needed|necessary))?"),
    # "jobs that don't require experience": as "no experience required".
    re.compile(
        r"\b(?:(?:that|which)\s+)?(?:don'?t|do\s+not|doesn'?t|does\s+not)\s+(?:require|need)\s+(?:any\s+)?(?:prior\s+)?experience\b"
    ),
    # Months, as years: "6 months experience" is at most half a year ("18 months of exp" 1.5).
    re.compile(rf"{_LEAD}(?P<months>{_COUNT})\s*(?:-\s*)?months?\s+{_EXPERIENCE}"),
)

_PAY_LEAD = (
    r"(?P<lead>\b(?:(?:and|that|which)\s+)?(?:making|makes?|paying|pays?|earning|earns?"
    r"|with\s+(?:a\s+)?(?:base\s+)?(?:salary|pay|comp|compensation)(?:\s+of)?"
    r"|(?:base\s+)?(?:salary|pay|comp|compensation)(?:\s+of|\s*:)?"
    # "TC 300k+", "total comp of 250k", "OTE 120k", "base 140k".
    r"|(?:tc|total\s+comp(?:ensation)?|ote|base|ctc)(?:\s+of|\s*:)?))"
)
_FLOOR = r"(?P<floor>at\s+least|starting\s+(?:at|from)|starts\s+at|a\s+min(?:imum)?(?:\s+of)?|min(?:imum)?(?:\s+of)?|over|above|more\s+than|north\s+of|from|>=|>|≥)"
_CEILING = r"(?P<ceiling>no\s+more\s+than|not\s+more\s+than|at\s+most|max(?:imum)?(?:\s+of)?|under|below|less\s+than|up\s+to|<=|<|≤)"
# ISO 4217 codes of posted pay (boards/derive/salary_patterns.py), lower case as the query is read;
# without those that are English or role words too ("try", "php").
_CODE_WORDS = frozenset({"try", "sar", "php", "cop", "ron"})
_CODES = "|".join(code.lower() for code in salary_patterns.CODES.split("|") if code.lower() not in _CODE_WORDS)
_SYMBOLS = r"(?:us|ca|c|au|a|nz|sg|s|hk|mx|r)\$|\$|£|€|¥|₹|₩|₪|₱|₦|₺|rs\.?"
# The South African rand's "R" is a letter of many words and names ("R2", "R&D", "R3 level", the R
# language): it is a currency only where the shape is clearly money, "R" with the figure and a
# "k"/"m" suffix right after it ("R900k", "R1.2m") or a figure with thousands separators
# ("R 650,000", "R 35 000", South Africa's space).
_RAND = r"r(?=\d+(?:\.\d+)?\s?(?:k|m|mn|million)\b|\s?\d{1,3}(?:[,\s]\d{3})+(?![\d,]|\s\d))"
# Words for a currency written after a figure ("35 000 zł", "40k NIS", "35 000 rand"), besides the codes.
_CURRENCY_WORDS = r"dollars|euros|pounds|yen|rupees|nis|shekels|zł|zl|rand|reais"


def _amount(suffix: str) -> str:
    return (
        rf"(?<![\w.,$£€¥₹₩₪₱₦₺])(?:(?P<sym{suffix}>{_SYMBOLS}|{_RAND})|(?P<code{suffix}>{_CODES})\s)?\s?"
        rf"(?P<num{suffix}>\d{{1,3}}(?:,\d{{3}})+|\d{{1,3}}(?:['’]\d{{3}})+"
        # "1,20,000 INR": India's grouping (lakhs), "12,50,000".
        rf"|\d{{1,2}}(?:,\d{{2}})+,\d{{3}}"
        # "35 000 SEK", "R 35 000", "PLN 15 000": a space groups thousands beside a currency.
        rf"|\d{{1,3}}(?:\s\d{{3}})+(?=\s?(?:[$£€]|(?:{_CODES}|{_CURRENCY_WORDS})\b)|\s*(?:-|–|—|to)\s*\d{{1,3}}\s\d{{3}})"
        rf"|(?(sym{suffix})\d{{1,3}}(?:\s\d{{3}})+(?![\d,.])|(?(code{suffix})\d{{1,3}}(?:\s\d{{3}})+(?![\d,.])|(?!)))"
        # "35.000 €", "R$ 15.000": a dot groups thousands (not before a unit: "1.500k" is a decimal).
        rf"|\d{{1,3}}(?:\.\d{{3}})+(?![\d.,]|\s?\+?\s?(?:k|m|mn|million|lpa|lakhs?|lacs?|cr|crores?)\b)"
        rf"|\d+(?:\.\d+)?)"
        # "25+ LPA", "¥10M+": a plus may stand before the unit; millions need a currency (checked).
        rf"(?:\s?\+?\s?(?P<k{suffix}>k|thousand|lpa|lakhs?|lacs?|cr|crores?|m|mn|million))?(?:\b|(?=p(?:cm|[hdwa])\b))"
        rf"(?P<after{suffix}>\s?[€£₹₱](?!\w))?"
    )


# Before or after tax, which postings rarely say: "18k PLN net", "70k € brutto", "55.000 € brut".
_GROSS = r"(?:\s*\b(?:gross|net|nett|netto|brutto|brut|bruto|neto)\b)?"
_PAY = re.compile(
    rf"(?:{_PAY_LEAD}\s+)?(?:(?:{_FLOOR}|{_CEILING})\s*)?{_amount('')}"
    rf"(?:\s*(?:-|–|—|to)\s*{_amount('2')})?"
    rf"(?:\s*(?P<cur>{_CODES}|{_CURRENCY_WORDS})\b)?"
    + _GROSS
    # "/month", "per hour", "a year"; "/mes", "/mês", "par mois", "pro Monat", "/an", "al año".
    + r"(?:\s*(?:/|per\b|an?\b|pro\b|par\b|al\b)\s*(?P<per>year|yr|annum|hour|hr|month|mo|mth|day|week|wk"
    r"|mes|mês|mois|monat|maand|jahr|jaar|año|ano|an|uur)\b"
    # "\s*", not "\s+": the amount's own "\s?" may have taken the space ("$45 hourly" was 45,000).
    r"|\s*\b(?P<adv>annually|yearly|hourly|monthly|daily|weekly|mensuel|monatlich|mensual|mensal)\b"
    # "£40k p.a." (per annum): yearly, as without it.
    r"|\s*\bp\.\s?a\b\.?"
    # The UK's short periods: "£2,500 pcm" (per calendar month), "£15 p/h", "£500 p/d" always;
    # "£15ph", "£500pd", "£600pw", "£40k pa" unless written in capitals beside a dollar or no
    # currency ("$150k PA" may be Pennsylvania or an assistant: see `_pay`).
    r"|\s*(?P<abbr>pcm|p\.c\.m\.?|p/[mhdwa]|ph|pd|pw|pa)(?![\w./])"
    # "R75k pm", "18k PLN p.m.": per month, taken only where the amount reads as monthly (see
    # `_monthly_by_amount`); "$150k PM" stays a product manager.
    r"|\s+(?P<pm>pm|p\.\s?m\.?)(?![\w.]))?"
    r"(?P<more>\s*\+|\s+(?:or\s+more|or\s+higher|and\s+up|and\s+above|minimum|min)\b)?"
    rf"(?:\s*(?P<cur2>{_CODES})\b(?:\s*\+)?)?"  # "120k+ CAD"
    # "20 LPA CTC" (India's cost to company: the whole package).
    r"(?:\s+(?:base|tc|total\s+comp(?:ensation)?|ote|ctc)\b)?"
    + _GROSS
    # "AUD 220k + super": Australian pay states the pension (superannuation) beside it.
    + r"(?P<super>\s*(?:\+|plus|incl\.?|including)?\s*super(?:annuation)?\b)?"
)
# Codes of currencies written with a bare "$" too: "$90/hr CAD" is in Canadian dollars.
_CODES_WITH_DOLLAR = frozenset({"usd", "cad", "aud", "nzd", "sgd", "hkd", "mxn", "ars", "clp", "cop", "twd"})
_CURRENCIES = {
    **{symbol.lower(): code for symbol, code in salary_patterns.SYMBOL_CURRENCY.items()},
    **{code.lower(): code for code in salary_patterns.CODES.split("|")},
    "rmb": "CNY",
    "dollars": "USD",
    "yen": "JPY",
    "rupees": "INR",
    "pounds": "GBP",
    "euros": "EUR",
    "r": "ZAR",
    "rand": "ZAR",
    "nis": "ILS",
    "shekels": "ILS",
    "zl": "PLN",
    "reais": "BRL",
}
# "six figures": a yearly salary of at least 100,000 (no currency said).
# "low / mid / high six figures" too (never "mid" the level); "seven figures" is 1,000,000.
_SIX_FIGURES = re.compile(
    r"\b(?:(?:making|earning|paying)\s+)?(?:a\s+)?(?:(?:low|mid|high)[\s-]+)?(?P<n>six|6|seven|7)[\s-]fig(?:ure)?s?"
    r"(?:\s+(?:salary|pay|income|comp))?\b"
)
# Lakh (100,000) as Indian salaries are stated: "30 LPA", "25 lakh".
_LAKH = 100_000
_CRORE = 10_000_000  # "₹1.2 Cr": a hundred lakhs
_DOTTED = re.compile(r"\d{1,3}(?:\.\d{3})+")
# An amount that is a bonus, an allowance or equity, not pay: "$5k signing bonus", "$2,000 relocation
# allowance", "€1,000 learning budget" (the words themselves are noted by `_UNSUPPORTED`).
_BENEFIT_KIND = (
    r"(?:signing|sign[\s-]?on|joining|annual|performance|retention|referral|relocation|learning|training"
    r"|education|home[\s-]office|equipment|wellness|l&d)\s+(?:bonus(?:es)?|budget|allowance|stipend)\b"
)
_BENEFIT_AFTER = re.compile(
    rf"\s*(?:{_BENEFIT_KIND}|(?:bonus(?:es)?|budget|allowance|relocation|equity|rsus?|in\s+(?:stock|rsus?|equity))\b)"
)
# After "+" only a benefit named by its kind: "$10,000+ relocation bonus" (but "$150k + equity" is pay).
_BENEFIT_AFTER_PLUS = re.compile(rf"\s*{_BENEFIT_KIND}")
_PERIODS = {
    **dict.fromkeys(("year", "yr", "annum", "annually", "yearly", "pa", "jahr", "jaar", "año", "ano", "an"), "year"),
    **dict.fromkeys(("hour", "hr", "hourly", "ph", "uur"), "hour"),
    **dict.fromkeys(("month", "mo", "mth", "monthly", "pcm", "pm", "mes", "mês", "mois", "monat", "maand"), "month"),
    **dict.fromkeys(("mensuel", "monatlich", "mensual", "mensal"), "month"),
    **dict.fromkeys(("day", "daily", "pd"), "day"),
    **dict.fromkeys(("week", "wk", "weekly", "pw"), "week"),
}
_CURRENCY_GROUPS = ("sym", "code", "after", "cur", "cur2", "sym2", "code2", "after2")

_URL = re.compile(r"https?://\S+")
_SELF_MENTION = re.compile(
    r"(?:\b(?:please|hey|hi|hello)\b[\s,!]*)*(?:\b(?:use|using|via|with|through|ask|on)\s+)?"
    r"\bwatchtower(?:\.[a-z]{2,})?\b(?:\s+to\b)?"
)
_DELIVERY = re.compile(
    r"(?:[\s,.;!?]*\b(?:and|then)\b)?[\s,.;!?]*\b(?:tell|let|notify|alert|ping|email|e-mail|message|send|show|text|help)\s+me\b"
    r"(?:\s+know\b)?"
)
# "notify via webhook", "by email": the channel, which the watch's delivery settings decide.
_CHANNEL = re.compile(
    r"(?:[\s,.;!?]*\b(?:and|then)\b)?[\s,.;!?]*(?:\b(?:notify|alert|ping|tell|send)(?:\s+(?:me|us))?\s+)?"
    r"\b(?:via|by|through|over)\s+(?:a\s+)?(?:webhooks?|e-?mail|slack|telegram|sms|discord|text)\b"
)

# "near me", "close to me": where the writer is, which the query does not say; request words.
_NEAR_ME = re.compile(r"\b(?:near|around|close\s+to)\s+me\b")
# "outside London" (not "outside sales"): read only when a known place follows.
_OUTSIDE = re.compile(r"\b(?:outside(?:\s+of)?|anywhere\s+but|except\s+for)\s+(?:the\s+)?")
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
_EXCLUSION = re.compile(
    # "non-manager", "non-sales" (not "non-profit", an organisation wished for).
    r"(?:\b(?P<verb>not|no|excluding|except|without|minus|but\s+not|avoid(?:ing)?|skip(?:ping)?)\s+(?:any\s+)?"
    r"|\bnon[\s-](?!profits?\b))"
    # "no managers, no interns": a second negation starts a list of its own.
    r"(?P<items>[\w+#.&'-]+(?:\s*(?:,|/|\bor\b|\bnor\b|\band\b|(?<=\s)&(?=\s))\s*(?!(?:not|no|excluding|except|without|minus|but)\b)[\w+#.&'-]+)*)"
    # "exclude Amazon and Meta": after the verb "exclude", "and" joins what is excluded too.
    r"|\bexclude\s+(?:any\s+)?(?P<listed>[\w+#.&'-]+(?:\s*(?:,|/|\bor\b|\band\b|\bnor\b|(?<=\s)&(?=\s))\s*[\w+#.&'-]+)*)"
)
# Freshness: read before years and pay, so "in the last 3 days" is neither. A number of days, weeks
# or months after "last"/"past" (or "posted within"); "this week", "today", "new today", "fresh".
_NUMBER_WORDS = {
    "one": 1,
    "a": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "ten": 10,
    "fourteen": 14,
    "thirty": 30,
}
_FRESH_COUNT = r"\d{1,3}|one|a|two|three|four|five|six|seven|ten|fourteen|thirty"
_FRESH_UNIT = r"days?|weeks?|months?|hours?|hrs?|h|d"  # "last 24h", "past 7d"
_FRESH_POSTED = r"(?:(?:posted|published|listed|added|opened)\s+)?"
_FRESH_SPAN = re.compile(
    rf"\b{_FRESH_POSTED}(?:in|within|over|during|from)\s+(?:the\s+)?(?:last|past)\s+"
    rf"(?P<count>{_FRESH_COUNT})?\s*(?P<unit>{_FRESH_UNIT})\b"
    rf"|\b{_FRESH_POSTED}(?:in\s+the\s+)?(?:last|past)\s+(?P<count2>{_FRESH_COUNT})?\s*(?P<unit2>{_FRESH_UNIT})\b"
    # "posted within 3 days", "within a week": a window without "last".
    # ("within 3 hours of EST" is a time zone's overlap, read by `_UNSUPPORTED`).
    rf"|\b{_FRESH_POSTED}within\s+(?P<count3>{_FRESH_COUNT})\s*(?P<unit3>{_FRESH_UNIT})\b(?!\s+of\b)"
    # "posted less than 5 days ago", "posted 2 days ago or less".
    rf"|\b{_FRESH_POSTED}(?:(?:less\s+than|under|fewer\s+than|at\s+most|no\s+more\s+than|<)\s*)?"
    rf"(?P<count4>{_FRESH_COUNT})\s*(?P<unit4>{_FRESH_UNIT})\s+ago\b(?:\s+or\s+(?:less|newer|sooner|fewer))?"
)
_FRESH_WORDS = re.compile(
    r"\b(?:(?:posted|published|listed|added|opened)\s+)?(?:since\s+)?(?P<when>this\s+week|this\s+month|today|yesterday)\b"
    r"|\b(?P<new>new\s+today)\b|\b(?P<fresh>fresh(?:ly\s+posted)?(?![\s-]+grad)|brand[\s-]new)\b"
)
FRESH_DAYS = 3  # "fresh": posted in the last three days
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30}
# "remote or hybrid", "hybrid/remote", "on-site, hybrid or remote": remote as one mode among others
# is no requirement (a hybrid job in the place is as welcome).
_MODE = r"(?:hybrid|on[\s-]?site|in[\s-]office|in[\s-]person)"
_MODE_JOIN = r"\s*(?:/|,|\bor\b|\band/or\b)\s*"
_REMOTE_OR_MODE = re.compile(
    rf"\b(?:fully\s+)?(?:remote|wfh)(?:{_MODE_JOIN}{_MODE})+\b"
    rf"|\b{_MODE}(?:{_MODE_JOIN}{_MODE})*{_MODE_JOIN}(?:fully\s+)?(?:remote|wfh)\b"
    # "remote OK", "remote is fine": remote allowed, not asked for.
    r"|\bremote\s+(?:is\s+)?(?:ok|okay|fine|welcome|possible|considered|acceptable)\b"
)
# "remote Africa ok", "remote in the EU is fine": remote work from a place allowed, not asked for.
_REMOTE_PLACE_OK = re.compile(
    r"\b(?:fully\s+)?remote\s+(?:(?:from|in|within)\s+)?(?:the\s+)?(?P<place>[a-z][a-z.]*(?:\s[a-z.]+){0,2}?)\s+"
    r"(?:is\s+|also\s+|too\s+)?(?:ok|okay|fine|welcome|possible|considered|acceptable)\b"
)
_WORK_MODE = re.compile(
    r"\b(?:hybrid|hybride|h[ií]brido|on[\s-]?site|in[\s-]office|in[\s-]person)\b"
    r"(?:\s*\(?\s*(?:\d|one|two|three|four)(?:\s*-\s*\d)?\s*(?:days?|x)(?:\s*(?:a|per|/)\s*(?:week|wk))?"
    r"(?:\s+(?:in\s+)?(?:the\s+)?office)?\s*\)?)?"
)
# Days in the office apart from the word hybrid too: "(2 days/wk)", "3 days a week in office" (a
# second pattern, read only when "week" or "office" is in the query).
_WORK_MODE_OR_DAYS = re.compile(
    _WORK_MODE.pattern + r"|\(?\b(?:\d|one|two|three|four)(?:\s*-\s*\d)?\s*(?:days?|x)\s*(?:(?:a|per|/)\s*(?:week|wk)\b"
    r"(?:\s+(?:in\s+)?(?:the\s+)?office\b)?|(?:in\s+)?(?:the\s+)?office\b(?:\s*(?:a|per|/)\s*(?:week|wk)\b)?)\s*\)?"
)
_PLACE_INTRO = re.compile(
    r"\b(?:based\s+in|located\s+in|in\s+or\s+(?:near|around)|in|near|around|within)\s+(?:the\s+)?(?:greater\s+)?"
)
_BASED = re.compile(r"\b(?P<place>[a-z]+(?:\s[a-z]+)?)-based\b")
_PLACE_END = re.compile(
    r"\s\|\s|(?<!\bst)(?<!\bft)(?<!\bmt)\.|[!?()\[\]\"]|\b(?:with|that|which|who|making|paying|earning|requiring|for|at|as|where|on|from"
    r"|in|jobs?|roles?|positions?|openings?|please)\b"
)
_PLACE_SPLIT = re.compile(r"\s+or\s+|\s+and\s+|/|;|&")
# Two-letter places a query may use on their own; others ("it", "qa", "ai", "ml") are words.
_SHORT_PLACES = frozenset({"us", "uk", "eu", "sf", "la", "dc", "ny"})
# Two-letter codes that, even in capitals, are more often words or roles than states ("in AR/VR").
_CODE_NOT_REGION = frozenset({"in", "or", "me", "hi", "ar", "it", "us", "ok", "id"})
_PART_OF_PLACE = re.compile(
    r"(northern|southern|eastern|western|central|north|south|east|west|upstate|downstate|coastal|rural|outer|inner)"
    r"\s+(.+)"
)
# A city named without a qualifier must be at least this large to be read as a place, and never
# one of these words, which in a job query name a field ("jobs in sales", "in mobile").
_PLACE_MIN_POPULATION = 50_000
_FIELDS_TEXT = """
sales media mobile success enterprise meta real time part support security design marketing data product
research energy music fashion retail gaming health education finance legal people growth content social video
cloud network space defense quality strategy trading travel food delivery commerce games sport sports tech
"""
_FIELDS_NOT_PLACES = frozenset(_FIELDS_TEXT.split())
_REMOTE = re.compile(
    r"\b(?:fully\s+|100%\s*)?(?:remote|remotely|wfh|work\s+from\s+home|telecommute"
    # Spanish, Portuguese, French, German: "remoto", "télétravail", "teletrabajo", "Homeoffice".
    r"|remot[oa]|t[ée]l[ée]travail|teletrabajo|home-?office)(?:[\s-](?:only|first|friendly))?\b"
)

_VISA_NOT_NEEDED = re.compile(
    r"\b(?:no|without|not|don'?t|do\s+not|doesn'?t|never)\s+(?:need(?:ing|ed)?\s+|requir(?:e|ing|ed)\s+|want\s+)?"
    r"(?:any\s+|a\s+)?(?:visa\s+|h-?1-?b\s+|work\s+permit\s+)?(?:sponsorship|sponsor)\b"
    r"(?:\s+(?:needed|required|necessary))?"
)
_VISA = re.compile(
    r"(?:\b(?:with|offering|offers?|that\s+offers?|providing|provides?|including|needs?|needing|requir(?:e|es|ing)"
    r"|i\s+need|and|plus)\s+)?(?:an?\s+)?(?:\b(?:visa|h-?1-?b|work\s+permit|blue\s+card|immigration|tier\s+2"
    r"|skilled\s+worker)\s+)+(?:sponsorship|sponsor(?:ing)?|support|transfers?|provided|offered|included)\b(?:\s+(?:required|needed|necessary|wanted|please))?"
    r"|(?:\b(?:that|which|who|companies\s+that|employers\s+that)\s+)?(?:\b(?:will|can|would|do|must|should)\s+)?"
    r"\bsponsor(?:s|ing)?\s+(?:a\s+|my\s+|your\s+)?(?:visas?|h-?1-?bs?(?:\s+visas?)?|work\s+permits?)\b"
    r"|(?<!not\s)(?<!n't\s)(?<!unable\sto\s)(?<!cannot\s)(?<!never\s)"
    r"\b(?:offer|offers|offering|provide|provides|providing)\s+(?:an?\s+)?(?:h-?1-?bs?|work\s+permits?)\b"
    r"|\bvisa[\s-]sponsor(?:ed|ing|ship)?\b|(?:\bwith\s+)?\bsponsorship\b(?:\s+(?:required|needed|necessary|wanted|please))?"
    # "relocation + visa", "visa & relocation": a visa asked for beside relocation or after "+" is its
    # sponsorship ("at Mastercard and Visa", "…, Visa, Foster City" are the company).
    r"|(?:\+|\bplus\b|(?<=relocation\s)(?:&|and))\s*visas?(?=\s*(?:[,|]|$))"
    r"|(?<=[,|]\s)visas?(?=\s*(?:\+|&|\band\b|\bplus\b)\s*relocation\b)"
)
# Words every `_VISA` reading holds (h-1b written "h1b", "h-1b", "h1-b", "h-1-b").
_VISA_WORDS = ("visa", "1b", "1-b", "permit", "blue card", "immigration", "tier 2", "skilled worker", "sponsor")
_KIND_WORDS = (
    # German: "Festanstellung" (permanent), "Vollzeit", "Teilzeit", "Praktikum", "befristet" (fixed-term).
    r"festanstellung|festangestellt|vollzeit|teilzeit|praktikum|befristet|"
    r"fixed[\s-]term\s+contracts?|apprenticeships?|contract[\s-]to[\s-]hire|contract(?:or|ors|s)?|freelance(?:rs?)?|freelancing|part[\s-]?time|full[\s-]?time"
    r"|temporary|temp|fixed[\s-]term|seasonal|internships?|permanent|c2c|corp[\s-]to[\s-]corp|1099"
    # Poland's contractor agreement: "on B2B", "B2B contract", "B2B only" (not "B2B sales", a market).
    r"|(?<=\bon\s)b2b|b2b(?=\s+(?:contract|only|agreement)\b)"
    # "20 000 PLN netto B2B": alone right after the pay.
    r"|(?:(?<=\|\s)|(?<=\|\s\s))b2b(?=\s*(?:[,|]|$))"
)
_EMPLOYMENT_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("internship", re.compile(r"internships?|apprenticeships?|praktikum")),
    (
        "contract",
        re.compile(r"contract to hire|contract(?:or|ors|s)?|freelance(?:rs?)?|freelancing|c2c|corp to corp|1099|b2b"),
    ),
    ("temporary", re.compile(r"temporary|temp|fixed term(?: contracts?)?|seasonal|befristet")),
    ("part_time", re.compile(r"part ?time|teilzeit")),
    ("full_time", re.compile(r"full ?time|permanent|festanstellung|festangestellt|vollzeit")),
)
_B2B_BEFORE_PAY = re.compile(r"\bb2b(?=\s*\|)")
_EMPLOYMENT_WORD = re.compile(rf"\b(?:{_KIND_WORDS})\b")
_EMPLOYMENT_NEGATED = re.compile(
    rf"\b(?:no|not|non|excluding|exclude|except|without|never|but\s+not|avoid(?:ing)?|skip(?:ping)?|minus)[\s-]+(?:any\s+)?"
    rf"(?P<items>(?:{_KIND_WORDS})(?:\s*(?:,|/|\bor\b|\band\b|\bnor\b)\s*(?:{_KIND_WORDS}))*)"
    r"(?:\s+(?:roles?|jobs?|positions?|work|gigs?|contracts?|openings?|please))?\b"
)
# "contract manager", "contracts lawyer": roles about contracts, left to the role words.
_EMPLOYMENT = re.compile(
    rf"\b(?P<kind>{_KIND_WORDS})\b(?:\s+only\b)?"
    r"(?!\s+(?:manager|management|lawyer|attorney|counsel|administrator|analyst|specialist|negotiator|law|officer"
    r"|coordinator|associate|paralegal|program|programme|recruiter|director|lead))"
)
_NO_AGENCIES = re.compile(
    r"\b(?:excluding|exclude|no|not\s+(?:from|via|through)|without|skip|minus|except|but\s+not)\s+(?:any\s+)?"
    r"(?:(?:staffing|recruit(?:ment|ing)|temp|employment|talent)\s+)?(?:agenc(?:y|ies)|recruiters?|headhunters?"
    r"|staffing\s+(?:firms?|companies|agencies)|(?:staffing|recruiting|recruitment)\s+firms?)\b"
    r"|\bdirect\s+(?:employers?|hires?)\s+only\b|\bno\s+third[\s-]part(?:y|ies)(?:\s+recruiters?)?\b"
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
_NOT_AT_COMPANY = re.compile(
    r"\b(?:not|except|excluding|exclude|but\s+not|never|no\s+jobs|nothing)\s+(?:(?:jobs|roles|positions)\s+)?(?:at|from|with)\s+"
    + _NAMES
    + _COMPANY_END
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
_COMPANY_GROUPS = {"faang": _FAANG, "maang": _FAANG, "fang": ("meta", "amazon", "netflix", "google")}
# Security clearances, each one term (a keyword the job must hold), never split on "/" nor read as
# "top" (a request word) and "secret": "TS/SCI" (= "TS-SCI" = "TS SCI"), "top secret", "public
# trust", UK "SC/DV"; a level named only beside "clearance"/"cleared" otherwise ("secret clearance",
# "TS cleared", "DV cleared", "NV1 clearance"). "active", "cleared", "clearance", "required" around
# it belong to it; a polygraph after it is noted (no filter; a job without one is as open).
_CLEARANCE_CLEAR = r"(?:security\s+)?(?:clearances?|cleared)"
_CLEARANCE = re.compile(
    r"(?P<negated>\b(?:no|not|non|without|excluding|except|never)[\s-]+(?:an?\s+|any\s+)?)?"
    r"(?:\b(?:an?\s+)?(?:active|current|interim|existing|valid|full)\s+)?(?:\bcleared\s+)?"
    r"(?P<term>\bts\s*[/-]\s*sci\b|\bts\s+sci\b|\btop[\s-]secret\b|\bpublic[\s-]trust\b|\bsc\s*(?:/|\bor\b)\s*e?dv\b"
    rf"|\b(?:secret|ts|sc|e?dv|nv[12]|bpss)(?=[\s-]+{_CLEARANCE_CLEAR}\b))"
    rf"(?:[\s-]+{_CLEARANCE_CLEAR}\b(?:\s+(?:required|needed|preferred|a\s+must))?)?"
    r"(?P<poly>\s*(?:\bwith\b|w/|\+|/|\band\b|&|,)?\s*(?:an?\s+)?(?:full[\s-]scope\s+|fs\s+|ci\s+|lifestyle\s+)?"
    r"(?:poly(?:graph)?|fsp)\b)?"
)
_CLEARANCE_TERMS = {"ts-sci": "ts/sci", "tssci": "ts/sci", "sc-dv": "sc/dv", "scordv": "sc/dv", "sc-edv": "sc/dv"}
_CLEARANCE_WORDS = re.compile(r"\b(?:ts|secret|trust|sc|e?dv|nv[12]|bpss)\b")

# Criteria that are real wishes but have no filter: noted, never read as role words.
_UNSUPPORTED = re.compile(
    r"(?:\bwith\s+(?:an?\s+)?)?(?:\b(?:\d|four|4)[\s-]?day\s+(?:work\s*)?weeks?\b|\b\d{2}[\s-]?hours?\s+(?:work\s*)?weeks?\b"
    r"|\bunlimited\s+(?:pto|vacation|holidays?|time\s+off|leave)\b|\b(?:(?<!private\s)equity(?!\s+(?:research|analyst|associate|trader|trading|investments?|capital|partners?|fund))"
    r"(?:[\s-](?:heavy|rich|package|upside))?|stock\s+options?|rsus?|401\s?\(?k\)?|health\s+insurance|dental\s+(?:insurance|plan|coverage|benefits)|pension|parental\s+leave"
    r"|flexible\s+(?:hours|schedule|working\s+hours)|no\s+on[\s-]call|pet[\s-]friendly|dog[\s-]friendly"
    r"|(?:good|great|excellent)\s+(?:benefits|perks|work[\s-]life\s+balance)|work[\s-]life\s+balance"
    # "…, relocation + visa", "…, relocation, €90k": asked for as a segment of its own.
    r"|(?<=[,|]\s)relocation(?=\s*(?:(?:\+|&|\band\b|\bplus\b)\s*)?(?:,|\||$))"
    r"|relocation\s+(?:package|assistance|support|help|allowance|budget|stipend)|(?<=with\s)relocation|(?<=and\s)relocation|(?<=\+\s)relocation|(?<=\+)relocation|(?<=plus\s)relocation|(?<=&\s)relocation|no\s+travel|free\s+(?:lunch|food|meals)|tax[\s-]free)\b"
    r"|\bwith\s+an?\s+(?=[^|,.;]*\d)[^|,.;]{1,40}?(?=\s*(?:\||,|\.|;|$|\band\b|\bin\b|\bat\b))"
    # A requirement the seeker lacks: "no PhD required", "no degree needed", "that don't require a
    # degree", "without a degree" (not a word to exclude: postings rarely name it in the title).
    r"|\bno\s+(?:[\w'-]+\s+){0,2}?(?:required|needed|necessary)\b"
    r"|\b(?:(?:that|which)\s+)?(?:doesn'?t|don'?t|does\s+not|do\s+not|not)\s+requir(?:e|ing)\s+(?:an?\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:degree|phd|diploma|clearance|experience|license|licence|certification)s?\b"
    r"|\b(?:no|without(?:\s+an?)?)\s+(?:college\s+|university\s+|bachelor'?s\s+|4[\s-]year\s+)?(?:degree|phd|diploma)\b"
    # UK contracting status, relocation offered, hours a week, a need the seeker lacks ("don't need German").
    r"|\b(?:outside|inside)\s+ir35\b|\brelocation\s+(?:provided|offered|included|available|paid)\b"
    r"|\b\d{1,2}\s*(?:hours?|hrs?)\s*(?:a|per|/)\s*week\b"
    r"|\b(?:(?:that|which)\s+)?(?:doesn'?t|don'?t|does\s+not|do\s+not)\s+(?:need|require)\s+(?:an?\s+)?[\w'-]+"
    r"(?:\s+(?:skills?|language|speakers?|fluency|degree))?\b"
    # How often to deliver: "daily", "weekly digest", "every hour" (pay periods are read before this).
    r"|\b(?:(?:a|as\s+a|in\s+a)\s+)?(?:daily|weekly|hourly|monthly)(?:\s+(?:digests?|summary|summaries|emails?|updates?"
    r"|alerts?|reports?))?\b|\bevery\s+(?:day|week|hour|morning|evening|monday|\d{1,2}\s+(?:hours?|minutes?|days?))\b"
    r"|\bonce\s+a\s+(?:day|week)\b"
    # The kind of company: "at fintechs", "at a startup", "at big tech" (no filter; "at FAANG" is read
    # before this as the companies it names).
    # A funding stage says the kind too: "at a Series B startup", "at a seed-stage company".
    r"|\b(?:at|no|not\s+at|not|excluding)\s+(?:an?\s+)?(?:(?:early|late|growth|seed|pre-seed)[\s-]stage\s+|small\s+|large\s+|big\s+"
    r"|series\s+[a-f]\s+|seed\s+|pre-seed\s+|vc[\s-]backed\s+|yc(?:[\s-]backed)?\s+|well[\s-]funded\s+|funded\s+"
    # "at an AI startup", "at a B2B SaaS company": one or two words saying what the company does.
    r"|(?<=\ban\s)(?!remote|hybrid)[\w-]+\s+(?:[\w-]+\s+)?(?=startups?\b|compan(?:y|ies)\b)"
    r"|(?<=\ba\s)(?!remote|hybrid)[\w-]+\s+(?:[\w-]+\s+)?(?=startups?\b|compan(?:y|ies)\b))?"
    r"(?:fintechs?|startups?|unicorns?|scale-?ups?"
    r"|non-?profits?|banks?|consultancies|enterprises?|big\s+tech|tech\s+companies|agencies"
    r"|(?<=\ban\s)(?!remote|hybrid)(?:[\w-]+\s+){1,2}compan(?:y|ies)|(?<=\ba\s)(?!remote|hybrid)(?:[\w-]+\s+){1,2}compan(?:y|ies)"
    r"|(?<=[\s-]stage\s)compan(?:y|ies)|(?<=series\s[a-f]\s)compan(?:y|ies))\b"
    # A funding stage without "at": "Series B startups", "seed-stage companies"; "at Series A".
    r"|\b(?:(?:early|late|growth|seed|pre-seed)[\s-]stage|series\s+[a-f]|vc[\s-]backed|yc(?:[\s-]backed)?)\s+"
    r"(?:startups?|compan(?:y|ies)|fintechs?|scale-?ups?)\b|\bat\s+(?:an?\s+)?series\s+[a-f]\b"
    # A season and year of start: "summer 2027", "fall 2026 internship" (the level is read apart).
    r"|\b(?:summer|fall|autumn|winter|spring)\s+(?:of\s+)?(?:20\d\d|'\d\d)\b"
    # US tax status of a contract: "W2 only", "no C2C" ("C2C", "1099", "corp-to-corp" are read as contract).
    r"|\bw-?2(?:\s+only)?\b"
    # What the seeker need not have, said after it: "clearance not required", "degree not needed".
    r"|\b[\w'-]+\s+(?:is\s+)?not\s+(?:required|needed|necessary|a\s+must)\b"
    # A job grade: "Software Engineer II", "IC4" (the ladders differ by employer; no filter); a Roman
    # numeral only after a title or level word (`_GRADE_BEFORE`): "GTA IV" is a game.
    r"|\b(?:ii|iii|iv|ic[1-9]|l[3-9]|l1[0-1]|e[3-9])\b"
    # "on-call ok": a condition accepted, not asked for.
    r"|\bon[\s-]call\s+(?:is\s+)?(?:ok|okay|fine|acceptable)\b"
    # A time zone: "CET timezone", "in EST time zone", "UTC+2" (no filter; "EU timezone" is a place).
    r"|\b(?:(?:within|during|overlapping(?:\s+with)?)\s+(?:(?:\+-|±)?\d{1,2}\s*(?:hours?|hrs?|h)\s+of\s+)?(?:the\s+)?"
    r"|in\s+(?=\w+\s+time\s*zone|\w+\s+timezone))?"
    r"(?:cet|cest|eet|est|edt|pst|pdt|cst|cdt|mst|gmt|utc|bst)(?:\s*[+±-]\s*\d{1,2})?"
    r"(?:\s+(?:time\s*zones?|timezones?|hours|overlap))?\b"
    # "Eastern time", "Pacific time zone", "central hours" (US zones by name).
    r"|\b(?:eastern|central|pacific|mountain)\s+(?:standard\s+)?(?:time(?:\s*zones?)?|timezones?|hours)\b"
    # A currency without an amount: "remote LATAM, USD", "paid in euros".
    r"|\b(?:paid|pay|salary)\s+in\s+(?:usd|eur|gbp|cad|aud|chf|us\s+dollars|euros)\b(?!\s*\d)"
    r"|\b(?:usd|eur|gbp|cad|aud|chf|us\s+dollars|euros)\b(?!\s*\d)"
    # The length of a contract or internship: "6-month contract", "12 month contract", "3 months".
    r"|\b(?:for\s+)?(?:\d{1,2}|one|two|three|four|six|nine|twelve|eighteen)[\s-](?:months?|mos?)(?:\s+(?:long|duration))?\b)"
)
# More wishes without a filter, each read only when a word it needs is in the query (most are not).
_UNSUPPORTED_RARE: tuple[tuple[tuple[str, ...], re.Pattern[str]], ...] = (
    # A bonus or a budget: "+ bonus", "signing bonus", "learning budget", "home office stipend".
    (
        ("bonus", "budget", "allowance", "stipend"),
        re.compile(
            r"\b(?:(?:sign[\s-]?on|signing|joining|annual|performance|retention|referral|relocation)\s+)?bonus(?:es)?\b"
            r"|\b(?:learning|training|education|home[\s-]office|equipment|wellness|l&d)\s+(?:budget|allowance|stipend)\b"
        ),
    ),
    # When to start: "2026 start", "start ASAP", "starting immediately".
    (
        ("start",),
        re.compile(
            r"\b(?:(?:20\d\d|asap|immediate|january|february|march|april|may|june|july|august|september|october"
            r"|november|december)\s+start|start(?:ing)?\s+(?:asap|immediately|now|date))\b"
        ),
    ),
    # US student work permits ("OPT/CPT friendly", "STEM OPT"): a wish with no filter, not sponsorship.
    (
        ("opt",),
        re.compile(
            r"\b(?:stem[\s-]+opt|(?:opt|cpt)(?:\s*/\s*(?:opt|cpt))?[\s-]+(?:friendly|ok|okay|eligible|accepted|welcome))\b"
        ),
    ),
    # India's hiring terms: "immediate joiner", "notice period 30 days", "serving notice".
    (
        ("join", "notice"),
        re.compile(
            r"\bimmediate\s+join(?:ers?|ing)\b"
            r"|\b(?:notice\s+period|serving\s+notice)(?:\s+(?:of\s+)?(?:up\s+to\s+)?\d{1,3}\s*days?)?\b"
        ),
    ),
    # A funding stage as a segment of its own: "Series B+", "series C or later".
    (
        ("series",),
        re.compile(r"\bseries\s+[a-f](?:\s*\+|\s+(?:or|and)\s+(?:later|above|up|beyond|after))?(?=\s*(?:[,|)]|$))"),
    ),
    # A language at a level: "German B2", "English (C1)" (no filter; "German-speaking" stays a word).
    (
        ("a1", "a2", "b1", "b2", "c1", "c2"),
        re.compile(
            r"\b(?:english|german|french|dutch|spanish|italian|polish|portuguese|swedish|danish|norwegian|finnish"
            r"|czech|japanese|mandarin|chinese|korean|arabic|hebrew)\s+\(?[abc][12]\+?\)?(?![\w+])"
        ),
    ),
    # Where the company is from: "no US companies", "no UK-based employers".
    (
        ("compan", "employer", "firm", "client", "startup"),
        re.compile(
            r"\b(?:no|not|excluding|except|without|avoid)\s+(?:us|u\.s\.?|usa|american|uk|british|eu|european|indian"
            r"|chinese|israeli|russian)[\s-]+(?:based\s+)?(?:companies|company|employers?|firms?|clients?|startups?)\b"
        ),
    ),
)
_ROMAN_GRADES = frozenset({"ii", "iii", "iv"})
# What a job grade written as a Roman numeral follows: a title's word ("Engineer II", "Data Scientist
# III", "Analyst IV", "SDE II"), a level word ("Level II", "Tier III") or another grade ("II/III").
_GRADE_BEFORE = re.compile(
    r"(?:\b(?:sde|swe|sre|sdet|qa|qe|ba|pm|tpm|dba|it|admin|rep|support|clerk|nurse|level|grade|tier|band|step|i|ii|iii)"
    r"|[a-z]{2,}(?:er|or|ist|yst|ant|ent|ian|ect|ive|ee|ate|ic|ech|ops))[\s/(,-]*(?:or\s+)?$"
)
# "remote jobs I can do from Germany", "workable from Canada", "remote from the UK".
_REMOTE_FROM = re.compile(
    r"\b(?:(?:that|which)\s+)?(?:i|we|you|one)\s+(?:can|could|may)\s+(?:do|work|take|get|hold|apply\s+for|perform)"
    r"\s+(?:it\s+|them\s+|remotely\s+)*from\s+(?:anywhere\s+(?:in|within|across)\s+)?(?:the\s+)?"
    r"|\b(?:remote(?:ly)?(?:\s+only)?(?:\s+(?:jobs?|roles?|positions?|work|gigs?|openings?|opportunities))?|work(?:ing)?"
    r"|workable|doable|possible)\s+(?:remotely\s+)?from\s+(?:anywhere\s+(?:in|within|across)\s+)?(?:the\s+)?"
    r"|\bremote(?:ly)?\s+(?:from\s+)?anywhere\s+(?:in|within|across)\s+(?!the\s+world\b)(?:the\s+)?"
)
# "remote Europe", "remote (US or Canada)", "US remote", "remote-UK": a country or zone next to "remote".
_REMOTE_NEXT = re.compile(
    r"\b(?:fully[\s-]+|100%\s*)?remote(?:ly)?(?:[\s-]+(?:first|friendly))?(?:[\s-]+only)?\s*[\s,-]\s*\(?\s*"
)
_NEXT_TO_REMOTE = re.compile(r"(?:^|\||\bor\b|\band\b|,|/)\s*(?P<place>[a-z][a-z.]*(?:\s[a-z]+)?)[\s-]+(?=remote\b)")
_REMOTE_ANYWHERE = re.compile(
    r"\b(?:(?:fully\s+)?remote(?:ly)?\s+(?:from\s+)?anywhere(?:\s+in\s+the\s+world|(?!\s+(?:in|within|across)\b))"
    r"|work\s+from\s+anywhere(?:\s+in\s+the\s+world|(?!\s+(?:in|within|across)\b))|worldwide\s+remote|remote\s+(?:worldwide|globally)|globally\s+remote"
    r"|anywhere\s+in\s+the\s+world)\b"
)

# Levels, in order; each pattern's words are cut and the level added (SPEC §6 levels). The level
# words are those of titles (boards/derive/seniority.py): "lead" is senior ("staff lead" staff),
# "head of", "VP" and "chief" director, "distinguished" and "fellow" principal, "junior", "early
# career", "new grad", "graduate", "entry-level", "trainee" entry. "lead generation" is a role.
_NOT_LEAD_LEVEL = r"(?!\s+(?:generation|gen|gens|nurtur\w*|qualif\w*|scoring|routing|magnets?|times?|poisoning|paint))"
_ACADEMIC_FELLOW = (
    r"(?<!research\s)(?<!postdoctoral\s)(?<!postdoc\s)(?<!clinical\s)(?<!teaching\s)(?<!graduate\s)(?<!summer\s)"
)
_LEVELS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("intern", re.compile(r"\b(?:interns?|internships?|working\s+students?|werkstudent(?:in|en)?|co-?op)\b")),
    (
        "entry",
        re.compile(
            r"\b(?:junior|jr\b\.?|entry[\s-]level|(?:new|fresh|recent)(?:\s+(?:college|university|phd|ms|msc|masters?|bs|bsc|bachelors?))?"
            r"[\s-]grads?|(?:new|fresh|recent)\s+graduates?|graduates?(?:\s+(?:schemes?|programmes?|programs?))?|freshers?|early[\s-]career|"
            r"trainees?|beginners?)(?:[\s-]level)?(?=\W|$)"
        ),
    ),
    # "mid-senior", "junior-mid": "mid" joined to another level is the level too ("mid-market" is not).
    (
        "mid",
        re.compile(r"\b(?:mid[\s-]?level|intermediate)\b|\bmid(?=[\s/,-]+(?:to\s+)?(?:senior|sr)\b)|(?<=[-/])mid\b"),
    ),
    (
        "senior",
        re.compile(
            r"\b(?:senior|sr\b\.?|snr)(?!\s+(?:staff|principal|manager|managers|director|directors)\b)"
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
_GENERIC = frozenset(
    {
        "engineer",
        "engineering",
        "developer",
        "development",
        "dev",
        "programmer",
        "software",
        "swe",
        "specialist",
        "professional",
        "tech",
        "technical",
        "technology",
        # The same words in German, French, Spanish, Portuguese, Italian ("Backend Entwickler").
        "entwickler",
        "softwareentwickler",
        "ingenieur",
        "développeur",
        "developpeur",
        "ingénieur",
        "desarrollador",
        "ingeniero",
        "programador",
        "desenvolvedor",
        "sviluppatore",
    }
)
# Grammar and request words: dropped silently (checked after a word is made singular).
_STOP_TEXT = """
job role position opening listing posting opportunity gig work new newly all any every find show watch track
monitor notify alert me us my tell let know when whenever about for the a an with that which who are is be in at
of and or to i we want wanted looking look need get please company level experience experienced year hiring there
posted post open up come appear available full time fulltime full-time only just also some based located area
anywhere everything regardless board it its this these those on by from like such as type kind hey hi hello use
using via they them you your one whatever check keep eye can could would will do doe give list see what whats
current currently right now today latest recent recently something anything search searching seeking seek
interested hire good great best cool nice top startup paid salary pay making earning per annum yearly hourly
monthly plus k thousand if than more less most least candidate applicant must should have has
set setup pls plz thanks thank thx kindly
"""
_STOP_WORDS = frozenset(_STOP_TEXT.split()) | {
    "ok",
    "okay",
    "ideally",
    "preferably",
    "prefer",
    "preferred",
    "i'm",
    "i’m",
    "im",
    "i've",
    "i’ve",
    "i'd",
    "i’d",
    "am",
    "we're",
    "we’re",
}
_TIGHT_COMMA = re.compile(r",(?=[^\s\d,])|(?<=[^\d\s,]),(?=\d)")
_FULL_STACK = re.compile(r"\bfull[\s-]+stack\b")
# A choice in brackets: "(go or rust)", "(react/typescript)".
_BRACKETED_CHOICE = re.compile(r"\(([^()|]*?(?:\bor\b|/)[^()|]*)\)")
_SEGMENT_TEXT = re.compile(r"[^,|]+")
_TIGHT_SLASH = re.compile(r"(?<![\w/])[\w+#.-]+(?:/[\w+#.-]+)+(?![\w/])")
# "AI engineer LLM / RAG", "Android developer Kotlin / Jetpack Compose": a choice joined by a
# spaced slash right after a generic role word, up to the end of its segment, is a choice of skills
# (not "ai llm" or "rag"); the role words before it stay the role.
_SKILLS_AFTER_ROLE = re.compile(
    r"\b(?:" + "|".join(sorted(_GENERIC, key=len, reverse=True)) + r")s?\s+"
    r"(?P<choice>(?!(?:" + "|".join(sorted(_GENERIC, key=len, reverse=True)) + r")s?\b)[\w+#.-]+\s+/\s+[^,|]*?)"
    r"(?=\s*(?:[,|]|$))"
)
# UK postcode districts (outward codes, "EC2", "SW1A", "M1"; an inward part may follow: "EC2A 4NE")
# after a town; the letters must be one of the UK's postcode areas.
_POSTCODE = re.compile(r"(?<=[a-z.])(?:\s*,)?\s+(?P<code>[a-z]{1,2}\d[a-z\d]?(?:\s+\d[a-z]{2})?)(?![\w/+#])")
_POSTCODE_AREAS_TEXT = """
ab al b ba bb bd bh bl bn br bs bt ca cb cf ch cm co cr ct cv cw da dd de dg dh dl dn dt dy e ec eh en ex fk fy g gl
gu gy ha hd hg hp hr hs hu hx ig im ip iv je ka kt kw ky l la ld le ll ln ls lu m me mk ml n ne ng nn np nr nw ol ox pa
pe ph pl po pr rg rh rm s sa se sg sk sl sm sn so sp sr ss st sw sy ta td tf tn tq tr ts tw ub w wa wc wd wf wn wr ws wv
yo ze
"""
_POSTCODE_AREAS = frozenset(_POSTCODE_AREAS_TEXT.split())


def _is_outward_code(code: str) -> bool:
    """Whether a word is a UK postcode district: a postcode area, then a district number; a letter
    after it only in central London ("EC2A", "SW1A", "W1T", "E1W"), so "B2B", "E2E", "C2C" are not."""
    outward = code.split()[0]
    area = outward[: 2 if outward[1].isalpha() else 1]
    if area not in _POSTCODE_AREAS:
        return False
    district = outward[len(area) :]
    if district[-1].isdigit():
        return True
    return area in {"ec", "wc"} or (area in {"w", "sw", "e", "n", "se", "nw"} and district[0] == "1")


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
_NEGATIONS = frozenset({"not", "no", "non", "never", "nor", "without", "excluding", "except"})
_WORD = re.compile(r"[^\s,;:|()\"“”!?/\[\]{}<>]+")


def interpret(text: Any) -> Interpretation:
    """Read a plain-language query into filters and notes; never raises (a failure of a rule
    becomes a note, so a creation request still gets an answer it can correct)."""
    try:
        return read(text)
    except Exception:  # a reader bug must not turn a watch request into a server error
        logger.exception("query reader failed", extra={"query": str(text)[:MAX_QUERY_LENGTH]})
        return Interpretation(Filters(), ["The query could not be read; pass explicit filters instead."])


def read(text: Any) -> Interpretation:
    """The reader itself, without `interpret`'s safety net (tests run both)."""
    return _Reader(text if isinstance(text, str) else "").read()


class _Reader:
    def __init__(self, text: str) -> None:
        self.notes: list[str] = []
        clean = " ".join(text.split())
        if len(clean) > MAX_QUERY_LENGTH:
            self.notes.append(f"Only the first {MAX_QUERY_LENGTH} characters of the query were read.")
            clean = clean[:MAX_QUERY_LENGTH]
        # "senior engineer,new york,200k": a comma without a space is a comma ("$120,000" stays).
        if "," in clean:
            clean = _TIGHT_COMMA.sub(", ", clean)
        # "Sr. DevOps Engineer - Phoenix - $140K": a dash between spaces separates like a comma,
        # unless numbers stand on both sides of it ("3 - 5 years", "$120k - $140k" are ranges).
        if " - " in clean or " – " in clean or " — " in clean:
            clean = _SPACED_DASH.sub(_dash_as_comma, clean)
        self.text = f" {clean.lower()} "
        # "(m/w/d)", "H/F": a title's gender marker, read before "w/" (with).
        if "/" in self.text or "gender" in self.text:
            self.text = _GENDER_MARK.sub(self._gender_mark, self.text)
        # "w/ 5+ YOE", "w/o sponsorship": the abbreviations of "with" and "without".
        if "w/" in self.text:
            self.text = _WITH_ABBREVIATION.sub(lambda m: " without " if m.group(1) else " with ", self.text)
        # "full stack": "full" alone is a request word ("full time"); the role is one word.
        if "stack" in self.text:
            self.text = _FULL_STACK.sub("full-stack", self.text)
        # "sponsership", "experiance", "entry lvl": misspellings and short forms of the words the
        # readers below look for (noted), so the filter is read, not a keyword no job holds.
        if any(stem in self.text for stem in ("spons", "lvl", "seniour", "senoir", "seinor", "snior", "sneior")) or (
            "exp" in self.text and "experience" not in self.text
        ):
            self.text = _SPELLED.sub(self._spelled, self.text)
        # "Paris ou remote", "Berlin oder remote": "or" in French, Portuguese, German.
        if " ou " in self.text or " oder " in self.text:
            self.text = re.sub(r"(?<=\s)(?:ou|oder)(?=\s)", "or", self.text)
        # "US-only" is "US only" ("only" is a request word; the place is read alone).
        if "-only" in self.text:
            self.text = _HYPHEN_ONLY.sub(" only", self.text)
        # "US" the country written bare, not "us" the pronoun ("… contact us").
        self.capital_us = bool(re.search(r"\bU\.?S\b", clean))
        self.original = clean
        # Two-letter codes written in capitals ("in NC"): a state or province there, not a word.
        self.capital_codes = frozenset(code.lower() for code in re.findall(r"\b[A-Z]{2}\b", clean)) - _CODE_NOT_REGION
        self.keywords: list[str] = []
        self.all_keywords: list[str] = []
        self.exclude: list[str] = []
        self.locations: list[str] = []
        self.seniority: list[str] = []
        self.remote_only = False
        self.min_salary: int | None = None
        self.currency: str | None = None
        self.max_years: float | None = None
        self.remote_from: list[str] = []
        self.visa = False
        self.employment: list[str] = []
        self.not_employment: list[str] = []
        self.companies: list[str] = []
        self.exclude_companies: list[str] = []
        self.no_agencies = False
        self.posted_within: int | None = None
        self.clearances: list[str] = []

    def _spelled(self, match: re.Match[str]) -> str:
        word = match.group(0)
        meant = _MISSPELT[word]
        if word != "lvl":
            self.notes.append(f'"{word}" was read as "{meant}".')
        return meant

    def _gender_mark(self, match: re.Match[str]) -> str:
        if not any("gender marker" in note for note in self.notes):
            self.notes.append(
                f'"{match.group(0).strip()}" is a gender marker of job titles (every job is open to all); it was ignored.'
            )
        return BAR

    def read(self) -> Interpretation:
        self._clean()
        if any(ch.isdigit() for ch in self.text):  # every postcode has a digit: most queries skip the scan
            self._postcodes()
        self._freshness()
        self._experience()
        self._pay()
        self._visa()
        self._employment()
        self._companies()
        self._unsupported()
        if _CLEARANCE_WORDS.search(self.text):
            self._clearances()
        self._negations()
        self._work_modes()
        self._remote_from()
        self._places()
        self._bare_places()
        self._remote()
        self._levels()
        self._roles()
        filters = Filters(
            keywords=tuple(self.keywords),
            all_keywords=tuple(self.all_keywords),
            exclude_keywords=tuple(self.exclude),
            locations=tuple(self.locations),
            seniority=tuple(self.seniority),
            remote_only=self.remote_only,
            remote_from=tuple(self.remote_from),
            min_salary=self.min_salary,
            salary_currency=self.currency if self.min_salary is not None else None,
            max_experience_years=self.max_years,
            visa_sponsorship=self.visa,
            employment_types=self._employment_types(),
            companies=tuple(self.companies),
            exclude_companies=tuple(self.exclude_companies),
            exclude_staffing_agencies=self.no_agencies,
            posted_within_days=self.posted_within,
        )
        if filters.is_empty():
            self.notes.append("Nothing in the query narrows the search; add a role, place, level or pay.")
        return Interpretation(filters, self.notes)

    def _cut(self, pattern: re.Pattern[str], handle: Callable[[re.Match[str]], bool] | None = None) -> None:
        """Replace each match with a bar when `handle` accepts it (or always, without one)."""

        def replace(match: re.Match[str]) -> str:
            if handle is None or handle(match):
                return BAR
            return match.group(0)

        self.text = pattern.sub(replace, self.text)

    def _clean(self) -> None:
        def url(match: re.Match[str]) -> bool:
            self.notes.append(
                f'"{match.group(0)}" is a URL, not a filter; to watch one board, pass it as `url` instead.'
            )
            return True

        self._cut(_URL, url)
        self._cut(_SELF_MENTION)
        self._cut(_DELIVERY)
        if " me" in self.text:
            self._cut(_NEAR_ME)
        if any(word in self.text for word in ("via ", "by ", "through ", "over ")):
            self._cut(_CHANNEL)

    def _postcodes(self) -> None:
        """ "London EC2", "Manchester M1", "London, SW1A 1AA": a UK postcode district (outward code,
        with or without the inward part) right after a British town is where in the town, which
        no filter holds: noted and removed, the town left to the place readers. Read first, before
        "W2 only" (a US tax status) and job grades ("E6"): after a British town these are districts.
        Elsewhere the word stays what it was ("AWS EC2" is a skill)."""
        for match in reversed(list(_POSTCODE.finditer(self.text))):
            code = match.group("code")
            if not _is_outward_code(code):
                continue
            words = re.findall(r"[a-z][a-z'-]*", self.text[: match.start()].rsplit("|", 1)[-1])[-3:]
            town = next(
                (
                    phrase
                    for size in range(1, len(words) + 1)
                    if (phrase := " ".join(words[-size:])) not in _STOP_WORDS
                    and any(place.country == "GB" and place.city for place in places.resolve(phrase))
                ),
                None,
            )
            if town is None:
                continue
            self.notes.append(
                f'"{code.upper()}" was read as a postcode district of {town.title()}; a postcode is not a filter '
                f"Watchtower has, so the place is {town.title()}."
            )
            self.text = self.text[: match.start()] + self.text[match.end() :]

    def _experience(self) -> None:
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
            if self.max_years is None:
                self.max_years = value
            elif value != self.max_years:
                self.notes.append(
                    f'"{match.group(0).strip()}" was ignored: the maximum years of experience was already read '
                    f"as {_plain(self.max_years)}."
                )
            return True

        if not any(word in self.text for word in ("yr", "year", "yoe", "y.o.e", "exp", "jahr", "año", "anos")):
            return  # every pattern needs one of these: most queries skip them all
        for pattern in _EXPERIENCE_PATTERNS:
            self._cut(pattern, years)

    def _pay(self) -> None:
        def pay(match: re.Match[str]) -> bool:
            groups = match.groupdict()
            has_k = bool(groups["k"] or groups["k2"])
            period = _PERIODS.get(groups["per"] or groups["adv"] or "", "")
            number = groups["num"]
            dotted = not groups["k"] and _DOTTED.fullmatch(number) is not None  # "35.000 €"
            value = float(number.replace(".", "") if dotted else re.sub(r"[,'’\s]", "", number))
            units = [unit for unit in (groups["k"], groups["k2"]) if unit]
            lakh = any(unit.startswith("l") for unit in units)
            crore = any(unit.startswith("c") for unit in units)
            million = any(unit.startswith("m") for unit in units)
            if lakh or crore:
                value *= _LAKH if lakh else _CRORE  # "30 LPA": 30 lakh a year; "1.2 Cr"
            elif million:
                if not any(groups[name] for name in _CURRENCY_GROUPS) and not groups["lead"]:
                    return False  # "a 6m contract" is no pay: "10M" is pay only with a currency or a pay word
                value *= 1_000_000 if groups["k"] or value < 1000 else 1  # "¥10M+", "₹1.5M"
            elif groups["k"] or (groups["k2"] and value < 1000):
                value *= 1000
            currency_mark = next(
                (mark.strip() for mark in (groups[name] for name in _CURRENCY_GROUPS) if mark and mark.strip()), None
            )
            if currency_mark is None and (lakh or crore):
                currency_mark = "inr"
            written_code = groups["cur"] or groups["cur2"] or groups["code2"]
            if currency_mark == "$" and written_code and written_code in _CODES_WITH_DOLLAR:
                currency_mark = written_code  # "$90/hr CAD": the dollar the code names
            elif currency_mark == "$" and groups["super"]:
                currency_mark = "aud"  # "$180k + super": superannuation is Australia's
            currency = _CURRENCIES.get(currency_mark) if currency_mark else None
            abbr = groups["abbr"]
            if abbr:
                short = abbr.replace(".", "").replace("/", "")
                if abbr == short and short in self.capital_codes and currency not in ("GBP", "EUR"):
                    keep.append(match.start("abbr"))  # "$150k PA": Pennsylvania or an assistant, not "per annum"
                else:
                    period = _PERIODS[short]
            # "35.000" alone may be a count or a version: a dotted figure is pay only beside a currency,
            # a period or a pay word.
            qualifies = bool(groups["lead"] or currency_mark or has_k or period or (value >= 10_000 and not dotted))
            if not qualifies:
                return False
            fragment = match.group(0).strip()
            benefit = (_BENEFIT_AFTER_PLUS if groups["more"] else _BENEFIT_AFTER).match(match.string, match.end())
            if benefit:
                self.notes.append(
                    f'"{fragment}{benefit.group(0)}" is a bonus, an allowance or equity, not a salary; it was ignored.'
                )
                return True
            if value < 1000 and not period and not has_k:
                value *= 1000  # "making at least 150"
            elif not period and not (lakh or crore) and currency:
                if _monthly_by_amount(value, currency):
                    period = "month"
                if period and not groups["pm"]:
                    self.notes.append(
                        f'"{fragment}" names no period and is too small for a yearly salary in {currency}: '
                        f"it was read as monthly pay ({_plain(value * 12)} a year); pass `min_salary` for another reading."
                    )
            if groups["pm"] and period != "month":
                keep.append(match.start("pm"))  # "$150k PM": pay and a product manager
            value *= ANNUAL_FACTOR.get(period, 1)
            if not math.isfinite(value):  # hundreds of digits: float() gives inf, and round(inf) raises
                self.notes.append(f'"{fragment[:40]}…" does not look like a yearly salary; it was ignored.')
                return True
            yearly = round(value)
            if groups["ceiling"]:
                self.notes.append(
                    f'"{fragment}" reads as a maximum salary, which is not a filter Watchtower has; it was ignored.'
                )
                return True
            if yearly < 1000 or yearly > 10_000_000:
                self.notes.append(f'"{fragment}" does not look like a yearly salary; it was ignored.')
                return True
            if self.min_salary is not None:
                self.notes.append(
                    f'"{fragment}" was ignored: the minimum salary was already read as {self.min_salary}.'
                )
                return True
            self.min_salary = yearly
            if currency:
                self.currency = currency
            return True

        keep: list[int] = []

        def replace(match: re.Match[str]) -> str:
            if not pay(match):
                return match.group(0)
            for name in ("pm", "abbr"):
                if keep and keep[-1] == match.start(name):
                    return BAR + match.string[match.start(name) : match.end()]  # the word stays a word
            return BAR

        if any(ch.isdigit() for ch in self.text):  # every amount has a digit: most queries skip the scan
            self.text = _PAY.sub(replace, self.text)

        def six_figures(match: re.Match[str]) -> bool:
            if self.min_salary is None:
                self.min_salary = 100_000 if match.group("n") in ("six", "6") else 1_000_000
            else:
                self.notes.append(
                    f'"{match.group(0).strip()}" was ignored: the minimum salary was already read as {self.min_salary}.'
                )
            return True

        if "fig" in self.text:
            self._cut(_SIX_FIGURES, six_figures)

    def _visa(self) -> None:
        def not_needed(match: re.Match[str]) -> bool:
            self.notes.append(
                f'"{match.group(0).strip()}": not needing sponsorship is not a filter (every job fits); it was ignored.'
            )
            return True

        def visa(match: re.Match[str]) -> bool:
            self.visa = True
            return True

        if "sponsor" in self.text:
            self._cut(_VISA_NOT_NEEDED, not_needed)
        if any(word in self.text for word in _VISA_WORDS):  # each way of asking names one: most queries skip
            self._cut(_VISA, visa)

    def _employment(self) -> None:
        def negated(match: re.Match[str]) -> bool:
            for word in _EMPLOYMENT_WORD.findall(match.group("items")):
                kind = _employment_kind(word)
                if kind not in self.not_employment:
                    self.not_employment.append(kind)
            return True

        def wanted(match: re.Match[str]) -> bool:
            return wanted_kind(_employment_kind(match.group("kind")))

        def wanted_kind(kind: str) -> bool:
            if kind not in self.employment:
                self.employment.append(kind)
            if kind == "internship" and "intern" not in self.seniority:
                self.seniority.append("intern")  # an internship is an intern's job (docs/derived-fields.md)
            return True

        self._cut(_EMPLOYMENT_NEGATED, negated)
        if self.currency == "PLN" and "b2b" in self.text:
            # "Warsaw B2B 25k+ PLN net": Poland's contractor agreement right before Polish pay.
            self._cut(_B2B_BEFORE_PAY, lambda match: wanted_kind("contract"))
        self._cut(_EMPLOYMENT, wanted)

    def _employment_types(self) -> tuple[str, ...]:
        """The kinds asked for; "no contract roles" alone asks for every other kind."""
        if self.employment:
            return tuple(kind for kind in self.employment if kind not in self.not_employment)
        if self.not_employment:
            return tuple(kind for kind in EMPLOYMENT_TYPES if kind not in self.not_employment)
        return ()

    def _companies(self) -> None:
        def agencies(match: re.Match[str]) -> bool:
            self.no_agencies = True
            return True

        def companies(target: list[str]) -> Callable[[re.Match[str]], bool]:
            def handle(match: re.Match[str]) -> bool:
                names = _company_names(match.group("names"))
                if not names:
                    return False
                self._add_companies(target, names)
                return True

            return handle

        self._cut(_NO_AGENCIES, agencies)
        self.text = _NOT_AT_COMPANY.sub(self._excluded_companies, self.text)
        self.text = _AT_COMPANY.sub(self._asked_companies, self.text)
        for name, found in (("companies", self.companies), ("exclude_companies", self.exclude_companies)):
            if len(found) > MAX_COMPANIES:
                self.notes.append(f"Only the first {MAX_COMPANIES} {name} were kept.")
                del found[MAX_COMPANIES:]

    def _excluded_companies(self, match: re.Match[str]) -> str:
        """ "not at Meta or Google" → exclude_companies; a place after a comma closes the list ("not at
        Meta or Google, Seattle or remote": the places are left to the place readers)."""
        group = match.group("names")
        parts = re.split(r"(\s*,\s*)", group)
        rest = ""
        for index in range(2, len(parts), 2):
            if _company_list_place(re.split(r"\s+(?:or|and)\b", parts[index].strip())[0]):
                group, rest = "".join(parts[: index - 1]), "".join(parts[index - 1 :])
                break
        names = _company_names(group)
        if not names:
            return match.group(0)
        self._add_companies(self.exclude_companies, names)
        return BAR + rest

    def _add_companies(self, target: list[str], names: list[str]) -> None:
        for name in names:
            if company_key(name) not in {company_key(known) for known in target}:
                target.append(name)

    def _asked_companies(self, match: re.Match[str]) -> str:
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
            accepted = _company_list_place(part) if index and "," in before else None
            if accepted:
                head = "".join(parts[: index - 1])
            else:
                name, accepted = self._place_after_name(part.strip(" .'\""))
                following = parts[index + 2].strip(" .'\"") if index + 2 < len(parts) else ""
                if not accepted or "," not in after or (following and self._place_after_name(following)[1]):
                    # "at Microsoft Redmond or Google", "at Google Zurich, Meta London, python": the
                    # list goes on, after a comma too when the next name also ends in a place.
                    found.extend(accepted)
                    pairs += bool(accepted)
                    continue
                pairs += 1
                head = "".join(parts[:index]) + name
            names = [self._place_after_name(name)[0] for name in _company_names(head)]
            if not names:
                return match.group(0)
            self._add_companies(self.companies, names)
            self.locations.extend(place for place in [*found, *accepted] if place not in self.locations)
            self._note_pairs(pairs)
            return BAR + "".join(parts[index + 1 :])
        names = _company_names(group)
        if not names:
            return match.group(0)
        self.locations.extend(place for place in found if place not in self.locations)
        self._add_companies(self.companies, [self._place_after_name(name)[0] for name in names])
        self._note_pairs(pairs)
        return BAR

    def _note_pairs(self, pairs: int) -> None:
        """ "at Google Zurich, Meta London": the filters hold companies and places apart, so each
        company is looked for in each place; said in a note."""
        if pairs > 1:
            self.notes.append(
                "Companies and places written as pairs were read apart: any of the companies, in any of the "
                "places (a job of the first company in the second place matches too)."
            )

    def _place_after_name(self, name: str) -> tuple[str, list[str]]:
        """ "at Microsoft Redmond": a known place ending a company name is the place (a location),
        unless the name would end in a grammar word without it ("Bank of America")."""
        words = name.split()
        for size in range(min(3, len(words) - 1), 0, -1):
            accepted = _bare_place(" ".join(words[-size:]))
            if accepted and words[-size - 1] not in _STOP_WORDS and words[-size - 1] not in {"&", "and"}:
                return " ".join(words[:-size]), accepted
        return name, []

    def _unsupported(self) -> None:
        def unsupported(match: re.Match[str]) -> bool:
            if match.group(0) in _ROMAN_GRADES and not _GRADE_BEFORE.search(
                match.string, max(match.start() - 40, 0), match.start()
            ):
                return False  # "GTA IV": a title's number, not a job grade (see `_numbered_title`)
            self.notes.append(
                f'"{match.group(0).strip()}" is not something Watchtower can filter on; it was ignored '
                "(not read as a keyword)."
            )
            return True

        self._cut(_UNSUPPORTED, unsupported)
        for needs, pattern in _UNSUPPORTED_RARE:
            if any(word in self.text for word in needs):
                self._cut(pattern, unsupported)

    def _clearances(self) -> None:
        """ "TS/SCI cleared", "active secret clearance", "SC/DV": one term each, kept for the role
        words (`_roles`); "no TS/SCI" excludes it."""

        def clearance(match: re.Match[str]) -> bool:
            written = re.sub(r"\s*(?:/|-|\s)\s*", " ", match.group("term")).strip()
            term = _CLEARANCE_TERMS.get(
                written.replace(" ", "-"), _CLEARANCE_TERMS.get(written.replace(" ", ""), written)
            )
            if match.group("negated"):
                self._exclude_words([term])
            elif term not in self.clearances:
                self.clearances.append(term)
            if match.group("poly"):
                self.notes.append(
                    f'"{match.group("poly").strip(" ,/+&")}": a polygraph is not something Watchtower can filter on; '
                    "it was ignored (the clearance was read)."
                )
            return True

        self._cut(_CLEARANCE, clearance)

    def _negations(self) -> None:
        for match in list(_NOT_PLACE.finditer(self.text)):
            start = match.start()
            if self.text[start : match.end()] != match.group(0):
                continue  # an earlier cut of this loop moved the text
            end = _place_end(self.text, match.end())
            phrase = self.text[start:end].strip()
            self.notes.append(
                f'"{phrase}": excluding a place is not a filter Watchtower has; it was ignored '
                "(no location filter was set from it)."
            )
            self.text = self.text[:start] + BAR + self.text[end:]

        position = 0
        while (outside := _OUTSIDE.search(self.text, position)) is not None:
            words = self.text[outside.end() : _place_end(self.text, outside.end())].split()
            size = next((size for size in range(min(len(words), 4), 0, -1) if _read_places(" ".join(words[:size]))), 0)
            if not size:
                position = outside.end()
                continue
            end = self._words_end(outside, words[:size])
            self.notes.append(
                f'"{self.text[outside.start() : end].strip()}": excluding a place is not a filter Watchtower has; it was '
                "ignored (no location filter was set from it)."
            )
            self.text = self.text[: outside.start()] + BAR + self.text[end:]
            position = outside.start() + len(BAR)

        def not_remote(match: re.Match[str]) -> bool:
            self.notes.append(
                f'"{match.group(0).strip()}": excluding remote jobs is not a filter Watchtower has; it was ignored.'
            )
            return True

        self._cut(_NOT_REMOTE, not_remote)

        def exclusion(match: re.Match[str]) -> str:
            if match.group("listed") is not None:
                words = [
                    w
                    for w in re.split(r"\s*(?:,|/|\bor\b|\band\b|\bnor\b|(?<=\s)&(?=\s))\s*", match.group("listed"))
                    if w
                ]
                found = [_role_word(word) for word in words]
                usable = [word for word in found if word and word not in _STOP_WORDS and word != "remote"]
                if not usable or len(usable) != len(found):
                    return match.group(0)
                self._exclude_words(usable)
                return BAR
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
            role_before = any(
                (word := _role_word(raw)) and word not in _STOP_WORDS and word.isalpha()
                for raw in _WORD.findall(match.string[: match.start()])
            )
            taken: list[str] = []
            at = end = 0
            for index, part in enumerate(parts):
                if index % 2:
                    at += len(part)
                    continue
                word = _role_word(part)
                if not word or word in _STOP_WORDS or word == "remote":
                    break
                separator = parts[index - 1] if index else ""
                if separator.strip() in ("and", "&") and not joins_and:
                    break
                if (
                    "," in separator
                    and not role_before
                    and not any(later.strip() in {"or", "nor", "and", "&", "/"} for later in parts[index + 1 :: 2])
                ):
                    break
                if "," in separator and _bare_place(part):
                    break
                taken.append(word)
                at += len(part)
                end = at
            if not taken:
                return match.group(0)
            self._exclude_words(taken)
            return BAR + items[end:]

        self.text = _EXCLUSION.sub(exclusion, self.text)

    def _exclude_words(self, words: list[str]) -> None:
        """Excluded words, but "FAANG" is the companies it stands for ("no FAANG", "exclude FAANG")."""
        for word in dict.fromkeys(words):
            group = _COMPANY_GROUPS.get(word)
            if group:
                self.exclude_companies.extend(name for name in group if name not in self.exclude_companies)
            elif word not in self.exclude:
                self.exclude.append(word)

    def _freshness(self) -> None:
        """ "posted this week" → 7, "in the last 3 days" → 3, "new today"/"today" → 1 (the last
        24 hours, whatever the hour in UTC), "yesterday" → 2, "fresh" → FRESH_DAYS; the first one read wins."""

        def span(match: re.Match[str]) -> bool:
            groups = match.groupdict()
            count_text = next((groups[name] for name in ("count", "count2", "count3", "count4") if groups[name]), "1")
            unit = next((groups[name] for name in ("unit", "unit2", "unit3", "unit4") if groups[name]), "day")
            count = int(count_text) if count_text.isdigit() else _NUMBER_WORDS[count_text]
            if unit.startswith(("hour", "hr")) or unit == "h":
                days = max(math.ceil(count / 24), 1)  # "the last 48 hours": two days
            else:
                days = count * _UNIT_DAYS["day" if unit == "d" else unit.rstrip("s")]
            return self._fresh(days, match.group(0))

        def words(match: re.Match[str]) -> bool:
            when = " ".join((match.group("when") or "").split())
            if match.group("fresh"):
                return self._fresh(FRESH_DAYS, match.group(0))
            days = {"this week": 7, "this month": 30, "today": 1, "yesterday": 2}.get(when, 1)
            return self._fresh(days, match.group(0))

        self._cut(_FRESH_SPAN, span)
        self._cut(_FRESH_WORDS, words)

    def _fresh(self, days: int, text: str) -> bool:
        if self.posted_within is None:
            self.posted_within = min(days, MAX_DAYS)
        else:
            self.notes.append(f'"{text.strip()}" was ignored: only the first time window is used.')
        return True

    def _work_modes(self) -> None:
        def either(match: re.Match[str]) -> bool:
            self.notes.append(
                f'"{match.group(0)}": any of these work modes will do, and a work mode is not a filter Watchtower '
                "has; no remote filter was set."
            )
            return True

        if "remote" in self.text or "wfh" in self.text:
            self._cut(_REMOTE_OR_MODE, either)

            def allowed_from(match: re.Match[str]) -> bool:
                accepted = _read_places(match.group("place"))
                if not accepted or "remote" in accepted:
                    return False
                self.locations.extend(place for place in accepted if place not in self.locations)
                self.notes.append(
                    f'"{match.group(0).strip()}": remote work is allowed, not asked for; the place is a location '
                    "(it finds remote jobs workable from there too), and no remote filter was set."
                )
                return True

            self._cut(_REMOTE_PLACE_OK, allowed_from)

        def mode(match: re.Match[str]) -> bool:
            self.notes.append(f'"{match.group(0).strip()}" is not a filter Watchtower has; it was ignored.')
            return True

        days = "week" in self.text or "wk" in self.text or "office" in self.text
        self._cut(_WORK_MODE_OR_DAYS if days else _WORK_MODE, mode)

    def _remote_from(self) -> None:
        def anywhere(match: re.Match[str]) -> bool:
            if places.WORLDWIDE not in self.remote_from:
                self.remote_from.append(places.WORLDWIDE)
            return True

        self._cut(_REMOTE_ANYWHERE, anywhere)
        position = 0
        while True:
            match = _REMOTE_FROM.search(self.text, position)
            if match is None:
                break
            end = _place_end(self.text, match.end())
            words = self.text[match.end() : end].split()
            for size in range(len(words), 0, -1):
                accepted = _read_places(" ".join(words[:size]))
                if accepted and all(places.remote_from_keys(place) for place in accepted):
                    self.remote_from.extend(place for place in accepted if place not in self.remote_from)
                    cut_end = self._words_end(match, words[:size])
                    self.text = self.text[: match.start()] + BAR + self.text[cut_end:]
                    position = match.start() + len(BAR)
                    break
            else:
                position = match.end()
                if self._unknown_place(words, match):
                    position = match.start() + len(BAR)
        self._remote_next_to_place()

    def _unknown_place(self, words: list[str], match: re.Match[str]) -> bool:
        """ "remote jobs I can do from Narnia": a name where a place must stand that Watchtower does
        not know is said in a note and cut, never left to become a keyword that matches nothing.
        Only a short phrase of non-grammar words ("from companies in …" is left); "from home" is cut
        and read as remote work."""
        if words[:1] == ["home"]:
            words = words[:1]  # "work from home", "remote jobs from home": remote work, nothing more
            self.remote_only = True
        elif not 1 <= len(words) <= 3 or any(word in _STOP_WORDS or word in _NOT_FROM_PLACES for word in words):
            return False
        if not all(word.isalpha() for word in words):
            return False
        phrase = " ".join(words)
        if phrase != "home":
            self.notes.append(
                f'"{phrase}" was not recognised as a place remote work can be allowed from; it was ignored (not '
                "read as a keyword). Pass `remote_from` to set one."
            )
        self.text = self.text[: match.start()] + BAR + self.text[self._words_end(match, words) :]
        return True

    def _words_end(self, match: re.Match[str], words: list[str]) -> int:
        """Where `words` (split from the text after `match`) end in the text, whatever spaces stand
        between them."""
        consumed = re.match(r"\s*" + r"\s+".join(re.escape(word) for word in words), self.text[match.end() :])
        return match.end() + (consumed.end() if consumed else 0)

    def _remote_next_to_place(self) -> None:
        """ "remote Europe", "remote (US or Canada)", "US remote", "remote-UK": a country or zone
        written next to "remote" is where the remote work must be allowed from. Only countries and
        zones (scope codes such as "US", "EMEA"): a city or state next to "remote" ("remote phoenix
        developer") may be a word of the role, and stays what the later passes make of it."""
        position = 0
        while True:
            match = _REMOTE_NEXT.search(self.text, position)
            if match is None:
                break
            end = _place_end(self.text, match.end())
            words = self.text[match.end() : end].split()
            if any(word.rstrip(",.").endswith("-based") for word in words):
                position = match.end()  # "remote-first, US-based": read as a place by `_places`
                continue
            for index, word in enumerate(words):
                if word.rstrip(",") == "only":
                    words = words[:index]  # "remote US only", "remote, US only, no agencies"
                    break
            if words and (words[0] in _NOT_PLACE_START or (words[0] in _STOP_WORDS and words[0] not in _SHORT_PLACES)):
                position = match.end()  # "remote within Europe" is read by `_places`, "remote and …" names no place
                continue
            for size in range(min(len(words), 4), 0, -1):
                accepted = _read_places(" ".join(words[:size]))
                if accepted and _countries_or_zones(accepted):
                    self.remote_from.extend(place for place in accepted if place not in self.remote_from)
                    cut_end = self._words_end(match, words[:size])
                    if self.text[cut_end : cut_end + 2].strip().startswith(")"):
                        cut_end = self.text.index(")", cut_end) + 1
                    self.text = self.text[: match.start()] + BAR + self.text[cut_end:]
                    position = match.start() + len(BAR)
                    break
            else:
                position = match.end()
        for match in reversed(list(_NEXT_TO_REMOTE.finditer(self.text))):
            accepted = _read_places(match.group("place"))
            if accepted and _countries_or_zones(accepted):
                self.remote_from.extend(place for place in accepted if place not in self.remote_from)
                self.text = self.text[: match.start("place")] + BAR + self.text[match.end() :]

    def _places(self) -> None:
        position = 0
        while True:
            match = _PLACE_INTRO.search(self.text, position)
            if match is None:
                break
            end = _place_end(self.text, match.end())
            words = self.text[match.end() : end].split()
            accepted: list[str] | None = None
            used = 0
            # Pay in another currency than the dollar says the query is about a place abroad: "in DE,
            # €70k" is Germany (a code that is both a US state and a country is otherwise the state).
            abroad = self.currency not in (None, "USD")
            for size in range(len(words), 0, -1):
                accepted = _read_places(" ".join(words[:size]), codes=self.capital_codes, abroad=abroad)
                if accepted is not None:
                    used = size
                    break
            if accepted is None:
                accepted, used = self._misspelt_place(words)
            if accepted is None:
                phrase = " ".join(words)
                if phrase and any(ch.isalnum() for ch in phrase):
                    self.notes.append(
                        f'"{match.group(0).strip()} {phrase}" was not recognised as a place; its words were read '
                        "as role words. Pass `locations` to set a place."
                    )
                position = match.end()
                continue
            consumed = re.match(
                r"\s*" + r"\s+".join(re.escape(word) for word in words[:used]), self.text[match.end() :]
            )
            cut_end = match.end() + (consumed.end() if consumed else 0)
            # "in Toronto, ON": a qualifier that is also a place-ending word ("on", "in") narrows the
            # place when written in capitals and the two are one place.
            comma = "" if self.text[:cut_end].endswith(",") else ","
            qualifier = re.compile(rf"\s*{comma}\s*([a-z]{{2}})\b").match(self.text, cut_end)
            if qualifier and qualifier.group(1) in self.capital_codes and accepted:
                narrowed = f"{accepted[-1]}, {qualifier.group(1)}"
                if _read_places(narrowed) == [narrowed] and len(places.resolve(narrowed)) == 1:
                    accepted[-1] = narrowed
                    cut_end = qualifier.end()
            for place in accepted:
                if place not in self.locations:
                    self.locations.append(place)
            self._note_larger_places(" ".join(words[:used]), accepted)
            self._note_code_readings(words[:used], accepted)
            self.text = self.text[: match.start()] + BAR + self.text[cut_end:]
            position = match.start() + len(BAR)

        def based(match: re.Match[str]) -> bool:
            accepted = _read_places(match.group("place"))
            if accepted is None:
                return False
            self.locations.extend(place for place in accepted if place not in self.locations)
            return True

        self._cut(_BASED, based)
        if self.locations == ["remote"]:
            self.locations = []
            self.remote_only = True
        if len(self.locations) > MAX_TERMS:
            self.notes.append(f"Only the first {MAX_TERMS} locations were kept.")
            self.locations = self.locations[:MAX_TERMS]

    def _misspelt_place(self, words: list[str]) -> tuple[list[str] | None, int]:
        """ "in Seatle", "in San Fransisco": the first one or two words after "in", one letter from
        the name of a city of `_TYPO_MIN_POPULATION` people or more, are that city (noted). Never a
        word that is a field ("in sales" is no Salé)."""
        for size in (2, 1):
            phrase = " ".join(word.strip(",.") for word in words[:size])
            if len(words) < size or not phrase.replace(" ", "").isalpha():
                continue
            if any(word in _NOT_BARE_PLACES or word in _STOP_WORDS for word in phrase.split()):
                continue
            corrected = places.city_spelled_like(phrase, min_population=_TYPO_MIN_POPULATION)
            if corrected:
                self.notes.append(
                    f'"{phrase}" was read as the place "{corrected}", one letter away; pass `locations` if that is '
                    "not what was meant."
                )
                return [corrected], size
        return None, 0

    def _note_code_readings(self, words: list[str], accepted: list[str]) -> None:
        """ "in DE": a code that is both a US state and a large country (Germany, Canada; not New
        Caledonia, "NC"), said in a note with the reading not taken, so the agent can pass it."""
        for word in words:
            code = word.strip(",.")
            if code not in self.capital_codes:
                continue
            state = places.region_named_by_code(code)
            country = places.country_named_by_code(code, min_population=_NOTED_COUNTRY_POPULATION)
            if state is None or country is None or state == country:
                continue
            taken, other = (state, country) if state in accepted else (country, state)
            if taken in accepted:
                self.notes.append(
                    f'"{code.upper()}" was read as "{taken}"; it is also the code of {other.title()}: pass '
                    f'`locations: ["{other}"]` for that.'
                )

    def _note_larger_places(self, read: str, accepted: list[str]) -> None:
        """ "Northern Virginia" read as "virginia": said in a note."""
        part = re.search(rf"\b{_PART_OF_PLACE.pattern}", read)
        if part is None:
            return
        for place in accepted:
            larger = part.group(2).startswith(place) or place == f"{part.group(2)} state"  # "upstate new york"
            if larger and not re.search(rf"\b{re.escape(part.group(0))}\b", place):
                self.notes.append(
                    f'"{part.group(0).rstrip(" ,.")}" was read as "{place}", the larger place (a part of a place '
                    "is not a filter Watchtower has)."
                )

    def _bare_places(self) -> None:
        """ "data engineer, New York, senior", "hybrid London backend", "python developer Berlin": a
        known place written without "in", either as a whole segment of its own (between commas or
        cuts) or as the first or last words of the query (past request words and "remote"). Only
        the edges and whole segments: a place word inside a role ("reading specialist") is left,
        and words that are more often role, skill or plain words than places ("Phoenix", "Spring",
        "Reading", "Nice") are never read bare (they still are after "in")."""
        text = self.text
        segments = [(m.start(), m.end()) for m in _SEGMENT.finditer(text) if any(ch.isalpha() for ch in m.group(0))]
        if not segments:
            return
        # "python developer Austin, TX": a qualifier after a comma joins the segment before it, whose
        # last words may then be its city ("data engineer, New York" leaves "New York" alone).
        # The qualifier may also be the first words of a longer segment ("San Francisco, CA
        # backend"): it joins the place before it, and the rest of the segment stays a segment.
        merged: list[tuple[int, int, bool]] = []
        for start, end in segments:
            after_comma = bool(merged) and text[merged[-1][1] : start].strip() == ","
            qualifier_end = self._leading_qualifier(text, merged[-1], start, end) if after_comma else None
            if qualifier_end is None:
                merged.append((start, end, False))
                continue
            merged[-1] = (merged[-1][0], qualifier_end, True)
            if text[qualifier_end:end].strip():
                merged.append((qualifier_end, end, False))
        found: list[tuple[int, int, list[str]]] = []
        for index, (start, end, qualified) in enumerate(merged):
            # A segment's last words are looked at when it ends the query or a comma follows it
            # ("Senior data engineer Denver or Boulder CO, Snowflake").
            first = index == 0
            last = index == len(merged) - 1 or qualified or text[end:].lstrip().startswith(",")
            # "NYC or | …" (the alternative after "or" was read already): the conjunction is no place word.
            segment = text[start:end]
            if " or" in segment or " and" in segment or "or " in segment or "and " in segment:
                segment = _DANGLING_CONJUNCTION.sub("", segment)
            accepted = _bare_place(segment)
            if accepted:
                found.append((start, end, accepted))
            elif first or last:
                words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text[start:end])]
                words = [(start + a, start + b) for a, b in words]
                edges = []
                if first:
                    edges.append(_edge_place(text, words, leading=True))
                if last:
                    edges.append(_edge_place(text, words, leading=False))
                for edge in edges:
                    if edge and not any(edge[0] < b and a < edge[1] for a, b, _ in found):
                        found.append(edge)
        # "… contact us": "us" written bare is the country only in capitals ("US", "U.S.").
        found = [item for item in found if self.capital_us or not re.match(r"u\.?s\b", item[2][0])]
        for start, end, accepted in sorted(found):
            self._note_larger_places(text[start:end], accepted)
            self.locations.extend(place for place in accepted if place not in self.locations)
        for start, end, _accepted in sorted(found, reverse=True):
            self.text = self.text[:start] + BAR + self.text[end:]
        if self.locations == ["remote"]:
            self.locations = []
            self.remote_only = True
        if len(self.locations) > MAX_TERMS:
            self.notes.append(f"Only the first {MAX_TERMS} locations were kept.")
            self.locations = self.locations[:MAX_TERMS]

    def _leading_qualifier(self, text: str, previous: tuple[int, int, bool], start: int, end: int) -> int | None:
        """Where a qualifier that opens the segment `text[start:end]` ends, when it narrows a place
        that ends the segment before it: the whole segment ("Austin, TX"), or its first one or two
        words when the place before takes them ("San Francisco, CA backend", "London, Ontario
        python"). A grammar word ("or", "in", "me") is a qualifier there only in capitals ("Portland,
        OR backend"), and the place with its qualifier must be one known place ("London, IT
        support" names London and Italy: IT is a role word there)."""
        if places.is_qualifier(text[start:end].strip()):
            return end
        words = list(re.finditer(r"\S+", text[start:end]))
        before = re.findall(r"\S+", text[previous[0] : previous[1]])[-4:]
        for size in (2, 1):
            if len(words) <= size:
                continue
            qualifier = " ".join(word.group(0) for word in words[:size])
            if not places.is_qualifier(qualifier):
                continue
            if size == 1 and qualifier in _STOP_WORDS and not re.search(rf"\b{qualifier.upper()}\b", self.original):
                continue
            for count in range(len(before), 0, -1):
                candidate = f"{' '.join(before[-count:])}, {qualifier}"
                # One place, narrowed: "London, IT support" is London and Italy, so IT is no qualifier.
                if _bare_place(candidate) and len(places.resolve(candidate)) == 1:
                    return start + words[size - 1].end()
        return None

    def _remote(self) -> None:
        def remote(match: re.Match[str]) -> bool:
            self.remote_only = True
            return True

        self._cut(_REMOTE, remote)
        if self.remote_only and "remote" in self.locations:
            # "remote jobs in Austin or remote": remote is required anyway.
            self.locations.remove("remote")
        if (
            self.remote_only
            and self.locations
            and not self.remote_from
            and all(places.remote_from_keys(place) for place in self.locations)
        ):
            # "remote jobs in the US", "remote in Europe": where the remote work must be allowed from.
            # Only places the remote_from filter knows move there; any other text stays a location
            # filter on remote jobs, as it was before remote_from existed.
            self.remote_from, self.locations = self.locations, []
        if self.remote_from and self.locations:
            # "in New York or remote US", "Lagos or Nairobi, remote Africa": a job must be in one of
            # the places or remote from the area, not both; a location "remote <area>" finds the
            # remote jobs workable from the area (docs/queries.md, Places).
            areas = [f"remote {place}" for place in self.remote_from]
            self.notes.append(
                "The places and the remote area were read as alternatives: a job in "
                + " or ".join(f'"{place}"' for place in self.locations)
                + ", or remote from "
                + " or ".join(f'"{place}"' for place in self.remote_from)
                + "."
            )
            self.locations = [*self.locations, *(area for area in areas if area not in self.locations)][:MAX_TERMS]
            self.remote_from = []
        if self.remote_from:
            self.remote_only = False  # implied: remote_from selects remote jobs only
            self.remote_from = self.remote_from[:MAX_TERMS]

    def _levels(self) -> None:
        def and_above(match: re.Match[str]) -> bool:
            lowest = _LADDER_WORDS[re.sub(r"[\s.-]+", " ", match.group("level")).strip()]
            for level in _LADDER[_LADDER.index(lowest) :]:
                if level not in self.seniority:
                    self.seniority.append(level)
            return True

        if any(word in self.text for word in ("+", "above", "higher", " up", "plus", "more senior")):
            self._cut(_LEVEL_AND_ABOVE, and_above)
        for level, pattern in _LEVELS:
            if pattern.search(self.text):
                self.text = pattern.sub(BAR, self.text)
                if level not in self.seniority:
                    self.seniority.append(level)

    def _roles(self) -> None:
        noted = len(self.notes)
        self._role_reading()
        if self.clearances:
            self._add_clearances(noted)

    def _add_clearances(self, noted: int) -> None:
        """A clearance is a specific role word: with one other specific word both are needed
        (`all_keywords`), beside a choice of words it is needed too, and beside only generic words
        ("TS/SCI software engineer") it is the keyword, the generic words dropped as usual."""
        if self.all_keywords or (self.keywords and len(self.keywords) > 1):
            self.all_keywords = self._capped([*self.all_keywords, *self.clearances], "all_keywords")
            return
        if self.keywords and any(word not in _GENERIC for word in self.keywords[0].split()):
            self.all_keywords = self._capped([*self.keywords, *self.clearances], "all_keywords")
            self.keywords = []
            return
        generic = self.keywords[0].split() if self.keywords else []
        del self.notes[noted:]  # "software engineer" alone was no generic word dropped; now it is
        if len(self.clearances) == 1:
            self.keywords = list(self.clearances)
        else:
            self.all_keywords = self._capped(self.clearances, "all_keywords")
            self.keywords = []
        self._note_generic(generic)

    def _role_reading(self) -> None:
        text = self.text
        if " / " in text:
            skills = _SKILLS_AFTER_ROLE.search(text)
            if skills and self._choice_beside_words(text, *skills.span("choice"), skills.group("choice")):
                return
        any_of = bool(re.search(r"\bor\b|/", text.replace("|", " ")))
        if any_of and "(" in text and self._bracketed_alternatives(text):
            return
        if any_of and self._segment_alternatives(text):
            return
        if any_of:
            phrases: list[str] = []
            dropped: list[str] = []
            for piece in re.split(r"\bor\b|/|\|", text):
                words = self._role_words(piece)
                specific = [word for word in words if word not in _GENERIC]
                dropped.extend(word for word in words if word in _GENERIC and specific)
                phrase = " ".join(specific or words)
                if phrase and phrase not in phrases:
                    phrases.append(phrase)
            self.keywords = self._capped(phrases, "keywords")
            self._note_generic(dropped)
            return
        words = self._role_words(text)
        specific = list(dict.fromkeys(word for word in words if word not in _GENERIC))
        generic = list(dict.fromkeys(word for word in words if word in _GENERIC))
        if not specific:
            if generic:
                self.keywords = self._capped([" ".join(generic)], "keywords")
        elif len(specific) == 1:
            self.keywords = [specific[0]]
            self._note_generic(generic)
        else:
            self.all_keywords = self._capped(specific, "all_keywords")
            self._note_generic(generic)

    def _bracketed_alternatives(self, text: str) -> bool:
        """ "backend engineer (Go or Rust)", "frontend dev (React/TypeScript)": the alternatives in
        brackets are `keywords` (any of them), the role words outside them `all_keywords` (each of
        them). Only when the brackets hold the query's one choice and a specific word stands
        outside them; False leaves the text to the usual reading."""
        group = _BRACKETED_CHOICE.search(text)
        if group is None:
            return False
        return self._choice_beside_words(text, group.start(), group.end(), group.group(1))

    def _segment_alternatives(self, text: str) -> bool:
        """ "Junior UI/UX designer" (words joined by a slash) and "Senior Data Engineer, Snowflake
        or dbt" (a choice that is a segment of its own, between commas, dashes or cuts): read like
        a choice in brackets."""
        # "Junior UI/UX designer", "AI/ML research intern": words joined by a slash without spaces
        # are the choice, when they are the query's only one.
        tight = list(_TIGHT_SLASH.finditer(text))
        if (
            len(tight) == 1
            and not re.search(r"\bor\b|/", text[: tight[0].start()] + text[tight[0].end() :])
            and self._choice_beside_words(text, tight[0].start(), tight[0].end(), tight[0].group(0))
        ):
            return True
        found = [m for m in _SEGMENT_TEXT.finditer(text) if re.search(r"\bor\b|/", m.group(0))]
        if len(found) != 1:
            return False
        return self._choice_beside_words(text, found[0].start(), found[0].end(), found[0].group(0))

    def _choice_beside_words(self, text: str, start: int, end: int, inner: str) -> bool:
        """The alternatives of `inner` (at text[start:end]) as `keywords`, the specific role words
        outside it as `all_keywords`; False (notes undone) when either side is empty. Only generic
        words outside ("Software Engineer IV, …, Java/Spring") are dropped beside a choice of
        specific words: the choice is the role."""
        outside = text[:start] + BAR + text[end:]
        if re.search(r"\bor\b|/", outside.replace("|", " ")):
            return False
        noted = len(self.notes)
        words = self._role_words(outside)
        specific = [word for word in dict.fromkeys(words) if word not in _GENERIC]
        if not words:
            del self.notes[noted:]  # the usual reading notes them again
            return False
        choices: list[str] = []
        for piece in re.split(r"\bor\b|/", inner):
            phrase = " ".join(word for word in self._role_words(piece))
            if phrase and phrase not in choices:
                choices.append(phrase)
        if len(choices) < 2 or (not specific and any(set(choice.split()) <= _GENERIC for choice in choices)):
            del self.notes[noted:]
            return False
        self.keywords = self._capped(choices, "keywords")
        self.all_keywords = self._capped(specific, "all_keywords")
        self._note_generic([word for word in words if word in _GENERIC])
        return True

    def _role_words(self, text: str) -> list[str]:
        found: list[str] = []
        for raw in _WORD.findall(text):
            word = _role_word(raw)
            if not word or word in _STOP_WORDS:
                continue
            if word in _NEGATIONS:
                # What it negated was read (or was no word at all): a keyword "not" matches nothing wanted.
                self.notes.append(
                    f'"{raw}" was not understood (it negates nothing the reader could read); it was ignored.'
                )
                continue
            if not any(ch.isalpha() for ch in word):
                self.notes.append(f'"{raw}" was not understood; it was ignored.')
                continue
            if len(word) > MAX_TERM_LENGTH:
                self.notes.append(f'"{word[:40]}…" is too long to be a keyword; it was ignored.')
                continue
            generic = _misspelt_generic(word)
            if generic:
                self.notes.append(f'"{raw}" was read as "{generic}".')
                word = generic
            found.append(word)
        return found

    def _capped(self, items: list[str], name: str) -> list[str]:
        unique = [item for item in dict.fromkeys(items) if len(item) <= MAX_TERM_LENGTH]
        if len(unique) > MAX_TERMS:
            self.notes.append(f"Only the first {MAX_TERMS} {name} were kept.")
        return unique[:MAX_TERMS]

    def _note_generic(self, dropped: list[str]) -> None:
        unique = list(dict.fromkeys(dropped))
        if unique:
            listed = ", ".join(f'"{word}"' for word in unique)
            self.notes.append(f"{listed} dropped as too general next to a more specific role word.")


# Generic role words long enough that one letter off is a typo, not another word ("sofware",
# "enginer", "devloper"); a keyword with the typo would match no title.
_TYPO_GENERIC = tuple(word for word in _GENERIC if len(word) >= 7)


@functools.lru_cache(maxsize=2048)
def _misspelt_generic(word: str) -> str | None:
    """The generic role word `word` is one edit from (a letter left out, added, changed, or two
    swapped), or None."""
    if len(word) < 6 or word in _GENERIC or not word.isalpha():
        return None
    for generic in _TYPO_GENERIC:
        if places.one_edit(word, generic):
            return generic
    return None


def _employment_kind(word: str) -> str:
    folded = " ".join(word.replace("-", " ").split())
    for kind, pattern in _EMPLOYMENT_KINDS:
        if pattern.fullmatch(folded):
            return kind
    return "contract"


def _company_list_place(part: str) -> list[str] | None:
    """The places a name after a comma in a company list stands for ("at Netflix, Los Gatos"):
    a place as written bare, or a known town of two words or more at any size (a company is
    rarely named like one)."""
    name = part.strip(" .'\"")
    accepted = _bare_place(name)
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
        group = _COMPANY_GROUPS.get(re.sub(r"\s+(?:companies|company|firms)$", "", name))
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


def _count(text: str) -> float:
    return float(NUMBER_WORDS[text]) if text in NUMBER_WORDS else float(text)


def _plain(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _role_word(raw: str) -> str:
    """A query word as a term: possessive and edge punctuation removed (a leading "." kept for
    ".net"), singular; "" when nothing usable is left."""
    word = re.sub(r"['’]s$", "", raw.lower())
    leading_dot = word.startswith(".") and not word.startswith("..")
    word = word.strip(".'’-&")
    if leading_dot and word:
        word = "." + word
    if not word or not terms.term_key(word):
        return ""
    word = _SPELLINGS.get(word, word)
    if not word.isalpha():
        return word
    single = terms.singular(word)
    # Shown singular only when that is the same term: "engineers" → "engineer", but "postgres"
    # (= postgresql) is not "postgre".
    return single if single == word or terms.term_key(single) == terms.term_key(word) else word


# Short spellings of a role word, read as the word ("staff eng" is a staff engineer).
_SPELLINGS = {"eng": "engineer", "engs": "engineer", "engr": "engineer", "engrs": "engineer"}


def _countries_or_zones(accepted: list[str]) -> bool:
    """Whether every place names a country, a zone, the world or a named group of states (not a
    town or one state)."""
    for place in accepted:
        codes = places.remote_scope_of_phrase(place)
        if len(codes) > 1 and all("-" in code for code in codes):
            continue  # a named group of states ("East Coast", "PNW") is no word of a role either
        if not codes or not all(
            code == places.WORLDWIDE or code in places.ZONE_CODES.values() or "-" not in code for code in codes
        ):
            return False
        if not all(places.remote_from_keys(place) for place in accepted):
            return False
    return True


# Words that do not start a place next to "remote" (the resolver reads past them: "within europe").
_NOT_PLACE_START = frozenset({"within", "across", "throughout", "around", "near", "anywhere", "everywhere", "first"})
# Words after "remote … from" that are not places and need no note: "work from home".
_NOT_FROM_PLACES = frozenset({"home", "anywhere", "companies", "company", "startups", "startup", "office", "abroad"})


# Segments of a query a place may stand alone in: between cuts, commas and brackets.
_SEGMENT = re.compile(r"[^|,;()\[\]\"!?]+")
# Words skipped at the edges of a query when looking for a place there: "find London jobs",
# "remote Berlin backend", "backend roles London".
_EDGE_SKIP = _STOP_WORDS | {
    "remote",
    "remotely",
    "remoto",
    "remota",
    "fully",
    "wfh",
    "remote-first",
    "remote-only",
    "jobs",
    "roles",
}
# Place names that, written without "in", are more often a role, a skill or a plain word: "Phoenix"
# (the Elixir framework), "Spring", "Aurora", "Reading", "Nice", "Split", "Mobile", "Orange"…
# "in Reading" is still the town. Words beside remote that only name a scope are left to `_remote`.
_NOT_BARE_PLACES_TEXT = """
phoenix spring aurora ajax orion jupiter vista concord delta date most nice reading split orange bath sale hull
union paramount sunrise highland hub metro mission temple surprise independence liberty hope valence ventas toyota
allen aba san normal global international distributed worldwide anywhere world remote remotely telecommute
"""
_NOT_BARE_PLACES = frozenset(_NOT_BARE_PLACES_TEXT.split()) | _FIELDS_NOT_PLACES | {"perm"}
# Grammar words that may be part of a place written bare ("New York", "Bay Area", "United States
# of America", "US"); any other grammar word means the phrase is not a place ("is fully").
_PLACE_STOP_WORDS = frozenset({"new", "area", "of", "us", "time", "am"})  # "Frankfurt am Main"
_SHORT_BARE_PLACES = frozenset({"nyc", "usa", "uae"})
_WITH_ABBREVIATION = re.compile(r"(?<![\w/])w/(o\b)?\s*")
_DANGLING_CONJUNCTION = re.compile(r"^\s*(?:or|and)\s+|(?<!,)\s+(?:or|and)\s*$")  # not "Portland, OR"
_HYPHEN_ONLY = re.compile(r"(?<=[a-z])-only\b")


def _bare_place(phrase: str) -> list[str] | None:
    """The places a phrase written without "in" names, or None: as `_read_places`, but every
    place must be more than a word that is also a place ("Reading") and not only "remote"."""
    phrase = phrase.strip(" ,.-")
    if phrase.endswith(" only"):
        phrase = phrase[: -len(" only")]  # "US only", "US-only": the place
    accepted = _read_places(phrase)
    if not accepted or accepted == ["remote"]:
        return None
    for alternative in _PLACE_SPLIT.split(phrase):
        folded = alternative.strip(" ,.")
        if folded in {"remote", "remote only", "fully remote"}:
            continue  # "New York or remote"
        if not folded or folded in _NOT_BARE_PLACES or not all(ch.isalpha() or ch in " .,'’-" for ch in folded):
            return None  # "ms +", "id:", "us$": symbols are not place names
        head = folded.split(",")[0].replace(".", "").strip()
        words = [word for word in re.split(r"[\s-]+", head) if word]
        if any(word in _STOP_WORDS and word not in _PLACE_STOP_WORDS for word in words):
            return None  # "is fully", "be based in", "the us only": grammar, not a place ("Portland, OR" is)
        named = [word for word in head.split() if len(word) >= 3 and word not in _STOP_WORDS]
        if (
            head not in _SHORT_PLACES
            and head not in _SHORT_BARE_PLACES
            and (not named or len(head) <= 3)
            and not places.is_nickname(head)
        ):
            return None  # "b.v", "s.a", "swe" (a country code): no place name of its own
        if _REMOTE.search(folded):
            return None  # "remote london", "remote-first": "remote" is read by `_remote`, a place beside it alone
    return accepted


def _edge_place(text: str, words: list[tuple[int, int]], *, leading: bool) -> tuple[int, int, list[str]] | None:
    """A place among the first (or last) words of a segment, past request words and "remote":
    the longest of up to four words."""
    order = range(len(words)) if leading else range(len(words) - 1, -1, -1)
    for at in order:
        for size in range(min(4, len(words)), 0, -1):
            span = words[at : at + size] if leading else words[max(at - size + 1, 0) : at + 1]
            if len(span) < size:
                continue
            accepted = _bare_place(text[span[0][0] : span[-1][1]])
            if (
                accepted
                and not _slash_beside(text, span[0][0], span[-1][1])
                and not _numbered_title(text, span[0][0], span[-1][1])
            ):
                return span[0][0], span[-1][1], accepted
        word = text[words[at][0] : words[at][1]].strip(".'’")
        if _role_word(word) not in _EDGE_SKIP and word not in _EDGE_SKIP and not word.isdigit():
            return None  # a request word, "remote" or a bare number ("UK 2026") may stand past the place
    return None


# A title's or version's number right after a word: "GTA 6", "GTA V", "GTA IV" (a game, not the
# Greater Toronto Area). One or two digits or a Roman numeral (not "i"), not followed by a unit or
# "+" ("NYC 2 days a week" keeps the place; a year such as "UK 2026" has four digits).
_TITLE_NUMBER = re.compile(
    r"\s+(?:\d{1,2}|x{0,2}(?:ix|iv|v|v?i{1,3})(?<!\si)|x{1,2})(?![\w+%.,/'’-])"
    r"(?!\s*(?:\+|%|days?|weeks?|wks?|months?|mos?|years?|yrs?|hours?|hrs?|h|d|x)\b)"
)


def _monthly_by_amount(value: float, currency: str | None) -> bool:
    """Whether pay stated with no period is monthly by its size in its currency: below a yearly
    salary's lower bound there (boards/derive/money.py BOUNDS, scaled per currency) but a
    believable month's pay. Polish, South African and Latin American pay is mostly stated by the
    month ("18k PLN", "R75k"); "€60k" or "PLN 240k" stay yearly. Only with a currency: "8k" alone
    says nothing of its scale."""
    if currency is None:
        return False
    scale = money.scale_of(currency)
    return money.BOUNDS["month"][0] * scale <= value < money.BOUNDS["year"][0] * scale


def _numbered_title(text: str, start: int, end: int) -> bool:
    """Whether the words at text[start:end] are a short abbreviation ("GTA", "SF": at most three
    letters) with a title's or version's number right after it: "GTA 6 game developer" names the
    game. A place so written is rarely numbered ("jobs in the GTA", "GTA, remote" are the place)."""
    word = text[start:end]
    return len(word) <= 3 and word.isalpha() and _TITLE_NUMBER.match(text, end) is not None


def _slash_beside(text: str, start: int, end: int) -> bool:
    """Whether a slash joins the words at text[start:end] to a word beside them: "Selenium /
    Cypress" is a choice of tools, and a place there only one side of it ("SF/NYC" is read whole)."""
    return text[:start].rstrip().endswith("/") or text[end:].lstrip().startswith("/")


def _place_end(text: str, start: int) -> int:
    found = _PLACE_END.search(text, start)
    return found.start() if found else len(text)


def _read_places(phrase: str, *, codes: frozenset[str] = frozenset(), abroad: bool = False) -> list[str] | None:
    """The locations a place phrase names ("austin, tx or remote" → ["austin, tx", "remote"]),
    or None when any part of it is not a known place. A state or province code among `codes`
    (written in capitals: "in NC") is read as its name, and two places joined by a hyphen as both
    ("Kitchener-Waterloo"). "St."/"Ft."/"Mt." need nothing here: the resolver finds either spelling
    of an honorific ("Port St. Lucie")."""
    phrase = phrase.strip(" ,.")
    if not phrase:
        return None
    result: list[str] = []
    alternatives = _PLACE_SPLIT.split(phrase)
    for alternative in alternatives:
        alternative = alternative.removeprefix("the ")  # "in Ireland or the UK"
        parts = [part.strip() for part in alternative.split(",") if part.strip()]
        if not parts:
            return None
        merged: list[str] = []
        for part in parts:
            if merged and places.is_qualifier(part):
                merged[-1] = f"{merged[-1]}, {part}"
            else:
                merged.append(part)
        for item in merged:
            if item in {"remote", "remote only", "fully remote"}:
                if len(merged) > 1:
                    return None  # "in Europe, fully remote": remote there, read by `_remote`, not a place beside it
                result.append("remote")
                continue
            if item in codes and item not in _SHORT_PLACES:
                region = places.region_named_by_code(item)
                country = places.country_named_by_code(item)
                if region and country and (abroad or _abroad_beside(alternatives, item, codes)):
                    region = country  # "in DE or NL", "in DE, €70k": Germany, not Delaware
                if region:
                    result.append(region)
                    continue
            if len(item) > MAX_TERM_LENGTH or (len(item) <= 2 and item not in _SHORT_PLACES):
                return None
            if item in _FIELDS_NOT_PLACES:
                return None
            found = _known_place(item)
            if found is None:
                return None
            result.extend(found)
    return result


# A misspelt place after "in" is read as a city one letter away only when the city is this large.
_TYPO_MIN_POPULATION = 250_000
# A country this large is worth a note when its code was read as a US state ("DE", "CA", "CO").
_NOTED_COUNTRY_POPULATION = 10_000_000


def _abroad_beside(alternatives: list[str], code: str, codes: frozenset[str]) -> bool:
    """Whether another alternative of a place phrase is a country abroad ("in DE or NL", "in DE
    or Austria"): then a code that is both a US state and a country is the country."""
    for alternative in alternatives:
        item = alternative.strip(" ,.").removeprefix("the ")
        if item == code:
            continue
        if item in codes and places.region_named_by_code(item) == places.country_named_by_code(item) is not None:
            if places.country_named_by_code(item) != "united states":
                return True  # a country's code that is no state's ("NL")
            continue
        if len(item) > 2 and any(place.country not in (None, "US") for place in places.resolve(item)):
            return True
    return False


def _known_place(item: str) -> list[str] | None:
    if places.is_place(item, min_population=_PLACE_MIN_POPULATION):
        return [item]
    part = _PART_OF_PLACE.match(item)
    if part and places.is_place(part.group(2), min_population=_PLACE_MIN_POPULATION):
        # "Central Texas", "Eastern Europe": the larger place (said in a note). A part of a city is
        # no part of a larger place, but a state of that name is: "upstate New York" is New York
        # State ("new york state"), never the city.
        if not any(place.city for place in places.resolve(part.group(2))):
            return [part.group(2)]
        state = f"{part.group(2)} state"
        if places.is_place(state):
            return [state]
    pieces = [piece.strip() for piece in re.split(r"\s*-\s*", item)] if "-" in item else []
    if len(pieces) == 2 and all(pieces):
        found = [_known_place(piece) for piece in pieces]
        if all(found):
            return [place for each in found if each for place in each]
    return None
