"""One filter model with one meaning, compiled twice: to a Django `Q` over the `JobFields`
columns (current jobs and change rows alike) and to an in-memory predicate.

Both compile every term the same way (`terms.term_key`, `places.place_filter_keys`) and test it
as a substring of the same normalised columns, so the database and Python cannot disagree; the
shared test table in tests/watches/test_filters_agree.py holds them to it. Semantics: SPEC §5.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal, NamedTuple

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import (
    BooleanField,
    CharField,
    DateTimeField,
    ExpressionWrapper,
    F,
    Field,
    FloatField,
    Func,
    Lookup,
    Model,
    Q,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce
from django.db.models.lookups import Contains, Exact, GreaterThanOrEqual, In, IsNull, LessThanOrEqual
from django.db.models.sql import Query
from django.utils import timezone

from boards.derive import money
from boards.derive.company import company_key
from boards.derive.employment import EMPLOYMENT_TYPES
from boards.models import Resource
from boards.services.jobstore import ANNUAL_COLUMN_MAX
from matching import places, terms
from matching.tech import TECH_COMPANY_SHARE, is_tech_company
from watches.services.job_keys import collated
from watchtower.errors import AppError

SENIORITY_LEVELS: tuple[str, ...] = ("intern", "entry", "mid", "senior", "staff", "principal", "manager", "director")
TERM_LISTS: tuple[str, ...] = ("keywords", "all_keywords", "exclude_keywords", "locations")
LIST_FIELDS: tuple[str, ...] = (
    *TERM_LISTS,
    "seniority",
    "remote_from",
    "employment_types",
    "companies",
    "exclude_companies",
)
MAX_TERMS = 20
MAX_TERM_LENGTH = 100
MAX_COMPANIES = 50
MAX_MIN_SALARY = 10_000_000
# What the filter columns hold of a year's pay (a PostgreSQL integer): no `min_salary` is larger in
# any currency.
MAX_MIN_SALARY_ANY = ANNUAL_COLUMN_MAX
MAX_EXPERIENCE_YEARS = 50
MAX_DAYS = 3650
FILTER_FIELDS: tuple[str, ...] = (
    *TERM_LISTS,
    "seniority",
    "remote_only",
    "remote_from",
    "min_salary",
    "salary_currency",
    "max_experience_years",
    "visa_sponsorship",
    "employment_types",
    "companies",
    "exclude_companies",
    "exclude_staffing_agencies",
    "include_unknown",
    "tech_companies_only",
    "posted_within_days",
    "max_days_open",
    "include_reposts",
)
REMOTE_FROM_HELP = (
    "a country (Germany, DE), a region (California, Ontario), a city, a zone (EU, EMEA, APAC, LATAM, AMERICAS) "
    "or worldwide"
)


def explicit_filters(values: Mapping[str, Any]) -> dict[str, Any]:
    """The filter fields a caller actually sent (REST body or MCP tool arguments): they override
    what the query says, field by field (`Filters.merged`)."""
    return {name: values[name] for name in FILTER_FIELDS if values.get(name) is not None}


@dataclass(frozen=True)
class Filters:
    keywords: tuple[str, ...] = ()
    all_keywords: tuple[str, ...] = ()
    exclude_keywords: tuple[str, ...] = ()
    locations: tuple[str, ...] = ()
    seniority: tuple[str, ...] = ()
    remote_only: bool = False
    remote_from: tuple[str, ...] = ()
    min_salary: int | None = None
    salary_currency: str | None = None
    max_experience_years: float | None = None
    visa_sponsorship: bool = False
    employment_types: tuple[str, ...] = ()
    companies: tuple[str, ...] = ()
    exclude_companies: tuple[str, ...] = ()
    exclude_staffing_agencies: bool = False
    include_unknown: bool = True
    # Only boards whose share of technical postings is at least matching.tech.TECH_COMPANY_SHARE
    # (a property of the board, not of the job). The default for search under DIRECTORY=extended
    # (watches/services/search.py: filters_build); board watches always see their whole board.
    tech_companies_only: bool = False
    posted_within_days: int | None = None  # posted (else first seen) at most this many days ago
    max_days_open: int | None = None  # the vacancy first seen at most this many days ago
    include_reposts: bool = False  # search watches: a repost's JOB_ADDED too (boards/groups.py)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Filters:
        """Validated filters from request data; keys that are not filters are ignored."""
        return cls().merged(data)

    def merged(self, explicit: Mapping[str, Any]) -> Filters:
        """These filters with every filter key present in `explicit` replacing its own (SPEC
        §3.1: explicit filters always override the query). A role given in one form replaces
        the query's role in the other form too, so `keywords` alone drops the query's
        `all_keywords` and the other way round."""
        if not isinstance(explicit, Mapping):
            raise AppError("VALIDATION_ERROR", "filters must be a JSON object")
        changes: dict[str, Any] = {}
        for name in FILTER_FIELDS:
            if name in explicit and explicit[name] is not None:
                changes[name] = _VALIDATORS[name](name, explicit[name])
        if "keywords" in changes and "all_keywords" not in changes:
            changes["all_keywords"] = ()
        if "all_keywords" in changes and "keywords" not in changes:
            changes["keywords"] = ()
        merged = dataclasses.replace(self, **changes)
        if merged.min_salary is not None and merged.min_salary > max_min_salary(merged.salary_currency):
            cap = max_min_salary(merged.salary_currency)
            where = f"in {merged.salary_currency}" if merged.salary_currency else "without a salary_currency"
            raise AppError("VALIDATION_ERROR", f"min_salary must be between 0 and {cap:,} {where}")
        return merged

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, without empty values; `include_unknown` is always present because its
        default (true) changes what matches."""
        out: dict[str, Any] = {}
        for name in LIST_FIELDS:
            value = getattr(self, name)
            if value:
                out[name] = list(value)
        for flag in ("remote_only", "visa_sponsorship", "exclude_staffing_agencies"):
            if getattr(self, flag):
                out[flag] = True
        if self.min_salary is not None:
            out["min_salary"] = self.min_salary
        if self.salary_currency:
            out["salary_currency"] = self.salary_currency
        if self.max_experience_years is not None:
            years = self.max_experience_years
            out["max_experience_years"] = int(years) if float(years).is_integer() else years
        out["include_unknown"] = self.include_unknown
        if self.tech_companies_only:
            out["tech_companies_only"] = True
        for name in ("posted_within_days", "max_days_open"):
            if getattr(self, name) is not None:
                out[name] = getattr(self, name)
        if self.include_reposts:
            out["include_reposts"] = True
        return out

    @functools.cached_property
    def keys(self) -> FilterKeys:
        """The keys the filters test the text columns and company keys for, derived once per
        `Filters` (the webhook fan-out tests each search against a whole batch of changes)."""
        return FilterKeys(
            keywords=_keys(self.keywords),
            all_keywords=_keys(self.all_keywords),
            exclude_keywords=_keys(self.exclude_keywords),
            locations=location_keys(self.locations),
            remote_from=remote_from_keys(self),
            companies=_company_keys(self.companies),
            exclude_companies=_company_keys(self.exclude_companies),
        )

    def is_empty(self) -> bool:
        """No criterion that narrows the job set (exclusions alone do not count: a search watch
        of "everything but managers" is still every board's every job)."""
        return not (
            self.keywords
            or self.all_keywords
            or self.locations
            or self.seniority
            or self.remote_only
            or self.remote_from
            or self.min_salary is not None
            or self.max_experience_years is not None
            or self.visa_sponsorship
            or self.employment_types
            or self.companies
        )

    def matches_nothing(self) -> bool:
        """Whether the filters exclude every job they ask for, whatever the jobs hold: each any-of
        keyword, or one all-of keyword, holds an excluded term (a text that holds " engineering
        manager " holds " manager "), or every company asked for is excluded. Both forms (the
        query and `filters_match`) find nothing for them, and a search reads nothing
        (`search.newest_matching`): "manager" without "manager", pay >= 250k, remote in the US,
        read a slice and then every job at 5M to test each row's words and find none (168 ms of
        database CPU, the slowest of bench.search's seed 2027; docs/scaling.md)."""
        keys = self.keys

        def excluded(key: str) -> bool:
            return any(word in key for word in keys.exclude_keywords)

        if keys.keywords and all(excluded(key) for key in keys.keywords):
            return True
        if any(excluded(key) for key in keys.all_keywords):
            return True
        return bool(keys.companies) and set(keys.companies) <= set(keys.exclude_companies)


