from __future__ import annotations

import pytest

from matching.places import (
    Place,
    city_spelled_like,
    is_place,
    place_filter_keys,
    place_text_for,
    places_as_dicts,
    region_named_by_code,
    remote_from_keys,
    resolve,
)


def location_matches(location_filter: str, *locations: str, remote: bool = False) -> bool:
    text = place_text_for(locations=list(locations), remote=remote)
    return any(key in text for key in place_filter_keys(location_filter))


RESOLVED = [
    ("San Francisco, CA", [Place("San Francisco", "US-CA", "US")]),
    ("Austin, Texas", [Place("Austin", "US-TX", "US")]),
    ("Austin TX", [Place("Austin", "US-TX", "US")]),
    ("Austin", [Place("Austin", "US-TX", "US")]),
    ("NYC", [Place("New York City", "US-NY", "US")]),
    ("New York, NY, United States", [Place("New York City", "US-NY", "US")]),
    ("London, UK", [Place("London", "GB-ENG", "GB")]),
    ("London, Ontario", [Place("London", "CA-ON", "CA")]),
    ("Toronto, ON, Canada", [Place("Toronto", "CA-ON", "CA")]),
    ("Berlin, Germany", [Place("Berlin", "DE-BE", "DE")]),
    ("München", [Place("Munich", "DE-BY", "DE")]),
    ("Bangalore, India", [Place("Bengaluru", "IN-KA", "IN")]),
    ("Washington, DC", [Place("Washington", "US-DC", "US")]),
    ("Washington", [Place(None, "US-WA", "US")]),
    ("California", [Place(None, "US-CA", "US")]),
    ("Bay Area", [Place(None, "US-CA", "US")]),
    ("Germany", [Place(None, None, "DE")]),
    ("Perth, WA", [Place("Perth", "AU-WA", "AU")]),
    ("Victoria, BC", [Place("Victoria", "CA-BC", "CA")]),
    ("Remote - US", [Place(None, None, "US", remote=True)]),
    ("Remote (EMEA)", [Place(None, "EMEA", None, remote=True)]),
    ("Remote", [Place(None, None, None, remote=True)]),
    ("Remote (US or Canada)", [Place(None, None, "US", remote=True), Place(None, None, "CA", remote=True)]),
    ("San Francisco, CA; New York, NY", [Place("San Francisco", "US-CA", "US"), Place("New York City", "US-NY", "US")]),
    ("Hybrid - Boston, MA", [Place("Boston", "US-MA", "US")]),
    ("Smallville, KS", [Place("Smallville", "US-KS", "US")]),
    ("Headquarters", []),
    # The gazetteer spells each town's honorific one way; either spelling finds it, and the
    # qualifier chooses among the namesakes ("MN" is Minnesota here, never Mongolia).
    ("St. Paul, MN", [Place("Saint Paul", "US-MN", "US")]),
    ("St Paul, Minnesota", [Place("Saint Paul", "US-MN", "US")]),
    ("Saint Paul, AB", [Place("St. Paul", "CA-AB", "CA")]),
    ("Mt. Pleasant, SC", [Place("Mount Pleasant", "US-SC", "US")]),
    ("Ft. Worth, TX", [Place("Fort Worth", "US-TX", "US")]),
    ("St. Louis, MO", [Place("St. Louis", "US-MO", "US")]),
    # At any word of the name, not only the first.
    ("Port St. Lucie, FL", [Place("Port Saint Lucie", "US-FL", "US")]),
    ("Port St Lucie", [Place("Port Saint Lucie", "US-FL", "US")]),
    ("Fort St. John, BC", [Place("Fort St. John", "CA-BC", "CA")]),
    ("Ft St John, BC", [Place("Fort St. John", "CA-BC", "CA")]),
    # A US state followed by "state" is the state, never the city of its name.
    ("New York State", [Place(None, "US-NY", "US")]),
    ("Washington State", [Place(None, "US-WA", "US")]),
    # A metro's name or nickname is the metro (its own region), before a town of that name.
    ("DFW", [Place(None, "US-TX", "US")]),
    ("Dallas-Fort Worth, TX", [Place(None, "US-TX", "US")]),
    ("The Triangle", [Place(None, "US-NC", "US")]),
    ("Triangle, VA", [Place("Triangle", "US-VA", "US")]),
    ("DMV", [Place(None, "US-DC", "US")]),
    # So is a county's: "Orange County" is California's; another state's is read as written.
    ("Orange County", [Place(None, "US-CA", "US")]),
    ("Orange County, FL", [Place("Orange County", "US-FL", "US")]),
    ("Montgomery County, MD", [Place(None, "US-MD", "US")]),
    # A group of regions reads as its regions.
    ("Pacific Northwest", [Place(None, "US-WA", "US"), Place(None, "US-OR", "US")]),
    # A code that is a company's legal form too (WORD_CODES: AB, AG, AS, BV, KG, SA) is a place only with
    # a place it agrees with: "AB" qualifies Calgary or is Alberta before "Canada"; alone or beside a
    # Swedish town it is the aktiebolag.
    ("Calgary, AB", [Place("Calgary", "CA-AB", "CA")]),
    ("Edmonton AB", [Place("Edmonton", "CA-AB", "CA")]),
    ("AB, Canada", [Place(None, "CA-AB", "CA")]),
    ("AB", []),
    ("Remote - AB", [Place(None, None, None, remote=True)]),
    ("Stockholm, AB", [Place("Stockholm", None, "SE")]),
    ("Klarna AB, Stockholm", [Place("Stockholm", None, "SE")]),
    ("AB, Sweden", [Place(None, None, "SE")]),
    ("Zürich, AG", [Place("Zürich", None, "CH")]),
    ("AG", []),
    ("Oslo, AS", [Place("Oslo", None, "NO")]),
    ("As, Belgium", [Place("As", None, "BE")]),
    ("Amsterdam, BV", [Place("Amsterdam", None, "NL")]),
    # "SA" is a company's form too (société / sociedad anónima): a place only beside one it agrees with.
    ("Acme SA", []),
    ("SA", []),
    ("Nestlé SA, Vevey", [Place("Vevey", None, "CH")]),
    ("Adelaide, SA", [Place("Adelaide", "AU-SA", "AU")]),
    ("Riyadh, SA", [Place("Riyadh", None, "SA")]),
    ("Johannesburg, SA", [Place("Johannesburg", None, "ZA")]),
    ("SA, Australia", [Place(None, "AU-SA", "AU")]),
    # A region's ISO 3166-2 code ("CA-AB", "US-TX"), as some boards and agents write it.
    ("CA-AB", [Place(None, "CA-AB", "CA")]),
    ("Calgary, CA-AB", [Place("Calgary", "CA-AB", "CA")]),
    ("US-TX", [Place(None, "US-TX", "US")]),
    ("Remote - US-CA", [Place(None, "US-CA", "US", remote=True)]),
    ("Sydney, AU-NSW", [Place("Sydney", "AU-NSW", "AU")]),
    # A region's code before a country it is in is the region, not a town of that name ("Wa", Ghana).
    ("WA, US", [Place(None, "US-WA", "US")]),
    ("WA, Australia", [Place(None, "AU-WA", "AU")]),
    ("CA, US", [Place(None, "US-CA", "US")]),
    ("Wa, Ghana", [Place("Wa", None, "GH")]),
    # A city's name in its own language; a qualifier still chooses the town the alias is not.
    ("Roma", [Place("Rome", None, "IT")]),
    ("Roma, QLD", [Place("Roma", "AU-QLD", "AU")]),
    ("Firenze", [Place("Florence", None, "IT")]),
    # A city's short code as boards write it (Eightfold's "HKI, Uusimaa,FI"); a comma needs no space.
    ("HKI", [Place("Helsinki", None, "FI")]),
    ("HKI, Finland", [Place("Helsinki", None, "FI")]),
    ("Helsinki,Finland", [Place("Helsinki", None, "FI")]),
    ("Berlin,Germany", [Place("Berlin", "DE-BE", "DE")]),
    ("Austin,TX", [Place("Austin", "US-TX", "US")]),
]


