"""Who is asking, as an address: the key of every per-address budget (SPEC §14).

Without `TRUST_PROXY` the address is the socket peer (`REMOTE_ADDR`): any `X-Forwarded-For` header is
the caller's own words and is ignored. With `TRUST_PROXY` the peer is a proxy we run, and the header
is read from the right: each proxy appends the address it received the request from, so the
rightmost entry that is not one of our proxies is the first hop we did not write ourselves. Entries
further left were written by the caller and could be anything, so they are never used (the
"leftmost address" reading lets any client pick its own rate-limit bucket).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Mapping
from typing import Any

from watches.services.ratelimits import address_bucket
from watchtower.config import current

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


# Where our own proxies live by default: loopback, RFC 1918, link-local and IPv6 unique-local
# (RFC 4193). Named explicitly: `ipaddress.is_private` also covers documentation and other
# reserved ranges, which are not proxies of ours.
PROXY_NETWORKS = tuple(
    ipaddress.ip_network(net)
    for net in (
        "127.0.0.0/8",
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "169.254.0.0/16",
        "::1/128",
        "fc00::/7",
        "fe80::/10",
    )
)


def is_private_hop(ip: IPAddress) -> bool:
    """An address in `PROXY_NETWORKS` (an IPv4-mapped IPv6 address counts as its IPv4)."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return any(ip in net for net in PROXY_NETWORKS if net.version == ip.version)


def parse_hop(value: str) -> IPAddress | None:
    """One `X-Forwarded-For` entry: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1` or `[2001:db8::1]:443`."""
    value = value.strip().strip('"')
    if value.startswith("["):
        value = value[1:].split("]", 1)[0]
    elif value.count(":") == 1:  # IPv4 with a port; a bare IPv6 address has several colons
        value = value.split(":", 1)[0]
    try:
        return ipaddress.ip_address(value)
    except ValueError:
        return None


def address_from(
    *,
    remote_addr: str,
    forwarded_for: str | None,
    trust_proxy: bool,
    is_trusted: Callable[[IPAddress], bool] = is_private_hop,
) -> str:
    """The caller's address from the socket peer and the `X-Forwarded-For` chain.

    With `trust_proxy`:
    1. The chain is the header's entries followed by the peer (the proxy that connected to us).
    2. Walk it from the right, skipping hops for which `is_trusted` holds (our proxies).
    3. The first untrusted hop is the caller. An unreadable entry stops the walk: the hop to its
       right (a proxy of ours) is the last address we can vouch for.
    4. If every hop is trusted (a caller inside our own network), the leftmost readable one.
    """
    remote_addr = (remote_addr or "").strip()
    if not trust_proxy or not forwarded_for:
        return remote_addr
    hops = [entry for entry in forwarded_for.split(",") if entry.strip()]
    vouched = remote_addr
    for entry in reversed(hops):
        ip = parse_hop(entry)
        if ip is None:
            return vouched
        vouched = str(ip)
        if not is_trusted(ip):
            return vouched
    return vouched


def client_address(request: Any) -> str:
    """The caller's address for a Django/DRF request (anything with a WSGI-style `META`)."""
    meta: Mapping[str, str] = request.META
    return address_from(
        remote_addr=meta.get("REMOTE_ADDR", ""),
        forwarded_for=meta.get("HTTP_X_FORWARDED_FOR"),
        trust_proxy=current().trust_proxy,
    )


def client_bucket(request: Any) -> str:
    """The rate-limit bucket of the caller: its IPv4 address or its IPv6 /64."""
    return address_bucket(client_address(request) or "unknown")
