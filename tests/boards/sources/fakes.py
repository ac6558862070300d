"""Test doubles for the source layer: fixture files and a scripted `Fetch`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from boards.sources.base import Request, Response
from watchtower.errors import AppError

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_bytes(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


Answer = Response | AppError | Callable[[Request], Response]


@dataclass
class FakeFetch:
    """A `Fetch` that answers from a table of URL → response (or error), recording every request."""

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
        answer = self.answers.get(request.url)
        if answer is None:
            raise AppError("UPSTREAM_ERROR", f"unexpected request {request.url}")
        if isinstance(answer, AppError):
            raise answer
        if isinstance(answer, Response):
            return answer
        return answer(request)

    @property
    def urls(self) -> list[str]:
        return [request.url for request in self.requests]
