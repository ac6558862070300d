"""The lowest pay asked for, as a yearly amount in a currency: "at least 150k", "$45/hour", "£2,500
pcm", "R 35 000", "35.000 €", "1,20,000 INR", "30 LPA", "six figures" → `min_salary`,
`salary_currency`.

The vocabulary is that of posted pay (`boards.derive.salary_patterns`, `money`), read the way a
query writes it: a ceiling is noted, not used; an amount that is a bonus, an allowance or equity is
no pay; an amount with a currency and no period that is too small for a year's pay there is
monthly. The longest pattern of the reader and its one reader, kept together.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterable

from boards.derive import money, salary_patterns
from boards.derive.money import ANNUAL_FACTOR
from matching import places
from watches.filters import MAX_MIN_SALARY, max_min_salary
from watches.query.state import BAR, ReaderState, plain

# The periods a posting names as a label before the figure ("Hourly rate: $25-30", "Sueldo quincenal:
# $15,000": salary_patterns.LABEL_PERIOD), longest first so "bi-weekly" is not read as "weekly".
_LABELS = "|".join(
    sorted((re.escape(label).replace(r"\ ", r"\s+") for label in salary_patterns.LABEL_PERIOD), key=len, reverse=True)
)
# Words for pay beside such a label, in the languages the label words are: "weekly pay", "salario mensual".
_LABEL_PAY = r"(?:base\s+)?(?:salary|pay|rate|wages?|comp|compensation|sueldo|salario|sal[aá]rio|pago)"
_PAY_LEAD = (
    r"(?P<lead>\b(?:(?:and|that|which)\s+)?(?:making|makes?|paying|pays?|earning|earns?"
    r"|with\s+(?:a\s+)?(?:base\s+)?(?:salary|pay|comp|compensation)(?:\s+of)?"
    # A period as a label, before or after a pay word: "hourly rate:", "Sueldo quincenal:", "day rate";
    # alone only before a currency or a "k" (see `read_pay`): "hourly $25", "Hourly: $25".
    rf"|(?P<label>(?:{_LABELS})(?:\s+{_LABEL_PAY})?|{_LABEL_PAY}\s+(?:{_LABELS}))(?:\s+of|\s*:)?"
    r"|(?:base\s+)?(?:salary|pay|comp|compensation)(?:\s+of|\s*:)?"
    # "TC 300k+", "total comp of 250k", "OTE 120k", "base 140k".
    r"|(?:tc|total\s+comp(?:ensation)?|ote|base|ctc)(?:\s+of|\s*:)?))"
)
# A floor and a ceiling, in English and in the languages whose pay the reader reads ("más de 30 mil",
# "a partir de R$ 8.000", "mindestens 60k €", "au moins 45k€"; "hasta $50k", "bis zu 70k").
_FLOOR = (
    r"(?P<floor>\b(?:at\s+least|starting\s+(?:at|from)|starts\s+at|a\s+min(?:imum)?(?:\s+of)?|min(?:imum)?(?:\s+of)?|over|above"
    r"|more\s+than|north\s+of|from|m[aá]s\s+de|mais\s+de|plus\s+de|mehr\s+als|mindestens|desde|a\s+partir\s+de"
    r"|m[ií]nimo(?:\s+de)?|au\s+moins|al\s+menos|pelo\s+menos|ao\s+menos)|>=|>|≥)"
)
_CEILING = (
    r"(?P<ceiling>\b(?:no\s+more\s+than|not\s+more\s+than|at\s+most|max(?:imum)?(?:\s+of)?|under|below|less\s+than|up\s+to"
    r"|hasta|at[ée]|jusqu['’]?\s?[àa]|bis\s+zu|m[aá]ximo(?:\s+de)?|menos\s+de|moins\s+de|weniger\s+als)|<=|<|≤)"
)
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
# The Colombian peso's code is the word "cop" too: a currency only before a figure grouped in
# thousands ("COP 8.000.000") or after an amount with a number word ("8 millones COP", "$8M COP";
# `read_pay` checks the word), nowhere else ("cop show writer").
_COP_BEFORE = r"cop(?=\s?\d{1,3}(?:[.,\s]\d{3})+(?!\d))"
# Words for a currency written after a figure ("35 000 zł", "40k NIS", "35 000 rand"), besides the codes.
_CURRENCY_WORDS = r"dollars|euros|pounds|yen|rupees|nis|shekels|zł|zl|rand|reais|kr"


# The query's own short form: Danish "/md" (a month). The rest are the posting readers' words
# (salary_patterns.UNIT, ADVERB, LABEL_PERIOD, ABBREVIATION), the Nordic "/mån", "/mnd", "/år",
# "om måneden" among them.
_SHORT_PERIODS = {"md": "month"}
# A period as `read_pay` looks it up: the unit after "/", "per", "pro"... ("/h", "pro Woche"), the
# word after the figure ("weekly", "quincenal", "wöchentlich"), the label before it ("hourly rate:",
# "Sueldo quincenal:") and the short forms with their dots and slashes taken out ("p/h" is "ph").
_PERIODS = {
    **salary_patterns.UNIT,
    **salary_patterns.ADVERB,
    **salary_patterns.LABEL_PERIOD,
    **{short.replace(".", "").replace("/", ""): period for short, period in salary_patterns.ABBREVIATION.items()},
    **_SHORT_PERIODS,
}


def _alternatives(words: Iterable[str]) -> str:
    """An alternation of words, longest first ("bi-weekly" before "weekly")."""
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


_UNITS = _alternatives([*salary_patterns.UNIT, *_SHORT_PERIODS])
# The adverbs but "pa", "p.a." and "per annum", which have shapes of their own below, and "annual",
# an adjective before its noun in an English query ("2020 - 2024 annual report", "$5k annual bonus").
_ADVERBS = _alternatives(
    word for word in salary_patterns.ADVERB if word not in ("pa", "p.a.", "p.a", "per annum", "annual")
)


def _amount(suffix: str) -> str:
    return (
        rf"(?<![\w.,$£€¥₹₩₪₱₦₺])(?:(?P<sym{suffix}>{_SYMBOLS}|{_RAND})|(?P<code{suffix}>{_CODES}|{_COP_BEFORE})\s)?\s?"
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
        rf"(?:\s?\+?\s?(?P<k{suffix}>k|thousand|lpa|lakhs?|lacs?|cr|crores?|m|mn|million|mil|mill(?:ones|ón|on)|milh(?:ões|ão|oes|ao)|jt|juta|triệu|trieu))?(?:\b|(?=p(?:cm|[hdwa])\b))"
        rf"(?P<after{suffix}>\s?[€£₹₱](?!\w))?"
    )


# Before or after tax, which postings rarely say: "18k PLN net", "70k € brutto", "55.000 € brut".
_GROSS = r"(?:\s*\b(?:gross|net|nett|netto|netti|brutto|brut|bruto|brutos|bruta|brutas|neto|netos|lord[oiae])\b)?"
# "between 100k and 150k", "entre 50k y 60k €", "zwischen 60.000 und 70.000 €": a range whose "and"
# is a range's only after "between" (as a posting's: salary_patterns.BETWEEN).
_BETWEEN = r"(?P<between>between|entre|zwischen|tussen|tra)\s+"
_PAY = re.compile(
    # Every way in starts where no word character stands before it (a pay word, a floor, an amount) or
    # at a comparison sign ("salary>=100k"): the lookbehind turns away the positions inside words at
    # once, where every alternative of the lead and the floor was tried before (about a quarter of
    # the pattern's time over the query tables).
    r"(?:(?<!\w)|(?=[<>≥≤]))"
    rf"(?:{_PAY_LEAD}\s+)?(?:(?:{_FLOOR}|{_CEILING}|\b{_BETWEEN})\s*)?{_amount('')}"
    # A range's "to" in other languages too: "R$ 9.000 a R$ 12.000", "70.000 bis 85.000 €", "3.000 tot 4.000".
    rf"(?:(?:\s*(?:-|–|—|to)\s*|\s+(?:a|à|bis|tot|até)\s+|(?(between)\s+(?:and|y|e|et|und|en)\s+|(?!))){_amount('2')})?"
    rf"(?:\s*(?P<cur>{_CODES}|{_CURRENCY_WORDS}|cop)\b)?"
    + _GROSS
    # "/month", "per hour", "a year"; "/mes", "/mês", "par mois", "pro Monat", "/an", "al año", "por día",
    # "a la semana" (as the posting reader reads them: boards/derive/salary_patterns.py UNIT).
    + rf"(?:\s*(?:/|per\b|an?\b|each\b|pro\b|par\b|im\b|al\b|all['’]|ao\b|por\b|a\s+la\b|om\b|i\b)\s*(?P<per>{_UNITS})(?!\w)"
    # "\s*", not "\s+": the amount's own "\s?" may have taken the space ("$45 hourly" was 45,000).
    rf"|\s*\b(?P<adv>{_ADVERBS})\b"
    # "£40k p.a." (per annum): yearly, as without it.
    r"|\s*\bp\.\s?a\b\.?"
    # The UK's short periods: "£2,500 pcm" (per calendar month), "£15 p/h", "£500 p/d" always;
    # "£15ph", "£500pd", "£600pw", "£40k pa" unless written in capitals beside a dollar or no
    # currency ("$150k PA" may be Pennsylvania or an assistant: see `read_pay`).
    r"|\s*(?P<abbr>pcm|p\.c\.m\.?|p/[mhdwa]|ph|pd|pw|pa)(?![\w./])"
    # "R75k pm", "18k PLN p.m.": per month, taken only where the amount reads as monthly (see
    # `money.monthly_by_size`); "$150k PM" stays a product manager.
    r"|\s+(?P<pm>pm|p\.\s?m\.?)(?![\w.]))?"
    # "or more" in the languages the reader reads pay in: "$50,000 o más", "R$ 8.000 ou mais", "60k€ ou plus".
    r"(?P<more>\s*\+|\s+(?:or\s+more|or\s+higher|and\s+up|and\s+above|o\s+m[aá]s|y\s+m[aá]s|ou\s+mais|ou\s+plus"
    r"|oder\s+mehr|o\s+pi[uù]|minimum|min)(?!\w))?"
    rf"(?:\s*(?P<cur2>{_CODES}|cop)\b(?:\s*\+)?|(?<=\+)(?P<after3>\s?[€£₹₱])(?!\w))?"  # "120k+ CAD", "60k+ €"
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
    "kr": "SEK",  # or NOK, DKK, ISK by the query's places (`read_local_dollar`)
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
# allowance", "€1,000 learning budget" (the words themselves are noted by `unsupported`).
_BENEFIT_KIND = (
    r"(?:signing|sign[\s-]?on|joining|annual|performance|retention|referral|relocation|learning|training"
    r"|education|home[\s-]office|equipment|wellness|l&d)\s+(?:bonus(?:es)?|budget|allowance|stipend)\b"
)
_BENEFIT_AFTER = re.compile(
    rf"\s*(?:{_BENEFIT_KIND}|(?:bonus(?:es)?|bonos?|bônus|budget|allowance|relocation|equity|rsus?|in\s+(?:stock|rsus?|equity))\b)"
)
# Before the amount: "sign-on bonus of $10,000", "relocation allowance: €5,000" ("bonus 300k" may be pay).
_BENEFIT_BEFORE = re.compile(
    r"\b(?:(?:sign[\s-]?on|signing|joining|annual|performance|retention|referral|relocation)\s+)?"
    r"(?:bonus(?:es)?|allowance|stipend)(?:\s+of|\s*:)\s*(?:up\s+to\s+)?$"
)
# After "+" only a benefit named by its kind: "$10,000+ relocation bonus" (but "$150k + equity" is pay);
# after a spaced "+" none: "$150k + annual bonus", "$30,000 + bono anual" are pay and a bonus, as a
# posting's are (boards/derive/salary.py `_joined_period`), and `unsupported` notes the bonus.
_BENEFIT_AFTER_PLUS = re.compile(rf"\s*{_BENEFIT_KIND}")
# A per diem paid beside the pay (a daily allowance for travel or meals, as US travel jobs offer it):
# an amount with no period right before "per diem" ("$50 per diem", "$150 per diem allowance"), or
# after "per diem of", and "per diem" after "with", "plus", "+", "&" or before "provided",
# "included", "paid" ("travel nurse + per diem"). No salary and no temporary work; "per diem RN",
# "$60/hr per diem" (pay, then the kind of work) are read as before.
_PER_DIEM = re.compile(
    r"(?:[$£€]\s?\d(?:[\d,.]*\d)?k?(?:\s*(?:usd|cad|aud|eur|gbp))?|\b\d(?:[\d,.]*\d)?k?\s*(?:usd|cad|aud|eur|gbp|dollars))"
    r"(?:\s+(?:a\s+day|daily|/\s?day))?\s+(?:in\s+)?per[\s-]diems?(?:\s+(?:allowance|stipend|pay|rate))?\b"
    r"|\bper[\s-]diems?(?:\s+(?:allowance|stipend))?\s*(?:of|:)\s*(?:up\s+to\s+)?(?:[$£€]\s?\d(?:[\d,.]*\d)?k?|\d(?:[\d,.]*\d)?k?\s*(?:usd|cad|aud|eur|gbp|dollars))"
    r"|(?:\b(?:with|plus)\s+(?:an?\s+)?|\+\s*|&\s*)per[\s-]diems?(?:\s+(?:allowance|stipend))?\b"
    r"|\bper[\s-]diems?\s+(?:(?:allowance|stipend)(?:\s+(?:is\s+)?(?:provided|included|paid|available|covered))?"
    r"|(?:is\s+)?(?:provided|included|paid|available|covered))\b"
)
# The note's words for why an amount with no period was read as a month's (money.monthly_by_size).
_MONTHLY_WHY = {
    "small": "is too small for a yearly salary",
    "usual": "is the size of a month's pay, as pay is usually quoted",
}
_CURRENCY_GROUPS = ("sym", "code", "after", "cur", "cur2", "sym2", "code2", "after2", "after3")


def read_pay(reader: ReaderState) -> None:
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
        # "mil" is a thousand in Spanish and Portuguese ("R$ 15 mil"); "millones", "milhões" millions.
        mil = any(unit == "mil" for unit in units)
        # Indonesian "jt" / "juta" and Vietnamese "triệu" are millions too ("IDR 25jt", "40 triệu VND").
        million = any((unit.startswith("m") and unit != "mil") or unit[0] in "jt" for unit in units)
        if lakh or crore:
            value *= _LAKH if lakh else _CRORE  # "30 LPA": 30 lakh a year; "1.2 Cr"
        elif million:
            if not any(groups[name] for name in _CURRENCY_GROUPS) and not groups["lead"]:
                return False  # "a 6m contract" is no pay: "10M" is pay only with a currency or a pay word
            value *= 1_000_000 if groups["k"] or value < 1000 else 1  # "¥10M+", "₹1.5M"
        elif mil:
            if not any(groups[name] for name in _CURRENCY_GROUPS) and not groups["lead"]:
                return False  # "15 mil" is pay only with a currency or a pay word
            value *= 1000 if groups["k"] or value < 1000 else 1
        elif groups["k"] or (groups["k2"] and value < 1000):
            value *= 1000
        if (groups["cur"] == "cop" or groups["cur2"] == "cop") and not units and not groups["sym"]:
            return False  # "cop" after a bare figure is the word ("500 cop shows"); "8 millones COP" is pesos
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
        currency: str | None
        if currency_mark == "$":
            currency = reader.dollar
        elif currency_mark == "kr":
            currency = reader.krona
        else:
            currency = _CURRENCIES.get(currency_mark) if currency_mark else None
        label = groups["label"]
        if label and not period:
            # "Hourly rate: $25", "Sueldo quincenal: $15,000": the period a label before the figure names
            # (salary_patterns.PERIOD_BEFORE, as a posting's); a label alone, without a pay word or a
            # colon, only before a currency or a "k" ("hourly $25"; "weekly 3 days" is no pay).
            alone = re.fullmatch(_LABELS, label) is not None and not groups["lead"].endswith(":")
            if alone and not (currency_mark or has_k):
                return False
            named = list(salary_patterns.PERIOD_BEFORE.finditer(label))
            if named:
                period = _PERIODS[named[-1][1]]
        abbr = groups["abbr"]
        if abbr:
            short = abbr.replace(".", "").replace("/", "")
            if abbr == short and short in reader.capital_codes and currency not in ("GBP", "EUR"):
                keep.append(match.start("abbr"))  # "$150k PA": Pennsylvania or an assistant, not "per annum"
            else:
                period = _PERIODS[short]
        # "35.000" alone may be a count or a version: a dotted figure is pay only beside a currency,
        # a period or a pay word.
        qualifies = bool(groups["lead"] or currency_mark or has_k or period or (value >= 10_000 and not dotted))
        if not qualifies:
            return False
        fragment = match.group(0).strip()
        more = groups["more"]
        benefit = (
            None
            if more and more[0].isspace() and more.strip() == "+"
            else (_BENEFIT_AFTER_PLUS if more else _BENEFIT_AFTER).match(match.string, match.end())
        )
        if benefit:
            reader.notes.append(
                f'"{fragment}{benefit.group(0)}" is a bonus, an allowance or equity, not a salary; it was ignored.'
            )
            return True
        if "bonus" in match.string or "allowance" in match.string or "stipend" in match.string:
            before = _BENEFIT_BEFORE.search(match.string, max(match.start() - 40, 0), match.start())
            if before:  # "sign-on bonus of $10,000": the amount of the bonus
                reader.notes.append(
                    f'"{before.group(0).strip()} {fragment}" is a bonus or an allowance, not a salary; it was ignored.'
                )
                return True
        monthly = ""
        if value < 1000 and not period and not has_k:
            value *= 1000  # "making at least 150"
        elif not period and not (lakh or crore) and currency:
            why = _MONTHLY_WHY.get(money.monthly_by_size(value, currency) or "")
            if why:
                period = "month"
            if why and not groups["pm"]:
                monthly = (
                    f'"{fragment}" names no period and {why} in {currency}: it was read as monthly pay '
                    f"({plain(value * 12)} a year); pass `min_salary: {plain(value)}` (and `salary_currency: "
                    f'"{currency}"`) for a yearly reading.'
                )
        if groups["pm"] and period != "month":
            keep.append(match.start("pm"))  # "$150k PM": pay and a product manager
        value *= ANNUAL_FACTOR.get(period, 1)
        if not math.isfinite(value):  # hundreds of digits: float() gives inf, and round(inf) raises
            reader.notes.append(f'"{fragment[:40]}…" does not look like a yearly salary; it was ignored.')
            return True
        yearly = round(value)
        if groups["ceiling"]:
            reader.notes.append(
                f'"{fragment}" reads as a maximum salary, which is not a filter Watchtower has; it was ignored.'
            )
            return True
        cap = max_min_salary(currency) if yearly > MAX_MIN_SALARY else MAX_MIN_SALARY  # no cap is lower
        if cap < yearly <= MAX_MIN_SALARY * money.scale_of(currency):
            # Believable pay in a currency of small units ("VND 300 triệu/month"), above the largest
            # `min_salary` a filter takes in it (watches/filters.py).
            reader.notes.append(
                f'"{fragment}" is {plain(yearly)} {currency} a year, more than the largest `min_salary` Watchtower '
                f"takes in {currency} ({cap:,}); it was ignored."
            )
            return True
        if yearly < 1000 or yearly > cap:
            reader.notes.append(f'"{fragment}" does not look like a yearly salary; it was ignored.')
            return True
        if reader.min_salary is not None:
            reader.notes.append(
                f'"{fragment}" was ignored: the minimum salary was already read as {reader.min_salary}.'
            )
            return True
        if currency_mark in ("$", "kr") and not (written_code and written_code != "kr"):
            reader.bare_dollar = (match.group(0), len(reader.notes), 1 if monthly else 0)
            reader.bare_mark = currency_mark
        if monthly:
            reader.notes.append(monthly)  # said once the amount is taken
        reader.min_salary = yearly
        if currency:
            reader.currency = currency
        return True

    keep: list[int] = []

    def replace(match: re.Match[str]) -> str:
        if (
            match.group("num") == "401"
            and match.group("k") == "k"
            and not match.group("sym")
            and not match.group("code")
        ):
            return match.group(0)  # "with 401k match": the US retirement plan (`unsupported`), no pay
        if not pay(match):
            return match.group(0)
        for name in ("pm", "abbr"):
            if keep and keep[-1] == match.start(name):
                return BAR + match.string[match.start(name) : match.end()]  # the word stays a word
        return BAR

    if "diem" in reader.text:
        reader.cut(_PER_DIEM, functools.partial(_per_diem_noted, reader))
    if any(map(str.isdigit, reader.text)):  # every amount has a digit: most queries skip the scan
        reader.text = _PAY.sub(replace, reader.text)

    def six_figures(match: re.Match[str]) -> bool:
        if reader.min_salary is None:
            reader.min_salary = 100_000 if match.group("n") in ("six", "6") else 1_000_000
        else:
            reader.notes.append(
                f'"{match.group(0).strip()}" was ignored: the minimum salary was already read as {reader.min_salary}.'
            )
        return True

    if "fig" in reader.text:
        reader.cut(_SIX_FIGURES, six_figures)


def read_local_dollar(reader: ReaderState) -> None:
    """A bare "$" is the local dollar where the query's places (`locations` and `remote_from`) are
    all in one country whose currency is written "$" (money.local_dollar, as the posting reader
    reads a posting's "$": boards/derive/salary.py): "data engineer Toronto $120k" is 120,000 CAD.
    Likewise "kr" is the krone of Norway, Denmark or Iceland where the places are there, and the
    Swedish krona otherwise ("Oslo 60 000 kr/mnd" is NOK). The amount taken is read again in that
    currency (its size there may make it a month's pay, or no believable pay, when it stays as
    read), and noted. Runs after the places are read; a code written beside the figure ("$120k
    USD", "$90/hr CAD") was read with it and is never changed."""
    mark = reader.bare_mark
    if reader.bare_dollar is None or reader.currency != ("USD" if mark == "$" else "SEK"):
        return
    countries = {place.country for name in (*reader.locations, *reader.remote_from) for place in places.resolve(name)}
    if mark == "$":
        local_currency = money.local_dollar(countries)
    else:
        local_currency = money.local_krona(countries)
    fragment, at, noted = reader.bare_dollar
    if local_currency == reader.currency:
        if mark == "kr" and "SE" not in countries:
            reader.notes.append(
                f'"{fragment.strip()}" is written "kr", and no place asked for says which krona or krone: it was '
                'read in SEK; pass `salary_currency: "NOK"`, `"DKK"` or `"ISK"` for another.'
            )
        return
    local = ReaderState()
    local.text = fragment
    local.capital_codes = reader.capital_codes
    local.dollar = local_currency if mark == "$" else "USD"
    local.krona = local_currency if mark == "kr" else "SEK"
    read_pay(local)
    if local.min_salary is None or local.currency != local_currency:
        return  # no believable pay in the local currency: kept as read
    (country,) = countries
    name = places.country_named_by_code(country or "") or country
    where = 'the dollar written "$" there; pass `salary_currency: "USD"` for US dollars.'
    if mark == "kr":
        where = 'the krone written "kr" there; pass `salary_currency: "SEK"` for Swedish kronor.'
    reader.notes[at : at + noted] = [
        *local.notes,
        f'"{fragment.strip()}" is written with a bare "{mark}" and the places asked for are in '
        f"{str(name).title()}: it was read in {local_currency}, {where}",
    ]
    reader.min_salary = local.min_salary
    reader.currency = local_currency


def _per_diem_noted(reader: ReaderState, match: re.Match[str]) -> bool:
    reader.notes.append(
        f'"{match.group(0).strip()}" is a per diem (a daily allowance), neither a salary nor temporary work; '
        "it was ignored."
    )
    return True
