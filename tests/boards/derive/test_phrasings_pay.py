"""Pay as people write it (issue 17): a stated period marks pay even without a currency, a figure
followed by the rest of the package is still the figure, "up to" one figure is a maximum, and the
platform's structured pay is never mixed with the text's. Each class has phrasings that must be
read and phrasings that must never be read as pay. The rules are in docs/derived-fields.md."""

from __future__ import annotations

import pytest

from boards.derive import derive_job
from boards.derive.salary import salary_from_text
from boards.sources.base import Posting, StructuredSalary

# (min, max, currency, period)
Pay = tuple[float | None, float | None, str | None, str]

# A period right after the figure marks it as pay; no currency is named, so none is set.
PERIOD_WITHOUT_CURRENCY: list[tuple[str, Pay]] = [
    ("48,000 - 56,000 per year", (48000, 56000, None, "year")),
    ("Salary: 48,000 - 56,000 per year", (48000, 56000, None, "year")),
    ("30-35 per hour", (30, 35, None, "hour")),
    ("2,000+ weekly", (2000, None, None, "week")),
    ("18.50 p/hr", (18.5, 18.5, None, "hour")),
    ("22 ph", (22, 22, None, "hour")),
    ("£22 ph", (22, 22, "GBP", "hour")),
    ("£12.50ph", (12.5, 12.5, "GBP", "hour")),
    ("Hourly: 22-26 p/h", (22, 26, None, "hour")),
    ("900 per wk", (900, 900, None, "week")),
    ("£500 per wk", (500, 500, "GBP", "week")),
    ("£450 pw", (450, 450, "GBP", "week")),
    ("£1,800 pcm", (1800, 1800, "GBP", "month")),
    ("45,000 p.a.", (45000, 45000, None, "year")),
    ("45,000 pa", (45000, 45000, None, "year")),
    ("60-70k p.a.", (60000, 70000, None, "year")),
    ("£45k pa", (45000, 45000, "GBP", "year")),
    ("17.50 an hour", (17.5, 17.5, None, "hour")),
    ("Pay: 15.50 - 17.00 an hour", (15.5, 17, None, "hour")),
    ("20.00 per hr", (20, 20, None, "hour")),
    ("19.50/hr", (19.5, 19.5, None, "hour")),
    ("19.50 / hour", (19.5, 19.5, None, "hour")),
    ("Rate: 45 - 55 per hour", (45, 55, None, "hour")),
    ("12 per hour", (12, 12, None, "hour")),
    ("50,000 to 60,000 annually", (50000, 60000, None, "year")),
    ("60000 per annum", (60000, 60000, None, "year")),
    ("28,000 - 32,000 per annum pro rata", (28000, 32000, None, "year")),
    # "bi-weekly" and "semi-monthly" are found as "biweekly" is: at the period's whole hyphenated word.
    ("2,000 bi-weekly", (2000, 2000, None, "two_weeks")),
    ("Rate: 1,500 - 1,800 bi-weekly", (1500, 1800, None, "two_weeks")),
    ("2,000 biweekly", (2000, 2000, None, "two_weeks")),
    ("1,500 semi-monthly", (1500, 1500, None, "half_month")),
    ("3,500 per month", (3500, 3500, None, "month")),
    ("4,000 - 5,000 monthly", (4000, 5000, None, "month")),
    ("2,500 - 3,000 a month", (2500, 3000, None, "month")),
    ("Weekly pay: 1,200 - 1,500", (1200, 1500, None, "week")),
    ("From 60,000 per year", (60000, None, None, "year")),
    ("Day rate: 500 - 600 per day", (500, 600, None, "day")),
    ("Salary: 55,000 - 65,000 per annum + bonus", (55000, 65000, None, "year")),
    ("up to 55k per annum", (None, 55000, None, "year")),
    # Period words in German, French and Dutch after a currency.
    ("€3.500 - €4.200 brutto monatlich", (3500, 4200, "EUR", "month")),
    ("€4.200 pro Monat", (4200, 4200, "EUR", "month")),
    ("€55.000 pro Jahr", (55000, 55000, "EUR", "year")),
    ("60.000 € brutto im Jahr", (60000, 60000, "EUR", "year")),
    ("45 000 € par an", (45000, 45000, "EUR", "year")),
    ("€ 3.800 bruto per maand", (3800, 3800, "EUR", "month")),
    ("EUR 25 pro Stunde", (25, 25, "EUR", "hour")),
    ("€52.000 jährlich", (52000, 52000, "EUR", "year")),
    ("3 800 € brut mensuelle", (3800, 3800, "EUR", "month")),
    # Spanish and Portuguese periods after a currency.
    ("MXN 30,000 mensuales", (30000, 30000, "MXN", "month")),
    ("MXN 30,000 - 40,000 brutos mensuales", (30000, 40000, "MXN", "month")),
    ("$3,000 al mes", (3000, 3000, "USD", "month")),
    ("$3,000 - $4,000 por mes", (3000, 4000, "USD", "month")),
    ("$60,000 al año", (60000, 60000, "USD", "year")),
    ("$60,000 anuales", (60000, 60000, "USD", "year")),
    ("$25 por hora", (25, 25, "USD", "hour")),
    ("$300 por día", (300, 300, "USD", "day")),
    ("$1,000 a la semana", (1000, 1000, "USD", "week")),
    ("R$ 8.000 por mês", (8000, 8000, "BRL", "month")),
    ("R$ 8.000 - R$ 10.000 mensais", (8000, 10000, "BRL", "month")),
    ("R$ 120.000 ao ano", (120000, 120000, "BRL", "year")),
    ("Salario mensual: MXN 30,000", (30000, 30000, "MXN", "month")),
    # Paid twice a month ("quincena", Portuguese "quinzena"): a period of its own, 24 a year.
    ("MXN 15,000 quincenales", (15000, 15000, "MXN", "half_month")),
    ("MXN 12,000 - 15,000 quincenal", (12000, 15000, "MXN", "half_month")),
    ("R$ 2.500 quinzenal", (2500, 2500, "BRL", "half_month")),
    ("R$ 2.500 por quinzena", (2500, 2500, "BRL", "half_month")),
    ("Salário quinzenal: R$ 2.500", (2500, 2500, "BRL", "half_month")),
    # Every two weeks (the US "biweekly", the UK's "fortnightly"): 26 a year; "semi-monthly" is 24.
    ("$2,000 - $2,400 biweekly", (2000, 2400, "USD", "two_weeks")),
    ("$2,000 bi-weekly", (2000, 2000, "USD", "two_weeks")),
    ("£1,500 fortnightly", (1500, 1500, "GBP", "two_weeks")),
    ("A$3,200 per fortnight", (3200, 3200, "AUD", "two_weeks")),
    ("Biweekly pay: $2,100", (2100, 2100, "USD", "two_weeks")),
    ("$3,000 semi-monthly", (3000, 3000, "USD", "half_month")),
    ("Semimonthly salary: $3,000", (3000, 3000, "USD", "half_month")),
    # Italian and Dutch periods after a currency (the query reader reads the same words: watches/query/pay.py).
    ("Stipendio: 45.000 € lordi annui", (45000, 45000, "EUR", "year")),
    ("RAL 40.000 € annui", (40000, 40000, "EUR", "year")),
    ("45.000 € all'anno", (45000, 45000, "EUR", "year")),
    ("€ 3.000 al mese", (3000, 3000, "EUR", "month")),
    ("€ 2.500 - € 3.000 mensili", (2500, 3000, "EUR", "month")),
    ("€ 4.000 maandelijks", (4000, 4000, "EUR", "month")),
    # Swedish, Norwegian and Danish periods (the query reader's "kr/mån", "om måneden" are these words).
    ("SEK 55 000 per månad", (55000, 55000, "SEK", "month")),
    ("Lön: 55 000 - 65 000 SEK/mån", (55000, 65000, "SEK", "month")),
    ("NOK 60 000 i måneden", (60000, 60000, "NOK", "month")),
    ("DKK 50.000 om måneden", (50000, 50000, "DKK", "month")),
    ("SEK 660 000 per år", (660000, 660000, "SEK", "year")),
    ("NOK 720 000 årlig", (720000, 720000, "NOK", "year")),
    # "kr" before or after the figure: the Swedish krona where no place says otherwise (the posting's places
    # decide in derive_job: tests/boards/derive/test_phrasings_pay_local_dollar.py).
    ("Lön: 45 000 kr/mån", (45000, 45000, "SEK", "month")),
    ("45 000 - 55 000 kr per månad", (45000, 55000, "SEK", "month")),
    ("Lön: kr 600 000 per år", (600000, 600000, "SEK", "year")),
    ("Kr. 45.000 om måneden", (45000, 45000, "SEK", "month")),
    ("45000kr/mnd", (45000, 45000, "SEK", "month")),
    # A period after another figure is that figure's, not the first one's (a range's second end is part of it).
    ("Salary: 120k, or 60 000 kr/mnd", (120000, 120000, None, "year")),
    ("Salary: €65k (2 days remote) per year", (65000, 65000, "EUR", "year")),
    ("Salary: $120,000, $10,000 per month in the first year", (120000, 120000, "USD", "year")),
    ("$1,000 weekly", (1000, 1000, "USD", "week")),
]

