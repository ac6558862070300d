"""Test doubles for the source layer: fixture files and a scripted `Fetch`.

A `FakeFetch` answers either from a table of URL → response (`add`, `fail`), or through a handler
that sees each request (for pagers whose answer depends on the offset or body); it records every
request either way.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boards.fetch.errors import FetchError
from boards.sources.base import Request, Response
from watchtower.errors import AppError

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_bytes(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


Outcome = Response | Exception
Answer = Response | AppError | Callable[[Request], Response]


@dataclass
class FakeFetch:
    """A `Fetch` that answers through `handler` when one is given, else from `answers`."""

    handler: Callable[[Request], Outcome] | None = None
    answers: dict[str, Answer] = field(default_factory=dict)
    requests: list[Request] = field(default_factory=list)

    def add(
        self, url: str, body: bytes | str = b"", *, status: int = 200, headers: dict[str, str] | None = None
    ) -> None:
        data = body.encode() if isinstance(body, str) else body
        self.answers[url] = Response(url=url, status=status, headers=headers or {}, body=data)

    def fail(self, url: str, code: str) -> None:
        self.answers[url] = AppError(code, f"{code} for {url}")

    def __call__(self, request: Request) -> Response:
        self.requests.append(request)
        outcome = self.handler(request) if self.handler is not None else self._answer(request)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def _answer(self, request: Request) -> Outcome:
        answer = self.answers.get(request.url)
        if answer is None:
            return AppError("UPSTREAM_ERROR", f"unexpected request {request.url}")
        if isinstance(answer, Response | AppError):
            return answer
        return answer(request)

    @property
    def urls(self) -> list[str]:
        return [request.url for request in self.requests]


def json_response(request: Request, data: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(url=request.url, status=status, headers=headers or {}, body=json.dumps(data).encode())


def body_response(request: Request, body: str | bytes, *, headers: dict[str, str] | None = None) -> Response:
    raw = body.encode() if isinstance(body, str) else body
    return Response(url=request.url, status=200, headers=headers or {}, body=raw)


def refusal(status: int) -> AppError:
    """What the check service's fetch raises for a refused request."""
    code = {429: "RATE_LIMITED", 403: "ACCESS_DENIED"}.get(status, "UPSTREAM_ERROR")
    return FetchError(code, f"HTTP {status}", http_status=status)
