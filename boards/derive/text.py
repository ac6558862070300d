"""The text of one posting, read once for every reader of `derive_job`.

Each reader used to take the raw strings and cut, lowercase and scan them on its own. What costs
most in the readers added for issue 19 (visa sponsorship, remote scope, employment type) is scans
of the whole description: one regular expression over a 3 KB description costs 50-150 µs in
CPython, one `str.find` of an absent word 1-2 µs. A `PostingText` is built once per posting and
holds what several readers ask of the text:

- `text` and `low`: the title and the description on the next line, and their lowercased copy;
- `description_low`: the lowercased description alone, for readers that must not read the title;
- `occurrences(word)`: where a reader's literal anchor word stands, as the reader's own loop of
  `str.find` calls found it (left to right, each search starting past the previous occurrence).
  Every reader registers its anchor words once (`anchor_words`), and the first question scans the
  text for all of them at once with an Aho-Corasick automaton (ahocorasick-rs): one pass of about
  5 µs over a 3 KB description instead of some sixty `str.find`/`in` passes (visa triggers,
  employment statements, workplace words, agency phrases, remote-scope statements) of 1-2 µs each
  (bench/derive.py, docs/scaling.md). The automaton reads ASCII bytes: every other character is
  scanned as "?" (one byte, so offsets stay character offsets), and the few anchor words that are
  not ASCII (currency symbols) are looked for with `str.find` in a text that has such characters;
- `starts(word)`: every start of an anchor word, overlapping ones included: the places where a
  reader that checks each with its own pattern may find a match (salary's currency symbols, pay
  words and stated periods: its passes over the whole text became lookups here);
- `holds_any_word(words)`: whether any of a few words is a letter run (a-z) of the lowercased
  description ("cet", "pst" for time zones), from one `bytes.translate` pass (`letter_bytes`, the
  technique of matching/identity.py) and one automaton of " word " over its result, without
  splitting it; `words`, the set of those runs (exactly what `re.findall("[a-z]+",
  description_low)` finds), is built on first use only.

`lowercase` is `str.lower` made cheaper for a text whose only characters outside ASCII have no case.

Readers keep a `str` entry point for tests and other callers (`scope_from_text(low)`), which
builds a `PostingText` of the string.
"""

from __future__ import annotations

import ahocorasick_rs

# Every reader reads at most this much of a posting: the cap bounds the work a hostile page causes.
MAX_TEXT = 200_000

# Every byte that is not an ASCII lowercase letter becomes a space: UTF-8 bytes of other characters
# split words exactly where the regular expression "[a-z]+" does.
_LETTER_BYTES = bytes(byte if 97 <= byte <= 122 else 32 for byte in range(256))

# The anchor words of every reader (lowercase literals), in registration order.
_ANCHORS: dict[str, None] = {}
# Those that can overlap themselves ("abab" in "ababab"; "open to", "distributed"): a second
# `str.find` starts past the first occurrence, so an overlapping one is not an occurrence for it.
_SELF_OVERLAPPING: set[str] = set()


def anchor_words(*words: str) -> tuple[str, ...]:
    """Register a reader's anchor words (at import) for `PostingText.occurrences`; returns them."""
    for word in words:
        if word not in _ANCHORS:
            _ANCHORS[word] = None
            if any(word[:size] == word[-size:] for size in range(1, len(word))):
                _SELF_OVERLAPPING.add(word)
            _Scanner.current = None  # built again, with the new word, on the next scan
    return words


class _Scanner:
    """The automaton of the registered anchor words, built on first use."""

    current: _Scanner | None = None

    def __init__(self) -> None:
        self.words = tuple(_ANCHORS)
        # The text is scanned as ASCII bytes, one byte a character, so byte offsets are character
        # offsets: a `str` automaton computes those from UTF-8 offsets (on bench.derive's postings
        # with a "€" or "–", ~17K instructions more than this).
        self.automaton = ahocorasick_rs.BytesAhoCorasick(
            [word.encode("utf-8") for word in self.words], matchkind=ahocorasick_rs.MatchKind.Standard
        )
        # A character that is not ASCII is scanned as "?", which no anchor word holds; the words
        # that are not ASCII (currency symbols) are looked for with `str.find` in such a text.
        self.wide = tuple(word for word in self.words if not word.isascii())
        self.replaced = not any("?" in word for word in self.words)

    @classmethod
    def get(cls) -> _Scanner:
        scanner = cls.current
        if scanner is None:
            scanner = cls.current = cls()
        return scanner


