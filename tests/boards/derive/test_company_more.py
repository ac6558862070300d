"""Company keys and staffing-agency signals beyond test_company.py (issue 19 acceptance audit): legal
forms of several countries, a known agency's name with a trailing word ("Randstad Digital",
"Adecco Group"), and recruiters' wording that names no client ("my client is…", "a contract role
with our client in Austin", "we are partnering with a leading SaaS company to find…"), next to
employers' own wording about clients that is no signal ("our client success team")."""

from __future__ import annotations

import pytest

from boards.derive.company import company_key, is_staffing_agency

SAME: list[tuple[str, str]] = [
    ("Deutsche Bank AG", "Deutsche Bank"),
    ("SAP SE", "SAP"),
    ("Monzo Bank Ltd", "Monzo Bank"),
    ("Société Générale S.A.", "Societe Generale"),
    ("L'Oréal", "LOreal"),
    ("The Home Depot", "Home Depot"),
    ("Acme B.V.", "Acme"),
    ("Acme Pty Ltd", "Acme"),
    ("Acme S.p.A.", "Acme"),
    ("Acme Oy", "Acme"),
    ("Acme AB", "Acme"),
    ("Acme PLC", "Acme"),
    ("Acme S.L.", "Acme"),
    ("Acme, LLC", "Acme"),
    ("Acme Co., Ltd.", "Acme"),
    ("Acme S.A.S.", "Acme"),
    ("Acme K.K.", "Acme"),
    ("Acme GmbH & Co. KG", "Acme"),
    ("Acme AG & Co. KGaA", "Acme"),
    ("Acme Sp. z o.o.", "Acme"),
    ("Acme Pvt. Ltd.", "Acme"),
    ("Acme Private Limited", "Acme"),
    ("Acme Sdn. Bhd.", "Acme"),
    ("Acme S.A. de C.V.", "Acme"),
    ("Acme S. de R.L. de C.V.", "Acme"),
    ("Acme Ltda.", "Acme"),
    ("Acme, s.r.o.", "Acme"),
    ("Nokia Oyj", "Nokia"),
    ("Equinor ASA", "Equinor"),
]

KEPT: list[tuple[str, str]] = [
    ("Procter & Gamble Co.", "procter and gamble"),
    ("Johnson & Johnson", "johnson and johnson"),
    ("Smith & Co.", "smith and"),
    ("Generation Z", "generation z"),
    ("Acme Holdings Private Limited", "acme holdings"),
]

AGENCY_NAMES = ["Randstad Digital", "Robert Half International", "Adecco Group", "Yoh Digital", "Vaco Technology"]
EMPLOYER_NAMES = ["Randstad Something Else", "Frank Lloyd Wright Foundation", "Recruit Holdings Japan", "Salesforce"]

AGENCY_TEXT = [
    "My client is a global bank looking for a Java developer.",
    "This is a contract role with our client in Austin, TX.",
    "As a consultant you will be placed at our client in Munich.",
    "We are partnering with a leading SaaS company to find a Staff Engineer.",
    "We are working with a Series B startup who are hiring a Senior Python Developer.",
    "I'm recruiting for a fast-growing fintech, who are looking for a data engineer.",
]
EMPLOYER_TEXT = [
    "You will work with our client success team.",
    "Build dashboards for our client-facing teams.",
    "Our clients include Fortune 500 companies.",
    "We are working with a great team of engineers to build the future of payments.",
    "We are partnering with a leading university to research new materials.",
    "We are an equal opportunity employer. Recruiters: please do not contact us.",
]


@pytest.mark.parametrize(("one", "other"), SAME)
def test_names_of_one_company_share_a_key(one: str, other: str) -> None:
    assert company_key(one) == company_key(other)


@pytest.mark.parametrize(("name", "key"), KEPT)
def test_words_that_are_no_legal_form_are_kept(name: str, key: str) -> None:
    assert company_key(name) == key


@pytest.mark.parametrize("company", AGENCY_NAMES)
def test_a_known_agency_with_a_trailing_word_is_an_agency(company: str) -> None:
    assert is_staffing_agency(company=company)


@pytest.mark.parametrize("company", EMPLOYER_NAMES)
def test_other_names_are_not(company: str) -> None:
    assert not is_staffing_agency(company=company)


@pytest.mark.parametrize("text", AGENCY_TEXT)
def test_a_recruiter_writing_for_an_unnamed_employer_is_a_signal(text: str) -> None:
    assert is_staffing_agency(company="Northwind", description_low=text.lower())


@pytest.mark.parametrize("text", EMPLOYER_TEXT)
def test_an_employer_writing_about_clients_is_not(text: str) -> None:
    assert not is_staffing_agency(company="Northwind", description_low=text.lower())
