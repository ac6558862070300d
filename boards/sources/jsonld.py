"""schema.org JobPosting JSON-LD in any HTML page (SPEC §7 "Any other page").

Only the job list is kept, so page noise (session tokens, "viewed 3 minutes ago", banners) never
becomes a change. Lenient with markup: every `application/ld+json` script is read on its own, and a
block that is not valid JSON is repaired once (trailing commas, stray control characters, HTML
comment or CDATA wrappers, trailing garbage) or skipped, never hiding the others. Strict with
types: a posting whose title is not a string is skipped, and a field of the wrong type is absent.
"""

from __future__ import annotations

import html as html_lib
import json
import re
from typing import Any
from urllib.parse import urljoin, urlsplit

from boards.sources import payload
from boards.sources.base import Posting, SalaryPeriod, StructuredSalary
from boards.sources.text import html_to_text

MAX_DEPTH = 12
MAX_BLOCK_CHARS = 5_000_000

# Attribute runs are bounded so a hostile page of unterminated tags cannot make the scan quadratic.
_SCRIPT_OPEN = re.compile(r"<script\b[^>]{0,500}?\btype\s*=\s*[\"']?\s*application/ld\+json[^>]{0,500}>", re.IGNORECASE)
_SCRIPT_CLOSE = re.compile(r"</script\s*>", re.IGNORECASE)
_LD_JSON = re.compile(r"ld\+json", re.IGNORECASE)
_WRAPPERS = re.compile(r"^\s*(?://\s*)?(?:<!--|<!\[CDATA\[)|(?://\s*)?(?:-->|\]\]>)\s*$")
_TRAILING_COMMA = re.compile(r",(\s*[}\]])")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_RECURSE_KEYS = ("@graph", "itemListElement", "item", "mainEntity")
_EDGE_NOISE = re.compile(r"^[^\d]+|[^\d]+$")
_SALARY_PERIODS: dict[str, SalaryPeriod] = {
    "YEAR": "year",
    "MONTH": "month",
    "WEEK": "week",
    "DAY": "day",
    "HOUR": "hour",
}


def script_blocks(markup: str) -> list[str]:
    """The text of every `<script type="application/ld+json">` element, in page order. A script
    left open runs to the end of the page and is ignored."""
    blocks: list[str] = []
    if not _LD_JSON.search(markup):
        return blocks
    position = 0
    while opening := _SCRIPT_OPEN.search(markup, position):
        closing = _SCRIPT_CLOSE.search(markup, opening.end())
        if closing is None:
            break
        blocks.append(markup[opening.end() : closing.start()])
        position = closing.end()
    return blocks


def load_block(block: str) -> Any:
    """One JSON-LD block as data, repairing common breakage once; None when it cannot be read."""
    text = block.strip()
    if len(text) > MAX_BLOCK_CHARS:
        return None
    previous = None
    while previous != text:
        previous = text
        text = _WRAPPERS.sub("", text).strip().rstrip(";").strip()
    if text.startswith(("{&quot;", "[&quot;", "{ &quot;")):
        text = html_lib.unescape(text)
    if not text:
        return None
    repaired = _TRAILING_COMMA.sub(r"\1", _CONTROL.sub(" ", text))
    decoder = json.JSONDecoder(strict=False)
    for candidate in (text, repaired):
        try:
            return json.loads(candidate, strict=False)
        except RecursionError:
            return None
        except ValueError:
            continue
    try:
        value, _ = decoder.raw_decode(repaired)
    except (ValueError, RecursionError):
        return None
    return value


def job_posting_nodes(data: Any) -> list[dict[str, Any]]:
    """Every JobPosting object, looking through arrays, `@graph`, `ItemList` elements and
    `mainEntity`, to a bounded depth (a hostile page cannot make us recurse without end)."""
    found: list[dict[str, Any]] = []
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            continue
        if isinstance(value, list):
            stack.extend((item, depth + 1) for item in reversed(value))
        elif isinstance(value, dict):
            if "JobPosting" in _types(value):
                found.append(value)
            stack.extend((value[key], depth + 1) for key in reversed(_RECURSE_KEYS) if key in value)
    return found


