"""The normalised job: what Watchtower stores and serves (SPEC §3.3, §6). Derived fields only;
the posting text never reaches this type.

`ParsedJob` is the value a source's posting is derived into and the diff compares; the model
`boards.models.Job` is the database row that holds one in a board's open set
(`boards/services/jobstore.py` converts between them)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from datetime import UTC, datetime
from typing import Any, Literal
from urllib.parse import urlsplit

SalarySource = Literal["structured", "text"]
WEB_SCHEMES = frozenset({"http", "https"})
KEY_MAX = 600  # the width of boards.Job.key and changes.Change.job_key


# "http(s)://host" up to where urlsplit ends the host ("/", "?", "#" or the end), with none of the
# tab and newline characters urlsplit deletes before it reads a URL.
_WEB_HOST = re.compile(r"https?://([^/?#\t\r\n]*)(?:[/?#]|\Z)")


def web_url(value: str) -> str:
    """`value` if it is an absolute http(s) URL, else "". A posting's link is relayed to agents
    (and from them to people) as given, so `javascript:`, `data:` or `file:` must never be one.

    A URL that plainly starts "http://" or "https://" is judged by its host alone (what else
    urlsplit reads of it cannot make it fail), and a board's postings share their host: the host's
    answer is cached. That spares a urlsplit per posting (~4 µs, its own cache holds 128 URLs)."""
    host = _WEB_HOST.match(value)
    if host is not None:
        return value if _is_web_host(host[1]) else ""
    return _split_web_url(value)


@functools.lru_cache(maxsize=1024)
def _is_web_host(host: str) -> bool:
    return bool(_split_web_url(f"http://{host}"))


def _split_web_url(value: str) -> str:
    try:
        parts = urlsplit(value)
    except ValueError:  # an invalid IPv6 host, for one
        return ""
    return value if parts.scheme.lower() in WEB_SCHEMES and parts.netloc else ""


def served_job(data: dict[str, Any], *, now: datetime | None = None) -> dict[str, Any]:
    """A stored job as served: its `url` dropped unless it is http(s) (derivation already drops
    such links; this also covers jobs stored before it did), and `days_open`, whole days since its
    vacancy's first sighting, counted at the moment it is served."""
    url = data.get("url")
    if url is not None and not (isinstance(url, str) and web_url(url)):
        data = {key: value for key, value in data.items() if key != "url"}
    opened = _instant(data.get("first_seen_at"))
    if opened is not None:
        data = {**data, "days_open": max(0, ((now or datetime.now(UTC)) - opened).days)}
    return data


def _instant(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Salary:
    min: float | None
    max: float | None
    currency: str | None
    period: str  # year | month | half_month | two_weeks | week | day | hour
    annual_min: int | None
    annual_max: int | None
    source: SalarySource


@dataclass(frozen=True, slots=True)
class ParsedJob:
    key: str  # identity within the board: "id:<platform id>", "url:<url>" or "tl:<title|location>"
    title: str
    company: str = ""
    location: str = ""
    other_locations: tuple[str, ...] = ()
    department: str = ""
    url: str = ""
    posted_at: str | None = None
    remote: bool = False
    workplace_type: str = "unknown"  # remote | hybrid | onsite | unknown
    seniority: str = "mid"
    salary: Salary | None = None
    experience_years: float | None = None
    experience_years_max: float | None = None
    experience_source: str | None = None  # "structured" | "text"
    employment_type: str | None = None  # full_time | part_time | contract | temporary | internship
    employment_type_source: str | None = None  # "structured" | "text"
    visa_sponsorship: str | None = None  # "yes" | "no"
    visa_evidence: str | None = None  # the phrase it was read from
    remote_scope: tuple[str, ...] = ()  # where a remote job can be worked from: "US", "US-CA", "EMEA", "worldwide"
    staffing_agency: bool = False  # posted by a staffing agency (docs/derived-fields.md lists the signals)
    partial: bool = False
    details_read: bool = False  # detail-page fields were read once; carried over on later checks
    platform_id: str = ""
    # The vacancy this posting is one of (matching/identity.py): `group` within the board, fixed at
    # the posting's first sighting; `vacancy` across boards ("" when the text cannot tell).
    group: str = ""
    vacancy: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def as_dict(self) -> dict[str, Any]:
        """The job as served to agents: absent values are omitted, never null."""
        return _as_dict(self)


# Fields `as_dict` serves otherwise than as they are.
_LISTED = frozenset({"other_locations", "remote_scope"})
_FLAGS = frozenset({"details_read", "staffing_agency"})
_WHOLE_YEARS = frozenset({"experience_years", "experience_years_max"})


def _served_names(kind: type) -> tuple[str, ...]:
    """The names of a dataclass's fields, in order, but `extra` (never served)."""
    return tuple(f.name for f in fields(kind) if f.name != "extra")


def _compile_as_dict(*, sort: bool = False) -> Callable[[ParsedJob], dict[str, Any]]:
    """`ParsedJob.as_dict`, written out field by field from the dataclass's own fields (as
    `dataclasses` writes `__init__`): in field order, a value that is None, "" or an empty list
    left out, and an empty tuple or an unset flag too; a tuple served as a list, the salary as a
    dict of its parts that are set, whole years as an int ("5 years", not 5.0). Not
    dataclasses.asdict, which deep-copies every value. A check of a new 100,000-posting board
    serves and hashes every job: the generic loop over (name, value) pairs this replaces took
    4.7 µs a job, this 2.9 µs (tests/boards/test_diff.py compares it with the definition by
    fields); a true value served without comparing it to "" and [] first, 1.76 -> 1.07 µs for
    the sorted form (best of 7 over 2,000 of bench/big_board.py's jobs, load 3.9); a listed
    field or a flag tested by its truth alone, 0.87 -> 0.67 µs (best of 9, load 4). With `sort`,
    the names (the salary's too) in sorted order: the job hash's JSON (boards/diff.py) is written
    in that order, and a dict made so needs no sorting."""
    order: Callable[[tuple[str, ...]], Any] = sorted if sort else tuple
    lines = ["def as_dict(job):", "    data = {}"]
    for name in order(_served_names(ParsedJob)):
        # A true value is served whatever it is (most are: a title, a place); only a false one
        # is compared (`value == []` built a list and compared it, for every value), and not
        # even that of a listed field or a flag, whose false value is never served.
        served = (
            "value"
            if name in _LISTED or name in _FLAGS
            else "value or not (value is None or value == '' or value == [])"
        )
        lines += [f"    value = job.{name}", f"    if {served}:"]
        if name == "salary":
            lines.append("        salary = {}")
            for part in order(_served_names(Salary)):
                lines += [f"        if value.{part} is not None:", f"            salary[{part!r}] = value.{part}"]
            lines.append("        data['salary'] = salary")
        elif name in _LISTED:
            lines.append(f"        data[{name!r}] = list(value)")
        elif name in _WHOLE_YEARS:
            lines.append(
                f"        data[{name!r}] = int(value) if isinstance(value, float) and value.is_integer() else value"
            )
        else:
            lines.append(f"        data[{name!r}] = value")
    lines.append("    return data")
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), namespace)  # the code above, made of the field names alone
    compiled: Callable[[ParsedJob], dict[str, Any]] = namespace["as_dict"]
    return compiled


