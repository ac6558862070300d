"""HTML to plain text, for deriving salary and experience from posting descriptions.

Hot path: a 10,000-job Greenhouse board runs this 10,000 times per check (bench/check_pipeline.py),
so no step walks a description in Python or through a regex that stops at every space: the
visible text is read by libxml2 itself (`tostring(method="text")`, not `itertext`), clean text is
found so with `str` and `bytes` methods (`_is_clean`), and whitespace is tidied with `str` methods
(`_tidy`). Instructions a description of bench/check_pipeline.py (callgrind): 1.62M -> 0.73M.
"""

from __future__ import annotations

import html as html_lib
import re

from lxml import etree

# C0 controls but tab, line feed and carriage return (whitespace, tidied later); DEL; C1 controls.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SURROGATES = re.compile("[\ud800-\udfff]")
# What `clean_text` drops, in the UTF-8 of a text: C0 controls but tab, line feed and carriage
# return, DEL (single bytes, as every character below U+0080), and C1 controls ("\xc2" leads only).
_C0_BYTES = bytes([*range(0x09), 0x0B, 0x0C, *range(0x0E, 0x20), 0x7F])
_C1_UTF8 = re.compile(rb"\xc2[\x80-\x9f]")
_BLOCK_TAGS = ("p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article")
# Spacing collapsed to one space within a line (a line feed separates lines).
_SPACING = ("\t", "\r", "\f", "\v", "\u00a0")
_RUNS = re.compile("   *")
# What XML 1.0 does not allow in text (clean_text has already dropped controls and surrogates).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def clean_text(value: str, limit: int | None = None) -> str:
    """`value` as text that every store and encoder accepts, at most `limit` characters.

    JSON may escape a lone UTF-16 surrogate ("\\ud83d"), which decodes to a Python string that
    UTF-8 refuses to encode (hashing, SQLite and PostgreSQL all raise); a surrogate pair that
    arrived as two escapes is joined into its character and a lone one becomes U+FFFD. NUL
    (PostgreSQL refuses it in text and jsonb) and the other control characters (lxml refuses them)
    are dropped. Text with neither (nearly all) is returned as it is, found so without a regex
    (`_is_clean`).
    """
    if not value:
        return ""
    if _is_clean(value):
        return value[:limit]
    if _SURROGATES.search(value):
        value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return _CONTROLS.sub("", value)[:limit]


def _is_clean(value: str) -> bool:
    """Whether `value` has no surrogate and no control `clean_text` drops. `isprintable` answers
    most short fields (it stops at the first line feed); else the UTF-8 encoder refuses a
    surrogate and `bytes.translate` finds a control: a quarter of the instructions of one regex
    search over a description (callgrind)."""
    if value.isprintable():
        return True
    try:
        data = value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return len(data.translate(None, _C0_BYTES)) == len(data) and (b"\xc2" not in data or not _C1_UTF8.search(data))


def html_to_text(markup: str | None) -> str:
    """Visible text of an HTML fragment; entity-escaped HTML (Greenhouse `content`) is decoded
    first. Block elements become line breaks so "5+ years" in one bullet never joins the next."""
    markup = clean_text(markup or "")
    if not markup:
        return ""
    if "&lt;" in markup and "<" not in markup:
        markup = _decoded(markup)
    if "<" not in markup:
        return _tidy(html_lib.unescape(markup))
    try:
        document = etree.HTML(f"<html><body>{markup}</body></html>")
    except (ValueError, etree.ParserError):
        document = None
    root = document.find("body") if document is not None else None
    if root is None:
        return _tidy(re.sub(r"<[^>]+>", " ", markup))
    etree.strip_elements(root, "script", "style", with_tail=False)
    for element in root.iter(*_BLOCK_TAGS):
        tail = element.tail
        try:
            element.tail = "\n" + tail if tail else "\n"
        except ValueError:  # U+FFFE, U+FFFF: the parser keeps them, lxml refuses them from Python
            element.tail = "\n" + _NOT_XML.sub("", tail or "")
    # The text and tail of every element below, comments' text left out: what itertext yields.
    return _tidy(etree.tostring(root, method="text", encoding="unicode", with_tail=False))


def _decoded(markup: str) -> str:
    try:
        root = etree.HTML(f"<p>{markup}</p>")
    except (ValueError, etree.ParserError):
        root = None
    return "".join(root.itertext()) if root is not None else html_lib.unescape(markup)


def _tidy(text: str) -> str:
    """Each run of spacing (`_SPACING` and spaces) as one space, each line stripped, no empty line."""
    for char in _SPACING:
        text = text.replace(char, " ")
    if "  " in text:
        text = _RUNS.sub(" ", text)
    return "\n".join(filter(None, map(str.strip, text.split("\n"))))
