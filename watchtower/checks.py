"""System checks that refuse contradictory settings with a clear message (`manage.py check`)."""

from __future__ import annotations

from typing import Any

from django.core.checks import Error, Warning, register

from watchtower.config import current


@register()
def watchtower_settings(app_configs: Any = None, **kwargs: Any) -> list[Error | Warning]:
    config = current()
    problems: list[Error | Warning] = []
    if config.broker_url and not config.database_url:
        problems.append(
            Error(
                "A Celery broker is configured but the database is SQLite.",
                hint="Celery workers run in other processes and need a shared database: set "
                "DATABASE_URL to PostgreSQL, or unset CELERY_BROKER_URL to run checks in-process.",
                id="watchtower.E001",
            )
        )
    if config.allow_private_networks and config.profile == "production":  # DEBUG=true changes nothing
        problems.append(
            Error(
                "ALLOW_PRIVATE_NETWORKS is on in the production profile.",
                hint="It lifts the SSRF guard for tests and the demo on loopback; unset it.",
                id="watchtower.E002",
            )
        )
    if config.profile == "production" and not config.secret_key:
        problems.append(
            Error(
                "SECRET_KEY is not set in the production profile.",
                hint="Set SECRET_KEY to a long random value (python -c 'import secrets; print(secrets.token_urlsafe(50))').",
                id="watchtower.E003",
            )
        )
    if config.profile == "production" and config.debug:
        problems.append(
            Warning("DEBUG is on in the production profile.", hint="Set DEBUG=false.", id="watchtower.W001")
        )
    if config.profile == "production" and not config.metrics_token:
        problems.append(
            Warning(
                "METRICS_TOKEN is not set: /metrics answers anyone.",
                hint="Set METRICS_TOKEN (Prometheus sends it as a bearer token), or keep /metrics "
                "unreachable from outside at the proxy.",
                id="watchtower.W002",
            )
        )
    if config.profile == "production" and config.public_base_url.startswith("https://") and not config.trust_proxy:
        problems.append(
            Warning(
                "PUBLIC_BASE_URL is https but TRUST_PROXY is off.",
                hint="Behind a TLS proxy, set TRUST_PROXY=true so X-Forwarded-Proto marks requests "
                "secure (Secure cookies, the https redirect); see docs/operations.md, Behind a proxy.",
                id="watchtower.W003",
            )
        )
    return problems
