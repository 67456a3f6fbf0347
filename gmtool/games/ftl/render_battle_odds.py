"""FTL's volley odds in plain text (no rich: ``ftl odds`` pays for its answer only)."""

from __future__ import annotations

from typing import Any

from gmtool.render.plain import Lines, table

ROWS = (
    ("space", "each shot falls into space"),
    ("dodge", "each shot dodged"),
    ("hit_each", "each shot lands (on average)"),
    ("expected_hits", "shots landing"),
    ("expected_hull_damage", "hull damage"),
    ("fire", "starts a fire"),
    ("breach", "starts a breach"),
)
COUNTS = ("expected_hits", "expected_hull_damage")
"""Rows that are an expected number, not a chance."""


def odds(doc: dict[str, Any]) -> Lines:
    """One volley's (or one drone's firing) exact odds, and about how much, row by row."""
    rows = []
    for key, label in ROWS:
        value = doc.get(key)
        if value is None or (key == "space" and not value["value"]):
            continue  # only a spread weapon's shots fall into space
        about = f"{value['value']:.2f}" if key in COUNTS else f"{value['value']:.1%}"
        rows.append((label, value["fraction"], about))
    title = (
        f"{doc['ship']} {doc['weapon']} at {doc['target']} {doc['room']} "
        f"({doc['shots']} shots, {doc['shields']} shields up)"
    )
    return Lines([[title]]).extend(table(("what", "exact", "about"), rows, right=(1, 2)))
