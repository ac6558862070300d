"""The passes in their order, and the filters they leave.

The order is the reader's one subtle rule: each pass cuts what it reads, so an earlier pass takes
its words from every later one (years before pay: "6 years" is never $6,000; places before role
words: "in Austin" is no role). The package docstring gives the order with its reasons; each pass
lives in the module named for what it reads. Some passes run only when a word they need is in the
text, which most queries lack: their scans cost nothing then.
"""

from __future__ import annotations

from watches.filters import Filters
from watches.query.cleanup import clean_up, normalise
from watches.query.clearances import CLEARANCE_WORDS, read_clearances
from watches.query.companies import read_companies
from watches.query.employment import employment_types, read_employment
from watches.query.experience import read_experience
from watches.query.freshness import read_freshness
from watches.query.levels import read_levels
from watches.query.locations import read_bare_places, read_locations
from watches.query.negations import read_negations
from watches.query.pay import read_local_dollar, read_pay
from watches.query.postcodes import read_postcodes
from watches.query.remote import read_remote, read_remote_from
from watches.query.roles import read_roles
from watches.query.state import ReaderState
from watches.query.unsupported import read_unsupported
from watches.query.visa import read_visa
from watches.query.work_modes import read_work_modes


def read_filters(text: str) -> tuple[Filters, list[str]]:
    """The filters a query says and the notes on what was guessed or left unread."""
    reader = ReaderState()
    normalise(reader, text)
    clean_up(reader)
    if any(map(str.isdigit, reader.text)):  # every postcode has a digit: most queries skip the scan
        read_postcodes(reader)
    read_freshness(reader)
    read_experience(reader)
    read_pay(reader)
    read_visa(reader)
    read_employment(reader)
    read_companies(reader)
    read_unsupported(reader)
    if CLEARANCE_WORDS.search(reader.text):
        read_clearances(reader)
    read_negations(reader)
    read_work_modes(reader)
    read_remote_from(reader)
    read_locations(reader)
    read_bare_places(reader)
    read_remote(reader)
    read_local_dollar(reader)
    read_levels(reader)
    read_roles(reader)
    filters = Filters(
        keywords=tuple(reader.keywords),
        all_keywords=tuple(reader.all_keywords),
        exclude_keywords=tuple(reader.exclude),
        locations=tuple(reader.locations),
        seniority=tuple(reader.seniority),
        remote_only=reader.remote_only,
        remote_from=tuple(reader.remote_from),
        min_salary=reader.min_salary,
        salary_currency=reader.currency if reader.min_salary is not None else None,
        max_experience_years=reader.max_years,
        visa_sponsorship=reader.visa,
        employment_types=employment_types(reader),
        companies=tuple(reader.companies),
        exclude_companies=tuple(reader.exclude_companies),
        exclude_staffing_agencies=reader.no_agencies,
        posted_within_days=reader.posted_within,
    )
    if filters.is_empty():
        reader.notes.append("Nothing in the query narrows the search; add a role, place, level or pay.")
    return filters, reader.notes