@pytest.mark.parametrize(("location", "expected"), RESOLVED)
def test_a_location_resolves_to_its_places(location: str, expected: list[Place]) -> None:
    assert resolve(location) == expected


def test_a_company_form_is_no_place_a_filter_finds() -> None:
    assert not location_matches("Alberta", "Stockholm, AB")
    assert not location_matches("Alberta", "AB")
    assert location_matches("Alberta", "Calgary, AB")
    assert location_matches("Sweden", "Stockholm, AB")
    assert not is_place("ab") and is_place("Calgary, AB")
    assert not location_matches("South Australia", "Acme SA")
    assert not location_matches("Saudi Arabia", "SA")
    assert location_matches("South Australia", "Adelaide, SA")
    assert location_matches("Alberta", "CA-AB") and location_matches("Canada", "Calgary, CA-AB")


GEOGRAPHY = [
    # (filter, job locations, remote flag, matches)
    ("California", ["San Francisco, CA"], False, True),
    ("California", ["Austin, TX"], False, False),
    ("California", ["Remote - US"], False, True),
    ("Bay Area", ["San Francisco, CA"], False, True),
    ("Bay Area", ["Oakland, CA"], False, True),
    ("Bay Area", ["San Jose, California"], False, True),
    ("Bay Area", ["Palo Alto"], False, True),
    ("Bay Area", ["Mountain View, CA"], False, True),
    ("Bay Area", ["Los Angeles, CA"], False, False),
    ("Bay Area", ["San Jose, Costa Rica"], False, False),
    ("US", ["Austin, TX"], False, True),
    ("United States", ["New York, NY"], False, True),
    ("USA", ["Seattle, WA"], False, True),
    ("US", ["Remote - US"], False, True),
    ("US", ["Remote (US or Canada)"], False, True),
    ("US", ["Berlin, Germany"], False, False),
    ("US", ["Remote - Germany"], False, False),
    ("Germany", ["Remote - US"], False, False),
    ("Germany", ["Berlin"], False, True),
    ("Germany", ["Remote (EMEA)"], False, True),
    ("Germany", ["Remote, Europe"], False, True),
    ("Germany", ["Anywhere"], False, True),
    ("Germany", ["Remote"], False, False),
    ("NYC", ["New York, NY"], False, True),
    ("New York", ["NYC"], False, True),
    ("NYC", ["New York City"], False, True),
    ("NYC", ["Newark, NJ"], False, False),
    ("Austin, TX", ["Austin, Texas"], False, True),
    ("Austin", ["Austin, TX"], False, True),
    ("Austin, TX", ["Austin, MN"], False, False),
    ("Austin", ["Remote - US"], False, True),
    ("London, UK", ["London, Ontario"], False, False),
    ("London, UK", ["London"], False, True),
    ("London, UK", ["London, England"], False, True),
    ("London, Ontario", ["London, ON, Canada"], False, True),
    ("London", ["London, Ontario"], False, False),
    ("Europe", ["Paris, France"], False, True),
    ("Europe", ["Remote (EMEA)"], False, True),
    ("EMEA", ["Dubai, UAE"], False, True),
    ("remote", ["Remote - US"], False, True),
    ("remote", ["Austin, TX"], True, True),
    ("remote", ["Austin, TX"], False, False),
    ("Texas", ["Austin, TX"], True, True),
    ("US", ["Austin, TX"], True, True),
    ("Toronto", ["Toronto, ON"], False, True),
    ("Canada", ["Vancouver, BC"], False, True),
    ("Gotham", ["Gotham HQ"], False, True),
    ("Gotham", ["Metropolis"], False, False),
    ("Seattle", ["Seattle, WA / Remote"], False, True),
    ("Washington, DC", ["Seattle, WA"], False, False),
    ("Washington", ["Seattle, WA"], False, True),
    # Metro nicknames: every member town, in the metro's regions only.
    ("DFW", ["Plano, TX"], False, True),
    ("DFW", ["Fort Worth, Texas"], False, True),
    ("DFW", ["Arlington, VA"], False, False),
    ("DMV", ["Arlington, VA"], False, True),
    ("DMV", ["Bethesda, MD"], False, True),
    ("DMV", ["Washington, DC"], False, True),
    ("NoVA", ["Reston, VA"], False, True),
    ("NoVA", ["Bethesda, MD"], False, False),
    ("Twin Cities", ["St. Paul, MN"], False, True),
    ("Twin Cities", ["Eden Prairie, MN"], False, True),
    ("ATX", ["Round Rock, TX"], False, True),
    ("the Triangle", ["Durham, NC"], False, True),
    ("Research Triangle", ["Cary, NC"], False, True),
    ("the Triangle", ["Durham, England"], False, False),
    # A remote job scoped to any state of a metro that spans several is in the metro's reach, as
    # for a group of states ("PNW" and a job remote in Oregon only).
    ("DMV", ["Remote - Virginia"], True, True),
    ("DMV", ["Remote (Maryland)"], True, True),
    ("DMV", ["Remote - DC"], True, True),
    ("DMV", ["Remote - Texas"], True, False),
    ("NoVA", ["Remote - Maryland"], True, False),
    ("DFW", ["Remote - Oklahoma"], True, False),
    ("PNW", ["Remote - Oregon"], True, True),
    ("PNW", ["Portland, OR"], False, True),
    ("PNW", ["Seattle, WA"], False, True),
    ("PNW", ["Portland, ME"], False, False),
    ("New England", ["Boston, MA"], False, True),
    # Sales territories are zones.
    ("US", ["Remote - NAMER"], True, True),
    ("Canada", ["Remote (AMER)"], True, True),
    ("Germany", ["Remote - NAMER"], True, False),
    # The US's regions by name: groups of states.
    ("East Coast", ["Miami, FL"], False, True),
    ("East Coast", ["Remote - Virginia"], True, True),
    ("East Coast", ["Denver, CO"], False, False),
    ("West Coast", ["Portland, OR"], False, True),
    ("Midwest", ["Chicago, IL"], False, True),
    ("Midwest", ["Austin, TX"], False, False),
    ("Washington State", ["Seattle, WA"], False, True),
    ("Washington State", ["Washington, DC"], False, False),
    ("Port St. Lucie", ["Port Saint Lucie, FL"], False, True),
    # Counties job searches name: their towns, in their state only; the name before a town's.
    ("Orange County", ["Irvine, CA"], False, True),
    ("Orange County", ["Costa Mesa, California"], False, True),
    ("Orange County", ["Orange County, CA"], False, True),
    ("Orange County", ["Orlando, FL"], False, False),
    ("Orange County, CA", ["Anaheim, CA"], False, True),
    ("Greater Los Angeles", ["Irvine, CA"], False, True),
    ("Santa Clara County", ["Sunnyvale, CA"], False, True),
    ("Santa Clara County", ["San Francisco, CA"], False, False),
    ("King County", ["Redmond, WA"], False, True),
    ("King County, WA", ["Bellevue, WA"], False, True),
    ("Montgomery County", ["Rockville, MD"], False, True),
    ("Montgomery County", ["Montgomery, AL"], False, False),
    ("Fairfax County", ["Reston, VA"], False, True),
    ("Prince George's County", ["College Park, MD"], False, True),
    ("Miami-Dade County", ["Doral, FL"], False, True),
    ("LA County", ["Pasadena, CA"], False, True),
    ("Orange County", ["Remote - California"], True, True),
    ("Orange County", ["Remote - Florida"], True, False),
]


