"""Which URLs may be fetched at all: the static rules plus one DNS check (`validate_url`)."""

from __future__ import annotations

import ipaddress
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from boards.fetch import guard
from boards.fetch.client import validate_url
from boards.fetch.errors import FetchError
from tests.boards.fetch.conftest import StubResolver
from tests.boards.fetch.test_guard_addresses import reference_is_public
from watchtower.config import Config

REFUSED = [
    # scheme
    ("file:///etc/passwd", "scheme"),
    ("ftp://example.com/", "scheme"),
    ("gopher://example.com/", "scheme"),
    ("dict://example.com:11211/stat", "scheme"),
    ("ws://example.com/socket", "scheme"),
    ("javascript:alert(1)", "scheme"),
    ("data:text/html,hello", "scheme"),
    ("//example.com/no-scheme", "scheme"),
    # credentials
    ("https://user:pass@example.com/", "credentials"),
    ("https://user@example.com/", "credentials"),
    ("http://example.com:80@127.0.0.1/", "credentials"),
    # ports
    ("http://example.com:22/", "port"),
    ("http://example.com:8080/", "port"),
    ("https://example.com:6379/", "port"),
    ("http://example.com:25/", "port"),
    # names that only mean something inside a network
    ("http://localhost/", "not allowed"),
    ("http://LOCALHOST./admin", "not allowed"),
    ("http://foo.localhost/", "not allowed"),
    ("http://printer.local/", "not allowed"),
    ("http://metadata/computeMetadata/v1/", "not allowed"),
    ("http://metadata.google.internal/computeMetadata/v1/", "not allowed"),
    ("http://instance-data/latest/", "not allowed"),
    ("http://db.internal/", "not allowed"),
    ("http://router.lan/", "not allowed"),
    ("http://nas.home.arpa/", "not allowed"),
    ("http://1.0.0.127.in-addr.arpa/", "not allowed"),
    ("http://ｌｏｃａｌｈｏｓｔ/", "invalid"),  # fullwidth letters that would fold to localhost
    ("http://intranet/", "single-label"),
    ("http://kubernetes/", "single-label"),
    # numeric host names in every legacy form
    ("http://2130706433/", "numeric"),
    ("http://017700000001/", "numeric"),
    ("http://0x7f000001/", "numeric"),
    ("http://0x7f.1/", "numeric"),
    ("http://127.1/", "numeric"),
    ("http://127.0.1/", "numeric"),
    ("http://0177.0.0.1/", "numeric"),
    ("http://0x7f.0x0.0x0.0x1/", "numeric"),
    ("http://010.0.0.1/", "numeric"),
    ("http://1.2.3.4.5/", "numeric"),
    ("http://example.0x10/", "numeric"),
    # literal addresses that are not public
    ("http://127.0.0.1/", "non-public"),
    ("http://10.0.0.1/", "non-public"),
    ("http://169.254.169.254/latest/meta-data/", "non-public"),
    ("http://100.64.1.1/", "non-public"),
    ("http://0.0.0.0/", "non-public"),
    ("http://224.0.0.1/", "non-public"),
    ("http://192.88.99.1/", "non-public"),
    ("http://[::1]/", "non-public"),
    ("http://[::]/", "non-public"),
    ("http://[::ffff:127.0.0.1]/", "non-public"),
    ("http://[::ffff:8.8.8.8]/", "non-public"),
    ("http://[fd00::1]/", "non-public"),
    ("http://[fe80::1%25eth0]/", "non-public"),
    ("http://[2002:a00:1::1]/", "non-public"),
    ("http://[64:ff9b::a00:1]/", "non-public"),
    ("http://[2001:db8::1]/", "non-public"),
    ("http://①②⑦.0.0.1/", "invalid"),  # circled digits that would fold to 127.0.0.1
    # syntax
    ("not a url", "scheme"),
    ("http:///path-only", "missing host"),
    ("http://exa mple.com/", "invalid"),
    ("http://example.com\\@127.0.0.1/", "invalid"),
    ("http://exa\x00mple.com/", "invalid"),
    ("https://example.com/" + "a" * 2050, "too long"),
]

# Names whose DNS answer is not public: refused only once resolved.
RESOLVED = [
    ("http://rebind.example.com/", ["10.0.0.1"]),
    ("http://metadata.example.com/", ["169.254.169.254"]),
    ("http://v6-loopback.example.com/", ["::1"]),
    ("http://mapped.example.com/", ["::ffff:127.0.0.1"]),
    ("http://mixed.example.com/", ["93.184.216.34", "10.0.0.1"]),
    ("http://nip.example.com/", ["127.0.0.1"]),
    ("http://cgnat.example.com/", ["100.100.100.200"]),
]


def test_the_catalogue_of_refused_urls_spans_at_least_forty() -> None:
    assert len(REFUSED) + len(RESOLVED) >= 40


@pytest.mark.parametrize(("url", "reason"), REFUSED)
def test_it_refuses_the_url_before_any_dns(url: str, reason: str, strict: Config, dns: StubResolver) -> None:
    with pytest.raises(FetchError) as caught:
        validate_url(url)
    assert caught.value.code == "SSRF_BLOCKED"
    assert reason in caught.value.message
    assert caught.value.refusal
    assert dns.calls == []


