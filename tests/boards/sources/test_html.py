from __future__ import annotations

import pytest

from boards.sources import html, registry
from boards.sources.base import ReadContext, Response
from boards.sources.registry import recognize
from tests.boards.sources.fakes import FakeFetch, fixture_bytes

PAGE = "https://careers.example.com/jobs"


def test_a_page_with_job_postings_is_read_with_the_page_body_cap(fake_fetch: FakeFetch) -> None:
    fake_fetch.add(
        PAGE, fixture_bytes("schemaorg-jobposting-meta.html"), headers={"content-type": "text/html", "etag": '"p1"'}
    )

    listing = html.read(recognize(PAGE), fake_fetch, ReadContext())

    assert [request.api for request in fake_fetch.requests] == [False]
    assert [posting.title for posting in listing.postings] == ["Software Engineer, Infrastructure"]
    assert listing.complete is True
    assert listing.etag == '"p1"'


def test_a_page_without_postings_names_the_board_it_embeds(fake_fetch: FakeFetch) -> None:
    body = '<html><body><iframe src="https://boards.greenhouse.io/embed/job_board?for=acme"></iframe></body></html>'
    fake_fetch.add(PAGE, body, headers={"content-type": "text/html"})

    with pytest.raises(html.NoJobData) as caught:
        registry.read(recognize(PAGE), fake_fetch)

    assert caught.value.code == "NO_JOB_DATA"
    assert [board.board_url for board in caught.value.boards] == ["https://boards.greenhouse.io/acme"]
    assert "https://boards.greenhouse.io/acme" in caught.value.message
    assert len(fake_fetch.requests) == 1


def test_a_page_with_neither_postings_nor_a_board_is_no_job_data(fake_fetch: FakeFetch) -> None:
    fake_fetch.add(PAGE, "<html><body><a href='/about'>About</a></body></html>", headers={"content-type": "text/html"})

    with pytest.raises(html.NoJobData) as caught:
        registry.read(recognize(PAGE), fake_fetch)

    assert caught.value.boards == []
    assert caught.value.status == 422


def test_relative_urls_resolve_against_the_final_url(fake_fetch: FakeFetch) -> None:
    body = '<script type="application/ld+json">{"@type": "JobPosting", "title": "Chef", "url": "7"}</script>'
    fake_fetch.answers[PAGE] = Response(
        url="https://jobs.example.org/openings/", status=200, headers={"content-type": "text/html"}, body=body.encode()
    )

    (posting,) = html.read(recognize(PAGE), fake_fetch, ReadContext()).postings

    assert posting.url == "https://jobs.example.org/openings/7"
