"""iCIMS: the search page fixture is trimmed from a recorded careers-wow.icims.com page; no recorded
sitemap exists, so the sitemap fixture is built from the sitemaps.org shape."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from boards.sources import icims
from boards.sources.base import Posting, ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, body_response, fixture_bytes, refusal
from watchtower.errors import AppError

SITEMAP = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://careers-acme.icims.com/jobs/intro</loc></url>
  <url><loc>https://careers-acme.icims.com/jobs/101/systems-administration---active-directory/job</loc>
       <lastmod>2026-09-30</lastmod></url>
  <url><loc>https://careers-acme.icims.com/jobs/102/lead-electronics-technician-%28nasa%29/job</loc></url>
  <url><loc>https://careers-acme.icims.com/jobs/102/lead-electronics-technician-%28nasa%29/job?mode=apply&amp;x=1</loc></url>
</urlset>"""

SEARCH = """<html><body><ul>
<li class="iCIMS_JobCardItem"><div class="row">
  <div class="col-xs-6 header left"><span class="sr-only field-label">Job Locations</span><span> US-TX-Palestine</span></div>
  <div class="col-xs-6 header right"><span title="9/29/2026 3:15 PM">6 hours ago</span></div>
  <div class="col-xs-12 title">
    <a class="iCIMS_Anchor" href="https://careers-acme.icims.com/jobs/102/lead-electronics-technician-%28nasa%29/job?in_iframe=1">
      <span class="sr-only field-label">Advertised Job Title</span><h3> Lead Electronics Technician (NASA)</h3></a>
  </div></div></li>
</ul></body></html>"""

DETAIL_102 = "https://careers-acme.icims.com/jobs/102/lead-electronics-technician-%28nasa%29/job?in_iframe=1"

DETAIL = """<html><head><script type="application/ld+json">
{"@context": "https://schema.org", "@type": "JobPosting", "title": "Lead Electronics Technician",
 "description": "&lt;p&gt;At least 4 years of experience with avionics.&lt;/p&gt;", "datePosted": "2026-09-29T15:15:00Z",
 "jobLocationType": "TELECOMMUTE",
 "baseSalary": {"@type": "MonetaryAmount", "currency": "usd",
   "value": {"@type": "QuantitativeValue", "minValue": "60,000", "maxValue": 80000, "unitText": "YEAR"}}}
</script></head><body><div class="iCIMS_JobContent">ignored when JSON-LD has text</div></body></html>"""


def board():
    return icims.recognize(urlsplit(canonical_url("https://careers-acme.icims.com/jobs/search?ss=1")))


def site(search: str | Exception = SEARCH, detail: str = DETAIL, sitemap: str = SITEMAP):
    def handler(request: Request):
        path = urlsplit(request.url).path
        if path == "/sitemap.xml":
            return body_response(request, sitemap)
        if path == "/jobs/search":
            return search if isinstance(search, Exception) else body_response(request, search)
        return body_response(request, detail)

    return handler


@pytest.mark.parametrize(
    "url",
    [
        "https://careers-acme.icims.com/jobs/search?ss=1",
        "https://careers-acme.icims.com/jobs/102/lead-electronics-technician/job?in_iframe=1",
        "https://careers-acme.icims.com/",
        "https://careers-acme.icims.com/jobs",
    ],
)
def test_every_page_of_a_tenant_is_its_board(url):
    found = icims.recognize(urlsplit(canonical_url(url)))
    assert found is not None
    assert found.board_url == "https://careers-acme.icims.com/jobs"
    assert found.company == "Acme"
    assert icims.recognize(urlsplit(found.board_url)) == found


@pytest.mark.parametrize("url", ["https://www.icims.com/", "https://community.icims.com/x", "https://icims.com/"])
def test_icims_own_sites_are_not_boards(url):
    assert icims.recognize(urlsplit(canonical_url(url))) is None


def test_the_sitemap_gives_partial_jobs_titled_from_the_slug():
    jobs = icims.parse_sitemap(SITEMAP.encode(), board())
    assert [(j.id, j.title, j.partial, j.location) for j in jobs] == [
        ("101", "Systems Administration - Active Directory", True, ""),
        ("102", "Lead Electronics Technician (Nasa)", True, ""),
    ]
    assert jobs[0].url == "https://careers-acme.icims.com/jobs/101/systems-administration---active-directory/job"


