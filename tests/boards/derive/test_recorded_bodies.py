"""Derivation on recorded platform bodies (the trimmed copies in tests/boards/fixtures and
tests/boards/sources/fixtures): the places, levels and pay real boards write, read as the agents
who search them would ask for them (docs/derived-fields.md, docs/queries.md).

iCIMS writes a location as a region's ISO 3166-2 code before the town ("CA-ON-Toronto"), which named
no place; Recruitee's German titles name heads as "Leitung" ("Leitung IT & CRM"), which had no level.
"""

from __future__ import annotations

from pathlib import Path

from boards.derive import derive_job
from boards.sources import icims, recruitee
from boards.sources.base import BoardRef
from matching.places import Place, resolve
from tests.matching.test_places import location_matches

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
SOURCE_FIXTURES = Path(__file__).resolve().parent.parent / "sources" / "fixtures"


def _board(platform: str) -> BoardRef:
    return BoardRef(platform=platform, board_url="https://example.com/x", fetch_host="example.com", key="x")


def test_an_icims_location_is_its_town_in_the_region_its_code_names() -> None:
    postings = icims.parse_search((SOURCE_FIXTURES / "icims-search.html").read_bytes(), _board("icims"))
    places = [resolve(posting.location) for posting in postings]
    assert places == [
        [Place("Toronto", "CA-ON", "CA")],
        [Place("Sarnia", "CA-ON", "CA")],
        # "Orleane" (the board's spelling of Orléans, Ottawa) is no town the gazetteer knows: kept in its region.
        [Place("Orleane", "CA-ON", "CA")],
    ]
    # The page's other cards, as the board writes them.
    assert resolve("CA-BC-Nanaimo") == [Place("Nanaimo", "CA-BC", "CA")]
    assert resolve("CA-AB-Calgary") == [Place("Calgary", "CA-AB", "CA")]


def test_a_search_for_the_town_or_its_region_finds_the_icims_posting() -> None:
    assert location_matches("Toronto", "CA-ON-Toronto")
    assert location_matches("Ontario", "CA-ON-Toronto")
    assert location_matches("Canada", "CA-AB-Calgary")
    assert location_matches("Austin, TX", "US-TX-Austin")
    assert not location_matches("Vancouver", "CA-BC-Nanaimo")
    assert not location_matches("Toronto", "CA-ON-Sarnia")


def test_a_german_head_is_the_director_level() -> None:
    postings = recruitee.parse((FIXTURES / "recruitee-offers-five.json").read_bytes(), _board("recruitee"))
    levels = [derive_job(posting, platform="recruitee").seniority for posting in postings]
    # "Leitung IT & CRM" heads IT; two internships; a team assistant and a volunteer year name no level.
    assert levels == ["mid", "director", "intern", "intern", "mid"]
