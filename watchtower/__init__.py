"""Watchtower: job-board monitoring for AI agents."""

from __future__ import annotations

__version__ = "1.0.0"