# A figure with a currency and no period that is too small for a year's pay there is a month's, as
# the query reader reads it (money.monthly_by_size: below a year's lower bound, or where pay is
# quoted by the month below USUALLY_MONTHLY_BELOW); a believable yearly figure stays yearly.
NO_PERIOD: list[tuple[str, Pay]] = [
    ("Salary: $8,000", (8000, 8000, "USD", "month")),
    ("Salary: $8,000 - $9,500", (8000, 9500, "USD", "month")),
    # A posting in dollars stated by the year (money.YEARLY_ON_POSTINGS): $12,000 is no month's pay.
    ("Salary: $12,000", (12000, 12000, "USD", "year")),
    ("Salary: $15,000 - $19,000", (15000, 19000, "USD", "year")),
    ("Salary: $15,000 - $25,000", (15000, 25000, "USD", "year")),
    ("Salary: $25,000", (25000, 25000, "USD", "year")),
    ("Salary: €4.500", (4500, 4500, "EUR", "month")),
    ("Salary: 18 000 PLN", (18000, 18000, "PLN", "month")),
    ("Salary: AED 45,000", (45000, 45000, "AED", "month")),
    ("Salary: CA$8,000", (8000, 8000, "CAD", "month")),
    ("Salary: CA$12,000", (12000, 12000, "CAD", "year")),
    ("Salary: S$9,000", (9000, 9000, "SGD", "month")),
    ("€60k", (60000, 60000, "EUR", "year")),
    ("Salary: PLN 240,000", (240000, 240000, "PLN", "year")),
]

