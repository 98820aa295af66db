"""The server-drawn bar charts: scale, bars in proportion, and words for screen readers."""

from decimal import Decimal

import pytest
from django.template.loader import render_to_string

from permits_site.reports.charts import (
    HEIGHT,
    PLOT_HEIGHT,
    TOP,
    WIDTH,
    Series,
    bar_chart,
    nice_step,
)


@pytest.mark.parametrize(("largest", "step"), [
    (0, 1), (4, 1), (7, 2), (40, 10), (41, 20), (950, 500), (Decimal("1234.56"), 500),
])
def test_gridlines_fall_on_round_steps(largest, step):
    assert nice_step(float(largest)) == step


def chart(values, second=None):
    series = [Series("Revenue", values)]
    if second is not None:
        series.append(Series("Renewals", second))
    labels = [f"Month {n}" for n in range(1, len(values) + 1)]
    return bar_chart(chart_id="c", title="Revenue by month", labels=labels,
                     axis_labels=[f"M{n}" for n in range(1, len(values) + 1)],
                     series=series, value_text=lambda value: f"${value:,}")


def test_bars_are_in_proportion_to_the_figures():
    drawn = chart([Decimal("100.00"), Decimal("50.00"), Decimal("0.00")])

    heights = [float(bar.height) for bar in drawn.bars]
    assert heights == [PLOT_HEIGHT, PLOT_HEIGHT / 2, 0]
    assert float(drawn.bars[0].y) == TOP
    assert [tick.text for tick in drawn.ticks] == ["$0", "$50", "$100"]


def test_two_series_sit_side_by_side_in_each_group():
    drawn = chart([4, 6], second=[1, 2])

    revenue, renewals = drawn.bars[:2], drawn.bars[2:]
    assert float(renewals[0].x) == float(revenue[0].x) + float(revenue[0].width)
    assert {bar.fill for bar in revenue} != {bar.fill for bar in renewals}
    assert [item.name for item in drawn.legend] == ["Revenue", "Renewals"]


def test_the_description_gives_the_span_and_the_highest_bar():
    drawn = chart([Decimal("10.00"), Decimal("250.50"), Decimal("3.00")])

    assert drawn.description == (
        "From Month 1 to Month 3. Revenue: highest $250.50 in Month 2. "
        "The table beside the chart lists every figure.")


def test_at_most_six_axis_labels():
    drawn = chart(list(range(12)))

    assert [label.text for label in drawn.x_labels] == ["M1", "M3", "M5", "M7", "M9", "M11"]


def test_counts_are_scaled_in_whole_numbers():
    drawn = bar_chart(chart_id="c", title="Permits", labels=["A", "B"], axis_labels=["A", "B"],
                      series=[Series("Issued", [1, 2])])

    assert [tick.text for tick in drawn.ticks] == ["0", "1", "2"]


def test_the_svg_is_a_named_image_without_inline_style():
    svg = render_to_string("reports/_chart.html", {"chart": chart([1, 2])})

    assert 'role="img"' in svg
    assert 'aria-labelledby="c-title c-desc"' in svg
    assert '<title id="c-title">Revenue by month</title>' in svg
    assert f'viewBox="0 0 {WIDTH} {HEIGHT}"' in svg
    assert "style" not in svg
