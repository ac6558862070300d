"""Fixtures for the fetch layer: a tripwire that keeps every connection on loopback, a stubbed
resolver, and a way to let a local server stand in for a public one."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from boards.fetch import connection, guard
from boards.fetch.robots import robots_cache_clear
from watchtower.config import Config

LOOPBACK = frozenset({"127.0.0.1", "::1"})


@pytest.fixture(autouse=True)
def connected(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every (address, port) the fetch layer connected to. Anything but loopback fails the test
    before a packet leaves: the tests must never reach an outside address, even when the guard is
    broken."""
    seen: list[tuple[str, int]] = []
    real = connection.open_socket

    def tripwire(address: str, port: int, timeout: float, options: Any) -> Any:
        seen.append((address, port))
        if address not in LOOPBACK:
            pytest.fail(f"the fetch layer tried to connect to {address}:{port}")
        return real(address, port, timeout, options)

    monkeypatch.setattr(connection, "open_socket", tripwire)
    return seen


@pytest.fixture(autouse=True)
def _fresh_robots_cache() -> Iterator[None]:
    robots_cache_clear()
    yield
    robots_cache_clear()


class StubResolver:
    """Host → addresses, as the guard will see them; a host without an answer does not resolve."""

    def __init__(self) -> None:
        self.answers: dict[str, list[str]] = {}
        self.calls: list[str] = []

    def __setitem__(self, host: str, addresses: list[str]) -> None:
        self.answers[host] = addresses

    def resolve(self, host: str, port: int) -> list[str]:
        self.calls.append(host)
        if host not in self.answers:
            raise OSError(f"[Errno -2] Name or service not known: {host}")
        return list(self.answers[host])


@pytest.fixture
def dns(monkeypatch: pytest.MonkeyPatch) -> StubResolver:
    stub = StubResolver()
    monkeypatch.setattr(guard, "resolve_host", stub.resolve)
    return stub


@pytest.fixture
def local(config: Callable[..., Config]) -> Config:
    """ALLOW_PRIVATE_NETWORKS, so tests may fetch from a server on 127.0.0.1."""
    return config(allow_private_networks=True)


@pytest.fixture
def strict(config: Callable[..., Config]) -> Config:
    return config(allow_private_networks=False, fetch_host_overrides={})


@pytest.fixture
def public_loopback(monkeypatch: pytest.MonkeyPatch, strict: Config) -> Callable[[int], None]:
    """Keep every rule of the strict policy except that 127.0.0.1 counts as a public address and
    the given server port is allowed: a local server plays a public host. Only 127.0.0.1 is let
    through; 10.x, 169.254.x, ::1 and every other non-public answer are still refused."""
    real = guard.is_public_address

    def judged(value: Any) -> bool:
        return guard.parse_address(value) == ipaddress.IPv4Address("127.0.0.1") or real(value)

    monkeypatch.setattr(guard, "is_public_address", judged)

    def allow_port(port: int) -> None:
        monkeypatch.setattr(guard, "ALLOWED_PORTS", guard.ALLOWED_PORTS | {port})

    return allow_port
