"""Bar charts drawn on the server as SVG: no script, no inline style (the site's CSP).

A chart is an image to assistive technology (``role="img"`` named by its ``<title>``
and ``<desc>``); the page shows its data table beside it, where every figure can be
read. Colours are SVG presentation attributes with at least 3:1 contrast against the
white page (WCAG 2.1 1.4.11), text at least 4.5:1.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal

WIDTH, HEIGHT = 560, 300
LEFT, RIGHT, TOP, BOTTOM = 72, 8, 36, 40
#: Text size in chart units: about 10 px on a phone, 16 px beside a desktop table.
FONT_SIZE = 15
PLOT_HEIGHT = HEIGHT - TOP - BOTTOM
#: Bar fills in series order: the site's dark blue, then a dark orange.
FILLS = ("#0b3d6e", "#a34700")
MOST_LABELS = 6


def _px(value: float) -> str:
    return f"{value:.1f}"


@dataclass(frozen=True)
class Series:
    name: str
    values: Sequence[Decimal | int]


@dataclass(frozen=True)
class Bar:
    x: str
    y: str
    width: str
    height: str
    fill: str


@dataclass(frozen=True)
class Text:
    x: str
    y: str
    text: str


@dataclass(frozen=True)
class LegendItem:
    x: str
    text_x: str
    fill: str
    name: str


@dataclass(frozen=True)
class BarChart:
    chart_id: str
    title: str
    description: str
    bars: list[Bar]
    ticks: list[Text]
    x_labels: list[Text]
    legend: list[LegendItem]
    width: int = WIDTH
    height: int = HEIGHT
    plot_left: int = LEFT
    plot_right: int = WIDTH - RIGHT
    font_size: int = FONT_SIZE


def nice_step(maximum: float, ticks: int = 4, *, whole: bool = False) -> float:
    """A round gridline step (1, 2 or 5 times a power of ten) giving about ``ticks`` lines;
    at least 1 for ``whole`` numbers (counts of permits never read 0.5)."""
    if maximum <= 0:
        return 1.0
    raw = maximum / ticks
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    return max(step, 1.0) if whole else step


def bar_chart(
    *,
    chart_id: str,
    title: str,
    labels: Sequence[str],
    axis_labels: Sequence[str],
    series: Sequence[Series],
    value_text: Callable[[Decimal | int], str] = str,
) -> BarChart:
    """Grouped bars, one group per label, one bar per series; ``axis_labels`` are the
    labels' short forms printed under the bars, at most :data:`MOST_LABELS` of them."""
    largest = max((float(value) for one in series for value in one.values), default=0.0)
    whole = all(isinstance(value, int) for one in series for value in one.values)
    step = nice_step(largest, whole=whole)
    top = step * max(1, math.ceil(largest / step))
    group_width = (WIDTH - LEFT - RIGHT) / max(1, len(labels))
    bar_width = group_width * 0.8 / len(series)

    def y_of(value: float) -> float:
        return TOP + PLOT_HEIGHT * (1 - value / top)

    bars = [
        Bar(
            x=_px(LEFT + group_width * (index + 0.1) + bar_width * position),
            y=_px(y_of(float(value))),
            width=_px(bar_width),
            height=_px(PLOT_HEIGHT * float(value) / top),
            fill=FILLS[position],
        )
        for position, one in enumerate(series)
        for index, value in enumerate(one.values)
    ]
    ticks = [
        Text(x=_px(LEFT - 6), y=_px(y_of(step * n)), text=value_text(_tick_value(step * n)))
        for n in range(round(top / step) + 1)
    ]
    every = math.ceil(len(axis_labels) / MOST_LABELS) if axis_labels else 1
    x_labels = [
        Text(x=_px(LEFT + group_width * (index + 0.5)), y=_px(HEIGHT - BOTTOM + 18), text=label)
        for index, label in enumerate(axis_labels)
        if index % every == 0
    ]
    legend = [
        LegendItem(x=_px(LEFT + 200 * position), text_x=_px(LEFT + 200 * position + 20),
                   fill=FILLS[position], name=one.name)
        for position, one in enumerate(series)
    ]
    return BarChart(
        chart_id=chart_id,
        title=title,
        description=describe(labels, series, value_text),
        bars=bars,
        ticks=ticks,
        x_labels=x_labels,
        legend=legend,
    )


def _tick_value(value: float) -> Decimal | int:
    return int(value) if value == int(value) else Decimal(str(value))


def describe(
    labels: Sequence[str], series: Sequence[Series], value_text: Callable[[Decimal | int], str]
) -> str:
    """The chart in words: its span and each series' highest bar."""
    if not labels:
        return "No figures for the chosen days."
    parts = [f"From {labels[0]} to {labels[-1]}."]
    for one in series:
        highest = max(range(len(labels)), key=lambda index: one.values[index])
        parts.append(
            f"{one.name}: highest {value_text(one.values[highest])} in {labels[highest]}."
        )
    parts.append("The table beside the chart lists every figure.")
    return " ".join(parts)
