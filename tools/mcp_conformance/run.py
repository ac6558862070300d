"""On demand, not in CI: Watchtower's `/mcp` checked by clients we do not write ourselves.

1. Installs the official MCP conformance suite and TypeScript SDK from npm into a scratch
   directory (never into the repository), with Node 22 from npm's `node` package when the local
   `node` is older (the suite needs `fs.globSync`).
2. Serves the app as `manage.py serve` does (the demo's start-up: SQLite in a temporary directory,
   or a throwaway PostgreSQL database when DATABASE_URL is set), with the demo's simulated
   Greenhouse board and careers page on 127.0.0.1, so tools return real jobs.
3. Runs every server scenario of the suite; those that need the reference "everything" server's
   own tools, resources and prompts are listed in `expected-failures.yml` with the reason, so the
   run fails on anything else, and also when one of them starts passing.
4. Runs `client.mjs`: the TypeScript SDK's client, anonymously, with a REST token and through its
   own OAuth flow, calling every tool with valid and invalid arguments.

    .venv/bin/python -m tools.mcp_conformance.run            # or: make mcp-conformance

Exits non-zero if either part failed. MCP_CONFORMANCE_DIR reuses an npm directory between runs;
MCP_CONFORMANCE_VERSION / MCP_SDK_VERSION pin other versions. docs/mcp.md, *Checking conformance*.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from watchtower.demo.__main__ import DemoFailed, free_port, start_app
from watchtower.demo.internet import (
    BASELINE_JOBS,
    BOARD_URL,
    CAREERS_HOST,
    CAREERS_URL,
    GREENHOUSE_API,
    MULTI_CITY_JOBS,
    NEW_JOBS,
    Internet,
)

HERE = Path(__file__).resolve().parent
CONFORMANCE_VERSION = os.environ.get("MCP_CONFORMANCE_VERSION", "0.1.16")
SDK_VERSION = os.environ.get("MCP_SDK_VERSION", "1.32.2")
MIN_NODE_MAJOR = 22


def _node_major(node: str) -> int:
    try:
        version = subprocess.run([node, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return 0
    return int(version.strip().lstrip("v").split(".")[0] or 0)


def install(directory: Path) -> str:
    """npm packages into `directory`; returns the `node` to run them with."""
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is needed (Node.js 20+): apt-get install nodejs npm")
    packages = [f"@modelcontextprotocol/conformance@{CONFORMANCE_VERSION}", f"@modelcontextprotocol/sdk@{SDK_VERSION}"]
    system_node = shutil.which("node") or "node"
    if _node_major(system_node) < MIN_NODE_MAJOR:
        packages.append(f"node@{MIN_NODE_MAJOR}")
    if not (directory / "package.json").exists():
        (directory / "package.json").write_text(json.dumps({"name": "watchtower-mcp-conformance", "private": True}))
    subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--loglevel=error", *packages], cwd=directory, check=True
    )
    local_node = directory / "node_modules" / ".bin" / "node"
    node = str(local_node) if _node_major(system_node) < MIN_NODE_MAJOR else system_node
    if _node_major(node) < MIN_NODE_MAJOR:
        raise SystemExit(f"Node {MIN_NODE_MAJOR}+ is needed; {node} is older")
    shutil.copy(HERE / "client.mjs", directory / "client.mjs")
    return node


ALL_JOBS = [*BASELINE_JOBS, *NEW_JOBS, *MULTI_CITY_JOBS]


class GrowingBoard(Internet):
    """The demo's board, which lists its baseline until client.mjs GETs `/grow`, and every job
    after: the next check gives the watches that exist then real changes for get_changes."""

    def respond(self, host: str, path: str) -> tuple[int, str, bytes]:
        if path == "/grow":
            self.jobs = ALL_JOBS
            return 200, "text/plain", b"grown"
        return super().respond(host, path)


def app_env(port: int, local: str) -> dict[str, str]:
    """The demo's settings, plus budgets wide enough for a few hundred requests from one address."""
    return {
        **os.environ,
        "ALLOW_PRIVATE_NETWORKS": "true",
        "FETCH_HOST_OVERRIDES": json.dumps({GREENHOUSE_API: local, CAREERS_HOST: local}),
        "MIN_CHECK_INTERVAL_SECONDS": "0",
        "HOST_MIN_SPACING_MS": "0",
        "INDEX_ENABLED": "false",
        "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}",
        "RUN_SCHEDULER": "false",
        "WATCHTOWER_PROFILE": "development",
        "RATE_LIMIT_PER_MINUTE": "100000",
        "SEARCH_PER_MINUTE": "100000",
        "CLIENT_CREATION_PER_HOUR": "100000",
    }


def main() -> int:
    from watchtower.demo import database

    with ExitStack() as stack:
        work = os.environ.get("MCP_CONFORMANCE_DIR") or stack.enter_context(tempfile.TemporaryDirectory())
        directory = Path(work)
        directory.mkdir(parents=True, exist_ok=True)
        node = install(directory)
        bin_dir = directory / "node_modules" / ".bin"

        fake = GrowingBoard().serve()
        stack.callback(fake.shutdown)
        local = f"http://127.0.0.1:{fake.server_address[1]}"
        port = free_port()
        env = app_env(port, local)
        os.environ.setdefault("DEMO_QUIET", "1")  # start_app: the app's log stays out of the report
        if os.environ.get("DATABASE_URL"):
            env["DATABASE_URL"] = stack.enter_context(database.throwaway(os.environ["DATABASE_URL"]))
        else:
            env["SQLITE_PATH"] = str(directory / f"conformance-{os.getpid()}.sqlite3")
            stack.callback(lambda: Path(env["SQLITE_PATH"]).unlink(missing_ok=True))
        try:
            base = start_app(env, port, stack)
        except DemoFailed as exc:
            print(f"the app did not start: {exc}")
            return 1
        node_env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}

        print(f"\n== conformance {CONFORMANCE_VERSION}: server scenarios against {base}/mcp", flush=True)
        suite = subprocess.run(
            [
                node,
                str(bin_dir / "conformance"),
                "server",
                "--url",
                f"{base}/mcp",
                "--suite",
                "all",
                "--expected-failures",
                str(HERE / "expected-failures.yml"),
                "-o",
                str(directory / "results"),
            ],
            cwd=directory,
            env=node_env,
        )
        print(f"\n== TypeScript SDK {SDK_VERSION} client against {base}/mcp", flush=True)
        client = subprocess.run(
            [node, str(directory / "client.mjs"), base],
            cwd=directory,
            env={**node_env, "WT_BOARD_URL": BOARD_URL, "WT_CAREERS_URL": CAREERS_URL, "WT_GROW_URL": f"{local}/grow"},
        )
    print(f"\nconformance suite: {'ok' if suite.returncode == 0 else 'FAILED'}")
    print(f"TypeScript client: {'ok' if client.returncode == 0 else 'FAILED'}")
    return 0 if suite.returncode == 0 and client.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
