"""The SSRF guard's pure rules: which addresses are public, which URLs and host names may be fetched.

Two places use these rules. `check_url` runs on every URL before a request (the first one and each
redirect hop) and refuses what can be refused without DNS. `resolve_checked` runs *inside* the
connection (boards.fetch.connection), between DNS resolution and `connect()`, so the address we
connect to is the one that was checked: a host that answers DNS with a public address at
validation time and a private one at connect time (DNS rebinding) is still refused.

`Policy.allow_private` (ALLOW_PRIVATE_NETWORKS) lifts the address, host-name and port rules for
tests and the demo on loopback. Scheme, credentials, length and syntax rules always apply, and so
does the refusal of link-local and cloud-metadata destinations (`is_never_allowed`): nothing
Watchtower does needs them, and they hand out a cloud machine's credentials.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from dataclasses import dataclass

from urllib3.exceptions import LocationParseError
from urllib3.util import parse_url

from boards.fetch.errors import FetchError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

ALLOWED_PORTS = frozenset({80, 443})
DEFAULT_PORTS = {"http": 80, "https": 443}
MAX_URL_LENGTH = 2048

# `ipaddress.is_global` alone is not enough (anchor-sources.md §4.2): on CPython it calls
# multicast, the 6to4 relay, 6to4, NAT64 and AMT addresses "global". These ranges are refused
# whatever the standard library thinks (IANA IPv4/IPv6 Special-Purpose Address Registries).
_BLOCKED_V4 = tuple(
    ipaddress.IPv4Network(n)
    for n in (
        "0.0.0.0/8",  # "this network" (RFC 791)
        "10.0.0.0/8",  # private (RFC 1918)
        "100.64.0.0/10",  # carrier-grade NAT (RFC 6598)
        "127.0.0.0/8",  # loopback
        "169.254.0.0/16",  # link-local, including the cloud metadata address 169.254.169.254
        "172.16.0.0/12",  # private
        "192.0.0.0/24",  # IETF protocol assignments (RFC 6890)
        "192.0.2.0/24",  # documentation TEST-NET-1 (RFC 5737)
        "192.31.196.0/24",  # AS112 (RFC 7535)
        "192.52.193.0/24",  # AMT (RFC 7450)
        "192.88.99.0/24",  # 6to4 relay anycast (RFC 7526)
        "192.168.0.0/16",  # private
        "192.175.48.0/24",  # AS112 direct delegation (RFC 7534)
        "198.18.0.0/15",  # benchmarking (RFC 2544)
        "198.51.100.0/24",  # documentation TEST-NET-2
        "203.0.113.0/24",  # documentation TEST-NET-3
        "224.0.0.0/4",  # multicast
        "240.0.0.0/4",  # reserved, including broadcast 255.255.255.255
    )
)
# IPv6 is judged by an allow-list: only global unicast 2000::/3 (RFC 4291 §2.4) may be public. That
# alone refuses ::, ::1, IPv4-mapped and IPv4-compatible addresses, NAT64 64:ff9b::/96, discard
# 100::/64, unique-local fc00::/7, link-local fe80::/10, site-local fec0::/10 and multicast ff00::/8.
_GLOBAL_UNICAST_V6 = ipaddress.IPv6Network("2000::/3")
_BLOCKED_V6 = tuple(
    ipaddress.IPv6Network(n)
    for n in (
        "2001::/23",  # IETF protocol assignments: Teredo 2001::/32, benchmarking 2001:2::/48, ORCHID
        "2001:db8::/32",  # documentation (RFC 3849)
        "2002::/16",  # 6to4 (RFC 3056): embeds an arbitrary IPv4 address
        "2620:4f:8000::/48",  # AS112-v6 (RFC 7534)
        "3fff::/20",  # documentation (RFC 9637)
    )
)

# Refused under every policy, ALLOW_PRIVATE_NETWORKS included: link-local (169.254.169.254 is the
# metadata service of AWS, GCP, Azure and others) and the metadata addresses outside it.
_NEVER_ALLOWED_NETWORKS = tuple(
    ipaddress.ip_network(n)
    for n in (
        "169.254.0.0/16",
        "fe80::/10",
        "100.100.100.200/32",  # Alibaba Cloud metadata
        "fd00:ec2::254/128",  # AWS metadata over IPv6
    )
)
_METADATA_HOSTS = frozenset(
    {
        "metadata",
        "metadata.google.internal",
        "metadata.goog",
        "instance-data",
        "instance-data.ec2.internal",
        "metadata.azure.com",
        "metadata.platformequinix.com",
    }
)
# Names that only mean something inside a network (RFC 6761, RFC 6762, RFC 8375, cloud metadata).
_REFUSED_HOSTS = frozenset(
    {"localhost", "metadata", "metadata.google.internal", "instance-data", "ip6-localhost", "ip6-loopback"}
)
_REFUSED_SUFFIXES = (
    ".localhost",
    ".local",
    ".internal",
    ".intranet",
    ".lan",
    ".corp",
    ".home",
    ".localdomain",
    ".home.arpa",
    ".arpa",
    ".onion",
    ".test",
    ".invalid",
)
# A last label that a WHATWG URL parser reads as a number makes the whole host an IPv4 address in
# some legacy form: 2130706433, 017700000001, 0x7f.1, 127.1 (URL Standard "ends in a number").
_NUMERIC_LABEL = re.compile(r"^(?:0x[0-9a-f]*|[0-9]+)$")
_HOST_NAME = re.compile(r"^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$")
_SCHEME = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*):")
# Control characters, and the backslash that some parsers read as "/" and others do not.
_BAD_URL_CHARS = re.compile(r"[\x00-\x1f\x7f\\]")


@dataclass(frozen=True)
class Policy:
    allow_private: bool = False


@dataclass(frozen=True)
class Target:
    """A URL that passed the static checks, with its normalised parts."""

    url: str
    scheme: str
    host: str  # lowercase, no brackets, no trailing dot, ASCII (IDNA-encoded)
    port: int
    path: str  # path and query, at least "/"

    @property
    def netloc(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port == DEFAULT_PORTS[self.scheme] else f"{host}:{self.port}"

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.netloc}"


def refuse(message: str) -> FetchError:
    return FetchError("SSRF_BLOCKED", message)


def parse_address(value: str | IPAddress) -> IPAddress | None:
    """The address written in standard notation (dotted quad, RFC 5952 IPv6), or None."""
    if isinstance(value, ipaddress.IPv4Address | ipaddress.IPv6Address):
        return value
    try:
        return ipaddress.ip_address(value)
    except ValueError:
        return None


def is_public_address(value: str | IPAddress) -> bool:
    """True only for a global unicast address that no special-purpose registry reserves."""
    address = parse_address(value)
    if address is None:
        return False
    if isinstance(address, ipaddress.IPv4Address):
        return address.is_global and not address.is_multicast and not any(address in n for n in _BLOCKED_V4)
    if address.scope_id:
        return False
    return (
        address in _GLOBAL_UNICAST_V6
        and address.is_global
        and not address.is_multicast
        and not any(address in n for n in _BLOCKED_V6)
    )


def is_never_allowed(value: str | IPAddress) -> bool:
    """A link-local or cloud-metadata address (an IPv4-mapped IPv6 address counts as its IPv4)."""
    address = parse_address(value.split("%", 1)[0] if isinstance(value, str) else value)
    if address is None:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in _NEVER_ALLOWED_NETWORKS if network.version == address.version)


def is_numeric_host(host: str) -> bool:
    """A host name that URL parsers would read as an IPv4 address in decimal, octal or hex form."""
    return _NUMERIC_LABEL.match(host.rsplit(".", 1)[-1]) is not None


def normalize_host(host: str) -> str:
    """Lowercase, without IPv6 brackets or one trailing dot.

    Hosts reach this already IDNA-encoded: urllib3's parser (the one requests uses) encodes
    international names and refuses names that only fold to ASCII, such as "①②⑦.0.0.1".
    """
    name = host.strip()
    if name.startswith("[") and name.endswith("]"):
        return name[1:-1].lower()
    name = name.lower()
    return name[:-1] if name.endswith(".") else name


def check_host(host: str, policy: Policy) -> IPAddress | None:
    """Refuse a host by its name or literal address; return the address when it is a literal."""
    if not host:
        raise refuse("missing host")
    address = parse_address(host)
    if address is None and (len(host) > 253 or not _HOST_NAME.match(host)):
        raise refuse(f"invalid host {host!r}")
    if address is not None and is_never_allowed(address):
        raise refuse(f"refusing to connect to non-public address {address} (link-local or cloud metadata: never)")
    if host in _METADATA_HOSTS:
        raise refuse(f"host {host} is not allowed (cloud metadata: never)")
    if policy.allow_private:
        return address
    if address is not None:
        if not is_public_address(address):
            raise refuse(f"refusing to connect to non-public address {address}")
        return address
    if host in _REFUSED_HOSTS or host.endswith(_REFUSED_SUFFIXES):
        raise refuse(f"host {host} is not allowed")
    if is_numeric_host(host):
        raise refuse(f"numeric host {host} is not allowed")
    if "." not in host:
        raise refuse(f"single-label host {host} is not allowed")
    return None


def check_port(port: int, policy: Policy) -> None:
    if not policy.allow_private and port not in ALLOWED_PORTS:
        raise refuse(f"port {port} is not allowed (only 80 and 443)")


def check_url(url: str, policy: Policy) -> Target:
    """The static checks: everything that can be refused without DNS (anchor-sources.md §4.1)."""
    if not isinstance(url, str) or not url:
        raise refuse("invalid URL")
    if len(url) > MAX_URL_LENGTH:
        raise refuse(f"URL too long (more than {MAX_URL_LENGTH} characters)")
    if _BAD_URL_CHARS.search(url):
        raise refuse("invalid URL: control characters or backslashes")
    written = _SCHEME.match(url)
    scheme = written.group(1).lower() if written else ""
    if scheme not in DEFAULT_PORTS:
        raise refuse(f"unsupported scheme {scheme or '(none)'} (only http and https)")
    try:
        parts = parse_url(url)
    except LocationParseError as exc:
        raise refuse(f"invalid URL: {exc}") from None
    if parts.auth is not None:
        raise refuse("URLs with embedded credentials are not allowed")
    host = normalize_host(parts.host or "")
    port = parts.port if parts.port is not None else DEFAULT_PORTS[scheme]
    check_port(port, policy)
    check_host(host, policy)
    path = parts.path or "/"
    if parts.query is not None:
        path = f"{path}?{parts.query}"
    return Target(url=url, scheme=scheme, host=host, port=port, path=path)


def resolve_host(host: str, port: int) -> list[str]:
    """Every address the system resolver gives for `host` (tests replace this function)."""
    answers = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    addresses: list[str] = []
    for _family, _type, _proto, _name, sockaddr in answers:
        address = str(sockaddr[0])
        if address not in addresses:
            addresses.append(address)
    return addresses


def check_addresses(host: str, addresses: list[str], policy: Policy) -> list[str]:
    """Refuse the whole answer when any address is not public: a mixed answer is refused too."""
    if not addresses:
        raise FetchError("NETWORK_ERROR", f"could not resolve {host}")
    for address in addresses:
        if is_never_allowed(address):
            raise refuse(f"host {host} resolves to non-public address {address} (link-local or cloud metadata: never)")
    if not policy.allow_private:
        for address in addresses:
            if not is_public_address(address):
                raise refuse(f"host {host} resolves to non-public address {address}")
    return addresses


def resolve_checked(host: str, port: int, policy: Policy) -> list[str]:
    """The checks of connect time: host name, port, then every resolved address.

    A literal address is returned as is. Resolution failures become NETWORK_ERROR (transient).
    """
    name = normalize_host(host)
    check_port(port, policy)
    literal = check_host(name, policy)
    if literal is not None:
        return [str(literal)]
    try:
        addresses = resolve_host(name, port)
    except (OSError, UnicodeError) as exc:
        raise FetchError("NETWORK_ERROR", f"could not resolve {name}: {exc}") from None
    return check_addresses(name, addresses, policy)
