"""Rich views of dice odds."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

BAR_WIDTH = 40
MAX_ROWS = 40
"""Longer distributions are shown in ranges of totals, so the chart fits a screen."""
TAIL = 1e-6
"""In a long distribution, totals this unlikely at either end (together) are not drawn."""
MAX_FRACTION = 24


def odds_chart(doc: dict[str, Any]) -> Table:
    rows = _rows(doc["outcomes"])
    top = max(p for _, _, p in rows) or 1.0
    title = f"{doc['expression']}  (mean {doc['mean']:.2f})"
    if "vs" in doc:
        vs = doc["vs"]
        fraction = f" ({vs['fraction']})" if len(vs["fraction"]) <= MAX_FRACTION else ""
        title += f"  ·  P(≥ {vs['target']}) = {vs['probability']:.2%}{fraction}"
    table = Table(title=title, show_edge=False, box=None, pad_edge=False)
    table.add_column("total", justify="right")
    table.add_column("chance", justify="right")
    table.add_column("")
    if len(rows) < len(doc["outcomes"]) and (rows[0][0], rows[-1][1]) != (doc["min"], doc["max"]):
        table.caption = f"totals outside {rows[0][0]}–{rows[-1][1]}: under 1 in a million"
    target = doc.get("vs", {}).get("target")
    for low, high, chance in rows:
        width = round(BAR_WIDTH * chance / top)
        style = "green" if target is not None and low >= target else "cyan"
        label = str(low) if low == high else f"{low}–{high}"
        table.add_row(label, _percent(chance), Text("█" * max(width, 1), style=style))
    return table


def _rows(outcomes: list[dict[str, Any]]) -> list[tuple[int, int, float]]:
    """(lowest total, highest total, chance) per row: one total a row, or equal ranges."""
    if len(outcomes) <= MAX_ROWS:
        return [(o["total"], o["total"], o["probability"]) for o in outcomes]
    outcomes = _without_tails(outcomes)
    low, high = outcomes[0]["total"], outcomes[-1]["total"]
    width = -(-(high - low + 1) // MAX_ROWS)  # ceiling division
    rows: dict[int, float] = {}
    for outcome in outcomes:
        start = low + (outcome["total"] - low) // width * width
        rows[start] = rows.get(start, 0.0) + outcome["probability"]
    return [(start, min(start + width - 1, high), chance) for start, chance in rows.items()]


def _without_tails(outcomes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    start, end, cut = 0, len(outcomes), 0.0
    while start < end and cut + outcomes[start]["probability"] < TAIL / 2:
        cut += outcomes[start]["probability"]
        start += 1
    cut = 0.0
    while end > start and cut + outcomes[end - 1]["probability"] < TAIL / 2:
        cut += outcomes[end - 1]["probability"]
        end -= 1
    return outcomes[start:end]


def _percent(chance: float) -> str:
    if 0 < chance < 0.0001:
        return "<0.01%"
    return f"{chance:.2%}"