@pytest.mark.parametrize(("url", "answer"), RESOLVED)
def test_it_refuses_a_name_that_resolves_to_a_non_public_address(
    url: str, answer: list[str], strict: Config, dns: StubResolver
) -> None:
    host = url.split("/")[2]
    dns[host] = answer
    with pytest.raises(FetchError) as caught:
        validate_url(url)
    assert caught.value.code == "SSRF_BLOCKED"
    assert "non-public" in caught.value.message
    assert dns.calls == [host]


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/jobs?x=1",
        "https://Example.COM./jobs",
        "http://example.com:80/",
        "https://example.com:443/careers#top",
        "https://bücher.example.com/",
    ],
)
def test_it_accepts_a_public_name(url: str, strict: Config, dns: StubResolver) -> None:
    dns["example.com"] = ["93.184.216.34"]
    dns["xn--bcher-kva.example.com"] = ["2606:4700:4700::1111"]
    validate_url(url)


@pytest.mark.parametrize("url", ["http://93.184.216.34/", "https://[2606:4700:4700::1111]/jobs"])
def test_it_accepts_a_public_literal_address_without_dns(url: str, strict: Config, dns: StubResolver) -> None:
    validate_url(url)
    assert dns.calls == []


def test_a_name_that_does_not_resolve_is_a_network_error(strict: Config, dns: StubResolver) -> None:
    with pytest.raises(FetchError) as caught:
        validate_url("https://nowhere.example.com/")
    assert caught.value.code == "NETWORK_ERROR"
    assert caught.value.transient


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:8080/", "http://localhost:3000/", "http://2130706433/", "http://db.internal:5000/"]
)
def test_allowing_private_networks_lifts_the_address_name_and_port_rules(url: str, local: Config) -> None:
    validate_url(url)


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("file:///etc/passwd", "scheme"),
        ("gopher://127.0.0.1/", "scheme"),
        ("http://user:pass@127.0.0.1:8080/", "credentials"),
        ("http://exa mple.com/", "invalid"),
    ],
)
def test_allowing_private_networks_keeps_the_other_rules(url: str, reason: str, local: Config) -> None:
    with pytest.raises(FetchError) as caught:
        validate_url(url)
    assert reason in caught.value.message


# --- properties -------------------------------------------------------------------------------


def legacy_forms(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> st.SearchStrategy[str]:
    """The spellings of an IPv4 address that inet_aton and WHATWG parsers accept."""
    value = int(address)
    octets = list(address.packed)
    parts = st.sampled_from(["dec", "oct", "hex"])

    def spell(number: int, kind: str) -> str:
        return {"dec": str(number), "oct": f"0{number:o}", "hex": f"0x{number:x}"}[kind]

    one = parts.map(lambda k: spell(value, k))
    two = st.tuples(parts, parts).map(lambda k: f"{spell(octets[0], k[0])}.{spell(value & 0xFFFFFF, k[1])}")
    three = st.tuples(parts, parts, parts).map(
        lambda k: f"{spell(octets[0], k[0])}.{spell(octets[1], k[1])}.{spell(value & 0xFFFF, k[2])}"
    )
    four = st.tuples(parts, parts, parts, parts).map(
        lambda k: ".".join(spell(o, s) for o, s in zip(octets, k, strict=True))
    )
    return st.one_of(one, two, three, four)


addresses = st.ip_addresses()
schemes = st.sampled_from(["http", "https", "HTTP", "HtTpS"])
ports = st.sampled_from(["", ":80", ":443"])
paths = st.sampled_from(["/", "/jobs", "/careers?page=2", ""])
labels = st.from_regex(r"[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?", fullmatch=True)
names = st.lists(labels, min_size=2, max_size=4).map(".".join).filter(lambda n: not guard.is_numeric_host(n))


def literal(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> str:
    return f"[{address}]" if address.version == 6 else str(address)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(address=addresses, scheme=schemes, port=ports, path=paths)
def test_no_literal_non_global_address_is_ever_accepted(
    address: Any, scheme: str, port: str, path: str, strict: Config, dns: StubResolver
) -> None:
    url = f"{scheme}://{literal(address)}{port}{path}"
    try:
        validate_url(url)
    except FetchError as exc:
        assert exc.code == "SSRF_BLOCKED"
    else:
        assert reference_is_public(address)
    if not reference_is_public(address):
        with pytest.raises(FetchError):
            validate_url(url)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(spelled=st.ip_addresses(v=4).flatmap(legacy_forms), scheme=schemes, path=paths)
def test_no_legacy_spelling_of_an_address_is_ever_accepted(
    spelled: str, scheme: str, path: str, strict: Config, dns: StubResolver
) -> None:
    assume(guard.parse_address(spelled) is None)  # the standard dotted quad is the literal test's case
    with pytest.raises(FetchError) as caught:
        validate_url(f"{scheme}://{spelled}{path}")
    assert caught.value.code == "SSRF_BLOCKED"
    assert dns.calls == []


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(name=names, answer=st.lists(addresses, min_size=1, max_size=3), scheme=schemes, port=ports, path=paths)
def test_no_name_resolving_to_a_non_global_address_is_ever_accepted(
    name: str, answer: list[Any], scheme: str, port: str, path: str, strict: Config, dns: StubResolver
) -> None:
    dns[name] = [str(a) for a in answer]
    url = f"{scheme}://{name}{port}{path}"
    try:
        validate_url(url)
    except FetchError as exc:
        assert exc.code == "SSRF_BLOCKED"
    else:
        assert all(reference_is_public(a) for a in answer)
    if not all(reference_is_public(a) for a in answer):
        with pytest.raises(FetchError):
            guard.resolve_checked(name, 443, guard.Policy())
