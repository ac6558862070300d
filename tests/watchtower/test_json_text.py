"""`encoder_of` (watchtower/json_text.py) writes the text `JSONEncoder.encode` writes, for the
options the check uses (the job hash's, json.dumps' own) and the kinds of value it encodes."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from watchtower.json_text import encoder_of

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
    | st.sampled_from(["", "Zürich 💼", "tab\there", 'quote " back\\slash', "\ud83d lone surrogate"])
)
VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=4)
        | st.tuples(children, children)
        | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)
OPTIONS = [
    {},  # json.dumps' own (the rows COPY writes)
    {"sort_keys": True, "separators": (",", ":"), "ensure_ascii": False, "default": str},
    {"separators": (",", ":"), "ensure_ascii": False, "default": str},  # the job hash's (its dict in sorted order)
]


@pytest.mark.parametrize("options", OPTIONS)
@given(value=VALUES)
def test_the_text_is_the_encoders_own(options: dict[str, Any], value: Any) -> None:
    encoder = json.JSONEncoder(**options)
    assert encoder_of(encoder)(value) == encoder.encode(value)


def test_a_value_json_cannot_write_is_handed_to_default() -> None:
    moment = datetime(2026, 9, 15, tzinfo=UTC)
    hashed = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    assert encoder_of(hashed)({"at": moment}) == hashed.encode({"at": moment})
    with pytest.raises(TypeError):
        encoder_of(json.JSONEncoder())({"at": moment})


def test_indented_output_is_the_encoders_own_method() -> None:
    encoder = json.JSONEncoder(indent=2)
    assert encoder_of(encoder) == encoder.encode