def parse_jsonld(body: bytes, *, base_url: str, content_type: str = "", company: str = "") -> list[Posting]:
    """The JobPostings of a page (HTML with JSON-LD scripts, or a JSON-LD document).

    Never raises on malformed input: what cannot be read is skipped. Postings are de-duplicated
    by id (the first wins).
    """
    kind = content_type.lower()
    markup = _decode(body, kind)
    if "json" in kind and "html" not in kind:
        blocks = [markup]
    elif "html" in kind or not kind or "xml" in kind:
        blocks = script_blocks(markup)
    else:
        return []
    nodes = [node for block in blocks for node in job_posting_nodes(load_block(block))]
    page_url = base_url if len(nodes) == 1 else ""
    postings: list[Posting] = []
    seen: set[str] = set()
    for node in nodes:
        posting = posting_from_node(node, base_url=base_url, page_url=page_url, company=company)
        if posting is not None and posting.id not in seen:
            seen.add(posting.id)
            postings.append(posting)
    return postings


def posting_from_node(node: dict[str, Any], *, base_url: str, page_url: str = "", company: str = "") -> Posting | None:
    """One JobPosting node as a Posting; None when it has no string title.

    `page_url` is the page's own URL when the page holds exactly this one posting: it then stands
    in for a missing `url`, which makes the job's identity stable across title or place edits.
    """
    title = _title(node)
    if not title:
        return None
    remote = _is_remote(node.get("jobLocationType"))
    places = _places(node.get("jobLocation"))
    location = places[0] if places else ""
    if not location and remote:
        regions = _names(node.get("applicantLocationRequirements"))
        location = f"Remote ({', '.join(regions)})" if regions else "Remote"
    url = _url(node.get("url"), base_url) or page_url
    job_id = _identifier(node.get("identifier")) or url or f"{title}|{location}"
    return Posting(
        id=job_id,
        title=title,
        company=_name(node.get("hiringOrganization")) or company,
        location=location,
        other_locations=payload.others(location, places[1:]),
        department=_name(node.get("occupationalCategory")) or _name(node.get("industry")),
        url=url,
        posted_at=_scalar(node.get("datePosted")) or None,
        description=_description(node),
        salary=_salary(node.get("baseSalary")),
        workplace_hint="remote" if remote else "",
        experience_years=_experience_months(node.get("experienceRequirements")),
        employment_type=" ".join(_names(node.get("employmentType"))),
        remote_scope_hints=_names(node.get("applicantLocationRequirements")) if remote else [],
    )


def _decode(body: bytes, content_type: str) -> str:
    match = re.search(r"charset=([\w-]+)", content_type)
    if match:
        try:
            return body.decode(match.group(1), errors="replace")
        except LookupError:
            pass
    return body.decode("utf-8", errors="replace")


def _types(node: dict[str, Any]) -> set[str]:
    raw = node.get("@type")
    values = raw if isinstance(raw, list) else [raw]
    return {re.split(r"[/#:]", value)[-1] for value in values if isinstance(value, str)}


def _title(node: dict[str, Any]) -> str:
    raw = node["title"] if "title" in node else node.get("name")
    if not isinstance(raw, str):
        return ""
    return payload.text(html_lib.unescape(raw))


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return payload.text(html_lib.unescape(value))
    return payload.identifier(value)


def _name(value: Any) -> str:
    """A Thing given as a string, an object with a `name`, or a list of either (the first)."""
    if isinstance(value, list):
        return next((name for name in (_name(item) for item in value) if name), "")
    if isinstance(value, dict):
        return _name(value.get("name"))
    return _scalar(value) if isinstance(value, str) else ""


def _names(value: Any) -> list[str]:
    items = value if isinstance(value, list) else [value]
    return [name for name in (_name(item) for item in items) if name]


def _identifier(value: Any) -> str:
    """A string, a number, or a PropertyValue (its `value`: its `name` is often the employer,
    which would give every posting of the board the same identity)."""
    if isinstance(value, list):
        return next((found for found in (_identifier(item) for item in value) if found), "")
    if isinstance(value, dict):
        return _identifier(value.get("value", value.get("@value")))
    return _scalar(value)


