"""Starships' attack odds in plain text (no rich: ``starships odds`` pays for its answer
only)."""

from __future__ import annotations

from typing import Any

from gmtool.render.plain import Lines, bar, table

BAR_WIDTH = 30


def odds(doc: dict[str, Any]) -> Lines:
    """The chance to hit and what a hit does, as a bar chart."""
    title = (
        f"{doc['attacker']} → {doc['target']} ({doc['weapon']} {doc['dice']} {doc['damage_type']}"
        f", {doc['bonus']:+d} vs Defense {doc['defense']}): hit {doc['hit']['probability']:.1%}"
        f" ({doc['hit']['fraction']}) · {doc['affinity']} → {doc['effect']}"
    )
    top = max((row["probability"] for row in doc["on_hit"]), default=1.0) or 1.0
    rows = [
        (
            str(row["amount"]),
            f"{row['probability']:.1%}",
            bar(max(1, round(BAR_WIDTH * row["probability"] / top))),
        )
        for row in doc["on_hit"]
    ]
    chart = Lines([[title]]).extend(table(("amount", "if hit", ""), rows, right=(0, 1)))
    return chart.add(
        (f"mean {doc['mean_on_hit']:.2f} on a hit, {doc['mean']:.2f} per attack", "dim")
    )
