"""Per-address budgets in fixed windows stored in the database, so they hold across replicas and
restarts (SPEC §14). Key = "<budget>:<address bucket>", window start = floor(now / window)."""

from __future__ import annotations

import ipaddress
import math
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from watches.models import RateLimitWindow
from watches.services.counters import counter_bump
from watchtower.errors import AppError


@dataclass(frozen=True)
class Budget:
    name: str
    limit: int
    window_seconds: int


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    limit: int
    remaining: int
    retry_after: int  # seconds until the window resets


def address_bucket(address: str) -> str:
    """IPv4 as is; an IPv4-mapped IPv6 address as its IPv4; other IPv6 by its /64."""
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return address.strip()[:64] or "unknown"
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


def ratelimit_hit(*, budget: Budget, bucket: str, now: datetime | None = None) -> Verdict:
    """Count one request against `budget` for `bucket` and say whether it is allowed."""
    now = now or timezone.now()
    epoch = now.timestamp()
    start_epoch = math.floor(epoch / budget.window_seconds) * budget.window_seconds
    window_start = datetime.fromtimestamp(start_epoch, tz=now.tzinfo)
    key = f"{budget.name}:{bucket}"[:120]
    count = counter_bump(RateLimitWindow, "count", {"key": key, "window_start": window_start})
    retry_after = max(1, math.ceil(start_epoch + budget.window_seconds - epoch))
    return Verdict(
        allowed=count <= budget.limit,
        limit=budget.limit,
        remaining=max(0, budget.limit - count),
        retry_after=retry_after,
    )


def ratelimit_enforce(*, budget: Budget, bucket: str, message: str | None = None) -> Verdict:
    """`ratelimit_hit`, raising RATE_LIMITED (with retry_after) when the budget is spent."""
    verdict = ratelimit_hit(budget=budget, bucket=bucket)
    if not verdict.allowed:
        raise AppError(
            "RATE_LIMITED",
            message
            or f'rate limit "{budget.name}" exceeded ({budget.limit} per {budget.window_seconds}s); '
            f"retry in {verdict.retry_after}s",
            retry_after=verdict.retry_after,
        )
    return verdict


def request_budget_hit(*, bucket: str) -> Verdict:
    """Count one request against the per-address budget ("global", SPEC §14) that REST and MCP
    share: a request to `/v1/` and a POST to `/mcp` from one address draw on the same window."""
    return ratelimit_hit(budget=budgets()["global"], bucket=bucket)


def client_budget_enforce(*, client_id: int) -> Verdict:
    """Count one request against the per-client budget REST and MCP share, so a client spread
    over many addresses gets no more than one address would; RATE_LIMITED when it is spent."""
    budget = budgets()["client"]
    verdict = ratelimit_hit(budget=budget, bucket=f"client:{client_id}")
    if not verdict.allowed:
        raise budget_refusal(budget, verdict)
    return verdict


def budget_refusal(budget: Budget, verdict: Verdict) -> AppError:
    return AppError(
        "RATE_LIMITED",
        f"too many requests ({budget.limit} per {budget.window_seconds}s); retry in {verdict.retry_after}s",
        retry_after=verdict.retry_after,
    )


def ratelimits_prune(*, older_than: timedelta = timedelta(days=1)) -> int:
    deleted, _ = RateLimitWindow.objects.filter(window_start__lt=timezone.now() - older_than).delete()
    return deleted


def budgets() -> dict[str, Budget]:
    """The budgets of SPEC §14, sized from the configuration in force."""
    from watchtower.config import current

    config = current()
    return {
        "global": Budget("global", config.rate_limit_per_minute, 60),
        "client": Budget("client", config.rate_limit_per_minute, 60),
        "client_creation": Budget("client_creation", config.client_creation_per_hour, 3600),
        "search": Budget("search", config.search_per_minute, 60),
        "check_now": Budget("check_now", config.check_now_per_minute, 60),
        "oauth_register": Budget("oauth_register", 30, 3600),
        "oauth_token": Budget("oauth_token", 60, 60),
    }
