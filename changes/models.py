"""Job events per resource (the change feed; ids are the cursor) and the webhook outbox."""

from __future__ import annotations

import uuid

from django.db import models
from django.utils import timezone

from boards.models import JobFields, Resource
from watches.models import Watch


class ChangeType(models.TextChoices):
    JOB_ADDED = "JOB_ADDED"
    JOB_REMOVED = "JOB_REMOVED"
    JOB_UPDATED = "JOB_UPDATED"


class Change(JobFields):
    """One event on one resource, written once; every watch reads it through its own filters.

    The filter columns (inherited from `JobFields`) hold the job as it was when the event was
    written, so a watch's filters are evaluated by the database, not by fan-out at write time.
    """

    id = models.BigAutoField(primary_key=True)
    resource = models.ForeignKey(Resource, on_delete=models.CASCADE, related_name="changes")
    type = models.CharField(max_length=12, choices=ChangeType.choices)
    job_key = models.CharField(max_length=600)
    summary = models.CharField(max_length=700)
    data = models.JSONField(default=dict)
    changed_fields = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    # Who else reads it (boards/groups.py): "" board watches only; "new" the one JOB_ADDED of a
    # vacancy that search watches get; "repost" its repost (search watches with include_reposts);
    # "grown" a location joining an open vacancy (a search watch whose location filter matches only
    # now gets it: `prior_place_text` holds the vacancy's places before; a "repost" row's holds
    # the places of its earlier life, read the same way).
    role = models.CharField(max_length=8, blank=True)
    group_key = models.CharField(max_length=40, blank=True)
    prior_place_text = models.TextField(default="", blank=True)
    # The first sighting of the job's vacancy: what freshness filters read.
    first_seen_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["resource", "id"], name="change_resource_idx"),
            models.Index(fields=["type", "id"], name="change_type_idx"),
            models.Index(fields=["role", "id"], name="change_role_idx"),
            models.Index(fields=["created_at"], name="change_created_idx"),
            models.Index(fields=["company_key", "id"], name="change_company_key_idx"),
            models.Index(fields=["id"], condition=models.Q(visa_sponsorship="yes"), name="change_visa_yes_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.type} #{self.id}"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending"
    DELIVERED = "delivered"
    FAILED = "failed"


class WebhookDelivery(models.Model):
    """One signed POST owed to a watch's webhook (the outbox), retried with backoff.

    The fan-out writes only `change_ids` (which changes this batch owes the watch); the body is
    built from them when the row is first claimed for sending and kept in `payload`, so every
    retry sends the same body (changes/services/delivery.py). Rows written before hold their
    `payload` from the start and are sent as they are."""

    delivery_id = models.UUIDField(default=uuid.uuid4, unique=True, help_text="Stable across retries.")
    watch = models.ForeignKey(Watch, on_delete=models.CASCADE, related_name="deliveries")
    payload = models.JSONField(null=True, blank=True, help_text="The body (without delivery_id), once built.")
    change_ids = models.JSONField(default=list, blank=True, help_text="The changes owed, in id order.")
    first_change_id = models.BigIntegerField(default=0)
    last_change_id = models.BigIntegerField(default=0)
    status = models.CharField(max_length=10, choices=DeliveryStatus.choices, default=DeliveryStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)
    claim_token = models.CharField(max_length=40, blank=True)
    last_error = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "webhook deliveries"
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="delivery_due_idx")]


class WebhookFanout(models.Model):
    """The fan-out high-water mark (one row): every change up to `last_change_id` has had its
    webhook deliveries enqueued. A check only writes its changes; `webhooks_fan_out` matches the
    changes above this mark to live webhook watches and moves the mark in the same transaction as
    the delivery rows it writes, so a crash on either side neither loses nor repeats a batch."""

    last_change_id = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"webhook fan-out at change {self.last_change_id}"


class FeedSearch(models.Model):
    """A distinct search of the live search watches (watches with the same stored filters share
    one), whose changes the fan-out matches once, as it writes webhook deliveries, instead of each
    poll filtering the window again (changes/services/matches.py; docs/internals.md "Feed plans").

    `key` is the MD5 of the filters' stored text, computed by the database from a watch's own row
    (the feed finds a watch's search by it, so a watch whose filters change finds another search,
    or none, and never reads matches of filters it no longer has). `indexed` is decided once, at
    registration: only searches whose changes are rare keep matches, those of their filters whose
    meaning does not move once a change is written (without freshness and the tech-company
    restriction, which its polls test as they are then: `matches.kept_filters`). `matched_from`:
    every change above it that the search sees, up to the fan-out mark, has a `FeedMatch` row
    (NULL: not yet; set by the first fan-out batch that matched it, or lowered by a backfill)."""

    key = models.CharField(max_length=32, unique=True)
    filters = models.JSONField(default=dict)
    indexed = models.BooleanField(default=False)
    matched_from = models.BigIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"feed search {self.key}"


class FeedMatch(models.Model):
    """A change that a `FeedSearch` sees: a poll reads its watch's page from these rows (the
    primary key, search then change id) instead of filtering the window. No foreign key to the
    change: retention deletes change rows in bulk, and maintenance deletes the matches below the
    oldest change left (`matches_prune`)."""

    pk = models.CompositePrimaryKey("search_id", "change_id")
    search = models.ForeignKey(FeedSearch, on_delete=models.CASCADE, related_name="matches", db_index=False)
    change_id = models.BigIntegerField()

    def __str__(self) -> str:
        return f"{self.search_id}:{self.change_id}"