class FilterKeys(NamedTuple):
    """What `Filters` compile to before either form is built: padded term and place keys (tested as
    substrings of `search_text`, `place_text`) and company keys."""

    keywords: list[str]
    all_keywords: list[str]
    exclude_keywords: list[str]
    locations: list[str]
    remote_from: list[str]
    companies: list[str]
    exclude_companies: list[str]


def _terms(name: str, value: Any) -> tuple[str, ...]:
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise AppError("VALIDATION_ERROR", f"{name} must be a list of strings")
    cleaned: list[str] = []
    for item in items:
        if not isinstance(item, str):
            raise AppError("VALIDATION_ERROR", f"{name} must be a list of strings")
        term = " ".join(item.split()).lower()
        if not term:
            continue
        if len(term) > MAX_TERM_LENGTH:
            raise AppError("VALIDATION_ERROR", f"each of {name} must be at most {MAX_TERM_LENGTH} characters")
        if not terms.term_key(term):
            raise AppError("VALIDATION_ERROR", f"{name} term {term!r} has no letters or digits")
        if term not in cleaned:
            cleaned.append(term)
    if len(cleaned) > MAX_TERMS:
        raise AppError("VALIDATION_ERROR", f"{name} may hold at most {MAX_TERMS} terms")
    return tuple(cleaned)


