"""Company names as the `companies` filters compare them, and the staffing-agency signals applied
only when a filter asks for them (issue 19)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boards.derive.company import _FOR_A_CLIENT, _SIGNAL_NEEDS, company_key, is_staffing_agency

SAME: list[tuple[str, str]] = [
    ("Stripe", "Stripe, Inc."),
    ("stripe", "STRIPE INC"),
    ("Airbnb", "Airbnb, Inc"),
    ("Zalando", "Zalando SE"),
    ("Siemens", "Siemens AG"),
    ("N26", "N26 GmbH"),
    ("Monzo Bank", "Monzo Bank Ltd"),
    ("Atlassian", "Atlassian Pty Ltd"),
    ("Adyen", "Adyen N.V."),
    ("Booking.com", "Booking.com B.V."),
    ("The Trade Desk", "Trade Desk"),
    ("Société Générale", "societe generale"),
    ("AT&T", "AT&T Inc."),
    ("Procter & Gamble", "Procter and Gamble Co."),
    # Letters whose compatibility form is a capital fold like any capital (found by hypothesis).
    ("𝕊tripe", "Stripe"),
    ("ＡＣＭＥ", "Acme"),
]

DIFFERENT: list[tuple[str, str]] = [("Stripe", "Stripes"), ("Meta", "Metabase"), ("Block", "Blockchain.com")]


@pytest.mark.parametrize(("one", "other"), SAME)
def test_names_of_one_company_share_a_key(one: str, other: str) -> None:
    assert company_key(one) == company_key(other)


@pytest.mark.parametrize(("one", "other"), DIFFERENT)
def test_different_companies_keep_different_keys(one: str, other: str) -> None:
    assert company_key(one) != company_key(other)


def test_a_legal_form_alone_is_kept_as_the_name() -> None:
    assert company_key("Inc") == "inc"
    assert company_key("") == ""


@pytest.mark.parametrize(
    "company",
    ["Robert Half", "Randstad", "TEKsystems", "Insight Global", "Acme Staffing LLC", "Northwind Recruitment Ltd",
     "Hays", "Jobot", "Bluebird Talent Solutions", "Apex Systems", "Harvey Nash"],
)  # fmt: skip
def test_agency_names_and_agency_words_are_signals(company: str) -> None:
    assert is_staffing_agency(company=company)


@pytest.mark.parametrize(
    "text",
    [
        "We are recruiting on behalf of our client, a leading fintech in London.",
        "Our client is seeking a Senior Java Developer for a 6-month engagement.",
        "Our client, a fast-growing SaaS company, is hiring.",
        "We are a staffing agency placing engineers with top companies.",
    ],
)
def test_a_posting_written_for_a_client_is_a_signal(text: str) -> None:
    assert is_staffing_agency(company="Northwind", description_low=text.lower())


@pytest.mark.parametrize("company", ["Stripe", "Greenhouse Software", "Lever", "Workday", "Recruit Holdings Japan"])
def test_employers_are_not_agencies(company: str) -> None:
    text = "You will work with our clients and customers to build great products."
    assert not is_staffing_agency(company=company, description_low=text)


SIGNAL_PIECES = [
    "on behalf of", "our", "a", "one of our", "client", "clients", "is", "has", "seeking", "valued", "we are",
    "staffing", "recruitment", "recruiting", "agency", "firm", "company", "direct", "role", " ", "  ", "\n", ",", "x",
]  # fmt: skip


@given(st.lists(st.sampled_from(SIGNAL_PIECES), max_size=16).map(" ".join))
def test_every_signal_phrase_holds_a_word_its_window_is_searched_for(text: str) -> None:
    for found in _FOR_A_CLIENT.finditer(text):
        assert any(need in found[0] for need in _SIGNAL_NEEDS)
