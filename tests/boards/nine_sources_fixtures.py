"""The nine boards of the multi-request sources, served from 127.0.0.1 for the end-to-end test.

Every response is built from the trimmed fixtures and builders of tests/boards/sources (recorded
bodies where they exist: the iCIMS search page, the Oracle finder pages, Amazon's search.json;
documented shapes otherwise). What this module adds is only the serving: a listing is a list of job
numbers, newest first, and each board pages it the way its platform does (a JSON POST body for
Workday and Apple, a query parameter for the others), so a test can change the listing between
checks by serving other numbers.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import urlsplit

from werkzeug import Request as WebRequest
from werkzeug import Response as WebResponse

from boards.sources import amazon, apple, eightfold, google, icims, microsoft, oracle, workday
from boards.sources.base import Request as SourceRequest
from boards.sources.base import Response as SourceResponse
from boards.sources.paging import http_status_of
from boards.sources.registry import recognize
from boards.sources.sitemap import MAX_CHILD_SITEMAPS
from tests.boards.sources.fakes import fixture_bytes
from tests.boards.sources.test_amazon import job as amazon_job
from tests.boards.sources.test_apple import role as apple_role
from tests.boards.sources.test_eightfold import pcsx_pages as eightfold_details
from tests.boards.sources.test_eightfold import position as eightfold_position
from tests.boards.sources.test_icims import DETAIL as ICIMS_DETAIL
from tests.boards.sources.test_microsoft import position as microsoft_position
from tests.boards.sources.test_oracle import req as oracle_requisition
from tests.boards.sources.test_successfactors import tile, tiles
from tests.boards.sources.test_workday import detail_handler as workday_details
from tests.boards.sources.test_workday import posting as workday_posting
from tests.fakes import FakeSite
from watchtower.errors import AppError

Answer = Callable[[WebRequest], WebResponse]
SourceHandler = Callable[[SourceRequest], SourceResponse | Exception]


@dataclass
class Web(FakeSite):
    """FakeSite plus answers computed from the request: `route(host, path, answer)` wins over the
    static pages for that exact path, whatever the query string or POST body."""

    routes: dict[tuple[str, str], Answer] = field(default_factory=dict)

    def route(self, host: str, path: str, answer: Answer) -> None:
        with self.lock:
            self.routes[(host.lower(), path)] = answer

    def _handle(self, request: WebRequest) -> WebResponse:
        host = (request.headers.get("Host") or "").split(":")[0].lower()
        with self.lock:
            answer = self.routes.get((host, request.path))
        if answer is None:
            return super()._handle(request)
        with self.lock:
            self.log.append((host, request.full_path.rstrip("?"), time.monotonic()))
        return answer(request)


def json_answer(data: Any, *, status: int = 200) -> WebResponse:
    return WebResponse(json.dumps(data), status=status, content_type="application/json")


def bridged(host: str, handler: SourceHandler) -> Answer:
    """A source-test handler (written for FakeFetch) answering real HTTP requests."""

    def answer(request: WebRequest) -> WebResponse:
        url = f"https://{host}{request.full_path.rstrip('?')}"
        body = request.get_json(silent=True)
        method: Literal["GET", "POST"] = "POST" if request.method == "POST" else "GET"
        outcome = handler(SourceRequest(url, method=method, json_body=body))
        if isinstance(outcome, AppError):
            return json_answer({"error": outcome.code}, status=http_status_of(outcome) or 500)
        if isinstance(outcome, Exception):
            raise outcome
        return WebResponse(outcome.body, status=outcome.status, content_type="application/json")

    return answer


def body_of(handler: SourceHandler, url: str) -> bytes:
    outcome = handler(SourceRequest(url))
    assert not isinstance(outcome, Exception), outcome
    return outcome.body


def urlset(urls: Sequence[str]) -> str:
    """A sitemaps.org 0.9 `urlset`, the shape of the sitemap fixtures in tests/boards/sources."""
    entries = "".join(f"<url><loc>{url}</loc></url>\n" for url in urls)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{entries}</urlset>'


def sitemap_index(urls: Sequence[str]) -> str:
    entries = "".join(f"<sitemap><loc>{url}</loc></sitemap>\n" for url in urls)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{entries}</sitemapindex>'


XML = "application/xml"


@dataclass(frozen=True)
class Board:
    """One watched board: the URL an agent passes, the hosts it is read from, and how to serve a
    listing of job numbers (newest first) as the board's whole list (`whole`) or as the newest part of
    a bigger one (a stated total over the source's cap, or the platform's other incomplete shape)."""

    name: str
    url: str
    hosts: tuple[str, ...]
    serve: Callable[[Web, Sequence[int], bool], None]
    title: Callable[[int], str]
    spacing_seconds: float = 0.0  # what the check service's fetch wrapper pauses before a follow-up
    always_incomplete: bool = False  # Amazon: its view is never the whole board


# Workday: POST /wday/cxs/acme/Careers/jobs, 20 a page, `total` only on the first page.

WORKDAY_HOST = "acme.wd5.myworkdayjobs.com"
WORKDAY_LIST = "/wday/cxs/acme/Careers/jobs"
WORKDAY_TOTAL_OVER_CAP = 2000


def serve_workday(web: Web, numbers: Sequence[int], whole: bool) -> None:
    total = len(numbers) if whole else WORKDAY_TOTAL_OVER_CAP

    def answer(request: WebRequest) -> WebResponse:
        offset = int(request.get_json()["offset"])
        page = numbers[offset : offset + workday.PAGE_SIZE]
        reported = total if offset == 0 else 0  # later pages may report 0 (documented)
        return json_answer({"total": reported, "jobPostings": [workday_posting(n) for n in page]})

    web.route(WORKDAY_HOST, WORKDAY_LIST, answer)
    for n in numbers:  # each job's detail (jobPostingInfo), as the Workday source test serves it
        path = "/wday/cxs/acme/Careers" + workday_posting(n)["externalPath"]
        web.serve(WORKDAY_HOST, path, body_of(workday_details(0), f"https://{WORKDAY_HOST}{path}"))


WORKDAY = Board(
    name="workday",
    url="https://acme.wd5.myworkdayjobs.com/en-US/Careers/job/US-CA-Santa-Clara/Role-1_JR1",
    hosts=(WORKDAY_HOST,),
    serve=serve_workday,
    title=lambda n: f"Role {n}",
)


# iCIMS: the recorded careers-wow search page (three cards), a sitemap of every job, job pages.

ICIMS_HOST = "careers-wow.icims.com"
ICIMS_SEARCH_SIZE = 3  # the recorded page is trimmed to three cards: the newest three jobs
ICIMS_SITEMAP_ONLY = {10400: "store-manager---yorkdale-mall"}  # older than the search page shows
_ICIMS_PAGE = fixture_bytes("icims-search.html").decode()
_ICIMS_CARDS = re.findall(r'<li class="iCIMS_JobCardItem">.*?</li>', _ICIMS_PAGE, re.DOTALL)
_ICIMS_HEAD = _ICIMS_PAGE[: _ICIMS_PAGE.index(_ICIMS_CARDS[0])]
_ICIMS_TAIL = _ICIMS_PAGE[_ICIMS_PAGE.index("</ul>") :]
_ICIMS_CARD_JOB = re.compile(r"/jobs/(\d+)/([^/]+)/job.*?<h3 >\s*(.*?)</h3>", re.DOTALL)
ICIMS_RECORDED = {
    int(found.group(1)): (found.group(2), found.group(3).strip(), card)
    for card in _ICIMS_CARDS
    if (found := _ICIMS_CARD_JOB.search(card))
}


def icims_slug(n: int) -> str:
    if n in ICIMS_RECORDED:
        return ICIMS_RECORDED[n][0]
    return ICIMS_SITEMAP_ONLY.get(n, f"sales-associate-full-time---store-{n}")


def icims_title(n: int) -> str:
    if n in ICIMS_RECORDED:
        return ICIMS_RECORDED[n][1]
    if n in ICIMS_SITEMAP_ONLY:
        return icims.title_from_slug(ICIMS_SITEMAP_ONLY[n])  # a sitemap-only job is titled from its slug
    return f"Sales Associate Full Time - Store {n}"


def icims_card(n: int) -> str:
    """A recorded card, or the first recorded card carrying another job's id, slug and title."""
    if n in ICIMS_RECORDED:
        return ICIMS_RECORDED[n][2]
    template_id = next(iter(ICIMS_RECORDED))
    slug, title, card = ICIMS_RECORDED[template_id]
    return card.replace(slug, icims_slug(n)).replace(title, icims_title(n)).replace(str(template_id), str(n))