# The figure followed by the rest of the package; "up to" one figure is only a maximum.
PACKAGE: list[tuple[str, Pay]] = [
    ("$95k + bonus", (95000, 95000, "USD", "year")),
    ("$120,000 plus equity", (120000, 120000, "USD", "year")),
    ("£60,000 plus 10% pension", (60000, 60000, "GBP", "year")),
    ("A$140,000 + super", (140000, 140000, "AUD", "year")),
    ("AU$150,000 + super", (150000, 150000, "AUD", "year")),
    ("$130,000 inclusive of superannuation", (130000, 130000, "USD", "year")),
    ("$110,000 inclusive of super", (110000, 110000, "USD", "year")),
    ("$95,000 excluding superannuation", (95000, 95000, "USD", "year")),
    ("up to $180K package", (None, 180000, "USD", "year")),
    ("Package: up to $180K", (None, 180000, "USD", "year")),
    ("$180K package", (180000, 180000, "USD", "year")),
    ("$90,000 (0.8 FTE)", (90000, 90000, "USD", "year")),
    ("€70.000 zzgl. Bonus", (70000, 70000, "EUR", "year")),
    ("€55.000 - €65.000 zzgl. variabler Vergütung", (55000, 65000, "EUR", "year")),
    ("$100,000 +", (100000, None, "USD", "year")),
    ("Salary: $100,000 +", (100000, None, "USD", "year")),
    ("$100,000+", (100000, None, "USD", "year")),
    ("up to $180,000", (None, 180000, "USD", "year")),
    ("Up to £50k", (None, 50000, "GBP", "year")),
    ("Salary: up to £45,000 per annum", (None, 45000, "GBP", "year")),
    ("Up to $45/hr", (None, 45, "USD", "hour")),
    ("Starting at $22/hr", (22, None, "USD", "hour")),
    ("$85,000 - $95,000 + bonus + equity", (85000, 95000, "USD", "year")),
    ("$95k base + 15% bonus", (95000, 95000, "USD", "year")),
    ("£35,000 - £40,000 + benefits", (35000, 40000, "GBP", "year")),
    ("£40k + car allowance", (40000, 40000, "GBP", "year")),
    ("£45k pa + bonus", (45000, 45000, "GBP", "year")),
    ("$160K OTE", (160000, 160000, "USD", "year")),
    ("$200K+ OTE", (200000, None, "USD", "year")),
    ("$70,000 DOE", (70000, 70000, "USD", "year")),
    ("$75,000 - $85,000 DOE", (75000, 85000, "USD", "year")),
    ("£40,000 - £45,000 (pro rata)", (40000, 45000, "GBP", "year")),
    ("£25,000 (pro rata)", (25000, 25000, "GBP", "year")),
    ("$65,000 per year + commission", (65000, 65000, "USD", "year")),
    ("€80k + 20% bonus", (80000, 80000, "EUR", "year")),
    ("CHF 120'000 + Bonus", (120000, 120000, "CHF", "year")),
    ("NZ$110,000 + KiwiSaver", (110000, 110000, "NZD", "year")),
    ("$25/hr + tips", (25, 25, "USD", "hour")),
    ("$30/hour + benefits", (30, 30, "USD", "hour")),
    ("$25 per hour plus tips", (25, 25, "USD", "hour")),
    ("$45 - $55 per hour + benefits", (45, 55, "USD", "hour")),
    ("$150k - $170k + equity + bonus", (150000, 170000, "USD", "year")),
    ("From £35,000 per annum", (35000, None, "GBP", "year")),
    # A period after the joined part is that part's, not the figure's ("annual" of the bonus).
    ("Salary: $8,000 + annual bonus", (8000, 8000, "USD", "month")),
    ("MXN 30,000 + bono anual", (30000, 30000, "MXN", "month")),
    ("R$ 8.000 + bônus anual", (8000, 8000, "BRL", "month")),
    ("$150,000 plus 10% bonus annually", (150000, 150000, "USD", "year")),
    ("Salary: $100,000 + annually", (100000, 100000, "USD", "year")),
    ("$30/hr + annual bonus", (30, 30, "USD", "hour")),
    ("£35,000+ p.a.", (35000, None, "GBP", "year")),
]

