"""Argument types and output schemas of the MCP tools (anchor-services.md §9.6).

Inputs are `Annotated` types so the SDK publishes their limits in each tool's `inputSchema`. Outputs
are pydantic models published as `outputSchema`; they name the fields an agent relies on and allow
the rest, so the services stay free to add fields without breaking the schema.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Term = Annotated[str, Field(min_length=1, max_length=100)]
Terms = Annotated[list[Term] | None, Field(max_length=20)]
Seniority = Literal["intern", "entry", "mid", "senior", "staff", "principal", "manager", "director"]
EmploymentType = Literal["full_time", "part_time", "contract", "temporary", "internship"]
CompanyName = Annotated[str, Field(min_length=1, max_length=100)]
CompanyNames = Annotated[list[CompanyName] | None, Field(max_length=50)]
WatchId = Annotated[str, Field(min_length=1, max_length=64, description="A watch id (w_…) from watch_jobs.")]
ClientToken = Annotated[
    str | None,
    Field(
        max_length=100,
        description=(
            "Only for conversations that already use a wt_… token from before the Watchtower app was "
            "connected. Leave it out otherwise: the connection identifies you."
        ),
    ),
]

FILTER_DESCRIPTIONS: dict[str, str] = {
    "keywords": "Any of these words in the title or description (OR).",
    "all_keywords": "All of these words (AND).",
    "exclude_keywords": "None of these words.",
    "locations": "Any of these places (city, state, country or 'remote').",
    "seniority": "Any of these levels.",
    "remote_only": "Only remote postings.",
    "remote_from": (
        "Remote postings that can be worked from any of these places: a country (Germany, DE), a region, a city, "
        "a zone (EU, EMEA, APAC, LATAM, AMERICAS) or worldwide."
    ),
    "visa_sponsorship": "Only postings that say they sponsor visas (with include_unknown, also those that say nothing).",
    "employment_types": "Any of these employment types.",
    "companies": "Only these companies (as list_companies names them; case, punctuation, Inc./GmbH/Ltd ignored).",
    "exclude_companies": "Not these companies.",
    "exclude_staffing_agencies": "Leave out postings from staffing agencies.",
    "min_salary": "Minimum annual salary in salary_currency (postings that state pay; see include_unknown): at most "
    "10,000,000 in a currency worth about a US dollar or more, the same worth in one of smaller units (96,000,000 COP).",
    "salary_currency": "ISO 4217 code of min_salary, e.g. USD.",
    "max_experience_years": "At most this many years of required experience.",
    "include_unknown": (
        "Keep postings that do not state salary, experience, visa sponsorship, employment type or (for remote_from) "
        "where remote work is allowed (default true)."
    ),
    "tech_companies_only": (
        "Only boards whose open jobs are at least 25% technical (engineering, data, product, design, IT, "
        "security); default true when the server runs the extended directory. Ignored by board watches."
    ),
    "posted_within_days": "Posted (where the board dates it, else first seen) in the last N days; 0 = since midnight UTC.",
    "max_days_open": "The vacancy was first seen at most N days ago (reposts keep their first sighting).",
    "include_reposts": "Search watches: also a JOB_ADDED when a vacancy is reposted within 60 days (default false).",
}


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class WatchJobsOutput(_Open):
    watch: dict[str, Any] | None = Field(None, description="The new watch (one url, or a search watch).")
    watches: list[dict[str, Any]] | None = Field(None, description="With urls: the watches created.")
    errors: list[dict[str, Any]] | None = Field(None, description="With urls: {url, error, message} per refused URL.")
    client_token: str | None = Field(None, description="Only when a new anonymous client was created: keep it.")
    token_note: str | None = None


class Job(_Open):
    """A job as served (SPEC §3.3); derived fields are absent when the posting does not state them."""

    title: str
    company: str | None = None
    location: str | None = None
    url: str | None = None
    remote: bool | None = None
    workplace_type: str | None = Field(None, description="remote, hybrid, onsite or unknown.")
    remote_scope: list[str] | None = Field(
        None, description="Where a remote job can be worked from: US, US-CA, EU, EMEA, APAC, LATAM, worldwide, …"
    )
    seniority: str | None = None
    employment_type: EmploymentType | None = None
    employment_type_source: Literal["structured", "text"] | None = None
    visa_sponsorship: Literal["yes", "no"] | None = Field(None, description="Absent when the posting says nothing.")
    visa_evidence: str | None = Field(None, description="The phrase visa_sponsorship was read from.")
    staffing_agency: bool | None = Field(None, description="True for a posting from a staffing agency.")
    salary: dict[str, Any] | None = None
    experience_years: float | None = None
    first_seen_at: str | None = Field(None, description="First sighting of this vacancy (a repost keeps it).")
    days_open: int | None = Field(None, description="Whole days since first_seen_at, when served.")
    times_posted: int | None = Field(None, description="1, or more once reposted within 60 days.")
    locations: list[str] | None = Field(None, description="Every location of a vacancy posted in several.")
    group: str | None = Field(None, description="Postings with one group are one vacancy on their board.")
    also_at: list[str] | None = Field(None, description="The same vacancy on other monitored boards.")


class SearchJobsOutput(_Open):
    interpreted: dict[str, Any]
    total: int
    jobs: list[Job]
    next_offset: int | None


class Company(_Open):
    name: str
    board_url: str
    platform: str | None = None
    open_jobs: int | None = None
    tech_share: float | None = Field(None, description="Share (0-1) of its open jobs that are technical.")
    tech_company: bool | None = Field(None, description="tech_share is at least 0.25 (tech_companies_only keeps it).")


class ListCompaniesOutput(_Open):
    companies: list[Company]
    total: int
    next_offset: int | None
    coverage: int | None = Field(None, description="Of these boards, those read at least once (a search's coverage).")


class ChangeOut(_Open):
    id: int
    type: Literal["JOB_ADDED", "JOB_REMOVED", "JOB_UPDATED"]
    watch_id: str
    data: dict[str, Any] = Field(description="job, changed_fields, repost_of, added/removed_locations, also_at.")
    open: bool | None = Field(None, description="Search watches: false when the vacancy closed since.")
    closed_at: str | None = None


class GetChangesOutput(_Open):
    changes: list[ChangeOut]
    cursor: int
    has_more: bool


class AckChangesOutput(_Open):
    acknowledged: bool
    cursor: int


class ListWatchesOutput(_Open):
    watches: list[dict[str, Any]]


class GetWatchOutput(_Open):
    id: str
    type: str


class DeleteWatchOutput(_Open):
    deleted: bool
    id: str