@pytest.mark.parametrize(("location_filter", "locations", "remote", "expected"), GEOGRAPHY)
def test_a_location_filter_understands_geography(
    location_filter: str, locations: list[str], remote: bool, expected: bool
) -> None:
    assert location_matches(location_filter, *locations, remote=remote) is expected


def test_any_of_a_jobs_locations_can_match() -> None:
    assert location_matches("Austin", "New York, NY", "Austin, TX")


def test_place_text_is_padded_tokens_like_search_text() -> None:
    text = place_text_for(locations=["Austin, TX"], remote=False)
    assert text.startswith(" ci0austin0ustx ") and text.endswith(" austin tx ")
    assert " re0ustx " in text and " co0us " in text and " zo0northamerica " in text


def test_remote_region_tokens_name_the_area_a_posting_can_be_worked_from() -> None:
    assert " ra0us " in place_text_for(locations=["Remote - US"], remote=True)
    assert " ra0world " in place_text_for(locations=["Remote - Worldwide"], remote=True)


def test_every_place_token_is_one_alphanumeric_word_so_its_trigrams_are_selective() -> None:
    text = place_text_for(locations=["San Francisco, CA", "Remote (EMEA)"], remote=True)
    head = text.split(" | ")[0]
    assert all(token.isalnum() for token in head.split())


