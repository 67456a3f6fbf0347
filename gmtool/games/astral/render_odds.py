"""Astral's attack odds in plain text (no rich: ``astral odds`` pays for its answer only)."""

from __future__ import annotations

from typing import Any

from gmtool.render.plain import Cell, Lines, bar, table

BAR_WIDTH = 30
OUTCOMES = (("beats", "hits", "green"), ("ties", "ties", "yellow"), ("misses", "misses", "red"))


def odds(doc: dict[str, Any]) -> Lines:
    """Whether the attack hits, ties or misses, and the Aura the target loses, as a chart."""
    title: list[Cell] = [
        (
            f"{doc['attacker']} ({doc['attacker_cv']}) attacks {doc['target']} "
            f"({doc['target_cv']}) at {doc['distance']}, target {doc['target_action']}s",
            "bold",
        )
    ]
    if doc["blockers"]:
        title.append(f", blocked by {', '.join(doc['blockers'])}")
    chart = Lines([title])
    for key, label, style in OUTCOMES:
        chance = doc[key]
        chart.add((f"{label:>6}: {chance['probability']:.2%} ({chance['fraction']})", style))
    rows = [
        (
            str(row["aura"]),
            f"{row['probability']:.2%}",
            bar(max(1, round(BAR_WIDTH * row["probability"]))),
        )
        for row in doc["target_loss"]
    ]
    chart.extend(table((f"{doc['target']} loses", "chance", ""), rows, right=(0, 1)))
    return chart.add((f"expected loss {doc['expected_target_loss']:.2f} Aura", "dim"))
