"""A display name for a company from its board slug, for platforms whose API does not name it.

"acme-robotics" → "Acme Robotics"; a slug that already has capitals ("Acme", "iRobot") keeps them,
because the board owner chose them.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

_SEPARATORS = re.compile(r"[-_.]+")


def company_from_slug(slug: str) -> str:
    try:
        decoded = unquote(slug, errors="strict")
    except UnicodeDecodeError:
        decoded = slug
    words = _SEPARATORS.sub(" ", decoded).split()
    return " ".join(_capitalise(word) for word in words)


def _capitalise(word: str) -> str:
    if word.islower():
        return word[0].upper() + word[1:]
    return word
