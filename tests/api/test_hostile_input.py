"""Hostile input at the REST API, generated: odd and dangerous URLs (userinfo, IDN, IPv6 literals,
loopback, private, link-local and metadata addresses in every spelling, trailing dots), wrong
types, NUL bytes and other controls, huge strings and numbers, deep JSON, bad cursors and ids.

Whatever comes in, the answer is never a 500: it is a success or the documented error,
`{"error": CODE, "message": "…"}` with the status of its code (docs/rest.md, "Errors"), and a
refused request writes nothing (no watch, no board). tests/boards/fetch/test_guard_*.py prove the
guard itself URL by URL; this drives the same spellings through the routes callers use.

Deterministic (derandomize) and small, so CI stays fast; no name is resolved (tests/api/conftest.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from boards.models import Resource
from tests.api.conftest import Agent
from watches.filters import FILTER_FIELDS
from watches.models import Watch
from watchtower.errors import STATUS_BY_CODE

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# Hosts that must never be fetched, spelled every way a URL parser might accept them.
INTERNAL_HOSTS = [
    "127.0.0.1",
    "127.1",
    "127.0.1",
    "2130706433",
    "0x7f000001",
    "0x7f.0.0.1",
    "017700000001",
    "0177.0.0.1",
    "0",
    "0.0.0.0",
    "127.0.0.1.",
    "localhost",
    "localhost.",
    "LOCALHOST",
    "LocalHost.",
    "sub.localhost",
    "[::1]",
    "[0:0:0:0:0:0:0:1]",
    "[::]",
    "[::ffff:127.0.0.1]",
    "[::ffff:7f00:1]",
    "[::ffff:169.254.169.254]",
    "[0:0:0:0:0:ffff:a00:1]",
    "[64:ff9b::7f00:1]",
    "[2002:7f00:1::]",
    "[fe80::1]",
    "[fe80::1%25eth0]",
    "[fc00::1]",
    "[fd00:ec2::254]",
    "169.254.169.254",
    "169.254.170.2",
    "0xa9fea9fe",
    "2852039166",
    "0251.0376.0251.0376",
    "100.100.100.200",
    "metadata",
    "metadata.google.internal",
    "metadata.google.internal.",
    "instance-data",
    "10.0.0.1",
    "192.168.1.1",
    "172.16.0.1",
    "100.64.0.1",
    "198.18.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "ｌｏｃａｌｈｏｓｔ",
    "①②⑦.0.0.1",
    "127。0。0。1",
    "xn--localhost-",
    "db.internal",
    "printer.local",
    "router.lan",
]
# Names that look public; no name is resolved in these tests (a lookup fails), so they exercise
# IDN handling and the DNS failure path.
ODD_PUBLIC_HOSTS = [
    "münchen.example",
    "xn--mnchen-3ya.example",
    "例え.テスト",
    "xn--r8jz45g.xn--zckzah",
    "example.com.",
    "EXAMPLE.COM",
    "a" * 63 + ".example",
    ("a" * 62 + ".") * 4 + "example",
    "-leading.example",
    "under_score.example",
    "[2606:4700:4700::1111]",
    "93.184.216.34",
]
USERINFO = ["", "user@", "user:pass@", "example.com@", "127.0.0.1:80@", ":@", "%00@", "a%40b@"]
PORTS = ["", ":80", ":443", ":0", ":22", ":6379", ":65535", ":65536", ":99999999999", ":-1", ":http", ":"]
PATHS = ["/", "/jobs", "/%00", "/\x00", "/a\x01b", "/\u202ejobs", "/\ufeff", "/..%2f..%2fetc/passwd", "/" + "x" * 3000]
SCHEMES = ["http://", "https://", "HTTPS://", "hTtP://", "ftp://", "file://", "gopher://", "javascript:", "//", ""]

hostile_urls = st.builds(
    lambda scheme, user, host, port, path: f"{scheme}{user}{host}{port}{path}",
    st.sampled_from(SCHEMES),
    st.sampled_from(USERINFO),
    st.sampled_from(INTERNAL_HOSTS + ODD_PUBLIC_HOSTS),
    st.sampled_from(PORTS),
    st.sampled_from(PATHS),
) | st.text(max_size=60)

# Values of the wrong type or out of range, for any field.
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(["\x00", "a\x00b", "\u202e", "\ufffd", "\ud7ff", "🙂" * 10, "x" * 5000, "", " "]),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)

# Every code the API documents, and the status each one answers with.
DOCUMENTED = set(STATUS_BY_CODE) - {"INTERNAL_ERROR"}


def assert_documented(response: Any) -> dict[str, Any]:
    """A success, or `{"error", "message"}` with the status of its code; never a 500."""
    assert response.status_code < 500 or response.status_code in (502, 503), (
        response.status_code,
        response.content[:500],
    )
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body: dict[str, Any] = response.json()
    if response.status_code >= 400:
        assert set(body) == {"error", "message"}, body
        assert body["error"] in DOCUMENTED, body
        assert response.status_code == STATUS_BY_CODE[body["error"]], (response.status_code, body)
        assert isinstance(body["message"], str) and body["message"].strip(), body
    return body


def post(http: Any, agent: Agent, path: str, body: Any) -> Any:
    raw = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return http.post(path, raw, content_type="application/json", **agent.auth)


def nothing_written() -> bool:
    return not Watch.objects.exists() and not Resource.objects.exists()


@FUZZ
@given(url=hostile_urls)
@example(url="http://[::ffff:127.0.0.1]/")
@example(url="http://localhost./")
@example(url="https://user:pass@169.254.169.254/latest/meta-data/")
@example(url="http://0x7f000001/")
@example(url="https://example.com/\x00")
def test_a_hostile_board_url_is_refused_in_the_documented_shape_and_writes_nothing(
    http: Any, agent: Agent, url: str
) -> None:
    response = post(http, agent, "/v1/watches", {"url": url})
    body = assert_documented(response)
    assert response.status_code != 201, (url, body)  # none of these can be read from here
    assert nothing_written(), url


@FUZZ
@given(urls=st.lists(hostile_urls, min_size=1, max_size=4))
def test_hostile_urls_in_a_batch_each_get_an_error_and_write_nothing(http: Any, agent: Agent, urls: list[str]) -> None:
    response = post(http, agent, "/v1/watches", {"urls": urls})
    body = assert_documented(response)
    if response.status_code == 201:
        assert body["watches"] == []
        for error in body["errors"]:
            assert set(error) == {"url", "error", "message"} and error["error"] in DOCUMENTED, error
            assert error["message"].strip(), error
    assert nothing_written(), urls


@FUZZ
@given(url=hostile_urls)
def test_a_hostile_webhook_url_is_refused_in_the_documented_shape(http: Any, agent: Agent, url: str) -> None:
    response = post(http, agent, "/v1/watches", {"keywords": ["ios"], "webhook_url": url})
    assert_documented(response)
    if response.status_code == 201:  # only a public https URL is taken, and none of these resolves
        pytest.fail(f"webhook accepted: {url!r}")
    assert not Watch.objects.exists()


# Every filter the API takes (watches/filters.py), the watch's own fields, and names it doesn't know.
FIELDS = [*FILTER_FIELDS, "query", "url", "urls", "interval_minutes", "label", "webhook_url", "type", "\x00", ""]


@FUZZ
@given(body=st.dictionaries(st.sampled_from(FIELDS), junk | st.lists(junk, max_size=3), max_size=4))
def test_wrong_types_and_odd_values_in_a_watch_are_answered_in_the_documented_shape(
    http: Any, agent: Agent, body: dict[str, Any]
) -> None:
    before = Watch.objects.count()  # examples share the test's database: earlier ones may have created some
    response = post(http, agent, "/v1/watches", body)
    assert_documented(response)
    if response.status_code >= 400:
        assert Watch.objects.count() == before, body


@FUZZ
@given(body=st.dictionaries(st.sampled_from([*FIELDS, "limit", "offset"]), junk, max_size=4))
def test_wrong_types_and_odd_values_in_a_search_are_answered_in_the_documented_shape(
    http: Any, agent: Agent, body: dict[str, Any]
) -> None:
    assert_documented(post(http, agent, "/v1/jobs/search", body))


query_values = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["", "-0", "1e9", "0x10", "NaN", "inf", "١٢", "1\x00", "%00", "9" * 400, " 1", "true", "[]"]),
    st.text(max_size=12),
)


@FUZZ
@given(
    params=st.dictionaries(
        st.sampled_from(["since", "limit", "watch_id", "peek", "cursor"]), query_values, min_size=1, max_size=3
    )
)
# A NUL in a watch id reached PostgreSQL, which refuses it in text: a 500 (watches/models.py).
@example(params={"watch_id": "w_\x00"})
def test_odd_numbers_and_cursors_in_changes_are_answered_in_the_documented_shape(
    http: Any, agent: Agent, params: dict[str, str]
) -> None:
    assert_documented(http.get("/v1/changes", params, **agent.auth))


@FUZZ
@given(body=st.dictionaries(st.sampled_from(["cursor", "watch_id", "extra"]), junk, max_size=3))
def test_odd_acks_are_answered_in_the_documented_shape(http: Any, agent: Agent, body: dict[str, Any]) -> None:
    assert_documented(post(http, agent, "/v1/changes/ack", body))


@FUZZ
@given(
    params=st.dictionaries(
        st.sampled_from(["q", "limit", "offset", "tech_companies_only"]), query_values, min_size=1, max_size=3
    )
)
def test_odd_numbers_in_companies_are_answered_in_the_documented_shape(
    http: Any, agent: Agent, params: dict[str, str]
) -> None:
    assert_documented(http.get("/v1/companies", params, **agent.auth))


watch_ids = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["w_", "w_" + "0" * 200, "w_\x00", "w_%00", "w_-1", "w_99999999999999999999999", "..", "w_🙂"]),
)


@FUZZ
@given(watch_id=watch_ids, limit=query_values)
@example(watch_id="\x00", limit="1")  # a 500 on PostgreSQL, as above
def test_odd_watch_ids_are_not_found_in_the_documented_shape(
    http: Any, agent: Agent, watch_id: str, limit: str
) -> None:
    from urllib.parse import quote

    path = f"/v1/watches/{quote(watch_id, safe='')}"
    for response in (
        http.get(path, {"limit": limit}, **agent.auth),
        http.delete(path, **agent.auth),
        http.post(f"{path}/check", "{}", content_type="application/json", **agent.auth),
    ):
        assert_documented(response)


@pytest.mark.parametrize(
    "raw",
    [
        '{"url": "http://example.com/\\u0000"}',
        '{"label": "\\u0000", "keywords": ["ios"]}',
        '{"query": "ios\\u0000jobs"}',
        '{"keywords": ["\\ud800"]}',  # a lone surrogate: valid JSON, not valid UTF-8 text
        '{"keywords": ["ios"], "label": "\\ud83d"}',
        '{"min_salary": 1e400}',
        '{"min_salary": 100000000000000000000000000000000000}',
        '{"max_experience_years": NaN}',
        '{"max_experience_years": Infinity}',
        '{"interval_minutes": -9223372036854775809}',
        '{"keywords": ["ios"], "keywords": 5}',
        '{"urls": []}',
        '{"urls": "http://example.com/"}',
        '{"url": ["http://example.com/"]}',
        '{"url": {"href": "http://127.0.0.1/"}}',
        "\ufeff{}",
        '{"query": "' + "x" * 60_000 + '"}',
        '{"keywords": [' + ",".join(['"a"'] * 10_000) + "]}",
        '{"a":' * 500 + "1" + "}" * 500,
        "null",
        "1e999999",
        '"\\u0000"',
    ],
)
def test_malformed_json_bodies_are_answered_in_the_documented_shape(http: Any, agent: Agent, raw: str) -> None:
    for path in ("/v1/watches", "/v1/jobs/search", "/v1/changes/ack"):
        assert_documented(post(http, agent, path, raw.encode("utf-8", "surrogatepass")))
    assert not Watch.objects.exists()


REDIRECT_TARGETS = [
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://2852039166/",
    "http://0xa9.0xfe.0xa9.0xfe/",
    "http://metadata.google.internal./computeMetadata/v1/",
    "http://localhost./",
    "http://[::1]/",
    "http://10.0.0.1/",
    "http://[fe80::1]/",
    "http://user:pass@example.com/",
    "file:///etc/passwd",
    "gopher://127.0.0.1:6379/_INFO",
]


@pytest.fixture
def public_page(httpserver: Any, config: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A careers page on 127.0.0.1 that plays a public host: the strict policy, except that this
    one address and the server's port count as public (as tests/boards/fetch/conftest.py does)."""
    import ipaddress

    from boards.fetch import guard, robots

    config(allow_private_networks=False)
    real = guard.is_public_address
    monkeypatch.setattr(
        guard,
        "is_public_address",
        lambda value: guard.parse_address(value) == ipaddress.IPv4Address("127.0.0.1") or real(value),
    )
    monkeypatch.setattr(guard, "ALLOWED_PORTS", guard.ALLOWED_PORTS | {httpserver.port})
    httpserver.expect_request("/robots.txt").respond_with_data("", status=404)
    robots.robots_cache_clear()
    yield httpserver
    robots.robots_cache_clear()


