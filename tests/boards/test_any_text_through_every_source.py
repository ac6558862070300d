"""Arbitrary Unicode through every source into a real check (issue 15 item 2).

Each source's board is served from its fixtures (tests/boards/sources, and the nine multi-request
boards of nine_sources_fixtures.py) through a replaying stand-in for the guarded fetch. Hypothesis
then appends arbitrary text — lone surrogates, NULs, control characters, very long runs — to the
text values of every JSON body (and of JSON-LD in pages), encoded as a server would send it
(`\\ud83d` escapes). The board is checked twice through `resource_check`, the real read, derive,
diff and store on the test database: the baseline, then the bad text. The check must succeed,
and every stored job and change must hold text that UTF-8 and PostgreSQL accept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_httpserver import HTTPServer
from werkzeug.test import EnvironBuilder

from boards.fetch.client import FetchResult
from boards.fetch.errors import FetchError
from boards.models import Job, Resource
from boards.services import reading
from boards.services.check import resource_check
from boards.services.reading import BoardFetch
from boards.services.resources import resource_get_or_create
from boards.sources.payload import TEXT_LIMITS
from boards.sources.registry import recognize
from changes.models import Change
from tests.boards import nine_sources_fixtures as nine
from tests.boards.nine_sources_fixtures import Web
from tests.boards.sources.fakes import fixture_bytes
from tests.boards.test_nine_sources_end_to_end import CASES
from watchtower.config import Config

pytestmark = pytest.mark.django_db

# The one-request sources: every request to the board's API host answers its fixture.
SIMPLE = {
    "https://boards.greenhouse.io/acme": "greenhouse-jobs-content.json",
    "https://jobs.lever.co/acme": "lever-postings.json",
    "https://jobs.ashbyhq.com/acme": "ashby-job-board.json",
    "https://apply.workable.com/acme-robotics/": "workable-widget.json",
    "https://jobs.smartrecruiters.com/AcmeCorp": "smartrecruiters-postings.json",
    "https://germanzeroev.recruitee.com/": "recruitee-offers.json",
    "https://careers.acme.example/jobs": "schemaorg-jobposting-meta.html",
}
# The nine multi-request sources' boards, each with (the newest five of) the listing its
# end-to-end case serves first.
NINE: dict[str, list[int]] = {}
for case in CASES:
    NINE.setdefault(case.board.name, list(case.before)[:5])
BOARD_URLS = [*SIMPLE, *(board.url for board in nine.BOARDS)]

# Appended to text values: any code point (surrogates included), sometimes repeated far past any
# sane field length.
ANY_CHARACTER = st.characters(exclude_categories=())
BAD_TEXT = st.one_of(
    st.text(ANY_CHARACTER, min_size=1, max_size=20),
    st.tuples(st.text(ANY_CHARACTER, min_size=1, max_size=3), st.integers(100, 3000)).map(lambda p: p[0] * p[1]),
)
_NOT_TEXT = re.compile(r"^(?:https?:|/|[\d\s.:+TZ-]*$)|://")  # URLs, paths, numbers, dates: structure
_JSON_LD = re.compile(rb"(<script[^>]*application/ld\+json[^>]*>)(.*?)(</script>)", re.S | re.I)


def spoiled(value: Any, bad: str) -> Any:
    """`value` with `bad` appended to every text value (not to URLs, paths, numbers or dates, which
    steer paging and detail reads)."""
    if isinstance(value, dict):  # JSON-LD's "@type" and "@context" are structure, not text
        return {key: item if key.startswith("@") else spoiled(item, bad) for key, item in value.items()}
    if isinstance(value, list):
        return [spoiled(item, bad) for item in value]
    if isinstance(value, str) and not _NOT_TEXT.search(value):
        return value + bad
    return value


def as_sent(data: Any) -> bytes:
    """JSON as a server sends it: ASCII, so a lone surrogate travels as a `\\ud83d` escape."""
    return json.dumps(data).replace("<", "\\u003c").encode("ascii")


def spoil_body(body: bytes, bad: str) -> bytes:
    try:
        return as_sent(spoiled(json.loads(body), bad))
    except ValueError:
        pass

    def script(match: re.Match[bytes]) -> bytes:
        try:
            return match.group(1) + as_sent(spoiled(json.loads(match.group(2)), bad)) + match.group(3)
        except ValueError:
            return match.group(0)

    return _JSON_LD.sub(script, body)


class Replay:
    """Stands in for `boards.fetch.client.fetch` in the check's reader: answers from the served
    boards, and spoils each body with `bad` when it is set."""

    def __init__(self, web: Web) -> None:
        self.web = web
        self.simple_hosts = {recognize(url).fetch_host: fixture_bytes(name) for url, name in SIMPLE.items()}
        self.bad = ""

    def __call__(self, url: str, *, method: str = "GET", json_body: Any = None, **_: Any) -> FetchResult:
        parts = urlsplit(url)
        host = parts.hostname or ""
        if host in self.simple_hosts:
            status, body = 200, self.simple_hosts[host]
        else:
            builder = EnvironBuilder(
                method=method,
                path=parts.path or "/",
                query_string=parts.query,
                headers=[("Host", host)],
                json=json_body,
            )
            response = self.web._handle(builder.get_request())
            status, body = response.status_code, response.get_data()
        if status >= 400:
            raise FetchError("UPSTREAM_ERROR", f"HTTP {status}", http_status=status)
        if self.bad:
            body = spoil_body(body, self.bad)
        return FetchResult(url=url, status=status, headers={}, body=body, elapsed=0.0, content_type="")


@pytest.fixture
def replay(httpserver: HTTPServer, config: Callable[..., Config], monkeypatch: pytest.MonkeyPatch) -> Iterator[Replay]:
    web = Web(httpserver)
    for board in nine.BOARDS:
        board.serve(web, NINE[board.name], True)
    config(host_min_spacing_ms=0, min_check_interval_seconds=0)
    monkeypatch.setattr(BoardFetch, "follow_up_pause", lambda self: 0.0)
    stand_in = Replay(web)
    monkeypatch.setattr(reading, "fetch", stand_in)
    yield stand_in


def assert_storable(value: Any) -> None:
    """Text PostgreSQL and UTF-8 accept: no surrogate, no NUL, nothing longer than its cap."""
    encoded = json.dumps(value, ensure_ascii=False)
    encoded.encode("utf-8")  # raises on a lone surrogate
    assert "\x00" not in encoded


def test_every_source_is_fed() -> None:
    platforms = {recognize(url).platform for url in BOARD_URLS}
    assert len(platforms) == 16  # fifteen platforms and schema.org careers pages
    assert {board.name for board in nine.BOARDS} == set(NINE)


@pytest.mark.parametrize("board_url", BOARD_URLS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bad=BAD_TEXT)
def test_any_text_in_any_source_is_checked_and_stored_cleanly(replay: Replay, board_url: str, bad: str) -> None:
    Resource.objects.filter(url=recognize(board_url).board_url).delete()
    resource, _ = resource_get_or_create(board=recognize(board_url))
    replay.bad = ""
    baseline = resource_check(resource_id=resource.pk)
    assert baseline.ok, baseline

    replay.bad = bad
    outcome = resource_check(resource_id=resource.pk)

    assert outcome.ok, outcome
    resource.refresh_from_db()
    assert resource.last_error_code == "" and resource.consecutive_failures == 0
    for title, data in Job.objects.filter(resource=resource).values_list("title", "data"):
        assert_storable(data)
        assert len(title) <= TEXT_LIMITS["title"]
    for data in Change.objects.filter(resource=resource).values_list("data", flat=True):
        assert_storable(data)
