from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from watchtower.site.charts import Series, _nice_max, bar_chart

SVG = "{http://www.w3.org/2000/svg}"


def test_a_stacked_chart_draws_one_rect_per_nonzero_value_and_a_tooltip_per_bar() -> None:
    svg = bar_chart(
        title="Page views",
        labels=["Mar 01", "Mar 02", "Mar 03"],
        series=[Series("people", [3, 0, 1], "s0"), Series("AI", [1, 2, 0], "s3")],
    )
    root = ET.fromstring(svg)
    rects = root.findall(f".//{SVG}rect")
    assert [r.get("class") for r in rects] == ["s0", "s3", "s3", "s0"]
    tips = [g.findtext(f"{SVG}title") for g in root.findall(f"{SVG}g")]
    assert tips == ["Mar 01: people 3, AI 1", "Mar 02: people 0, AI 2", "Mar 03: people 1, AI 0"]
    tallest = max(float(r.get("height") or 0) for r in rects)
    assert tallest == pytest.approx(186 * 3 / 5, abs=0.1)  # 4 rounds the axis up to 5


def test_labels_are_escaped() -> None:
    svg = bar_chart(title="<b>", labels=['"><script>'], series=[Series("x", [1], "s0")])
    assert "<script>" not in svg and "&lt;b&gt;" in svg
    ET.fromstring(svg)


def test_an_empty_chart_is_still_a_valid_picture() -> None:
    ET.fromstring(bar_chart(title="Nothing yet", labels=["a", "b"], series=[Series("x", [0, 0], "s0")]))


def test_series_must_match_the_labels() -> None:
    with pytest.raises(ValueError, match="one value per label"):
        bar_chart(title="t", labels=["a", "b"], series=[Series("x", [1], "s0")])


@pytest.mark.parametrize(("value", "axis"), [(0, 1), (1, 1), (3, 5), (7, 10), (11, 20), (120, 200), (5000, 5000)])
def test_the_axis_rounds_up_to_1_2_or_5(value: int, axis: int) -> None:
    assert _nice_max(value) == axis


def y_axis(svg: str) -> list[tuple[int, float]]:
    """The y-axis labels as (value, y of the gridline they name), top of the chart first."""
    root = ET.fromstring(svg)
    labels = [t for t in root.findall(f"{SVG}text") if t.get("text-anchor") == "end"]
    return [(int(t.text or ""), float(t.get("y") or 0) - 4) for t in labels]


@pytest.mark.parametrize("biggest", [1, 2, 3, 4, 5, 7, 10, 50, 120, 5000])
def test_the_y_axis_has_distinct_whole_ticks_each_on_its_own_gridline(biggest: int) -> None:
    svg = bar_chart(title="t", labels=["a", "b"], series=[Series("x", [biggest, 0], "s0")])
    ticks = y_axis(svg)
    values = [value for value, _ in ticks]
    top = _nice_max(biggest)
    assert len(set(values)) == len(values) and min(values) == 0 and max(values) == top
    bottom = next(y for value, y in ticks if value == 0)
    full = next(y for value, y in ticks if value == top)
    for value, y in ticks:
        assert y == pytest.approx(bottom + (full - bottom) * value / top, abs=0.06)


def test_an_axis_whose_maximum_is_1_reads_0_and_1() -> None:
    svg = bar_chart(title="t", labels=["a"], series=[Series("x", [1], "s0")])
    assert sorted(value for value, _ in y_axis(svg)) == [0, 1]
