"""Pay periods, currencies and plausibility bounds shared by the structured and the text salary
readers, so both agree on what a believable salary is and how it is annualised."""

from __future__ import annotations

import math
from collections.abc import Collection

# Factor from one period to a year: 52 weeks, 260 working days (52 x 5), 2080 working hours
# (52 x 40). These are the conventions US pay-transparency notices use. A half month is the
# Spanish "quincena" and the Portuguese "quinzena", the pay period of Mexico and much of Latin
# America: paid on the 15th and the last day, 24 a year; the English "semi-monthly" is the same.
# Two weeks is the US "biweekly" pay period and the UK/Australian "fortnightly": 26 a year.
ANNUAL_FACTOR: dict[str, int] = {
    "year": 1,
    "month": 12,
    "half_month": 24,
    "two_weeks": 26,
    "week": 52,
    "day": 260,
    "hour": 2080,
}

# Plausible amounts per period, in a currency worth roughly one US dollar (inclusive). A bound
# outside its range is dropped: "$5 - $10 off lunch" is not an hourly wage and "$20,000,000" is
# not a yearly one.
BOUNDS: dict[str, tuple[float, float]] = {
    "year": (10_000, 5_000_000),
    "month": (500, 400_000),
    "half_month": (250, 200_000),
    "two_weeks": (400, 200_000),
    "week": (200, 100_000),
    "day": (40, 20_000),
    "hour": (5, 1_000),
}

# Currencies whose unit is worth much less than a dollar state salaries in larger numbers
# (¥8,000,000 a year, ₹25,00,000, ₱2.5M); the bounds above are multiplied by this rough scale.
# Unlisted codes (EUR, GBP, CHF, CAD, AUD, NZD, SGD, …) use 1.
CURRENCY_SCALE: dict[str, float] = {
    "JPY": 150,
    "KRW": 1300,
    "INR": 30,
    "CNY": 7,
    "HKD": 8,
    "TWD": 30,
    "PHP": 55,
    "IDR": 15_000,
    "THB": 35,
    "MYR": 4.5,
    "SEK": 10,
    "NOK": 10,
    "DKK": 7,
    "ISK": 130,
    "PLN": 4,
    "CZK": 23,
    "HUF": 350,
    "RON": 4.5,
    "BRL": 5,
    "MXN": 17,
    "ARS": 900,
    "CLP": 900,
    "COP": 4000,
    "ZAR": 18,
    "NGN": 1500,
    "KES": 130,
    "EGP": 48,
    "TRY": 32,
    "ILS": 3.7,
    "AED": 3.7,
    "SAR": 3.75,
    "UAH": 40,
    "VND": 25_000,
    "PKR": 280,
}


# Countries whose own currency is written with a bare "$" (Canada's pay-transparency lines, "Salary:
# $120,000 – $150,000", are in Canadian dollars), with a code the readers know (salary_patterns.CODES).
# Not here, so a bare "$" there stays USD: the US and its territories, and the countries whose
# currency is the US dollar (Ecuador, El Salvador, Panama, Timor-Leste, ...); Brazil writes "R$".
LOCAL_DOLLAR: dict[str, str] = {
    "CA": "CAD",
    "AU": "AUD",
    "NZ": "NZD",
    "SG": "SGD",
    "HK": "HKD",
    "TW": "TWD",
    "MX": "MXN",
    "AR": "ARS",
    "CL": "CLP",
    "CO": "COP",
}


# The krona or krone written "kr" ("45 000 kr/mnd", "kr 600 000 per år"), by the country of the
# posting's or the query's places; anywhere else (no place, several countries, a place elsewhere) the
# Swedish krona.
LOCAL_KRONA: dict[str, str] = {"SE": "SEK", "NO": "NOK", "DK": "DKK", "IS": "ISK"}


def local_krona(countries: Collection[str | None]) -> str:
    """The currency "kr" stands for where pay is stated for these countries (as `local_dollar`):
    the krone of Norway, Denmark or Iceland when they are that one country, else SEK."""
    if len(countries) != 1:
        return "SEK"
    (country,) = countries
    return LOCAL_KRONA.get(country or "", "SEK")


def local_dollar(countries: Collection[str | None]) -> str:
    """The currency a bare "$" stands for where pay is stated for these countries (ISO codes; None
    for a place of no one country: "Remote", "EMEA"): the local dollar when they are one country of
    LOCAL_DOLLAR, else USD (no place, several countries, the US, a remote area)."""
    if len(countries) != 1:
        return "USD"
    (country,) = countries
    return LOCAL_DOLLAR.get(country or "", "USD")


# The pesos' scale for the lower bounds of pay by the hour, day, week and month, where CURRENCY_SCALE
# (about the exchange rate) would put them above the local minimum wage: 40 x 17 = 680 MXN a day,
# while Mexico's general minimum wage is 278.80 MXN a day (2025; 315.04 in 2026), so a Mexican
# "$500 por día" was no pay. Each scale puts the lower bounds at or below 80 % of a day's and an
# hour's minimum wage there (2025): Mexico 278.80 MXN a day (34.85 an hour), Colombia 1,423,500 COP a
# month (47,450 a day, about 6,200 an hour), Chile 529,000 CLP a month (about 17,600 a day, 2,800 an
# hour), Argentina's SMVM about 322,000 ARS a month (about 10,700 a day, 1,600 an hour). The yearly
# bound keeps CURRENCY_SCALE: it also decides when a figure with no period is a month's
# (`monthly_by_size`). The other dollars written "$" (CAD, AUD, NZD, SGD, HKD, TWD) need no row.
LOW_SCALE: dict[str, float] = {"MXN": 6, "COP": 900, "CLP": 350, "ARS": 200}


