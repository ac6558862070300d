"""The deployment files, checked as far as this machine allows (no Docker daemon, no compose):
parsed, and their commands checked against the Makefile and the management commands."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml
from django.conf import settings
from django.core.management import get_commands

import watchtower
from boards.services.directory import BUILT_IN_BOARDS
from mcp_bridge.server import SERVER_VERSION

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load((ROOT / "docker" / "compose.yml").read_text())
    return document


def dockerfile() -> str:
    return (ROOT / "docker" / "Dockerfile").read_text()


def test_the_image_is_slim_non_root_and_healthchecked() -> None:
    text = dockerfile()
    assert re.search(r"^FROM python:3\.11-slim AS base$", text, re.MULTILINE)
    final = text.rsplit("\nFROM ", 1)[1]
    assert final.startswith("base AS app"), "the production stage is the default (last) target"
    assert "USER watchtower" in final and "useradd --system --uid 10001" in text
    assert re.search(r"HEALTHCHECK .*\n.*http://127\.0\.0\.1:8000/health", final)
    assert 'CMD ["python", "manage.py", "serve"' in final
    assert "pip install -r requirements/base.txt" in text
    assert "manage.py collectstatic --noinput" in text


def imported_local_packages(start: set[str]) -> set[str]:
    """The project's top-level packages reachable by imports from `start` (the closure)."""
    local = {path.name for path in ROOT.iterdir() if (path / "__init__.py").is_file()}
    found: set[str] = set()
    pending = [name for name in start if name in local]
    while pending:
        package = pending.pop()
        if package in found:
            continue
        found.add(package)
        for source in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    pending += [alias.name.split(".")[0] for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    pending.append(node.module.split(".")[0])
        pending = [name for name in pending if name in local and name not in found]
    return found


def test_the_image_copies_every_package_the_app_imports() -> None:
    copied = set(re.findall(r"^COPY (\w+)/ \1/$", dockerfile(), re.MULTILINE))
    # Everything the running app reads: the packages its settings and installed apps import, the
    # template folders, the built-in board list and the requirements the image installs.
    apps = imported_local_packages({settings.SETTINGS_MODULE.split(".")[0], *settings.INSTALLED_APPS})
    template_dirs: list[Path] = [Path(folder) for template in settings.TEMPLATES for folder in template["DIRS"]]  # type: ignore[attr-defined]
    folders = {folder.name for folder in template_dirs}
    data = {BUILT_IN_BOARDS.relative_to(settings.BASE_DIR).parts[0]}
    requirements = {Path(path).parts[0] for path in re.findall(r"pip install -r (\S+)", dockerfile())}
    needed = apps | folders | data | requirements
    assert needed <= copied, f"not copied into the image: {sorted(needed - copied)}"
    assert all((ROOT / name).is_dir() for name in copied)


def test_the_entrypoint_runs_the_given_command() -> None:
    script = (ROOT / "docker" / "entrypoint.sh").read_text()
    assert script.startswith("#!/bin/sh") and script.rstrip().endswith('exec "$@"')
    assert (ROOT / "docker" / "entrypoint.sh").stat().st_mode & 0o111


def test_compose_runs_app_worker_beat_postgres_redis_and_a_demo_profile() -> None:
    services = compose()["services"]
    assert set(services) == {"app", "worker", "beat", "db", "redis", "demo"}
    assert services["db"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")
    assert services["app"]["command"][:3] == ["python", "manage.py", "serve"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "watchtower", "worker"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "watchtower", "beat"]
    assert services["demo"]["profiles"] == ["demo"] and services["demo"]["command"] == ["make", "demo"]
    assert all("profiles" not in service for name, service in services.items() if name != "demo")


def test_compose_services_share_one_configuration() -> None:
    services = compose()["services"]
    for name in ("app", "worker", "beat"):
        environment = services[name]["environment"]
        assert environment["DATABASE_URL"].startswith("postgres://watchtower:watchtower@db:5432/")
        assert environment["CELERY_BROKER_URL"] == "redis://redis:6379/0"
        assert services[name]["build"]["target"] == "app"
    assert services["app"]["environment"]["RUN_MIGRATIONS"] == "true"
    assert "RUN_MIGRATIONS" not in services["worker"]["environment"]
    assert services["worker"]["depends_on"]["app"]["condition"] == "service_healthy"
    assert services["demo"]["build"]["target"] == "demo"


def test_compose_commands_exist() -> None:
    services = compose()["services"]
    commands = get_commands()
    assert services["app"]["command"][2] in commands
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^demo:", makefile, re.MULTILINE)
    celery_app = (ROOT / "watchtower" / "celery.py").read_text()
    assert 'Celery("watchtower")' in celery_app


def test_the_registry_entry_is_a_remote_streamable_http_server() -> None:
    entry = json.loads((ROOT / "server.json").read_text())
    assert entry["$schema"].startswith("https://static.modelcontextprotocol.io/schemas/")
    assert len(entry["description"]) <= 100
    assert entry["version"] == watchtower.__version__ == SERVER_VERSION
    [remote] = entry["remotes"]
    assert remote["type"] == "streamable-http"
    url = urlsplit(remote["url"])
    assert url.scheme == "https" and url.path == "/mcp" and url.query == "ref=registry"
    namespace = entry["name"].split("/", 1)[0]
    assert namespace == ".".join(reversed(url.hostname.split("."))), "HTTP namespace verification uses this host"
    assert urlsplit(entry["websiteUrl"]).hostname == url.hostname


def test_the_plugin_points_at_the_same_server_and_carries_the_skill() -> None:
    plugin = ROOT / "plugin"
    manifest = json.loads((plugin / ".claude-plugin" / "plugin.json").read_text())
    assert manifest["name"] == "watchtower" and manifest["version"] == watchtower.__version__
    servers = json.loads((plugin / ".mcp.json").read_text())["mcpServers"]
    remote = json.loads((ROOT / "server.json").read_text())["remotes"][0]["url"]
    url = urlsplit(servers["watchtower"]["url"])
    assert servers["watchtower"]["type"] == "http"
    assert url.hostname == urlsplit(remote).hostname and url.path == "/mcp" and url.query == "ref=claude-plugin"
    skill = (plugin / "skills" / "watchtower" / "SKILL.md").read_text()
    front = yaml.safe_load(skill.split("---", 2)[1])
    assert front["name"] == "watchtower" and "job" in front["description"]
    for tool in ("watch_jobs", "get_changes", "search_jobs", "list_companies", "ack_changes", "delete_watch"):
        assert f"`{tool}`" in skill


def test_compose_runs_the_production_profile_and_takes_secrets_from_the_env_file() -> None:
    """It published the development profile (DEBUG, a fixed key) on 0.0.0.0 (issue 15); and a
    SECRET_KEY set here would override the one in .env."""
    document = compose()
    for name in ("app", "worker", "beat"):
        environment = document["services"][name]["environment"]
        assert environment["WATCHTOWER_PROFILE"] == "production"
        assert "SECRET_KEY" not in environment and "DEBUG" not in environment
        assert document["services"][name]["env_file"][0]["path"] == "../.env"
