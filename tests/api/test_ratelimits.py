from __future__ import annotations

import pytest

from tests.api.conftest import make_board, make_watch
from watches.services.clients import client_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_window")]


def test_every_answer_shows_the_global_budget(http, agent, config) -> None:
    config(rate_limit_per_minute=5)
    first = http.get("/v1/watches", **agent.auth)
    second = http.get("/v1/nope")
    assert (first["X-RateLimit-Limit"], first["X-RateLimit-Remaining"]) == ("5", "4")
    assert second["X-RateLimit-Remaining"] == "3"


def test_the_global_budget_is_spent_per_address(http, agent, config) -> None:
    config(rate_limit_per_minute=3)
    statuses = [http.get("/v1/watches", **agent.auth).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    refused = http.get("/v1/watches", **agent.auth)
    assert refused.json()["error"] == "RATE_LIMITED"
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert refused["X-RateLimit-Remaining"] == "0"
    assert http.get("/v1/watches", REMOTE_ADDR="198.51.100.9", **_fresh()).status_code == 200


def test_the_global_budget_is_counted_before_the_token_is_looked_up(http, config) -> None:
    config(rate_limit_per_minute=2)
    bad = {"HTTP_AUTHORIZATION": "Bearer wt_" + "C" * 32}
    assert [http.get("/v1/watches", **bad).status_code for _ in range(3)] == [401, 401, 429]


def test_an_ipv6_64_shares_one_budget(http, agent, config) -> None:
    config(rate_limit_per_minute=2)
    for suffix in ("1", "2"):
        assert http.get("/v1/watches", REMOTE_ADDR=f"2001:db8:5:6::{suffix}", **_fresh()).status_code == 200
    assert http.get("/v1/watches", REMOTE_ADDR="2001:db8:5:6::ffff", **_fresh()).status_code == 429
    assert http.get("/v1/watches", REMOTE_ADDR="2001:db8:5:7::1", **_fresh()).status_code == 200


def test_behind_a_trusted_proxy_the_forwarded_address_is_the_bucket(http, agent, config) -> None:
    config(rate_limit_per_minute=1, trust_proxy=True)
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    assert http.get("/v1/watches", HTTP_X_FORWARDED_FOR="198.51.100.1", **proxy, **_fresh()).status_code == 200
    assert http.get("/v1/watches", HTTP_X_FORWARDED_FOR="198.51.100.2", **proxy, **_fresh()).status_code == 200
    spoofed = "198.51.100.2, 198.51.100.1"  # the caller prepends an address; the proxy appends the real one
    assert http.get("/v1/watches", HTTP_X_FORWARDED_FOR=spoofed, **proxy, **_fresh()).status_code == 429


def test_a_client_is_one_budget_whatever_its_address(http, agent, config) -> None:
    """Issue 15 item 11: the per-client budget REST shares with MCP (tests/mcp_bridge/test_shared_budget.py)."""
    config(rate_limit_per_minute=2)
    for address in ("198.51.100.1", "198.51.100.2"):
        assert http.get("/v1/watches", REMOTE_ADDR=address, **agent.auth).status_code == 200
    refused = http.get("/v1/watches", REMOTE_ADDR="198.51.100.3", **agent.auth)
    assert (refused.status_code, refused.json()["error"]) == (429, "RATE_LIMITED")


def _fresh() -> dict[str, str]:
    """The header of a new client, so a test of the per-address budget spends no client's."""
    return {"HTTP_AUTHORIZATION": f"Bearer {client_create().token}"}


def test_client_creation_is_limited_per_hour(http, config) -> None:
    config(client_creation_per_hour=10)
    statuses = [http.post("/v1/clients", content_type="application/json").status_code for _ in range(11)]
    assert statuses == [201] * 10 + [429]
    refused = http.post("/v1/clients", content_type="application/json")
    assert refused.json()["error"] == "RATE_LIMITED" and int(refused["Retry-After"]) >= 1


def test_searches_are_limited_per_minute(http, config) -> None:
    config(search_per_minute=2)
    body = {"query": "ios"}
    statuses = [http.post("/v1/jobs/search", body, content_type="application/json").status_code for _ in range(2)]
    assert statuses == [200, 200]
    assert http.get("/v1/companies").status_code == 429  # one budget for both


def test_forced_checks_are_limited_per_minute(http, agent, config) -> None:
    config(check_now_per_minute=1, min_check_interval_seconds=86_400)
    watch = make_watch(agent, make_board())  # checked two hours ago: too soon, without any fetch
    first = http.post(f"/v1/watches/{watch.public_id}/check", **agent.auth)
    assert (first.status_code, first.json()["error"]) == (409, "NOT_SUPPORTED")
    second = http.post(f"/v1/watches/{watch.public_id}/check", **agent.auth)
    assert (second.status_code, second.json()["error"]) == (429, "RATE_LIMITED")
