"""Salary from a platform's structured pay fields, or else from the posting text.

Reading pay from prose is a heuristic, so it is deliberately conservative: a figure counts only
when something marks it as pay — a currency, a "k", a stated period right after it ("48,000 -
56,000 per year", "18.50 p/hr"), or a pay word before it — and never when the words around it make
it a perk, a funding round or a head count. A figure that names no currency keeps none. A bare "$"
is the US dollar, except where the caller knows the posting's places are all in one country whose
own currency is written "$" (money.LOCAL_DOLLAR: "$120,000" in Toronto is CAD) and the text names no
other dollar ("USD", "US$"): `salary_of`'s `dollar`. The rules and factors are documented for agents in
docs/derived-fields.md.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass

from boards.derive import salary_patterns as pat
from boards.derive.money import ANNUAL_FACTOR, monthly_by_size, plausible, scale_of, tidy_number
from boards.derive.money import infer_period as _infer_structured_period
from boards.derive.salary_places import MAX_TEXT, money_matches
from boards.derive.text import PostingText, letter_bytes
from boards.job import Salary
from boards.sources.base import StructuredSalary

_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class _Candidate:
    low: float | None
    high: float | None
    currency: str | None
    period: str
    is_range: bool


def salary_from_structured(s: StructuredSalary) -> Salary | None:
    """A platform's own pay fields, checked with the same bounds as text so a placeholder such as
    {min: 1, max: 1} or cents mistaken for units does not become a salary."""
    currency = (s.currency or "").strip().upper() or None
    low = _finite(s.min)
    high = _finite(s.max)
    if low is not None and high is not None and low > high:
        low, high = high, low
    period: str | None = s.period
    if period is None:
        top = high if high is not None else low
        if top is None:
            return None
        inferred = _infer_structured_period(top, currency)
        if inferred is None:
            return None
        period = inferred
    return _make_salary(low, high, currency, period, "structured")


def salary_from_text(text: str, *, dollar: str = "USD", krona: str = "SEK") -> Salary | None:
    """The pay a posting states in prose, or None.

    Every figure that looks like money is judged in its context; ranges beat single figures, and
    several ranges with the same period and currency as the first (pay zones, tiers) merge into
    the widest one. A bare "$" is `dollar` and "kr" is `krona` (see `salary_of`).
    """
    if not text:
        return None
    return salary_of(PostingText.of_text(text[:MAX_TEXT]), dollar=dollar, krona=krona)


def salary_of(read: PostingText, *, dollar: str = "USD", krona: str = "SEK") -> Salary | None:
    """`salary_from_text` of a posting's title and description (derive_job's one `PostingText`,
    whose anchor scan finds the places worth reading). `dollar` is the currency of a bare "$" where
    the posting is (money.local_dollar of its places); a text that names another dollar anywhere
    ("USD", "US$", "A$" beside a Toronto office) leaves a bare "$" the US dollar, as before. Likewise
    `krona` is the currency of "kr" there (money.local_krona: NOK in Oslo, DKK in Copenhagen, else SEK)."""
    text, low = read.text[:MAX_TEXT], read.low[:MAX_TEXT]
    if _DIGIT.search(text) is None:  # every figure pat.MONEY reads starts with a digit (AMOUNT)
        return None
    if dollar != "USD" and _names_another_dollar(text, dollar):
        dollar = "USD"
    ranges: list[_Candidate] = []
    first_single: _Candidate | None = None
    for match, offset in money_matches(read, text, low):
        candidate = _judged(text, low, match, offset, dollar, krona)
        if candidate is None:
            continue
        if candidate.is_range:
            ranges.append(candidate)
        elif first_single is None:
            first_single = candidate
    if ranges:
        head = ranges[0]
        same = [c for c in ranges if c.period == head.period and c.currency == head.currency]
        if len(same) == 1:
            return _make_salary(head.low, head.high, head.currency, head.period, "text")
        bottoms = [c.low for c in same if c.low is not None]
        tops = [top for c in same if (top := c.high if c.high is not None else c.low) is not None]
        return _make_salary(
            min(bottoms) if bottoms else None, max(tops) if tops else None, head.currency, head.period, "text"
        )
    if first_single is not None:
        return _make_salary(first_single.low, first_single.high, first_single.currency, first_single.period, "text")
    return None


# Judgements of figures by the text around them (`_judged`): a board repeats its boilerplate ("a $1,500
# yearly learning budget"), and judging a figure costs about 50 Python-level operations.
_JUDGED: dict[tuple[str, str, int, int, str, str], _Candidate | None] = {}
_JUDGED_MAX = 8192
# How far `_judge` reads around a figure: 80 characters before it (the pay or perk word before it), 40
# after it (the window after it); see `_judged`.
_JUDGE_BEFORE = 80
_JUDGE_AFTER = 40


def _judged(text: str, low: str, match: re.Match[str], offset: int, dollar: str, krona: str) -> _Candidate | None:
    """`_judge`, cached by the window of `text` and `low` it reads, the figure's place in it and the
    currency of a bare "$" and of "kr".

    Every read of `_judge` stays within _JUDGE_BEFORE characters before the figure and _JUDGE_AFTER
    after it (its line start only as "more than 60 characters back"), and the match's groups are
    fixed by its span and the same window: a reading of the pattern that looked past the window (a
    long run of digits or spaces) and changed its choice would have changed its span too.
    """
    start, end = match.start() + offset, match.end() + offset
    first = start - _JUDGE_BEFORE if start > _JUDGE_BEFORE else 0
    last = end + _JUDGE_AFTER
    key = (text[first:last], low[first:last], start - first, end - first, dollar, krona)
    try:
        return _JUDGED[key]
    except KeyError:
        pass
    candidate = _judge(text, low, match, offset, dollar, krona)
    if len(_JUDGED) >= _JUDGED_MAX:
        _JUDGED.clear()
    _JUDGED[key] = candidate
    return candidate


def _judge(text: str, low: str, match: re.Match[str], offset: int, dollar: str, krona: str) -> _Candidate | None:
    """One money-looking match (found in text[offset:]: `money_matches`) → a candidate salary, or None
    when its context says it is not pay. A bare "$" is `dollar` and "kr" `krona`, judged by that
    currency's scale.

    Cheap tests first: most numbers in a description carry no currency, no "k" and no period. Each
    reading of the context (the words before the figure, the word after it) is made once.
    """
    c1, c2, k1, k2, m1, m2, raw1, raw2, code3, sym3, sep, plus = match.group(
        "c1", "c2", "k1", "k2", "m1", "m2", "a1", "a2", "code3", "sym3", "sep", "plus"
    )
    currency = _currency(code3 or sym3, dollar, krona) or _currency(c1, dollar, krona) or _currency(c2, dollar, krona)
    if currency is None and _is_lakh(k1 or k2):
        currency = "INR"
    has_signal = currency is not None or bool(k1 or k2)
    magnitude = m1 or m2
    if magnitude and not _magnitude_ok(magnitude, currency):
        return None
    start, end = match.start() + offset, match.end() + offset
    after = _after_window(text, end)
    period_match = _period_after(after)
    if period_match is not None and period_match.start() and _nearer_figure(after, period_match):
        period_match = None  # "$30,000 + bono anual", "120k … 60 000 kr/mnd": another figure's period
    context: str | None = None
    context_read = False
    if not has_signal and period_match is None:
        context, context_read = _last_context(low, start), True
        if context != "pay":
            return None
    if raw1 in pat.RETIREMENT_PLANS and not c1 and (k1 or text.startswith("(k", match.end("a1") + offset)):
        return None

    a1 = _amount(raw1, k1)
    a2 = _amount(raw2, k2) if raw2 else None
    if magnitude:
        if m1:
            a1 *= 1_000_000
        if a2 is not None:
            a2 = a2 * 1_000_000 if m2 or m1 else a2
    if a2 is not None:
        if sep == "and" and not pat.BETWEEN.search(low, max(0, start - 12), start):
            return None
        # "$150-200K": the k of one end applies to the other when that end is a bare small number.
        if k2 and not k1 and a1 < 1000:
            a1 = _amount(raw1, k2)
        elif k1 and not k2 and a2 < 1000:
            a2 = _amount(raw2, k1)

    stated = _period_from(period_match) if period_match else None
    after_rest = after[period_match.end() :] if period_match else after
    # The words right after the figure, unless the period comes first ("22 ph", "18.50 p/hr + tips").
    follows = after_rest if period_match is not None and not after[: period_match.start()].strip() else after
    next_words = (_next_word(follows),) if follows is after_rest else (_next_word(follows), _next_word(after_rest))
    if any(
        word is not None and (word in pat.NOT_PAY_AFTER or word.startswith(pat.NOT_PAY_PREFIXES)) for word in next_words
    ):
        return None
    if not has_signal and any(word is not None and word not in pat.BARE_ALLOWED_NEXT for word in next_words):
        return None
    if not context_read:
        context = _last_context(low, start)
    if context == "notpay":
        return None
    if not has_signal and context != "pay" and stated is None:
        return None
    line_start = text.rfind("\n", 0, start) + 1
    before = low[max(line_start, start - 50) : start]
    if stated is None:
        stated = _label_period(before)

    top = max(a1, a2) if a2 is not None else a1
    period = stated
    if period is None:
        scale = scale_of(currency)
        if top <= 1_000 * scale and _hourly_near(low, max(0, start - 60), min(len(low), end + 30)):
            period = "hour"
        elif monthly_by_size(top, currency, posting=True):
            period = "month"  # "$8,000" in Toronto: too small for a year's pay there (as a query reads it)
        elif top >= 10_000 * scale:
            period = "year"
        else:
            return None

    if a2 is not None:
        low_amount, high_amount = a1, a2
    elif not (stated or context == "pay" or _stands_alone(text, line_start, start, after_rest)):
        return None
    elif pat.UP_TO.search(before[-25:]):
        low_amount, high_amount = None, a1
    elif plus or pat.FROM.search(before[-25:]):
        low_amount, high_amount = a1, None
    else:
        low_amount, high_amount = a1, a1
    checked_low = plausible(low_amount, period, currency)
    checked_high = plausible(high_amount, period, currency)
    if checked_low is None and checked_high is None:
        return None
    return _Candidate(checked_low, checked_high, currency, period, a2 is not None)


@functools.lru_cache(maxsize=4096, typed=True)  # a board repeats its pay ranges; a Salary is immutable
def _make_salary(
    low: float | None, high: float | None, currency: str | None, period: str, source: str
) -> Salary | None:
    """Bounds, order and annual figures; a bound outside the plausible range is dropped."""
    low = plausible(low, period, currency)
    high = plausible(high, period, currency)
    if low is None and high is None:
        return None
    if low is not None and high is not None and low > high:
        low, high = high, low
    factor = ANNUAL_FACTOR[period]
    return Salary(
        min=tidy_number(low) if low is not None else None,
        max=tidy_number(high) if high is not None else None,
        currency=currency,
        period=period,
        annual_min=round(low * factor) if low is not None else None,
        annual_max=round(high * factor) if high is not None else None,
        source="structured" if source == "structured" else "text",
    )


def _finite(value: float | None) -> float | None:
    if value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) and number > 0 else None


def _amount(raw: str, multiplier: str | None) -> float:
    """Digits with any grouping → a number; "k" is thousands, lakh 100,000, crore 10,000,000."""
    if raw.isascii() and raw.isdigit():  # plain digits, the common case: no grouping to read
        value = float(raw)
    elif pat.DOT_GROUPED.fullmatch(raw):
        value = float(raw.replace(".", "").replace(",", "."))
    else:
        value = float(pat.GROUPING.sub("", raw))
    if multiplier:
        word = multiplier.strip().lower()
        if word == "k":
            value *= 1_000
        elif word.startswith("cr"):
            value *= 10_000_000
        else:
            value *= 100_000
    return value


def _currency(token: str | None, dollar: str, krona: str) -> str | None:
    """The currency a symbol or code stands for; a bare "$" is `dollar`, "kr" `krona`."""
    if not token:
        return None
    key = token.strip().upper()
    if key == "$":
        return dollar
    if key in ("KR", "KR."):
        return krona
    return pat.SYMBOL_CURRENCY.get(key, key if key in pat.CODE_SET else None)


def _names_another_dollar(text: str, dollar: str) -> bool:
    """Whether `text` names a dollar other than `dollar` anywhere: a code ("USD", "AUD"), a dollar
    written with its country ("US$", "A$") or "US dollars" (pat.DOLLAR_NAMED)."""
    for found in pat.DOLLAR_NAMED.finditer(text):
        code, symbol = found["code"], found["symbol"]
        named = code or (pat.SYMBOL_CURRENCY[symbol.upper() + "$"] if symbol else "USD")
        if named != dollar:
            return True
    return False


def _is_lakh(token: str | None) -> bool:
    if not token:
        return False
    return token.strip().lower()[:1] in {"l", "c"}


def _label_period(window: str) -> str | None:
    # Every label holds "ly", "an", "per", "day", "ual", "hora" or "quin": a window without them is
    # answered by seven substring tests instead of the pattern tried at each of its positions.
    if (
        "ly" not in window
        and "an" not in window
        and "per" not in window
        and "day" not in window
        and "ual" not in window
        and "hora" not in window
        and "quin" not in window
    ):
        return None
    last = None
    for found in pat.PERIOD_BEFORE.finditer(window):
        last = found
    return pat.LABEL_PERIOD[last[1].lower()] if last else None


def _magnitude_ok(token: str, currency: str | None) -> bool:
    """Millions are pay only in currencies where a salary runs to millions of the unit."""
    word = token.strip().lower()
    return word in {"m", "mm", "mn", "mil", "mio", "million"} and scale_of(currency) >= 20


def _after_window(text: str, end: int) -> str:
    """The 40 characters after a figure, cut at the end of its line or sentence (see
    pat.SENTENCE_MARKS)."""
    window = text[end : end + 40]
    cut = window.find("\n")
    if cut < 0:
        cut = len(window)
    for mark in pat.SENTENCE_MARKS:
        at = window.find(mark, 0, cut)
        while at >= 0:
            if at + 1 == len(window) or window[at + 1].isspace():
                cut = at
                break
            at = window.find(mark, at + 1, cut)
    return window[:cut]


def _period_after(after: str) -> re.Match[str] | None:
    """The period stated within the first 30 characters after a figure (pat.PERIOD_AFTER). An ASCII
    window is read lowercased with pat.PERIOD_AFTER_LOWER: the same span, its groups lowercased,
    as `_period_from` reads them anyway."""
    if after.isascii():
        return pat.PERIOD_AFTER_LOWER.search(after.lower(), 0, 30)
    return pat.PERIOD_AFTER.search(after, 0, 30)


def _nearer_figure(after: str, found: re.Match[str]) -> bool:
    """Whether the period found after a figure is another figure's: that of a part of the package
    joined after it (`_joined_period`), or of a figure standing between them ("120k … 60 000 kr/mnd",
    "$120,000, $10,000 per month": the month is the second figure's). A figure only a range's word
    or dash away (pat.RANGE_ON) is the other end of the same pay, which the pattern did not join:
    "R$ 9.000 a R$ 12.000 por mês", "50.000€ - 60.000€ brutos anuales" keep the period."""
    digit = _DIGIT.search(after, 0, found.start())
    if digit is not None:
        return pat.RANGE_ON.fullmatch(after, 0, digit.start()) is None
    return _joined_period(after, found)


def _joined_period(after: str, found: re.Match[str]) -> bool:
    """Whether the period found after a figure is that of a part of the package joined after it
    (pat.JOINED: "+ bono anual", "+ annual bonus", "plus 10% bonus annually"): a joiner stands
    before the period and a word stands between them or right after the period. "$100,000 +
    annually" keeps its period."""
    joined = pat.JOINED.search(after, 0, found.start())
    if joined is None:
        return False
    return bool(after[joined.end() : found.start()].strip()) or pat.WORD_NEXT.match(after, found.end()) is not None


def _period_from(found: re.Match[str]) -> str | None:
    if found["abbr"]:
        return pat.ABBREVIATION.get(found["abbr"].lower())
    unit = found["unit"] or found["foreign"]
    if unit:
        word = unit.lower()
        return pat.UNIT.get(word) or pat.UNIT.get(word.rstrip("s"))
    return pat.ADVERB.get(found["adverb"].lower())


def _last_context(low: str, start: int) -> str | None:
    """Whether the nearest telling word before a figure, within its sentence and 80 characters,
    is about pay ("base salary: $150k") or not ("a signing bonus of $10k")."""
    window = low[max(0, start - 80) : start]
    cut = max(window.rfind(". "), window.rfind("\n\n"), window.rfind("; "))
    if cut >= 0:
        window = window[cut + 1 :]
    for word in reversed(_letter_runs(window)):
        if word in pat.PAY_WORDS:
            return "pay"
        if word in pat.NOT_PAY_BEFORE or word.startswith(pat.NOT_PAY_PREFIXES):
            return "notpay"
    return None


def _letter_runs(window: str) -> list[str]:
    """The runs of ASCII lowercase letters of a short window, in order: re.findall("[a-z]+", window),
    read as boards/derive/text.py reads words (every other byte of the UTF-8 form becomes a space)."""
    return letter_bytes(window).decode("ascii").split()


def _next_word(after: str) -> str | None:
    """The word right after a figure (lowercased), or None when there is none or a joiner leads
    it ("$150k + bonus" is still pay). _judge refuses a figure whose next word makes it a perk
    ("$10,000 signing bonus", "$500 learning budget") and, without a currency, one whose next word
    is a noun that counts things ("100-200K customers")."""
    found = pat.NEXT_WORD.match(after)
    if found is None or found["joiner"]:
        return None
    return found["word"].lower()


def _hourly_near(low: str, start: int, end: int) -> bool:
    """Whether "hourly", "per hour", "/hr"... occur in low[start:end]; each holds "hour" or "hr"."""
    window = low[start:end]
    return ("hour" in window or "hr" in window) and pat.HOURLY_NEAR.search(low, start, end) is not None


def _stands_alone(text: str, line_start: int, start: int, after_rest: str) -> bool:
    """A figure alone on a short line ("€60k", "Engineer - $150k") is a salary line, also when the
    rest of the package follows it ("$95k + bonus", "$90,000 (0.8 FTE)", "€70.000 zzgl. Bonus")."""
    lead = text[line_start:start]
    if len(lead) > 60:
        return False
    rest = after_rest.strip(" )]:,.-–")
    return not rest or pat.PACKAGE_TAIL.match(after_rest) is not None
