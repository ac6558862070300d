"""`encoder_of` (watchtower/json_text.py) writes the text `JSONEncoder.encode` writes, for the
options the check uses (the job hash's, json.dumps' own) and the kinds of value it encodes."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from watchtower.json_text import compact_encoder, encoder_of

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


# Floats orjson writes as json does: finite, zero or at least 1e-4 in size.
PLAIN_FLOATS = st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x == 0 or abs(x) >= 1e-4)
COMPACT_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | PLAIN_FLOATS
    | st.text()
    | st.sampled_from(["", "Zürich 💼", "tab\there", 'quote " back\\slash', "\ud83d lone surrogate", "\x7f\u2028"])
    | st.datetimes(timezones=st.just(UTC))
)
COMPACT_VALUES = st.recursive(
    COMPACT_SCALARS,
    lambda children: (
        st.lists(children, max_size=4)
        | st.tuples(children, children)
        | st.dictionaries(st.text(max_size=8) | st.integers(-3, 3), children, max_size=4)
    ),
    max_leaves=20,
)


@pytest.mark.parametrize("default", [str, None])
@given(value=COMPACT_VALUES)
def test_compact_bytes_are_the_compact_texts_own(default: Any, value: Any) -> None:
    """orjson's bytes, or json's where orjson refuses (big integers, keys that are not strings,
    lone surrogates): `json.dumps`' compact text as UTF-8, or its own error."""
    encoder = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, default=default)
    try:
        expected: bytes | type[Exception] = encoder.encode(value).encode("utf-8", "surrogatepass")
    except TypeError:
        expected = TypeError
    if expected is TypeError:
        with pytest.raises(TypeError):
            compact_encoder(default)(value)
    else:
        assert compact_encoder(default)(value) == expected


def test_compact_bytes_differ_only_where_documented() -> None:
    """Floats under 1e-4 in size, NaN and the infinities: orjson's own spelling (the job hash of
    such a value differs from json's text; jsonb keeps the same number, and refuses NaN where
    orjson writes null)."""
    encode = compact_encoder()
    assert encode([1e-05, -1.5e-07, 5e-324, 1e16]) == b"[0.00001,-1.5e-7,5e-324,1e+16]"
    assert json.loads(encode([1e-05, -1.5e-07])) == [1e-05, -1.5e-07]
    assert encode([float("nan"), float("inf")]) == b"[null,null]"
