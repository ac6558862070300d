"""Bounded names for what callers report about themselves: an MCP client's app name and a `?ref=`
tag. Both become Prometheus label values and daily-count rows, and anyone can invent them, so
500 `initialize` calls with 500 made-up names made 500 label sets and 500 rows (issue 15). Only
names on these lists are kept; anything else is `other`, a missing one `unknown` (or `none`).
"""

from __future__ import annotations

import re

OTHER = "other"
UNKNOWN_CLIENT = "unknown"
NO_REF = "none"

# clientInfo names that MCP clients send (canonical form: see `canonical`). Add one here when a
# client worth telling apart shows up as `other`.
KNOWN_CLIENTS = frozenset(
    {
        "amazon-q",
        "chatgpt",
        "claude-ai",
        "claude-code",
        "claude-desktop",
        "cline",
        "codex",
        "codex-mcp-client",
        "continue",
        "continue-client",
        "copilot",
        "cursor",
        "cursor-vscode",
        "gemini-cli",
        "gemini-cli-mcp-client",
        "github-copilot",
        "goose",
        "inspector-client",
        "jetbrains",
        "kiro",
        "librechat",
        "mcp",  # the Python SDK's default
        "mcp-inspector",
        "mcp-remote",
        "openai-mcp",
        "opencode",
        "roo-code",
        "visual-studio-code",
        "vscode",
        "warp",
        "watchtower-demo",
        "windsurf",
        "windsurf-client",
        "zed",
    }
)
# The `?ref=` tags Watchtower's own pages, docs, plugin and registry entry hand out.
KNOWN_REFS = frozenset({"claude", "claude-code", "claude-plugin", "cursor", "readme", "registry", "vscode"})

_SEPARATORS = re.compile(r"[^a-z0-9]+")


def canonical(raw: object) -> str:
    """Lowercase, every run of other characters one `-`: "Claude Code!" and "claude_code" are
    "claude-code". At most 60 characters are looked at."""
    return _SEPARATORS.sub("-", str(raw or "")[:60].lower()).strip("-")


def client_label(raw: object) -> str:
    """The app name an MCP client reports, as a bounded label: a known name, `other` or `unknown`."""
    name = canonical(raw)
    if not name:
        return UNKNOWN_CLIENT
    return name if name in KNOWN_CLIENTS else OTHER


def ref_label(ref: str) -> str:
    """A `?ref=` tag (already cleaned) as a bounded label: a known tag, `other` or `none`."""
    if not ref:
        return NO_REF
    return ref if ref in KNOWN_REFS else OTHER
