"""Rich views of dice odds."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

BAR_WIDTH = 40


def odds_chart(doc: dict[str, Any]) -> Table:
    outcomes = doc["outcomes"]
    top = max(o["probability"] for o in outcomes) or 1.0
    title = f"{doc['expression']}  (mean {doc['mean']:.2f})"
    if "vs" in doc:
        vs = doc["vs"]
        title += f"  ·  P(≥ {vs['target']}) = {vs['probability']:.2%} ({vs['fraction']})"
    table = Table(title=title, show_edge=False, box=None, pad_edge=False)
    table.add_column("total", justify="right")
    table.add_column("chance", justify="right")
    table.add_column("")
    target = doc.get("vs", {}).get("target")
    for outcome in outcomes:
        width = round(BAR_WIDTH * outcome["probability"] / top)
        style = "green" if target is not None and outcome["total"] >= target else "cyan"
        table.add_row(
            str(outcome["total"]),
            f"{outcome['probability']:.2%}",
            Text("█" * max(width, 1 if outcome["probability"] else 0), style=style),
        )
    return table