def _seniority(name: str, value: Any) -> tuple[str, ...]:
    levels = _terms(name, value)
    unknown = [level for level in levels if level not in SENIORITY_LEVELS]
    if unknown:
        raise AppError("VALIDATION_ERROR", f"seniority {unknown[0]!r} is not one of {', '.join(SENIORITY_LEVELS)}")
    return levels


def _remote_from(name: str, value: Any) -> tuple[str, ...]:
    found = _terms(name, value)
    for place in found:
        if not places.remote_from_keys(place):
            raise AppError(
                "VALIDATION_ERROR", f"{name} {place!r} is not a place Watchtower knows; give {REMOTE_FROM_HELP}"
            )
    return found


def _employment_types(name: str, value: Any) -> tuple[str, ...]:
    """Codes as documented; "full-time" and "Full Time" are read as full_time."""
    found: list[str] = []
    for item in _terms(name, value):
        code = "_".join(item.replace("-", " ").split())
        if code not in EMPLOYMENT_TYPES:
            raise AppError("VALIDATION_ERROR", f"{name} {item!r} is not one of {', '.join(EMPLOYMENT_TYPES)}")
        if code not in found:
            found.append(code)
    return tuple(found)


def _companies(name: str, value: Any) -> tuple[str, ...]:
    """Names as given (trimmed); they match by `company_key`, so case, punctuation and legal
    forms do not matter."""
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise AppError("VALIDATION_ERROR", f"{name} must be a list of company names")
    cleaned: list[str] = []
    keys: set[str] = set()
    for item in items:
        if not isinstance(item, str):
            raise AppError("VALIDATION_ERROR", f"{name} must be a list of company names")
        company = " ".join(item.split())
        if not company:
            continue
        if len(company) > MAX_TERM_LENGTH:
            raise AppError("VALIDATION_ERROR", f"each of {name} must be at most {MAX_TERM_LENGTH} characters")
        key = company_key(company)
        if not key:
            raise AppError("VALIDATION_ERROR", f"{name} name {company!r} has no letters or digits")
        if key not in keys:
            keys.add(key)
            cleaned.append(company)
    if len(cleaned) > MAX_COMPANIES:
        raise AppError("VALIDATION_ERROR", f"{name} may hold at most {MAX_COMPANIES} names")
    return tuple(cleaned)


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise AppError("VALIDATION_ERROR", f"{name} must be true or false")
    return value


def _number(name: str, value: Any, upper: float) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise AppError("VALIDATION_ERROR", f"{name} must be a number")
    if not 0 <= value <= upper:
        raise AppError("VALIDATION_ERROR", f"{name} must be between 0 and {upper:,.0f}")
    return float(value)


def _min_salary(name: str, value: Any) -> int:
    return round(_number(name, value, MAX_MIN_SALARY_ANY))  # and at most max_min_salary of its currency (`merged`)


def max_min_salary(currency: str | None) -> int:
    """The largest `min_salary` a filter takes in `currency`: MAX_MIN_SALARY in a currency worth about
    a US dollar or more (or none named), and the same worth in one of smaller units (money.scale_of:
    a Colombian's 96,000,000 COP a year is pay, 10,000,000 x 4,000 its cap), never more than the
    filter columns hold (MAX_MIN_SALARY_ANY). No currency is converted: a filter compares pay in
    its own currency, so its cap is that currency's."""
    return min(MAX_MIN_SALARY_ANY, round(MAX_MIN_SALARY * max(1.0, money.scale_of(currency))))


def _experience(name: str, value: Any) -> float:
    return _number(name, value, MAX_EXPERIENCE_YEARS)