def icims_job_url(n: int) -> str:
    return f"https://{ICIMS_HOST}/jobs/{n}/{icims_slug(n)}/job"


def serve_icims(web: Web, numbers: Sequence[int], whole: bool) -> None:
    """`whole`: the sitemap lists every job; otherwise it lists none, so only the search page is
    seen (the reader's documented incomplete case)."""
    searched = [n for n in numbers if n not in ICIMS_SITEMAP_ONLY][:ICIMS_SEARCH_SIZE]
    page = _ICIMS_HEAD + "\n".join(icims_card(n) for n in searched) + "\n" + _ICIMS_TAIL
    web.serve(ICIMS_HOST, "/jobs/search", page)
    listed = [icims_job_url(n) for n in numbers] if whole else []
    web.serve(ICIMS_HOST, "/sitemap.xml", urlset(listed), content_type=XML)
    for n in searched:  # the job page with its schema.org JobPosting (pay, text, TELECOMMUTE)
        web.serve(ICIMS_HOST, urlsplit(icims_job_url(n)).path, ICIMS_DETAIL)


ICIMS = Board(
    name="icims",
    url="https://careers-wow.icims.com/jobs/search?ss=1&in_iframe=1",
    hosts=(ICIMS_HOST,),
    serve=serve_icims,
    title=icims_title,
)


