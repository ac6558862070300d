from __future__ import annotations

from watchtower.checks import watchtower_settings


def ids(problems: list) -> set[str]:
    return {p.id for p in problems}


def test_a_broker_with_sqlite_is_refused(config) -> None:
    config(broker_url="redis://127.0.0.1:6379/0", database_url="")
    assert "watchtower.E001" in ids(watchtower_settings())


def test_private_networks_in_production_are_refused(config) -> None:
    config(allow_private_networks=True, profile="production", debug=False, secret_key="x" * 50, metrics_token="m")
    assert ids(watchtower_settings()) == {"watchtower.E002"}


def test_private_networks_in_production_are_refused_even_with_debug(config) -> None:
    """DEBUG=true used to lift the refusal (issue 15)."""
    config(allow_private_networks=True, profile="production", debug=True, secret_key="x" * 50, metrics_token="m")
    assert "watchtower.E002" in ids(watchtower_settings())


def test_production_without_a_metrics_token_is_warned(config) -> None:
    config(profile="production", secret_key="x" * 50, metrics_token="")
    assert ids(watchtower_settings()) == {"watchtower.W002"}


def test_https_in_production_without_trust_proxy_is_warned(config) -> None:
    config(
        profile="production",
        secret_key="x" * 50,
        metrics_token="m",
        public_base_url="https://watchtower.example.com",
        trust_proxy=False,
    )
    assert ids(watchtower_settings()) == {"watchtower.W003"}


def test_production_needs_a_secret_key(config) -> None:
    config(profile="production", debug=False, secret_key="")
    assert "watchtower.E003" in ids(watchtower_settings())


def test_the_default_development_settings_pass(config) -> None:
    config(profile="development", broker_url="", allow_private_networks=False)
    assert watchtower_settings() == []
