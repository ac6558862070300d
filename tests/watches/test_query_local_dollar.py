"""The query reader's bare "$" where the query's places are all in one country whose currency is
written "$" (docs/queries.md): "data engineer Toronto $120k" is 120,000 CAD, as the posting reader
reads a Toronto posting's "$120,000" (boards/derive/salary.py). A code written beside the figure
decides; a query with no place, places in several countries or in the US keeps the US dollar.

Each row is (query, the filters expected, without `include_unknown`, which is always true here).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.watches.reading import NOW, posting_row, read_filters
from watches.filters import filters_match
from watches.query import interpret

LOCAL_DOLLAR: list[tuple[str, dict[str, Any]]] = [
    (
        "data engineer Toronto $120k",
        {"keywords": ["data"], "locations": ["toronto"], "min_salary": 120000, "salary_currency": "CAD"},
    ),
    ("Toronto $120k", {"locations": ["toronto"], "min_salary": 120000, "salary_currency": "CAD"}),
    ("$120k Toronto", {"locations": ["toronto"], "min_salary": 120000, "salary_currency": "CAD"}),
    ("Sydney, $180k+", {"locations": ["sydney"], "min_salary": 180000, "salary_currency": "AUD"}),
    ("remote Canada, $120k", {"remote_from": ["canada"], "min_salary": 120000, "salary_currency": "CAD"}),
    ("Auckland $110k", {"locations": ["auckland"], "min_salary": 110000, "salary_currency": "NZD"}),
    ("$90/hr Vancouver", {"locations": ["vancouver"], "min_salary": 187200, "salary_currency": "CAD"}),
    (
        "Toronto or Montreal, at least $130k",
        {"locations": ["toronto", "montreal"], "min_salary": 130000, "salary_currency": "CAD"},
    ),
    # The size in the local dollar decides the period, as for a code written: a month's pay in SGD.
    ("Singapore $8k", {"locations": ["singapore"], "min_salary": 96000, "salary_currency": "SGD"}),
    # ... and in CAD, AUD, NZD and TWD, below a full-time year at the minimum wage there
    # (money.USUALLY_MONTHLY_BELOW): "$12k Toronto" is no yearly pay in Canada.
    ("$12k Toronto", {"locations": ["toronto"], "min_salary": 144000, "salary_currency": "CAD"}),
    ("Toronto $22k", {"locations": ["toronto"], "min_salary": 264000, "salary_currency": "CAD"}),
    ("Sydney $20k", {"locations": ["sydney"], "min_salary": 240000, "salary_currency": "AUD"}),
    ("Auckland $15k", {"locations": ["auckland"], "min_salary": 180000, "salary_currency": "NZD"}),
    ("Taipei $80k", {"locations": ["taipei"], "min_salary": 960000, "salary_currency": "TWD"}),
    ("Taipei $300k", {"locations": ["taipei"], "min_salary": 3600000, "salary_currency": "TWD"}),
    ("Mexico City $30k", {"locations": ["mexico city"], "min_salary": 360000, "salary_currency": "MXN"}),
    # Spanish periods, as the posting reader reads them: a day's pay at Mexico's minimum wage is pay.
    ("$500 por día Mexico City", {"locations": ["mexico city"], "min_salary": 130000, "salary_currency": "MXN"}),
    ("Guadalajara, $40 por hora", {"locations": ["guadalajara"], "min_salary": 83200, "salary_currency": "MXN"}),
    (
        "Monterrey $2,000 a la semana",
        {"locations": ["monterrey"], "min_salary": 104000, "salary_currency": "MXN"},
    ),
    ("$300 por dia", {"min_salary": 78000, "salary_currency": "USD"}),
    # Paid twice a month (a "quincena", Portuguese "quinzena"): 24 a year.
    ("$15,000 quincenal Mexico City", {"locations": ["mexico city"], "min_salary": 360000, "salary_currency": "MXN"}),
    (
        "Guadalajara $12,000 por quincena",
        {"locations": ["guadalajara"], "min_salary": 288000, "salary_currency": "MXN"},
    ),
    ("MXN 15,000 quincenales", {"min_salary": 360000, "salary_currency": "MXN"}),
    ("R$ 5.000 quinzenal", {"min_salary": 120000, "salary_currency": "BRL"}),
    ("R$ 5.000 por quinzena", {"min_salary": 120000, "salary_currency": "BRL"}),
    # Every two weeks (26 a year) and the English twice a month (24).
    ("$2,000 biweekly Austin", {"locations": ["austin"], "min_salary": 52000, "salary_currency": "USD"}),
    ("$2,000 bi-weekly", {"min_salary": 52000, "salary_currency": "USD"}),
    ("Sydney $3,000 fortnightly", {"locations": ["sydney"], "min_salary": 78000, "salary_currency": "AUD"}),
    ("$3,000 semi-monthly", {"min_salary": 72000, "salary_currency": "USD"}),
    # "anual" after "+ bono" is the bonus's: the pay is a month's by its size, the bonus noted.
    (
        "$30,000 + bono anual Mexico City",
        {"locations": ["mexico city"], "min_salary": 360000, "salary_currency": "MXN"},
    ),
    # A year's pay there stays yearly.
    ("Toronto $30k", {"locations": ["toronto"], "min_salary": 30000, "salary_currency": "CAD"}),
    ("Taipei $400k", {"locations": ["taipei"], "min_salary": 400000, "salary_currency": "TWD"}),
    # A code decides, wherever the places are.
    ("$150k AUD", {"min_salary": 150000, "salary_currency": "AUD"}),
    ("Toronto $120k USD", {"locations": ["toronto"], "min_salary": 120000, "salary_currency": "USD"}),
    ("New York $120k CAD", {"locations": ["new york"], "min_salary": 120000, "salary_currency": "CAD"}),
    ("Toronto, US$120k", {"locations": ["toronto"], "min_salary": 120000, "salary_currency": "USD"}),
    ("Sydney, $180k + super", {"locations": ["sydney"], "min_salary": 180000, "salary_currency": "AUD"}),
    # The US dollar as before: no place, the US, several countries, a remote area.
    ("python $150k", {"keywords": ["python"], "min_salary": 150000, "salary_currency": "USD"}),
    ("Austin $150k", {"locations": ["austin"], "min_salary": 150000, "salary_currency": "USD"}),
    (
        "$120k Toronto or New York",
        {"locations": ["toronto", "new york"], "min_salary": 120000, "salary_currency": "USD"},
    ),
    ("remote worldwide $120k", {"remote_from": ["worldwide"], "min_salary": 120000, "salary_currency": "USD"}),
    ("London $120k", {"locations": ["london"], "min_salary": 120000, "salary_currency": "USD"}),
]


@pytest.mark.parametrize(("query", "expected"), LOCAL_DOLLAR, ids=[c[0][:60] for c in LOCAL_DOLLAR])
def test_a_bare_dollar_is_the_dollar_of_the_querys_one_country(query: str, expected: dict[str, Any]) -> None:
    assert read_filters(query) == expected


def test_the_local_dollar_is_noted() -> None:
    notes = interpret("data engineer Toronto $120k").notes
    assert notes[0] == (
        '"$120k" is written with a bare "$" and the places asked for are in Canada: it was read in CAD, the '
        'dollar written "$" there; pass `salary_currency: "USD"` for US dollars.'
    )
    assert not any("bare" in note for note in interpret("Toronto $120k USD").notes)
    assert not any("bare" in note for note in interpret("python $150k").notes)


@pytest.mark.parametrize(
    ("query", "currency"), [("Singapore $8k", "SGD"), ("$12k Toronto", "CAD"), ("Sydney $20k", "AUD")]
)
def test_a_month_read_in_the_local_dollar_is_noted_once(query: str, currency: str) -> None:
    notes = interpret(query).notes
    assert sum("monthly pay" in note for note in notes) == 1
    assert f"in {currency}" in next(note for note in notes if "monthly pay" in note)
    assert f'`salary_currency: "{currency}"`' in next(note for note in notes if "monthly pay" in note)


# (query, posting location, posting text, whether the query finds the posting)
AGREEMENT: list[tuple[str, str, str, bool]] = [
    ("data engineer $120k Toronto", "Toronto, ON", "Salary: $120,000 – $150,000", True),
    ("data engineer Toronto $150k", "Toronto, ON", "Salary: $120,000 – $150,000", True),
    ("data engineer Toronto $160k", "Toronto, ON", "Salary: $120,000 – $150,000", False),
    ("data engineer Toronto $120k USD", "Toronto, ON", "Salary: $120,000 – $150,000", False),
    ("data engineer Toronto $120k CAD", "Toronto, ON", "Salary: $120,000 – $150,000", True),
    ("data engineer Toronto $120k", "Toronto, ON", "Salary: $120,000 – $150,000 USD", False),
    ("data engineer Sydney $180k", "Sydney, NSW", "$180,000 - $200,000 + super", True),
    ("data engineer Austin $120k", "Austin, TX", "Salary: $120,000 – $150,000", True),
    ("data engineer Austin $120k CAD", "Austin, TX", "Salary: $120,000 – $150,000", False),
    # A figure too small for a year's pay there is a month's on both sides (money.monthly_by_size).
    ("data engineer $8k Toronto", "Toronto, ON", "Salary: $8,000", True),
    ("data engineer $8k Toronto", "Toronto, ON", "Toronto $8,000", True),
    ("data engineer $9k Toronto", "Toronto, ON", "Salary: $8,000", False),
    ("data engineer $96k Toronto", "Toronto, ON", "Salary: $8,000", True),
    ("data engineer $8k", "Austin, TX", "Salary: $8,000", True),
    ("data engineer $9k", "Austin, TX", "Salary: $8,000", False),
    # Above a year's lower bound a posting in dollars stated by the year keeps it a year's
    # (money.YEARLY_ON_POSTINGS): "$12k" asks for a month, the posting's $12,000 is no month's pay.
    ("data engineer $12k Toronto", "Toronto, ON", "Salary: $12,000", False),
    ("data engineer $12k", "Austin, TX", "Salary: $12,000", False),
    ("data engineer $12k Singapore", "Singapore", "Salary: $12,000", True),
    ("data engineer $30k Mexico City", "Mexico City", "Sueldo: $30,000", True),
    # A day's pay in pesos (money.LOW_SCALE): "$500 por día" is 130,000 MXN a year on both sides.
    ("data engineer $500 por día Mexico City", "Mexico City", "$500 por día", True),
    ("data engineer $600 por día Mexico City", "Mexico City", "$500 por día", False),
    # Half a month's pay: "$15,000 quincenal" is 360,000 MXN a year on both sides.
    ("data engineer $15,000 quincenal Mexico City", "Mexico City", "Sueldo: $15,000 quincenal", True),
    ("data engineer $30k Mexico City", "Mexico City", "Sueldo: $15,000 por quincena", True),
    ("data engineer $31k Mexico City", "Mexico City", "Sueldo: $15,000 por quincena", False),
    # A bonus's period after "+" is not the pay's: "$30,000 + bono anual" is 30,000 MXN a month on both sides.
    ("data engineer $30,000 + bono anual Mexico City", "Mexico City", "Sueldo: $30,000 + bono anual", True),
    ("data engineer $30k Mexico City", "Mexico City", "Sueldo: $30,000 más bono anual", True),
    ("data engineer $150k + annual bonus", "Austin, TX", "Salary: $150,000 + annual bonus", True),
    # Every two weeks: "$2,000 biweekly" is 52,000 a year on both sides.
    ("data engineer $2,000 biweekly", "Austin, TX", "Pay: $2,000 - $2,400 biweekly", True),
    ("data engineer $52k", "Austin, TX", "Pay: $2,000 biweekly", True),
    ("data engineer $53k", "Austin, TX", "Pay: $2,000 biweekly", False),
    # A figure without a currency before "bi-weekly" is pay, as before "weekly", on both sides.
    ("data engineer $2,000 bi-weekly", "Austin, TX", "Pay: 2,000 bi-weekly", True),
    ("data engineer $2,100 bi-weekly", "Austin, TX", "Pay: 2,000 bi-weekly", False),
    # A period as a label before the figure ("Sueldo quincenal:", "Hourly rate:"), on both sides.
    ("data engineer, Sueldo quincenal: $15,000, Mexico City", "Mexico City", "Sueldo quincenal: $15,000", True),
    ("data engineer, Sueldo quincenal: $16,000, Mexico City", "Mexico City", "Sueldo quincenal: $15,000", False),
    ("data engineer, hourly rate: $30", "Austin, TX", "Hourly rate: $25-30", True),
    ("data engineer, hourly rate: $31", "Austin, TX", "Hourly rate: $25-30", False),
    ("data engineer, weekly pay: 1,500", "Austin, TX", "Weekly pay: 1,200 - 1,500", True),
    ("data engineer, weekly pay: 1,600", "Austin, TX", "Weekly pay: 1,200 - 1,500", False),
    # "or more" in Spanish, and Italian periods, on both sides.
    ("data engineer $90,000 o más", "Austin, TX", "Salary: $90,000 - $100,000", True),
    ("data engineer 110k o más", "Austin, TX", "Salary: $90,000 - $100,000", False),
    ("data engineer Milano, 45.000 € lordi annui", "Milan, Italy", "Stipendio: 45.000 € lordi annui", True),
    ("data engineer Milano, 3.800 € al mese", "Milan, Italy", "Stipendio: 45.000 € lordi annui", False),
    ("data engineer Milano, 3.750 € al mese", "Milan, Italy", "Stipendio: 45.000 € lordi annui", True),
]


@pytest.mark.parametrize(("query", "location", "description", "found"), AGREEMENT)
def test_the_query_and_the_posting_read_the_same_dollar(
    query: str, location: str, description: str, found: bool
) -> None:
    filters = interpret(query).filters
    assert filters_match(filters, posting_row(location, description), now=NOW) is found


PLACES = st.sampled_from(["Toronto", "Sydney", "Auckland", "Singapore", "Mexico City", "Austin", "remote", ""])
DOLLAR_CODES = st.sampled_from(["usd", "cad", "aud", "nzd", "sgd", "hkd"])
OTHER_CODES = st.sampled_from(["eur", "gbp", "chf", "inr"])


@settings(max_examples=150, deadline=None)
@given(PLACES, st.integers(min_value=80, max_value=400), DOLLAR_CODES | OTHER_CODES, st.booleans())
def test_a_code_written_beside_the_figure_always_wins(place: str, thousands: int, code: str, place_first: bool) -> None:
    """The places never change a reading with a code; a dollar's code is the currency read."""
    pay = f"${thousands}k {code}"
    query = f"data engineer {place} {pay}" if place_first else f"data engineer {pay} {place}"
    currency = interpret(query).filters.salary_currency
    assert currency == interpret(f"data engineer {pay}").filters.salary_currency
    if code in ("usd", "cad", "aud", "nzd", "sgd", "hkd"):
        assert currency == code.upper()


WORDS = st.sampled_from(["$", "$120k", "120k", "toronto", "sydney", "or", "usd", "cad", ",", "+", "remote", "/hr"])


@settings(max_examples=150, deadline=None)
@given(st.lists(WORDS, max_size=10).map(" ".join) | st.text(max_size=40))
def test_the_reader_never_raises_on_dollars_and_places(text: str) -> None:
    interpret(text)
