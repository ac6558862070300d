"""A bare "$" is the local dollar where every place of the posting is in one country whose currency
is written "$" (money.LOCAL_DOLLAR): a Toronto posting's "Salary: $120,000 – $150,000", written so
under Canada's pay-transparency rules, is in Canadian dollars. A code beside the figure or a dollar
named anywhere in the text decides instead; a remote posting, places in several countries or no
places leave "$" the US dollar; structured pay keeps its own currency. Rules in
docs/derived-fields.md "Currency"."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards.derive import derive_job
from boards.derive.money import LOCAL_DOLLAR, local_dollar
from boards.sources.base import Posting, StructuredSalary

TORONTO_PAY = "Salary: $120,000 – $150,000"


def _posting(location: str, description: str, *, others: tuple[str, ...] = (), **fields: object) -> Posting:
    return Posting(
        id="1",
        title=str(fields.pop("title", "Data Engineer")),
        company="Acme",
        location=location,
        other_locations=list(others),
        url="https://example.com/jobs/1",
        description=description,
        **fields,  # type: ignore[arg-type]
    )


def _currency_of(location: str, description: str, others: tuple[str, ...] = ()) -> str | None:
    salary = derive_job(_posting(location, description, others=others), platform="greenhouse").salary
    return salary.currency if salary is not None else None


# (location, other locations, description) → the currency read.
CASES: list[tuple[str, tuple[str, ...], str, str | None]] = [
    ("Toronto, ON", (), TORONTO_PAY, "CAD"),
    ("Toronto", (), TORONTO_PAY, "CAD"),
    ("Vancouver, BC, Canada", ("Montreal, QC",), TORONTO_PAY, "CAD"),
    ("Remote - Canada", (), TORONTO_PAY, "CAD"),
    ("Hybrid - Toronto", (), "The pay range for this role is $95k-$115k.", "CAD"),
    ("Sydney, NSW", (), "$180,000 - $200,000 + super", "AUD"),
    ("Melbourne, Australia", (), "Base salary: $150k", "AUD"),
    ("Auckland", (), "Salary: $110,000 – $130,000", "NZD"),
    ("Singapore", (), "Monthly salary: $8,000 - $11,000", "SGD"),
    ("Hong Kong", (), "Salary: $60,000 - $80,000 per month", "HKD"),
    ("Mexico City", (), "Sueldo: $600,000 - $800,000 anual", "MXN"),
    ("Buenos Aires", (), "Salario: $1.500.000 - $2.000.000 per month", "ARS"),
    ("Santiago, Chile", (), "Sueldo: $2.000.000 - $2.500.000 per month", "CLP"),
    # A code beside the figure, or a dollar named anywhere in the text, decides.
    ("Toronto, ON", (), "$150K–$200K USD", "USD"),
    ("Toronto, ON", (), "$150K–$200K CAD", "CAD"),
    ("New York, NY", (), "$150K–$200K CAD", "CAD"),
    ("Toronto, ON", (), TORONTO_PAY + ". All compensation is paid in USD.", "USD"),
    ("Toronto, ON", (), TORONTO_PAY + " (US$ for US hires)", "USD"),
    ("Toronto, ON", (), TORONTO_PAY + ", paid in US dollars", "USD"),
    ("Toronto, ON", (), TORONTO_PAY + " CAD", "CAD"),
    ("Toronto, ON", (), "Salary: CA$120,000 – $150,000", "CAD"),
    ("Sydney", (), "A$135K – A$168K", "AUD"),
    ("Toronto, ON", (), "Salary: A$120,000 – $150,000", "AUD"),
    ("Toronto, ON", (), "€60k", "EUR"),
    # The US dollar as before: the US, its territories, countries paid in US dollars, a remote or
    # many-country posting, no place.
    ("New York, NY", (), TORONTO_PAY, "USD"),
    ("San Juan, Puerto Rico", (), TORONTO_PAY, "USD"),
    ("Quito, Ecuador", (), TORONTO_PAY, "USD"),
    ("San Salvador, El Salvador", (), TORONTO_PAY, "USD"),
    ("Panama City, Panama", (), TORONTO_PAY, "USD"),
    ("Remote", (), TORONTO_PAY, "USD"),
    ("Remote - US", (), TORONTO_PAY, "USD"),
    ("Toronto, ON", ("New York, NY",), TORONTO_PAY, "USD"),
    ("Toronto, ON", ("Remote",), TORONTO_PAY, "USD"),
    ("Sydney", ("Auckland",), TORONTO_PAY, "USD"),
    ("", (), TORONTO_PAY, "USD"),
    ("Head office", (), TORONTO_PAY, "USD"),
    ("London, UK", (), TORONTO_PAY, "USD"),
    # No pay stays no pay.
    ("Toronto, ON", (), "We raised $50M in our Series B.", None),
]


@pytest.mark.parametrize(("location", "others", "description", "currency"), CASES)
def test_a_bare_dollar_is_the_dollar_of_the_postings_one_country(
    location: str, others: tuple[str, ...], description: str, currency: str | None
) -> None:
    assert _currency_of(location, description, others) == currency


# A Mexican posting's Spanish period (boards/derive/salary_patterns.py UNIT, ADVERB, LABEL_PERIOD):
# without it a monthly "$30,000" is no believable yearly MXN salary and the posting had none.
# description → (min, max, period, annual_min).
MEXICAN_PERIODS: list[tuple[str, tuple[float | None, float | None, str, float | None]]] = [
    ("Sueldo: $30,000 mensuales", (30000, 30000, "month", 360000)),
    ("Sueldo: $30,000 - $40,000 al mes", (30000, 40000, "month", 360000)),
    ("$30,000 brutos mensuales", (30000, 30000, "month", 360000)),
    ("Salario mensual: $30,000 - $45,000", (30000, 45000, "month", 360000)),
    ("$30,000/mes + prestaciones de ley", (30000, 30000, "month", 360000)),
    ("$1,500 por día", (1500, 1500, "day", 390000)),
    ("$250 por hora", (250, 250, "hour", 520000)),
    ("Pago por hora: $250", (250, 250, "hour", 520000)),
    ("$600,000 - $800,000 anuales", (600000, 800000, "year", 600000)),
    ("$600,000 al año", (600000, 600000, "year", 600000)),
    ("$8,000 a la semana", (8000, 8000, "week", 416000)),
    # Near Mexico's minimum wage (278.80 MXN a day in 2025): pay (money.LOW_SCALE).
    ("$500 por día", (500, 500, "day", 130000)),
    ("Sueldo: $300 por día", (300, 300, "day", 78000)),
    ("$40 por hora", (40, 40, "hour", 83200)),
    ("$2,000 a la semana", (2000, 2000, "week", 104000)),
    # Paid twice a month: a "quincena" is half a month (money.ANNUAL_FACTOR "half_month", 24 a year).
    ("Sueldo: $15,000 quincenal", (15000, 15000, "half_month", 360000)),
    ("$12,000 - $15,000 quincenales", (12000, 15000, "half_month", 288000)),
    ("Sueldo: $15,000 por quincena", (15000, 15000, "half_month", 360000)),
    ("$15,000 a la quincena", (15000, 15000, "half_month", 360000)),
    ("Sueldo quincenal: $15,000", (15000, 15000, "half_month", 360000)),
    # A period after a part of the package joined by "+" or "más" is that part's: the bonus is yearly,
    # the pay (no period of its own) a month's by its size.
    ("Sueldo: $30,000 + bono anual", (30000, 30000, "month", 360000)),
    ("Sueldo: $30,000 más bono anual", (30000, 30000, "month", 360000)),
    ("Sueldo: $30,000 mensuales + bono anual", (30000, 30000, "month", 360000)),
]


@pytest.mark.parametrize(("description", "expected"), MEXICAN_PERIODS)
def test_a_spanish_period_is_read_in_the_local_dollar(
    description: str, expected: tuple[float | None, float | None, str, float | None]
) -> None:
    salary = derive_job(_posting("Mexico City", description), platform="greenhouse").salary
    assert salary is not None
    assert (salary.min, salary.max, salary.period, salary.annual_min) == expected
    assert salary.currency == "MXN"


# Pay at the minimum wage of the peso countries is believable pay there (money.LOW_SCALE); below it
# is not. (location, description) → (min, period, currency), or None.
PESO_MINIMUMS: list[tuple[str, str, tuple[float, str, str] | None]] = [
    ("Bogotá, Colombia", "Salario: $1.423.500 mensuales", (1423500, "month", "COP")),
    ("Bogotá, Colombia", "$60.000 por día", (60000, "day", "COP")),
    ("Santiago, Chile", "$20.000 por día", (20000, "day", "CLP")),
    ("Buenos Aires", "$15.000 por día", (15000, "day", "ARS")),
    ("Mexico City", "$200 por día", None),
    ("Mexico City", "$20 por hora", None),
]


@pytest.mark.parametrize(("location", "description", "expected"), PESO_MINIMUMS)
def test_a_day_at_the_minimum_wage_is_pay_in_pesos(
    location: str, description: str, expected: tuple[float, str, str] | None
) -> None:
    salary = derive_job(_posting(location, description), platform="greenhouse").salary
    assert (None if salary is None else (salary.min, salary.period, salary.currency)) == expected


# With no period, a figure too small for a year's pay in the local dollar is a month's, as the query
# reader reads it (money.monthly_by_size): "$8k Toronto" asks for 96,000 CAD a year. Where postings
# state pay by the year (money.YEARLY_ON_POSTINGS: the US, Canada, Australia, New Zealand) a figure
# above a year's lower bound stays a year's on a posting; where pay is quoted by the month
# (Singapore, Mexico) it is a month's below the usual bound too.
# (location, description) → (min, max, currency, period, annual_min).
NO_PERIOD: list[tuple[str, str, tuple[float, float, str, str, float]]] = [
    ("Mexico City", "Sueldo: $30,000", (30000, 30000, "MXN", "month", 360000)),
    ("Toronto, ON", "Salary: $8,000", (8000, 8000, "CAD", "month", 96000)),
    ("Toronto, ON", "Toronto $8,000", (8000, 8000, "CAD", "month", 96000)),
    ("Toronto, ON", "Salary: $12,000", (12000, 12000, "CAD", "year", 12000)),
    ("Sydney, NSW", "Salary: $8,000 - $9,500", (8000, 9500, "AUD", "month", 96000)),
    ("Sydney, NSW", "Salary: $12,000 - $15,000", (12000, 15000, "AUD", "year", 12000)),
    ("Singapore", "Salary: $8,000", (8000, 8000, "SGD", "month", 96000)),
    ("Singapore", "Salary: $12,000", (12000, 12000, "SGD", "month", 144000)),
    ("Toronto, ON", "Salary: $30,000", (30000, 30000, "CAD", "year", 30000)),
    ("New York, NY", "Salary: $8,000", (8000, 8000, "USD", "month", 96000)),
    ("New York, NY", "Salary: $12,000", (12000, 12000, "USD", "year", 12000)),
]


@pytest.mark.parametrize(("location", "description", "expected"), NO_PERIOD)
def test_a_figure_too_small_for_a_year_in_the_local_dollar_is_a_month(
    location: str, description: str, expected: tuple[float, float, str, str, float]
) -> None:
    salary = derive_job(_posting(location, description), platform="greenhouse").salary
    assert salary is not None
    assert (salary.min, salary.max, salary.currency, salary.period, salary.annual_min) == expected


def test_the_figures_are_read_as_before_in_the_local_dollar() -> None:
    salary = derive_job(_posting("Toronto, ON", TORONTO_PAY), platform="greenhouse").salary
    assert salary is not None
    assert (salary.min, salary.max, salary.currency, salary.period) == (120000, 150000, "CAD", "year")
    assert (salary.annual_min, salary.annual_max) == (120000, 150000)


def test_a_title_stating_pay_is_read_in_the_local_dollar() -> None:
    posting = _posting("Toronto, ON", "", title="Data Engineer - $120k")
    salary = derive_job(posting, platform="greenhouse").salary
    assert salary is not None and salary.currency == "CAD"


def test_structured_pay_keeps_its_currency() -> None:
    stated = StructuredSalary(min=120000, max=150000, currency="USD", period="year")
    posting = _posting("Toronto, ON", TORONTO_PAY, salary=stated)
    salary = derive_job(posting, platform="greenhouse").salary
    assert salary is not None and salary.currency == "USD"


def test_the_table_keeps_the_us_dollar_countries_out() -> None:
    for country in ("US", "PR", "GU", "EC", "SV", "PA", "TL", "BR"):
        assert country not in LOCAL_DOLLAR
    assert local_dollar({"CA"}) == "CAD"
    assert local_dollar({"CA", None}) == "USD"
    assert local_dollar(set()) == "USD"


# "kr" is the krona or krone of the posting's places, as "$" their dollar (money.local_krona); a code
# beside the figure decides. (location, other locations, description) → the currency read.
KRONA: list[tuple[str, tuple[str, ...], str, str | None]] = [
    ("Stockholm", (), "Lön: 45 000 kr/mån", "SEK"),
    ("Oslo", (), "Lønn: 45 000 kr/mnd", "NOK"),
    ("Oslo, Norway", (), "Lønn: kr 600 000 per år", "NOK"),
    ("Copenhagen", (), "Løn: kr. 45.000 om måneden", "DKK"),
    ("Reykjavík, Iceland", (), "Laun: 900.000 kr", "ISK"),
    ("Oslo", (), "Lønn: SEK 45 000 per måned", "SEK"),
    # No place, several countries or a place elsewhere: the Swedish krona, as the query reads it.
    ("", (), "45 000 kr/mnd", "SEK"),
    ("Oslo", ("Stockholm",), "45 000 kr/mnd", "SEK"),
    ("Remote", (), "45 000 kr/mnd", "SEK"),
    # "kr" inside a word is no currency.
    ("Oslo", (), "Kraft: 45 000 brukere", None),
]


@pytest.mark.parametrize(("location", "others", "description", "currency"), KRONA)
def test_kr_is_the_krona_or_krone_of_the_postings_one_country(
    location: str, others: tuple[str, ...], description: str, currency: str | None
) -> None:
    assert _currency_of(location, description, others) == currency


FIGURES = st.integers(min_value=80, max_value=400).map(lambda n: f"${n}k")
DOLLAR_PLACES = st.sampled_from(
    ["Toronto, ON", "Sydney", "Auckland", "Singapore", "Mexico City", "New York, NY", "Remote", ""]
)
CODES = st.sampled_from(["USD", "CAD", "AUD", "NZD", "SGD", "HKD", "EUR", "GBP", "CHF"])


@settings(max_examples=150, deadline=None)
@given(DOLLAR_PLACES, FIGURES, CODES, st.sampled_from(["Salary: {} {}", "{} {} base", "Pay range: {} ({})"]))
def test_a_code_written_beside_the_figure_always_wins(location: str, figure: str, code: str, shape: str) -> None:
    description = shape.format(figure, code)
    assert _currency_of(location, description) == code


@settings(max_examples=150, deadline=None)
@given(
    st.one_of(DOLLAR_PLACES, st.text(max_size=30)),
    st.lists(st.one_of(DOLLAR_PLACES, st.text(max_size=20)), max_size=3),
    st.lists(
        st.sampled_from(["$", "$120,000", " – ", "CAD", "USD", "US$", "A$", "k", "Salary: ", "1.000", " "]), max_size=12
    ).map("".join)
    | st.text(max_size=60),
)
def test_bad_input_never_raises(location: str, others: list[str], description: str) -> None:
    derive_job(_posting(location, description, others=tuple(others)), platform="greenhouse")