def _days(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise AppError("VALIDATION_ERROR", f"{name} must be a whole number of days")
    if not 0 <= value <= MAX_DAYS:
        raise AppError("VALIDATION_ERROR", f"{name} must be between 0 and {MAX_DAYS}")
    return value


def _currency(name: str, value: Any) -> str:
    if not isinstance(value, str) or len(value.strip()) != 3 or not value.strip().isalpha() or not value.isascii():
        raise AppError("VALIDATION_ERROR", f"{name} must be a three-letter ISO 4217 code such as USD")
    return value.strip().upper()


_VALIDATORS: dict[str, Any] = {
    "keywords": _terms,
    "all_keywords": _terms,
    "exclude_keywords": _terms,
    "locations": _terms,
    "seniority": _seniority,
    "remote_only": _flag,
    "remote_from": _remote_from,
    "visa_sponsorship": _flag,
    "employment_types": _employment_types,
    "companies": _companies,
    "exclude_companies": _companies,
    "exclude_staffing_agencies": _flag,
    "include_unknown": _flag,
    "tech_companies_only": _flag,
    "min_salary": _min_salary,
    "salary_currency": _currency,
    "max_experience_years": _experience,
    "posted_within_days": _days,
    "max_days_open": _days,
    "include_reposts": _flag,
}


def _keys(values: Iterable[str]) -> list[str]:
    """Term keys, with terms that normalise to nothing left out (they would match everything)."""
    return [key for key in dict.fromkeys(terms.term_key(value) for value in values) if key]


def location_keys(locations: Iterable[str]) -> list[str]:
    keys: list[str] = []
    for location in locations:
        keys.extend(places.place_filter_keys(location))
    return list(dict.fromkeys(key for key in keys if key.strip()))


class ContainsWords(Contains):
    """`column` holds the padded key as a substring (" machine learning " in " senior machine
    learning engineer | … "): the plain `LIKE '%key%'` everywhere, and on PostgreSQL the same
    test put in a form the GIN indexes of migrations boards/0004 and changes/0003 serve.

    A normalised text is single-space-separated words (matching/terms.py), so a one-word key is a
    substring exactly when the word is an element of the text's word array; that array test alone
    is the condition. A phrase needs all its words in the array (what the index finds) and the
    substring test on the rows found (the order of the words). The index is exact for words, so
    the database reads only matching rows, and the result is the substring test's, as Python's
    `filters_match` computes it.
    """

    def as_postgresql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        words = self.rhs.split() if isinstance(self.rhs, str) else []
        if not words:
            sql, params = self.as_sql(compiler, connection)
            return sql, list(params)
        lhs_sql, lhs_params = self.process_lhs(compiler, connection)
        # Spelled exactly as the index expression (see WORDS_SQL), or the index is not used.
        array_sql = f"{words_sql(lhs_sql, self.lhs)} @> %s::text[]"
        if len(words) == 1:
            return array_sql, [*lhs_params, words]
        like_sql, like_params = self.as_sql(compiler, connection)
        return f"({array_sql} AND {like_sql})", [*lhs_params, words, *like_params]


class ContainsAnyWord(Lookup):
    """`column` holds any of several one-word keys: an OR of substring tests everywhere, and on
    PostgreSQL one array overlap (`&&`), which the GIN index answers in a single scan together
    with the other word conditions of the search (one key of a multicolumn GIN index, where
    an OR of separate tests would be one scan per word, their bitmaps merged)."""

    lookup_name = "contains_any_word"
    prepare_rhs = False

    def as_sql(self, compiler: Any, connection: Any) -> tuple[str, tuple[Any, ...]]:
        parts: list[str] = []
        params: list[Any] = []
        for key in self.rhs:
            sql, key_params = compiler.compile(Contains(self.lhs, key))
            parts.append(sql)
            params.extend(key_params)
        return f"({' OR '.join(parts)})", tuple(params)

    def as_postgresql(self, compiler: Any, connection: Any) -> tuple[str, list[Any]]:
        lhs_sql, lhs_params = self.process_lhs(compiler, connection)
        words = [key.strip() for key in self.rhs]
        return f"{words_sql(lhs_sql, self.lhs)} && %s::text[]", [*lhs_params, words]


# A normalised text's word array, as the GIN index expression and as the condition's left side.
WORDS_SQL = "string_to_array(btrim({column}), ' ')"
# A job's level and whether it is remote as one small array (the third column of the same GIN
# index), so "senior" or "remote" narrows the index scan instead of being a bitmap of a third of
# the table.
FLAGS_SQL = "ARRAY[({seniority})::text, ({remote})::text]"
# The same arrays as job_words holds them (migration boards/0029): without the bar between a
# text's fields (`terms.FIELD_SEPARATOR`, one element of every job's words and places) and a job's
# `false` (not remote). No search asks for either (a term is normalised words; remote is asked as
# `true`), and each was an entry of every row a check inserts.
JOB_WORDS_SQL = f"array_remove({WORDS_SQL}, '{terms.FIELD_SEPARATOR}')"
JOB_FLAGS_SQL = f"array_remove({FLAGS_SQL}, 'false')"


def _of_jobs(column: Any) -> bool:
    model = getattr(getattr(column, "target", None), "model", None)
    return model is not None and model._meta.db_table == "boards_job"


def words_sql(column_sql: str, column: Any) -> str:
    """The word array of `column` (spelled `column_sql`) as its GIN index holds it: on jobs
    job_words' (`JOB_WORDS_SQL`, in collation "C": migration boards/0025, `job_keys.collated`),
    on change rows change_words' (`WORDS_SQL`, the database's collation)."""
    if _of_jobs(column):
        return collated(JOB_WORDS_SQL.format(column=column_sql))
    return WORDS_SQL.format(column=column_sql)


def flags_sql(seniority: str, remote: str, column: Any) -> str:
    """The flags array over a table's level and remote columns as its GIN index holds it (as
    `words_sql`; `column` is the level's)."""
    if _of_jobs(column):
        return collated(JOB_FLAGS_SQL.format(seniority=seniority, remote=remote))
    return FLAGS_SQL.format(seniority=seniority, remote=remote)


class FlagsMatch(Func):
    """The job's level is one of `levels` and, with `remote`, it is remote: a plain comparison
    everywhere, and on PostgreSQL a test of the flags array (`FLAGS_SQL`) that the GIN index of
    migration boards/0004 serves together with the word conditions."""

    output_field = BooleanField()
    conditional = True

    def __init__(self, *, levels: tuple[str, ...] = (), remote: bool = False, plain: bool = False) -> None:
        super().__init__(F("seniority"), F("remote"))
        self.levels, self.remote, self.plain = levels, remote, plain

    def _columns(self, compiler: Any) -> tuple[str, str]:
        seniority, _ = compiler.compile(self.source_expressions[0])
        remote, _ = compiler.compile(self.source_expressions[1])
        return seniority, remote

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, tuple[Any, ...]]:  # type: ignore[override]
        seniority, remote = self._columns(compiler)
        parts: list[str] = []
        params: list[Any] = []
        if self.levels:
            parts.append(f"{seniority} IN ({', '.join(['%s'] * len(self.levels))})")
            params.extend(self.levels)
        if self.remote:
            parts.append(f"{remote} = %s")
            params.append(True)
        return f"({' AND '.join(parts) or '1 = 1'})", tuple(params)

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, tuple[Any, ...]]:
        if self.plain:
            return self.as_sql(compiler, connection, **extra)
        seniority, remote = self._columns(compiler)
        flags = flags_sql(seniority, remote, self.source_expressions[0])
        parts: list[str] = []
        params: list[Any] = []
        if self.levels:
            parts.append(f"{flags} && %s::text[]")
            params.append(list(self.levels))
        if self.remote:
            parts.append(f"{flags} @> %s::text[]")
            params.append(["true"])
        return f"({' AND '.join(parts) or 'TRUE'})", tuple(params)


