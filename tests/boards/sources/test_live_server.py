"""An Eightfold read over real HTTP from 127.0.0.1: paging, the refused page and a detail read.

Spacing between requests is the check service's job (its fetch wrapper sleeps PAGE_SPACING_MS before
follow-ups); the measured-gap test lives with the lead's integration test. This fetch does not sleep.
"""

from __future__ import annotations

import json
from urllib.parse import urlsplit, urlunsplit

import requests
from werkzeug import Request as WerkzeugRequest
from werkzeug import Response as WerkzeugResponse

from boards.sources import eightfold
from boards.sources.base import ReadContext, Request, Response
from boards.sources.canonical import canonical_url
from tests.boards.sources.fakes import refusal


def local_fetch(base_url: str):
    """A minimal real Fetch: same path and query, sent to the local server instead of the host."""
    local = urlsplit(base_url)

    def fetch(request: Request) -> Response:
        parts = urlsplit(request.url)
        target = urlunsplit((local.scheme, local.netloc, parts.path, parts.query, ""))
        answer = requests.request(
            request.method, target, json=request.json_body, headers=dict(request.headers), timeout=5
        )
        if answer.status_code >= 400:
            raise refusal(answer.status_code)
        return Response(
            url=request.url,
            status=answer.status_code,
            headers={k.lower(): v for k, v in answer.headers.items()},
            body=answer.content,
        )

    return fetch


def handler(request: WerkzeugRequest) -> WerkzeugResponse:
    if request.path == "/api/pcsx/position_details":
        data = {"data": {"jobDescription": "<p>4+ years of experience.</p>"}}
        return WerkzeugResponse(json.dumps(data), content_type="application/json")
    start = int(request.args["start"])
    if start >= 20:
        return WerkzeugResponse('{"message": "slow down"}', status=429, content_type="application/json")
    positions = [
        {
            "id": 900 + start + i,
            "displayJobId": f"R{start + i}",
            "name": f"Engineer {start + i}",
            "positionUrl": f"/careers/job/{900 + start + i}",
        }
        for i in range(10)
    ]
    return WerkzeugResponse(
        json.dumps({"status": 200, "data": {"count": 35, "positions": positions}}), content_type="application/json"
    )


def test_an_eightfold_read_over_http_keeps_pages_before_a_429(httpserver):
    httpserver.expect_request("/api/pcsx/search").respond_with_handler(handler)
    httpserver.expect_request("/api/pcsx/position_details").respond_with_handler(handler)
    board = eightfold.recognize(urlsplit(canonical_url("https://acme.eightfold.ai/careers")))
    assert board is not None
    context = ReadContext(known_ids=frozenset(f"R{i}" for i in range(1, 20)), detail_budget=5)
    listing = eightfold.read(board, local_fetch(httpserver.url_for("/")), context)
    assert [p.id for p in listing.postings] == [f"R{i}" for i in range(20)]
    assert listing.complete is False
    seen = [(entry[0].path, entry[0].args.get("start") or entry[0].args.get("position_id")) for entry in httpserver.log]
    assert seen == [
        ("/api/pcsx/search", "0"),
        ("/api/pcsx/search", "10"),
        ("/api/pcsx/search", "20"),
        ("/api/pcsx/position_details", "900"),
    ]
    assert listing.postings[0].description == "4+ years of experience."
