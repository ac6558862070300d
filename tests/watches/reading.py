"""A query's filters as the reader's test tables write them: without `include_unknown`, which a
query read from words always leaves on (the tables would repeat it on every row)."""

from __future__ import annotations

from typing import Any

from watches.query import interpret


def read_filters(query: str) -> dict[str, Any]:
    filters = interpret(query).as_dict()["filters"]
    assert filters.pop("include_unknown") is True
    return filters