def test_every_place_of_a_job_is_exposed_with_unresolved_text_listed() -> None:
    assert places_as_dicts(["Austin, TX", "Remote - US", "Main Office"]) == [
        {"city": "Austin", "region": "US-TX", "country": "US", "remote": False},
        {"city": None, "region": None, "country": "US", "remote": True},
        {"unresolved": "Main Office"},
    ]


def test_a_filter_never_yields_an_empty_key() -> None:
    assert place_filter_keys("") == []
    assert place_filter_keys("   ") == []
    assert all(key.strip() for key in place_filter_keys("Main Office"))


def test_a_group_of_countries_reads_as_its_countries() -> None:
    assert remote_from_keys("DACH") and is_place("Benelux")
    assert [place.country for place in resolve("DACH")] == ["DE", "AT", "CH"]
    assert set(remote_from_keys("Germany")) <= set(remote_from_keys("DACH"))
    assert set(place_filter_keys("Austria")) & set(place_filter_keys("DACH"))


def test_remote_from_a_metro_of_several_states_is_remote_from_any_of_them() -> None:
    dmv = set(remote_from_keys("DMV"))
    assert {" ra0usdc ", " ra0usva ", " ra0usmd "} <= dmv and " ra0ustx " not in dmv
    assert " ra0usmd " not in remote_from_keys("NoVA")


def test_a_misspelt_city_is_found_one_letter_away_among_large_cities_only() -> None:
    assert city_spelled_like("Seatle", min_population=250_000) == "seattle"
    assert city_spelled_like("san fransisco", min_population=250_000) == "san francisco"
    assert city_spelled_like("banking", min_population=250_000) is None  # "Nanking" is no primary name
    assert city_spelled_like("Seattle", min_population=250_000) is None  # no typo: nothing to correct


def test_words_beside_remote_are_not_a_place() -> None:
    assert is_place("remote") and is_place("Remote (US)")
    assert not is_place("want remote python work") and not is_place("hello remote")


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("nc", "north carolina"),
        ("TX", "texas"),
        ("wa", "washington"),
        ("bc", "british columbia"),
        ("nl", "netherlands"),
        ("nsw", None),
        ("zz", None),
    ],
)
def test_a_two_letter_code_names_its_one_state_or_province(code: str, name: str | None) -> None:
    # A US state first ("wa" is also Western Australia), then a country ("nl" is also Newfoundland).
    assert region_named_by_code(code) == name
