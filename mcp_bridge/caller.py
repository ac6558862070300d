"""Identity for one MCP tool call (SPEC §13, anchor-services.md §9.5).

The HTTP gate (`mcp_bridge/app.py`) has already refused an unknown bearer token with a 401 and left
the resolved identity in the ASGI scope's state; a tool reads it from there. Without the gate (an
in-process client) the `Authorization` header, if any, is resolved here instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from watches.models import Client
from watches.services.clients import (
    BearerIdentity,
    bearer_identity,
    bearer_token,
    clean_ref,
    client_authenticate,
    client_create,
)
from watches.services.ratelimits import address_bucket, budgets, client_budget_enforce, ratelimit_enforce
from watches.services.usage import usage_record
from watchtower.api.addresses import address_from
from watchtower.config import current
from watchtower.errors import AppError

STATE_KEY = "watchtower.identity"
NOT_CONNECTED = (
    "Watchtower is not connected yet. Ask the user to connect (authorize) Watchtower in this app's "
    "connection settings, then retry."
)
NO_LONGER_AUTHORIZED = (
    "The Watchtower connection is no longer authorized. Ask the user to reconnect Watchtower in this "
    "app's connection settings, then retry."
)
TOKEN_NOTE = (
    "New anonymous client created. Pass this as client_token on later calls in this conversation; it is "
    "shown only once. Connecting the Watchtower app makes tokens unnecessary."
)
PROVISIONING_LIMITED = "too many anonymous clients created from this address; reuse your existing token"


@dataclass(frozen=True)
class CallContext:
    """What a tool needs to know about the HTTP request that carried it."""

    identity: BearerIdentity | None
    bearer_sent: bool
    address: str
    ref: str
    user_agent: str

    @classmethod
    def from_request(cls, request: Any) -> CallContext:
        if request is None:  # stdio or in-process: nothing but arguments
            return cls(identity=None, bearer_sent=False, address="unknown", ref="", user_agent="")
        headers = request.headers
        token = bearer_token(headers.get("authorization"))
        state = request.scope.get("state") or {}
        if STATE_KEY in state:
            identity = state[STATE_KEY]
        else:
            identity = bearer_identity(token) if token else None
        peer = request.scope.get("client") or ("", 0)
        address = address_from(
            remote_addr=peer[0] or "",
            forwarded_for=headers.get("x-forwarded-for"),
            trust_proxy=current().trust_proxy,
        )
        return cls(
            identity=identity,
            bearer_sent=token is not None,
            address=address or "unknown",
            ref=clean_ref(request.query_params.get("ref")),
            user_agent=headers.get("user-agent", "")[:200],
        )

    @property
    def bucket(self) -> str:
        return address_bucket(self.address)


@dataclass(frozen=True)
class Caller:
    client: Client
    new_token: str | None = None  # set when this call provisioned the client


def caller_resolve(call: CallContext, *, tool: str, client_token: str | None, provision: bool = False) -> Caller:
    """The client a tool acts for, in order: the `client_token` argument, the connection's bearer
    token, or, for `watch_jobs` while provisioning is on, a new anonymous client. Anything else is
    UNAUTHORIZED.

    `client_token` acts for this one call and changes nothing else: arguments are written by the
    model, and job data relayed to it can plant an instruction, so an argument must never re-bind
    the connection (issue 15 item 10). Binding an OAuth connection to an existing client happens
    only on the consent page, where the person confirms it (mcp_bridge/oauth/consent.py)."""
    caller: Caller
    if client_token:
        client = client_authenticate(token=client_token)
        if call.identity is None or call.identity.client.pk != client.pk:  # the gate counted the connection's
            client_budget_enforce(client_id=client.pk)
        caller = Caller(client=client)
    elif call.identity is not None:
        caller = Caller(client=call.identity.client)
    elif call.bearer_sent:
        raise AppError("UNAUTHORIZED", NO_LONGER_AUTHORIZED)
    elif provision and current().mcp_anonymous_provisioning:
        ratelimit_enforce(budget=budgets()["client_creation"], bucket=call.bucket, message=PROVISIONING_LIMITED)
        created = client_create(source=call.ref, user_agent=call.user_agent)
        caller = Caller(client=created.client, new_token=created.token)
    else:
        raise AppError("UNAUTHORIZED", NOT_CONNECTED)
    usage_record(client_id=caller.client.pk, tool=tool, interface="mcp")
    return caller


def optional_client(call: CallContext, *, tool: str, client_token: str | None) -> Client | None:
    """For the tokenless read-only tools: the caller if it identified itself (so a bad token still
    errors and the call counts as that client's), else None."""
    if client_token or call.identity is not None or call.bearer_sent:
        return caller_resolve(call, tool=tool, client_token=client_token).client
    return None
