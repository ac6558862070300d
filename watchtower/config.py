"""Typed configuration, read once from the environment (twelve-factor).

Every variable of SPEC §16 lives here with its default; `settings.py` and the services read
`CONFIG` rather than `os.environ`, so a bad value fails at start-up with a clear message instead of
deep inside a request.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


class ConfigError(ValueError):
    """A variable of the environment holds a value Watchtower cannot use."""


def _raw(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name)
    if value is None or value.strip() == "":
        return None
    return value.strip()


def _bool(env: Mapping[str, str], name: str, default: bool) -> bool:
    value = _raw(env, name)
    if value is None:
        return default
    lowered = value.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise ConfigError(f"{name} must be true or false (got {value!r})")


def _int(env: Mapping[str, str], name: str, default: int, *, minimum: int = 0) -> int:
    value = _raw(env, name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number (got {value!r})") from None
    if number < minimum:
        raise ConfigError(f"{name} must be at least {minimum} (got {number})")
    return number


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    value = _raw(env, name)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds (got {value!r})") from None
    if not 0 <= number < 86400:
        raise ConfigError(f"{name} must be from 0 to 86399 seconds (got {value})")
    return number


def _str(env: Mapping[str, str], name: str, default: str = "") -> str:
    value = _raw(env, name)
    return default if value is None else value


DIRECTORY_TIERS = ("builtin", "extended")


def _choice(env: Mapping[str, str], name: str, default: str, choices: tuple[str, ...]) -> str:
    value = _str(env, name, default).lower()
    if value not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)} (got {value!r})")
    return value


def _host_overrides(env: Mapping[str, str]) -> dict[str, str]:
    value = _raw(env, "FETCH_HOST_OVERRIDES")
    if value is None:
        return {}
    try:
        parsed = json.loads(value)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"FETCH_HOST_OVERRIDES must be a JSON object: {exc}") from None
    if not isinstance(parsed, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in parsed.items()):
        raise ConfigError("FETCH_HOST_OVERRIDES must map host names to base URLs (strings)")
    return {k.lower(): v.rstrip("/") for k, v in parsed.items()}


POSTGRES_SCHEMES = frozenset({"postgres", "postgresql", "pgsql"})


def _database(env: Mapping[str, str]) -> tuple[str, str]:
    """`(database_url, sqlite_path)`: a PostgreSQL URL, or SQLite, from `SQLITE_PATH` or a
    `sqlite:///relative.db` / `sqlite:////absolute.db` DATABASE_URL (the dj-database-url spelling).
    Anything else is refused here: it used to wait 30 s on a PostgreSQL pool and fail about a
    database named like a file path."""
    url = _raw(env, "DATABASE_URL")
    sqlite_path = _str(env, "SQLITE_PATH")
    if url is None:
        return "", sqlite_path
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in POSTGRES_SCHEMES:
        return url, sqlite_path
    if scheme == "sqlite":
        path = unquote(urlsplit(url).path)[1:]  # sqlite:///a.db -> "a.db", sqlite:////a.db -> "/a.db"
        if not path or path == ":memory:":
            raise ConfigError(
                "DATABASE_URL=sqlite:// needs a file: sqlite:///relative/path.sqlite3 or "
                "sqlite:////absolute/path.sqlite3 (an in-memory database is not shared between threads)"
            )
        return "", path
    raise ConfigError(
        f"DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/name) or "
        f"sqlite:///path (got a {scheme or 'schemeless'!r} URL)"
    )


@dataclass(frozen=True)
class Config:
    # Deployment
    debug: bool = False
    profile: str = "development"  # "development" or "production"
    secret_key: str = ""
    database_url: str = ""
    sqlite_path: str = ""  # the embedded database file (default var/watchtower.sqlite3)
    db_pool_size: int = 20  # PostgreSQL connections per process
    # Server-side prepared statements for the feed's reads (watchtower/statements.py); off behind a
    # connection pooler in transaction mode, which does not keep a session's prepared statements.
    db_prepared_statements: bool = True
    web_threads: int = 12  # threads per process serving Django requests
    broker_url: str = ""
    public_base_url: str = "http://localhost:8000"
    allowed_hosts: tuple[str, ...] = ()
    log_level: str = "INFO"
    run_scheduler: bool = True
    trust_proxy: bool = False
    forwarded_allow_ips: str = ""  # the proxies uvicorn takes X-Forwarded-* from; "" = private ranges
    hsts_preload: bool = False
    # Checking
    min_check_interval_seconds: int = 300
    default_check_interval_seconds: int = 3600
    host_min_spacing_ms: int = 2000
    fetch_timeout_seconds: int = 15
    max_redirects: int = 5
    max_body_bytes: int = 3 * 1024 * 1024
    max_api_body_bytes: int = 64 * 1024 * 1024
    detail_fetches_per_check: int = 20
    scheduler_concurrency: int = 8
    # A request (watch creation, a forced check) waits at most this long, in all, for board reads;
    # what is not read by then is read by the scheduler and shows `initial_check.status: pending`.
    request_read_deadline_seconds: float = 10.0
    # Requests reading boards at once, per process: per client, per address (and half the web threads).
    request_reads_per_client: int = 2
    request_reads_per_address: int = 4
    # /health answers 503 when the scheduler has not ticked for this long, or a check is this overdue.
    scheduler_stall_seconds: int = 300
    allow_private_networks: bool = False
    fetch_host_overrides: dict[str, str] = field(default_factory=dict)
    # Directory
    index_enabled: bool = True
    # "builtin" (fixtures/boards.txt) or "extended" (plus fixtures/boards-more*.txt; search defaults
    # to tech companies only). docs/scaling.md has what each costs.
    directory: str = "builtin"
    index_check_interval_seconds: int = 14400
    index_boards_file: str = ""
    index_max_promoted: int = 5000
    # Limits
    max_watches_per_client: int = 50
    max_watches_per_client_per_host: int = 5
    max_resources_per_host: int = 100
    max_active_resources: int = 50000
    rate_limit_per_minute: int = 120
    client_creation_per_hour: int = 10
    search_per_minute: int = 20
    check_now_per_minute: int = 10
    # Retention
    watch_ttl_days: int = 30
    change_retention_days: int = 30
    snapshot_retention_days: int = 0
    # Operations and MCP
    metrics_token: str = ""
    stats_token: str = ""
    mcp_anonymous_provisioning: bool = True
    mcp_registry_auth: str = ""
    mcp_cors_origins: tuple[str, ...] = ()  # browser origins allowed to call /mcp (CORS and DNS-rebinding check)

    @property
    def embedded(self) -> bool:
        """No broker: checks run in-process (threads) instead of Celery workers."""
        return not self.broker_url

    @property
    def mcp_resource(self) -> str:
        """This server's protected resource (RFC 9728 `resource`, RFC 8707 audience): the `/mcp`
        endpoint under `PUBLIC_BASE_URL`. OAuth tokens are accepted only for it."""
        return f"{self.public_base_url}/mcp"

    @property
    def user_agent(self) -> str:
        return f"WatchtowerBot/1.0 (+{self.public_base_url}; job-board monitoring for AI agents)"

    @property
    def effective_stats_token(self) -> str:
        return self.stats_token or self.metrics_token


def load(env: Mapping[str, str] | None = None) -> Config:
    """Read the environment into a `Config`; raise `ConfigError` on the first bad value."""
    env = os.environ if env is None else env
    database_url, sqlite_path = _database(env)
    profile = _str(env, "WATCHTOWER_PROFILE", "development").lower()
    if profile not in {"development", "production"}:
        raise ConfigError(f"WATCHTOWER_PROFILE must be development or production (got {profile!r})")
    public_base_url = _str(env, "PUBLIC_BASE_URL", "http://localhost:8000").rstrip("/")
    if not public_base_url.startswith(("http://", "https://")):
        raise ConfigError(f"PUBLIC_BASE_URL must start with http:// or https:// (got {public_base_url!r})")
    allowed = tuple(h.strip() for h in _str(env, "ALLOWED_HOSTS").split(",") if h.strip())
    allow_private = _bool(env, "ALLOW_PRIVATE_NETWORKS", False)
    return Config(
        # Off unless asked for (`make run` asks): a server must not show tracebacks to the network.
        debug=_bool(env, "DEBUG", False),
        profile=profile,
        secret_key=_str(env, "SECRET_KEY"),
        database_url=database_url,
        sqlite_path=sqlite_path,
        db_pool_size=_int(env, "DB_POOL_SIZE", 20, minimum=1),
        db_prepared_statements=_bool(env, "DB_PREPARED_STATEMENTS", True),
        web_threads=_int(env, "WEB_THREADS", 12, minimum=1),
        broker_url=_str(env, "CELERY_BROKER_URL", _str(env, "REDIS_URL")),
        public_base_url=public_base_url,
        allowed_hosts=allowed,
        log_level=_str(env, "LOG_LEVEL", "INFO").upper(),
        run_scheduler=_bool(env, "RUN_SCHEDULER", True),
        trust_proxy=_bool(env, "TRUST_PROXY", False),
        forwarded_allow_ips=_str(env, "FORWARDED_ALLOW_IPS"),
        hsts_preload=_bool(env, "HSTS_PRELOAD", False),
        min_check_interval_seconds=_int(env, "MIN_CHECK_INTERVAL_SECONDS", 300),
        default_check_interval_seconds=_int(env, "DEFAULT_CHECK_INTERVAL_SECONDS", 3600, minimum=1),
        host_min_spacing_ms=_int(env, "HOST_MIN_SPACING_MS", 2000),
        fetch_timeout_seconds=_int(env, "FETCH_TIMEOUT_SECONDS", 15, minimum=1),
        max_redirects=_int(env, "MAX_REDIRECTS", 5),
        max_body_bytes=_int(env, "MAX_BODY_BYTES", 3 * 1024 * 1024, minimum=1024),
        max_api_body_bytes=_int(env, "MAX_API_BODY_BYTES", 64 * 1024 * 1024, minimum=1024),
        detail_fetches_per_check=_int(env, "DETAIL_FETCHES_PER_CHECK", 20),
        scheduler_concurrency=_int(env, "SCHEDULER_CONCURRENCY", 8, minimum=1),
        request_read_deadline_seconds=_seconds(env, "REQUEST_READ_DEADLINE_SECONDS", 10.0),
        request_reads_per_client=_int(env, "REQUEST_READS_PER_CLIENT", 2),
        request_reads_per_address=_int(env, "REQUEST_READS_PER_ADDRESS", 4),
        scheduler_stall_seconds=_int(env, "SCHEDULER_STALL_SECONDS", 300, minimum=10),
        allow_private_networks=allow_private,
        fetch_host_overrides=_host_overrides(env) if allow_private else {},
        index_enabled=_bool(env, "INDEX_ENABLED", True),
        directory=_choice(env, "DIRECTORY", "builtin", DIRECTORY_TIERS),
        index_check_interval_seconds=_int(env, "INDEX_CHECK_INTERVAL_SECONDS", 14400, minimum=60),
        index_boards_file=_str(env, "INDEX_BOARDS_FILE"),
        index_max_promoted=_int(env, "INDEX_MAX_PROMOTED", 5000),
        max_watches_per_client=_int(env, "MAX_WATCHES_PER_CLIENT", 50, minimum=1),
        max_watches_per_client_per_host=_int(env, "MAX_WATCHES_PER_CLIENT_PER_HOST", 5, minimum=1),
        max_resources_per_host=_int(env, "MAX_RESOURCES_PER_HOST", 100, minimum=1),
        max_active_resources=_int(env, "MAX_ACTIVE_RESOURCES", 50000, minimum=1),
        rate_limit_per_minute=_int(env, "RATE_LIMIT_PER_MINUTE", 120, minimum=1),
        client_creation_per_hour=_int(env, "CLIENT_CREATION_PER_HOUR", 10, minimum=1),
        search_per_minute=_int(env, "SEARCH_PER_MINUTE", 20, minimum=1),
        check_now_per_minute=_int(env, "CHECK_NOW_PER_MINUTE", 10, minimum=1),
        watch_ttl_days=_int(env, "WATCH_TTL_DAYS", 30, minimum=1),
        change_retention_days=_int(env, "CHANGE_RETENTION_DAYS", 30, minimum=1),
        snapshot_retention_days=_int(env, "SNAPSHOT_RETENTION_DAYS", 0),
        metrics_token=_str(env, "METRICS_TOKEN"),
        stats_token=_str(env, "STATS_TOKEN"),
        mcp_anonymous_provisioning=_bool(env, "MCP_ANONYMOUS_PROVISIONING", True),
        mcp_registry_auth=_str(env, "MCP_REGISTRY_AUTH"),
        mcp_cors_origins=tuple(
            origin.strip().rstrip("/") for origin in _str(env, "MCP_CORS_ORIGINS").split(",") if origin.strip()
        ),
    )


CONFIG = load()


def current() -> Config:
    """The configuration in force: `settings.WATCHTOWER`, which tests may replace."""
    from django.conf import settings

    config: Config = settings.WATCHTOWER
    return config
