"""Visa sponsorship as postings word it (issue 19): offers and refusals in US, UK, Canadian, EU and
Australian wording, requirements of an existing right to work, sponsorship in other senses, and
mixed statements. Each line is a sentence or short passage as it appears in a posting's text; the
rules are in docs/derived-fields.md."""

from __future__ import annotations

import pytest

from boards.derive import derive_job
from boards.derive.visa import visa_sponsorship_of
from boards.sources.base import Posting

YES: list[str] = [
    # United States
    "We sponsor H-1B visas.",
    "We sponsor H1B visas for qualified candidates.",
    "Visa sponsorship is available for this role.",
    "Visa sponsorship available.",
    "H-1B sponsorship is available for the right candidate.",
    "We are happy to sponsor visas and support relocation.",
    "We offer visa sponsorship and a relocation package.",
    "We can sponsor H-1B transfers.",
    "H-1B transfer candidates are welcome.",
    "We welcome applicants who will need visa sponsorship.",
    "This position is eligible for visa sponsorship.",
    "Immigration sponsorship is provided for this role.",
    "We will sponsor your green card and work visa.",
    "Benefits: medical, dental, 401(k), relocation and visa support.",
    "Relocation and visa support available.",
    "Our immigration team will help you with the visa process.",
    "We are open to sponsoring candidates who need a visa.",
    "Sponsorship is available for the right candidate.",
    "Visa sponsorship: Yes",
    "We have no restrictions on visa sponsorship for this role.",
    "Visa sponsorship may be considered for exceptional candidates.",
    "We're able to sponsor visas for this position.",
    "We'll sponsor your visa if you need one.",
    # United Kingdom
    "We are a licensed sponsor and can sponsor Skilled Worker visas.",
    "Skilled Worker visa sponsorship is available for this role.",
    "This role is eligible for Skilled Worker visa sponsorship.",
    "We are an approved Home Office sponsor.",
    "This is a hybrid role. We sponsor Skilled Worker visas.",
    "Tier 2 sponsorship is available for suitably qualified applicants.",
    "Applicants must have the right to work in the UK or we will sponsor a visa for the successful candidate.",
    # Canada
    "We can support a work permit and LMIA sponsorship for the right candidate.",
    "We will help you obtain a work permit.",
    "Relocation assistance and work permit support are offered.",
    "We cover all visa and immigration costs.",
    # European Union
    "We offer EU Blue Card sponsorship and relocation support.",
    "EU Blue Card sponsorship is available.",
    "We support the EU Blue Card process for qualified non-EU applicants.",
    "We take care of your visa and relocation to Berlin.",
    "Full visa support and relocation package to Amsterdam (30% ruling).",
    "We help you with the Blue Card application and finding an apartment.",
    "Visa assistance is provided for candidates relocating to Lisbon.",
    # Australia and Asia
    "We can sponsor a 482 visa for the right candidate.",
    "We are an approved sponsor and can support a subclass 482 visa.",
    "TSS visa sponsorship available for experienced engineers.",
    "Employment Pass sponsorship is provided for candidates moving to Singapore.",
    # Title and mixed text
    "Senior Backend Engineer (Visa Sponsorship Available)",
    "You must be authorised to work in the country where you are based. We sponsor H-1B transfers.",
]

