from __future__ import annotations

import pytest

from boards.sources.registry import linked_boards

PAGE = "https://www.acme.com/careers"


def urls(markup: str) -> list[str]:
    return [board.board_url for board in linked_boards(markup.encode(), PAGE)]


def test_links_to_boards_of_every_api_platform_are_found() -> None:
    markup = """
      <a href="https://boards.greenhouse.io/acme">Greenhouse</a>
      <a href='https://jobs.lever.co/acme/5ac21346-8e0c'>Lever job</a>
      <a href=https://jobs.ashbyhq.com/acme>Ashby</a>
      <a href="https://apply.workable.com/acme/j/A1B2C3/">Workable</a>
      <a href="https://jobs.smartrecruiters.com/AcmeCorp">SmartRecruiters</a>
      <a href="https://acme.recruitee.com/">Recruitee</a>
    """

    assert urls(markup) == [
        "https://boards.greenhouse.io/acme",
        "https://jobs.lever.co/acme",
        "https://jobs.ashbyhq.com/acme",
        "https://apply.workable.com/acme",
        "https://jobs.smartrecruiters.com/AcmeCorp",
        "https://acme.recruitee.com",
    ]


def test_iframes_and_embed_scripts_are_found() -> None:
    assert urls(
        '<iframe src="https://job-boards.greenhouse.io/embed/job_board?for=acme&amp;b=https://www.acme.com"></iframe>'
    ) == ["https://boards.greenhouse.io/acme"]
    assert urls(
        '<div id="grnhse_app"></div><script src="https://boards.greenhouse.io/embed/job_board/js?for=acme"></script>'
    ) == ["https://boards.greenhouse.io/acme"]
    assert urls('<script src="https://jobs.ashbyhq.com/acme/embed?version=2"></script>') == [
        "https://jobs.ashbyhq.com/acme"
    ]
    assert urls('<script>window.leverJobsOptions = {accountName: "acme", includeCss: true};</script>') == [
        "https://jobs.lever.co/acme"
    ]


def test_urls_inside_inline_scripts_and_json_are_found() -> None:
    markup = '<script>var config = {"jobsUrl": "https:\\/\\/jobs.eu.lever.co\\/acme"}; load("//boards.greenhouse.io/acme");</script>'

    assert urls(markup) == ["https://jobs.eu.lever.co/acme", "https://boards.greenhouse.io/acme"]


def test_the_most_mentioned_board_comes_first_and_each_board_once() -> None:
    markup = """
      <a href="https://jobs.lever.co/partner">Our partner is hiring</a>
      <a href="https://boards.greenhouse.io/acme/jobs/1">Job 1</a>
      <a href="https://boards.greenhouse.io/acme/jobs/2">Job 2</a>
      <a href="https://job-boards.greenhouse.io/acme">All jobs</a>
    """

    assert urls(markup) == ["https://boards.greenhouse.io/acme", "https://jobs.lever.co/partner"]


def test_on_a_tie_the_first_seen_board_wins() -> None:
    markup = '<a href="https://jobs.ashbyhq.com/first">a</a><a href="https://jobs.lever.co/second">b</a>'

    assert urls(markup) == ["https://jobs.ashbyhq.com/first", "https://jobs.lever.co/second"]


def test_a_page_without_board_links_gives_nothing() -> None:
    markup = """
      <a href="/about">About</a><a href="https://www.greenhouse.io/">Powered by Greenhouse</a>
      <a href="mailto:jobs@acme.com">Mail us</a><img src="data:image/png;base64,AAAA">
      <a href="https://boards.greenhouse.io/embed/job_board">a broken embed</a>
    """

    assert urls(markup) == []
    assert linked_boards(b"", PAGE) == []
    assert linked_boards(b"\xff\xfe\x00garbage", PAGE) == []


def test_a_workday_link_resolves_once_the_workday_source_exists() -> None:
    pytest.importorskip("boards.sources.workday")

    markup = '<a href="https://acme.wd5.myworkdayjobs.com/en-US/Careers/job/Berlin/Engineer_JR1">Apply</a>'

    (board,) = linked_boards(markup.encode(), PAGE)
    assert board.platform == "workday"
    assert board.board_url == "https://acme.wd5.myworkdayjobs.com/Careers"
