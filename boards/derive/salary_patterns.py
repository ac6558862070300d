"""The vocabulary and patterns of pay in posting text: currency symbols and codes, amounts,
periods, and the words that mark a figure as pay or as something else (perks, funding, counts).

Kept apart from salary.py so the rules read as data; salary.py applies them.
"""

from __future__ import annotations

import re


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


CODES = (
    "USD|EUR|GBP|CAD|AUD|NZD|SGD|HKD|INR|JPY|CHF|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BRL|MXN|ARS|CLP|COP|"
    "ZAR|CNY|RMB|KRW|TWD|PHP|IDR|THB|MYR|ILS|AED|SAR|TRY|UAH|VND|PKR|NGN|KES|EGP"
)
SYMBOL_CURRENCY: dict[str, str] = {
    "$": "USD",
    "US$": "USD",
    "CA$": "CAD",
    "C$": "CAD",
    "AU$": "AUD",
    "A$": "AUD",
    "NZ$": "NZD",
    "S$": "SGD",
    "SG$": "SGD",
    "HK$": "HKD",
    "MX$": "MXN",
    "R$": "BRL",
    "CN¥": "CNY",
    "£": "GBP",
    "€": "EUR",
    "¥": "JPY",
    "₹": "INR",
    "RS": "INR",
    "RS.": "INR",
    "₱": "PHP",
    "₩": "KRW",
    "₪": "ILS",
    "₺": "TRY",
    "₦": "NGN",
    "ZŁ": "PLN",
    "KČ": "CZK",
    "FT": "HUF",
    "RMB": "CNY",
}
# Codes are upper case only: "try", "sar" and "php" are words too. "kr" (or "Kr", "KR", "kr.") is the
# krona or krone of the posting's places (money.local_krona, `salary_of`'s `krona`), before or after the
# figure: "kr 600 000 per år", "45 000 kr/mnd", "kr. 45.000 om måneden".
PREFIX = (
    r"(?:US\$|CA\$|C\$|AU\$|A\$|NZ\$|SG\$|S\$|HK\$|MX\$|R\$|CN¥|\$|£|€|¥|₹|₱|₩|₪|₺|₦|Rs\.?|(?:kr|Kr|KR)\.?(?![A-Za-z])|(?:"
    + CODES
    + r")(?![A-Za-z]))"
)
# Comma groups (Western and Indian lakh style), dot, space or apostrophe thousands (€60.000,
# 60 000 SEK, CHF 120'000), plain.
AMOUNT = (
    r"(?:\d{1,3}(?:,\d\d)*(?:,\d{3})+(?:\.\d{1,2})?"
    r"|\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?"
    r"|\d{1,3}(?:[ \u00a0\u202f\u2009'’]\d{3})+"
    r"|\d+(?:\.\d+)?)(?![\d%])"
)
MULT = r"(?:[kK](?![A-Za-z])|\s?(?:lakhs?|lacs?|LPA|lpa|crores?)(?![A-Za-z]))"
# "$5M", "$20 million", "$1.2bn": funding and revenue, not pay (except where a salary really is
# millions of the unit, as with ₱2.2M or ¥8M; see _magnitude_ok). Not before any letter: "$30,000 más
# bono" is 30,000 and more.
MAG = r"(?:\s?(?:mm|MM|mn|Mn|mil|mio|Mio|bn|million|billion|trillion|[mMbBtT])(?![^\W\d_]))"
SEP = r"\s{0,3}(?P<sep>-{1,2}|[‐‑–—~−]|to|and|through)\s{0,3}"
SUFFIX = (
    r"(?:\s?\(?(?P<code3>" + CODES + r")\)?(?![A-Za-z])|\s?(?P<sym3>€|£|zł|Kč|Ft(?![A-Za-z])|(?:kr|Kr|KR)(?![^\W\d_])))"
)

MONEY = re.compile(
    r"(?<![\w.,$£€¥₹])"
    r"(?:(?P<c1>" + PREFIX + r")\s?)?"
    r"(?P<a1>" + AMOUNT + r")(?P<k1>" + MULT + r")?(?P<m1>" + MAG + r")?"
    r"(?:" + SEP + r"(?P<c2>" + PREFIX + r")?\s?(?P<a2>" + AMOUNT + r")(?P<k2>" + MULT + r")?(?P<m2>" + MAG + r")?)?"
    # "$100,000+" and "$100,000 +" (a spaced "+" only when nothing follows it on the clause; "$95k + bonus"
    # joins a perk).
    r"(?P<plus>\+|\s\+(?=\s*(?:$|[.,;:)\n])))?"
    r"(?:" + SUFFIX + r")?"
)