class PostingText:
    """A posting's title and description, lowercased once (see the module docstring)."""

    __slots__ = ("_found", "_offset", "_scanned", "_words", "description_low", "low", "text")

    def __init__(self, text: str, low: str, description_low: str, *, scanned: str | None = None) -> None:
        self.text = text
        self.low = low
        self.description_low = description_low
        self._words: frozenset[str] | None = None
        # What the anchor scan reads: `low` and `description_low` are its windows, the latter at
        # its end (`scanned` is longer than `low` only for a text longer than MAX_TEXT).
        self._scanned = low if scanned is None else scanned
        self._offset = len(self._scanned) - len(description_low)
        self._found: dict[str, list[int]] | None = None

    @classmethod
    def of_posting(cls, title: str, description: str) -> PostingText:
        """The (tidied) title and the description on the next line, each cut to MAX_TEXT."""
        text = f"{title}\n{description}"
        low = lowercase(text)
        offset = len(title) + 1
        return cls(
            text[:MAX_TEXT],
            low[:MAX_TEXT],
            low[offset:][:MAX_TEXT],
            scanned=low[: offset + MAX_TEXT],
        )

    @classmethod
    def of_text(cls, text: str) -> PostingText:
        """A text that is read whole, as description (the readers' `str` entry points)."""
        low = lowercase(text)
        return cls(text, low, low)

    @classmethod
    def of_lowered(cls, low: str) -> PostingText:
        """An already lowercased description (the readers' `str` entry points)."""
        return cls(low, low, low)

    def present(self, words: tuple[str, ...]) -> list[str]:
        """The registered anchor `words` that occur in the title or the description, in their order:
        a reader asks `occurrences` of these only (a question costs more than the scan's lookup)."""
        found = self._found
        if found is None:
            found = self._found = self._scan()
        return [word for word in words if word in found]

    def occurrences(self, word: str, *, title: bool = False, within: int | None = None) -> list[int]:
        """Where a registered anchor `word` starts in `description_low` (in `low`, which holds the
        title, with `title=True`), left to right, as repeated `str.find` calls from the start and
        past each occurrence find them; only occurrences that end within the first `within`
        characters (a reader's own cut of the text)."""
        starts = self._found_starts(word)
        if not starts:
            return []
        view = self.low if title else self.description_low
        offset = 0 if title else self._offset
        end = len(view) if within is None else min(within, len(view))
        # The whole list as found when it is the view's (the title-and-description view, or a
        # string reader's own text); the description's view of a posting is cut from it.
        if not (offset == 0 and starts[-1] + len(word) <= end):
            last = end - len(word)
            starts = [at - offset for at in starts if offset <= at and at - offset <= last]
        if word in _SELF_OVERLAPPING:
            kept: list[int] = []
            for at in starts:
                if not kept or at >= kept[-1] + len(word):
                    kept.append(at)
            return kept
        return starts

    def starts(self, word: str, *, within: int) -> list[int]:
        """Every start of a registered anchor `word` in `low` (the title and the description), left to
        right and overlapping ones included, of the occurrences that end within the first `within`
        characters: the places where a reader that verifies each one with its own pattern may find a
        match (salary's triggers). The list is the scan's own: not to be changed."""
        starts = self._found_starts(word)
        if not starts:
            return []
        last = min(within, len(self.low)) - len(word)
        if starts[-1] <= last:
            return starts
        return [at for at in starts if at <= last]

    def _found_starts(self, word: str) -> list[int]:
        """The scan's starts of a registered anchor `word` in `low` (empty: none; scanned once)."""
        found = self._found
        if found is None:
            found = self._found = self._scan()
        starts = found.get(word)
        if starts is None:
            if word not in _ANCHORS:
                raise KeyError(f"{word!r} is not an anchor word (register it with anchor_words)")
            return []
        return starts

    def holds(self, word: str) -> bool:
        """Whether a registered anchor `word` occurs in `description_low` (`word in description_low`)."""
        return bool(self.occurrences(word))

    def _scan(self) -> dict[str, list[int]]:
        scanner = _Scanner.get()
        text = self._scanned
        if text.isascii():
            wide: tuple[str, ...] = ()
            haystack = text.encode("ascii")
        elif scanner.replaced:
            wide = scanner.wide
            haystack = text.encode("ascii", "replace")  # one "?" for each other character
        else:
            return _find_all(text, scanner.words)
        matches = scanner.automaton.find_matches_as_indexes(haystack, overlapping=True)
        found: dict[str, list[int]] = _find_all(text, wide) if wide else {}
        words = scanner.words
        for index, start, _end in matches:  # in order of their ends: one word's in order of starts
            word = words[index]
            starts = found.get(word)
            if starts is None:
                found[word] = [start]
            else:
                starts.append(start)
        return found

    @property
    def words(self) -> frozenset[str]:
        """The letter runs (a-z) of the lowercased description, computed on first use."""
        if self._words is None:
            self._words = frozenset(letter_bytes(self.description_low).decode("ascii").split())
        return self._words

    def holds_any_word(self, words: frozenset[bytes]) -> bool:
        """Whether any of `words` (ASCII lowercase, as bytes) is a letter run of the description."""
        if self._words is not None:
            return any(word.decode("ascii") in self._words for word in words)
        automaton = _word_automaton(words)
        if automaton is None:
            return False
        return bool(automaton.find_matches_as_indexes(b" " + letter_bytes(self.description_low) + b" "))


