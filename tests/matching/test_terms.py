from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from matching import terms
from matching.terms import normalise, search_text_for, term_key, term_matches

MATCHES = [
    ("ios", "Senior iOS Engineer", True),
    ("ios", "Game Studios", False),
    ("ios", "Studio Artist, iOS", True),
    ("java", "JavaScript Developer", False),
    ("javascript", "JavaScript Developer", True),
    ("java", "Java / Kotlin Engineer", True),
    ("engineers", "Senior Engineer", True),
    ("engineer", "Engineers, Platform", True),
    ("engineer", "Engineering Manager", False),
    ("c++", "C++ Developer", True),
    ("c++", "C Developer", False),
    ("c", "C++ Developer", False),
    ("cpp", "Senior C++ Engineer", True),
    ("c#", "C# / .NET Engineer", True),
    ("c#", "C Engineer", False),
    (".net", "C# / .NET Engineer", True),
    (".net", "ASP.NET Core Developer", True),
    (".net", "Network Engineer", False),
    ("node.js", "Node.js Backend Engineer", True),
    ("node.js", "NodeJS Engineer", True),
    ("node", "Node.js Backend Engineer", False),
    ("front-end", "Frontend Engineer", True),
    ("frontend", "Front-End Engineer", True),
    ("front end", "Front-end Developer", True),
    ("front-end", "Front End Developer", True),
    ("machine learning", "Senior Machine Learning Engineer", True),
    ("machine learning", "Machine Operator, Learning Center", False),
    ("data scientists", "Data Scientist II", True),
    ("new york", "New York, NY", True),
    ("news", "New York Reporter", False),
    ("companies", "Company Analyst", True),
    ("kubernetes", "Kubernetes Platform Engineer", True),
    ("sales", "Sales Engineer", True),
    ("zurich", "Software Engineer, Zürich", True),
    ("react", "React.js Developer", True),
    ("react", "Reactor Physicist", False),
    ("r&d", "R&D Engineer", True),
]


@pytest.mark.parametrize(("term", "title", "expected"), MATCHES)
def test_a_term_matches_whole_words_case_and_plural_insensitively(term: str, title: str, expected: bool) -> None:
    text = search_text_for(title=title, company="", location="", other_locations=(), department="")
    assert term_matches(term, text) is expected


def test_normalised_text_is_lowercase_tokens_padded_with_one_space() -> None:
    assert normalise("  Senior   iOS Engineers! ") == " senior ios engineer "


def test_term_key_of_punctuation_only_is_empty_so_it_never_matches_everything() -> None:
    assert term_key("+++") == ""
    assert not term_matches("+++", " anything at all ")


def test_the_spellings_of_one_token_normalise_alike() -> None:
    assert normalise("front-end") == normalise("frontend") == normalise("front end") == " frontend "
    assert normalise("C++") == normalise("cpp")
    assert normalise("Node.js") == normalise("nodejs") == normalise("node js")


def test_studios_folds_to_studio_and_never_to_ios() -> None:
    assert normalise("Game Studios") == " game studio "


def test_search_text_covers_title_locations_department_and_company() -> None:
    text = search_text_for(
        title="iOS Engineer",
        company="Acme Robotics",
        location="Austin, TX",
        other_locations=["Remote - US"],
        department="Mobile",
    )
    for term in ("ios", "acme robotics", "austin", "remote", "mobile"):
        assert term_matches(term, text)


def test_a_phrase_never_spans_two_fields() -> None:
    text = search_text_for(title="Senior iOS", company="", location="", other_locations=(), department="Engineering")
    assert not term_matches("ios engineering", text)
    assert term_matches("ios", text)


def test_an_empty_job_has_an_empty_search_text() -> None:
    assert search_text_for(title="", company="", location="", other_locations=(), department="") == ""


FIELD_TEXTS = st.sampled_from(["", "Senior iOS Engineer", "C++ / Node.js", "Berlin, Germany", "Zürich", "Sales"])


@given(FIELD_TEXTS, FIELD_TEXTS, FIELD_TEXTS, st.lists(FIELD_TEXTS, max_size=3), FIELD_TEXTS)
def test_a_remembered_search_text_is_the_one_built_afresh(
    title: str, company: str, location: str, others: list[str], department: str
) -> None:
    remembered = search_text_for(
        title=title, company=company, location=location, other_locations=others, department=department
    )
    afresh = terms.search_text_of.__wrapped__(title, company, location, tuple(others), department)
    assert remembered == afresh
    # A list or a tuple of the same places is one text.
    assert (
        search_text_for(
            title=title, company=company, location=location, other_locations=tuple(others), department=department
        )
        == remembered
    )
