"""HTML to plain text, for deriving salary and experience from posting descriptions.

Hot path: a 10,000-job Greenhouse board runs this 10,000 times per check, so it parses with one
lxml call and avoids per-space regex replacements (see bench/check_pipeline.py).
"""

from __future__ import annotations

import html as html_lib
import re

from lxml import etree

# C0 controls but tab, line feed and carriage return (whitespace, tidied later); DEL; C1 controls.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SURROGATES = re.compile("[\ud800-\udfff]")
_SPACES = re.compile(r"[\t\r\f\v\u00a0][ \t\r\f\v\u00a0]*| [ \t\r\f\v\u00a0]+")
_BLOCK_TAGS = ("p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article")


def clean_text(value: str, limit: int | None = None) -> str:
    """`value` as text that every store and encoder accepts, at most `limit` characters.

    JSON may escape a lone UTF-16 surrogate ("\\ud83d"), which decodes to a Python string that
    UTF-8 refuses to encode (hashing, SQLite and PostgreSQL all raise); a surrogate pair that
    arrived as two escapes is joined into its character and a lone one becomes U+FFFD. NUL
    (PostgreSQL refuses it in text and jsonb) and the other control characters (lxml refuses them)
    are dropped.
    """
    if not value:
        return ""
    if _SURROGATES.search(value):
        value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return _CONTROLS.sub("", value)[:limit]


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
        element.tail = "\n" + (element.tail or "")
    return _tidy("".join(root.itertext()))


def _decoded(markup: str) -> str:
    try:
        root = etree.HTML(f"<p>{markup}</p>")
    except (ValueError, etree.ParserError):
        root = None
    return "".join(root.itertext()) if root is not None else html_lib.unescape(markup)


def _tidy(text: str) -> str:
    text = _SPACES.sub(" ", text)
    return "\n".join(line for line in (part.strip() for part in text.split("\n")) if line)