# One automaton per word set of `holds_any_word` (a reader passes the same frozenset every time).
_WORD_AUTOMATA: dict[frozenset[bytes], ahocorasick_rs.BytesAhoCorasick | None] = {}


def _word_automaton(words: frozenset[bytes]) -> ahocorasick_rs.BytesAhoCorasick | None:
    """An automaton of " word " for each of `words` that can be a letter run (a-z only): in the
    letter bytes of a text with a space on either side, it matches exactly where one is a run. One
    pass, without the ~500 `bytes` objects and set lookups that splitting a 3 KB description takes
    (remote scope's time-zone words: 439K → 249K instructions a remote posting of bench.derive)."""
    try:
        return _WORD_AUTOMATA[words]
    except KeyError:
        pass
    runs = [b" " + word + b" " for word in sorted(words) if word.isalpha() and word.islower()]
    automaton = ahocorasick_rs.BytesAhoCorasick(runs) if runs else None
    _WORD_AUTOMATA[words] = automaton
    return automaton


def lowercase(text: str) -> str:
    """`text.lower()`, cheaper for a text that is not ASCII but whose other characters have no case
    ("€", "–", "’", "•": most postings). CPython lowers such a text one character at a time through
    its Unicode tables (~55 instructions a character: 163K on a 3 KB description of bench.derive's
    board); lowering its UTF-8 bytes changes the ASCII letters alone, which is the whole change
    when every other character is its own lower case (checked on those characters only): ~68K
    instructions less."""
    if text.isascii():
        return text.lower()
    try:
        encoded = text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate
        return text.lower()
    others = encoded.translate(None, _ASCII_BYTES).decode("utf-8")
    if others.lower() != others:
        return text.lower()
    return encoded.lower().decode("utf-8")


_ASCII_BYTES = bytes(range(128))


def letter_bytes(text: str) -> bytes:
    """`text` as UTF-8 bytes with every byte that is not an ASCII lowercase letter a space: its
    `.split()` is the runs `re.findall("[a-z]+", text)` finds, in order."""
    return text.encode("utf-8", "surrogatepass").translate(_LETTER_BYTES)


def _find_all(text: str, words: tuple[str, ...]) -> dict[str, list[int]]:
    """Every occurrence of each word, overlapping ones included, as the automaton reports them."""
    found: dict[str, list[int]] = {}
    for word in words:
        starts = []
        at = text.find(word)
        while at >= 0:
            starts.append(at)
            at = text.find(word, at + 1)
        if starts:
            found[word] = starts
    return found