def remote_from_keys(filters: Filters) -> list[str]:
    """The `place_text` tokens any of which a remote job needs for `remote_from`; with
    `include_unknown`, the token of a remote job that names no area too."""
    keys: list[str] = []
    for place in filters.remote_from:
        keys.extend(places.remote_from_keys(place))
    if keys and filters.include_unknown:
        keys.append(places.REMOTE_UNKNOWN_KEY)
    return list(dict.fromkeys(keys))


def _company_keys(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(company_key(name) for name in names))


def _contains(column: str, key: str, index: bool) -> Q:
    return Q(ContainsWords(F(column), key)) if index else Q(**{f"{column}__contains": key})


def _any_contains(column: str, keys: list[str], index: bool) -> Q:
    """Any of `keys`: the one-word ones as one condition (`ContainsAnyWord`), phrases each."""
    words = [key for key in keys if len(key.split()) == 1] if index else []
    condition = Q(ContainsAnyWord(F(column), words)) if len(words) > 1 else Q()
    for key in keys:
        if len(words) <= 1 or key not in words:
            condition |= _contains(column, key, index)
    return condition


def cutoff(days: int, now: datetime) -> datetime:
    """The start of a window of `days` days ending now: 0 is today (since midnight UTC), 1 is the
    last 24 hours, N the last N × 24 hours."""
    if days == 0:
        return now.replace(hour=0, minute=0, second=0, microsecond=0)
    return now - timedelta(days=days)