UNIT = {
    "year": "year",
    "yr": "year",
    "yrs": "year",
    "annum": "year",
    "y": "year",
    "month": "month",
    "mo": "month",
    "mth": "month",
    "mon": "month",
    "week": "week",
    "wk": "week",
    "fortnight": "two_weeks",
    "day": "day",
    "hour": "hour",
    "hr": "hour",
    "hrs": "hour",
    "h": "hour",
    # German, French and Dutch units after "pro", "par", "per", "im": "€4.200 pro Monat".
    "jahr": "year",
    "an": "year",
    "jaar": "year",
    "monat": "month",
    "mois": "month",
    "maand": "month",
    "woche": "week",
    "semaine": "week",
    "tag": "day",
    "jour": "day",
    "dag": "day",
    "stunde": "hour",
    "std": "hour",
    "heure": "hour",
    "uur": "hour",
    # Spanish and Portuguese units after "por", "al", "ao", "a la", "/": "$30,000 al mes", "$500 por día".
    "año": "year",
    "ano": "year",
    "mes": "month",
    "mês": "month",
    "semana": "week",
    "quincena": "half_month",
    "quinzena": "half_month",
    "día": "day",
    "dia": "day",
    "hora": "hour",
    # Swedish, Norwegian and Danish after "/", "per", "i", "om": "SEK 55 000 per månad", "NOK 60 000 i
    # måneden", "DKK 45.000 om måneden", "SEK 660 000 per år".
    "månad": "month",
    "månaden": "month",
    "måned": "month",
    "måneden": "month",
    "mån": "month",
    "mnd": "month",
    "år": "year",
    "året": "year",
    # Italian after "al", "all'", "per", "/": "€3.000 al mese", "45.000 € all'anno".
    "anno": "year",
    "mese": "month",
    "settimana": "week",
    "giorno": "day",
}
# Abbreviated periods written as one token: "18.50 p/hr", "22 ph", "£500 pw", "£1,800 pcm".
ABBREVIATION = {
    "p/hr": "hour",
    "p/h": "hour",
    "p.h.": "hour",
    "ph": "hour",
    "phr": "hour",
    "p/w": "week",
    "p.w.": "week",
    "pw": "week",
    "p/m": "month",
    "pcm": "month",
    "p/a": "year",
    "p/y": "year",
    "p/d": "day",
}
ADVERB = {
    "annually": "year",
    "annual": "year",
    "yearly": "year",
    "per annum": "year",
    "pa": "year",
    "p.a.": "year",
    "p.a": "year",
    "monthly": "month",
    "weekly": "week",
    "daily": "day",
    "hourly": "hour",
    # Every two weeks (money.ANNUAL_FACTOR "two_weeks") and twice a month ("half_month").
    "biweekly": "two_weeks",
    "bi-weekly": "two_weeks",
    "fortnightly": "two_weeks",
    "semimonthly": "half_month",
    "semi-monthly": "half_month",
    "jährlich": "year",
    "monatlich": "month",
    "wöchentlich": "week",
    "täglich": "day",
    "stündlich": "hour",
    "annuel": "year",
    "annuels": "year",
    "mensuel": "month",
    "mensuels": "month",
    "annuelle": "year",
    "annuelles": "year",
    "mensuelle": "month",
    "mensuelles": "month",
    # Spanish and Portuguese: "$30,000 mensuales", "$30,000 brutos mensuales", "R$ 8.000 mensais".
    "anual": "year",
    "anuales": "year",
    "anuais": "year",
    "mensual": "month",
    "mensuales": "month",
    "mensal": "month",
    "mensais": "month",
    "semanal": "week",
    "semanales": "week",
    "semanais": "week",
    # Paid twice a month (money.ANNUAL_FACTOR "half_month"): "$15,000 quincenales", "R$ 2.500 quinzenal".
    "quincenal": "half_month",
    "quincenales": "half_month",
    "quinzenal": "half_month",
    "quinzenais": "half_month",
    "diario": "day",
    "diarios": "day",
    # Italian and Dutch: "45.000 € lordi annui", "€ 3.500 per maand" (above), "€ 4.000 maandelijks".
    "annuo": "year",
    "annui": "year",
    "annua": "year",
    "annuale": "year",
    "annuali": "year",
    "mensile": "month",
    "mensili": "month",
    "settimanale": "week",
    "settimanali": "week",
    "jaarlijks": "year",
    "maandelijks": "month",
    # Norwegian and Danish, Swedish: "NOK 720 000 årlig", "DKK 45.000 månedlig".
    "årlig": "year",
    "månedlig": "month",
    "månatlig": "month",
}
# The period stated right after the figure: "/yr", "per hour", "an hour", "a month", "annually".
_PERIOD_AFTER = (
    r"(?:(?:/|\bper\b|\ba\b|\ban\b|\beach\b)\s?(?P<unit>years?|yrs?|annum|y|months?|mo|mth|mon|weeks?|wks?|fortnight|days?|hours?|hrs?|h)(?![a-z])"
    r"|(?:/|\b(?:pro|per|par|im|por|al|ao|a la|i|om)\b|\ball['’])\s?(?P<foreign>jahr|an|jaar|monat|mois|"
    r"maand|woche|semaine|tag|jour|dag|stunde|std|heure|uur|año|ano|mes|mês|semana|día|dia|hora|quincena|quinzena"
    r"|anno|mese|settimana|giorno|månaden|månad|måneden|måned|mån|mnd|året|år)(?![a-zäöüáéíóúñãêçå])"
    r"|\b(?P<adverb>annually|annual|yearly|per annum|p\.a\.?|pa|bi-?weekly|fortnightly|semi-?monthly|monthly|weekly|"
    r"daily|hourly|jährlich|monatlich|"
    r"wöchentlich|täglich|stündlich|annuel(?:le)?s?|mensuel(?:le)?s?|anual(?:es)?|anuais|mensual(?:es)?|mensal|"
    r"mensais|semanal(?:es)?|semanais|diarios?|quincenal(?:es)?|quinzena(?:l|is)|annu[oiae]|annual[ei]|mensil[ei]|"
    r"settimanal[ei]|jaarlijks|maandelijks|årlig|månedlig|månatlig)(?![a-zäöüáéíóúñãêçå])"
    r"|(?<![a-z])(?P<abbr>p/hr|p/h|p\.h\.|phr|ph|p/w|p\.w\.|pw|p/m|pcm|p/a|p/y|p/d)(?![a-z/]))"
)
PERIOD_AFTER = re.compile(_PERIOD_AFTER, re.IGNORECASE)
# The same pattern read case-sensitively, for an ASCII window lowercased first (salary._period_after):
# every letter of the pattern is lowercase and an ASCII letter folds to no other character, so it
# finds the same matches at the same places, about four times faster than IGNORECASE (2.3 against
# 9.8 µs a search on bench.derive's figures).
PERIOD_AFTER_LOWER = re.compile(_PERIOD_AFTER)
# Where a stated period may close a figure that names no currency: the figure is looked for in the
# 45 characters before it ("48,000 - 56,000 per year", "30-35 per hour", "22 ph"). Each pattern
# starts with a literal so the regex engine can skip ahead (one alternation over all of them costs
# several times as much on a long description, and so do a dozen substring searches).
_UNITS = r"(?:years?|yrs?|annum|months?|mo|mth|weeks?|wks?|fortnight|days?|hours?|hrs?|h)"
PERIOD_TRIGGERS = (
    re.compile(r"p(?<![a-z]p)(?:er\s?" + _UNITS + r"|/(?:hr|h|w|m|a|y|d)|\.a\.?|a|h|hr|w|cm|\.h\.|\.w\.)(?![a-z/])"),
    re.compile(r"/\s?" + _UNITS + r"(?![a-z])"),
    re.compile(r"a(?<![a-z]a)(?:n?\s(?:year|hour|month|week|day)|nnum)(?![a-z])"),
    re.compile(
        r"ly(?![a-z])(?:(?<=annually)|(?<=yearly)|(?<=monthly)|(?<=weekly)|(?<=daily)|(?<=hourly)|(?<=fortnightly))"
    ),
)

