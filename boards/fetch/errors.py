"""The one error type of the fetch layer, classified for the scheduler.

The scheduler does not look at codes one by one: it asks whether a failure is a *refusal* (the host
or our own rules will keep saying no, so back off a day and count it as "host is refusing us") or
*transient* (try again with exponential backoff, honouring `retry_after`). A failure can be neither
(TOO_MANY_REDIRECTS, a 410 Gone): the scheduler's default backoff applies.
"""

from __future__ import annotations

from watchtower.errors import AppError

# Codes whose cause will not go away by retrying soon (SPEC §14 "no evasion", §3.3 permanent errors).
REFUSAL_CODES = frozenset(
    {
        "SSRF_BLOCKED",
        "ROBOTS_DISALLOWED",
        "BOT_CHALLENGE",
        "ACCESS_DENIED",
        "UNSUPPORTED_CONTENT_TYPE",
        "BODY_TOO_LARGE",
    }
)
# Codes that say "the host refused us" (as opposed to our own rules refusing the URL): logged as
# "host is refusing us" and counted for watchtower_blocked_resources_1h.
HOST_REFUSAL_CODES = frozenset({"ROBOTS_DISALLOWED", "BOT_CHALLENGE", "ACCESS_DENIED"})
TRANSIENT_CODES = frozenset({"TIMEOUT", "NETWORK_ERROR", "RATE_LIMITED"})
# Upstream statuses worth retrying soon: a 404 is often a board being republished, 408 a busy host.
TRANSIENT_STATUSES = frozenset({404, 408, 425, 429})


class FetchError(AppError):
    """A fetch that failed, with the SPEC error code and, when there was one, the upstream status.

    `http_status` is the status the *upstream* host answered (the inherited `status` is the one our
    own API would answer with). `transient` may be forced: robots.txt that cannot be reached is a
    ROBOTS_DISALLOWED (RFC 9309 §2.3.1.4) yet worth retrying soon rather than in a day.
    """

    def __init__(
        self,
        code: str,
        message: str,
        *,
        http_status: int | None = None,
        retry_after: int | None = None,
        transient: bool | None = None,
    ) -> None:
        super().__init__(code, message, retry_after=retry_after)
        self.http_status = http_status
        self._transient = transient

    @property
    def transient(self) -> bool:
        if self._transient is not None:
            return self._transient
        if self.code in TRANSIENT_CODES:
            return True
        if self.code == "UPSTREAM_ERROR" and self.http_status is not None:
            return self.http_status >= 500 or self.http_status in TRANSIENT_STATUSES
        return False

    @property
    def refusal(self) -> bool:
        return self.code in REFUSAL_CODES and not self.transient

    def __repr__(self) -> str:
        return f"FetchError({self.code!r}, {self.message!r}, http_status={self.http_status!r})"
