"""Bounded labels for names callers invent (watchtower/labels.py)."""

from __future__ import annotations

import pytest

from watchtower.labels import client_label, ref_label


@pytest.mark.parametrize(
    ("raw", "label"),
    [
        ("Claude Code!", "claude-code"),
        ("claude_code", "claude-code"),
        ("Visual Studio Code", "visual-studio-code"),
        ("cursor-vscode", "cursor-vscode"),
        ("evil-client-1", "other"),
        ("claude-code" + "x" * 500, "other"),
        ("", "unknown"),
        (None, "unknown"),
        ("!!!", "unknown"),
    ],
)
def test_a_client_name_is_a_known_app_other_or_unknown(raw: object, label: str) -> None:
    assert client_label(raw) == label


@pytest.mark.parametrize(("ref", "label"), [("cursor", "cursor"), ("ref-17", "other"), ("", "none")])
def test_a_ref_is_a_known_tag_other_or_none(ref: str, label: str) -> None:
    assert ref_label(ref) == label