def unindexed(expression: Any, output_field: Field[Any, Any], zero: Any = 0) -> ExpressionWrapper:
    """`expression + 0`: the same value in a form no btree index serves, so the planner tests it
    on the rows another index found instead of ANDing in a bitmap of every row in its range."""
    return ExpressionWrapper(expression + Value(zero), output_field=output_field)


def salary_top() -> Coalesce:
    """The top of a posting's annual pay range (its minimum when it states no maximum; NULL
    when it states no pay), as `_salary_matches` reads it. One expression, so the planner sizes a
    pay condition by the statistics on the same expression (`job_salary_top_stats`, migration
    boards/0030; SQLite keeps an index on it)."""
    return Coalesce(F("salary_annual_max"), F("salary_annual_min"))


def posted_or_seen() -> Coalesce:
    """When a job was posted, else first seen: what `posted_within_days` bounds, as one expression
    so that an index on it (`job_posted_idx`) serves the bound."""
    return Coalesce(F("posted_at"), F("first_seen_at"))


def unindexed_text(field: str) -> Func:
    """`field || ''`: the same text in a form no btree index serves (as `unindexed`)."""
    return Func(F(field), Value(""), function="", arg_joiner=" || ", output_field=CharField())


# How `filters_q` states "the row's board is a tech company": `in`, a subquery of the tech boards
# (`TechCompany`), or `flag`, the row's own `tech` column (jobs only: `Job.tech`, kept with the
# board's share; the search plans, docs/internals.md "Tech companies").
TechForm = Literal["in", "flag"]


class TechCompany(Func):
    """The row's board is a tech company (`tech_share >= TECH_COMPANY_SHARE`), the condition of
    `tech_companies_only` over rows without a flag of their own (change rows: the feed), as
    `resource_id IN (tech boards)`, read at the time of the statement, so the answer is always
    the predicate's."""

    output_field = BooleanField()
    conditional = True

    def __init__(self) -> None:
        boards = Resource.objects.filter(tech_share__gte=TECH_COMPANY_SHARE).values("pk")
        super().__init__(F("resource_id"), Subquery(boards))

    def as_sql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, tuple[Any, ...]]:  # type: ignore[override]
        board, board_params = compiler.compile(self.source_expressions[0])
        boards, boards_params = compiler.compile(self.source_expressions[1])
        return f"{board} IN {boards}", (*board_params, *boards_params)


def filters_q(
    filters: Filters,
    *,
    index: bool = True,
    ranges: bool = True,
    kinds: bool = True,
    posted: bool = True,
    tech: TechForm = "in",
    flags: bool = True,
    now: datetime | None = None,
) -> Q:
    """A `Q` over `JobFields` columns (and `first_seen_at`) with the meaning of `filters_match`.
    Terms are tested in the form the word indexes serve (`ContainsWords`), or with `index=False`
    as plain substring tests, which are cheaper to evaluate row by row on rows read in another
    order. With `ranges=False` the pay and experience bounds are stated so that no index serves
    them (`+ 0`): when rarer word conditions drive a read through the indexes, a bitmap of every
    job within a common range costs more than testing the rows they found. `kinds=False` does the
    same for the employment type and visa sponsorship (a bitmap of 800,000 full-time or unknown
    jobs was ANDed with the word index's 26,000 at 1M), and `posted=False` for "posted within N
    days" (`job_posted_idx`: worth ANDing when it is rare next to the words, not for 30 days).
    `tech` is the form of `tech_companies_only` (`TechForm`; `flag` over jobs only). With
    `flags=False` the level and remote are plain column tests, not the flags array's (an index
    read that asks job_words for a remote job's level key instead). Freshness is relative to
    `now` (default: the current time)."""
    now = now or timezone.now()
    condition = Q()
    if filters.posted_within_days is not None:
        since = cutoff(filters.posted_within_days, now)
        moment = posted_or_seen() if posted else unindexed(posted_or_seen(), DateTimeField(), timedelta(0))
        condition &= Q(GreaterThanOrEqual(moment, since))
    if filters.max_days_open is not None:
        condition &= Q(first_seen_at__gte=now - timedelta(days=filters.max_days_open))
    keys = filters.keys
    if keys.keywords:
        condition &= _any_contains("search_text", keys.keywords, index)
    for key in keys.all_keywords:
        condition &= _contains("search_text", key, index)
    for key in keys.exclude_keywords:
        # No index serves a negation: always the substring test, cheaper row by row.
        condition &= ~_contains("search_text", key, index=False)
    if keys.locations:
        condition &= _any_contains("place_text", keys.locations, index)
    if filters.seniority or filters.remote_only:
        condition &= Q(FlagsMatch(levels=filters.seniority, remote=filters.remote_only, plain=not flags))
    if filters.remote_from:
        condition &= Q(remote=True) & _any_contains("place_text", keys.remote_from, index)
    if filters.visa_sponsorship:
        visa = F("visa_sponsorship") if kinds else unindexed_text("visa_sponsorship")
        condition &= Q(In(visa, ["yes", ""])) if filters.include_unknown else Q(Exact(visa, "yes"))
    if filters.employment_types:
        types = list(filters.employment_types) + ([""] if filters.include_unknown else [])
        condition &= Q(In(F("employment_type") if kinds else unindexed_text("employment_type"), types))
    if filters.companies:
        condition &= Q(company_key__in=keys.companies)
    if filters.exclude_companies:
        condition &= ~Q(company_key__in=keys.exclude_companies)
    if filters.exclude_staffing_agencies:
        condition &= Q(staffing_agency=False)
    if filters.min_salary is not None:
        top = salary_top() if ranges else unindexed(salary_top(), FloatField())
        top_reaches = Q(GreaterThanOrEqual(top, filters.min_salary))
        if filters.salary_currency:
            top_reaches &= Q(salary_currency=filters.salary_currency) | Q(salary_currency="")
        unknown = Q(IsNull(top, True))
        condition &= (top_reaches | unknown) if filters.include_unknown else top_reaches
    if filters.max_experience_years is not None:
        years = F("experience_years") if ranges else unindexed(F("experience_years"), FloatField())
        within = Q(LessThanOrEqual(years, filters.max_experience_years))
        condition &= (within | Q(IsNull(years, True))) if filters.include_unknown else within
    if filters.tech_companies_only:
        # The job's own flag (search over jobs), else a subquery, not a join: the search plans
        # compile this WHERE clause over boards_job alone (watches/services/search.py).
        condition &= Q(tech=True) if tech == "flag" else Q(TechCompany())
    return condition


