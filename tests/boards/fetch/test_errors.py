"""How a FetchError tells the scheduler what to do: refuse for a day, or retry soon."""

from __future__ import annotations

import pytest

from boards.fetch.errors import FetchError
from watchtower.errors import AppError


@pytest.mark.parametrize(
    "code",
    [
        "SSRF_BLOCKED",
        "ROBOTS_DISALLOWED",
        "BOT_CHALLENGE",
        "ACCESS_DENIED",
        "UNSUPPORTED_CONTENT_TYPE",
        "BODY_TOO_LARGE",
    ],
)
def test_refusals_are_not_transient(code: str) -> None:
    error = FetchError(code, "no")
    assert error.refusal and not error.transient
    assert error.status == 422


@pytest.mark.parametrize(
    ("code", "http_status"),
    [
        ("TIMEOUT", None),
        ("NETWORK_ERROR", None),
        ("RATE_LIMITED", 429),
        ("UPSTREAM_ERROR", 500),
        ("UPSTREAM_ERROR", 503),
        ("UPSTREAM_ERROR", 404),
        ("UPSTREAM_ERROR", 408),
    ],
)
def test_timeouts_connection_errors_5xx_404_and_429_are_transient(code: str, http_status: int | None) -> None:
    error = FetchError(code, "later", http_status=http_status)
    assert error.transient and not error.refusal


@pytest.mark.parametrize(
    ("code", "http_status"), [("UPSTREAM_ERROR", 410), ("UPSTREAM_ERROR", 400), ("TOO_MANY_REDIRECTS", None)]
)
def test_some_failures_are_neither(code: str, http_status: int | None) -> None:
    error = FetchError(code, "hmm", http_status=http_status)
    assert not error.transient and not error.refusal


def test_an_unreachable_robots_txt_is_a_transient_robots_refusal() -> None:
    error = FetchError("ROBOTS_DISALLOWED", "robots.txt unreachable", http_status=503, transient=True)
    assert error.transient and not error.refusal


def test_it_is_an_app_error_with_the_documented_shape() -> None:
    error = FetchError("RATE_LIMITED", "slow down", http_status=429, retry_after=120)
    assert isinstance(error, AppError)
    assert error.as_dict() == {"error": "RATE_LIMITED", "message": "slow down"}
    assert (error.http_status, error.retry_after) == (429, 120)
