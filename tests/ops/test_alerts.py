"""ops/alerts.yml: well-formed Prometheus rules whose expressions name only metrics (and labels)
that /metrics really exports once the events they watch have happened."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.site.events import check_events, samples, scrape, webhook_event

pytestmark = pytest.mark.django_db

ALERTS = Path(__file__).resolve().parents[2] / "ops" / "alerts.yml"
METRIC = re.compile(r"\b((?:watchtower|django)_[a-z0-9_]+)\b(\{[^}]*\})?")
LABEL = re.compile(r"([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)")
DURATION = re.compile(r"^\d+[smhd]$")
EXPECTED = {
    "WatchtowerBeingBlocked",
    "WatchtowerCheckErrorsHigh",
    "WatchtowerChecksStalled",
    "WatchtowerWebhookBacklog",
    "WatchtowerWebhookFanoutBehind",
    "WatchtowerSlowFetches",
    "WatchtowerDirectoryBehind",
}


def rules() -> list[dict[str, Any]]:
    document = yaml.safe_load(ALERTS.read_text())
    groups = document["groups"]
    assert [group["name"] for group in groups] == ["watchtower"]
    found: list[dict[str, Any]] = groups[0]["rules"]
    return found


def test_every_rule_is_complete() -> None:
    names = [rule["alert"] for rule in rules()]
    assert len(names) == len(set(names))
    assert set(names) >= EXPECTED
    for rule in rules():
        assert set(rule) == {"alert", "expr", "for", "labels", "annotations"}, rule["alert"]
        assert DURATION.match(rule["for"]), rule["alert"]
        assert rule["labels"]["severity"] in {"critical", "warning", "info"}
        assert rule["annotations"]["summary"] and rule["annotations"]["description"]
        assert rule["expr"].count("(") == rule["expr"].count(")"), rule["alert"]
        assert METRIC.search(rule["expr"]), f"{rule['alert']} watches no metric"


def test_every_expression_names_exported_metrics_and_labels(client: Any, site: Any) -> None:
    check_events(site)
    webhook_event(site)
    client.get("/health")
    exported = samples(scrape(client))
    labels_of: dict[str, set[str]] = {}
    for name, labels in exported:
        labels_of.setdefault(name, set()).update(key for key, _ in labels)
    for rule in rules():
        for name, matchers in METRIC.findall(rule["expr"]):
            assert name in labels_of, f"{rule['alert']}: /metrics exports no {name}"
            for label in LABEL.findall(matchers or ""):
                assert label in labels_of[name], f"{rule['alert']}: {name} has no label {label}"
