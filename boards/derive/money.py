"""Pay periods, currencies and plausibility bounds shared by the structured and the text salary
readers, so both agree on what a believable salary is and how it is annualised."""

from __future__ import annotations

import math
from collections.abc import Collection

# Factor from one period to a year: 52 weeks, 260 working days (52 x 5), 2080 working hours
# (52 x 40). These are the conventions US pay-transparency notices use.
ANNUAL_FACTOR: dict[str, int] = {"year": 1, "month": 12, "week": 52, "day": 260, "hour": 2080}

# Plausible amounts per period, in a currency worth roughly one US dollar (inclusive). A bound
# outside its range is dropped: "$5 - $10 off lunch" is not an hourly wage and "$20,000,000" is
# not a yearly one.
BOUNDS: dict[str, tuple[float, float]] = {
    "year": (10_000, 5_000_000),
    "month": (500, 400_000),
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


def local_dollar(countries: Collection[str | None]) -> str:
    """The currency a bare "$" stands for where pay is stated for these countries (ISO codes; None
    for a place of no one country: "Remote", "EMEA"): the local dollar when they are one country of
    LOCAL_DOLLAR, else USD (no place, several countries, the US, a remote area)."""
    if len(countries) != 1:
        return "USD"
    (country,) = countries
    return LOCAL_DOLLAR.get(country or "", "USD")


def scale_of(currency: str | None) -> float:
    return CURRENCY_SCALE.get(currency or "", 1.0)


def plausible(amount: float | None, period: str, currency: str | None) -> float | None:
    """The amount when it is a believable figure for the period and currency, else None."""
    if amount is None or not math.isfinite(amount) or amount <= 0:
        return None
    low, high = BOUNDS[period]
    scale = scale_of(currency)
    if low * scale <= amount <= high * scale:
        return amount
    return None


def tidy_number(value: float) -> float:
    """Whole amounts as ints so they serialise as 150000, not 150000.0; cents kept to two places."""
    rounded = round(value, 2)
    if rounded == int(rounded):
        return int(rounded)
    return rounded


def infer_period(top: float, currency: str | None) -> str | None:
    """The period of an amount that names none: a believable yearly figure is yearly, a small one
    hourly; anything in between is too ambiguous to guess."""
    scale = scale_of(currency)
    if top >= BOUNDS["year"][0] * scale:
        return "year"
    if top <= 500 * scale:
        return "hour"
    return None
