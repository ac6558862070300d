"""A query's filters as the reader's test tables write them: without `include_unknown`, which a
query read from words always leaves on (the tables would repeat it on every row); and the row a
posting's job would be stored as, for the tables' agreement rows (the query read by one reader,
the posting by the other, `filters_match` between them)."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from boards.derive import derive_job
from boards.services.jobstore import filter_columns
from boards.sources.base import Posting
from watches.query import interpret

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def read_filters(query: str) -> dict[str, Any]:
    filters = interpret(query).as_dict()["filters"]
    assert filters.pop("include_unknown") is True
    return filters


def posting_row(location: str, description: str, title: str = "Data Engineer") -> SimpleNamespace:
    """The filter columns of a Greenhouse posting of Acme's, first seen at NOW."""
    posting = Posting(
        id="1",
        title=title,
        company="Acme",
        location=location,
        url="https://example.com/jobs/1",
        description=description,
    )
    job = derive_job(posting, platform="greenhouse")
    return SimpleNamespace(**filter_columns(job, company="Acme"), first_seen_at=NOW)
