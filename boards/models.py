"""What is fetched: resources (one per canonical board URL), their snapshots and open jobs, and
the host leases that keep Watchtower to one request in flight per website."""

from __future__ import annotations

from typing import Any

from django.db import models, router, transaction
from django.db.models.functions import Coalesce
from django.utils import timezone


class Platform(models.TextChoices):
    HTML = "html", "Careers page (JSON-LD)"
    GREENHOUSE = "greenhouse", "Greenhouse"
    LEVER = "lever", "Lever"
    ASHBY = "ashby", "Ashby"
    WORKABLE = "workable", "Workable"
    SMARTRECRUITERS = "smartrecruiters", "SmartRecruiters"
    RECRUITEE = "recruitee", "Recruitee"
    WORKDAY = "workday", "Workday"
    ICIMS = "icims", "iCIMS"
    ORACLE = "oracle", "Oracle Recruiting"
    EIGHTFOLD = "eightfold", "Eightfold"
    SUCCESSFACTORS = "successfactors", "SuccessFactors"
    APPLE = "apple", "Apple"
    GOOGLE = "google", "Google"
    AMAZON = "amazon", "Amazon"
    MICROSOFT = "microsoft", "Microsoft"


class IndexOrigin(models.TextChoices):
    DIRECTORY = "directory", "Built-in list or operator file"
    WATCHED = "watched", "Promoted because a client watched it"


def _boards_locked(rows: models.QuerySet[Any], using: str) -> list[int]:
    """Lock the boards of `rows` (FOR UPDATE, in id order: two deletions never deadlock) and
    return their ids: in the caller's transaction, before anything reads a board's jobs."""
    ids = rows.order_by().values("pk")
    locked = Resource._base_manager.using(using).filter(pk__in=ids).order_by("pk").select_for_update()
    return list(locked.values_list("pk", flat=True))


class ResourceQuerySet(models.QuerySet["Resource"]):
    def delete(self) -> tuple[int, dict[str, int]]:
        """Delete the boards after locking them, then their jobs and vacancy groups with them.

        Jobs and vacancy groups keep no foreign key constraint to their board (migration
        boards/0027: its check per row was a tenth of the database's CPU of a new 100,000-posting
        board's first read), so the order of locks keeps them from being orphaned: a check
        writes a board's rows in the transaction that first updates the board's row
        (`check._write`; none if the board is gone), and a deletion locks the boards before
        Django's collector reads their rows, so it waits for a running check's commit and then
        deletes what it wrote, or the check waits and finds no board. SQLite serialises writers."""
        if self.query.is_sliced:
            raise TypeError("Cannot use 'limit' or 'offset' with delete().")
        with transaction.atomic(using=self.db):
            locked = _boards_locked(self, self.db)
            return Resource._base_manager.using(self.db).filter(pk__in=locked).delete()