NO: list[str] = [
    # United States
    "We are unable to sponsor visas at this time.",
    "We are unable to sponsor or take over sponsorship of an employment visa at this time.",
    "Candidates must be authorized to work in the US without sponsorship now or in the future.",
    "Must be authorized to work in the United States without the need for current or future visa sponsorship.",
    "No visa sponsorship.",
    "No visa sponsorship will be provided.",
    "We do not sponsor visas for this position.",
    "We do not sponsor work visas for this position.",
    "Unfortunately we are not able to offer visa sponsorship at this time.",
    "Unfortunately, we cannot sponsor work permits.",
    "We are not able to provide sponsorship for this role.",
    "This role is not eligible for visa sponsorship.",
    "Sponsorship is not available for this position.",
    "Visa sponsorship is not available for this position.",
    "Sponsorship isn't something we're able to provide.",
    "We're not in a position to sponsor work visas.",
    "We won't be able to sponsor a work visa.",
    "We don't currently offer visa sponsorship.",
    "You must be authorized to work in the US; we're not able to sponsor visas at this time.",
    "This position does not qualify for H-1B sponsorship.",
    "Applicants requiring visa sponsorship will not be considered.",
    "U.S. citizenship is required for this position.",
    "Must be a US citizen or green card holder.",
    "Applicants must be currently authorized to work in the United States on a full-time basis.",
    "We do not offer relocation or visa sponsorship.",
    "Visa sponsorship: No",
    "We are not currently registered as a sponsor for employment permits.",
    "We're not able to offer visa sponsorship or help with relocation support for this role.",
    # United Kingdom
    "You must have the right to work in the UK.",
    "Applicants must already have the right to work in the UK; we are unable to offer sponsorship.",
    "You must have the right to work in the UK without sponsorship.",
    "We cannot offer sponsorship for this vacancy.",
    "Please note: sponsorship is not available for this role.",
    "We do not hold a sponsor licence, so we can't consider applicants who need sponsorship.",
    "Candidates must hold the existing right to work in the UK.",
    # Canada
    "Applicants must be legally eligible to work in Canada.",
    "Candidates must be eligible to work in Canada; LMIA sponsorship is not available.",
    "We are unable to provide work permits or LMIA support for this role.",
    "Canadian citizens or permanent residents only.",
    # European Union
    "Applicants must already have the right to work in the EU.",
    "You must hold a valid EU work permit.",
    "EU citizenship or a valid work permit is required.",
    "Unfortunately we cannot support Blue Card applications for this role.",
    "We are unable to assist with visas or relocation for this position.",
    # Australia
    "Australian citizens or permanent residents only.",
    "You must have full working rights in Australia.",
    "Candidates must have full Australian working rights; we are unable to offer 482 sponsorship.",
    "Only candidates with existing work rights in New Zealand will be considered.",
    # Mixed: a refusal beats an offer
    "Relocation support is available, but we are unable to sponsor visas.",
    "We sponsor visas for our London office; for this US role we cannot sponsor H-1B visas.",
]

UNKNOWN: list[str] = [
    "We sponsor local tech events and conferences.",
    "The company sponsors industry conferences and community events.",
    "Conference sponsorship manager",
    "Manage sponsorship deals with sports teams and brands.",
    "Work closely with the study sponsor and clinical trial sites.",
    "You will report to the executive sponsor of the programme.",
    "Sponsorships team: build partnerships with event organisers.",
    "We build warehouse robotics in Python and C++. Five years experience required.",
    "Experience with Visa and Mastercard payment networks.",
    "Integrate card payments (Visa, Amex) into our checkout.",
    "",
    "No mention of visa status here.",
]


@pytest.mark.parametrize("text", YES)
def test_an_offer_of_sponsorship_reads_yes(text: str) -> None:
    found = visa_sponsorship_of(text)
    assert found is not None and found[0] == "yes", found


@pytest.mark.parametrize("text", NO)
def test_a_refusal_or_a_required_right_to_work_reads_no(text: str) -> None:
    found = visa_sponsorship_of(text)
    assert found is not None and found[0] == "no", found


@pytest.mark.parametrize("text", UNKNOWN)
def test_other_senses_of_sponsorship_and_silence_read_nothing(text: str) -> None:
    assert visa_sponsorship_of(text) is None


def test_the_table_holds_at_least_eighty_real_phrasings() -> None:
    assert len(YES) + len(NO) >= 80


def test_the_evidence_is_the_sentence_it_was_read_from() -> None:
    text = "About us: we build payments.\nWe are unable to sponsor visas at this time.\nApply now."
    assert visa_sponsorship_of(text) == ("no", "We are unable to sponsor visas at this time.")
    long = "Our team " + "really " * 60 + "is happy to sponsor H-1B visas for engineers joining us in New York."
    answer, evidence = visa_sponsorship_of(long) or ("", "")
    assert answer == "yes"
    assert len(evidence) <= 162 and "sponsor" in evidence


def test_an_offer_beats_a_bare_right_to_work_requirement_and_a_refusal_beats_both() -> None:
    offer = "You must be legally authorized to work in the country. Visa sponsorship is available."
    assert visa_sponsorship_of(offer) == ("yes", "Visa sponsorship is available.")
    refusal = "Visa sponsorship is available for senior roles. This role is not eligible for visa sponsorship."
    assert visa_sponsorship_of(refusal) == ("no", "This role is not eligible for visa sponsorship.")


def test_derive_job_exposes_the_answer_and_its_evidence() -> None:
    job = derive_job(
        Posting(id="1", title="Backend Engineer", description="We sponsor H-1B visas for this role."), platform="lever"
    )
    assert job.visa_sponsorship == "yes"
    assert job.visa_evidence == "We sponsor H-1B visas for this role."
    silent = derive_job(Posting(id="2", title="Backend Engineer", description="Python, Go."), platform="lever")
    assert "visa_sponsorship" not in silent.as_dict() and "visa_evidence" not in silent.as_dict()
