"""The text of one posting, read once for every reader of `derive_job`.

Each reader used to take the raw strings and cut, lowercase and scan them on its own. What costs
most in the readers added for issue 19 (visa sponsorship, remote scope, employment type) is scans
of the whole description: one regular expression over a 3 KB description costs 50-150 µs in
CPython, one `str.find` of an absent word 1-2 µs. A `PostingText` is built once per posting and
holds what several readers ask of the text:

- `text` and `low`: the title and the description on the next line, and their lowercased copy;
- `description_low`: the lowercased description alone, for readers that must not read the title;
- `words`: the set of letter runs (a-z) of the lowercased description, computed on first use with
  one `bytes.translate` pass (the technique of matching/identity.py). A reader asks it whether a
  word occurs at all before it looks for where ("cet", "pst" for time zones); it holds exactly what
  `re.findall("[a-z]+", description_low)` finds. A reader that only asks whether any of a few
  words occurs calls `holds_any_word`, which answers from the same letter runs without building
  the set (about half the cost: the set hashes and stores every word of the description).

Readers keep a `str` entry point for tests and other callers (`scope_from_text(low)`), which
builds a `PostingText` of the string.
"""

from __future__ import annotations

from collections.abc import Iterator

# Every reader reads at most this much of a posting: the cap bounds the work a hostile page causes.
MAX_TEXT = 200_000

# Every byte that is not an ASCII lowercase letter becomes a space: UTF-8 bytes of other characters
# split words exactly where the regular expression "[a-z]+" does.
_LETTER_BYTES = bytes(byte if 97 <= byte <= 122 else 32 for byte in range(256))


class PostingText:
    """A posting's title and description, lowercased once (see the module docstring)."""

    __slots__ = ("_words", "description_low", "low", "text")

    def __init__(self, text: str, low: str, description_low: str) -> None:
        self.text = text
        self.low = low
        self.description_low = description_low
        self._words: frozenset[str] | None = None

    @classmethod
    def of_posting(cls, title: str, description: str) -> PostingText:
        """The (tidied) title and the description on the next line, each cut to MAX_TEXT."""
        text = f"{title}\n{description}"
        low = text.lower()
        return cls(text[:MAX_TEXT], low[:MAX_TEXT], low[len(title) + 1 :][:MAX_TEXT])

    @classmethod
    def of_text(cls, text: str) -> PostingText:
        """A text that is read whole, as description (the readers' `str` entry points)."""
        low = text.lower()
        return cls(text, low, low)

    @classmethod
    def of_lowered(cls, low: str) -> PostingText:
        """An already lowercased description (the readers' `str` entry points)."""
        return cls(low, low, low)

    @property
    def words(self) -> frozenset[str]:
        """The letter runs (a-z) of the lowercased description, computed on first use."""
        if self._words is None:
            letters = self.description_low.encode("utf-8", "surrogatepass").translate(_LETTER_BYTES)
            self._words = frozenset(letters.decode("ascii").split())
        return self._words

    def holds_any_word(self, words: frozenset[bytes]) -> bool:
        """Whether any of `words` (ASCII lowercase, as bytes) is a letter run of the description."""
        if self._words is not None:
            return any(word.decode("ascii") in self._words for word in words)
        letters = self.description_low.encode("utf-8", "surrogatepass").translate(_LETTER_BYTES)
        return not words.isdisjoint(letters.split())


# Literal words a reader looks for with str.find, grouped under a part they share ("full" of
# "full-time", "full time", "fulltime").
WordGroups = tuple[tuple[str, tuple[str, ...]], ...]


def candidate_words(low: str, groups: WordGroups) -> Iterator[str]:
    """The words of `groups` in order, leaving out every group whose shared part `low` does not hold
    (it then holds none of its words): one search of 1-2 µs on 3 KB answers for the group."""
    for part, words in groups:
        if part in low:
            yield from words
