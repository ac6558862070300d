"""Who asks and what they ask for: anonymous clients, their watches, and the per-address budgets
and daily usage counters that the API keeps in the database."""

from __future__ import annotations

import re
import secrets
from datetime import datetime

from django.conf import settings
from django.db import models
from django.utils import timezone

from boards.models import Resource


def new_watch_id() -> str:
    return "w_" + secrets.token_urlsafe(12)


# Every id `new_watch_id` can issue (and nothing longer than the column). Anything else is no
# watch: it is not looked up at all, so a caller's bytes that PostgreSQL refuses in text (NUL)
# answer NOT_FOUND like any unknown id instead of failing the statement (a 500).
_WATCH_ID = re.compile(r"w_[A-Za-z0-9_-]{1,30}")


def watch_id_possible(value: object) -> bool:
    """Whether `value` could be the id of a watch."""
    return isinstance(value, str) and _WATCH_ID.fullmatch(value) is not None


class Client(models.Model):
    """An anonymous identity ("a user"). Only the SHA-256 of its token is stored."""

    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(default=timezone.now)
    source = models.CharField(max_length=40, blank=True, help_text="The ?ref= tag it was created through.")
    user_agent = models.CharField(max_length=200, blank=True)
    # OAuth access tokens (django-oauth-toolkit) belong to a Django user; each client that has
    # connected an OAuth app gets one technical user so a token resolves to exactly one client.
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="watchtower_client"
    )

    def __str__(self) -> str:
        return f"client {self.pk}"


def live_watch_q(now: datetime | None = None, *, through: str = "") -> models.Q:
    """The one definition of a live watch: not deleted and not expired (SPEC §10). Expiry is decided
    here, not by maintenance: a watch past `expires_at` that the sweep has not reached yet is already
    gone for every reader (feed, webhooks, scheduling, limits, stats). `through` is the relation
    path when filtering another model by its watches, e.g. "watches__" from a Resource."""
    now = now or timezone.now()
    return models.Q(**{f"{through}deleted_at__isnull": True, f"{through}expires_at__gt": now})


class WatchQuerySet(models.QuerySet["Watch"]):
    def live(self, now: datetime | None = None) -> WatchQuerySet:
        """The watches that are live at `now` (default: now); see `live_watch_q`."""
        return self.filter(live_watch_q(now))

    def lapsed(self, now: datetime) -> WatchQuerySet:
        """Watches not yet swept that are no longer live: what maintenance marks deleted."""
        return self.filter(deleted_at__isnull=True).exclude(live_watch_q(now))


class WatchKind(models.TextChoices):
    BOARD = "board", "Board watch"
    SEARCH = "search", "Search watch"


class Watch(models.Model):
    """A client's standing request: one board (resource) or every monitored board (search)."""

    public_id = models.CharField(max_length=32, unique=True, default=new_watch_id)
    client = models.ForeignKey(Client, on_delete=models.CASCADE, related_name="watches")
    resource = models.ForeignKey(Resource, null=True, blank=True, on_delete=models.CASCADE, related_name="watches")
    kind = models.CharField(max_length=8, choices=WatchKind.choices)
    source_url = models.URLField(max_length=2048, blank=True, help_text="The URL as the client gave it.")
    resolved_from = models.URLField(max_length=2048, blank=True)
    label = models.CharField(max_length=200, blank=True)
    query = models.CharField(max_length=1000, blank=True)
    filters = models.JSONField(default=dict, blank=True, help_text="The filter model (watches/filters.py).")
    interval_seconds = models.PositiveIntegerField(default=3600)
    webhook_url = models.URLField(max_length=2048, blank=True)
    webhook_secret = models.CharField(max_length=64, blank=True)
    # Change ids are the cursor: `baseline` is the last id that existed at creation (never shown),
    # `cursor` the last id delivered to (or acknowledged by) the client.
    baseline = models.BigIntegerField(default=0)
    cursor = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    last_accessed_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    deleted_at = models.DateTimeField(null=True, blank=True)
    delete_reason = models.CharField(max_length=20, blank=True)

    objects = WatchQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "watches"
        indexes = [
            models.Index(fields=["client", "deleted_at"], name="watch_client_idx"),
            models.Index(fields=["resource", "deleted_at"], name="watch_resource_idx"),
            models.Index(fields=["kind", "deleted_at"], name="watch_kind_idx"),
            models.Index(fields=["expires_at"], name="watch_expiry_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(kind="search", resource__isnull=True) | models.Q(kind="board", resource__isnull=False)
                ),
                name="watch_scope_check",
            )
        ]

    def __str__(self) -> str:
        return self.public_id


class RateLimitWindow(models.Model):
    """A fixed-window counter shared by every replica: `key` = "<budget>:<address bucket>"."""

    key = models.CharField(max_length=120)
    window_start = models.DateTimeField()
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["key", "window_start"], name="ratelimit_window_uniq")]
        indexes = [models.Index(fields=["window_start"], name="ratelimit_start_idx")]


class Interface(models.TextChoices):
    REST = "rest", "REST"
    MCP = "mcp", "MCP"


class UsageDaily(models.Model):
    """Calls per client, UTC day, tool and interface. No foreign key: history outlives clients."""

    day = models.DateField()
    client_id = models.BigIntegerField()
    tool = models.CharField(max_length=40)
    interface = models.CharField(max_length=8, choices=Interface.choices)
    calls = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "usage_daily"
        verbose_name_plural = "usage (daily)"
        constraints = [
            models.UniqueConstraint(fields=["day", "client_id", "tool", "interface"], name="usage_daily_uniq")
        ]
        indexes = [models.Index(fields=["client_id", "day"], name="usage_client_idx")]


class CountsDaily(models.Model):
    """Anonymous daily counters (page views by audience, MCP connections by app). Nothing per visitor."""

    day = models.DateField()
    metric = models.CharField(max_length=40)
    dim = models.CharField(max_length=120)
    n = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "counts_daily"
        verbose_name_plural = "counts (daily)"
        constraints = [models.UniqueConstraint(fields=["day", "metric", "dim"], name="counts_daily_uniq")]