def test_the_search_page_gives_full_jobs():
    [job] = icims.parse_search(SEARCH.encode(), board())
    assert job == Posting(
        id="102",
        title="Lead Electronics Technician (NASA)",
        company="Acme",
        location="US-TX-Palestine",
        url="https://careers-acme.icims.com/jobs/102/lead-electronics-technician-%28nasa%29/job",
        posted_at="2026-09-29",
    )


def test_it_reads_the_recorded_search_page():
    jobs = icims.parse_search(fixture_bytes("icims-search.html"), board())
    assert [(j.id, j.title, j.location) for j in jobs] == [
        ("10493", "Sales Associate Part Time - Centerpoint Mall", "CA-ON-Toronto"),
        ("10491", "Sales Associate Full Time - Lambton Mall", "CA-ON-Sarnia"),
        ("10485", "Sales Associate Part Time - Place d'Orleans", "CA-ON-Orleane"),
    ]
    assert jobs[2].url == "https://careers-wow.icims.com/jobs/10485/sales-associate-part-time---place-d%27orleans/job"
    assert all(j.posted_at is None and not j.partial for j in jobs)


def test_search_rows_replace_sitemap_entries_in_place():
    fetch = FakeFetch(site())
    listing = icims.read(board(), fetch, ReadContext())
    assert fetch.urls == [
        "https://careers-acme.icims.com/sitemap.xml",
        "https://careers-acme.icims.com/jobs/search?ss=1&in_iframe=1",
    ]
    assert [(j.id, j.partial, j.title) for j in listing.postings] == [
        ("101", True, "Systems Administration - Active Directory"),
        ("102", False, "Lead Electronics Technician (NASA)"),
    ]
    assert listing.complete is True


@pytest.mark.parametrize("status", [429, 403])
def test_a_refused_search_page_leaves_the_sitemap_view(status):
    listing = icims.read(board(), FakeFetch(site(search=refusal(status))), ReadContext())
    assert [j.partial for j in listing.postings] == [True, True]
    assert listing.complete is True  # the sitemap lists every open job


def test_without_sitemap_jobs_the_first_search_page_is_not_the_whole_board():
    empty = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>'
    listing = icims.read(board(), FakeFetch(site(sitemap=empty)), ReadContext())
    assert [j.id for j in listing.postings] == ["102"]
    assert listing.complete is False


def test_a_refused_sitemap_propagates():
    def handler(request: Request):
        return refusal(403)

    with pytest.raises(AppError):
        icims.read(board(), FakeFetch(handler), ReadContext())


def test_new_jobs_read_their_page_once_newest_first_and_known_ones_never():
    fetch = FakeFetch(site())
    listing = icims.read(board(), fetch, ReadContext(known_ids=frozenset({"101"}), detail_budget=20))
    assert fetch.urls[2:] == [
        "https://careers-acme.icims.com/jobs/102/lead-electronics-technician-%28nasa%29/job?in_iframe=1"
    ]
    job = {p.id: p for p in listing.postings}["102"]
    assert job.description == "At least 4 years of experience with avionics."
    assert job.salary is not None
    assert (job.salary.min, job.salary.max, job.salary.currency, job.salary.period) == (60000.0, 80000.0, "USD", "year")
    assert job.workplace_hint == "remote"
    assert job.posted_at == "2026-09-29"  # from the search row
    assert job.title == "Lead Electronics Technician (NASA)"


def test_sitemap_only_jobs_are_never_read_in_detail():
    fetch = FakeFetch(site())
    listing = icims.read(board(), fetch, ReadContext(detail_budget=20))
    # 101 is partial: partial jobs never count as known, so reading it would repeat every check
    assert fetch.urls[2:] == [DETAIL_102]
    assert {p.id: p.description for p in listing.postings}["101"] == ""


def test_the_detail_budget_bounds_the_page_reads():
    card = SEARCH.split("<ul>")[1].split("</ul>")[0]
    search = SEARCH.replace("</ul>", card.replace("/jobs/102/", "/jobs/103/") + "</ul>")
    fetch = FakeFetch(site(search=search))
    listing = icims.read(board(), fetch, ReadContext(detail_budget=1))
    assert [p.id for p in listing.postings if not p.partial] == ["102", "103"]
    assert fetch.urls[2:] == [DETAIL_102]


def test_a_job_page_without_json_ld_gives_its_content_block():
    page = '<html><body><div class="iCIMS_JobContent"><h2>Overview</h2><p>3+ years of retail experience.</p></div></body></html>'
    job = Posting(id="1", title="Clerk")
    icims.parse_detail(page.encode(), job)
    assert "3+ years of retail experience." in job.description
    assert job.salary is None