class Resource(models.Model):
    """One board that is fetched, shared by every watch of the same canonical URL."""

    objects = ResourceQuerySet.as_manager()

    url = models.URLField(max_length=2048, unique=True, help_text="Canonical board URL.")
    platform = models.CharField(max_length=32, choices=Platform.choices)
    fetch_host = models.CharField(max_length=255, help_text="Host whose lease governs checks.")
    company = models.CharField(max_length=200, blank=True)
    board_key = models.CharField(max_length=300, blank=True, help_text="Platform board token.")
    options = models.JSONField(default=dict, blank=True, help_text="Platform-specific request data.")
    resolved_from = models.URLField(max_length=2048, blank=True)

    indexed = models.BooleanField(default=False, help_text="In the directory: searched by every search watch.")
    index_origin = models.CharField(max_length=16, choices=IndexOrigin.choices, blank=True)

    interval_seconds = models.PositiveIntegerField(default=3600)
    next_check_at = models.DateTimeField(default=timezone.now)
    last_checked_at = models.DateTimeField(null=True, blank=True)
    last_changed_at = models.DateTimeField(null=True, blank=True)
    last_status = models.PositiveSmallIntegerField(null=True, blank=True)
    consecutive_failures = models.PositiveIntegerField(default=0)
    last_error_code = models.CharField(max_length=40, blank=True)
    last_error = models.CharField(max_length=500, blank=True)
    blocked_at = models.DateTimeField(null=True, blank=True, help_text="Last time the host refused us.")
    # A claim token: the worker that holds it may check the resource until claimed_until; a
    # duplicate task delivery sees another token and does nothing.
    claim_token = models.CharField(max_length=40, blank=True)
    claimed_until = models.DateTimeField(null=True, blank=True)

    etag = models.CharField(max_length=500, blank=True)
    last_modified = models.CharField(max_length=100, blank=True)
    content_hash = models.CharField(max_length=64, blank=True)
    # SHA-256 of the listing's response body: a re-check that gets the same bytes skips parsing.
    body_hash = models.CharField(max_length=64, blank=True)
    complete = models.BooleanField(default=True, help_text="The last snapshot saw every open job.")
    # When a complete listing last showed every open job: such a check does not touch each row's
    # `last_seen_at` (boards.diff.drop_stale reads the later of the two).
    listed_complete_at = models.DateTimeField(null=True, blank=True)
    # Since when the board's enriched listing (posting text) has been over the API body cap: the
    # plain listing is read directly until boards.services.check.ENRICHED_RETRY has passed.
    enriched_over_cap_since = models.DateTimeField(null=True, blank=True)
    # The derivation version (boards/fingerprint.py) under which a check last settled every open
    # group's memory: while it holds, a check plans only the groups whose rows it may write
    # (boards/services/grouping.py `plan`, `only`). A migration that edits rows or group memory
    # clears it.
    groups_planned = models.CharField(max_length=64, blank=True, default="")
    open_jobs = models.PositiveIntegerField(default=0)
    # Share (0..1) of the open jobs whose titles are technical (matching/tech.py), from each read;
    # null until the board has been read. `tech_companies_only` searches keep boards at or above
    # matching.tech.TECH_COMPANY_SHARE.
    tech_share = models.FloatField(null=True, blank=True)
    # Retirement (boards/services/retirement.py): the first of an unbroken run of "gone" answers,
    # and when and why a directory board stopped being checked.
    gone_since = models.DateTimeField(null=True, blank=True)
    retired_at = models.DateTimeField(null=True, blank=True)
    retired_reason = models.CharField(max_length=300, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            models.Index(fields=["next_check_at"], name="resource_due_idx"),
            models.Index(fields=["fetch_host", "next_check_at"], name="resource_host_due_idx"),
            # Claims in flight (a handful): "is a check of this host queued?" for every follow-up
            # and dispatch, without reading the host's whole directory.
            models.Index(
                fields=["fetch_host"], name="resource_claimed_host_idx", condition=models.Q(claimed_until__isnull=False)
            ),
            models.Index(fields=["indexed", "company"], name="resource_directory_idx"),
            models.Index(fields=["tech_share"], name="resource_tech_share_idx"),
        ]

    def __str__(self) -> str:
        return self.url

    def delete(self, using: str | None = None, keep_parents: bool = False) -> tuple[int, dict[str, int]]:
        """Lock the board first, as `ResourceQuerySet.delete` does."""
        using = using or router.db_for_write(Resource, instance=self)
        with transaction.atomic(using=using):
            _boards_locked(Resource._base_manager.filter(pk=self.pk), using)
            return super().delete(using=using, keep_parents=keep_parents)


class Snapshot(models.Model):
    """The record of one successful check that changed the job set."""

    # No index of its own: snapshot_resource_idx leads with it (migration 0019).
    resource = models.ForeignKey(Resource, on_delete=models.CASCADE, related_name="snapshots", db_index=False)
    taken_at = models.DateTimeField(default=timezone.now)
    complete = models.BooleanField(default=True)
    job_count = models.PositiveIntegerField(default=0)
    content_hash = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField(default=200)

    class Meta:
        indexes = [models.Index(fields=["resource", "-taken_at"], name="snapshot_resource_idx")]


class JobFields(models.Model):
    """The normalised and derived fields of a posting (SPEC §3.3, §6) that filters read.

    Shared by `Job` (the current open set) and `changes.Change` (job events), so one filter
    compiles to the same query over both.
    """

    title = models.CharField(max_length=500)
    company = models.CharField(max_length=200, blank=True)
    location = models.CharField(max_length=500, blank=True)
    department = models.CharField(max_length=300, blank=True)
    remote = models.BooleanField(default=False)
    workplace_type = models.CharField(max_length=10, default="unknown")
    seniority = models.CharField(max_length=12, blank=True)
    salary_currency = models.CharField(max_length=3, blank=True)
    salary_annual_min = models.PositiveIntegerField(null=True, blank=True)
    salary_annual_max = models.PositiveIntegerField(null=True, blank=True)
    experience_years = models.FloatField(null=True, blank=True)
    employment_type = models.CharField(max_length=12, blank=True)
    visa_sponsorship = models.CharField(max_length=3, blank=True)  # "yes", "no", "" (unknown)
    # The company name as filters compare it (boards/derive/company.py: "Stripe, Inc." → "stripe").
    company_key = models.CharField(max_length=200, blank=True)
    staffing_agency = models.BooleanField(default=False)
    posted_at = models.DateTimeField(null=True, blank=True)
    # Normalised text for whole-word matching: a filter term is a plain substring test, backed on
    # PostgreSQL by a GIN index over its words. See matching/terms.py and docs/internals.md.
    search_text = models.TextField(default="", blank=True)
    # The job's resolved places as single-word tokens, matched the same way, with the remote scope
    # tokens a `remote_from` filter reads. See matching/places/.
    place_text = models.TextField(default="", blank=True)

    class Meta:
        abstract = True


