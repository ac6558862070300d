from __future__ import annotations

import asyncio
import json
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.utils import timezone

from boards.models import Heartbeat, Resource
from mcp_bridge.server import build_server
from watches.models import CountsDaily
from watchtower.site import catalog

pytestmark = pytest.mark.django_db

BASE = "https://jobs.example.org"


@pytest.fixture(autouse=True)
def public_base(config: Any) -> None:
    config(public_base_url=BASE, mcp_registry_auth="")


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in {"href", "src"} and value:
                self.found.append(value)


def links(html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    return parser.found


@pytest.mark.parametrize(
    ("path", "content_type", "expected"),
    [
        ("/", "text/html", ["Job boards, watched for AI agents.", "Tech job monitoring for AI agents."]),
        ("/llms.txt", "text/plain", ["# Watchtower", "## Search watches (no URL)", "re-running job searches"]),
        ("/robots.txt", "text/plain", ["User-agent: *", "Disallow: /v1/", "Disallow: /metrics", f"{BASE}/llms.txt"]),
        ("/privacy", "text/html", ["only a SHA-256 hash of the token is stored", "30 days"]),
        ("/companies", "text/html", ["<h1>Companies</h1>"]),
        ("/.well-known/watchtower.json", "application/json", ['"pricing": "free"']),
        ("/.well-known/mcp.json", "application/json", ['"streamable-http"']),
        ("/.well-known/mcp-server-card", "application/json", ['"tools"']),
    ],
)
def test_every_page_renders(client: Any, path: str, content_type: str, expected: list[str]) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith(content_type)
    body = response.content.decode()
    for text in expected:
        assert text in body


def test_the_home_page_explains_how_to_connect_every_agent(client: Any) -> None:
    html = client.get("/").content.decode()
    assert f"claude mcp add --transport http watchtower {BASE}/mcp?ref=claude-code" in html
    assert "Add custom connector" in html and f"{BASE}/mcp?ref=claude" in html
    assert "~/.cursor/mcp.json" in html and "cursor://anysphere.cursor-deeplink/mcp/install?name=watchtower" in html
    assert ".vscode/mcp.json" in html and "vscode:mcp/install?" in html
    assert "&quot;mcpServers&quot;" in html and f"{BASE}/mcp?auth=required" in html
    assert f"curl -s -X POST {BASE}/v1/clients" in html
    for platform in ("Greenhouse", "Lever", "Ashby", "Workday", "SmartRecruiters", "Apple", "Microsoft"):
        assert f"<li>{platform}</li>" in html
    assert "Watches per client" in html and "50" in html
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    for tool in ("watch_jobs", "search_jobs", "get_changes", "ack_changes", "delete_watch"):
        assert f"<code>{tool}</code>" in html


def test_every_link_on_the_home_page_resolves(client: Any) -> None:
    # /health judges the scheduler by its last tick, or by this process's age when it has seen
    # none: a test process older than SCHEDULER_STALL_SECONDS (a long suite under load) answered
    # 503. A scheduler that just ticked is the deployment this page describes.
    Heartbeat.objects.update_or_create(name="scheduler", defaults={"beat_at": timezone.now()})
    hrefs = links(client.get("/").content.decode())
    internal = sorted({href for href in hrefs if href.startswith("/") and not href.startswith("//")})
    assert {"/companies", "/llms.txt", "/privacy", "/health", "/.well-known/mcp.json"} <= set(internal)
    assert any(href.endswith(".css") for href in internal)
    for href in internal:
        response = client.get(urlsplit(href).path or "/")
        assert response.status_code == 200, href
    external = [href for href in hrefs if "://" in href and not href.startswith(("cursor://", BASE))]
    assert external == [], "pages load nothing from other sites"


def test_snippets_follow_the_public_base_url(client: Any, config: Any) -> None:
    config(public_base_url="http://localhost:9000")
    body = client.get("/llms.txt").content.decode()
    assert "claude mcp add --transport http watchtower http://localhost:9000/mcp" in body
    assert BASE not in body
    card = client.get("/.well-known/mcp.json").json()
    assert card["transport"] == {"type": "streamable-http", "url": "http://localhost:9000/mcp"}


def test_the_server_card_lists_the_tools_the_mcp_server_serves(client: Any) -> None:
    card = client.get("/.well-known/mcp-server-card").json()
    served = asyncio.run(build_server().list_tools())
    assert [tool["name"] for tool in card["tools"]] == [tool.name for tool in served]
    assert all(tool["description"] and tool["title"] for tool in card["tools"])
    assert card["name"] and card["description"] == catalog.TAGLINE and card["version"] == catalog.version()
    assert card == client.get("/.well-known/mcp.json").json()


def test_watchtower_json_describes_auth_tools_and_limits(client: Any) -> None:
    meta = client.get("/.well-known/watchtower.json").json()
    assert meta["auth"]["obtain"] == {"method": "POST", "url": f"{BASE}/v1/clients"}
    assert meta["mcp"]["tools"] == [
        "watch_jobs",
        "search_jobs",
        "list_companies",
        "get_changes",
        "ack_changes",
        "list_watches",
        "get_watch",
        "delete_watch",
    ]
    assert meta["limits"]["max_watches_per_client"] == 50
    assert meta["policies"]["bypasses_captchas_or_logins"] is False
    assert "Greenhouse" in meta["supported_sources"]["platforms"]


def test_the_registry_proof_is_served_only_when_set(client: Any, config: Any) -> None:
    assert client.get("/.well-known/mcp-registry-auth").status_code == 404
    config(mcp_registry_auth="v=MCPv1; k=ed25519; p=abc")
    response = client.get("/.well-known/mcp-registry-auth")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode() == "v=MCPv1; k=ed25519; p=abc"


def directory(count: int) -> None:
    Resource.objects.bulk_create(
        Resource(
            url=f"https://boards.greenhouse.io/company{i:03}",
            platform="greenhouse",
            fetch_host="boards-api.greenhouse.io",
            company=f"Company {i:03}",
            indexed=True,
            open_jobs=i,
            content_hash="h" if i % 2 else "",
        )
        for i in range(count)
    )
    Resource.objects.create(
        url="https://jobs.lever.co/secret", platform="lever", fetch_host="api.lever.co", company="Only Watched"
    )


def test_companies_are_paginated(client: Any) -> None:
    directory(60)
    first = client.get("/companies")
    html = first.content.decode()
    assert first["Cache-Control"] == "public, max-age=300"
    assert "Showing 1–50 of 60" in html and "Company 000" in html and "Company 050" not in html
    assert "Only Watched" not in html
    next_href = next(href for href in links(html) if "offset=" in href)
    second = client.get("/companies" + next_href.replace("&amp;", "&")).content.decode()
    assert "Showing 51–60 of 60" in second and "Company 059" in second and 'rel="prev"' in second


def test_companies_are_searchable_and_unchecked_counts_show_an_ellipsis(client: Any) -> None:
    directory(12)
    html = client.get("/companies", {"q": "company 01"}).content.decode()
    names = re.findall(r">(Company \d{3})</a>", html)
    assert names == ["Company 010", "Company 011"]
    assert re.search(r'<td class="num">…</td>', html)  # 010 was never checked
    assert "No company matches" in client.get("/companies", {"q": "zzz"}).content.decode()


@pytest.mark.parametrize("offset", ["-4", "many", "1e20", str(10**20), "1000001"])
def test_a_companies_offset_outside_the_range_is_a_400_in_the_error_format(client: Any, offset: str) -> None:
    """A huge offset reached the database and came back as a 500 (issue 15)."""
    response = client.get("/companies", {"offset": offset})
    assert response.status_code == 400
    assert response.json()["error"] == "VALIDATION_ERROR"
    assert "offset" in response.json()["message"]


@pytest.mark.parametrize("query", [{}, {"q": ""}, {"q": "   "}])
def test_an_empty_directory_says_so_without_an_empty_quote(client: Any, query: dict[str, str]) -> None:
    html = client.get("/companies", query).content.decode()
    assert "No companies are listed yet." in html
    assert "No company matches" not in html and "“”" not in html


@pytest.mark.parametrize(
    ("agent", "audience"),
    [
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Safari/604.1", "human"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0", "ai"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0)", "ai"),
        ("Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)", "ai"),
        ("Perplexity-User/1.0", "ai"),
        ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "bot"),
        ("curl/8.5.0", "bot"),
        ("python-requests/2.32", "bot"),
        ("", "bot"),
    ],
)
def test_page_views_are_counted_by_audience(client: Any, agent: str, audience: str) -> None:
    client.get("/llms.txt", HTTP_USER_AGENT=agent)
    assert list(CountsDaily.objects.filter(metric="page_view").values_list("dim", "n")) == [
        (f"/llms.txt|{audience}", 1)
    ]


def test_only_successful_page_reads_are_counted(client: Any) -> None:
    client.get("/.well-known/mcp-registry-auth")
    client.post("/")
    client.get("/metrics")
    client.get("/", HTTP_USER_AGENT="Mozilla/5.0 Firefox/130.0")
    client.get("/?utm_source=x", HTTP_USER_AGENT="Mozilla/5.0 Firefox/130.0")
    assert list(CountsDaily.objects.filter(metric="page_view").values_list("dim", "n")) == [("/|human", 2)]


def test_the_stylesheet_is_served_by_the_app(client: Any) -> None:
    href = next(h for h in links(client.get("/").content.decode()) if h.endswith(".css"))
    response = client.get(href)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/css")
    assert b"overflow-x: auto" in b"".join(response.streaming_content)


def test_llms_txt_is_plain_text_not_escaped_html(client: Any) -> None:
    body = client.get("/llms.txt").content.decode()
    assert '{"mcpServers": {"watchtower"' in body and "&quot;" not in body
    assert json.dumps(catalog.FILTERS[0]).strip('"') in body