# Figures next to a period or a package word that are not pay.
NEVER: list[str] = [
    "We handle 50,000 requests per year",
    "10,000 requests per second",
    "Processing 2,000 orders per day",
    "We ship 30-35 releases per year",
    "Serve 1,000 customers per month",
    "3 days per week in the office",
    "The role requires 40 hours per week",
    "2 weeks per year of paid leave",
    "25 days per year holiday",
    "Up to 5 days per month remote",
    "We hire 200 people per year",
    "5-10 per hour interviews",
    "Open 24 hours a day, 7 days a week",
    "20 per cent discount",
    "1,500 yearly learning budget",
    "$1,500 yearly learning budget",
    "300 monthly active users",
    "2,000+ weekly active users",
    "4 weeks per year paid time off",
    "1-2 days per week travel",
    "a 500 per month phone allowance",
    "£250 per month car allowance",
    "$100 per month wellness stipend",
    "Over 1,200 hours per year of training",
    "€300 per year for books",
    "We process 12,000 tickets a month",
    "Handle 40 calls per hour",
    "Lift up to 50 lbs per hour",
    "Travel 10-20% per year",
    "Type 60 words per minute",
    "Drive 150 miles per day",
    "We donate 1,000 per year to charity",
    "We work 5 days pro week",
    "We hold 2 bi-weekly syncs",
    "Join 3 semi-monthly reviews",
    "a $10,000+ relocation bonus",
    "a $5,000 signing bonus plus equity",
    "We raised $20M + more",
    "MXN 30,000 bono anual",
    "Bono anual de MXN 30,000",
]


@pytest.mark.parametrize(("text", "expected"), PERIOD_WITHOUT_CURRENCY + NO_PERIOD + PACKAGE)
def test_pay_is_read(text: str, expected: Pay) -> None:
    salary = salary_from_text(text)
    assert salary is not None
    assert (salary.min, salary.max, salary.currency, salary.period) == expected
    assert salary.source == "text"


@pytest.mark.parametrize("text", NEVER)
def test_figures_that_are_not_pay_are_never_read(text: str) -> None:
    assert salary_from_text(text) is None


@pytest.mark.parametrize(
    "structured",
    [
        StructuredSalary(min=120000, max=140000, currency="USD", period="year"),
        StructuredSalary(min=120000, max=None, currency=None, period="year"),
        StructuredSalary(min=None, max=140000, currency="USD", period="year"),
    ],
)
def test_structured_pay_wins_and_the_text_is_not_mixed_in(structured: StructuredSalary) -> None:
    """The text says £60k-£80k a year; the platform's fields win whole: no end, currency or period
    of the text fills a gap in them."""
    posting = Posting(id="1", title="Engineer", description="Salary: £60,000 - £80,000 per annum", salary=structured)
    job = derive_job(posting, platform="greenhouse")
    assert job.salary is not None
    assert (job.salary.min, job.salary.max, job.salary.currency, job.salary.period, job.salary.source) == (
        structured.min,
        structured.max,
        structured.currency,
        structured.period,
        "structured",
    )
