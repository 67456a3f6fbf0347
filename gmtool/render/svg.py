"""Charts as SVG for the pages of ``gmtool serve``: rows of horizontal bars, each with its
label on the left and its figure on the right. Every word is escaped; the text takes the
page's colour (``currentColor``), so a chart reads on a light and on a dark screen."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

BAR_COLOUR = "#2e8bc0"
MARKED_COLOUR = "#d9534f"


def bar_rows(
    rows: Sequence[tuple[str, float, str]],
    *,
    top: float,
    y: float,
    width: int,
    row: int = 18,
    label_width: int = 70,
    marked: frozenset[int] = frozenset(),
) -> tuple[list[str], float]:
    """SVG elements for ``rows`` of (label, value, figure), each bar as long as its value
    is of ``top``, from height ``y`` down; ``marked`` rows (by index) drawn in red. The
    elements and the height below the last row."""
    parts = []
    top = top or 1.0
    for index, (label, value, figure) in enumerate(rows):
        length = (width - label_width - 60) * value / top
        colour = MARKED_COLOUR if index in marked else BAR_COLOUR
        parts.append(
            f'<text x="{label_width - 6}" y="{y + row - 5}" font-size="12" text-anchor="end" '
            f'fill="currentColor">{escape(label)}</text>'
            f'<rect x="{label_width}" y="{y + 2}" width="{length:.1f}" height="{row - 4}" '
            f'fill="{colour}"/>'
            f'<text x="{label_width + length + 4:.1f}" y="{y + row - 5}" font-size="12" '
            f'fill="currentColor">{escape(figure)}</text>'
        )
        y += row
    return parts, y


def picture(parts: Sequence[str], *, width: int, height: float, label: str, kind: str) -> str:
    """The elements as one ``<svg>`` of class ``kind``, described by ``label``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{escape(kind)}" viewBox="0 0 {width} '
        f'{height:.0f}" role="img" aria-label="{escape(label)}">' + "".join(parts) + "</svg>"
    )


def bar_chart(
    rows: Sequence[tuple[str, float, str]],
    *,
    label: str,
    kind: str = "chart",
    width: int = 480,
    marked: frozenset[int] = frozenset(),
) -> str:
    """A chart of nothing but bars (a die's faces, each roller's luck)."""
    top = max((value for _, value, _ in rows), default=0.0)
    parts, height = bar_rows(rows, top=top, y=4, width=width, marked=marked)
    return picture(parts, width=width, height=height + 6, label=label, kind=kind)
