"""`make demo`: SPEC §17's main flow end to end, against the real app in a subprocess, then one
vacancy posted in three cities reaching a search watch as one job (issue 18).

The app is served as `manage.py serve` would serve it (uvicorn, the ASGI bridge) on a free loopback
port, with ALLOW_PRIVATE_NETWORKS and FETCH_HOST_OVERRIDES set for that process only, so the
simulated Greenhouse board and careers page on 127.0.0.1 stand in for the internet. Agents talk to
it over REST and over MCP with the SDK's own client. Each step prints its JSON; the demo exits
non-zero as soon as an expectation fails. With DATABASE_URL and CELERY_BROKER_URL set it runs on a
throwaway PostgreSQL database with a Celery worker and beat beside the app.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import requests

from watchtower.demo import database
from watchtower.demo.internet import (
    BOARD_URL,
    CAREERS_HOST,
    CAREERS_URL,
    GREENHOUSE_API,
    MULTI_CITY_CITIES,
    MULTI_CITY_JOBS,
    MULTI_CITY_TITLE,
    NEW_JOBS,
    Internet,
)
from watchtower.demo.mcp_client import mcp_call

ROOT = Path(__file__).resolve().parents[2]
SEARCH_QUERY = "remote iOS jobs paying at least 150k with at most 6 years of experience"


class DemoFailed(Exception):
    pass


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise DemoFailed(what)
    print(f"   ok: {what}")


def show(step: int, title: str, body: Any = None) -> None:
    print(f"\n[{step:>2}] {title}")
    if body is not None:
        print("     " + json.dumps(body, indent=2, default=str).replace("\n", "\n     ")[:3000])


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Api:
    def __init__(self, base: str, token: str = "") -> None:
        self.base = base
        self.token = token

    def call(self, method: str, path: str, body: Any = None, expected: int = 200) -> Any:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        response = requests.request(method, self.base + path, json=body, headers=headers, timeout=60)
        if response.status_code != expected:
            raise DemoFailed(f"{method} {path} answered {response.status_code}: {response.text[:500]}")
        return response.json()


def start_app(env: dict[str, str], port: int, stack: ExitStack) -> str:
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [python, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT if os.environ.get("DEMO_QUIET") else None,
    )
    stack.callback(_stop, server)
    if env.get("CELERY_BROKER_URL"):
        celery = str(Path(python).with_name("celery"))
        for role in (["worker", "--pool", "threads", "-c", "2"], ["beat"]):
            process = subprocess.Popen(
                [celery, "-A", "watchtower", *role, "-l", "warning"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL
            )
            stack.callback(_stop, process)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{base}/health", timeout=2).status_code == 200:
                return base
        except requests.RequestException:
            pass
        if server.poll() is not None:
            raise DemoFailed("the app exited during start-up")
        time.sleep(0.3)
    raise DemoFailed("the app did not answer /health within 60 s")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()


def titles(changes: list[dict[str, Any]]) -> list[str]:
    return sorted(change["data"]["job"]["title"] for change in changes)


def run_flow(base: str, internet: Internet) -> None:
    # 1. create a client
    anonymous = Api(base)
    agent_a = anonymous.call("POST", "/v1/clients", expected=201)
    show(1, "Agent A creates a client (POST /v1/clients)", {k: v for k, v in agent_a.items() if k != "token"})
    expect(agent_a["token"].startswith("wt_"), "a token is returned once")
    a = Api(base, agent_a["token"])

    # 2. watch a board with keyword ios: the initial snapshot is the baseline
    watch_a = a.call("POST", "/v1/watches", {"url": BOARD_URL, "keywords": ["ios"]}, expected=201)
    show(2, "Agent A watches the Acme board for 'ios'", watch_a)
    expect(watch_a["initial_check"].get("snapshot_taken") is True, "the first check took the baseline snapshot")
    expect(watch_a["current_jobs"] == [], "no open iOS job yet")

    # 3. a second agent watches the same board: one shared resource
    b = Api(base, anonymous.call("POST", "/v1/clients", expected=201)["token"])
    watch_b = b.call("POST", "/v1/watches", {"url": BOARD_URL}, expected=201)
    careers_b = b.call("POST", "/v1/watches", {"url": CAREERS_URL}, expected=201)
    show(3, "Agent B watches the same board (and Acme's careers page)", watch_b)
    expect(watch_b["initial_check"].get("shared_resource") is True, "the board's resource is shared")
    expect(watch_b["resource"]["board_url"] == watch_a["resource"]["board_url"], "both watches read one board")
    expect(len(watch_b["current_jobs"]) == 2, "agent B sees the 2 open jobs as its baseline")
    expect(careers_b["resource"]["platform"] == "html", "the careers page is read through JSON-LD")

    # 4. a third agent: a search watch from plain language
    c = Api(base, anonymous.call("POST", "/v1/clients", expected=201)["token"])
    watch_c = c.call("POST", "/v1/watches", {"query": SEARCH_QUERY}, expected=201)
    show(4, f"Agent C creates a search watch: {SEARCH_QUERY!r}", watch_c["interpreted"])
    filters = watch_c["interpreted"]["filters"]
    expect(filters.get("keywords") == ["ios"], "the role became keywords ['ios']")
    expect(filters.get("remote_only") is True, "'remote' became remote_only")
    expect(filters.get("min_salary") == 150000, "'at least 150k' became min_salary 150000")
    expect(filters.get("max_experience_years") == 6, "'at most 6 years' became max_experience_years 6")

    # 5. page noise is not a change
    noisy = b.call("POST", f"/v1/watches/{careers_b['id']}/check")
    show(5, "The careers page changes its session token and 'N minutes ago'; B forces a check", noisy["check"])
    expect(noisy["check"]["outcome"] == "unchanged", "the check found the job list unchanged")
    expect(b.call("GET", f"/v1/changes?watch_id={careers_b['id']}")["changes"] == [], "no change reported")

    # 6-7. the board adds an iOS and an Android job; Watchtower checks and detects them
    internet.jobs = internet.jobs + NEW_JOBS
    checked = a.call("POST", f"/v1/watches/{watch_a['id']}/check")
    show(6, "The board adds 'Senior iOS Engineer' and 'Android Engineer'")
    show(7, "Watchtower checks the board", checked["check"])
    expect(checked["check"]["changes"] == 2, "two JOB_ADDED events were written")

    # 8-9. an MCP client (the SDK's own) calls get_changes twice
    first = mcp_call(f"{base}/mcp", "get_changes", {}, token=agent_a["token"])
    show(8, "Agent A's MCP client calls get_changes", first)
    expect([c["type"] for c in first["changes"]] == ["JOB_ADDED"], "exactly one JOB_ADDED")
    expect(titles(first["changes"]) == ["Senior iOS Engineer"], "only the iOS job (Android filtered by keyword)")
    second = mcp_call(f"{base}/mcp", "get_changes", {}, token=agent_a["token"])
    show(9, "get_changes again", second)
    expect(second["changes"] == [], "nothing new: []")

    # 10. the second agent (no keywords) sees both
    b_changes = b.call("GET", "/v1/changes")
    show(10, "Agent B polls GET /v1/changes", b_changes)
    expect(titles(b_changes["changes"]) == ["Android Engineer", "Senior iOS Engineer"], "both new jobs")

    # 11. the search watch sees the iOS job with salary and experience read from the posting
    c_changes = c.call("GET", "/v1/changes")
    show(11, "Agent C polls its search watch", c_changes)
    expect(titles(c_changes["changes"]) == ["Senior iOS Engineer"], "only the remote iOS job matches")
    job = c_changes["changes"][0]["data"]["job"]
    expect(job["salary"]["annual_min"] == 165000 and job["salary"]["annual_max"] == 210000, "salary 165k-210k")
    expect(job["experience_years"] == 5, "5 years of experience")
    expect(job["remote"] is True, "remote")

    one_job_in_three_cities(a, b, c, watch_a, internet)


def one_job_in_three_cities(a: Api, b: Api, c: Api, watch_a: dict[str, Any], internet: Internet) -> None:
    """Issue 18: one vacancy posted once per city reaches a search watch as one job."""
    # 12. a search watch for robotics roles
    robotics = c.call("POST", "/v1/watches", {"query": "robotics software engineer jobs"}, expected=201)
    show(12, "Agent C creates a second search watch: 'robotics software engineer jobs'", robotics["interpreted"])
    expect(robotics["interpreted"]["filters"].get("keywords") == ["robotics"], "the role became keywords ['robotics']")

    # 13. the board posts one vacancy three times, once per city
    internet.jobs = internet.jobs + MULTI_CITY_JOBS
    checked = a.call("POST", f"/v1/watches/{watch_a['id']}/check")
    show(13, f"The board posts '{MULTI_CITY_TITLE}' in {', '.join(MULTI_CITY_CITIES)}: 3 postings", checked["check"])
    on_board = [change for change in b.call("GET", "/v1/changes")["changes"] if change["type"] == "JOB_ADDED"]
    expect(len(on_board) == 3, "agent B's board watch sees each of the 3 postings")
    expect(len({change["data"]["job"]["group"] for change in on_board}) == 1, "all 3 carry one `group`")

    # 14. the search watch gets the vacancy once, with every city
    found = c.call("GET", f"/v1/changes?watch_id={robotics['id']}")
    show(14, "Agent C polls the robotics search watch", found)
    changes = found["changes"]
    expect([change["type"] for change in changes] == ["JOB_ADDED"], "exactly one JOB_ADDED, not one per city")
    locations = changes[0]["data"]["job"].get("locations", [])
    expect(sorted(locations) == sorted(MULTI_CITY_CITIES), f"locations: {locations}")


def main() -> int:
    internet = Internet()
    with ExitStack() as stack:
        server = internet.serve()
        stack.callback(server.shutdown)
        local = f"http://127.0.0.1:{server.server_address[1]}"
        port = free_port()
        env = {
            **os.environ,
            "ALLOW_PRIVATE_NETWORKS": "true",
            "FETCH_HOST_OVERRIDES": json.dumps({GREENHOUSE_API: local, CAREERS_HOST: local}),
            "MIN_CHECK_INTERVAL_SECONDS": "0",
            "HOST_MIN_SPACING_MS": "250",
            "INDEX_ENABLED": "false",
            "PUBLIC_BASE_URL": f"http://127.0.0.1:{port}",
            "RUN_SCHEDULER": "true" if os.environ.get("CELERY_BROKER_URL") else "false",
            "WATCHTOWER_PROFILE": "development",
        }
        if os.environ.get("DATABASE_URL"):
            env["DATABASE_URL"] = stack.enter_context(database.throwaway(os.environ["DATABASE_URL"]))
            print(f"demo: PostgreSQL (throwaway database), broker: {os.environ.get('CELERY_BROKER_URL') or 'none'}")
        else:
            env["SQLITE_PATH"] = str(Path(stack.enter_context(tempfile.TemporaryDirectory())) / "demo.sqlite3")
            print("demo: embedded default (SQLite, checks in-process)")
        try:
            base = start_app(env, port, stack)
            run_flow(base, internet)
        except DemoFailed as exc:
            print(f"\nDEMO FAILED: {exc}")
            return 1
    print("\nDemo passed: all 14 steps behaved as SPEC §17 and issue 18 describe.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
