"""A fake `Fetch` for source tests: it records every request and answers through a handler."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boards.sources.base import Request, Response
from watchtower.errors import AppError

FIXTURES = Path(__file__).parent / "fixtures"

Outcome = Response | Exception


@dataclass
class FakeFetch:
    handler: Callable[[Request], Outcome]
    requests: list[Request] = field(default_factory=list)

    def __call__(self, request: Request) -> Response:
        self.requests.append(request)
        outcome = self.handler(request)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    @property
    def urls(self) -> list[str]:
        return [request.url for request in self.requests]


def json_response(request: Request, data: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(url=request.url, status=status, headers=headers or {}, body=json.dumps(data).encode())


def body_response(request: Request, body: str | bytes, *, headers: dict[str, str] | None = None) -> Response:
    raw = body.encode() if isinstance(body, str) else body
    return Response(url=request.url, status=200, headers=headers or {}, body=raw)


def refusal(status: int) -> AppError:
    """What the check service's fetch raises for a refused request (FetchError once it exists)."""
    code = {429: "RATE_LIMITED", 403: "ACCESS_DENIED"}.get(status, "UPSTREAM_ERROR")
    try:
        from boards.fetch.errors import FetchError
    except ImportError:
        return AppError(code, f"HTTP {status}", extra={"http_status": status})
    return FetchError(code, f"HTTP {status}", http_status=status)


def fixture_bytes(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()
