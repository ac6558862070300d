"""Google. No recorded jobs sitemap exists (platform-samples/google-careers-shape.md): the fixture
follows the sitemaps.org protocol with job URLs of the documented results path."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from boards.sources import google
from boards.sources.base import ReadContext, Request
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import FakeFetch, body_response, refusal
from watchtower.errors import AppError

SITEMAP = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://careers.google.com/jobs/results/133023244499198662-senior-staff-software-engineer/</loc><lastmod>2026-10-01</lastmod></url>
<url><loc>https://careers.google.com/jobs/results/77977290071253702-software-engineer-iii/</loc></url>
<url><loc>https://careers.google.com/jobs/results/77977290071253702-software-engineer-iii/</loc></url>
<url><loc>https://careers.google.com/locations/austin/</loc></url>
</urlset>"""


def recognize(url: str):
    return google.recognize(urlsplit(canonical_url(url)))


@pytest.mark.parametrize(
    "url",
    [
        "https://careers.google.com/jobs/results/?q=ios",
        "https://www.google.com/about/careers/applications/jobs/results?location=Austin",
        "https://www.google.com/about/careers/applications",
    ],
)
def test_both_careers_hosts_are_the_board(url):
    board = recognize(url)
    assert board is not None and board.board_url == "https://www.google.com/about/careers/applications/jobs/results"
    assert recognize(board.board_url) == board


@pytest.mark.parametrize(
    "url", ["https://www.google.com/search?q=jobs", "https://www.google.com/about/careers-elsewhere"]
)
def test_other_google_pages_are_not_the_board(url):
    assert recognize(url) is None


def test_every_job_is_partial_and_titled_from_its_slug():
    fetch = FakeFetch(lambda request: body_response(request, SITEMAP, headers={"etag": '"v1"'}))
    listing = google.read(recognize("https://careers.google.com/"), fetch, ReadContext())
    assert fetch.urls == ["https://www.google.com/about/careers/applications/jobs/sitemap.xml"]
    assert [(j.id, j.title, j.partial, j.location, j.company) for j in listing.postings] == [
        ("133023244499198662", "Senior Staff Software Engineer", True, "", "Google"),
        ("77977290071253702", "Software Engineer III", True, "", "Google"),
    ]
    assert (
        listing.postings[1].url
        == "https://www.google.com/about/careers/applications/jobs/results/77977290071253702-software-engineer-iii"
    )
    assert listing.complete is True
    assert listing.etag == '"v1"'


def test_a_sitemap_index_is_followed_to_its_children():
    index = """<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://www.google.com/about/careers/applications/jobs/sitemap-1.xml</loc></sitemap>
      <sitemap><loc>https://evil.example/sitemap.xml</loc></sitemap></sitemapindex>"""

    def handler(request: Request):
        return body_response(request, index if request.url.endswith("/sitemap.xml") else SITEMAP)

    fetch = FakeFetch(handler)
    listing = google.read(recognize("https://careers.google.com/"), fetch, ReadContext())
    assert fetch.urls[1:] == ["https://www.google.com/about/careers/applications/jobs/sitemap-1.xml"]
    assert len(listing.postings) == 2 and listing.complete is True
    assert listing.etag == ""


def test_a_refused_sitemap_propagates():
    with pytest.raises(AppError):
        google.read(recognize("https://careers.google.com/"), FakeFetch(lambda request: refusal(403)), ReadContext())