def where_sql(model: type[Model], condition: Q) -> tuple[str, list[Any]]:
    """`condition` over `model`'s table compiled to SQL once, without a queryset
    (`Query.build_where`), for a statement written around it: columns qualified by the table's
    name, "TRUE" for no condition. Building and compiling a queryset costs several times more
    (watches/services/search.py, changes/services/compiled.py)."""
    query = Query(model)
    where = query.build_where(condition)
    # The connection itself, not the thread-local proxy: compiling reads it thousands of times.
    database = connections[DEFAULT_DB_ALIAS]
    params: Sequence[Any]
    try:
        sql, params = where.as_sql(query.get_compiler(connection=database), database)
    except FullResultSet:  # no condition
        sql, params = "TRUE", ()
    except EmptyResultSet:  # a condition nothing meets (an empty list)
        sql, params = "FALSE", ()
    return sql or "TRUE", list(params)


def filters_match(filters: Filters, row: Any, *, now: datetime | None = None) -> bool:
    """Whether one object with the `JobFields` attributes matches, as `filters_q` would."""
    now = now or timezone.now()
    if filters.posted_within_days is not None:
        since = cutoff(filters.posted_within_days, now)
        seen = row.posted_at if row.posted_at is not None else row.first_seen_at
        if seen is None or seen < since:
            return False
    opened_since = now - timedelta(days=filters.max_days_open) if filters.max_days_open is not None else None
    if opened_since is not None and (row.first_seen_at is None or row.first_seen_at < opened_since):
        return False
    keys = filters.keys
    search_text: str = row.search_text or ""
    if keys.keywords and not any(key in search_text for key in keys.keywords):
        return False
    if any(key not in search_text for key in keys.all_keywords):
        return False
    if any(key in search_text for key in keys.exclude_keywords):
        return False
    if keys.locations:
        place_text: str = row.place_text or ""
        if not any(key in place_text for key in keys.locations):
            return False
    if filters.seniority and row.seniority not in filters.seniority:
        return False
    if filters.remote_only and row.remote is not True:
        return False
    if filters.remote_from:
        place_text = row.place_text or ""
        if row.remote is not True or not any(key in place_text for key in keys.remote_from):
            return False
    if filters.visa_sponsorship:
        allowed = ("yes", "") if filters.include_unknown else ("yes",)
        if (row.visa_sponsorship or "") not in allowed:
            return False
    if filters.employment_types:
        kind = row.employment_type or ""
        if kind not in filters.employment_types and not (kind == "" and filters.include_unknown):
            return False
    if filters.companies and row.company_key not in keys.companies:
        return False
    if filters.exclude_companies and row.company_key in keys.exclude_companies:
        return False
    if filters.exclude_staffing_agencies and row.staffing_agency:
        return False
    if filters.min_salary is not None and not _salary_matches(filters, row):
        return False
    if filters.max_experience_years is not None:
        years = row.experience_years
        if years is None:
            if not filters.include_unknown:
                return False
        elif years > filters.max_experience_years:
            return False
    return not filters.tech_companies_only or is_tech_company(row.resource.tech_share)


