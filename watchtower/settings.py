"""Django settings, derived from the typed `Config` (see `watchtower/config.py`)."""

from __future__ import annotations

import os
from typing import Any

import dj_database_url

from watchtower.config import BASE_DIR, CONFIG
from watchtower.security import http_security, local_secret_key

WATCHTOWER = CONFIG
DEBUG = CONFIG.debug
# Without SECRET_KEY, a key made for this installation and kept in var/secret_key (0600); the
# production profile must set SECRET_KEY, shared by every process (system check watchtower.E003).
SECRET_KEY = CONFIG.secret_key or local_secret_key()

_public_host = CONFIG.public_base_url.split("://", 1)[1].split("/", 1)[0].split(":")[0]
ALLOWED_HOSTS = list(CONFIG.allowed_hosts) or [_public_host, "localhost", "127.0.0.1", "[::1]", "testserver"]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "oauth2_provider",
    "django_prometheus",
    "watchtower",
    "boards",
    "watches",
    "changes",
    "mcp_bridge",
]

MIDDLEWARE = [
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "watchtower.api.middleware.BodySizeLimitMiddleware",
    "watchtower.api.middleware.NullCharacterMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "watchtower.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

ROOT_URLCONF = "watchtower.urls"
ASGI_APPLICATION = "watchtower.asgi.application"
WSGI_APPLICATION = "watchtower.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


def _database() -> dict[str, Any]:
    if CONFIG.database_url:
        # A connection pool, not persistent connections: under ASGI every request may run on a
        # different thread, and CONN_MAX_AGE would keep one connection per thread open.
        db: dict[str, Any] = dict(dj_database_url.parse(CONFIG.database_url, conn_max_age=0))
        # The pool tests a connection before handing it out (CONN_HEALTH_CHECKS: psycopg_pool's
        # check, one empty query), so a database restart (or an administrator terminating backends)
        # costs a reconnect, not a failed request. A query-free check of our own measured no faster
        # with bench/api.py (2026-12-01), so Django's stands.
        db["CONN_HEALTH_CHECKS"] = True
        db.setdefault("OPTIONS", {})["pool"] = {
            "min_size": 1,
            "max_size": CONFIG.db_pool_size,
            "timeout": 30,
        }
        # Django turns psycopg's prepared statements off; only watchtower/statements.py asks for
        # them (Django's own cursors bind on the client and never prepare).
        db["OPTIONS"]["prepare_threshold"] = 5 if CONFIG.db_prepared_statements else None
        db["ENGINE"] = "django_prometheus.db.backends.postgresql"  # query metrics
        db.setdefault("TEST", {})["NAME"] = f"test_{db.get('NAME') or 'watchtower'}"
        return db
    (BASE_DIR / "var").mkdir(exist_ok=True)
    return {
        "ENGINE": "django_prometheus.db.backends.sqlite3",
        "NAME": CONFIG.sqlite_path or BASE_DIR / "var" / "watchtower.sqlite3",
        # Several threads (embedded checks, the API) write; wait for the lock instead of failing.
        "OPTIONS": {"timeout": 30, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"},
        # A file, not the in-memory default: threads (the embedded scheduler, uvicorn in tests)
        # share an in-memory SQLite database only through a shared cache, which fails with
        # "table is locked" instead of waiting.
        # One file per test process, so two test runs on one machine never share (or delete) it.
        "TEST": {"NAME": str(BASE_DIR / "var" / f"test_watchtower_{os.getpid()}.sqlite3")},
    }


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "watchtower" / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": [],
    "UNAUTHENTICATED_USER": None,
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["watchtower.api.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "watchtower.api.errors.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Watchtower API",
    "DESCRIPTION": "Job-board monitoring for AI agents: watches, change feed, search.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One enum for the employment type of a job and of the employment_types filter.
    "ENUM_NAME_OVERRIDES": {"EmploymentTypeEnum": "boards.derive.employment.EMPLOYMENT_TYPES"},
}

# OAuth 2.1 for MCP clients (mcp_bridge/oauth/, docs/mcp.md): public clients only, authorization
# code with PKCE S256, expiring access tokens and rotating refresh tokens, tokens hashed at rest.
OAUTH2_PROVIDER: dict[str, Any] = {
    "SCOPES": {"watches": "Create and manage job watches for one Watchtower client"},
    "DEFAULT_SCOPES": ["watches"],
    "PKCE_REQUIRED": True,
    "ALLOWED_REDIRECT_URI_SCHEMES": ["https", "http"],  # http only on loopback: mcp_bridge/oauth/registration.py
    "ALLOW_LOCALHOST_LOOPBACK": True,  # RFC 8252 §7.3: any port on a loopback redirect
    "AUTHORIZATION_CODE_EXPIRE_SECONDS": 300,
    "ACCESS_TOKEN_EXPIRE_SECONDS": 3600,
    "REFRESH_TOKEN_EXPIRE_SECONDS": 60 * 60 * 24 * 30,
    "ROTATE_REFRESH_TOKEN": True,
    "REFRESH_TOKEN_GRACE_PERIOD_SECONDS": 0,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,  # RFC 9700 §4.14.2: a replayed refresh token revokes its family
    "REQUEST_APPROVAL_PROMPT": "force",
    "OIDC_ISS_ENDPOINT": CONFIG.public_base_url,
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    "COMPLIANT_BCP_RFC9700_REFRESH_TOKEN": True,
    "COMPLIANT_BCP_RFC9700_PKCE_REQUIRED": True,
    "OAUTH2_RESPONSE_TYPES_SUPPORTED": ["code"],
    "OAUTH2_GRANT_TYPES_SUPPORTED": ["authorization_code", "refresh_token"],
    "OAUTH2_TOKEN_ENDPOINT_AUTH_METHODS_SUPPORTED": ["none"],
    # RFC 9728 protected-resource metadata (mcp_bridge/oauth/metadata.py); its authorization
    # server is OIDC_ISS_ENDPOINT.
    "OAUTH2_PROTECTED_RESOURCE_IDENTIFIER": CONFIG.mcp_resource,
    "OAUTH2_PROTECTED_RESOURCE_NAME": "Watchtower",
    "OAUTH2_PROTECTED_RESOURCE_DOCUMENTATION": f"{CONFIG.public_base_url}/",
    "OAUTH2_VALIDATOR_CLASS": "mcp_bridge.oauth.validator.WatchtowerValidator",
}

CELERY_BROKER_URL = CONFIG.broker_url or "memory://"
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Longer than the longest check (15 s deadline x 16 requests + spacing) so Redis never
# redelivers a task that is still running.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 3600}
CELERY_TASK_IGNORE_RESULT = True
# Celery's Django fixup closes every connection, and in a prefork process the whole pool, after
# every task unless this is set; then it does so only every this many tasks, and
# watchtower.celery gives connections back to the pool after each task instead (bench/scheduler.py:
# a new PostgreSQL backend per check cost the follow-up check its connect on the critical path).
CELERY_DB_REUSE_MAX = 1000
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(BASE_DIR / "var" / "celerybeat-schedule")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": CONFIG.log_level},
}

SECURE_CONTENT_TYPE_NOSNIFF = True
# Not "no-referrer": under it a browser sends `Origin: null` with a same-origin form POST (Fetch
# standard), which CSRF checking refuses; "same-origin" still sends nothing to other sites.
# The API's answers keep "no-referrer" (watchtower/api/middleware.py).
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Proxy, cookies, HSTS: watchtower/security.py.
globals().update(http_security(CONFIG))
