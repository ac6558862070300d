"""HTML to plain text, for deriving salary and experience from posting descriptions."""

from __future__ import annotations

import html as html_lib
import re

from lxml import html as lxml_html
from lxml.etree import ParserError

_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_BLANK_LINES = re.compile(r"\n\s*\n+")
_BLOCK_TAGS = {"p", "div", "br", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "section", "article"}


def html_to_text(markup: str | None) -> str:
    """Visible text of an HTML fragment; entity-escaped HTML (Greenhouse `content`) is unescaped
    first. Block elements become line breaks so "5+ years" in one bullet never joins the next."""
    if not markup:
        return ""
    if "&lt;" in markup and "<" not in markup:
        markup = html_lib.unescape(markup)
    if "<" not in markup:
        return _tidy(html_lib.unescape(markup))
    try:
        root = lxml_html.fragment_fromstring(markup, create_parent="div")
    except (ParserError, ValueError):
        return _tidy(re.sub(r"<[^>]+>", " ", markup))
    for bad in root.xpath("//script|//style"):
        bad.drop_tree()
    for element in root.iter():
        if isinstance(element.tag, str) and element.tag in _BLOCK_TAGS:
            element.tail = "\n" + (element.tail or "")
    return _tidy(root.text_content())


def _tidy(text: str) -> str:
    text = _SPACES.sub(" ", text)
    text = "\n".join(line.strip() for line in text.split("\n"))
    return _BLANK_LINES.sub("\n", text).strip()
