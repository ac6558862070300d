from __future__ import annotations

import pytest
from django.test import RequestFactory

from watchtower.api.addresses import address_from, client_address, client_bucket


def test_without_trust_proxy_the_forwarded_header_is_ignored() -> None:
    assert address_from(remote_addr="203.0.113.9", forwarded_for="1.2.3.4", trust_proxy=False) == "203.0.113.9"


def test_with_trust_proxy_the_rightmost_untrusted_hop_is_the_caller() -> None:
    # The caller wrote "6.6.6.6" itself; our load balancer appended the real peer 198.51.100.7.
    address = address_from(remote_addr="10.0.0.2", forwarded_for="6.6.6.6, 198.51.100.7", trust_proxy=True)
    assert address == "198.51.100.7"


def test_a_spoofed_leftmost_entry_cannot_choose_the_bucket() -> None:
    chains = ["1.1.1.1, 198.51.100.7", "9.9.9.9, 198.51.100.7", "198.51.100.7"]
    addresses = {address_from(remote_addr="10.0.0.2", forwarded_for=c, trust_proxy=True) for c in chains}
    assert addresses == {"198.51.100.7"}


def test_private_and_loopback_hops_are_skipped_as_our_own_proxies() -> None:
    chain = "198.51.100.7, 10.1.2.3, 172.16.0.4, 127.0.0.1"
    assert address_from(remote_addr="192.168.1.1", forwarded_for=chain, trust_proxy=True) == "198.51.100.7"


def test_a_caller_inside_our_network_is_the_leftmost_hop() -> None:
    assert address_from(remote_addr="127.0.0.1", forwarded_for="10.9.8.7, 10.0.0.1", trust_proxy=True) == "10.9.8.7"


def test_ports_brackets_and_ipv6_entries_are_read() -> None:
    assert address_from(remote_addr="10.0.0.1", forwarded_for="198.51.100.7:4711", trust_proxy=True) == "198.51.100.7"
    assert (
        address_from(remote_addr="10.0.0.1", forwarded_for="[2001:db8:1:2::5]:443", trust_proxy=True)
        == "2001:db8:1:2::5"
    )
    assert address_from(remote_addr="10.0.0.1", forwarded_for="2001:db8::5", trust_proxy=True) == "2001:db8::5"


def test_an_unreadable_entry_stops_at_the_last_hop_we_can_vouch_for() -> None:
    assert address_from(remote_addr="10.0.0.1", forwarded_for="garbage, 10.0.0.5", trust_proxy=True) == "10.0.0.5"
    assert address_from(remote_addr="10.0.0.1", forwarded_for="unknown", trust_proxy=True) == "10.0.0.1"


def test_no_forwarded_header_means_the_peer(config) -> None:
    config(trust_proxy=True)
    request = RequestFactory().get("/v1/watches", REMOTE_ADDR="198.51.100.7")
    assert client_address(request) == "198.51.100.7"


@pytest.mark.parametrize(
    ("trust_proxy", "expected"),
    [(False, "10.0.0.2"), (True, "2001:db8:aa:bb::/64")],
)
def test_the_bucket_is_the_ipv4_address_or_the_ipv6_64(config, trust_proxy: bool, expected: str) -> None:
    config(trust_proxy=trust_proxy)
    request = RequestFactory().get(
        "/v1/watches", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 2001:db8:aa:bb:1:2:3:4"
    )
    assert client_bucket(request) == expected