# Oracle Recruiting: the recorded finder pages (UT Health San Antonio; Kroger) plus built requisitions.

ORACLE_API = "/hcmRestApi/resources/latest/recruitingCEJobRequisitions"
_ORACLE_OFFSET = re.compile(r"offset=(\d+)")


def oracle_board(name: str, host: str, site: str, recorded: str) -> Board:
    page = json.loads(fixture_bytes(recorded))
    block = page["items"][0]
    requisitions = {int(r["Id"]): r for r in block["requisitionList"]}
    stated = int(block["TotalJobsCount"])

    def requisition(n: int) -> dict[str, Any]:
        return requisitions[n] if n in requisitions else oracle_requisition(n)

    def serve(web: Web, numbers: Sequence[int], whole: bool) -> None:
        total = len(numbers) if whole else max(stated, oracle.MAX_JOBS + 1)

        def answer(request: WebRequest) -> WebResponse:
            offset = int(_ORACLE_OFFSET.findall(request.args["finder"])[0])
            served = [requisition(n) for n in numbers[offset : offset + oracle.PAGE_SIZE]]
            return json_answer({"items": [{**block, "TotalJobsCount": total, "requisitionList": served}]})

        web.route(host, ORACLE_API, answer)

    return Board(
        name=name,
        url=f"https://{host}/hcmUI/CandidateExperience/en/sites/{site}/job/{next(iter(requisitions))}",
        hosts=(host,),
        serve=serve,
        title=lambda n: str(requisitions[n]["Title"]) if n in requisitions else str(oracle_requisition(n)["Title"]),
    )


# The recorded UT Health page states 222 jobs for its two requisitions; served whole, the count
# is the served one. Kroger states 15,120: the newest 300 of them.
ORACLE = oracle_board("oracle", "fa-eomf-saasfaprod1.fa.ocs.oraclecloud.com", "CX_1002", "oracle-uthealthsa.json")
ORACLE_KROGER = oracle_board("oracle-kroger", "eluq.fa.us2.oraclecloud.com", "CX_2001", "oracle-kroger.json")


# Eightfold (and Microsoft, an Eightfold PCSX site): /api/pcsx/search, 10 a page, `count`.


def serve_pcsx(
    web: Web, host: str, position: Callable[[int], dict[str, Any]], numbers: Sequence[int], whole: bool
) -> None:
    count = len(numbers) if whole else 21417

    def answer(request: WebRequest) -> WebResponse:
        start = int(request.args["start"])
        page = numbers[start : start + eightfold.PAGE_SIZE]
        return json_answer({"status": 200, "data": {"count": count, "positions": [position(n) for n in page]}})

    web.route(host, "/api/pcsx/search", answer)
    web.route(host, "/api/pcsx/position_details", bridged(host, eightfold_details(0)))


EIGHTFOLD_HOST = "acme.eightfold.ai"
EIGHTFOLD = Board(
    name="eightfold",
    url="https://acme.eightfold.ai/careers/job/481080000001?domain=acme.com",
    hosts=(EIGHTFOLD_HOST,),
    serve=lambda web, numbers, whole: serve_pcsx(web, EIGHTFOLD_HOST, eightfold_position, numbers, whole),
    title=lambda n: f"Engineer {n}",
    spacing_seconds=eightfold.PAGE_SPACING_MS / 1000,
)