def _url(value: Any, base_url: str) -> str:
    raw = _scalar(value) if isinstance(value, str) else ""
    if not raw:
        return ""
    try:
        absolute = urljoin(base_url, raw) if base_url else raw
        scheme = urlsplit(absolute).scheme
    except ValueError:
        return ""
    return absolute if scheme in {"http", "https"} else ""


def _is_remote(value: Any) -> bool:
    items = value if isinstance(value, list) else [value]
    return any(isinstance(item, str) and "TELECOMMUTE" in item.upper() for item in items)


def _places(value: Any) -> list[str]:
    """Each Place as text: its address parts joined, else its name.

    When every place has the same address but they have distinct names, the names are used: some
    sites copy one address into every place and put the real city in the name.
    """
    items = value if isinstance(value, list) else [value]
    named: list[tuple[str, str]] = []
    for item in items:
        if isinstance(item, str):
            named.append((payload.text(item), ""))
        elif isinstance(item, dict):
            if "VirtualLocation" in _types(item):
                named.append(("Remote", ""))
            else:
                named.append((_address(item.get("address")), _name(item.get("name"))))
    addresses = {address for address, _ in named}
    names = [name for _, name in named]
    if len(named) > 1 and len(addresses) == 1 and all(names) and len(set(names)) == len(names):
        return names
    return [address or name for address, name in named if address or name]


def _address(value: Any) -> str:
    if isinstance(value, str):
        return payload.text(html_lib.unescape(value))
    if isinstance(value, list):
        return next((found for found in (_address(item) for item in value) if found), "")
    if not isinstance(value, dict):
        return ""
    return payload.join_parts(
        _name(value.get("addressLocality")), _name(value.get("addressRegion")), _name(value.get("addressCountry"))
    )


def _description(node: dict[str, Any]) -> str:
    parts = []
    for key in ("description", "qualifications", "experienceRequirements"):
        value = node.get(key)
        if isinstance(value, str):
            parts.append(html_to_text(value))
    return "\n".join(part for part in parts if part)


def _experience_months(value: Any) -> float | None:
    """OccupationalExperienceRequirements.monthsOfExperience, in years (one decimal)."""
    items = value if isinstance(value, list) else [value]
    for item in items:
        if isinstance(item, dict):
            months = payload.number(item.get("monthsOfExperience"))
            if months is not None and 0 <= months <= 600:
                return round(months / 12, 1)
    return None


def _salary(value: Any) -> StructuredSalary | None:
    """baseSalary as a MonetaryAmount whose `value` is a number or a QuantitativeValue (min/max/
    value, unitText), or whose own minValue/maxValue carry the range."""
    amounts = value if isinstance(value, list) else [value]
    for amount in amounts:
        if not isinstance(amount, dict):
            continue
        quantity = amount.get("value") if isinstance(amount.get("value"), dict) else {}
        assert isinstance(quantity, dict)
        single = _amount(quantity.get("value")) if quantity else _amount(amount.get("value"))
        low = _amount(quantity.get("minValue"))
        high = _amount(quantity.get("maxValue"))
        if low is None and high is None:
            low, high = _amount(amount.get("minValue")), _amount(amount.get("maxValue"))
        if low is None and high is None:
            low = high = single
        unit = payload.text(quantity.get("unitText")) or payload.text(amount.get("unitText"))
        period = _SALARY_PERIODS.get(unit.upper()) or payload.period_of(unit)
        currency = _scalar(amount.get("currency")) or _scalar(quantity.get("currency"))
        salary = payload.structured_salary(low, high, currency, period)
        if salary is not None:
            return salary
    return None


def _amount(value: Any) -> float | None:
    """A number, or a numeric string with a symbol or unit around it ("$120,000", "95000 EUR")."""
    found = payload.number(value)
    if found is None and isinstance(value, str) and len(value) < 40:
        found = payload.number(_EDGE_NOISE.sub("", value))
    return found
