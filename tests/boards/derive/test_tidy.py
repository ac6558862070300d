"""`boards.derive._tidy` returns a value that is already tidy as it is, without splitting it: the
same text as splitting at whitespace and joining with single spaces, for any text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boards.derive import _tidy

# Every kind of whitespace `str.split` splits at, and characters near them that it does not.
_SPACING = [" ", "  ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u2003", "\u2028", "\u3000"]
_OTHERS = ["\x00", "\x7f", "\u200b", "\ufeff", "\ud800", "é", "🚀"]
_PARTS = st.one_of(st.sampled_from(_SPACING + _OTHERS), st.text(max_size=4), st.text("ab -", max_size=6))


def split_and_joined(value: str | None) -> str:
    """What `_tidy` did before its shortcut."""
    if not value:
        return ""
    return " ".join(value.split())


@settings(max_examples=500)
@given(st.lists(_PARTS, max_size=8).map("".join))
def test_tidy_is_split_and_joined(value: str) -> None:
    assert _tidy(value) == split_and_joined(value)


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        " ",
        "Senior Engineer",
        " Senior Engineer",
        "Senior Engineer ",
        "Senior  Engineer",
        "a\tb",
        "a\xa0b",
        "a \u2003b",
        "Austin, TX",
        "R7",
        "https://x.io/jobs/1",
        "a b\x85",
        "\u3000a b",
    ],
)
def test_tidy_of_fields_as_sources_give_them(value: str | None) -> None:
    assert _tidy(value) == split_and_joined(value)
