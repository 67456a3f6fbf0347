"""Dice odds as a bar chart, in plain text: an odds command pays for icepool and nothing
else (no rich), and the chart reads the same in a terminal, a file or a pipe."""

from __future__ import annotations

from typing import Any, TextIO

from gmtool.render.plain import Lines, bar, table

BAR_WIDTH = 40
MAX_ROWS = 40
"""Longer distributions are shown in ranges of totals, so the chart fits a screen."""
TAIL = 1e-6
"""In a long distribution, totals this unlikely at either end (together) are not drawn."""
MAX_FRACTION = 24


def write_odds_chart(doc: dict[str, Any], out: TextIO | None = None) -> None:
    """The chart on ``out`` (stdout): the totals that meet ``--vs`` in green, the rest in
    cyan, when it is a terminal."""
    odds_chart(doc).write(out)


def odds_chart(doc: dict[str, Any]) -> Lines:
    """The chart: a title, one row per total (or range of totals), a caption."""
    rows = _rows(doc["outcomes"])
    top = max(p for _, _, p in rows) or 1.0
    title = f"{doc['expression']}  (mean {doc['mean']:.2f})"
    if "vs" in doc:
        vs = doc["vs"]
        fraction = f" ({vs['fraction']})" if len(vs["fraction"]) <= MAX_FRACTION else ""
        title += f"  ·  P(≥ {vs['target']}) = {vs['probability']:.2%}{fraction}"
    target = doc.get("vs", {}).get("target")
    cells = []
    for low, high, chance in rows:
        label = str(low) if low == high else f"{low}–{high}"
        beats = target is not None and low >= target
        length = max(round(BAR_WIDTH * chance / top), 1)
        cells.append((label, _percent(chance), bar(length, "green" if beats else "cyan")))
    chart = Lines([[title]]).extend(table(("total", "chance"), cells, right=(0, 1), gap=1))
    if len(rows) < len(doc["outcomes"]) and (rows[0][0], rows[-1][1]) != (doc["min"], doc["max"]):
        chart.add(f"totals outside {rows[0][0]}–{rows[-1][1]}: under 1 in a million")
    if "sampled" in doc:
        worst = max(outcome["error"] for outcome in doc["outcomes"])
        chart.add(
            f"estimated from {doc['sampled']:,} rolls: each chance within ±{worst:.2%} (one"
            f" standard error), the mean within ±{doc['mean_error']:.2f}"
        )
    return chart


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
