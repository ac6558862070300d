"""Safe defaults and a clean production profile (issue 15): DEBUG is something a developer turns
on, no secret key is published in the code, `manage.py check --deploy` prints nothing in the
production profile, and DATABASE_URL accepts `sqlite:///path` or refuses what it cannot use."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from watchtower.config import BASE_DIR, Config, ConfigError, load
from watchtower.management.commands.serve import uvicorn_options
from watchtower.security import local_secret_key

# What a production deployment behind a TLS proxy sets (docs/operations.md, .env.example).
PRODUCTION = {
    "WATCHTOWER_PROFILE": "production",
    "SECRET_KEY": "a-production-key-" + "x" * 50,
    "PUBLIC_BASE_URL": "https://watchtower.example.com",
    "TRUST_PROXY": "true",
    "METRICS_TOKEN": "metrics-token",
}


def manage(*args: str, env: dict[str, str], tmp_path: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """manage.py in a fresh process with only `env` from the Watchtower variables."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "CELERY_", "REDIS_", "WATCHTOWER_"))}
    for name in (
        "DJANGO_ALLOW_ASYNC_UNSAFE",
        "SECRET_KEY",
        "DEBUG",
        "PUBLIC_BASE_URL",
        "TRUST_PROXY",
        "METRICS_TOKEN",
        "ALLOW_PRIVATE_NETWORKS",
    ):
        clean.pop(name, None)
    clean.setdefault("SQLITE_PATH", str(tmp_path / "default.sqlite3"))
    clean.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=BASE_DIR, env=clean, capture_output=True, text=True, timeout=timeout
    )


def test_debug_is_off_unless_asked_for() -> None:
    assert load({}).debug is False
    assert load({"WATCHTOWER_PROFILE": "development"}).debug is False
    assert load({"DEBUG": "true"}).debug is True


def test_no_secret_key_is_published_in_the_code() -> None:
    assert settings.SECRET_KEY != "dev-only-insecure-key-change-me-in-production"
    assert "insecure" not in (BASE_DIR / "watchtower" / "settings.py").read_text()


def test_the_local_secret_key_is_made_once_and_kept_private(tmp_path: Path) -> None:
    path = tmp_path / "var" / "secret_key"
    key = local_secret_key(path)
    assert len(key) >= 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert local_secret_key(path) == key
    assert local_secret_key(tmp_path / "other") != key


def test_serve_refuses_debug_on_the_network(config: Callable[..., Config]) -> None:
    config(debug=True)
    with pytest.raises(CommandError, match="DEBUG is on"):
        call_command("serve", host="0.0.0.0", skip_checks=True)


def test_serve_honours_forwarded_headers_only_with_trust_proxy(config: Callable[..., Config]) -> None:
    assert uvicorn_options(config(trust_proxy=False))["proxy_headers"] is False
    trusted = uvicorn_options(config(trust_proxy=True, forwarded_allow_ips=""))
    assert trusted["proxy_headers"] is True
    assert {"127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"} <= set(
        trusted["forwarded_allow_ips"].split(",")
    )
    assert (
        uvicorn_options(config(trust_proxy=True, forwarded_allow_ips="10.1.2.3"))["forwarded_allow_ips"] == "10.1.2.3"
    )


def test_check_deploy_is_clean_in_the_production_profile(tmp_path: Path) -> None:
    done = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION, tmp_path=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNINGS" not in done.stdout + done.stderr
    assert "System check identified no issues" in done.stdout


def test_private_networks_are_refused_in_production_even_with_debug(tmp_path: Path) -> None:
    env = {**PRODUCTION, "DEBUG": "true", "ALLOW_PRIVATE_NETWORKS": "true"}
    done = manage("check", env=env, tmp_path=tmp_path)
    assert done.returncode != 0 and "watchtower.E002" in done.stderr


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///var/data.sqlite3", "var/data.sqlite3"),
        ("sqlite:////srv/watchtower/data.sqlite3", "/srv/watchtower/data.sqlite3"),
        ("SQLITE:///data%20file.sqlite3", "data file.sqlite3"),
    ],
)
def test_a_sqlite_database_url_means_sqlite(url: str, path: str) -> None:
    config = load({"DATABASE_URL": url})
    assert (config.database_url, config.sqlite_path) == ("", path)


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("mysql://user:secret@db/watchtower", "DATABASE_URL must be a PostgreSQL URL"),
        ("/var/data.sqlite3", "DATABASE_URL must be a PostgreSQL URL"),
        ("sqlite://", "DATABASE_URL=sqlite:// needs a file"),
        ("sqlite://:memory:", "DATABASE_URL=sqlite:// needs a file"),
    ],
)
def test_a_database_url_that_cannot_be_used_is_refused_naming_the_variable(url: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as caught:
        load({"DATABASE_URL": url})
    assert "secret" not in str(caught.value)


def test_migrate_with_a_sqlite_database_url_uses_that_file(tmp_path: Path) -> None:
    """It waited 30 s on a PostgreSQL pool, then failed about a database named like a file path."""
    database = tmp_path / "from-url.sqlite3"
    done = manage("migrate", "--noinput", env={"DATABASE_URL": f"sqlite:///{database}"}, tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]  # it used to fail after the wait
    assert database.stat().st_size > 0


def test_a_mysql_database_url_stops_the_start_with_the_variable_named(tmp_path: Path) -> None:
    done = manage("check", env={"DATABASE_URL": "mysql://u:p@127.0.0.1/x"}, tmp_path=tmp_path, timeout=60)
    assert done.returncode != 0
    assert "DATABASE_URL must be a PostgreSQL URL" in done.stderr
