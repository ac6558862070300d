"""Every URL shape of the six API platforms maps to its board: the canonical public board URL (the
resource identity), the API host the requests go to and the board token."""

from __future__ import annotations

import pytest

from boards.sources.registry import recognize

SHAPES = [
    # Greenhouse: boards., job-boards., EU, embed, job detail, API (both API hosts)
    (
        "https://boards.greenhouse.io/acme",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "https://job-boards.greenhouse.io/acme",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "https://boards.greenhouse.io/acme/jobs/4012345?gh_src=abc",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "https://job-boards.greenhouse.io/acme/jobs/4012345#app",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "https://boards.greenhouse.io/embed/job_board?for=acme",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "https://boards.greenhouse.io/embed/job_board/js?b=https%3A%2F%2Facme.com&for=acme",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "https://boards.greenhouse.io/embed/job_app?for=acme&token=4012345",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "https://job-boards.eu.greenhouse.io/acme",
        "greenhouse",
        "https://job-boards.eu.greenhouse.io/acme",
        "boards-api.eu.greenhouse.io",
        "acme",
    ),
    (
        "https://boards.eu.greenhouse.io/acme/jobs/1",
        "greenhouse",
        "https://job-boards.eu.greenhouse.io/acme",
        "boards-api.eu.greenhouse.io",
        "acme",
    ),
    (
        "https://job-boards.eu.greenhouse.io/embed/job_board?for=acme",
        "greenhouse",
        "https://job-boards.eu.greenhouse.io/acme",
        "boards-api.eu.greenhouse.io",
        "acme",
    ),
    (
        "https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "https://boards-api.eu.greenhouse.io/v1/boards/acme/jobs",
        "greenhouse",
        "https://job-boards.eu.greenhouse.io/acme",
        "boards-api.eu.greenhouse.io",
        "acme",
    ),
    (
        "https://api.greenhouse.io/v1/boards/acme/jobs",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    (
        "HTTPS://BOARDS.GREENHOUSE.IO/acme?utm_source=linkedin",
        "greenhouse",
        "https://boards.greenhouse.io/acme",
        "boards-api.greenhouse.io",
        "acme",
    ),
    # Lever (+EU), job detail, apply page, API
    ("https://jobs.lever.co/acme", "lever", "https://jobs.lever.co/acme", "api.lever.co", "acme"),
    (
        "https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902",
        "lever",
        "https://jobs.lever.co/acme",
        "api.lever.co",
        "acme",
    ),
    (
        "https://jobs.lever.co/acme/5ac21346-8e0c-4494-8e7a-3eb92ff77902/apply?lever-source=x",
        "lever",
        "https://jobs.lever.co/acme",
        "api.lever.co",
        "acme",
    ),
    ("https://jobs.eu.lever.co/acme", "lever", "https://jobs.eu.lever.co/acme", "api.eu.lever.co", "acme"),
    ("https://api.lever.co/v0/postings/acme?mode=json", "lever", "https://jobs.lever.co/acme", "api.lever.co", "acme"),
    (
        "https://api.eu.lever.co/v0/postings/acme/5ac21346",
        "lever",
        "https://jobs.eu.lever.co/acme",
        "api.eu.lever.co",
        "acme",
    ),
    ("https://JOBS.LEVER.CO/acme/", "lever", "https://jobs.lever.co/acme", "api.lever.co", "acme"),
    # Ashby: board, job, application, embed script, API; the slug keeps its case and dots
    ("https://jobs.ashbyhq.com/acme", "ashby", "https://jobs.ashbyhq.com/acme", "api.ashbyhq.com", "acme"),
    (
        "https://jobs.ashbyhq.com/acme/27df9873-a3f3-487c-ba3d-4705b6bcbcb0/application",
        "ashby",
        "https://jobs.ashbyhq.com/acme",
        "api.ashbyhq.com",
        "acme",
    ),
    (
        "https://jobs.ashbyhq.com/acme/embed?version=2",
        "ashby",
        "https://jobs.ashbyhq.com/acme",
        "api.ashbyhq.com",
        "acme",
    ),
    ("https://jobs.ashbyhq.com/Acme.AI", "ashby", "https://jobs.ashbyhq.com/Acme.AI", "api.ashbyhq.com", "Acme.AI"),
    (
        "https://api.ashbyhq.com/posting-api/job-board/acme?includeCompensation=true",
        "ashby",
        "https://jobs.ashbyhq.com/acme",
        "api.ashbyhq.com",
        "acme",
    ),
    # Workable: apply.workable.com/{account}, job detail, {account}.workable.com, both API paths
    ("https://apply.workable.com/acme/", "workable", "https://apply.workable.com/acme", "apply.workable.com", "acme"),
    (
        "https://apply.workable.com/acme/j/A1B2C3D4E5/",
        "workable",
        "https://apply.workable.com/acme",
        "apply.workable.com",
        "acme",
    ),
    ("https://acme.workable.com/", "workable", "https://apply.workable.com/acme", "apply.workable.com", "acme"),
    (
        "https://apply.workable.com/api/v1/widget/accounts/acme?details=true",
        "workable",
        "https://apply.workable.com/acme",
        "apply.workable.com",
        "acme",
    ),
    (
        "https://apply.workable.com/api/v3/accounts/acme/jobs",
        "workable",
        "https://apply.workable.com/acme",
        "apply.workable.com",
        "acme",
    ),
    (
        "https://www.workable.com/api/accounts/acme?details=true",
        "workable",
        "https://apply.workable.com/acme",
        "apply.workable.com",
        "acme",
    ),
    # SmartRecruiters: the company identifier keeps its case
    (
        "https://jobs.smartrecruiters.com/Acme",
        "smartrecruiters",
        "https://jobs.smartrecruiters.com/Acme",
        "api.smartrecruiters.com",
        "Acme",
    ),
    (
        "https://jobs.smartrecruiters.com/Acme/744000012345678-senior-data-engineer",
        "smartrecruiters",
        "https://jobs.smartrecruiters.com/Acme",
        "api.smartrecruiters.com",
        "Acme",
    ),
    (
        "https://careers.smartrecruiters.com/Acme",
        "smartrecruiters",
        "https://jobs.smartrecruiters.com/Acme",
        "api.smartrecruiters.com",
        "Acme",
    ),
    (
        "https://api.smartrecruiters.com/v1/companies/Acme/postings?limit=100",
        "smartrecruiters",
        "https://jobs.smartrecruiters.com/Acme",
        "api.smartrecruiters.com",
        "Acme",
    ),
    # Recruitee: the host is the board
    ("https://acme.recruitee.com/", "recruitee", "https://acme.recruitee.com", "acme.recruitee.com", "acme"),
    (
        "https://acme.recruitee.com/o/backend-engineer",
        "recruitee",
        "https://acme.recruitee.com",
        "acme.recruitee.com",
        "acme",
    ),
    ("https://ACME.recruitee.com/api/offers/", "recruitee", "https://acme.recruitee.com", "acme.recruitee.com", "acme"),
]


@pytest.mark.parametrize(("url", "platform", "board_url", "fetch_host", "key"), SHAPES)
def test_every_shape_maps_to_its_board(url: str, platform: str, board_url: str, fetch_host: str, key: str) -> None:
    board = recognize(url)

    assert (board.platform, board.board_url, board.fetch_host, board.key) == (platform, board_url, fetch_host, key)


@pytest.mark.parametrize("board_url", sorted({shape[2] for shape in SHAPES}))
def test_a_board_url_recognises_as_itself(board_url: str) -> None:
    assert recognize(board_url).board_url == board_url


@pytest.mark.parametrize(
    "url",
    [
        "https://boards.greenhouse.io/",
        "https://boards.greenhouse.io/embed/job_board",
        "https://boards.greenhouse.io/embed/job_board?for=bad%20token",
        "https://jobs.lever.co/",
        "https://jobs.ashbyhq.com/",
        "https://apply.workable.com/j/A1B2C3D4E5",
        "https://www.workable.com/",
        "https://jobs.smartrecruiters.com/",
        "https://www.recruitee.com/",
        "https://app.recruitee.com/login",
        "https://www.greenhouse.io/careers",
        "https://lever.co/acme",
    ],
)
def test_urls_without_a_board_are_careers_pages(url: str) -> None:
    assert recognize(url).platform == "html"


def test_the_company_comes_from_the_slug() -> None:
    assert recognize("https://jobs.lever.co/acme-robotics").company == "Acme Robotics"
    assert recognize("https://jobs.smartrecruiters.com/AcmeCorp").company == "AcmeCorp"
    assert recognize("https://boards.greenhouse.io/acme_labs").company == "Acme Labs"


def test_a_careers_page_is_its_canonical_url() -> None:
    board = recognize("HTTPS://Careers.Example.com:443/jobs/?utm_campaign=x&b=2&a=1#top")

    assert board.platform == "html"
    assert board.board_url == "https://careers.example.com/jobs/?a=1&b=2"
    assert board.fetch_host == "careers.example.com"
