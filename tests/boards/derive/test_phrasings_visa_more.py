"""Visa sponsorship phrasings beyond test_phrasings_visa.py (the issue 19 acceptance audit): more US,
UK Skilled Worker, Canadian LMIA, EU Blue Card, Dutch kennismigrant, Australian 482/TSS and
Singapore Employment Pass wording; negations placed after the words they qualify ("sponsorship
for this role is not available"); offers worded around a relocation clause; and "sponsor" or
"visa" in other senses (sponsored certifications, Visa the card network), including HR and legal jobs
whose duties are other people's visas. Each
line is written as postings write it; none of it is read from ../shared at test time."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards.derive.visa import visa_sponsorship_of

YES: list[str] = [
    "We will sponsor H-1B visas for this role.",
    "This role is eligible for H-1B sponsorship.",
    "H1B sponsorship available for qualified candidates.",
    "We provide immigration support, including H-1B and green card sponsorship.",
    "Green card sponsorship is available after one year.",
    "Visa sponsorship and relocation assistance are available for this position.",
    "We're happy to support visa applications for international hires.",
    "We welcome applicants who require sponsorship.",
    "We welcome applications from candidates who require visa sponsorship.",
    "Visa support provided.",
    "Visa support is provided.",
    "Relocation and visa support provided.",
    "We are a UK visa sponsor and can sponsor a Skilled Worker visa for this role.",
    "We hold a Skilled Worker sponsor licence and welcome applications from candidates requiring sponsorship.",
    "Sponsorship under the Skilled Worker route is available.",
    "We can offer sponsorship for the Skilled Worker visa.",
    "We are able to offer visa sponsorship for this role.",
    "LMIA support is available for the successful candidate.",
    "We will support an LMIA application for the right candidate.",
    "We provide support with Canadian work permits and relocation.",
    "We support the EU Blue Card application.",
    "Blue Card sponsorship and relocation to Munich provided.",
    "We offer full support for the German work visa and Blue Card.",
    "We help you relocate to Germany, including visa and Blue Card support.",
    "Visa sponsorship and relocation to Berlin are available.",
    "We are a recognised sponsor (erkend referent) and can apply for your highly skilled migrant (kennismigrant) visa.",
    "As a recognised sponsor with the IND, we can sponsor kennismigrant visas.",
    "We can sponsor a highly skilled migrant visa for you.",
    "Employment Pass sponsorship available for candidates relocating to Singapore.",
    "We will sponsor your Employment Pass.",
    "We can sponsor a Temporary Skill Shortage (subclass 482) visa.",
    "482 visa sponsorship available for the right candidate.",
    "We are open to sponsoring TSS visas.",
    "We offer visa sponsorship.",
    "Sponsorship available for international candidates.",
    "We will cover visa costs and provide relocation support.",
    "Visa sponsorship is offered.",
    "We're able to sponsor work visas.",
    "Visa sponsorship provided.",
    "Immigration and relocation support provided.",
    "We sponsor work permits.",
    "Yes, we sponsor visas.",
    "Visa sponsorship: Available",
    "International applicants welcome - visa sponsorship available.",
    "Applicants who require sponsorship will be considered.",
    "Visa sponsorship for this role is available.",
    "We offer sponsorship for qualified candidates.",
    "Sponsorship for international candidates is available.",
    "We are open to visa sponsorship for exceptional candidates.",
    "This job comes with visa sponsorship.",
    "No relocation, but visa sponsorship is available.",
]

NO: list[str] = [
    "We do not offer visa sponsorship.",
    "We do not offer sponsorship for this role.",
    "We are not able to provide visa sponsorship.",
    "We are not able to provide sponsorship at this time.",
    "We cannot sponsor visas.",
    "We cannot sponsor.",
    "No sponsorship is available for this position.",
    "No sponsorship available.",
    "Sponsorship is not available.",
    "Visa sponsorship is unavailable for this role.",
    "Applicants must be able to work in the US without the need for sponsorship.",
    "Candidates must be eligible to work without the need for sponsorship.",
    "Applicants must have the right to work in the UK, as we are unable to offer sponsorship.",
    "Please note we are unable to offer Skilled Worker sponsorship.",
    "This role does not offer sponsorship under the Skilled Worker route.",
    "We are unable to sponsor LMIA applications.",
    "This position is not eligible for LMIA.",
    "Candidates must be Canadian citizens or permanent residents.",
    "Must be legally entitled to work in Canada.",
    "You must be eligible to work in Germany.",
    "An existing EU work permit is required; we cannot sponsor Blue Card applications.",
    "Unfortunately, we can't offer visa sponsorship or relocation.",
    "You must hold Australian or New Zealand citizenship or permanent residency.",
    "Candidates must have full working rights in Australia; no 482 sponsorship is available.",
    "We are not offering sponsorship for this role.",
    "Sponsorship will not be provided.",
    "We are unable to sponsor employment visas now or in the future.",
    "Applicants must be authorized to work for any employer in the U.S. We are unable to sponsor or take over sponsorship of an employment visa at this time.",
    "This position does not offer visa sponsorship.",
    "Visa sponsorship not available.",
    "No visa sponsorship or relocation.",
    "We can not provide visa sponsorship.",
    "We are currently unable to provide sponsorship for work visas.",
    "Please note: this role does not include visa sponsorship.",
    "Sponsorship: Not offered",
    "Singapore citizens and PRs only.",
    "We are unable to support Employment Pass applications.",
    "We are unable to provide Skilled Worker sponsorship for this role.",
    "This role is not open to candidates requiring visa sponsorship.",
    "We are unable to consider candidates who require sponsorship.",
    "We don't sponsor visas.",
    "Sorry, no visa sponsorship.",
    "Sponsorship for this role is not available.",
    "Sponsorship opportunities for this role are not available.",
    "Relocation assistance is available; visa sponsorship is not.",
    "We are unable to sponsor, but we welcome applicants with existing visas.",
    "The role does not come with visa sponsorship.",
    "Candidates must not require sponsorship.",
]

UNKNOWN: list[str] = [
    "We offer sponsorship of professional certifications (AWS, GCP).",
    "You will build payment integrations with Visa, Mastercard and Amex, including support for Visa tokenization.",
    "Add support for Visa and Mastercard tokens.",
    "Health insurance is fully sponsored by the company.",
    "We participate in E-Verify. Learn more about your rights under immigration law.",
    "You will manage our conference sponsorship programme.",
    "Secure event sponsorships and partnerships.",
    "Our company sponsors a local football club.",
    "Experience integrating Visa and Mastercard APIs.",
    "Work with Visa, Mastercard and Amex on tokenization.",
    "We sponsor employee learning and certifications.",
    "The company sponsors your gym membership.",
    "Sponsor: Engineering VP",
    "Work with the sponsor to define requirements.",
    "Be the technical sponsor for the migration project.",
    "Sponsorship of open-source projects is part of our culture.",
    "Manage sponsorship activations for the F1 team.",
    "We sponsor hackathons and meetups.",
    "Travel visas for business trips are arranged by the travel team.",
    "You will process visa applications for our clients as an immigration paralegal.",
    "Support employees with immigration and visa cases as an HR specialist.",
]


@pytest.mark.parametrize("text", YES)
def test_an_offer_reads_yes(text: str) -> None:
    found = visa_sponsorship_of(text)
    assert found is not None and found[0] == "yes", found


@pytest.mark.parametrize("text", NO)
def test_a_refusal_or_a_required_right_reads_no(text: str) -> None:
    found = visa_sponsorship_of(text)
    assert found is not None and found[0] == "no", found


@pytest.mark.parametrize("text", UNKNOWN)
def test_other_senses_read_nothing(text: str) -> None:
    assert visa_sponsorship_of(text) is None


def test_the_table_adds_at_least_eighty_phrasings() -> None:
    assert len(YES) + len(NO) >= 80


_FRAGMENTS = st.sampled_from(
    ["sponsor", "sponsorship", "visa", "not", "no", "is", "available", "we", "can", "for", "this role", ".", ";", "?"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_FRAGMENTS, st.text(max_size=12)), max_size=30))
def test_visa_never_raises_and_answers_with_evidence(parts: list[str]) -> None:
    found = visa_sponsorship_of(" ".join(parts))
    if found is not None:
        assert found[0] in ("yes", "no") and found[1]
