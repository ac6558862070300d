"""Who is reading a page, from the User-Agent alone: a person's browser, an AI assistant fetching
for a user or for a model, or some other bot. Only the class is counted (SPEC §15); the header
itself is never stored."""

from __future__ import annotations

import re
from typing import Literal

Audience = Literal["human", "ai", "bot"]

# Assistants that fetch pages for a user (ChatGPT-User, Claude-User, Perplexity-User), their search
# indexers (OAI-SearchBot, Claude-SearchBot) and model-training crawlers (GPTBot, ClaudeBot, CCBot).
_AI = re.compile(
    r"gptbot|chatgpt-user|oai-searchbot|claudebot|claude-user|claude-searchbot|claude-web|anthropic|"
    r"perplexity|google-extended|ccbot|bytespider|meta-externalagent|meta-externalfetcher|mistralai|"
    r"cohere-ai|youbot|duckassistbot|amazonbot|applebot-extended|ai2bot|diffbot|timpibot",
    re.IGNORECASE,
)
# Crawlers, link previews, monitors and HTTP libraries: "bot" ending a word or before "/".
_BOT = re.compile(
    r"bot\b|bot/|crawl|spider|slurp|preview|headless|monitor|uptime|curl|wget|python|node-fetch|undici|"
    r"axios|go-http|okhttp|java/|httpclient|libwww|scrapy|facebookexternalhit|lighthouse",
    re.IGNORECASE,
)


def classify(user_agent: str | None) -> Audience:
    agent = (user_agent or "").strip()
    if not agent:
        return "bot"
    if _AI.search(agent):
        return "ai"
    if _BOT.search(agent) or "mozilla/" not in agent.lower():
        return "bot"
    return "human"
