"""Originem's odds in plain text: the chance of each outcome of a scene, and the classes
compared. No rich here, so ``originem odds`` pays for its answer and not for a renderer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gmtool.render.plain import Cell, Lines, bar, table

OUTCOME_STYLE = {
    "lost": "red",
    "failed": "red",
    "bad": "red",
    "failed_bonus": "yellow",
    "complete": "green",
    "alright": "green",
    "healed": "green",
    "escaped": "green",
    "shortcut": "bold magenta",
    "bonus": "bold magenta",
    "amazing": "bold magenta",
}
"""How each outcome of a scene is coloured, in these charts and on the dashboard."""
BAR_WIDTH = 30


def odds(doc: dict[str, Any]) -> Lines:
    """One row per outcome: the totals that reach it, its chance as a bar, the fraction."""
    who = ", ".join(f"{r['by']} {r['die']}" for r in doc["rolls"])
    bonus = f" + {doc['bonus']}" if doc["bonus"] else ""
    rows = [
        (
            (band["outcome"], OUTCOME_STYLE.get(band["outcome"], "")),
            _totals(band["reachable"]),
            f"{band['probability']:.1%}",
            bar(round(BAR_WIDTH * band["probability"])),
            band["fraction"],
        )
        for band in doc["outcomes"]
    ]
    header = ("outcome", "totals", "chance", "", "exact")
    return Lines([[f"{doc['scene']}: {who}{bonus}"]]).extend(table(header, rows))


def class_odds(doc: dict[str, Any]) -> Lines:
    """One row per class, one column per outcome: the chance when that class rolls alone."""
    outcomes = [band["outcome"] for band in doc["classes"][0]["outcomes"]] if doc["classes"] else []
    title = f"{doc['scene']}: one member of each class makes all {doc['rolls']} rolls"
    header: list[Cell] = [
        "class",
        "die",
        *((outcome, OUTCOME_STYLE.get(outcome, "")) for outcome in outcomes),
    ]
    rows = [
        [row["class"], row["die"], *(f"{band['probability']:.1%}" for band in row["outcomes"])]
        for row in doc["classes"]
    ]
    right = range(2, 2 + len(outcomes))
    return Lines([[title]]).extend(table(header, rows, right=right))


def _totals(reachable: Sequence[int] | None) -> str:
    """The totals the dice can reach in a band: ``21-30``, ``7``, or ``-`` for none."""
    if not reachable:
        return "-"
    low, high = reachable
    return str(low) if low == high else f"{low}-{high}"