class RowBatch:
    """Rows to be tested against many `Filters` (the webhook fan-out tests a batch of changes
    against every distinct search). The rows holding each `keywords` key are found once per key
    for the whole batch, and `candidates` gives a filters' predicate only the rows holding one of
    its keywords: a row holding none fails `filters_match` on that test alone (the same substring
    test), so leaving it out changes no result. Most searches name a keyword, and most rows of a
    batch hold none of a search's keywords."""

    def __init__(self, rows: Sequence[Any]) -> None:
        self.rows = list(rows)
        self._holding: dict[str, frozenset[int]] = {}

    def candidates(self, filters: Filters) -> list[Any]:
        """The rows, in order, that may match `filters`."""
        keywords = filters.keys.keywords
        if not keywords:
            return self.rows
        positions: set[int] = set()
        for key in keywords:
            held = self._holding.get(key)
            if held is None:
                held = frozenset(n for n, row in enumerate(self.rows) if key in (row.search_text or ""))
                self._holding[key] = held
            positions |= held
        return [self.rows[n] for n in sorted(positions)]


def _salary_matches(filters: Filters, row: Any) -> bool:
    assert filters.min_salary is not None
    top = row.salary_annual_max if row.salary_annual_max is not None else row.salary_annual_min
    if top is None:
        return filters.include_unknown
    if top < filters.min_salary:
        return False
    return not filters.salary_currency or (row.salary_currency or "") in ("", filters.salary_currency)


def search_feed_q(filters: Filters, *, now: datetime | None = None, index: bool = True) -> Q:
    """The change rows a search watch reads (boards/groups.py): a vacancy's one announcing
    JOB_ADDED, its reposts if asked for, and a location joining an open vacancy, or a repost in a
    place its earlier life never had, when that is what makes the watch's location filter match
    for the first time. A repost of a vacancy remembered without places stays unannounced. `index`
    as for `filters_q`."""
    roles = Q(role="new") | Q(role="repost") if filters.include_reposts else Q(role="new")
    place_keys = filters.keys.locations
    if place_keys:
        first_here = ~_any_contains("prior_place_text", place_keys, False)
        roles |= Q(role="grown") & first_here
        if not filters.include_reposts:  # a repost into the area is news to the watch
            roles |= Q(role="repost") & ~Q(prior_place_text="") & first_here
    return roles & filters_q(filters, now=now, index=index)


def search_feed_roles(filters: Filters) -> tuple[str, ...]:
    """The roles of the change rows `search_feed_q` can match: a row of any other role never
    matches (the feed's search walk reads one role at a time, changes/services/reads.py)."""
    roles: tuple[str, ...] = ("new",)
    if filters.include_reposts or filters.keys.locations:
        roles += ("repost",)
    if filters.keys.locations:
        roles += ("grown",)
    return roles


def search_feed_role_q(filters: Filters, role: str, *, now: datetime | None = None, index: bool = True) -> Q:
    """`search_feed_q` for the rows of `role` (one of `search_feed_roles`), the role itself not
    tested: a row of that role matches `search_feed_q` exactly when it matches this, which is
    `search_feed_role_only_q` and `filters_q`."""
    return search_feed_role_only_q(filters, role) & filters_q(filters, now=now, index=index)


def search_feed_role_only_q(filters: Filters, role: str) -> Q:
    """What `search_feed_q` asks of a row of `role` beyond `filters_q` (nothing for "new")."""
    assert role in search_feed_roles(filters)
    condition = Q()
    if role != "new" and not (role == "repost" and filters.include_reposts):
        condition = ~_any_contains("prior_place_text", filters.keys.locations, False)
        if role == "repost":
            condition = ~Q(prior_place_text="") & condition
    return condition


def search_feed_match(filters: Filters, row: Any, *, now: datetime | None = None) -> bool:
    """`search_feed_q` in memory (webhook fan-out)."""
    role = row.role
    if role == "grown" or (role == "repost" and not filters.include_reposts):
        place_keys = filters.keys.locations
        prior: str = row.prior_place_text or ""
        if not place_keys or (role == "repost" and not prior) or any(key in prior for key in place_keys):
            return False
    elif role != "new" and not (role == "repost" and filters.include_reposts):
        return False
    return filters_match(filters, row, now=now)
