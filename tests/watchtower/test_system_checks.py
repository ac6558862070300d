from __future__ import annotations

from watchtower.checks import watchtower_settings


def ids(problems: list) -> set[str]:
    return {p.id for p in problems}


def test_a_broker_with_sqlite_is_refused(config) -> None:
    config(broker_url="redis://127.0.0.1:6379/0", database_url="")
    assert "watchtower.E001" in ids(watchtower_settings())


def test_private_networks_in_production_are_refused(config) -> None:
    config(allow_private_networks=True, profile="production", debug=False, secret_key="x" * 50)
    assert ids(watchtower_settings()) == {"watchtower.E002"}


def test_production_needs_a_secret_key(config) -> None:
    config(profile="production", debug=False, secret_key="")
    assert "watchtower.E003" in ids(watchtower_settings())


def test_the_default_development_settings_pass(config) -> None:
    config(profile="development", broker_url="", allow_private_networks=False)
    assert watchtower_settings() == []
