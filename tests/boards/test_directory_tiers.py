"""Directory tiers: the extended files are recognised line by line (every line a board or a reported
line), lines may name their platform, SuccessFactors sites are recognised without a host list, and
the tech share is computed after each read and restricts searches."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from boards.models import Job, Platform, Resource
from boards.services.check import resource_check
from boards.services.directory import (
    BUILT_IN_BOARDS,
    EXTENDED_BOARDS,
    directory_files,
    directory_sync,
    read_board_lines,
    recognize_line,
)
from boards.services.resources import resource_get_or_create
from boards.sources import successfactors
from boards.sources.registry import linked_boards, recognize
from tests.fakes import greenhouse_job, serve_greenhouse
from watches.services.clients import client_create
from watches.services.search import companies_list, jobs_search
from watches.services.watches import watch_create
from watchtower.errors import AppError

CSB_PAGE = """<html><head><link rel="stylesheet" href="https://rmkcdn.successfactors.com/8f0a1b2c/main.css">
<script src="/platform/js/j2w/min/j2w.core.min.js"></script></head>
<body class="coreCSB home-page body"><a href="/search/">Search jobs</a></body></html>"""
CSB_SEARCH = """<html><body><span id="tile-search-results-label">Showing 1 to 2 of 2 Jobs</span><ul>
<li><a class="jobTitle-link" href="/job/Austin-Backend-Engineer-TX-78701/1001/">Backend Engineer</a>
<div id="job-1001-desktop-section-location-value">Austin, TX, US</div></li>
<li><a class="jobTitle-link" href="/job/Austin-Store-Manager-TX-78701/1002/">Store Manager</a>
<div id="job-1002-desktop-section-location-value">Austin, TX, US</div></li></ul></body></html>"""


def recognised(path: Path) -> tuple[Counter[str], list[tuple[int, str]]]:
    platforms: Counter[str] = Counter()
    reported: list[tuple[int, str]] = []
    for line in read_board_lines(path):
        try:
            platforms[recognize_line(line).platform] += 1
        except AppError as exc:
            reported.append((line.line_number, exc.message))
    return platforms, reported


def test_every_line_of_the_extended_directory_is_a_board_or_reported() -> None:
    more, successfactors_file = EXTENDED_BOARDS
    platforms, reported = recognised(more)
    assert reported == [] and sum(platforms.values()) == 25_126
    assert platforms["greenhouse"] == 5_607 and platforms["workday"] == 3_280 and platforms["eightfold"] == 43
    sites, reported = recognised(successfactors_file)
    # 1,274 Career Site Builder sites and 118 older Recruiting Marketing pages (career?company=…).
    assert sites == Counter({"successfactors": 1_392}) and reported == []


def test_the_tier_setting_chooses_the_files(config) -> None:
    assert directory_files() == [BUILT_IN_BOARDS]
    config(directory="extended")
    assert directory_files() == [BUILT_IN_BOARDS, *EXTENDED_BOARDS]


@pytest.mark.django_db
def test_lines_name_their_platform_and_bad_ones_are_reported_with_their_numbers(tmp_path: Path) -> None:
    path = tmp_path / "boards.txt"
    path.write_text(
        "https://boards.greenhouse.io/acme\n"
        "successfactors https://careers.globex.example/  # one line names its platform\n"
        "# platform: successfactors\n"
        "https://jobs.initech.example\n"
        "https://boards.greenhouse.io/hooli\n"
        "https://career4.successfactors.com/login?company=umbrella\n"
        "# platform: auto\n"
        "https://careers.wayne.example/jobs\n"
        "taleo https://wayne.taleo.net\n",
        encoding="utf-8",
    )
    result = directory_sync(files=[path])
    assert [(bad.line_number, bad.reason) for bad in result.invalid] == [
        (5, "this is a greenhouse board, not successfactors"),
        (6, "not a successfactors site"),
        (8, "not a board on a supported platform (name its platform if it has one)"),
        (9, "unknown platform 'taleo'"),
    ]
    boards = dict(Resource.objects.filter(indexed=True).values_list("url", "platform"))
    assert boards == {
        "https://boards.greenhouse.io/acme": "greenhouse",
        "https://careers.globex.example/search/": "successfactors",
        "https://jobs.initech.example/search/": "successfactors",
    }
    again = directory_sync(files=[path])
    assert (again.indexed, again.added, again.removed) == (3, 0, 0)
    assert Resource.objects.count() == 3


def test_hosted_career_site_builder_sites_are_recognised_by_url() -> None:
    board = recognize("https://assaabloy.jobs2web.com/job/Berlin-Engineer/123/")
    assert (board.platform, board.board_url) == ("successfactors", "https://assaabloy.jobs2web.com/search/")
    assert recognize("https://jobs2web.com/").platform == "html"


def test_a_page_is_recognised_by_its_own_markers() -> None:
    url = "https://careers.globex.example/"
    [found] = linked_boards(CSB_PAGE.encode(), url)
    assert (found.platform, found.board_url) == ("successfactors", "https://careers.globex.example/search/")
    logo_only = b'<html><body><img src="https://rmkcdn.successfactors.com/a/logo.png"></body></html>'
    assert linked_boards(logo_only, url) == []
    assert successfactors.recognize_page(CSB_PAGE.encode(), urlsplit("https://career4.successfactors.com/")) is None


@pytest.mark.django_db
def test_a_watched_career_site_builder_page_becomes_its_successfactors_board(site: Any) -> None:
    site.serve("careers.acme.example", "/", CSB_PAGE)
    site.serve("careers.acme.example", "/search/", CSB_SEARCH)
    body = watch_create(client=client_create().client, url="https://careers.acme.example/")
    assert body["resolved_from"] == "https://careers.acme.example/"
    assert body["resource"]["platform"] == "successfactors"
    assert body["resource"]["board_url"] == "https://careers.acme.example/search/"
    assert sorted(job["title"] for job in body["current_jobs"]) == ["Backend Engineer", "Store Manager"]
    resource = Resource.objects.get(platform=Platform.SUCCESSFACTORS)
    assert resource.tech_share == 0.5
    assert resource_check(resource_id=resource.pk).ok  # read again as SuccessFactors, not as a page


@pytest.mark.django_db
def test_the_tech_share_is_computed_after_each_read(site: Any) -> None:
    """And each job row carries its board's flag (`Job.tech`): written with new rows, rewritten on
    the rows a read leaves as they were when the share crosses the line, either way."""
    resource, _ = resource_get_or_create(board=recognize("https://boards.greenhouse.io/acme"))

    def flags() -> dict[str, bool]:
        return dict(Job.objects.filter(resource=resource).values_list("title", "tech"))

    serve_greenhouse(site, "acme", [greenhouse_job(1, "Backend Engineer"), greenhouse_job(2, "Registered Nurse")])
    resource_check(resource_id=resource.pk)
    assert Resource.objects.get(pk=resource.pk).tech_share == 0.5
    assert flags() == {"Backend Engineer": True, "Registered Nurse": True}
    serve_greenhouse(site, "acme", [greenhouse_job(2, "Registered Nurse"), greenhouse_job(3, "Line Cook")])
    resource_check(resource_id=resource.pk)
    assert Resource.objects.get(pk=resource.pk).tech_share == 0.0
    assert flags() == {"Registered Nurse": False, "Line Cook": False}
    Resource.objects.filter(pk=resource.pk).update(tech_share=None)  # read before shares existed
    resource_check(resource_id=resource.pk)  # the same bytes: not parsed again, share from stored jobs
    assert Resource.objects.get(pk=resource.pk).tech_share == 0.0
    assert flags() == {"Registered Nurse": False, "Line Cook": False}
    serve_greenhouse(
        site,
        "acme",
        [greenhouse_job(2, "Registered Nurse"), greenhouse_job(4, "Data Engineer"), greenhouse_job(3, "Line Cook")],
    )
    resource_check(resource_id=resource.pk)
    assert Resource.objects.get(pk=resource.pk).tech_share == 0.333
    assert flags() == {"Registered Nurse": True, "Data Engineer": True, "Line Cook": True}


@pytest.mark.django_db
def test_search_keeps_to_tech_companies_by_default_in_the_extended_tier(site: Any, config) -> None:
    for token, titles in {
        "tech": ["Backend Engineer", "Data Engineer"],
        "care": ["Nurse", "Maintenance Engineer"],
    }.items():
        resource, _ = resource_get_or_create(board=recognize(f"https://boards.greenhouse.io/{token}"))
        serve_greenhouse(site, token, [greenhouse_job(i, title) for i, title in enumerate(titles)])
        resource_check(resource_id=resource.pk)
        Resource.objects.filter(pk=resource.pk).update(indexed=True, index_origin="directory")
    every = {job["board_url"] for job in jobs_search(filters={"keywords": ["engineer"]})["jobs"]}
    assert every == {"https://boards.greenhouse.io/tech", "https://boards.greenhouse.io/care"}
    config(directory="extended")
    found = jobs_search(filters={"keywords": ["engineer"]})
    assert found["interpreted"]["filters"]["tech_companies_only"] is True
    assert {job["board_url"] for job in found["jobs"]} == {"https://boards.greenhouse.io/tech"}
    off = jobs_search(filters={"keywords": ["engineer"], "tech_companies_only": False})
    assert len({job["board_url"] for job in off["jobs"]}) == 2
    # A board watch always sees its whole board, whatever the tier or the caller says.
    body = watch_create(
        client=client_create().client,
        url="https://boards.greenhouse.io/care",
        filters={"keywords": ["engineer"], "tech_companies_only": True},
    )
    assert "tech_companies_only" not in body["filters"]
    assert [job["title"] for job in body["current_jobs"]] == ["Maintenance Engineer"]
    listed = {c["board_url"]: (c["tech_share"], c["tech_company"]) for c in companies_list()["companies"]}
    assert listed["https://boards.greenhouse.io/tech"] == (1.0, True)
    assert listed["https://boards.greenhouse.io/care"] == (0.0, False)
