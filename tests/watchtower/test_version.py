"""One version number: pyproject's, read by the package and announced by the MCP server."""

from __future__ import annotations

import tomllib
from pathlib import Path

import watchtower
from mcp_bridge.server import SERVER_VERSION

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_and_the_mcp_server_carry_pyprojects_version() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert watchtower.__version__ == project["version"]
    assert SERVER_VERSION is watchtower.__version__