def scale_of(currency: str | None) -> float:
    return CURRENCY_SCALE.get(currency or "", 1.0)


def lowest(period: str, currency: str | None) -> float:
    """The smallest believable amount of pay for the period in the currency (BOUNDS, scaled)."""
    key = currency or ""
    if period != "year" and key in LOW_SCALE:
        return BOUNDS[period][0] * LOW_SCALE[key]
    return BOUNDS[period][0] * CURRENCY_SCALE.get(key, 1.0)


def plausible(amount: float | None, period: str, currency: str | None) -> float | None:
    """The amount when it is a believable figure for the period and currency, else None."""
    if amount is None or not math.isfinite(amount) or amount <= 0:
        return None
    if lowest(period, currency) <= amount <= BOUNDS[period][1] * scale_of(currency):
        return amount
    return None


def tidy_number(value: float) -> float:
    """Whole amounts as ints so they serialise as 150000, not 150000.0; cents kept to two places."""
    rounded = round(value, 2)
    if rounded == int(rounded):
        return int(rounded)
    return rounded


def infer_period(top: float, currency: str | None) -> str | None:
    """The period of an amount that names none: a small one is hourly, one of a month's size there
    monthly (`monthly_by_size`), a believable yearly figure yearly; anything else is too ambiguous
    to guess."""
    scale = scale_of(currency)
    if top <= 500 * scale:
        return "hour"
    if monthly_by_size(top, currency, posting=True):
        return "month"
    if top >= BOUNDS["year"][0] * scale:
        return "year"
    return None


# Currencies whose pay is quoted by the month, and the amount below which a figure without a period
# is a month's pay though the bounds would take it for a year's: a yearly figure under it is below
# that country's full-time minimum wage or far below any tech salary there, and a monthly one is a
# believable tech salary (Israel: 15,000-70,000 NIS a month; the Gulf: AED/SAR 20,000-60,000;
# Singapore SGD 6,000-20,000; Hong Kong HKD 30,000-150,000; Poland's minimum wage is about 58,000 PLN
# a year). The dollar: under 20,000 a year is below the US full-time minimum in most states, and
# remote work paid in dollars abroad is quoted by the month ("$12k"). The other dollars written "$"
# (LOCAL_DOLLAR; a bare "$" is read in them where the posting or the query is: "$12,000" in Toronto)
# the same way: a full-time year at the minimum wage is about 37,000 CAD (federal), 49,000 AUD and
# 49,000 NZD, and about 350,000 TWD (NT$28,590 a month), while a month of tech pay is CAD/AUD/NZD
# 6,000-20,000 and TWD 50,000-300,000. MXN, ARS, CLP and COP need no row: their lowest yearly bound
# (BOUNDS x CURRENCY_SCALE: 170,000 MXN, 9,000,000 ARS/CLP, 40,000,000 COP) is already above a year
# at their minimum wage.
USUALLY_MONTHLY_BELOW: dict[str, float] = {
    "ILS": 100_000,
    "AED": 100_000,
    "SAR": 100_000,
    "SGD": 25_000,
    "HKD": 200_000,
    "PLN": 60_000,
    "USD": 20_000,
    "CAD": 25_000,
    "AUD": 25_000,
    "NZD": 25_000,
    "TWD": 350_000,
}


# Dollars of countries where postings state pay by the year (the US, Canada, Australia, New Zealand).
# There a posting's bare "$12,000", above a year's lower bound, is as likely a stipend, a part-time
# year or a signing sum as a month's pay, and reading it as a month's (144,000 a year) would put it
# in every "150k+" search; so a posting reads the "usual" size there as a year's, as before. A
# query's "$12k" is an agent's shorthand for a month, and a "small" figure is a month's on both sides.
YEARLY_ON_POSTINGS = frozenset({"USD", "CAD", "AUD", "NZD"})


def monthly_by_size(amount: float, currency: str | None, *, posting: bool = False) -> str | None:
    """Why pay stated with no period is a month's by its size in its currency, or None when it is
    not; the one rule of the posting readers (`infer_period`, salary.py) and the query reader
    (watches/query/pay.py), so "AED 45,000" in a Dubai posting and "AED 45k" in a query are both a
    month's pay; a posting (`posting=True`) in YEARLY_ON_POSTINGS' dollars keeps "usual" sizes yearly. "small": below a yearly salary's lower bound there (BOUNDS, scaled) but a
    believable month's pay. "usual": where pay is quoted by the month (USUALLY_MONTHLY_BELOW), above
    that bound but below the currency's lowest believable yearly pay ("40k NIS", "AED 45k", "$12k").
    "€60k", "$150k" or "PLN 240k" stay yearly. Only with a currency: "8k" alone says nothing of its
    scale."""
    if currency is None:
        return None
    if amount < lowest("month", currency):
        return None
    if amount < lowest("year", currency):
        return "small"
    if posting and currency in YEARLY_ON_POSTINGS:
        return None
    if amount < USUALLY_MONTHLY_BELOW.get(currency, 0):
        return "usual"
    return None
