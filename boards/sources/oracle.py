"""Oracle Recruiting Cloud candidate sites (`acme.fa.us2.oraclecloud.com/hcmUI/CandidateExperience/en/sites/CX_1`).

Read through the site's REST finder `recruitingCEJobRequisitions`, newest first, 100 a request, with
every secondary location, the job family, the posting date and a short summary (the summary is the
only posting text, so no detail request is made). Newest 300 (3 requests); more → incomplete.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from boards.sources.base import BoardRef, Fetch, Listing, ParsedUrl, Posting, ReadContext, Request
from boards.sources.paging import Page, paged_read
from boards.sources.payload import identifier, load_json, others, posting_text, text
from watchtower.errors import AppError

PLATFORM = "oracle"
PAGE_SIZE = 100
MAX_JOBS = 300
MAX_REQUESTS = MAX_JOBS // PAGE_SIZE
PAGE_SPACING_MS = 0

_HOST = re.compile(r"^[\w-]+(\.[\w-]+)*\.oraclecloud\.com$")
_SITE = re.compile(r"^[\w-]+$")
_API_PATH = "/hcmRestApi/resources/latest/recruitingCEJobRequisitions"
_SITE_NUMBER = re.compile(r"siteNumber=([\w-]+)")

# Company names of known candidate sites (the finder does not name the employer).
COMPANIES: dict[str, str] = {
    "ebfr.fa.us2.oraclecloud.com": "Oceaneering",
    "ebwh.fa.us2.oraclecloud.com": "Macy's",
    "ebxr.fa.us2.oraclecloud.com": "DTCC",
    "ecsr.fa.us2.oraclecloud.com": "Vanderbilt University",
    "ecwl.fa.us2.oraclecloud.com": "ClubCorp",
    "ecwr.fa.us2.oraclecloud.com": "Estes Express Lines",
    "eczd.fa.us2.oraclecloud.com": "Yum! Brands",
    "edbz.fa.us2.oraclecloud.com": "Texas Instruments",
    "edel.fa.us2.oraclecloud.com": "Fortinet",
    "edmn.fa.us2.oraclecloud.com": "Caesars Entertainment",
    "eeho.fa.us2.oraclecloud.com": "Oracle",
    "efds.fa.em5.oraclecloud.com": "Ford",
    "efet.fa.us2.oraclecloud.com": "Hilton",
    "efuq.fa.us6.oraclecloud.com": "Hilton Grand Vacations",
    "egay.fa.us6.oraclecloud.com": "NOV",
    "egud.fa.us2.oraclecloud.com": "AutoZone",
    "egug.fa.us2.oraclecloud.com": "American Express",
    "eimy.fa.us6.oraclecloud.com": "UW Health",
    "ejhp.fa.us6.oraclecloud.com": "Sherwin-Williams",
    "ejis.fa.us6.oraclecloud.com": "Mount Sinai",
    "ejjc.fa.us6.oraclecloud.com": "TTX",
    "ejko.fa.us2.oraclecloud.com": "Blue Cross Blue Shield of Michigan",
    "ejta.fa.us6.oraclecloud.com": "Fortive",
    "ejwl.fa.us2.oraclecloud.com": "Marriott",
    "ekaw.fa.us2.oraclecloud.com": "Securitas",
    "elar.fa.us2.oraclecloud.com": "Inova",
    "eluq.fa.us2.oraclecloud.com": "Kroger",
    "emcm.fa.us2.oraclecloud.com": "WM",
    "emje.fa.us6.oraclecloud.com": "Southern Company",
    "eodr.fa.us2.oraclecloud.com": "Tenet Healthcare",
    "eofd.fa.us6.oraclecloud.com": "Albertsons",
    "eofe.fa.us2.oraclecloud.com": "BNY",
    "eppr.fa.us2.oraclecloud.com": "Northwell Health",
    "erqh.fa.us2.oraclecloud.com": "Atlantic Health System",
    "evac.fa.us2.oraclecloud.com": "Providence",
    "fa-esgu-saasfaprod1.fa.ocs.oraclecloud.com": "Mortenson",
    "fa-espx-saasfaprod1.fa.ocs.oraclecloud.com": "Cummins",
    "fa-etbx-saasfaprod1.fa.ocs.oraclecloud.com": "Navy Federal Credit Union",
    "fa-etjd-saasfaprod1.fa.ocs.oraclecloud.com": "FirstEnergy",
    "fa-etnf-saasfaprod1.fa.ocs.oraclecloud.com": "UChicago Medicine",
    "fa-etnv-saasfaprod1.fa.ocs.oraclecloud.com": "HealthPartners",
    "fa-etqo-saasfaprod1.fa.ocs.oraclecloud.com": "Hexaware",
    "fa-etum-saasfaprod1.fa.ocs.oraclecloud.com": "Florida Blue",
    "fa-etvl-saasfaprod1.fa.ocs.oraclecloud.com": "Zensar",
    "fa-euwp-saasfaprod1.fa.ocs.oraclecloud.com": "Mayo Clinic",
    "fa-evmr-saasfaprod1.fa.ocs.oraclecloud.com": "Nokia",
    "fa-ewgu-saasfaprod1.fa.ocs.oraclecloud.com": "Chubb",
    "fa-ewlq-saasfaprod1.fa.ocs.oraclecloud.com": "University of Tennessee",
    "fa-ewxu-saasfaprod1.fa.ocs.oraclecloud.com": "APS",
    "fa-exdv-saasfaprod1.fa.ocs.oraclecloud.com": "Westfield Insurance",
    "fa-exew-saasfaprod1.fa.ocs.oraclecloud.com": "RB Global",
    "fa-exhh-saasfaprod1.fa.ocs.oraclecloud.com": "Staples",
    "fa-extu-saasfaprod1.fa.ocs.oraclecloud.com": "Akamai",
    "fa-exty-saasfaprod1.fa.ocs.oraclecloud.com": "Howmet Aerospace",
    "fa-exvu-saasfaprod1.fa.ocs.oraclecloud.com": "GM Financial",
    "hccz.fa.em3.oraclecloud.com": "Pearson",
    "hcgn.fa.us2.oraclecloud.com": "Citizens",
    "hckd.fa.us2.oraclecloud.com": "Molina Healthcare",
    "hcwp.fa.us2.oraclecloud.com": "Coherent",
    "hdep.fa.us2.oraclecloud.com": "Digital Realty",
    "hdjq.fa.us2.oraclecloud.com": "Emerson",
    "hdkk.fa.us6.oraclecloud.com": "Cedars-Sinai",
    "hdox.fa.us6.oraclecloud.com": "Quest Diagnostics",
    "hdpc.fa.us2.oraclecloud.com": "Goldman Sachs",
    "hdsn.fa.us6.oraclecloud.com": "American Tower",
    "iazbqy.fa.ocs.oraclecloud.com": "International Paper",
    "iazuqy.fa.ocs.oraclecloud.com": "UCSF",
    "ibmwjb.fa.ocs.oraclecloud.com": "Brookdale Senior Living",
    "ibpcjb.fa.ocs.oraclecloud.com": "Ascension",
    "ibpwjb.fa.ocs.oraclecloud.com": "First Horizon",
    "ibqbjb.fa.ocs.oraclecloud.com": "Honeywell",
    "ibtcjb.fa.ocs.oraclecloud.com": "Cherokee Federal",
    "ibxwjb.fa.ocs.oraclecloud.com": "Dollar General",
    "icfcjb.fa.ocs.oraclecloud.com": "Honeywell Aerospace",
    "jpmc.fa.oraclecloud.com": "JPMorganChase",
}


def recognize(url: ParsedUrl) -> BoardRef | None:
    host = url.hostname or ""
    if not _HOST.match(host):
        return None
    segments = [segment for segment in url.path.split("/") if segment]
    site = ""
    if len(segments) >= 5 and segments[:2] == ["hcmUI", "CandidateExperience"] and segments[3] == "sites":
        site = segments[4]
    elif url.path.rstrip("/") == _API_PATH:
        found = _SITE_NUMBER.search(unquote(url.query))
        site = found.group(1) if found else ""
    if not _SITE.match(site):
        return None
    return BoardRef(
        platform=PLATFORM,
        board_url=f"https://{host}/hcmUI/CandidateExperience/en/sites/{site}",
        fetch_host=host,
        key=site,
        company=COMPANIES.get(host, ""),
        options={"site": site},
    )


def page_url(board: BoardRef, offset: int) -> str:
    # The finder's commas and semicolons are literal: Oracle does not decode them.
    finder = f"findReqs;siteNumber={board.options['site']},limit={PAGE_SIZE},offset={offset},sortBy=POSTING_DATES_DESC"
    return (
        f"https://{board.fetch_host}{_API_PATH}?onlyData=true&expand=requisitionList.secondaryLocations&finder={finder}"
    )


def read(board: BoardRef, fetch: Fetch, context: ReadContext) -> Listing:
    return paged_read(
        fetch,
        lambda offset: Request(page_url(board, offset)),
        lambda response: parse_page(load_json(response.body, PLATFORM), board),
        page_size=PAGE_SIZE,
        max_jobs=MAX_JOBS,
    )


def parse_page(data: Any, board: BoardRef) -> Page:
    """One finder response → (TotalJobsCount, postings). Pure; PARSE_ERROR without `items[0]`."""
    items = data.get("items") if isinstance(data, dict) else None
    if not isinstance(items, list) or not items or not isinstance(items[0], dict):
        raise AppError("PARSE_ERROR", "Oracle Recruiting answered without a requisition list")
    block = items[0]
    postings = [
        posting
        for requisition in block.get("requisitionList") or []
        if isinstance(requisition, dict) and (posting := parse_requisition(requisition, board))
    ]
    return Page.stated(block.get("TotalJobsCount"), postings)


def parse_requisition(requisition: dict[str, Any], board: BoardRef) -> Posting | None:
    job_id = identifier(requisition.get("Id"))
    title = text(requisition.get("Title"))
    if not job_id or not title:
        return None
    location = text(requisition.get("PrimaryLocation"))
    workplace = text(requisition.get("WorkplaceType"))
    if "remote" in workplace.lower() and "remote" not in location.lower():
        location = f"{location}, Remote" if location else "Remote"
    secondary = [
        text(place.get("Name")) for place in requisition.get("secondaryLocations") or [] if isinstance(place, dict)
    ]
    return Posting(
        id=job_id,
        title=title,
        company=board.company,
        location=location,
        other_locations=others(text(requisition.get("PrimaryLocation")), secondary),
        department=text(requisition.get("JobFamily")) or text(requisition.get("JobFunction")),
        url=f"{board.board_url}/job/{job_id}",
        posted_at=text(requisition.get("PostedDate")) or None,
        description=posting_text(
            requisition, "ShortDescriptionStr", "ExternalQualificationsStr", "ExternalResponsibilitiesStr"
        ),
        workplace_hint=workplace or text(requisition.get("WorkplaceTypeCode")),
        employment_type=text(requisition.get("JobSchedule")),
    )
