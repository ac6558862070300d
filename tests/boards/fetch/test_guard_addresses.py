"""Which addresses count as public: global unicast only, whatever `ipaddress.is_global` says."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boards.fetch.guard import is_public_address

# Independent of the module under test: the IANA special-purpose registries as a test reads them.
NON_GLOBAL_V4 = [
    ipaddress.IPv4Network(n)
    for n in (
        "0.0.0.0/8",
        "10.0.0.0/8",
        "100.64.0.0/10",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "172.16.0.0/12",
        "192.0.0.0/24",
        "192.0.2.0/24",
        "192.88.99.0/24",
        "192.168.0.0/16",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "224.0.0.0/4",
        "240.0.0.0/4",
    )
]
NON_GLOBAL_V6 = [
    ipaddress.IPv6Network(n)
    for n in (
        "::/128",
        "::1/128",
        "::ffff:0:0/96",
        "::/96",
        "64:ff9b::/96",
        "64:ff9b:1::/48",
        "100::/64",
        "2001::/32",
        "2001:2::/48",
        "2001:db8::/32",
        "2002::/16",
        "fc00::/7",
        "fe80::/10",
        "fec0::/10",
        "ff00::/8",
    )
]


@pytest.mark.parametrize(
    "address",
    [
        "127.0.0.1",
        "127.255.255.254",
        "10.1.2.3",
        "172.16.0.1",
        "172.31.255.255",
        "192.168.1.1",
        "169.254.169.254",  # cloud metadata
        "100.64.0.1",  # CGNAT
        "0.0.0.0",
        "224.0.0.1",  # multicast, which is_global calls global
        "239.255.255.250",
        "255.255.255.255",
        "240.0.0.1",
        "192.0.0.8",
        "192.0.2.1",
        "198.51.100.7",
        "203.0.113.9",
        "198.18.0.1",  # benchmarking
        "192.88.99.1",  # 6to4 relay, which is_global calls global
        "::1",
        "::",
        "fc00::1",
        "fd12:3456::1",
        "fe80::1",
        "fe80::1%eth0",
        "fec0::1",  # site-local
        "ff02::1",  # multicast, which is_global calls global
        "::ffff:127.0.0.1",
        "::ffff:10.0.0.1",
        "::ffff:8.8.8.8",  # IPv4-mapped: refused even when the embedded address is public (SPEC §14)
        "::127.0.0.1",  # IPv4-compatible
        "2001:db8::1",
        "64:ff9b::a00:1",  # NAT64, which is_global calls global
        "64:ff9b:1::1",
        "2002:a00:1::1",  # 6to4, which is_global calls global
        "2002:808:808::1",
        "2001:0:4136:e378:8000:63bf:3fff:fdd2",  # Teredo
        "2001:2::1",
        "100::1",
        "not an address",
        "",
    ],
)
def test_it_refuses_a_non_public_address(address: str) -> None:
    assert not is_public_address(address)


@pytest.mark.parametrize(
    "address", ["8.8.8.8", "1.1.1.1", "93.184.216.34", "2606:4700:4700::1111", "2a00:1450:4001:81c::200e"]
)
def test_it_accepts_a_global_unicast_address(address: str) -> None:
    assert is_public_address(address)


def reference_is_public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    if isinstance(address, ipaddress.IPv4Address):
        return address.is_global and not any(address in n for n in NON_GLOBAL_V4)
    return (
        address in ipaddress.IPv6Network("2000::/3")
        and address.is_global
        and not any(address in n for n in NON_GLOBAL_V6)
    )


@given(st.ip_addresses(v=4))
def test_no_non_global_ipv4_address_is_ever_public(address: ipaddress.IPv4Address) -> None:
    if is_public_address(address):
        assert reference_is_public(address)


@given(st.ip_addresses(v=6))
def test_no_non_global_ipv6_address_is_ever_public(address: ipaddress.IPv6Address) -> None:
    if is_public_address(address):
        assert reference_is_public(address)


@given(st.sampled_from(NON_GLOBAL_V4 + NON_GLOBAL_V6).flatmap(lambda n: st.ip_addresses(network=n)))
def test_every_address_of_a_special_range_is_refused(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> None:
    assert not is_public_address(address)
    assert not is_public_address(str(address))


@given(st.ip_addresses(v=4))
def test_an_ipv4_mapped_address_is_refused_whatever_it_embeds(address: ipaddress.IPv4Address) -> None:
    assert not is_public_address(f"::ffff:{address}")
