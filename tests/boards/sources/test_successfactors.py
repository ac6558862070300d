"""SuccessFactors Career Site Builder. No recorded search page, sitemap or RSS feed exists
(platform-samples/README.md): these fixtures are built from the documented tile and table themes."""

from __future__ import annotations

from urllib.parse import parse_qs, quote, urlsplit

import pytest

from boards.sources import successfactors
from boards.sources.base import ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, body_response, refusal
from watchtower.errors import AppError

ORIGIN = "https://careers.paramount.com"


def board():
    return successfactors.recognize(
        urlsplit(canonical_url(f"{ORIGIN}/job/New-York-Lead-Software-Engineer-NY-10036/1363063100/"))
    )


def tile(job_id: int, title: str, location: str = "New York, NY, US", date: str = "Oct 7, 2026") -> str:
    href = f"/job/New-York-{quote(title)}-NY-10036/{job_id}/"
    return f"""<li class="job-tile">
      <a class="jobTitle-link" href="{href}"> {title} </a>
      <div id="job-{job_id}-desktop-section-location-value">{location}  </div>
      <div id="job-{job_id}-desktop-section-date-value">{date}  </div>
      <a class="jobTitle-link" href="{href}"> {title} </a></li>"""


def tiles(total: int, items: list[str]) -> str:
    return f'<html><body><span id="tile-search-results-label">Showing 1 to 25 of {total} Jobs</span><ul>{"".join(items)}</ul></body></html>'


def paged(total: int, per_page: int, *, fail_at: int | None = None):
    def handler(request: Request):
        start = int(parse_qs(urlsplit(request.url).query)["startrow"][0])
        if start == fail_at:
            return refusal(429)
        n = max(0, min(per_page, total - start))
        return body_response(request, tiles(total, [tile(1000 + start + i, f"Role {start + i}") for i in range(n)]))

    return handler


def test_only_known_hosts_are_successfactors():
    found = board()
    assert (found.board_url, found.company) == (f"{ORIGIN}/search/", "Paramount")
    assert successfactors.recognize(urlsplit(found.board_url)) == found
    assert successfactors.recognize(urlsplit(canonical_url("https://careers.example.com/search/?q="))) is None


def test_a_tile_page_gives_each_job_once():
    total, [job] = successfactors.parse_search(
        tiles(282, [tile(1427765000, "Producer, Newsgathering", "Studio City, CA, US, 91604")]).encode(), board()
    )
    assert total == 282
    assert job.id == "1427765000"
    assert job.title == "Producer, Newsgathering"
    assert job.location == "Studio City, CA, US, 91604"
    assert job.company == "Paramount"
    assert job.url == f"{ORIGIN}/job/New-York-Producer%2C%20Newsgathering-NY-10036/1427765000/"
    assert job.posted_at == "2026-10-07"


def test_a_table_page_reads_rows_and_the_pagination_label():
    page = """<html><body><span class="paginationLabel">Results <b>1 – 25</b> of <b>1,204</b></span><table><tr>
      <td><a class="jobTitle-link" href="/ey/job/Boston-9/9/">iOS Engineer</a></td>
      <td><span class="jobLocation"> Boston, MA, US </span></td><td><span class="jobDate">Sep 30, 2026 </span></td>
    </tr><tr><td><a class="jobTitle-link" href="https://elsewhere.example/job/x/5/">Absolute</a></td></tr></table></body></html>"""
    total, jobs = successfactors.parse_search(page.encode(), board())
    assert total == 1204
    assert [(j.id, j.title, j.location, j.posted_at, j.url) for j in jobs] == [
        ("9", "iOS Engineer", "Boston, MA, US", "2026-09-30", f"{ORIGIN}/ey/job/Boston-9/9/")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("7 Oct 2026", "2026-10-07"), ("October 7, 2026", "2026-10-07"), ("07.10.2026", None), ("", None)],
)
def test_only_english_dates_are_kept(text, expected):
    assert successfactors.english_date(text) == expected


def test_paging_follows_the_first_page_size_and_stops_at_200():
    fetch = FakeFetch(paged(282, 25))
    listing = successfactors.read(board(), fetch, ReadContext())
    starts = [int(parse_qs(urlsplit(url).query)["startrow"][0]) for url in fetch.urls]
    assert starts == [0, 25, 50, 75, 100, 125, 150, 175]
    assert all("sortColumn=referencedate&sortDirection=desc" in url for url in fetch.urls)
    assert len(listing.postings) == 200
    assert listing.complete is False


def test_paging_stops_at_eight_pages():
    fetch = FakeFetch(paged(282, 10))
    listing = successfactors.read(board(), fetch, ReadContext())
    assert len(fetch.requests) == successfactors.MAX_PAGES
    assert len(listing.postings) == 80 and listing.complete is False


def test_a_one_page_site_is_complete():
    fetch = FakeFetch(paged(3, 25))
    listing = successfactors.read(board(), fetch, ReadContext())
    assert len(fetch.requests) == 1 and listing.complete is True


def test_a_refused_later_page_keeps_what_was_read():
    listing = successfactors.read(board(), FakeFetch(paged(60, 25, fail_at=25)), ReadContext())
    assert len(listing.postings) == 25 and listing.complete is False


RSS = f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Careers</title>
<item><title>Staff iOS Engineer (Nashua, NH, US)</title>
<description><![CDATA[&lt;p&gt;5+ years of iOS experience. Pay range $114,400 - $220,200&lt;/p&gt;]]></description>
<link>{ORIGIN}/job/Nashua-Staff-iOS-Engineer-NH-03060/1388984400/</link>
<g:id>1388984400</g:id><g:job_function>Engineering</g:job_function><g:location>Nashua, NH, US</g:location></item>
</channel></rss>"""


def empty_search_then(sitemap: str):
    def handler(request: Request):
        if urlsplit(request.url).path == "/sitemap.xml":
            return body_response(request, sitemap)
        return body_response(request, '<div class="unify-search"></div>')

    return handler


def test_an_empty_search_page_falls_back_to_an_rss_sitemap():
    fetch = FakeFetch(empty_search_then(RSS))
    listing = successfactors.read(board(), fetch, ReadContext())
    assert fetch.urls[1:] == [f"{ORIGIN}/sitemap.xml"]
    [job] = listing.postings
    assert (job.id, job.title, job.location, job.department, job.partial) == (
        "1388984400",
        "Staff iOS Engineer",
        "Nashua, NH, US",
        "Engineering",
        False,
    )
    assert job.url == f"{ORIGIN}/job/Nashua-Staff-iOS-Engineer-NH-03060/1388984400/"
    assert job.description == "5+ years of iOS experience. Pay range $114,400 - $220,200"
    assert listing.complete is True


def test_a_url_sitemap_gives_partial_jobs():
    urlset = f"""<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>{ORIGIN}/QuikTrip/job/Pendleton-Part-Time-Clerk-SC-29670/1432598100/</loc></url>
      <url><loc>{ORIGIN}/about/</loc></url></urlset>"""
    listing = successfactors.read(board(), FakeFetch(empty_search_then(urlset)), ReadContext())
    [job] = listing.postings
    assert (job.id, job.title, job.partial, job.location) == (
        "1432598100",
        "Pendleton Part Time Clerk SC 29670",
        True,
        "",
    )
    assert listing.complete is True


def test_a_site_with_no_jobs_anywhere_is_a_parse_error():
    with pytest.raises(AppError) as caught:
        successfactors.read(board(), FakeFetch(empty_search_then("<urlset></urlset>")), ReadContext())
    assert caught.value.code == "PARSE_ERROR"