# A tenant that answers PCSX with 403 and serves the older list, with each posting's text.
EIGHTFOLD_LEGACY_HOST = "globex.eightfold.ai"


def serve_eightfold_legacy(web: Web, numbers: Sequence[int], whole: bool) -> None:
    count = len(numbers) if whole else 1435

    def answer(request: WebRequest) -> WebResponse:
        start = int(request.args["start"])
        page = numbers[start : start + eightfold.PAGE_SIZE]
        text = "<p>At least 6 years of experience in treasury. Base salary $150,000 - $190,000 per year.</p>"
        return json_answer({"count": count, "positions": [eightfold_position(n, job_description=text) for n in page]})

    web.route(
        EIGHTFOLD_LEGACY_HOST, "/api/pcsx/search", lambda request: json_answer({"error": "forbidden"}, status=403)
    )
    web.route(EIGHTFOLD_LEGACY_HOST, "/api/apply/v2/jobs", answer)


EIGHTFOLD_LEGACY = Board(
    name="eightfold-legacy",
    url="https://globex.eightfold.ai/careers?domain=globex.com",
    hosts=(EIGHTFOLD_LEGACY_HOST,),
    serve=serve_eightfold_legacy,
    title=lambda n: f"Engineer {n}",
    spacing_seconds=eightfold.PAGE_SPACING_MS / 1000,
)

MICROSOFT = Board(
    name="microsoft",
    url="https://jobs.careers.microsoft.com/global/en/job/200000001/Software-Engineer",
    hosts=(microsoft.HOST,),
    serve=lambda web, numbers, whole: serve_pcsx(web, microsoft.HOST, microsoft_position, numbers, whole),
    title=lambda n: f"Software Engineer {n}",
    spacing_seconds=microsoft.PAGE_SPACING_MS / 1000,
)


# SuccessFactors: the date-sorted search page (tiles theme), `startrow` paging, "of N" label.

SUCCESSFACTORS_HOST = "careers.paramount.com"
SUCCESSFACTORS_PAGE = 25


def serve_successfactors(web: Web, numbers: Sequence[int], whole: bool) -> None:
    total = len(numbers) if whole else 282

    def answer(request: WebRequest) -> WebResponse:
        start = int(request.args["startrow"])
        page = numbers[start : start + SUCCESSFACTORS_PAGE]
        body = tiles(total, [tile(1427765000 + n, f"Producer {n}") for n in page])
        return WebResponse(body, content_type="text/html; charset=utf-8")

    web.route(SUCCESSFACTORS_HOST, "/search/", answer)


SUCCESSFACTORS = Board(
    name="successfactors",
    url="https://careers.paramount.com/job/New-York-Producer-NY-10036/1427765001/",
    hosts=(SUCCESSFACTORS_HOST,),
    serve=serve_successfactors,
    title=lambda n: f"Producer {n}",
)

# A JavaScript theme: the search page renders nothing, so the sitemap's job URLs are the listing.
SUCCESSFACTORS_JS_HOST = "careers.quiktrip.com"


def successfactors_js_url(n: int) -> str:
    return f"https://{SUCCESSFACTORS_JS_HOST}/QuikTrip/job/Pendleton-Store-{n}-Clerk-SC-29670/{1432598100 + n}/"


def serve_successfactors_js(web: Web, numbers: Sequence[int], whole: bool) -> None:
    assert whole, "a SuccessFactors sitemap lists every job"
    web.serve(SUCCESSFACTORS_JS_HOST, "/search/", '<div class="unify-search"></div>')
    web.serve(
        SUCCESSFACTORS_JS_HOST, "/sitemap.xml", urlset([successfactors_js_url(n) for n in numbers]), content_type=XML
    )


SUCCESSFACTORS_JS = Board(
    name="successfactors-sitemap",
    url="https://careers.quiktrip.com/search/?q=clerk",
    hosts=(SUCCESSFACTORS_JS_HOST,),
    serve=serve_successfactors_js,
    title=lambda n: f"Pendleton Store {n} Clerk SC 29670",
)


# Apple: POST /api/v1/search, 20 a page, `page` from 1.


def apple_id(n: int) -> str:
    return f"{200600000 + n}-0836"


def serve_apple(web: Web, numbers: Sequence[int], whole: bool) -> None:
    total = len(numbers) if whole else 6201

    def answer(request: WebRequest) -> WebResponse:
        page = int(request.get_json()["page"])
        start = (page - 1) * apple.PAGE_SIZE
        roles = [apple_role(apple_id(n), f"Senior iOS Engineer {n}") for n in numbers[start : start + apple.PAGE_SIZE]]
        return json_answer({"res": {"totalRecords": total, "searchResults": roles}})

    web.route(apple.HOST, "/api/v1/search", answer)