class Job(JobFields):
    """One posting in a resource's current open set."""

    # No index of its own: job_resource_key_uniq leads with it (migration 0024). No constraint
    # either (migration 0027): the order of locks keeps a board's rows from being orphaned
    # (`ResourceQuerySet.delete`).
    resource = models.ForeignKey(
        Resource, on_delete=models.CASCADE, related_name="jobs", db_index=False, db_constraint=False
    )
    key = models.CharField(max_length=600, help_text="Identity within the board (platform id, url, …).")
    data = models.JSONField(default=dict, help_text="The job as served to agents (SPEC §3.3).")
    # The first sighting of the posting's group (a repost keeps its group's), not of this row.
    first_seen_at = models.DateTimeField(default=timezone.now)
    last_seen_at = models.DateTimeField(default=timezone.now)
    # The posting this row was derived from (boards/fingerprint.py: "" before fingerprints, or
    # for a row to re-derive) and the hash of the job as served (boards/diff.py `job_hash`): an
    # unchanged posting is neither derived nor hashed again.
    fingerprint = models.CharField(max_length=32, blank=True)
    job_hash = models.CharField(max_length=64, blank=True)
    # One vacancy, several postings (boards/groups.py): the group within the board, the key across
    # boards, and whether this row stands for its group in search (its filter columns then hold
    # every location of the group).
    group_key = models.CharField(max_length=40, blank=True)
    vacancy_key = models.CharField(max_length=40, blank=True)
    lead = models.BooleanField(default=True)
    times_posted = models.PositiveIntegerField(default=1)
    # Whether the row's board is a tech company (`matching.tech.is_tech_company(resource.tech_share)`),
    # kept with the board: written with the row, and rewritten for the board's rows when a read moves
    # its share across the line (boards/services/check.py). A search kept to tech companies asks
    # job_words for the `tech` key it gives (watches/services/job_keys.py) instead of looking up
    # each row's board (migration 0022). A database default too, for rows written by plain SQL.
    tech = models.BooleanField(default=False, db_default=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["resource", "key"], name="job_resource_key_uniq")]
        indexes = [
            models.Index(fields=["-first_seen_at", "id"], name="job_newest_idx"),
            # No index on the pay top (`filters.salary_top`): job_words' pay keys serve a search, and
            # its histogram, which sizes a search's plan, is statistics on PostgreSQL (migration 0030).
            # A company read (docs/internals.md, "Search plans"). Experience, employment type and
            # visa sponsorship have no btree: the plans test them on the rows they read (migration 0024).
            models.Index(fields=["company_key"], name="job_company_key_idx"),
            models.Index(fields=["vacancy_key", "id"], name="job_vacancy_idx", condition=~models.Q(vacancy_key="")),
            # "Posted within N days" (`filters.posted_or_seen`): ANDed with the word index's bitmap.
            models.Index(Coalesce("posted_at", "first_seen_at"), name="job_posted_idx"),
        ]

    def __str__(self) -> str:
        return self.title


class JobGroup(models.Model):
    """What a board remembers of one vacancy (boards/groups.py): when it was first seen, how often
    it was posted, and when it closed, so a repost within the window is known for one."""

    # No index of its own: jobgroup_resource_key_uniq leads with it (migration 0019); no
    # constraint, as Job's (migration 0027).
    resource = models.ForeignKey(
        Resource, on_delete=models.CASCADE, related_name="job_groups", db_index=False, db_constraint=False
    )
    key = models.CharField(max_length=40)
    first_seen_at = models.DateTimeField(default=timezone.now)
    times_posted = models.PositiveIntegerField(default=1)
    closed_at = models.DateTimeField(null=True, blank=True)
    # Every location this life of the group has had (its reposts too): a city joining it is news
    # to a search watch only the first time (boards/groups.py, rule 2).
    places = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["resource", "key"], name="jobgroup_resource_key_uniq")]
        # Closed groups only (maintenance forgets them after a while): a board's open groups are
        # nearly all its rows, and a new big board's first read wrote 100,000 entries of NULL.
        indexes = [
            models.Index(fields=["closed_at"], name="jobgroup_closed_idx", condition=models.Q(closed_at__isnull=False))
        ]

    def __str__(self) -> str:
        return self.key


class HostLease(models.Model):
    """A database-held lease: at most one holder per key until `leased_until` passes.

    Keys are fetch hosts ("boards-api.greenhouse.io") and named jobs ("maintenance"). Taken and
    released with conditional UPDATEs so it works the same on SQLite and PostgreSQL.
    """

    key = models.CharField(max_length=255, primary_key=True)
    holder = models.CharField(max_length=40, blank=True)
    leased_until = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.key


class Heartbeat(models.Model):
    """When a periodic loop last ran ("scheduler": the dispatch of due checks, by the embedded
    loop or by Celery beat's task), read by /health to tell a live scheduler from a stalled one."""

    name = models.CharField(max_length=40, primary_key=True)
    beat_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.name
