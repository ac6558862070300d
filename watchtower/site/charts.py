"""Bar charts as inline SVG, drawn on the server so /stats needs no script and no third-party
asset. Pure: series in, markup out (every label escaped)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH = 720
HEIGHT = 220
LEFT = 40
BOTTOM = 24
TOP = 10


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[int]
    css_class: str  # colours live in the stylesheet (.s0, .s1, …)


def _nice_max(value: int) -> int:
    """The smallest of 1, 2, 5 × 10ⁿ at or above `value`, so the axis reads in round numbers."""
    if value <= 0:
        return 1
    magnitude = 1
    while True:
        for step in (1, 2, 5):
            if step * magnitude >= value:
                return step * magnitude
        magnitude *= 10


def _ticks(top: int) -> list[int]:
    """The y-axis labels: 0, the middle and the top, as distinct whole numbers (the values are
    counts). The middle rounds down and is dropped when it equals 0, so an axis of 1 reads "0, 1",
    never "0, 0, 1"."""
    return sorted({0, top // 2, top})


def bar_chart(*, title: str, labels: Sequence[str], series: Sequence[Series]) -> str:
    """Stacked bars, one per label; each bar carries a <title> tooltip with its numbers."""
    count = len(labels)
    if any(len(s.values) != count for s in series):
        raise ValueError("every series needs one value per label")
    totals = [sum(s.values[i] for s in series) for i in range(count)]
    top = _nice_max(max(totals, default=0))
    plot_width = WIDTH - LEFT - 4
    plot_height = HEIGHT - BOTTOM - TOP
    slot = plot_width / max(count, 1)
    bar = max(slot * 0.7, 1.0)
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}" '
        f'preserveAspectRatio="xMidYMid meet" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for tick in _ticks(top):
        y = TOP + plot_height * (1 - tick / top)
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - 4}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>')
    for i, label in enumerate(labels):
        x = LEFT + i * slot + (slot - bar) / 2
        y = TOP + plot_height
        detail = ", ".join(f"{s.name} {s.values[i]}" for s in series)
        parts.append(f"<g><title>{escape(label)}: {escape(detail)}</title>")
        for s in series:
            height = plot_height * s.values[i] / top
            if height <= 0:
                continue
            y -= height
            parts.append(
                f'<rect class="{escape(s.css_class)}" x="{x:.1f}" y="{y:.1f}" width="{bar:.1f}" height="{height:.1f}"/>'
            )
        parts.append("</g>")
        if count <= 8 or i % max(count // 6, 1) == 0 or i == count - 1:
            parts.append(
                f'<text class="axis" x="{x + bar / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">{escape(label)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)