APPLE = Board(
    name="apple",
    url="https://jobs.apple.com/en-gb/details/200600001-0836/senior-ios-engineer-1",
    hosts=(apple.HOST,),
    serve=serve_apple,
    title=lambda n: f"Senior iOS Engineer {n}",
)


# Google: the jobs sitemap only (robots.txt forbids the rest), or an index of child sitemaps.

GOOGLE_SITEMAP = urlsplit(google.SITEMAP_URL).path
GOOGLE_ROBOTS = (
    "User-agent: *\nAllow: /about/careers/applications/jobs/sitemap\nDisallow: /about/careers/applications/\n"
)
GOOGLE_CHILDREN = MAX_CHILD_SITEMAPS + 1  # one more than a check reads


def google_job_url(n: int) -> str:
    return f"https://careers.google.com/jobs/results/{77977290071253700 + n}-staff-software-engineer-{n}/"


def serve_google(web: Web, numbers: Sequence[int], whole: bool) -> None:
    """`whole`: one sitemap; otherwise an index of five children, of which a check reads four,
    and the fifth lists jobs never seen."""
    web.serve(google.HOST, "/robots.txt", GOOGLE_ROBOTS, content_type="text/plain")
    if whole:
        web.serve(google.HOST, GOOGLE_SITEMAP, urlset([google_job_url(n) for n in numbers]), content_type=XML)
        return
    children = [
        f"https://{google.HOST}/about/careers/applications/jobs/sitemap-{i}.xml" for i in range(GOOGLE_CHILDREN)
    ]
    web.serve(google.HOST, GOOGLE_SITEMAP, sitemap_index(children), content_type=XML)
    read = MAX_CHILD_SITEMAPS
    for i, child in enumerate(children):
        listed = [n for n in numbers if n % read == i] if i < read else [90001, 90002]
        web.serve(google.HOST, urlsplit(child).path, urlset([google_job_url(n) for n in listed]), content_type=XML)


GOOGLE = Board(
    name="google",
    url="https://careers.google.com/jobs/results/?q=staff",
    hosts=(google.HOST,),
    serve=serve_google,
    title=lambda n: f"Staff Software Engineer {n}",
)


# Amazon: search.json, 100 a request; the recorded page holds two jobs.

_AMAZON_RECORDED = json.loads(fixture_bytes("amazon-search.json"))
AMAZON_RECORDED = {int(job["id_icims"]): job for job in _AMAZON_RECORDED["jobs"]}


def amazon_item(n: int) -> dict[str, Any]:
    return AMAZON_RECORDED[n] if n in AMAZON_RECORDED else amazon_job(n, title=f"Software Development Engineer {n}")


def serve_amazon(web: Web, numbers: Sequence[int], whole: bool) -> None:
    """`whole`: the stated hits equal the jobs served (as on the recorded page); otherwise
    10,000, Amazon's cap. The reader trusts neither: its view is never complete."""
    hits = len(numbers) if whole else 10000

    def answer(request: WebRequest) -> WebResponse:
        offset = int(request.args["offset"])
        page = [amazon_item(n) for n in numbers[offset : offset + amazon.PAGE_SIZE]]
        return json_answer({**_AMAZON_RECORDED, "hits": hits, "jobs": page})

    web.route(amazon.HOST, "/en/search.json", answer)


AMAZON = Board(
    name="amazon",
    url="https://amazon.jobs/en/jobs/10464593/senior-compensation-consultant",
    hosts=(amazon.HOST,),
    serve=serve_amazon,
    title=lambda n: str(amazon_item(n)["title"]),
    always_incomplete=True,
)


BOARDS = (
    WORKDAY,
    ICIMS,
    ORACLE,
    ORACLE_KROGER,
    EIGHTFOLD,
    EIGHTFOLD_LEGACY,
    SUCCESSFACTORS,
    SUCCESSFACTORS_JS,
    APPLE,
    GOOGLE,
    AMAZON,
    MICROSOFT,
)
HOSTS = tuple(host for board in BOARDS for host in board.hosts)


def recognised_platforms() -> set[str]:
    """The platforms these boards are read as: all nine multi-request sources."""
    return {recognize(board.url).platform for board in BOARDS}
