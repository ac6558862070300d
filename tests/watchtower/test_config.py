from __future__ import annotations

import pytest

from watchtower.config import ConfigError, load


def test_it_uses_the_documented_defaults_with_an_empty_environment() -> None:
    config = load({})
    assert config.embedded is True
    assert config.database_url == ""
    assert config.min_check_interval_seconds == 300
    assert config.host_min_spacing_ms == 2000
    assert config.index_enabled is True
    assert config.index_check_interval_seconds == 14400
    assert config.index_max_promoted == 5000
    assert config.max_watches_per_client == 50
    assert config.max_resources_per_host == 100
    assert config.max_active_resources == 50000
    assert config.watch_ttl_days == 30
    assert config.change_retention_days == 30
    assert config.snapshot_retention_days == 0
    assert config.trust_proxy is False
    assert config.allow_private_networks is False
    assert config.run_scheduler is True
    assert config.search_per_minute == 20
    assert config.max_api_body_bytes == 64 * 1024 * 1024
    assert config.mcp_anonymous_provisioning is True
    assert config.public_base_url == "http://localhost:8000"


def test_empty_strings_count_as_unset() -> None:
    assert load({"MIN_CHECK_INTERVAL_SECONDS": "  "}).min_check_interval_seconds == 300


def test_it_reads_typed_values() -> None:
    config = load(
        {
            "MIN_CHECK_INTERVAL_SECONDS": "60",
            "TRUST_PROXY": "yes",
            "INDEX_ENABLED": "off",
            "PUBLIC_BASE_URL": "https://wt.example.com/",
            "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
        }
    )
    assert config.min_check_interval_seconds == 60
    assert config.trust_proxy is True
    assert config.index_enabled is False
    assert config.public_base_url == "https://wt.example.com"
    assert config.embedded is False
    assert "https://wt.example.com" in config.user_agent


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"MIN_CHECK_INTERVAL_SECONDS": "five"}, "MIN_CHECK_INTERVAL_SECONDS must be a whole number"),
        ({"MAX_WATCHES_PER_CLIENT": "0"}, "MAX_WATCHES_PER_CLIENT must be at least 1"),
        ({"TRUST_PROXY": "maybe"}, "TRUST_PROXY must be true or false"),
        ({"PUBLIC_BASE_URL": "wt.example.com"}, "PUBLIC_BASE_URL must start with http"),
        ({"WATCHTOWER_PROFILE": "staging"}, "WATCHTOWER_PROFILE must be development or production"),
        ({"ALLOW_PRIVATE_NETWORKS": "1", "FETCH_HOST_OVERRIDES": "[1]"}, "FETCH_HOST_OVERRIDES must map"),
        ({"ALLOW_PRIVATE_NETWORKS": "1", "FETCH_HOST_OVERRIDES": "{"}, "FETCH_HOST_OVERRIDES must be a JSON object"),
    ],
)
def test_a_bad_value_is_a_clear_error(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load(env)


def test_host_overrides_are_honoured_only_with_private_networks_allowed() -> None:
    overrides = '{"Boards-API.greenhouse.io": "http://127.0.0.1:8101/"}'
    assert load({"FETCH_HOST_OVERRIDES": overrides}).fetch_host_overrides == {}
    allowed = load({"FETCH_HOST_OVERRIDES": overrides, "ALLOW_PRIVATE_NETWORKS": "true"})
    assert allowed.fetch_host_overrides == {"boards-api.greenhouse.io": "http://127.0.0.1:8101"}