@pytest.mark.parametrize("target", REDIRECT_TARGETS)
def test_a_page_that_redirects_inward_is_refused_in_the_documented_shape_and_writes_nothing(
    http: Any, agent: Agent, public_page: Any, target: str
) -> None:
    public_page.expect_request("/jobs").respond_with_data("", status=302, headers={"Location": target})
    response = post(http, agent, "/v1/watches", {"url": f"http://127.0.0.1:{public_page.port}/jobs"})
    body = assert_documented(response)
    assert response.status_code == 422 and body["error"] == "SSRF_BLOCKED", body
    assert any(request.path == "/jobs" for request, _ in public_page.log)  # the page was read, the hop refused
    # No watch. The page's board row keeps its refusal (so a retry is not read again at once);
    # with no watch and outside the directory it is never checked, and maintenance drops it
    # after UNWATCHED_RESOURCE_GRACE (changes/services/maintenance.py).
    assert not Watch.objects.exists()
    assert not Resource.objects.filter(indexed=True).exists()


@pytest.mark.parametrize(
    "path",
    [
        "/companies?q=%00",  # the page's search: a 500 on PostgreSQL
        "/companies?q=a%00b&offset=1",
        "/?ref=%00",
        "/v1/companies?q=%00",
        "/v1/changes?watch_id=w_%00",
        "/oauth/authorize?client_id=%00&redirect_uri=%00",  # a 500 on PostgreSQL
        "/oauth/authorize?response_type=code&client_id=x&state=%00",
        "/companies?%00=1",
    ],
)
def test_a_nul_in_any_query_parameter_is_a_validation_error_on_every_route(http: Any, agent: Agent, path: str) -> None:
    response = http.get(path, **agent.auth)
    assert response.status_code == 400, (path, response.content[:300])
    body = response.json()
    assert body["error"] == "VALIDATION_ERROR" and "Null characters are not allowed." in body["message"], body


@pytest.mark.parametrize(
    ("path", "form"),
    [
        ("/oauth/token", {"grant_type": "authorization_code", "code": "\x00", "client_id": "x"}),
        ("/oauth/token", {"grant_type": "refresh_token", "refresh_token": "a\x00b", "client_id": "\x00"}),
        ("/oauth/revoke", {"token": "\x00"}),
    ],
)
def test_a_nul_in_a_form_body_is_a_validation_error(http: Any, path: str, form: dict[str, str]) -> None:
    response = http.post(path, form)  # multipart, as a browser or an OAuth client may send
    assert response.status_code in (400, 404), (path, response.content[:300])
    if response.status_code == 400:
        assert response.json()["error"] in ("VALIDATION_ERROR", "invalid_request", "invalid_client"), response.json()


def test_a_nul_in_an_oauth_registration_is_refused_in_its_shape(http: Any) -> None:
    body = {"client_name": "App\x00", "redirect_uris": ["http://127.0.0.1:8765/cb\x00"]}
    response = http.post("/oauth/register", json.dumps(body), content_type="application/json")
    assert response.status_code == 400, response.content[:300]