# What may follow a single figure on its own line and still leave it the salary line: the rest of
# the package ("$95k + bonus", "£60,000 plus 10% pension", "A$140,000 + super", "$130,000 inclusive
# of superannuation", "up to $180K package", "$90,000 (0.8 FTE)", "€70.000 zzgl. Bonus", "$160K OTE").
PACKAGE_TAIL = re.compile(
    r"\s*(?:\+|&|plus\b|m[aá]s\b|mais\b|incl(?:\.|uding\b|usive\b|\b)|inkl\b\.?|zzgl\b\.?|excl(?:\.|uding\b|usive\b|\b)|"
    r"exclusive\b|\(|ote\b|doe\b|dep\b|depending\b|base\b|basic\b|gross\b|brutto\b|net\b|package\b|fte\b|"
    r"pro[\s-]?rata\b|neg(?:otiable)?\b|total\b|tc\b|tcc\b)",
    re.IGNORECASE,
)
# A part of the package joined after the figure ("+ bono anual", "+ annual bonus", "más bono
# anual"): a period stated after it is that part's (salary._joined_period), unless the joiner stands
# right before the period and nothing after it ("$100,000 + annually").
JOINED = re.compile(r"[+&]|\b(?:plus|with|más|mas|mais|con|com)\b")
# What may stand between a figure and the next one for the two to be one range's ends (salary._nearer_figure),
# where the pattern did not join them: "R$ 9.000 a R$ 12.000", "50.000€ - 60.000€", "120,000 TO 140,000".
RANGE_ON = re.compile(
    r"\s*(?:-{1,2}|[‐‑–—~−]|to|a|bis|tot|até|ate|hasta|and|y|und|et|e)\s*(?:" + PREFIX + r")?\s*", re.IGNORECASE
)
WORD_NEXT = re.compile(r"\s*[^\W\d_]")
# A period named as a label before the figure: "Hourly rate: $25-30", "Annual base: $150k".
PERIOD_BEFORE = re.compile(
    r"\b(annual|annually|yearly|per annum|bi-?weekly|fortnightly|semi-?monthly|monthly|weekly|daily|day rate|hourly|"
    r"per hour|an hour|anual|mensual|"
    r"semanal|por hora|quincenal|quinzenal)\b"
)
LABEL_PERIOD = {
    "annual": "year",
    "annually": "year",
    "yearly": "year",
    "per annum": "year",
    "monthly": "month",
    "weekly": "week",
    "daily": "day",
    "day rate": "day",
    "hourly": "hour",
    "per hour": "hour",
    "an hour": "hour",
    "anual": "year",
    "mensual": "month",
    "semanal": "week",
    "por hora": "hour",
    "quincenal": "half_month",
    "quinzenal": "half_month",
    "biweekly": "two_weeks",
    "bi-weekly": "two_weeks",
    "fortnightly": "two_weeks",
    "semimonthly": "half_month",
    "semi-monthly": "half_month",
}
PAY_WORDS = _words(
    "salary salaries compensation pay paid paying pays base wage wages rate rates ote earn earning "
    "earnings remuneration income ctc"
)
# Words that make the nearest figure after them something other than pay: perks, funding, revenue,
# counts ("a signing bonus of $10,000", "we raised $150k").
NOT_PAY_BEFORE = _words(
    "bonus bonuses stipend stipends budget allowance credit credits grant grants signing sign relocation "
    "referral match matching funding funded raised raise revenue arr valuation series seed prize award "
    "fee fees discount off gift voucher insurance deductible tuition learning wellness gym fitness lunch bono bonos "
    "meal meals cashback diem savings customers users members employees downloads spend spent cost costs "
    "price priced deal deals quota quotas pipeline loan loans fund fine fines penalty"
)
NOT_PAY_PREFIXES = ("reimburs", "donat", "invest")
# After a figure the same words, and equity too: "$50,000 in equity" ("+ equity" is joined to pay).
NOT_PAY_AFTER = NOT_PAY_BEFORE | frozenset(["equity", "stock", "stocks", "options", "rsu", "rsus", "shares"])
NEXT_WORD = re.compile(
    r"\s*(?P<joiner>[+&,]|\bplus\b|\band\b|\bwith\b)?\s*(?:(?:in|of|worth of)\s+)?(?:annual\s+|yearly\s+)?"
    r"(?P<word>[A-Za-z][A-Za-z'-]*)"
)
# Words allowed right after a figure that names no currency: "150-180K base", "120k DOE".
BARE_ALLOWED_NEXT = _words(
    "base salary salaries gross net total ote doe dep depending plus and with per a an annually annual "
    "yearly monthly weekly daily hourly range compensation pay p pa or to usd eur gbp for year years "
    "pro prorata negotiable neg fte brutto netto inclusive including incl excluding excl package tc tcc"
)
HOURLY_NEAR = re.compile(r"hourly|per hour|an hour|/\s?hr\b|/\s?hour\b")
UP_TO = re.compile(r"\b(?:up to|upto|max(?:imum)?(?: of)?|no more than|capped at)\s*$", re.IGNORECASE)
FROM = re.compile(
    r"\b(?:from|starting(?: at| from)?|starts at|min(?:imum)?(?: of)?|at least|no less than|upwards of|over)\s*$",
    re.IGNORECASE,
)
BETWEEN = re.compile(r"\bbetween\s*$")
# A sentence ends at a newline or at one of these marks followed by a space or the window's end
# (salary._after_window; the pattern r"[.!?;](?:\s|$)|\n" costs five times its substring searches).
SENTENCE_MARKS = ".!?;"
MAX_TRIGGERS = 200
SYMBOLS = ("$", "£", "€", "¥", "₹", "₱", "₩", "₪", "₺", "₦")
SUFFIX_SYMBOLS = frozenset({"€", "£"})  # also written after the figure: "60.000 €"
SYMBOL_PREFIXES = frozenset({"US", "CA", "C", "AU", "A", "NZ", "SG", "S", "HK", "MX", "R", "CN"})
CODE_SET = frozenset(CODES.split("|"))
# `[A-Z][A-Z][A-Z]`, not `[A-Z]{3}`: the same language, and re runs the spelled-out form about 2x faster
# here (a search over every description without a currency symbol).
CODE_TRIGGER = re.compile(r"(?:[A-Z][A-Z][A-Z]|Rs|zł|Kč|Ft)(?![A-Za-z])")
WORD_CURRENCIES = frozenset({"Rs", "zł", "Kč", "Ft"})
# What CODE_TRIGGER's matches must be to count: a text that holds none of them is not read with it.
CODE_WORDS = tuple(sorted(CODE_SET | WORD_CURRENCIES))
# "kr" as a word (not inside "kraft", "ukraine"): a figure next to it may be pay in kronor or kroner.
KR_WORDS = ("kr",)
KR_TRIGGER = re.compile(r"(?<![^\W\d_])kr(?![^\W\d_])")
K_TRIGGER = re.compile(r"k(?<=\dk)(?![a-z])")
LAKH_WORDS = ("lakh", "lpa", "crore")
LAKH_TRIGGER = re.compile(r"l(?:akhs?|acs?|pa)\b|crores?\b")
# A place where a figure can begin: a digit that does not continue a number or a word.
AMOUNT_START = re.compile(r"\d(?<![\w.,]\d)")
# Figures without a currency or "k" are read only after a distinctive pay word ("Salary: 120,000 -
# 140,000"). "rate" and "ote" hide inside "generate" and "remote"; they still count as pay context
# when a figure found by another trigger is judged.
PAY_TRIGGERS = ("salar", "compensation", "pay", "wage")
DOT_GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?")
GROUPING = re.compile(r"[,\s\u00a0\u202f\u2009'’]")
RETIREMENT_PLANS = frozenset({"401", "403", "457"})
# A dollar named anywhere in a posting (salary._names_another_dollar): a code of a currency written "$"
# (money.LOCAL_DOLLAR's and USD), a "$" with its country before it, or "US dollars". Beside it a bare
# "$" is not taken for the local dollar.
DOLLAR_NAMED = re.compile(
    r"(?<![A-Za-z])(?:(?P<code>USD|CAD|AUD|NZD|SGD|HKD|TWD|MXN|ARS|CLP|COP)(?![A-Za-z])"
    r"|(?P<symbol>US|CA|C|AU|A|NZ|SG|S|HK|MX)\$"
    r"|[Uu]\.?[Ss]\.? [Dd]ollars?\b)"
)