_as_dict = _compile_as_dict()
# `as_dict` with its names in sorted order, for the job hash (boards/diff.py `job_hash`).
sorted_dict = _compile_as_dict(sort=True)


def compile_init(kind: type) -> Callable[..., None]:
    """The `__init__` `dataclasses` writes for a frozen dataclass with slots (the same
    parameters, defaults and default factories, in field order), the values set as plain
    attributes of an instance of an open twin of the class (`_open_twin`: the same slots, no
    `__setattr__` of its own), the instance's class set back after: the frozen class refuses
    plain assignment, and the generic `object.__setattr__`, one per field, was most of the 5.7 µs
    a `ParsedJob` took to build; each slot's own setter called instead took 3.4 µs (timeit, 9
    fields given; 1.18 µs for all 26 given positionally), a plain assignment of the twin's slot
    with the two class changes 0.32 µs. A new board's first read builds one per posting, a later
    read one per stored row (`StoredJob`, a subclass without slots of its own, whose instances
    change class as `kind`'s do): 100,000 of them. tests/boards/test_job_init.py compares it
    with the dataclass's own."""
    namespace: dict[str, Any] = {"_MISSING": MISSING, "_Open": _open_twin(kind), "_set_class": _set_class}
    parameters: list[str] = []
    lines: list[str] = ["    kind = type(self)", "    _set_class(self, _Open)"]
    for index, item in enumerate(fields(kind)):
        value = item.name
        if item.default is not MISSING:
            namespace[f"_default_{index}"] = item.default
            parameters.append(f"{item.name}=_default_{index}")
        elif item.default_factory is not MISSING:
            namespace[f"_factory_{index}"] = item.default_factory
            parameters.append(f"{item.name}=_MISSING")
            value = f"_factory_{index}() if {item.name} is _MISSING else {item.name}"
        else:
            parameters.append(item.name)
        lines.append(f"    self.{item.name} = {value}")
    lines.append("    _set_class(self, kind)")
    exec(f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(lines), namespace)  # field names alone
    compiled: Callable[..., None] = namespace["__init__"]
    compiled.__qualname__ = f"{kind.__qualname__}.__init__"
    return compiled


# `object.__setattr__(instance, "__class__", cls)` without the name's look-up: Python lets an
# instance change class between two classes of the same layout (the same slots on the same base).
_set_class = object.__dict__["__class__"].__set__


def _open_twin(kind: type) -> type:
    """A class with `kind`'s slots (so its instances and `kind`'s share their layout) and no
    `__setattr__` of its own, which plain assignment to a slot takes the quick path of."""
    return type(f"_Open{kind.__name__}", (object,), {"__slots__": kind.__dict__["__slots__"]})


_dataclass_init = ParsedJob.__init__  # what `compile_init` writes out (its test compares the two)
ParsedJob.__init__ = compile_init(ParsedJob)  # type: ignore[method-assign]
