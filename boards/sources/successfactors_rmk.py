"""SuccessFactors Recruiting Marketing pages (`career4.successfactors.com/career?company=colgate`), the
older SAP product beside Career Site Builder, read through the tenant's XML job feed.

One request (`career?company=…&career_ns=job_listing_summary&resultType=XML`) lists every open job
with its title, requisition id, description and the tenant's own filter fields (each a `label` and
a `value`: "Country", "City", "Work Location", …; numbered differently per tenant, so they are read
by label). Tenants' feeds carry an element without a name (`<>577</>`), which is removed before
the feed is read with a recovering parser. The company in the URL is often a code ("C0001095075P"), so the board's name
comes from the feed's "Company" field when the code is not a word.

A board of the `successfactors` platform: `successfactors.recognize` and `read` hand these URLs here.
"""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import parse_qsl, urlencode

from lxml import etree

from boards.sources import payload
from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, Request
from boards.sources.paging import first_response
from boards.sources.slug import company_from_slug
from boards.sources.text import html_to_text
from watchtower.errors import AppError

# The hosts of SuccessFactors (and its SAP-branded data centres) that serve Recruiting Marketing pages.
RMK_HOST = re.compile(r"^(career|performancemanager)\d*\.(successfactors\.(com|eu)|sapsf\.(com|eu|cn))$")
_COMPANY_CODE = re.compile(r"^[\w-]{1,100}$")
_WORD = re.compile(r"^[A-Za-z][A-Za-z-]*$")
# `<>577</>`: an element without a name, which a recovering parser reads as the end of the job.
_NAMELESS = re.compile(rb"<>[^<]*</>")
_PARSER = etree.XMLParser(recover=True, resolve_entities=False, no_network=True, huge_tree=False)
_WORKPLACES = (("hybrid", "hybrid"), ("remote", "remote"), ("on-site", "onsite"), ("onsite", "onsite"))
# Filter labels tenants use for the parts of a place, most specific first.
_CITY = frozenset({"city", "location", "job location"})
_STATE = frozenset({"state/province", "state", "province", "region"})
_COUNTRY = frozenset({"country", "country of search", "country/region"})


def recognize(platform: str, url: ParsedUrl) -> BoardRef | None:
    """The tenant's board for any page of its Recruiting Marketing site (`/career?company=…`)."""
    host = url.hostname or ""
    if not RMK_HOST.match(host) or url.path.rstrip("/") != "/career":
        return None
    company = dict(parse_qsl(url.query)).get("company", "")
    if not _COMPANY_CODE.match(company):
        return None
    return BoardRef(
        platform=platform,
        board_url=f"https://{host}/career?{urlencode({'company': company})}",
        fetch_host=host,
        key=company,
        company=company_from_slug(company) if _WORD.match(company) else "",
    )


def feed_url(board: BoardRef) -> str:
    query = urlencode({"company": board.key, "career_ns": "job_listing_summary", "resultType": "XML"})
    return f"https://{board.fetch_host}/career?{query}"


def read(board: BoardRef, fetch: Fetch) -> Listing:
    response = first_response(fetch, Request(feed_url(board)))
    return Listing(postings=parse_feed(response.body, board), complete=True, **payload.listing_validators(response))


def parse_feed(body: bytes, board: BoardRef) -> list[Posting]:
    """A job feed → postings. Raises AppError("PARSE_ERROR") when the body is not a `Job-Listing`
    (an error page, a login page); an empty listing is a board with no open jobs. Pure."""
    try:
        root = etree.fromstring(_NAMELESS.sub(b"", body), parser=_PARSER) if body.strip() else None
    except (etree.XMLSyntaxError, ValueError):
        root = None
    if root is None or root.tag != "Job-Listing":
        raise AppError("PARSE_ERROR", "SuccessFactors job feed is not a Job-Listing document")
    postings: dict[str, Posting] = {}
    for job in root.iter("Job"):
        posting = _posting(job, board)
        if posting is not None and posting.id not in postings:
            postings[posting.id] = posting
    return list(postings.values())


def _posting(job: Any, board: BoardRef) -> Posting | None:
    req_id = _child(job, "ReqId")
    title = html.unescape(_child(job, "JobTitle"))  # tenants escape inside CDATA: "Accident &amp; Health"
    if not req_id or not title:
        return None
    fields = _filters(job)
    location = payload.join_parts(_first(fields, _CITY), _first(fields, _STATE), _first(fields, _COUNTRY))
    query = {"company": board.key, "career_ns": "job_listing", "navBarLevel": "JOB_SEARCH", "career_job_req_id": req_id}
    return Posting(
        id=req_id,
        title=" ".join(title.split()),
        company=fields.get("company") or board.company,
        location=location,
        department=_child(job, "Department") or fields.get("department", "") or fields.get("job area", ""),
        url=f"https://{board.fetch_host}/career?{urlencode(query)}",
        description=html_to_text(_child(job, "Job-Description", keep_lines=True)),
        workplace_hint=_workplace(fields.get("work location", "")),
        requisition_id=req_id,
    )


def _filters(job: Any) -> dict[str, str]:
    """The tenant's `filterN` fields by their lowercased label; the first of a label wins."""
    found: dict[str, str] = {}
    for element in job:
        if not isinstance(element.tag, str) or not element.tag.startswith("filter"):
            continue
        label = _child(element, "label").lower()
        value = html.unescape(_child(element, "value"))
        if label and value and label not in found:
            found[label] = value
    return found


def _first(fields: dict[str, str], labels: frozenset[str]) -> str:
    return next((value for label, value in fields.items() if label in labels), "")


def _workplace(value: str) -> str:
    low = value.lower()
    return next((hint for word, hint in _WORKPLACES if word in low), "")


def _child(element: Any, tag: str, *, keep_lines: bool = False) -> str:
    found = element.find(tag)
    text = found.text if found is not None and found.text else ""
    return text.strip() if keep_lines else " ".join(text.split())
